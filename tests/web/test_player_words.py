"""What a player reads: no raw validator text ever (rules.words.error_words), supplied
values in the book's words, and the Lantern example telling why it is not legal."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from pydantic import ValidationError

from roster.rosters.evaluation import evaluate_stored
from roster.rosters.operations import create_roster
from roster.rosters.transfer import export_text
from rules.beestwars.document import BeestwarsRoster
from rules.brutality.document import BrutalityRoster
from rules.iron_honor.document import IronHonorRoster
from rules.words import FALLBACK, error_words
from tests.ih import example

pytestmark = pytest.mark.django_db

# What pydantic writes itself; none of it may reach a player.
RAW = ("Input should", "Field required", "Value error", "String should", "Extra inputs", "valid integer")


def broken_documents():
    """(label, document) pairs, each breaking one rule of the roster format."""
    ih = example("iron-and-honor-northmen-raiding-party")
    bw = example("beestwars-clovis-300")
    br = example("brutality-moderate-points")
    cases = {
        "points limit 0": {**br, "options": {"mode": "moderate", "points_limit": 0}},
        "points limit text": {**br, "options": {"mode": "moderate", "points_limit": "five"}},
        "unknown mode": {**br, "options": {"mode": "hard", "points_limit": 5}},
        "armed as text": {**br, "models": [{**br["models"][0], "supplied": {"Armed": "maybe"}}]},
        "beestwars limit 0": {**bw, "options": {"points_limit": 0}},
        "defense +2": {**bw, "models": [{"profile": "Satyr", "supplied": {"defense": 2}}]},
        "skill 1.5": {
            **bw,
            "models": [{"profile": "Goffa Four Hands and Warbeest", "supplied": {"skill": 1.5}}],
        },
        "attribute 0": {
            **ih,
            "models": [{**ih["models"][0], "attributes": {"MA": 0, "RA": 3, "PD": 4, "WP": 5}}],
        },
        "name missing": {**ih, "models": [{k: v for k, v in ih["models"][0].items() if k != "name"}]},
        "models not a list": {**ih, "models": {"a": 1}},
        "extra key": {**ih, "colour": "red"},
        "custom without limit": {**ih, "options": {"game_size": "custom"}},
        "attributes as a list": {**ih, "models": [{**ih["models"][0], "attributes": [1, 2]}]},
        "name as number": {**ih, "name": 7},
    }
    return list(cases.items())


@pytest.mark.parametrize(("label", "document"), broken_documents(), ids=[c[0] for c in broken_documents()])
def test_import_and_the_commands_never_show_raw_validator_text(
    label, document, alice, alice_client, tmp_path
):
    response = alice_client.post(reverse("roster-import"), {"text": json.dumps(document)})
    assert response.status_code == 422
    page = response.content.decode()
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(document))
    err = StringIO()
    with pytest.raises(SystemExit) as exit_code:
        call_command("validate_roster", str(path), stdout=StringIO(), stderr=err)
    assert exit_code.value.code == 2
    for said in (page, err.getvalue()):
        assert not any(raw in said for raw in RAW), (label, said)


@pytest.mark.parametrize(
    ("model", "data"),
    [
        (
            BrutalityRoster,
            {**example("brutality-moderate-points"), "options": {"mode": "moderate", "points_limit": 0}},
        ),
        (BeestwarsRoster, {**example("beestwars-clovis-300"), "options": {"points_limit": "300"}}),
        (IronHonorRoster, {**example("iron-and-honor-sundered-elve"), "models": [[]]}),
    ],
)
def test_every_error_pydantic_raises_has_our_words(model, data):
    with pytest.raises(ValidationError) as caught:
        model.model_validate(data)
    for err in caught.value.errors():
        words = error_words(err)
        assert words != FALLBACK, err["type"]
        assert not any(raw in words for raw in RAW)


def test_the_words_for_the_bounds():
    assert error_words(
        {"type": "greater_than", "ctx": {"gt": 0}, "msg": "Input should be greater than 0"}
    ) == ("more than 0")
    assert error_words({"type": "less_than_equal", "ctx": {"le": 0}}) == "at most 0"
    assert error_words({"type": "literal_error", "ctx": {"expected": "'simple' or 'moderate'"}}) == (
        'must be "simple" or "moderate"'
    )
    assert error_words({"type": "something_new", "msg": "Input should be odd"}) == FALLBACK


def test_supplied_values_read_like_the_book_in_the_text_export(alice):
    doc = example("brutality-moderate-points")
    doc["models"][0] = {"name": "Shooter", "class": "Ranged", "supplied": {"Move": 6, "HP": 2, "Armed": True}}
    text = export_text(evaluate_stored(doc))
    assert (
        "  * the player's own values, not checked: Movement: 6\", Hit Points: 2, Armed in Melee: yes" in text
    )
    assert "Armed True" not in text
    bw = example("beestwars-clovis-300")
    bw["models"] = [{"profile": "Aari Keeneye", "supplied": {"points": 40, "defense": -1}}]
    assert "  * the player's own values, not checked: Points: 40, Defense (D): -1" in export_text(
        evaluate_stored(bw)
    )


def test_supplied_values_read_like_the_book_on_the_shared_page(alice, alice_client, anon_client):
    doc = example("brutality-moderate-points")
    doc["models"][1] = {"name": "Shooter", "class": "Ranged", "supplied": {"HP": 2, "Armed": False}}
    warband = create_roster(alice, doc)
    alice_client.post(reverse("roster-share", args=[warband.pk]))
    html = anon_client.get(reverse("shared", args=[warband.share_links.get().token])).content.decode()
    assert "your own values (Hit Points: 2, Armed in Melee: no), not checked against the book" in html


def test_the_lantern_example_says_on_opening_why_it_is_not_legal(alice, alice_client):
    response = alice_client.post(
        reverse("roster-from-example", args=["iron-and-honor-lantern-adventuring-co"])
    )
    html = alice_client.get(response["Location"]).content.decode()
    assert "126 ExP spent: 1 over the limit of 125." in html
    assert "the book&#x27;s example on p.15 prices it at 2" in html
    assert "Iron &amp; Honor p.21" in html
