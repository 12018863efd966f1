"""Editing a model: every change is saved, answered from the Report, and bad input loses nothing."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from roster.rosters.models import Roster
from roster.rosters.operations import create_roster
from tests.ih import medium, model
from tests.web.cast import HX, model_post, snapshot
from tests.web.cast import post_model as update


def test_a_change_is_saved_and_the_totals_come_back(roster, alice_client):
    response = update(alice_client, roster, 6, trait=["ranger", "veteran", "tough"])
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="total-cost">204<' in html
    assert 'id="summary" class="totals-bar" aria-label="Totals" hx-swap-oob="true"' in html
    assert 'id="issues" class="issues" aria-labelledby="issues-title" hx-swap-oob="true"' in html
    roster.refresh_from_db()
    assert roster.revision == 2
    assert roster.document["models"][6]["traits"] == ["Ranger", "Veteran", "Tough"]
    assert roster.summary["cost"] == 204
    assert roster.summary["legal"] is False  # 204 of 200 ExP


def test_a_rule_problem_is_saved_and_shown(roster, alice_client):
    response = update(alice_client, roster, 3, trait=["agile", "bastion", "pet", "ranger", "slayer"])
    assert response.status_code == 200
    assert "iron-and-honor.traits.rare-not-allowed" in response.content.decode()
    roster.refresh_from_db()
    assert roster.summary["legal"] is False
    assert "Slayer" in roster.document["models"][3]["traits"]


def test_a_stepper_raises_an_attribute(roster, alice_client):
    update(alice_client, roster, 0, bump="WP:1")
    roster.refresh_from_db()
    assert roster.document["models"][0]["attributes"]["WP"] == 6


def test_a_skill_row_can_be_removed(roster, alice_client):
    update(alice_client, roster, 0, remove_skill="0")
    roster.refresh_from_db()
    assert roster.document["models"][0]["skills"] == []


def test_a_new_skill_row_adds_a_skill_with_its_item(roster, alice_client):
    update(alice_client, roster, 0, skill=["1H Edged", "Shield"], label=["Sword", "Wolf-pelt buckler"])
    roster.refresh_from_db()
    assert roster.document["models"][0]["skills"] == [
        {"skill": "1H Edged", "label": "Sword"},
        {"skill": "Shield", "label": "Wolf-pelt buckler"},
    ]


def test_the_pet_choice_is_kept(roster, alice_client):
    update(alice_client, roster, 3, trait=["agile", "bastion", "pet", "ranger"], choice__pet="Aurat")
    roster.refresh_from_db()
    assert {"name": "Pet", "choice": "Aurat"} in roster.document["models"][3]["traits"]


def test_saving_without_a_change_adds_no_revision(roster, alice_client):
    update(alice_client, roster, 2)
    roster.refresh_from_db()
    assert roster.revision == 1


BAD_FIELDS = [
    ({"MA": "abc"}, "MA: enter a whole number"),
    ({"MA": "99"}, "MA: a follower&#x27;s attributes run from 2 to 4 (p.16)"),
    ({"PD": ""}, "PD: enter a whole number"),
    ({"name": "x" * 10_000}, "Name: at most 100 characters"),
    ({"name": "   "}, "Name: required"),
    ({"type": "wizard"}, "Type: choose hero, companion or follower"),
    ({"skill": ["Laser Cannon", ""], "label": ["", ""]}, "Skills: unknown skill"),
    ({"skill": ["1H Edged", ""], "label": ["y" * 500, ""]}, "Skills: at most 100 characters"),
    ({"skill": ["", ""], "label": ["Sword", ""]}, "Skills: choose the skill for"),
    ({"trait": ["no-such-trait-id"]}, "Traits: unknown trait"),
    ({"trait": ["pet"], "choice__pet": "z" * 300}, "Traits: at most 100 characters"),
    ({"trait": [f"t{i}" for i in range(30)]}, "Traits: unknown trait"),
]


@pytest.mark.parametrize(("changes", "message"), BAD_FIELDS)
@pytest.mark.parametrize("hx", [True, False], ids=["htmx", "plain"])
def test_bad_input_gets_a_message_and_changes_nothing(roster, alice_client, changes, message, hx):
    before = snapshot(roster)
    response = update(alice_client, roster, 3, hx=hx, **changes)
    assert response.status_code == 422
    html = response.content.decode()
    assert message in html
    assert snapshot(roster) == before
    typed_name = changes.get("name", "Sigrun")
    assert f'value="{typed_name}"' in html or "x" * 100 in html


def test_a_rejected_field_keeps_the_other_typed_values(roster, alice_client):
    response = update(alice_client, roster, 3, MA="abc", name="Sigrun the Bold", WP="4")
    html = response.content.decode()
    assert 'value="Sigrun the Bold"' in html
    assert 'name="WP" value="4"' in html
    assert 'name="MA" value="abc"' in html


def test_options_bad_input(roster, alice_client):
    before = snapshot(roster)
    url = reverse("roster-options", args=[roster.pk])
    for data, message in (
        ({"name": "N", "game_size": "epic"}, "choose small, medium, large or custom"),
        ({"name": "N", "game_size": "custom", "exp_limit": "lots"}, "enter the ExP limit as a whole number"),
        ({"name": "n" * 10_000, "game_size": "medium"}, "at most 200 characters"),
    ):
        response = alice_client.post(url, {"revision": roster.revision, **data}, **HX)
        assert response.status_code == 422
        assert message in response.content.decode()
    assert snapshot(roster) == before


def test_options_change_the_limit(roster, alice_client):
    url = reverse("roster-options", args=[roster.pk])
    alice_client.post(
        url, {"revision": roster.revision, "name": "Raiders", "game_size": "custom", "exp_limit": "150"}
    )
    roster.refresh_from_db()
    assert roster.document["options"] == {"game_size": "custom", "exp_limit": 150}
    assert roster.name == "Raiders"
    assert roster.summary["limit"] == 150
    assert roster.summary["legal"] is False


def test_a_stale_revision_is_a_conflict_not_an_overwrite(roster, alice_client):
    first = model_post(
        roster, 3, trait=["agile", "bastion", "pet", "ranger", "tough"], choice__pet="Raensleyar"
    )
    second = model_post(roster, 4, name="Botmundr the Late")
    url3 = reverse("model-update", args=[roster.pk, 3])
    url4 = reverse("model-update", args=[roster.pk, 4])
    assert alice_client.post(url3, first, **HX).status_code == 200
    response = alice_client.post(url4, second, **HX)
    assert response.status_code == 409
    assert "changed in another tab" in response.content.decode()
    # The card shows the model as stored now; muster.js puts the typed change back over
    # it (tests/browser/test_editor_behaviour.py), unsaved, for "Apply my change on top".
    assert 'id="m4-name" name="name" value="Botmundr"' in response.content.decode()
    assert "Apply my change on top" in response.content.decode()
    roster.refresh_from_db()
    assert roster.document["models"][4]["name"] == "Botmundr"
    assert "Tough" in roster.document["models"][3]["traits"]


def queries_for_update(client, roster):
    roster = Roster.objects.get(pk=roster.pk)
    with CaptureQueriesContext(connection) as ctx:
        response = update(client, roster, 0, bump="WP:-1")
    assert response.status_code == 200
    return len(ctx)


def test_queries_per_update_do_not_grow_with_models(alice, alice_client):
    one = medium()
    one["models"] = one["models"][:1]
    nine = medium()
    nine["models"] = nine["models"] + [model("follower", name=f"Extra {i}") for i in range(4)]
    assert len(nine["models"]) == 9
    small = create_roster(alice, one)
    big = create_roster(alice, nine)
    queries_for_update(alice_client, create_roster(alice, one))  # warm the catalogue cache
    assert queries_for_update(alice_client, small) == queries_for_update(alice_client, big)


def test_an_options_conflict_keeps_the_typed_options(roster, alice_client):
    stale = roster.revision
    update(alice_client, roster, 6, name="Frokn II")
    url = reverse("roster-options", args=[roster.pk])
    response = alice_client.post(
        url, {"revision": stale, "name": "Wolves of the North", "game_size": "large"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 409
    html = response.content.decode()
    assert 'value="Wolves of the North"' in html
    assert Roster.objects.get(pk=roster.pk).name == "Northmen Raiding Party"


def test_an_edit_answers_with_at_most_10_kb(roster, alice_client):
    """The answer to one model edit (card, totals, rows, rule check) stays small for every
    model of the Northmen, the first edit included (it also redraws Undo)."""
    sizes = []
    for index in range(len(roster.document["models"])):
        response = update(alice_client, roster, index, name=f"Renamed {index}")
        assert response.status_code == 200
        sizes.append(len(response.content))
        roster.refresh_from_db()
    assert max(sizes) <= 10 * 1024, sizes


def test_a_bad_option_says_it_was_not_saved_as_a_model_field_does(roster, alice_client):
    url = reverse("roster-options", args=[roster.pk])
    response = alice_client.post(
        url,
        {"revision": roster.revision, "name": roster.name, "game_size": "custom", "exp_limit": "999999"},
        **HX,
    )
    assert response.status_code == 422
    assert "(not saved: the stored options are kept)" in response.content.decode()
    assert 'value="999999"' in response.content.decode()  # what was typed stays in the form
