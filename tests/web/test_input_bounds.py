"""Canonical, bounded input (docs/security.md): the numbers and strings that once stalled
or broke Muster are refused at the field, quickly, and change nothing."""

import copy
import json

import pytest
from django.urls import reverse

from roster.rosters.models import Roster
from rules.document import DocumentError, parse_document
from rules.numbers import read_points, read_whole
from tests.ih import example
from tests.web.brutality_cast import reavers
from tests.web.cast import clovis, snapshot

HUGE = [
    "1e1000000",
    "1e5000",
    "9" * 5000,
    "1e-320",
    "-1",
    "0",
    "0.25",
    "6.3",
    "inf",
    "NaN",
    "1_000",
    "²",
]


@pytest.mark.parametrize("raw", HUGE)
def test_no_huge_or_odd_number_reaches_a_conversion(raw):
    assert read_whole(raw) in (None, -1, 0)
    assert read_points(raw) in (None, -1, 0, 0.25, 6.3)


def test_digits_of_other_scripts_are_read_as_their_number():
    # Arabic-Indic and full-width digits are digits (rules.numbers.plain); "²" is not.
    assert (read_whole("٣"), read_whole("３"), read_points("٣")) == (3, 3, 3)


def test_plain_numbers_are_read():
    assert (read_whole(" 12 "), read_points("6.5"), read_points("7.0"), read_points("1000")) == (
        12,
        6.5,
        7,
        1000,
    )


@pytest.mark.parametrize("raw", HUGE)
def test_brutality_points_limit_is_refused_at_the_field(alice, alice_htmx, raw):
    warband = reavers(alice)
    before = snapshot(warband)
    response = alice_htmx.post(
        reverse("roster-options", args=[warband.pk]),
        {"revision": warband.revision, "mode": "moderate", "game": "points", "points_limit": raw},
    )
    assert response.status_code == 422
    assert "field-error" in response.content.decode()
    assert snapshot(warband) == before


@pytest.mark.parametrize("raw", ["1e1000000", "9" * 5000, "0", "-5"])
def test_beestwars_points_limit_is_refused_at_the_field(alice, alice_htmx, raw):
    warband = clovis(alice)
    before = snapshot(warband)
    response = alice_htmx.post(
        reverse("roster-options", args=[warband.pk]), {"revision": warband.revision, "points_limit": raw}
    )
    assert response.status_code == 422
    assert snapshot(warband) == before


@pytest.mark.parametrize("raw", ["1e1000000", "9" * 5000, "0", "-5", "1e-320"])
def test_custom_exp_limit_is_refused_at_the_field(roster, alice_htmx, raw):
    before = snapshot(roster)
    response = alice_htmx.post(
        reverse("roster-options", args=[roster.pk]),
        {"revision": roster.revision, "game_size": "custom", "exp_limit": raw},
    )
    assert response.status_code == 422
    assert snapshot(roster) == before


@pytest.mark.parametrize("value", ["1e1000000", "1e5000", "9" * 5000, "1e-320"])
def test_imported_numbers_are_refused_with_their_path(alice_client, value):
    document = example("brutality-moderate-points")
    text = json.dumps(document).replace('"points_limit": 5', f'"points_limit": {value}')
    assert value in text
    response = alice_client.post(reverse("roster-import"), {"text": text})
    assert response.status_code == 422
    assert "field-error" in response.content.decode()


def test_roster_list_ignores_a_deleted_id_that_is_not_a_number(alice_client):
    for value in ("²", "٣", "9" * 5000, "-1", "1e3"):
        assert alice_client.get(reverse("roster-list"), {"deleted": value}).status_code == 200


def test_a_trait_choice_on_a_trait_that_takes_none_is_refused_on_import(db):
    document = copy.deepcopy(example("iron-and-honor-northmen-raiding-party"))
    document["models"][0]["traits"][0] = {"name": document["models"][0]["traits"][0], "choice": "\u202eabc"}
    with pytest.raises(DocumentError):
        parse_document(document)
    document["models"][0]["traits"][0]["choice"] = "Sword"
    from roster.rosters.catalogue import get_catalogue

    with pytest.raises(DocumentError) as info:
        parse_document(document, get_catalogue)
    assert info.value.path == "$.models[0].traits[0].choice"
    assert "takes no choice" in info.value.message


def test_a_trait_choice_on_a_trait_that_takes_none_is_not_kept_by_the_editor(roster, alice_htmx):
    from tests.web.cast import model_post

    trait = roster.document["models"][0]["traits"][0]
    data = model_post(roster, 0, **{f"choice__{trait.lower().replace(' ', '-')}": "Sword"})
    alice_htmx.post(reverse("model-update", args=[roster.pk, 0]), data)
    stored = Roster.objects.get(pk=roster.pk).document["models"][0]["traits"][0]
    assert stored == trait


def test_names_are_stored_nfc(roster, alice_htmx):
    alice_htmx.post(
        reverse("roster-options", args=[roster.pk]),
        {"revision": roster.revision, "name": "Cafe\u0301 crew", "game_size": "medium"},
    )
    assert Roster.objects.get(pk=roster.pk).name == "Caf\u00e9 crew"
