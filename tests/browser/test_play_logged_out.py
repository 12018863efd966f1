"""Taps made offline while the player's session ends (logged out elsewhere, expired):
when the network is back they are refused for want of a login, so they are kept, the
player is told how many wait and given a link to log in again, and they are sent, in
order, once the player is back (play.js; docs/play.md)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.sessions.models import Session

from roster.games.models import Game
from tests.browser.editor_helpers import PASSWORD, wait_until
from tests.browser.test_play import start, state

pytestmark = pytest.mark.browser

QUEUE = (
    "() => JSON.parse(localStorage.getItem('muster.play.' + document.getElementById('table').dataset.game)"
    " || '[]').length"
)


def two_taps_offline_then_logged_out(page: Any, game: Game) -> None:
    page.context.set_offline(True)
    page.get_by_role("button", name="Wound Bandit chief", exact=True).click()
    page.get_by_role("button", name="Wound Bandit", exact=True).click()
    page.wait_for_selector("#play-queue:not([hidden])")
    Session.objects.all().delete()  # the session ends meanwhile (expired, logged out elsewhere)
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")


def test_taps_refused_for_want_of_a_login_are_kept_and_sent_after_logging_in(phone, django_user_model):
    page = phone
    game = start(page, django_user_model, "brutality")
    two_taps_offline_then_logged_out(page, game)
    page.wait_for_function("() => /log in again/.test(document.getElementById('play-queue').textContent)")
    notice = page.locator("#play-queue")
    assert notice.is_visible()
    assert "2 actions waiting" in notice.inner_text()
    assert page.evaluate(QUEUE) == 2
    assert Game.objects.get(pk=game.pk).version == 0
    assert page.url.endswith(f"/games/{game.pk}/")  # still at the table, the notice in view
    notice.get_by_role("link", name="log in again").click()
    page.wait_for_url("**/accounts/login/**")
    page.fill("#id_username", "player")
    page.fill("#id_password", PASSWORD)
    page.click("button:has-text('Log in')")
    page.wait_for_url(f"**/games/{game.pk}/")
    page.wait_for_function("() => document.getElementById('table').dataset.version === '2'")
    assert page.evaluate(QUEUE) == 0
    assert [m.wounds for m in state(game).sides[1].models] == [2, 1]


def test_taps_refused_after_logging_in_in_another_tab_are_sent_when_back_at_the_table(
    phone, django_user_model
):
    """Logging in again in another tab gives this one a stale CSRF token (403): the taps
    stay, and go once the table sees the player is back."""
    page = phone
    game = start(page, django_user_model, "brutality")
    two_taps_offline_then_logged_out(page, game)
    page.wait_for_function("() => /log in again/.test(document.getElementById('play-queue').textContent)")
    other = page.context.new_page()
    other.goto("/accounts/login/")
    other.fill("#id_username", "player")
    other.fill("#id_password", PASSWORD)
    other.click("button:has-text('Log in')")
    other.wait_for_url("**/rosters/")
    other.close()
    page.bring_to_front()
    # The table's poll sees the player back and reloads, and the fresh page sends the
    # taps. (Not waited for as a "load" event: the poll runs every half second and may
    # reload the page before this line could start listening.)
    wait_until(lambda: Game.objects.get(pk=game.pk).version == 2, "the two taps sent")
    page.wait_for_function("() => document.getElementById('table').dataset.version === '2'")
    assert [m.wounds for m in state(game).sides[1].models] == [2, 1]
