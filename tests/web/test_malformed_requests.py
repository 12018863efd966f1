"""A request body Django cannot read (a charset other than UTF-8 on a form, a broken
multipart body) answers Muster's 400 page with Muster's headers, on every URL, logged in
or not: never a 500 (issue 22). The same under gunicorn: tests/load/test_malformed.py."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.web.cast import make_user

pytestmark = pytest.mark.django_db

BODIES = [
    ("name=%E9", "application/x-www-form-urlencoded; charset=latin-1"),
    ("name=x", "application/x-www-form-urlencoded; charset=utf-16"),
    ("a=b", "multipart/form-data"),
    ('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n', 'multipart/form-data; boundary="\u00e9"'),
]


def urls(roster_pk: int) -> list[str]:
    return [
        reverse("roster-list"),
        reverse("roster-options", args=[roster_pk]),
        reverse("login"),
        reverse("signup"),
        "/no/such/page/",
        "/rosters/999999/models/add/",
    ]


@pytest.mark.parametrize("logged_in", [False, True])
@pytest.mark.parametrize(("body", "content_type"), BODIES)
def test_an_unreadable_body_gets_the_400_page_with_muster_headers(roster, body, content_type, logged_in):
    # CSRF checks on, as a browser meets them: the check is what read the body first.
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    if logged_in:
        client.force_login(roster.owner)
    for url in urls(roster.pk):
        response = client.generic("POST", url, body, content_type=content_type)
        assert response.status_code == 400, (url, response.status_code)
        assert "Muster could not read that request" in response.content.decode(), url
        assert "default-src 'self'" in response["Content-Security-Policy"], url
        assert "no-store" in response["Cache-Control"], url


def test_the_page_says_nothing_was_changed(roster):
    client = Client(raise_request_exception=False)
    client.force_login(roster.owner)
    before = roster.revision
    response = client.generic(
        "POST",
        reverse("roster-options", args=[roster.pk]),
        f"revision={before}&name=%E9t%E9",
        content_type="application/x-www-form-urlencoded; charset=latin-1",
    )
    assert response.status_code == 400
    assert "nothing was changed" in response.content.decode()
    roster.refresh_from_db()
    assert roster.revision == before


def test_a_readable_form_in_utf8_still_works(db):
    make_user("carol")
    client = Client()
    response = client.generic(
        "POST",
        reverse("login"),
        "login=carol&password=carol-secret-pw-123",
        content_type="application/x-www-form-urlencoded; charset=utf-8",
    )
    assert response.status_code == 302
