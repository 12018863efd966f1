"""Every editor action works as a plain form POST followed by a redirect."""

from django.urls import reverse

from roster.rosters.models import Roster
from tests.web.cast import model_post


def test_model_update_redirects_to_the_card(roster, alice_client):
    response = alice_client.post(
        reverse("model-update", args=[roster.pk, 6]), model_post(roster, 6, name="Frokn II")
    )
    assert response.status_code == 302
    assert response["Location"].endswith(f"/rosters/{roster.pk}/models/6/")
    assert Roster.objects.get(pk=roster.pk).document["models"][6]["name"] == "Frokn II"


def test_add_move_duplicate_remove_and_undo(roster, alice_client):
    def post(name, revision, **kw):
        args = {"pk": roster.pk, **{k: v for k, v in kw.items() if k == "index"}}
        data = {"revision": revision, **{k: v for k, v in kw.items() if k != "index"}}
        response = alice_client.post(reverse(name, kwargs=args), data)
        assert response.status_code == 302, response.content[:300]
        return Roster.objects.get(pk=roster.pk)

    r = post("model-add", 1, kind="follower")
    assert r.document["models"][-1]["name"] == "Follower"
    r = post("model-move", r.revision, index=7, direction="up")
    assert r.document["models"][6]["name"] == "Follower"
    r = post("model-duplicate", r.revision, index=6)
    assert r.document["models"][7]["name"] == "Follower (copy)"
    r = post("model-remove", r.revision, index=7)
    assert len(r.document["models"]) == 8
    r = post("roster-undo", r.revision)
    assert len(r.document["models"]) == 9


def test_the_editor_page_has_plain_forms_with_the_revision(roster, alice_client):
    page = alice_client.get(reverse("model-open", args=[roster.pk, 0])).content.decode()
    assert f'action="{reverse("model-update", args=[roster.pk, 0])}"' in page
    assert '<input type="hidden" name="revision" value="1">' in page
    assert '<noscript><button type="submit">Save' in page


def test_an_htmx_update_sends_totals_and_issues_out_of_band(roster, alice_client):
    response = alice_client.post(
        reverse("model-update", args=[roster.pk, 6]), model_post(roster, 6, MA="2"), HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    # the revision, the totals bar, the overview rows, Undo and Redo (now Undo can) and the rule check
    assert html.count("hx-swap-oob=") == 6
    assert "iron-and-honor.attributes.points-unspent" in html
