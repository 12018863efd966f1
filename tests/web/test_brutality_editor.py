"""Editing a Brutality roster: options, the model form, player-supplied values, bad input."""

import re

import pytest
from django.urls import reverse

from roster.rosters.evaluation import evaluate_stored
from roster.rosters.models import Roster
from tests.web.brutality_cast import brutality_post, reavers
from tests.web.cast import HX, snapshot
from tests.web.cast import post_model as update


@pytest.fixture
def warband(alice):
    return reavers(alice)


def test_the_editor_shows_the_example_as_legal(warband, alice_client):
    html = alice_client.get(reverse("model-open", args=[warband.pk, 0])).content.decode()
    assert 'id="total-cost">4.5<' in html
    assert 'id="total-limit">5<' in html
    assert 'id="legal-state">Legal<' in html
    assert re.search(
        r'id="m0-stat-FS" title="5 \+1 \(\+1 Fighting Skill\) \+1 \(\+1 Fighting Skill\) ">7<', html
    )
    assert re.search(r'id="m0-stat-Move" title="6 \+2 \(\+2&quot; Movement\) ">8"<', html)
    assert 'id="leader-name">Mother Scald<' in html


def test_an_upgrade_changes_the_cost_and_the_totals_come_back(warband, alice_client):
    response = update(alice_client, warband, 1, upgrade="Berserker")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="total-cost">5<' in html
    assert 'hx-swap-oob="true"' in html
    warband.refresh_from_db()
    assert warband.document["models"][1]["upgrade"] == "Berserker"
    assert warband.summary["cost"] == 5


def test_the_upgrade_of_another_class_is_shown_disabled_with_its_reason(warband, alice_client):
    html = alice_client.get(reverse("model-open", args=[warband.pk, 0])).content.decode()
    assert '<option value="Ambusher" disabled>Ambusher — for Fast models only</option>' in html


def test_a_trait_posted_twice_is_taken_twice(warband, alice_client):
    update(alice_client, warband, 0, trait=["plus-1-save", "plus-1-save", "plus-2-movement"])
    warband.refresh_from_db()
    assert warband.document["models"][0]["traits"] == ['+2" Movement', "+1 Save", "+1 Save"]


def test_a_second_leader_is_saved_and_shown_as_an_error(warband, alice_client):
    response = update(alice_client, warband, 1, leader="1")
    assert response.status_code == 200
    assert "brutality.leader.too-many" in response.content.decode()
    warband.refresh_from_db()
    assert warband.document["models"][1]["leader"] is True
    assert warband.summary["legal"] is False


def test_leaving_the_leader_box_unticked_removes_the_leader(warband, alice_client):
    data = brutality_post(warband, 0)
    del data["leader"]
    alice_client.post(reverse("model-update", args=[warband.pk, 0]), data, **HX)
    warband.refresh_from_db()
    assert "leader" not in warband.document["models"][0]
    codes = {i.code for i in evaluate_stored(warband.document).report.issues}
    assert "brutality.leader.missing" in codes


def test_powers_and_ability_are_saved(warband, alice_client):
    update(alice_client, warband, 3, power=["healing"], ability="Fearless")
    warband.refresh_from_db()
    assert warband.document["models"][3]["powers"] == ["Healing"]
    assert warband.document["models"][3]["ability"] == "Fearless"


def test_a_power_without_access_is_disabled_with_the_reason(warband, alice_client):
    url = reverse("model-open", args=[warband.pk, 1])
    html = alice_client.get(url, {"pick": "powers"}).content.decode()
    assert 'name="add_power" value="curse" id="m1-pick-curse" disabled' in html
    assert "no access to Powers: take A Power (6&quot; Range) first" in html


def test_supplied_values_are_asked_for_stored_and_marked_as_the_players(warband, alice_client):
    update(alice_client, warband, 2, **{"class": "Ranged", "trait": [], "ability": ""})
    warband.refresh_from_db()
    page = alice_client.get(reverse("model-open", args=[warband.pk, 2])).content.decode()
    assert 'name="supplied__HP"' in page
    assert "brutality.stats.unknown" in page
    response = update(alice_client, warband, 2, supplied__HP="4", supplied__Move="6", supplied__Armed="yes")
    html = response.content.decode()
    warband.refresh_from_db()
    assert warband.document["models"][2]["supplied"] == {"Move": 6, "HP": 4, "Armed": True}
    assert 'id="m2-stat-HP" class="player" title="Your own value: not checked against the book">4*<' in html
    assert "supplied by the player, not checked against the book" in html


