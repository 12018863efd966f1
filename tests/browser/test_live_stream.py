"""Live tables pushed (issue 30), in Chromium at 360x640 against a real ASGI server
(gunicorn with a uvicorn worker, bench.server): two players and a watcher each hold a
stream; a tap shows on the others by the stream; a phone whose stream is refused falls
back to the poll and still follows; a phone offline for a while comes back, catches up
and opens its stream again; a phone asleep for 30 s wakes to the game as the others see
it; the watcher's stream and table never carry the card drawn for the active commander."""

from __future__ import annotations

import re
import time
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


#: Set before the page's scripts: every event a page's streams bring, kept for the test.
RECORD_STREAMS = """(() => {
  const Real = window.EventSource;
  window.__streamed = [];
  window.EventSource = function (url, init) {
    const source = new Real(url, init);
    source.addEventListener("table", (e) => window.__streamed.push(e.data));
    source.addEventListener("message", (e) => window.__streamed.push(e.data));
    return source;
  };
  window.EventSource.prototype = Real.prototype;
})();"""


def streamed(phone: Phone) -> list[str]:
    """The data of every event this page's streams brought since it was loaded."""
    return phone.page.evaluate("() => window.__streamed || []")


def seated(browser: Any, server: Any) -> tuple[Phone, Phone, Phone]:
    """A Beestwars game on ``server``: the owner's phone, the other side's (joined by
    the code) and a watcher's, each at 360x640 with its stream open."""
    owner = load.Client(server.url)
    owner.log_in(server.seed["username"], server.seed["password"])
    pk = start_game(owner, server.seed["beestwars"])
    a, b, w = (Phone(browser, server.url) for _ in range(3))
    for phone in (a, b, w):
        phone.context.add_init_script(RECORD_STREAMS)
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
    return a, b, w


def test_three_phones_follow_by_stream_fall_back_to_the_poll_and_recover(browser: Any) -> None:
    with serve(workers=1, rosters=1, settings=SETTINGS, asgi=True) as server:
        a, b, w = seated(browser, server)
        # The stream comes gzipped, as Chromium asks (issue 38: one gzip stream, flushed
        # after each event, so every table below still arrives at once).
        with a.page.expect_response(lambda r: r.url.endswith("/stream/")) as opened:
            a.page.reload()
        assert opened.value.headers.get("content-encoding") == "gzip"
        streaming(a)

        # The drawer draws the card for the active commander: the others see the draw by
        # the stream; the card's value reaches the drawer's phone only.
        drawer_name = re.search(r"Drawer\s*(.+)", seen(a))
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
        drawn = drawer.version()
        for phone in (a, b, w):
            if phone is not drawer:
                assert phone.page.locator(".play-card-value").count() == 0
                assert f"card was {card}" not in seen(phone)
        for url, body in w.bodies:
            assert "play-card-value" not in body, url
        # The tables the streams pushed: the draw reached the watcher and the other side
        # by them, never the card.
        for phone in (a, b, w):
            if phone is not drawer:
                pushed = streamed(phone)
                assert any(f'data-version="{drawn}"' in data for data in pushed), (drawn, len(pushed))
                assert not any("play-card-value" in data or f"card was {card}" in data for data in pushed)

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


def test_a_phone_asleep_for_30_s_wakes_to_the_game_as_the_others_see_it(browser: Any) -> None:
    """The guest's phone is frozen for 30 s (Chromium's page lifecycle "frozen", as a
    phone's browser does to a page when the screen goes off): two taps meanwhile, one on
    each side of a heartbeat. Woken, it shows the game as the owner's and the watcher's
    phones do, and its stream is open."""
    with serve(workers=1, rosters=1, settings=SETTINGS, asgi=True) as server:
        a, b, w = seated(browser, server)
        lifecycle = b.context.new_cdp_session(b.page)
        lifecycle.send("Page.setWebLifecycleState", {"state": "frozen"})
        asleep = time.monotonic()
        a.page.locator("#table").get_by_role("button", name="Engaged").first.click()
        a.wait_version(1)
        b.page.wait_for_timeout(16_000)  # past the stream's 15 s heartbeat
        a.page.locator("#table").get_by_role("button", name="Engaged").nth(1).click()
        a.wait_version(2)
        b.page.wait_for_timeout(max(0, 30_000 - (time.monotonic() - asleep) * 1000))
        lifecycle.send("Page.setWebLifecycleState", {"state": "active"})
        for phone in (b, w):
            phone.wait_version(2)
        streaming(b)
        assert b.log() == a.log() == w.log() and len(a.log()) >= 2, (a.log(), b.log(), w.log())
