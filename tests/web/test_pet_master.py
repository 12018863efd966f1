"""A Pet's master is chosen from the warband's hero and companions, and follows a
rename of the master (Iron & Honor p.27)."""

from django.urls import reverse

from roster.rosters.models import Roster
from tests.web.cast import HX, model_post


def test_the_master_is_a_choice_of_the_hero_and_companions(roster, alice_client):
    html = alice_client.get(reverse("model-open", args=[roster.pk, 3])).content.decode()
    select = html.split('id="m3-choice-pet"')[1].split("</select>")[0]
    assert '<option value="Raensleyar" selected>Raensleyar</option>' in select
    assert '<option value="Aurat">Aurat</option>' in select
    assert "Frokn" not in select  # a follower cannot be a master


def test_renaming_the_master_renames_the_pets_choice(roster, alice_client):
    url = reverse("model-update", args=[roster.pk, 0])
    response = alice_client.post(url, model_post(roster, 0, name="Raensleyar the Wolf"), **HX)
    assert response.status_code == 200
    fresh = Roster.objects.get(pk=roster.pk)
    assert {"name": "Pet", "choice": "Raensleyar the Wolf"} in fresh.document["models"][3]["traits"]
    assert "Sigrun's Pet now follows Raensleyar the Wolf" in fresh.revisions.latest("number").action
    assert fresh.summary["legal"] is True
