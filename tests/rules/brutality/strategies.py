"""Hypothesis strategies for Brutality roster documents the schema accepts, for the laws
every system obeys (tests/rules/test_laws.py) and Brutality's own (test_properties.py)."""

from hypothesis import strategies as st

from rules.brutality.document import BrutalityRoster
from tests.brutality import catalogue
from tests.text import free_text

# Where its issues cite the book (a section title: the transcription has no pages).
SOURCE = r"Brutality: [A-Z].+"

CAT = catalogue()


def names(entries, unknown):
    return [e.name for e in entries] + [a for e in entries for a in e.aliases] + [unknown]


CLASSES = names(CAT.classes, "Wizard")
UPGRADES = names(CAT.upgrades, "Gunslinger")
TRAITS = names(CAT.model_traits, "Laser Eyes")
ABILITIES = names(CAT.model_abilities, "Lucky")
POWERS = names(CAT.powers, "Fireball")
text = free_text(20)
stat = st.integers(1, 8)
supplied = st.fixed_dictionaries(
    {},
    optional={
        "Move": st.integers(1, 36),
        "FS": stat,
        "Dex": stat,
        "HP": stat,
        "Will": stat,
        "Atk": stat,
        "Save": stat,
        "Armed": st.booleans(),
        "Powers": st.integers(0, 10),
    },
)
models = st.fixed_dictionaries(
    {
        "name": text,
        "class": st.sampled_from(CLASSES),
        "traits": st.lists(st.sampled_from(TRAITS), max_size=5),
        "powers": st.lists(st.sampled_from(POWERS), max_size=4),
    },
    optional={
        "upgrade": st.sampled_from(UPGRADES),
        "leader": st.booleans(),
        "ability": st.sampled_from(ABILITIES),
        "supplied": supplied,
    },
)
options = st.one_of(
    st.fixed_dictionaries(
        {
            "mode": st.sampled_from(["simple", "moderate"]),
            "points_limit": st.one_of(st.integers(1, 1000), st.integers(2, 2000).map(lambda n: n / 2)),
        }
    ),
    st.tuples(st.sampled_from(["simple", "moderate"]), st.integers(1, 50), st.integers(0, 50))
    .filter(lambda t: t[2] <= t[1])
    .map(lambda t: {"mode": t[0], "model_count": t[1], "upgraded_count": t[2]}),
)
documents = st.fixed_dictionaries(
    {
        "format": st.just("muster.roster/1"),
        "system": st.just("brutality"),
        "name": text,
        "options": options,
        "models": st.lists(models, max_size=12),
    }
).map(BrutalityRoster.model_validate)
