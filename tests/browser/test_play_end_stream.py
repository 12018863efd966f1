"""A reopen followed by every phone by the live push (issue 40 item 3), against a real
ASGI server (bench.server, as tests/browser/test_live_stream.py): the players agree to
end a Beestwars battle, every phone is on the result page holding the finished game's
stream, and when the owner reopens the game the other player's phone and the watcher's
go back to the table."""

from __future__ import annotations

from typing import Any

import pytest

from bench.server import serve
from tests.browser.test_live_stream import SETTINGS, seated

pytestmark = pytest.mark.browser


def test_a_reopen_brings_every_phone_back_to_the_table_by_the_stream(browser: Any) -> None:
    with serve(workers=1, rosters=1, settings=SETTINGS, asgi=True) as server:
        a, b, w = seated(browser, server)
        pk = a.page.get_attribute("#table", "data-game")
        a.page.select_option("#play-winner", "1")
        a.page.get_by_role("button", name="End the game", exact=True).click()
        a.page.get_by_role("button", name="Yes, ask the other player").click()
        offer = b.page.locator(".play-end-offer")
        offer.wait_for()
        offer.get_by_role("button", name="Accept: end the game").click()
        for phone in (a, b, w):
            phone.page.wait_for_url(f"**/games/{pk}/result/")
        for phone in (b, w):  # the finished game's stream is held by its result page
            phone.page.wait_for_selector('#play-result[data-live="stream"]')
        with b.page.expect_response(lambda r: r.url.endswith(f"/games/{pk}/state/")) as asked:
            a.page.get_by_role("button", name="Reopen the game").click()
        assert asked.value.status == 200, "asked at the stream's news: in play again"
        for phone in (a, b, w):
            phone.page.wait_for_url(f"**/games/{pk}/")
            phone.page.wait_for_selector("#table")
        for p in (a, b, w):
            p.context.close()
