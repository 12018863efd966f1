"""A number field the browser cannot read ("1e1000000", letters typed on a desktop
keyboard) sends an empty value; that must not clear the player's stored value. Before,
typing "1e1000000" over a supplied Defense erased it without a word."""

import json
from pathlib import Path

import pytest

from roster.rosters.operations import create_roster
from tests.browser.editor_helpers import login, saved, stored

pytestmark = pytest.mark.browser

CLOVIS = Path(__file__).resolve().parents[2] / "fixtures" / "examples" / "beestwars-clovis-300.json"


def test_an_unreadable_number_keeps_the_stored_value(page, django_user_model):
    user = login(page, django_user_model, "numbers")
    roster = create_roster(user, json.loads(CLOVIS.read_text(encoding="utf-8")))
    page.goto(f"/rosters/{roster.pk}/models/3/")
    field = "#model-form input[name=supplied_defense]"
    page.fill(field, "-2")
    saved(page)
    assert stored(roster)["models"][3]["supplied"]["defense"] == -2
    page.click(field)
    page.keyboard.press("Control+A")
    page.keyboard.type("1e1000000")
    saved(page)  # the field is marked edited until its save is answered
    assert stored(roster)["models"][3]["supplied"]["defense"] == -2
