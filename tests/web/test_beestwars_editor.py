"""The Beestwars editor: picker, rename, remove, supplied values, the points limit, bad input."""

import re

import pytest
from django.urls import reverse

from roster.rosters.models import Roster
from roster.rosters.operations import create_roster
from tests.beestwars import roster as bw_roster
from tests.web.cast import HX, clovis, snapshot
from tests.web.cast import post_model as update


@pytest.fixture
def raiders(alice):
    return clovis(alice)


@pytest.fixture
def empty(alice):
    return create_roster(alice, bw_roster(300))


def page(client, roster, index=None):
    """The editor page, with model ``index`` open when given."""
    if index is None:
        return client.get(reverse("roster-edit", args=[roster.pk])).content.decode()
    url = reverse("model-open", args=[roster.pk, index])
    return client.get(url).content.decode()


def add(client, roster, kind, hx=True):
    url = reverse("model-add", args=[roster.pk])
    return client.post(url, {"kind": kind, "revision": roster.revision}, **(HX if hx else {}))


def test_the_example_opens_with_its_totals(raiders, alice_client):
    html = page(alice_client, raiders)
    assert 'id="total-cost">257<' in html
    assert 'id="total-limit">300<' in html
    assert 'id="heroes">3<' in html
    assert 'id="legal-state">Legal<' in html


def test_the_picker_groups_profiles_by_faction_with_points_and_abilities(empty, alice_client):
    html = page(alice_client, empty)
    assert "<legend>Clovis</legend>" in html
    assert "<legend>Geladan</legend>" in html
    assert (
        html.index("<legend>Clovis</legend>")
        < html.index('id="add-satyr"')
        < html.index("<legend>Geladan</legend>")
    )
    satyr = html[html.index('id="add-satyr"') :][:600]
    assert "20 points" in satyr
    assert "Reach, Bodyguard" in satyr
    aari = html[html.index('id="add-aari-keeneye"') :][:600]
    assert "? points" in aari


def test_a_named_fighter_in_the_warband_is_shown_disabled_with_the_reason(raiders, alice_client):
    html = page(alice_client, raiders)
    button = re.search(r'<button[^>]*id="add-slewdaar-stone-hoof"[^>]*>', html).group(0)
    assert "disabled" in button
    assert 'aria-describedby="add-slewdaar-stone-hoof-why"' in button
    assert 'id="add-slewdaar-stone-hoof-why">already in the warband: named fighters are unique<' in html
    other = re.search(r'<button[^>]*id="add-carnithau-the-reborn"[^>]*>', html).group(0)
    assert "disabled" not in other


@pytest.mark.parametrize("hx", [True, False], ids=["htmx", "plain"])
def test_a_fighter_is_added_from_the_picker(empty, alice_client, hx):
    response = add(alice_client, empty, "minotaur-warrior-two-weapons", hx=hx)
    assert response.status_code == (200 if hx else 302)
    empty.refresh_from_db()
    assert empty.document["models"] == [{"profile": "Minotaur Warrior (Two Weapons)"}]
    assert empty.summary["cost"] == 25
    assert empty.revisions.latest("number").action == "Added Minotaur Warrior (Two Weapons)"


@pytest.mark.parametrize("kind", ["no-such-profile", "", "x" * 10_000])
def test_an_unknown_profile_is_refused_at_the_picker(raiders, alice_client, kind):
    before = snapshot(raiders)
    response = add(alice_client, raiders, kind, hx=False)
    assert response.status_code == 422
    assert 'id="add-error" role="alert">Choose what to add: one from the list.<' in response.content.decode()
    assert snapshot(raiders) == before


def test_a_fighter_is_renamed_and_the_name_cleared_again(raiders, alice_client):
    assert update(alice_client, raiders, 6, name="Grask").status_code == 200
    raiders.refresh_from_db()
    assert raiders.document["models"][6] == {
        "profile": "Minotaur Warrior (Weapon and Shield)",
        "name": "Grask",
    }
    update(alice_client, raiders, 6, name="  ")
    raiders.refresh_from_db()
    assert raiders.document["models"][6] == {"profile": "Minotaur Warrior (Weapon and Shield)"}


