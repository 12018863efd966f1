"""When the rules data changes, a roster says what changed for it and drops nothing."""

from django.urls import reverse

from roster.rosters.models import IronHonorTrait, Roster
from roster.rosters.operations import refresh_digest


def test_changed_and_removed_traits_are_reported_and_kept(roster, alice_client):
    IronHonorTrait.objects.filter(slug="ranger").update(cost=4)
    IronHonorTrait.objects.filter(slug="ambush").delete()
    refresh_digest("iron-and-honor")
    page = alice_client.get(reverse("roster-edit", args=[roster.pk])).content.decode()
    assert "The rules data changed since this roster was saved" in page
    assert "Ranger: cost 3 -&gt; 4." in page
    assert "Ambush was removed from the rules data." in page
    assert "iron-and-honor.catalogue.unknown-trait" in page
    alfgrim = alice_client.get(reverse("model-open", args=[roster.pk, 2])).content.decode()
    assert "no longer in the rules data: untick to remove" in alfgrim
    fresh = Roster.objects.get(pk=roster.pk)
    assert "Ambush" in fresh.document["models"][2]["traits"]


def test_the_notice_goes_once_acknowledged_but_the_error_stays(roster, alice_client):
    IronHonorTrait.objects.filter(slug="ambush").delete()
    refresh_digest("iron-and-honor")
    alice_client.post(reverse("roster-rules-seen", args=[roster.pk]))
    page = alice_client.get(reverse("roster-edit", args=[roster.pk])).content.decode()
    assert "The rules data changed" not in page
    assert "Unknown trait &#x27;Ambush&#x27;" in page


def test_a_removed_trait_can_be_removed_by_unticking_it(roster, alice_client):
    from tests.web.cast import model_post

    IronHonorTrait.objects.filter(slug="ambush").delete()
    refresh_digest("iron-and-honor")
    data = model_post(roster, 2, trait=["berserker", "ranger", "tough"])
    response = alice_client.post(reverse("model-update", args=[roster.pk, 2]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    roster.refresh_from_db()
    assert roster.document["models"][2]["traits"] == ["Berserker", "Ranger", "Tough"]


def test_a_trait_kept_from_old_data_can_stay_while_other_fields_change(roster, alice_client):
    from tests.web.cast import model_post

    IronHonorTrait.objects.filter(slug="ambush").delete()
    refresh_digest("iron-and-honor")
    data = model_post(roster, 2, name="Alfgrim Oathsworn")
    response = alice_client.post(reverse("model-update", args=[roster.pk, 2]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    roster.refresh_from_db()
    assert roster.document["models"][2]["name"] == "Alfgrim Oathsworn"
    assert "Ambush" in roster.document["models"][2]["traits"]
