"""Adding several models at once (issue #21 item 6): one change, the warband stays in view."""

import pytest
from django.urls import reverse

from roster.rosters.models import Roster
from tests.web.cast import client_for, make_user, northmen

pytestmark = pytest.mark.django_db


def add(client, roster, htmx=False, **data):
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(reverse("model-add", args=[roster.pk]), {"revision": roster.revision, **data}, **extra)


def test_a_count_adds_that_many_in_one_revision_and_lands_on_the_last_row():
    user = make_user("many")
    roster = northmen(user)
    response = add(client_for(user), roster, kind="follower", count="3")
    assert response.status_code == 302
    assert response["Location"] == f"/rosters/{roster.pk}/#row-9"
    fresh = Roster.objects.get(pk=roster.pk)
    assert [m["type"] for m in fresh.document["models"][7:]] == ["follower"] * 3
    assert fresh.revision == roster.revision + 1
    assert fresh.revisions.get(number=fresh.revision).action.startswith("Added 3 ×")
    names = [m["name"] for m in fresh.document["models"]]
    assert len(set(names)) == len(names)  # each new model named apart


def test_htmx_stays_on_the_warband_with_the_last_row_focused():
    user = make_user("many-htmx")
    roster = northmen(user)
    response = add(client_for(user), roster, kind="follower", count="2", htmx=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert response["HX-Push-Url"] == f"/rosters/{roster.pk}/"
    assert 'data-focus="row-8"' in html
    assert "Added 2 models at the end of the warband." in html


@pytest.mark.parametrize(
    ("count", "message"),
    [("0", "How many: a whole number from 1 to 50."), ("x", "How many"), ("44", "there is room for 43 more")],
)
def test_a_bad_count_is_refused_in_words_and_nothing_added(count, message):
    user = make_user("many-bad")
    roster = northmen(user)
    response = add(client_for(user), roster, kind="follower", count=count)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert len(Roster.objects.get(pk=roster.pk).document["models"]) == 7
