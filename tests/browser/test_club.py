"""The club's evening (issue 38 item 1): Muster served on an address other than loopback's
127.0.0.1 and reached by a name, as `make club` serves it to the room's phones.

The server listens on 127.0.0.2 (loopback still: no test sends anything to the machine's
real network) and Chromium reaches it only as http://club.test:<port>, a name mapped to
that address by --host-resolver-rules. So the page is plain http on a name that is not
localhost: not a secure context, no service worker, no wake lock, as on a club's Wi-Fi.
The organiser starts a game; a second phone signs up, joins by the link the table shows
(which carries the club's address, SITE_URL) and plays; taps from each side reach the
other, and taps made while the second phone's Wi-Fi is gone wait in the page and go
when it is back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pytest_django.live_server_helper import LiveServer

from roster.games.models import Game
from tests.browser.conftest import CHROMIUM, FLAGS
from tests.browser.editor_helpers import PASSWORD, PATIENCE_MS
from tests.browser.test_play import start
from tests.browser.test_play_live import Phone, converge

pytestmark = pytest.mark.browser

NAME = "club.test"
ADDRESS = "127.0.0.2"


@pytest.fixture
def club(settings: Any, transactional_db: Any, rules_loaded: None) -> Iterator[str]:
    """A live server on 127.0.0.2 with the site's address on club.test (as `make club`
    sets SITE_URL, ALLOWED_HOSTS and CSRF_TRUSTED_ORIGINS); yields that address."""
    server = LiveServer(f"{ADDRESS}:0")
    url = f"http://{NAME}:{server.thread.port}"
    settings.ALLOWED_HOSTS = [NAME]
    settings.CSRF_TRUSTED_ORIGINS = [url]
    settings.MUSTER_SITE_URL = url
    try:
        yield url
    finally:
        server.stop()


@pytest.fixture
def room_browser(browser: Any) -> Iterator[Any]:
    """A Chromium that resolves club.test to 127.0.0.2 and nothing else differently."""
    other = browser.browser_type.launch(
        executable_path=CHROMIUM, args=[*FLAGS, f"--host-resolver-rules=MAP {NAME} {ADDRESS}"], headless=True
    )
    yield other
    other.close()


def test_a_second_phone_signs_up_joins_by_the_link_and_plays_over_plain_http(
    club: str, room_browser: Any, django_user_model: Any
) -> None:
    a = Phone(room_browser, club)
    game = start(a.page, django_user_model, "brutality")
    # plain http on a name: none of what needs a secure context
    assert a.page.evaluate("() => window.isSecureContext") is False
    assert a.page.evaluate("() => 'serviceWorker' in navigator") is False
    link = a.page.locator(".play-join-link a").inner_text()
    code = Game.objects.get(pk=game.pk).code
    assert link == f"{club}/join/{code}/"

    b = Phone(room_browser, club)
    b.page.goto("/accounts/signup/")
    b.page.fill("#id_username", "second-phone")
    b.page.fill("#id_password1", PASSWORD)
    b.page.fill("#id_password2", PASSWORD)
    b.page.get_by_role("button", name="Create account").click()
    b.page.wait_for_url("**/rosters/")
    b.page.goto(link)
    b.page.get_by_role("button", name="Play the other side: Bandits").click()
    b.page.wait_for_selector("#table")
    assert b.page.url.startswith(f"{club}/games/")

    a.tap("Wound Bandit chief")
    converge(game, a, b)
    b.tap("Wound Bandit")
    converge(game, a, b)

    # B's Wi-Fi drops: its taps wait in the page (no service worker to help), then go
    b.context.set_offline(True)
    b.tap("Wound Bandit", wait=False)
    b.tap("Heal Bandit chief", wait=False)
    b.page.wait_for_selector("#play-queue:not([hidden])", timeout=PATIENCE_MS)
    assert "2 actions waiting" in b.page.locator("#play-queue").inner_text()
    b.context.set_offline(False)
    b.page.evaluate("window.dispatchEvent(new Event('online'))")
    try:
        b.wait_version(4)
    except Exception:
        raise AssertionError(b.page.locator("main").inner_text()) from None
    assert converge(game, a, b) == 4
    assert a.log() == b.log()
    for phone in (a, b):
        phone.context.close()
