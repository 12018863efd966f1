"""`make bench` rows for play at the table (issue 19, docs/play.md): one action's round
trip (an htmx POST answered with the table's fragment) against the trivial view on the
same server, the table's fragment as a watcher's poll gets it after a change and at the
same version (roster.games.fragment), and a tap to the updated screen in Chromium,
timed by the page's own clock (play.js writes the milliseconds from the tap to the
morphed table in data-tap-ms)."""

from __future__ import annotations

import re
import statistics
import time
import uuid
from functools import partial
from typing import Any

from bench import load
from bench.server import Server
from bench.timing import ms, paired_timings

GAME = re.compile(r"/games/(\d+)/")
CHROMIUM = "/usr/bin/chromium"
TAPS = 60
ANSWERED = (
    "v => { const t = document.getElementById('table');"
    " return t && t.dataset.version !== v && t.dataset.tapMs; }"
)


def start_game(client: load.Client, roster_id: int) -> int:
    """Start a game from ``roster_id`` against a typed list; returns its id."""
    status, _ = client.request(
        "POST", f"/rosters/{roster_id}/play/", {"opponent": "typed", "typed": "Bandit chief, 5\nBandit, 2"}
    )
    if status != 302:
        raise RuntimeError(f"the game did not start ({status})")
    _, page = client.request("GET", "/games/")
    found = GAME.search(page)
    if found is None:
        raise RuntimeError("the game is not under My games")
    return int(found.group(1))


def round_trip_row(server: Server) -> dict[str, Any]:
    """Wound then heal the opponent's Bandit chief, as htmx sends it, paired with /healthz."""
    client = load.Client(server.url)
    client.log_in(server.seed["username"], server.seed["password"])
    game = start_game(client, server.seed["rosters"][0])
    trivial = load.Client(server.url)
    flip = [False]

    def act() -> int:
        flip[0] = not flip[0]
        form = {
            "id": uuid.uuid4().hex,
            "side": "0",
            "target": "1",
            "model": "0",
            "do": "wound" if flip[0] else "heal",
        }
        status, _ = client.request("POST", f"/games/{game}/act/", form, {"HX-Request": "true"})
        if status != 200:
            raise RuntimeError(f"an action answered {status}")
        return status

    for _ in range(10):
        act()
        trivial.request("GET", "/healthz")
    acts, base = paired_timings(act, partial(trivial.request, "GET", "/healthz"), rounds=200, seconds=40)
    ratio = statistics.median(acts) / statistics.median(base)
    return {
        "measure": "play: one action's round trip (SQLite)",
        "value": round(ms(acts), 2),
        "unit": "ms median",
        "detail": f"p95 {ms(acts, 0.95):.2f} ms; trivial view {ms(base):.2f} ms; ratio {ratio:.1f}x; "
        f"log of {len(acts) + 10} actions",
        "budget": "<= 6x trivial",
        "met": ratio <= 6,
    }


CODE = re.compile(r'class="play-code"[^>]*>([A-Z0-9]{5})<')


def fragment_row(server: Server, rounds: int = 150, seconds: float = 40) -> dict[str, Any]:
    """The table's fragment as a watcher's poll gets it (GET /games/<id>/state/, no
    If-None-Match): after each change (the owner taps, untimed: a fresh render for the
    watcher's eyes) and again at the same version (the kept fragment, as the second
    watcher gets it), each against /healthz in the same round."""
    owner = load.Client(server.url)
    owner.log_in(server.seed["username"], server.seed["password"])
    game = start_game(owner, server.seed["rosters"][0])
    _, page = owner.request("GET", f"/games/{game}/")
    found = CODE.search(page)
    if found is None:
        raise RuntimeError("the owner's table shows no join code")
    watcher = load.Client(server.url)
    watcher.request("GET", f"/join/{found.group(1)}/")  # the CSRF cookie
    status, _ = watcher.request("POST", f"/join/{found.group(1)}/", {"choice": "watch"})
    if status != 302:
        raise RuntimeError(f"watching answered {status}")
    state = f"/games/{game}/state/"
    fresh: list[float] = []
    kept: list[float] = []
    base: list[float] = []
    stop = time.monotonic() + seconds
    n = 0
    while len(fresh) < rounds + 5 and time.monotonic() < stop:
        n += 1
        form = {"id": uuid.uuid4().hex, "side": "0", "target": "1", "model": "0"}
        form["do"] = "wound" if n % 2 else "heal"
        if owner.request("POST", f"/games/{game}/act/", form, {"HX-Request": "true"})[0] != 200:
            raise RuntimeError("an action was refused")
        for out, path in ((fresh, state), (kept, state), (base, "/healthz")):
            start = time.perf_counter()
            answered, _ = watcher.request("GET", path, None, {"HX-Request": "true"})
            out.append(time.perf_counter() - start)
            if answered != 200:
                raise RuntimeError(f"{path} answered {answered}")
    fresh, kept, base = fresh[5:], kept[5:], base[5:]  # the first rounds warm up
    ratio = statistics.median(fresh) / statistics.median(base)
    return {
        "measure": "play: table fragment after a change (a watcher's poll)",
        "value": round(ms(fresh), 2),
        "unit": "ms median",
        "detail": f"p95 {ms(fresh, 0.95):.2f} ms; kept (same version) {ms(kept):.2f} ms; "
        f"trivial view {ms(base):.2f} ms; ratio {ratio:.1f}x (kept "
        f"{statistics.median(kept) / statistics.median(base):.1f}x) over {len(fresh)} changes",
        "budget": "<= 4x trivial",
        "met": ratio <= 4,
    }


def tap_row(server: Server) -> dict[str, Any]:
    """Tap Wound / Heal on a 360 px phone in Chromium; p95 of tap -> updated table."""
    from playwright.sync_api import sync_playwright

    from bench.tap import phone_logged_in

    client = load.Client(server.url)
    client.log_in(server.seed["username"], server.seed["password"])
    game = start_game(client, server.seed["rosters"][0])
    samples: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"], headless=True
        )
        page = phone_logged_in(browser, server.url, server.seed["username"], server.seed["password"])
        page.goto(f"/games/{game}/")
        for i in range(TAPS + 5):
            before = page.get_attribute("#table", "data-version")
            name = "Wound Bandit chief" if i % 2 == 0 else "Heal Bandit chief"
            page.get_by_role("button", name=name, exact=True).click()
            page.wait_for_function(ANSWERED, arg=before)
            if i >= 5:  # the first taps warm the page up
                samples.append(float(page.get_attribute("#table", "data-tap-ms") or "nan") / 1000)
        browser.close()
    p95 = ms(samples, 0.95)
    return {
        "measure": "play: tap to updated screen (Chromium, 360 px)",
        "value": round(p95, 1),
        "unit": "ms p95",
        "detail": f"median {ms(samples):.1f} ms over {len(samples)} taps, the page's own clock",
        "budget": "< 100 ms (aim)",
        "met": p95 < 100,
    }


def play_rows(server: Server) -> list[dict[str, Any]]:
    """The three rows."""
    return [round_trip_row(server), fragment_row(server), tap_row(server)]
