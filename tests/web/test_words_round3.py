"""Words a player reads (issue 21, item 7): each message says what to do, in the books' terms;
numbers are kept as typed beside their message; no "True"/"False", no "1 models"."""

import html as html_lib
import re

import pytest
from django.urls import reverse

from roster.rosters.models import Roster
from roster.rosters.operations import create_roster, pin_supplement, save_revision
from roster.supplements.operations import create_supplement
from rules.supplement import read_supplement
from tests import brutality, ih
from tests.beestwars import roster as bw_roster
from tests.web.cast import clovis


def text(response) -> str:
    return " ".join(html_lib.unescape(response.content.decode()).split())


def words(response) -> str:
    """The page's text without its tags."""
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", "", response.content.decode())).split())


def post_limit(client, roster, raw):
    data = {"revision": roster.revision, "name": roster.name, "points_limit": raw}
    return client.post(reverse("roster-options", args=[roster.pk]), data)


def test_a_huge_points_limit_says_the_largest_and_what_to_do(alice, alice_client):
    page = text(post_limit(alice_client, clovis(alice), "99999999"))
    assert "Points limit: at most 10000: enter a smaller number" in page
    assert "the book recommends 200 to 500, p.9" in page
    assert 'value="99999999"' in page


def test_an_exponent_is_kept_as_typed_beside_its_message(alice, alice_client):
    response = post_limit(alice_client, clovis(alice), "1e1000000")
    page = response.content.decode()
    assert response.status_code == 422
    assert "enter the points limit as a whole number, such as 300" in page
    # A number input would drop "1e1000000" in the browser: a text input keeps it.
    field = next(tag for tag in page.split("<input") if 'name="points_limit"' in tag)
    assert 'value="1e1000000"' in field
    assert 'type="number"' not in field


def test_supplied_armed_reads_yes_or_no_never_true(alice):
    document = brutality.example("brutality-moderate-points")
    document["models"][2] = {"name": "S", "class": "Ranged", "supplied": {"HP": 2, "Armed": True}}
    messages = [i.message for i in brutality.evaluate(document).issues]
    assert any("Hit Points 2, Armed in Melee: yes: supplied by the player" in m for m in messages)
    assert not any("True" in m or "False" in m for m in messages)


def test_one_model_is_one_model():
    document = brutality.example("brutality-moderate-points")
    document["models"] = document["models"][:1]
    messages = [i.message for i in brutality.evaluate(document).issues]
    assert "1 model; a warband has 4 to 8." in messages
    assert "1 of 1 model is Melee; no more than half may be from one class." in messages
    assert not any("1 models" in m for m in messages)


def test_attributes_at_the_maximum_read_as_a_sentence():
    hero = ih.model("hero", attributes={"MA": 6, "RA": 3, "PD": 6, "WP": 2})
    messages = [i.message for i in ih.evaluate(ih.medium(hero)).issues]
    assert "MA and PD are at 6, the maximum; only 1 attribute may be: lower one of them." in messages


def test_no_power_to_choose_offers_no_power_picker(alice, alice_client):
    document = brutality.example("brutality-moderate-points")
    roster = create_roster(alice, document)
    page = words(alice_client.get(reverse("model-open", args=[roster.pk, 1])))
    assert "Powers (0 of 0 chosen: no access)" in page
    assert "Add a Power…" not in page
    assert 'the Model Trait A Power (6" Range) gives it one' in page


def test_a_ranged_model_stops_asking_for_powers_once_its_line_is_filled(alice, alice_client):
    document = brutality.example("brutality-moderate-points")
    document["models"][2] = {"name": "Shooter", "class": "Ranged"}
    roster = create_roster(alice, document)
    line = {"Move": 5, "FS": 3, "Dex": 4, "HP": 2, "Will": 3, "Atk": 1, "Save": 4, "Armed": True, "Powers": 0}
    data = {
        "format": "muster.supplement/1",
        "system": "brutality",
        "name": "Mine",
        "values": {"classes": {"Ranged": line}},
    }
    pin_supplement(roster, create_supplement(alice, read_supplement(data)).latest)
    page = words(alice_client.get(reverse("model-open", args=[roster.pk, 2])))
    assert "how many this model knows is not in Muster's copy" not in page
    assert "are not in Muster's copy of the book; supply them" not in page
    assert "Powers (0 of 0 chosen: no access)" in page


def test_an_unnamed_beestwars_row_reads_its_profile_not_fighter(alice, alice_client):
    roster = clovis(alice)
    roster.document["models"][3].pop("name")
    save_revision(roster, roster.document, "test", roster.revision)
    page = alice_client.get(reverse("roster-edit", args=[roster.pk])).content.decode()
    row = next(part for part in page.split('<li class="row') if "Satyr" in part and "/models/3/" in part)
    assert ">fighter<" not in row
    assert "Clovis, Spear" in row


@pytest.mark.parametrize("size", [None, "medium"])
def test_new_roster_shows_the_exp_limit_of_the_chosen_size(alice_client, size):
    page = alice_client.get(reverse("roster-new"), {"system": "iron-and-honor"}).content.decode()
    field = next(tag for tag in page.split("<input") if 'name="exp_limit"' in tag)
    assert 'value="200"' in field


def test_a_beestwars_roster_accepts_a_limit_within_bounds(alice, alice_client):
    roster = create_roster(alice, bw_roster(300))
    assert post_limit(alice_client, roster, "10000").status_code in (200, 302)
    assert Roster.objects.get(pk=roster.pk).document["options"]["points_limit"] == 10000