def test_supplied_values_for_a_known_line_are_not_kept(warband, alice_client):
    update(alice_client, warband, 1, supplied__HP="5")
    warband.refresh_from_db()
    assert "supplied" not in warband.document["models"][1]


def test_saving_without_a_change_adds_no_revision(warband, alice_client):
    update(alice_client, warband, 0)
    warband.refresh_from_db()
    assert warband.revision == 1


BAD_FIELDS = [
    ({"class": "Wizard"}, "Class: choose Melee, Fast, Ranged or Support"),
    ({"upgrade": "Gunslinger"}, "Upgrade: unknown upgrade"),
    ({"trait": ["laser-eyes"]}, "Traits: unknown trait"),
    ({"ability": "Lucky"}, "Ability: unknown ability"),
    ({"power": ["fireball"]}, "Powers: unknown power"),
    ({"trait": ["plus-1-save"] * 7}, "Traits: at most 6 entries"),
    ({"name": "  "}, "Name: required"),
    ({"name": "x" * 5000}, "Name: at most 100 characters"),
]


@pytest.mark.parametrize(("changes", "message"), BAD_FIELDS)
@pytest.mark.parametrize("hx", [True, False], ids=["htmx", "plain"])
def test_bad_input_gets_a_message_and_changes_nothing(warband, alice_client, changes, message, hx):
    before = snapshot(warband)
    response = update(alice_client, warband, 1, hx=hx, **changes)
    assert response.status_code == 422
    html = response.content.decode()
    assert message in html
    assert snapshot(warband) == before
    assert f'value="{changes.get("name", "Brakk")}"' in html or "x" * 100 in html


@pytest.mark.parametrize(
    ("value", "message"),
    [("9", "HP: at most 8"), ("0", "HP: at least 1"), ("lots", "HP: enter a whole number")],
)
def test_a_supplied_value_out_of_the_stat_limits_is_refused_at_its_field(
    warband, alice_client, value, message
):
    update(alice_client, warband, 2, **{"class": "Ranged", "trait": [], "ability": ""})
    warband.refresh_from_db()
    before = snapshot(warband)
    response = update(alice_client, warband, 2, supplied__HP=value, supplied__FS="4")
    assert response.status_code == 422
    html = response.content.decode()
    assert message in html
    assert 'name="supplied__FS" value="4"' in html
    assert snapshot(warband) == before


def test_without_javascript_an_edit_redirects_to_the_card(warband, alice_client):
    response = update(alice_client, warband, 1, hx=False, name="Brakk the Red")
    assert response.status_code == 302
    assert response["Location"].endswith(f"/rosters/{warband.pk}/models/1/")


def options(client, roster, **data):
    url = reverse("roster-options", args=[roster.pk])
    return client.post(url, {"revision": roster.revision, "name": roster.name, **data}, **HX)


def test_options_switch_to_a_points_free_game(warband, alice_client):
    response = options(
        alice_client, warband, mode="moderate", game="count", model_count="4", upgraded_count="1"
    )
    assert response.status_code == 200
    warband.refresh_from_db()
    assert warband.document["options"] == {"mode": "moderate", "model_count": 4, "upgraded_count": 1}
    assert warband.summary["legal"] is True
    assert warband.summary["limit"] is None


