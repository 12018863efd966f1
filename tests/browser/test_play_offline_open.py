"""A table opened once online opens again offline (issue 20, item 5), in a real Chromium.

The service worker is registered by the table's first load, so that load (the page and
its static files) went to the network before the worker was there: the worker never
kept it, and a reload without network showed "Offline, and this game was not opened
here before." on the first game a phone opened (found by QA at a real table)."""

from __future__ import annotations

from typing import Any

import pytest

from roster.games.models import Game
from tests.browser.test_play import start

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

KEPT = """async () => {
  const page = await caches.match(location.pathname);
  const script = await caches.match(document.querySelector('script[src*="play"]').src);
  return Boolean(page && script);
}"""


def test_the_first_table_a_phone_opens_opens_again_offline(phone: Any, django_user_model: Any) -> None:
    page = phone
    game = start(page, django_user_model, "brutality")  # the table's first and only load
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller")
    for _ in range(100):  # the copies are made in the background after the worker starts
        if page.evaluate(KEPT):
            break
        page.wait_for_timeout(100)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("#table")
    # the static files came from the worker's copy too: play.js queues the tap
    page.get_by_role("button", name="Wound Bandit chief", exact=True).click()
    page.wait_for_selector("#play-queue:not([hidden])")
    assert "1 action waiting" in page.locator("#play-queue").inner_text()
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_function("() => document.getElementById('table').dataset.version === '1'")
    assert Game.objects.get(pk=game.pk).version == 1
