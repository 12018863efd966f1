"""Digits from a phone's wide (full-width) keyboard, "３００", are read as the number they
show (rules.numbers.plain): the points limit is saved as 300, never called too big or
not a number (tests/web/test_typed_numbers.py covers the other fields)."""

from django.urls import reverse

from roster.rosters.models import Roster
from tests.web.cast import clovis


def test_wide_digits_are_read_as_the_points_limit(alice, alice_client):
    roster = clovis(alice)
    data = {"revision": roster.revision, "name": roster.name, "points_limit": "２５０"}
    response = alice_client.post(reverse("roster-options", args=[roster.pk]), data)
    assert response.status_code == 302
    assert Roster.objects.get(pk=roster.pk).document["options"] == {"points_limit": 250}