def test_options_keep_a_half_point_limit(warband, alice_client):
    options(alice_client, warband, mode="simple", game="points", points_limit="6.5")
    warband.refresh_from_db()
    assert warband.document["options"] == {"mode": "simple", "points_limit": 6.5}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"mode": "hard", "points_limit": "5"}, "choose simple or moderate"),
        ({"mode": "moderate", "points_limit": "lots"}, "enter the points limit, e.g. 5 or 6.5"),
        ({"mode": "moderate", "points_limit": "-1"}, "at least 1"),
        ({"mode": "moderate", "points_limit": "nan"}, "enter the points limit"),
        (
            {"mode": "moderate", "game": "count", "model_count": "x", "upgraded_count": "1"},
            "enter a whole number",
        ),
        ({"mode": "moderate", "game": "count", "model_count": "2", "upgraded_count": "3"}, "cannot be more"),
    ],
)
def test_options_bad_input(warband, alice_client, data, message):
    before = snapshot(warband)
    response = options(alice_client, warband, **data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert snapshot(warband) == before


def test_creating_a_points_free_roster(alice, alice_client):
    data = {
        "system": "brutality",
        "name": "Posse",
        "mode": "moderate",
        "game": "count",
        "model_count": "5",
        "upgraded_count": "2",
    }
    response = alice_client.post(reverse("roster-new"), data)
    assert response.status_code == 302
    roster = Roster.objects.get(owner=alice, name="Posse")
    assert roster.document["options"] == {"mode": "moderate", "model_count": 5, "upgraded_count": 2}


def test_adding_a_model_of_each_class(alice, alice_client):
    response = alice_client.post(
        reverse("roster-new"), {"system": "brutality", "name": "New", "mode": "moderate", "points_limit": "5"}
    )
    roster = Roster.objects.get(owner=alice, name="New")
    assert response.status_code == 302
    for kind in ("melee", "fast", "ranged", "support"):
        alice_client.post(reverse("model-add", args=[roster.pk]), {"revision": roster.revision, "kind": kind})
        roster.refresh_from_db()
    assert [m["class"] for m in roster.document["models"]] == ["Melee", "Fast", "Ranged", "Support"]
    assert (
        alice_client.post(
            reverse("model-add", args=[roster.pk]), {"revision": roster.revision, "kind": "wizard"}
        ).status_code
        == 422
    )


def test_the_brutality_example_is_offered(alice, alice_client):
    html = alice_client.get(reverse("roster-list")).content.decode()
    assert "Ashen Reavers" in html
    response = alice_client.post(reverse("roster-from-example", args=["brutality-moderate-points"]))
    assert response.status_code == 302
    assert Roster.objects.get(owner=alice, name="Ashen Reavers").summary["cost"] == 4.5


def test_the_shared_page_marks_the_players_values(warband, alice_client, anon_client):
    update(alice_client, warband, 2, **{"class": "Ranged", "trait": [], "ability": ""})
    warband.refresh_from_db()
    update(alice_client, warband, 2, supplied__HP="2")
    alice_client.post(reverse("roster-share", args=[warband.pk]))
    link = warband.share_links.get()
    html = anon_client.get(reverse("shared", args=[link.token])).content.decode()
    assert 'class="player" title="Your own value: not checked against the book">2*<' in html
    assert "your own value (Hit Points: 2), not checked against the book" in html


def test_a_rejected_points_free_game_keeps_its_choice_and_typed_values(warband, alice_client):
    response = options(
        alice_client, warband, mode="moderate", game="count", model_count="", upgraded_count="1"
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert 'id="roster-game-count" name="game" value="count" checked' in html
    assert 'name="upgraded_count" type="number" inputmode="numeric" min="0" max="50" value="1"' in html


def test_the_stored_game_is_the_checked_one(warband, alice_client):
    html = alice_client.get(reverse("roster-edit", args=[warband.pk])).content.decode()
    assert 'id="roster-game-points" name="game" value="points" checked' in html
    assert 'id="roster-game-count" name="game" value="count">' in html


def test_the_history_says_what_changed(warband, alice_client):
    update(alice_client, warband, 1, upgrade="Berserker", trait=["plus-1-save"], leader="1")
    warband.refresh_from_db()
    action = warband.revisions.get(number=2).action
    assert action == "Brakk: upgrade none -> Berserker; now the Leader; removed trait Flight/Agile"


def test_a_decimal_comma_is_read_as_a_half(warband, alice_client):
    url = reverse("roster-options", args=[warband.pk])
    data = {"revision": warband.revision, "name": warband.name, "mode": "moderate", "game": "points"}
    alice_client.post(url, {**data, "points_limit": "6,5"})
    assert Roster.objects.get(pk=warband.pk).document["options"] == {"mode": "moderate", "points_limit": 6.5}


def test_the_points_free_fields_appear_only_in_a_points_free_game(warband, alice_client):
    html = alice_client.get(reverse("roster-edit", args=[warband.pk])).content.decode()
    assert 'name="points_limit"' in html
    assert 'name="model_count"' not in html
    url = reverse("roster-options", args=[warband.pk])
    data = {"revision": warband.revision, "name": warband.name, "mode": "moderate", "game": "count"}
    alice_client.post(url, data)
    fresh = Roster.objects.get(pk=warband.pk)
    assert fresh.document["options"] == {"mode": "moderate", "model_count": 6, "upgraded_count": 0}
    html = alice_client.get(reverse("roster-edit", args=[warband.pk])).content.decode()
    assert 'name="model_count"' in html
    assert 'name="points_limit"' not in html