def test_a_fighter_is_removed(raiders, alice_client):
    url = reverse("model-remove", args=[raiders.pk, 3])
    response = alice_client.post(url, {"revision": raiders.revision})
    assert response.status_code == 302
    raiders.refresh_from_db()
    assert [m.get("name") for m in raiders.document["models"]].count("Pell") == 0
    assert raiders.summary["cost"] == 237
    assert raiders.revisions.latest("number").action == "Removed Pell"


def test_unknown_points_and_lost_stats_are_asked_with_bounds(empty, alice_client):
    add(alice_client, empty, "aari-keeneye")
    empty.refresh_from_db()
    html = page(alice_client, empty, 0)
    assert 'name="supplied_points" type="number" inputmode="numeric" step="1" min="0" max="1000"' in html
    assert 'name="supplied_defense" type="number" inputmode="numeric" step="1" min="-3" max="0"' in html
    assert 'name="supplied_skill"' not in html  # the book gives Aari's Skill
    assert "The points of Aari Keeneye are missing from the rules data" in html


def test_the_satyr_is_asked_only_for_its_defense(raiders, alice_client):
    card = page(alice_client, raiders, 3).split('id="model-open"')[1]
    assert re.findall(r'name="(supplied_\w+)"', card) == ["supplied_defense"]


def test_supplied_values_are_stored_and_shown_as_the_players(empty, alice_client):
    add(alice_client, empty, "aari-keeneye")
    empty.refresh_from_db()
    response = update(
        alice_client, empty, 0, supplied_points="40", supplied_toughness="4", supplied_defense=""
    )
    assert response.status_code == 200
    empty.refresh_from_db()
    assert empty.document["models"][0] == {
        "profile": "Aari Keeneye",
        "supplied": {"points": 40, "toughness": 4},
    }
    assert empty.summary["cost"] == 40
    html = page(alice_client, empty, 0)
    assert '40<span class="player">*</span> points' in html
    assert '<span class="player" title="supplied by the player, not checked">4*</span>' in html
    assert "supplied by you from your book, not checked by Muster" in html
    assert "40 points for Aari Keeneye supplied by the player, not checked against the book." in html
    update(alice_client, empty, 0, supplied_points="")
    empty.refresh_from_db()
    assert empty.document["models"][0]["supplied"] == {"toughness": 4}


BAD_FIELDS = [
    ({"supplied_points": "abc"}, "Points: enter a whole number"),
    ({"supplied_points": "5000"}, "Points: at most 1000"),
    ({"supplied_points": "-1"}, "Points: at least 0"),
    ({"supplied_defense": "-9"}, "Defense (D): at least -3"),
    ({"supplied_toughness": "1.5"}, "Toughness (T): enter a whole number"),
    ({"supplied_defense": "2"}, "Defense (D): at most 0"),
    ({"name": "x" * 10_000}, "Name: at most 100 characters"),
]


@pytest.mark.parametrize(("changes", "message"), BAD_FIELDS)
@pytest.mark.parametrize("hx", [True, False], ids=["htmx", "plain"])
def test_bad_input_gets_a_message_at_the_field_and_changes_nothing(alice, alice_client, changes, message, hx):
    warband = create_roster(alice, bw_roster(300, "Shinasa the Well Groomed"))
    before = snapshot(warband)
    typed = {"name": "Shinasa", "supplied_movement": "3", **changes}
    response = update(alice_client, warband, 0, hx=hx, **typed)
    assert response.status_code == 422
    html = response.content.decode()
    assert message in html
    assert snapshot(warband) == before
    assert (
        'name="supplied_movement" type="number" inputmode="numeric" step="1" min="1" max="24" value="3"'
        in html
    )
    assert 'value="Shinasa"' in html or "x" * 100 in html


@pytest.mark.parametrize(
    ("raw", "message"), [("abc", "enter the points limit as a whole number"), ("0", "at least 1")]
)
def test_a_bad_points_limit_is_refused_at_the_field(raiders, alice_client, raw, message):
    before = snapshot(raiders)
    url = reverse("roster-options", args=[raiders.pk])
    data = {"revision": raiders.revision, "name": "Renamed", "points_limit": raw}
    response = alice_client.post(url, data)
    assert response.status_code == 422
    html = response.content.decode()
    assert f"Points limit: {message}" in html
    assert 'value="Renamed"' in html
    assert snapshot(raiders) == before


