"""Profiles are named as printed, with the equipment where names repeat, or by slug. Source: p.11."""

import pytest

from rules.beestwars import SYSTEM
from rules.beestwars.document import BeestwarsRoster
from rules.document import DocumentError, parse_document
from tests.beestwars import catalogue, evaluate, evaluate_unchecked, model_codes, roster


@pytest.mark.parametrize(
    "name",
    ["Minotaur Warrior (Two Weapons)", "minotaur-warrior-two-weapons", "MINOTAUR WARRIOR two weapons"],
)
def test_a_profile_resolves_by_name_or_slug_in_any_case(name):
    assert evaluate(roster(300, name)).models[0].cost == 25


def test_an_unknown_profile_is_an_error_and_costs_nothing():
    report = evaluate_unchecked(roster(300, "Satyr", "Dragon"))
    assert "beestwars.catalogue.unknown-profile" in model_codes(report, 1)
    assert report.models[1].cost is None
    assert report.models[1].name == "Dragon"
    assert report.totals["cost"] == 20


def test_a_repeated_printed_name_asks_which_profile():
    report = evaluate_unchecked(roster(300, "Minotaur Warrior"))
    [issue] = report.errors
    assert "Minotaur Warrior (Two Weapons)" in issue.message


def test_the_reference_check_names_the_json_path():
    document = BeestwarsRoster.model_validate(roster(300, "Satyr", "Geladan"))
    [error] = SYSTEM.check_references(document, catalogue())
    assert error.path == "$.models[1].profile"
    assert "Geladan (Bow)" in error.message
    with pytest.raises(DocumentError) as info:
        parse_document(roster(300, "Satyr", "Geladan"), lambda _: catalogue())
    assert info.value.path == "$.models[1].profile"


def test_a_model_may_carry_its_own_name():
    report = evaluate(roster(300, {"profile": "Satyr", "name": "Pell"}))
    assert report.models[0].name == "Pell"
    assert report.models[0].derived["profile"] == "Satyr"
