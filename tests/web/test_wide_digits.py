"""Digits from a phone's wide (full-width) keyboard, "３００", are not a points limit
Muster reads: the message says to type a whole number, never that 300 is too big."""

import html as html_lib

from django.urls import reverse

from tests.web.cast import clovis


def test_wide_digits_are_asked_again_as_a_whole_number_not_called_too_big(alice, alice_client):
    roster = clovis(alice)
    data = {"revision": roster.revision, "name": roster.name, "points_limit": "３００"}
    response = alice_client.post(reverse("roster-options", args=[roster.pk]), data)
    page = " ".join(html_lib.unescape(response.content.decode()).split())
    assert "enter the points limit as a whole number, such as 300" in page
    assert "at most 10000" not in page
    assert 'value="３００"' in page