def test_the_points_limit_is_changed_in_the_editor(raiders, alice_client):
    url = reverse("roster-options", args=[raiders.pk])
    alice_client.post(url, {"revision": raiders.revision, "name": raiders.name, "points_limit": "250"})
    raiders.refresh_from_db()
    assert raiders.document["options"] == {"points_limit": 250}
    assert raiders.summary["legal"] is False  # three Heroes; 250 points allow two
    assert 'id="heroes">3</strong> of 2' in page(alice_client, raiders)


def test_a_roster_is_created_with_a_points_limit(alice, alice_client):
    response = alice_client.get(reverse("roster-new"), {"system": "beestwars"})
    assert 'id="beestwars-points-limit" name="points_limit"' in response.content.decode()
    data = {"system": "beestwars", "name": "Geladan raid", "points_limit": "400"}
    response = alice_client.post(reverse("roster-new"), data)
    created = Roster.objects.get(owner=alice)
    assert response["Location"] == reverse("roster-edit", args=[created.pk])
    assert created.document["options"] == {"points_limit": 400}
    bad = alice_client.post(reverse("roster-new"), {**data, "points_limit": "lots"})
    assert bad.status_code == 422
    assert "enter the points limit as a whole number" in bad.content.decode()


def test_the_example_is_offered_as_a_start(alice, alice_client):
    html = alice_client.get(reverse("roster-list")).content.decode()
    assert "Stone Hoof&#x27;s raiders" in html
    alice_client.post(reverse("roster-from-example", args=["beestwars-clovis-300"]))
    started = Roster.objects.get(owner=alice)
    assert started.summary == {
        "cost": 257,
        "limit": 300,
        "unit": "points",
        "legal": True,
        "models": 9,
        "errors": 0,
    }


def test_the_shared_page_shows_the_warband(raiders, alice_client, anon_client):
    alice_client.post(reverse("roster-share", args=[raiders.pk]))
    token = raiders.share_links.get().token
    html = anon_client.get(reverse("shared", args=[token])).content.decode()
    assert "Slewdaar Stone Hoof" in html
    assert "Reach</strong>: Attacks enemies up to 1" in html
    assert 'id="total-cost">257<' in html


def test_plain_text_export(alice, alice_client):
    doc = bw_roster(300, "Slewdaar Stone Hoof", {"profile": "Satyr", "name": "Pell"}, "Aari Keeneye")
    warband = create_roster(alice, doc)
    text = alice_client.get(reverse("roster-export-text", args=[warband.pk])).content.decode()
    assert (
        "Slewdaar Stone Hoof - Two-handed Sword, Sk 13 Mt 2d6 T ? Ma ? D ?, "
        "Hero, Brawler, Elite, Reach, Wallop - 48 points" in text
    )
    assert 'Pell - Satyr, Spear, Sk 13 Mt 2d6 T 5 Ma 4" D ?, Reach, Bodyguard - 20 points' in text
    assert (
        "Aari Keeneye - Bow, Sk 15 Mt 1d6 T ? Ma ? D ?, "
        "Hero, Brawler, Elite, Aimed Shot, Ranged Weapon, Dead-eye - ? points" in text
    )
    assert "Total: 68 / 300 points; 2 of 3 Heroes; 3 fighters; points unknown for 1 fighter(s)" in text


def test_an_empty_warband_says_it_has_no_models_not_legal(empty, alice_client):
    """Nothing in the book makes an empty warband illegal (p.9), but "Legal" would say it
    is ready to play: the editor and the list say there is nothing yet."""
    html = alice_client.get(reverse("roster-edit", args=[empty.pk])).content.decode()
    assert '<span id="legal-state">No models yet</span>' in html
    assert "No models yet: nothing to check" in html
    assert ">Legal<" not in html
    listing = alice_client.get(reverse("roster-list")).content.decode()
    assert '<span class="badge">No models yet</span>' in listing
    assert 'class="badge ok">Legal<' not in listing
