"""Whole numbers as players type them: full-width digits from a Japanese keyboard ("１２")
are read as 12 wherever a form takes a whole number, and a number with too many digits
is called what it is, a whole number out of range, with the range said."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.urls import reverse

from roster.games.forms import ActionForm, read_typed
from roster.games.models import Game
from roster.rosters.models import Roster
from rules.beestwars.document import Supplied
from rules.numbers import bounds, read_points, read_whole, whole_error
from tests.web.brutality_cast import reavers
from tests.web.cast import HX, clovis, post_model

HUGE = "12345678901234567890123"


def words(response) -> str:
    """The page's text without tags."""
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", "", response.content.decode())).split())


def wide(number: int) -> str:
    """``number`` in full-width digits ("１２")."""
    return "".join(chr(ord(c) + 0xFEE0) if c.isdigit() else c for c in str(number))


def test_the_shared_reader_takes_digits_of_any_script():
    assert (read_whole("１２"), read_whole(" －３ "), read_whole("\u22123"), read_whole("١٢")) == (
        12,
        -3,
        -3,
        12,
    )
    assert (read_points("６．５"), read_points("４")) == (6.5, 4)
    assert (read_whole("²"), read_whole("①"), read_whole("1_000")) == (None, None, None)


def test_the_shared_reader_tells_a_word_from_a_number_out_of_range():
    assert whole_error("１２", 0, 999) is None
    assert whole_error("abc", 0, 999) == "enter a whole number"
    assert whole_error("1.5", 0, 999) == "enter a whole number"
    assert whole_error(HUGE, 0, 999) == "enter a whole number from 0 to 999"
    assert whole_error(wide(10**20), 0, 999) == "enter a whole number from 0 to 999"
    assert bounds(Supplied, "skill") == (3, 18)


def test_an_iron_and_honor_attribute_in_wide_digits_is_saved(roster, alice_htmx):
    value = roster.document["models"][0]["attributes"]["MA"]
    other = value - 1 if value > 2 else value + 1
    response = post_model(alice_htmx, roster, 0, MA=wide(other))
    assert response.status_code == 200, words(response)
    assert Roster.objects.get(pk=roster.pk).document["models"][0]["attributes"]["MA"] == other


def test_an_iron_and_honor_attribute_too_long_says_the_range(roster, alice_htmx):
    response = post_model(alice_htmx, roster, 0, MA=HUGE)
    assert response.status_code == 422
    page = words(response)
    assert re.search(r"MA: enter a whole number from \d+ to \d+", page), page
    assert f'value="{HUGE}"' in response.content.decode()


def test_a_custom_exp_limit_in_wide_digits_is_saved(roster, alice_htmx):
    data = {"revision": roster.revision, "name": roster.name, "game_size": "custom"}
    response = alice_htmx.post(reverse("roster-options", args=[roster.pk]), {**data, "exp_limit": "２５０"})
    assert response.status_code == 200, words(response)
    assert Roster.objects.get(pk=roster.pk).document["options"] == {"game_size": "custom", "exp_limit": 250}


def test_a_custom_exp_limit_too_long_says_the_range(roster, alice_htmx):
    data = {"revision": roster.revision, "name": roster.name, "game_size": "custom", "exp_limit": HUGE}
    response = alice_htmx.post(reverse("roster-options", args=[roster.pk]), data)
    assert response.status_code == 422
    assert "enter the ExP limit as a whole number from 1 to 10000" in words(response)


def test_a_beestwars_points_limit_in_wide_digits_is_saved(alice, alice_htmx):
    warband = clovis(alice)
    data = {"revision": warband.revision, "name": warband.name, "points_limit": "２５０"}
    response = alice_htmx.post(reverse("roster-options", args=[warband.pk]), data)
    assert response.status_code == 200, words(response)
    assert Roster.objects.get(pk=warband.pk).document["options"] == {"points_limit": 250}


def test_a_beestwars_supplied_value_in_wide_digits_or_too_long(alice, alice_htmx):
    from roster.rosters.operations import create_roster
    from tests.beestwars import roster as bw_roster

    warband = create_roster(alice, bw_roster(300, "Shinasa the Well Groomed"))
    response = post_model(alice_htmx, warband, 0, supplied_movement="５")
    assert response.status_code == 200, words(response)
    assert Roster.objects.get(pk=warband.pk).document["models"][0]["supplied"]["movement"] == 5
    response = post_model(alice_htmx, warband, 0, fresh=True, supplied_movement=HUGE)
    assert response.status_code == 422
    assert "enter a whole number from 1 to 24" in words(response)


def test_brutality_counts_in_wide_digits_or_too_long(alice, alice_client):
    warband = reavers(alice)
    url = reverse("roster-options", args=[warband.pk])
    data = {"revision": warband.revision, "name": warband.name, "mode": "moderate", "game": "count"}
    response = alice_client.post(url, {**data, "model_count": "４", "upgraded_count": "１"}, **HX)
    assert response.status_code == 200, words(response)
    warband.refresh_from_db()
    assert warband.document["options"] == {"mode": "moderate", "model_count": 4, "upgraded_count": 1}
    data["revision"] = warband.revision
    response = alice_client.post(url, {**data, "model_count": HUGE, "upgraded_count": "1"}, **HX)
    assert response.status_code == 422
    assert "enter a whole number from 1 to 50" in words(response)


def test_a_brutality_points_limit_in_wide_digits_is_saved(alice, alice_client):
    warband = reavers(alice)
    url = reverse("roster-options", args=[warband.pk])
    data = {"revision": warband.revision, "name": warband.name, "mode": "moderate", "game": "points"}
    response = alice_client.post(url, {**data, "points_limit": "６．５"}, **HX)
    assert response.status_code == 200, words(response)
    warband.refresh_from_db()
    assert warband.document["options"]["points_limit"] == 6.5


def test_the_typed_opponent_list_reads_wide_digits_and_says_the_range():
    lines = read_typed("Goblin, ５\nOgre １２")
    assert [(line.name, line.wounds) for line in lines] == [("Goblin", 5), ("Ogre", 12)]
    with pytest.raises(Exception, match="line 1: Wounds / Hit Points are 1 to 99"):
        read_typed(f"Goblin, {HUGE}")


def test_a_typed_opponent_with_a_huge_number_is_asked_again(alice_client, roster):
    response = alice_client.post(
        f"/rosters/{roster.pk}/play/", {"opponent": "typed", "typed": f"Ogre, {HUGE}"}
    )
    assert response.status_code in (200, 422)
    assert "Wounds / Hit Points are 1 to 99" in words(response)
    assert not Game.objects.exists()


def test_an_amount_on_the_table_in_wide_digits_is_a_number():
    form = ActionForm({"id": "abcdefgh12", "side": "0", "do": "damage:１２", "model": "０"})
    assert form.is_valid(), form.errors
    assert (form.event().value, form.event().model) == (12, 0)
