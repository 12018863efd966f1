"""Every page under the strict Content-Security-Policy, in Chromium: no violation in the
console, and the editor still saves through htmx (docs/security.md)."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

from roster.rosters.models import Roster, ShareLink
from roster.rosters.operations import create_roster
from tests.beestwars import example as beestwars_example
from tests.browser.test_build_northmen import change
from tests.ih import example

pytestmark = pytest.mark.browser


def sign_in(page, live_server, user) -> None:
    """A session cookie for ``user``, without going through the log-in form."""
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.save()
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": store.session_key, "url": live_server.url}]
    )


def test_no_page_breaks_the_content_security_policy(page, live_server, django_user_model):
    violations: list[str] = []
    page.on(
        "console",
        lambda m: (
            violations.append(f"{page.url}: {m.text}")
            if "Content Security Policy" in m.text or "Refused to" in m.text
            else None
        ),
    )
    anonymous = ["/", "/accounts/login/", "/accounts/signup/", "/no-such-page/", "/admin/login/"]
    user = django_user_model.objects.create_user("csp", password="a-long-pass-phrase")
    rosters = [
        create_roster(user, example("iron-and-honor-northmen-raiding-party")),
        create_roster(user, example("brutality-moderate-points")),
        create_roster(user, beestwars_example()),
    ]
    link = ShareLink.objects.create(roster=rosters[0])
    anonymous.append(f"/s/{link.token}/")
    for url in anonymous:
        page.goto(url)
    sign_in(page, live_server, user)
    private = ["/rosters/", "/rosters/new/", "/rosters/import/", f"/rosters/{rosters[0].pk}/history/"]
    private += [f"/rosters/{r.pk}/" for r in rosters]
    for url in private:
        response = page.goto(url)
        assert response is not None and response.status == 200, url
        assert "Content-Security-Policy" in {k.title() for k in response.headers}, url
    assert violations == []

    # htmx still works: an edit in the Northmen editor saves without a page load.
    page.goto(f"/rosters/{rosters[0].pk}/models/6/")
    assert page.evaluate("() => typeof htmx") == "object"
    page.fill("#m6-name", "Frokn Under Policy")
    change(page, page.press, "#m6-name", "Tab")
    assert Roster.objects.get(pk=rosters[0].pk).document["models"][6]["name"] == "Frokn Under Policy"
    assert violations == []
