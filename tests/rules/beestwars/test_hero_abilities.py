"""A Hero has the Brawler and Elite abilities (p.8), each described on p.7; Defense runs
from 0 to -3 (p.5). Source: The Denizens of the Beestwars pp.5, 7-8."""

import pytest
from pydantic import ValidationError

from rules.beestwars.document import Supplied
from tests.beestwars import evaluate, roster


def abilities(profile: str) -> list[tuple[str, str | None]]:
    return [(a["name"], a["from"]) for a in evaluate(roster(300, profile)).models[0].derived["abilities"]]


def test_a_hero_lists_brawler_and_elite_from_hero():
    assert abilities("Slewdaar Stone Hoof") == [
        ("Hero", None),
        ("Brawler", "Hero"),
        ("Elite", "Hero"),
        ("Reach", None),
        ("Wallop", None),
    ]


def test_a_fighter_who_is_not_a_hero_has_neither():
    assert abilities("Satyr") == [("Reach", None), ("Bodyguard", None)]


def test_brawler_and_elite_carry_their_summaries_and_page():
    found = evaluate(roster(300, "Sheko Long Tooth")).models[0].derived["abilities"]
    by_name = {a["name"]: a for a in found}
    assert by_name["Brawler"]["page"] == 7
    assert by_name["Elite"]["page"] == 7
    assert "no Skill bonus" in by_name["Brawler"]["summary"]
    assert "recovery" in by_name["Elite"]["summary"]


@pytest.mark.parametrize("defense", [0, -1, -3])
def test_a_supplied_defense_from_0_to_minus_3_is_accepted(defense):
    assert Supplied(defense=defense).defense == defense


@pytest.mark.parametrize("defense", [1, 3, -4])
def test_a_supplied_defense_outside_0_to_minus_3_is_refused(defense):
    with pytest.raises(ValidationError):
        Supplied(defense=defense)
