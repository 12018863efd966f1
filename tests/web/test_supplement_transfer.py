"""A roster's export carries its supplement: the receiver's import evaluates the same (hypothesis)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roster.rosters.catalogue import any_catalogue_and_digest
from roster.rosters.evaluation import evaluate_stored
from roster.rosters.transfer import export_json, export_text, import_export
from rules.document import DocumentError
from rules.supplement import read_supplement
from tests.hypothesis_counts import examples
from tests.supplements import brutality_roster, brutality_supplement

pytestmark = pytest.mark.django_db

stat = st.integers(min_value=1, max_value=8)
STATS = {
    "Move": st.integers(1, 36),
    "FS": stat,
    "Dex": stat,
    "HP": stat,
    "Will": stat,
    "Atk": stat,
    "Save": stat,
}
line = st.fixed_dictionaries(STATS, optional={"Armed": st.booleans(), "Powers": st.integers(0, 10)})
# Support knows Powers (the rules data says so): a count of 0 is refused, so 1..10.
support_line = st.fixed_dictionaries(STATS, optional={"Armed": st.booleans(), "Powers": st.integers(1, 10)})
model = st.fixed_dictionaries(
    {
        "name": st.text(alphabet="abcdefgh ", min_size=1, max_size=8).filter(str.strip),
        "class": st.sampled_from(["Ranged", "Support", "Melee", "Fast", "Gunner"]),
    },
    optional={
        "supplied": st.fixed_dictionaries({}, optional={"HP": stat, "FS": stat, "Armed": st.booleans()})
    },
)
GUNNER = {"name": "Gunner", "Move": 5, "FS": 3, "Dex": 4, "HP": 2, "Will": 3, "Atk": 1, "Save": 4}


def supplement_of(ranged, support):
    data = brutality_supplement(homebrew={"classes": [{**GUNNER, "Armed": True, "Powers": 0}]})
    data["values"]["classes"] = {"Ranged": ranged, "Support": support}
    return read_supplement(data)


@settings(
    max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    models=st.lists(model, min_size=1, max_size=8),
    ranged=line,
    support=support_line,
    limit=st.integers(1, 10),
)
def test_export_then_import_evaluates_identically(models, ranged, support, limit):
    models[0]["leader"] = True
    supplement = supplement_of(ranged, support)
    document = brutality_roster(models, limit=limit)
    before = evaluate_stored(document, any_catalogue_and_digest, supplement)
    exported = export_json(document, supplement)
    imported, carried = import_export(exported, any_catalogue_and_digest)
    after = evaluate_stored(imported, any_catalogue_and_digest, carried)
    assert after.report.as_json() == before.report.as_json()
    assert after.fingerprint == before.fingerprint
    assert export_json(imported, carried) == exported


def test_the_export_names_the_supplement_beside_the_document():
    supplement = supplement_of({"FS": 3}, {"FS": 2})
    data = json.loads(export_json(brutality_roster([{"name": "A", "class": "Ranged"}]), supplement))
    assert data["format"] == "muster.roster/1"
    assert data["supplement"]["format"] == "muster.supplement/1"
    assert data["supplement"]["values"]["classes"]["Ranged"] == {"FS": 3}


def test_an_import_without_the_supplement_cannot_name_homebrew():
    document = brutality_roster([{"name": "A", "class": "Gunner", "leader": True}])
    with pytest.raises(DocumentError) as caught:
        import_export(json.dumps(document), any_catalogue_and_digest)
    assert caught.value.path == "$.models[0].class"


def test_the_text_export_names_the_supplement_and_homebrew():
    supplement = supplement_of({"FS": 3, "Move": 4}, {"FS": 2})
    document = brutality_roster(
        [{"name": "A", "class": "Ranged", "leader": True}, {"name": "G", "class": "Gunner"}]
    )
    text = export_text(evaluate_stored(document, any_catalogue_and_digest, supplement))
    words = "from supplement My Brutality book, the player's values, not checked:"
    assert f'{words} Movement: 4", Fighting Skill: 3' in text
    assert "homebrew (not in the book): Gunner" in text


MINOTAUR = "Minotaur Warrior (Two Weapons)"
PROFILES = ["Satyr", "Aari Keeneye", "Slewdaar Stone Hoof", "Moss Troll", MINOTAUR]
beest_values = st.fixed_dictionaries(
    {},
    optional={
        "toughness": st.integers(1, 30),
        "movement": st.integers(1, 24),
        "defense": st.integers(-3, 0),
    },
)
fighter = st.fixed_dictionaries(
    {"profile": st.sampled_from(PROFILES)},
    optional={"supplied": st.fixed_dictionaries({}, optional={"defense": st.integers(-3, 0)})},
)
TROLL = {"name": "Moss Troll", "faction": "Clovis", "skill": 10, "might": 3, "toughness": 12, "movement": 4}


@settings(
    max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(fighters=st.lists(fighter, min_size=1, max_size=6), lost=beest_values, points=st.integers(0, 1000))
def test_a_beestwars_export_then_import_evaluates_identically(fighters, lost, points):
    data = {
        "format": "muster.supplement/1",
        "system": "beestwars",
        "name": "Beest notes",
        "values": {"profiles": {"Aari Keeneye": {"points": points}, **({MINOTAUR: lost} if lost else {})}},
        "homebrew": {"profiles": [{**TROLL, "defense": -1, "points": 40}]},
    }
    supplement = read_supplement(data)
    document = {
        "format": "muster.roster/1",
        "system": "beestwars",
        "name": "Raid",
        "options": {"points_limit": 300},
        "models": fighters,
    }
    before = evaluate_stored(document, any_catalogue_and_digest, supplement)
    imported, carried = import_export(export_json(document, supplement), any_catalogue_and_digest)
    after = evaluate_stored(imported, any_catalogue_and_digest, carried)
    assert after.report.as_json() == before.report.as_json()
    assert after.fingerprint == before.fingerprint
