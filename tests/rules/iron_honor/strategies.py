"""Hypothesis strategies for Iron & Honor roster documents the schema accepts, for the
laws every system obeys (tests/rules/test_laws.py)."""

from hypothesis import strategies as st

from rules.iron_honor.document import IronHonorRoster
from tests.ih import catalogue
from tests.text import free_text

# Where its issues cite the book.
SOURCE = r"Iron & Honor p\.\d+"

CAT = catalogue()
TRAIT_NAMES = [t.name for t in CAT.traits] + ["Unknown Trait"]
SKILL_NAMES = [s.name for s in CAT.skills] + [a for s in CAT.skills for a in s.aliases] + ["Laser"]
text = free_text(20)

skills = st.one_of(
    st.sampled_from(SKILL_NAMES),
    st.fixed_dictionaries({"skill": st.sampled_from(SKILL_NAMES), "label": text}),
)
traits = st.one_of(
    st.sampled_from(TRAIT_NAMES),
    st.fixed_dictionaries({"name": st.sampled_from(TRAIT_NAMES), "choice": text}),
)
attribute = st.integers(min_value=1, max_value=10)
models = st.fixed_dictionaries(
    {
        "name": text,
        "type": st.sampled_from(["hero", "companion", "follower", "Hero", "Followers", "wizard"]),
        "attributes": st.fixed_dictionaries(
            {"MA": attribute, "RA": attribute, "PD": attribute, "WP": attribute}
        ),
        "skills": st.lists(skills, max_size=5),
        "traits": st.lists(traits, max_size=7),
    }
)
options = st.one_of(
    st.fixed_dictionaries({"game_size": st.sampled_from(["small", "Medium", "LARGE", "huge"])}),
    st.fixed_dictionaries({"game_size": st.just("custom"), "exp_limit": st.integers(1, 10_000)}),
)
documents = st.fixed_dictionaries(
    {
        "format": st.just("muster.roster/1"),
        "system": st.just("iron-and-honor"),
        "name": text,
        "options": options,
        "models": st.lists(models, max_size=12),
    }
).map(IronHonorRoster.model_validate)
