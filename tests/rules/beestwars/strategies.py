"""Hypothesis strategies for Beestwars roster documents the schema accepts, for the laws
every system obeys (tests/rules/test_laws.py) and Beestwars' own (test_properties.py)."""

from hypothesis import strategies as st

from rules.beestwars.document import BeestwarsRoster
from tests.beestwars import catalogue
from tests.text import free_text

# Where its issues cite the book.
SOURCE = r"The Denizens of the Beestwars p\.\d+"

CAT = catalogue()
PROFILE_NAMES = [p.name for p in CAT.profiles] + [p.slug for p in CAT.profiles] + ["Geladan", "Dragon"]
text = free_text(20)

supplied = st.fixed_dictionaries(
    {},
    optional={
        "points": st.integers(0, 1000),
        "skill": st.integers(3, 18),
        "might": st.integers(1, 6),
        "toughness": st.integers(1, 30),
        "movement": st.integers(1, 24),
        "defense": st.integers(-3, 0),
    },
)
models = st.fixed_dictionaries(
    {"profile": st.sampled_from(PROFILE_NAMES)},
    optional={"name": text, "supplied": supplied},
)
documents = st.fixed_dictionaries(
    {
        "format": st.just("muster.roster/1"),
        "system": st.just("beestwars"),
        "name": text,
        "options": st.fixed_dictionaries({"points_limit": st.integers(1, 10_000)}),
        "models": st.lists(models, max_size=15),
    }
).map(BeestwarsRoster.model_validate)
