"""Live tables pushed (issue 30), in Chromium at 360x640 against a real ASGI server
(gunicorn with a uvicorn worker, bench.server): two players and a watcher each hold a
stream; a tap shows on the others by the stream; a phone whose stream is refused falls
back to the poll and still follows; a phone offline for a while comes back, catches up
and opens its stream again; the watcher's stream and table never carry the card drawn
for the active commander."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bench import load
from bench.play import start_game
from bench.server import serve
from tests.browser.test_play_live import Phone

pytestmark = pytest.mark.browser
SETTINGS = {"RATE_PLAY": "100000/m", "RATE_JOIN": "100000/m", "LIVE_FANOUT": "local"}


def streaming(phone: Phone) -> None:
    phone.page.wait_for_selector('#table[data-live="stream"]')


def heard_by(phone: Phone) -> int:
    """How many changes the phone's stream has announced."""
    return int(phone.page.get_attribute("#table", "data-heard") or 0)


def seen(phone: Phone) -> str:
    return phone.page.locator("#table").inner_text()


def test_three_phones_follow_by_stream_fall_back_to_the_poll_and_recover(browser: Any) -> None:
    with serve(workers=1, rosters=1, settings=SETTINGS, asgi=True) as server:
        owner = load.Client(server.url)
        owner.log_in(server.seed["username"], server.seed["password"])
        pk = start_game(owner, server.seed["beestwars"])
        a, b, w = (Phone(browser, server.url) for _ in range(3))
        a.context.add_cookies([{"name": k, "value": v, "url": server.url} for k, v in owner.cookies.items()])
        a.page.goto(f"/games/{pk}/")
        code = a.page.locator(".play-code").inner_text()
        b.page.goto(f"/join/{code}/")
        b.page.get_by_role("button", name=re.compile("^Play the other side")).click()
        b.page.wait_for_selector("#table")
        w.page.goto(f"/join/{code}/")
        w.page.get_by_role("button", name="Watch").click()
        w.page.wait_for_selector("#table.play-watching")
        a.page.reload()
        for phone in (a, b, w):
            streaming(phone)

        # The drawer draws the card for the active commander: the others see the draw by
        # the stream; the card's value reaches the drawer's phone only.
        drawer_name = re.search(r"Drawer\s+(.+)", seen(a))
        assert drawer_name, seen(a)
        guest_name = b.page.locator("#table h2").first.inner_text()  # each phone: its own side first
        drawer = b if drawer_name.group(1).strip().startswith(guest_name.split("\n")[0]) else a
        before = w.version()
        heard = [heard_by(p) for p in (a, b, w)]
        drawer.tap("Draw a card")
        for phone in (a, b, w):
            phone.wait_version(before + 1)
        # Told by their streams, not by the 15 s safety poll:
        for phone, was in zip((a, b, w), heard, strict=True):
            if phone is not drawer:
                assert heard_by(phone) > was
        card = drawer.page.locator(".play-card-value").inner_text()
        for phone in (a, b, w):
            if phone is not drawer:
                assert phone.page.locator(".play-card-value").count() == 0
                assert f"card was {card}" not in seen(phone)
        for url, body in w.bodies:
            assert "play-card-value" not in body, url

        # The watcher's stream is refused from now on (a proxy that will not hold it):
        # the page falls back to the poll and still follows the game.
        w.context.route("**/stream/", lambda route: route.fulfill(status=204, body=""))
        w.page.reload()
        w.page.wait_for_selector('#table[data-live="poll"]')
        active = a if drawer is b else b
        before = w.version()
        active.tap("Another action?")
        w.wait_version(before + 1)

        # The guest's phone goes offline for a moment; taps meanwhile; back online it
        # catches up and opens its stream again.
        b.context.set_offline(True)
        b.page.wait_for_selector('#table[data-live="poll"]')
        active_version = a.version()
        a.page.locator("#table").get_by_role("button", name="Engaged").first.click()
        a.wait_version(active_version + 1)
        b.context.set_offline(False)
        streaming(b)
        for phone in (b, w):  # the guest by its stream again, the watcher by the poll
            phone.wait_version(a.version())
        assert b.page.get_attribute("#table", "data-live") == "stream"
