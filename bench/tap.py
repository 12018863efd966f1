"""Tap to redraw: from a stepper's click to the redrawn totals bar, by the page's own clock.

Used by `make bench` (reported, never asserted) and by the browser test that checks the
measurement works. The page records, for each tap on an attribute stepper:

- ``start``: the click event's timestamp (``event.timeStamp``, the same clock as
  ``performance.now()``);
- ``sent``: htmx's ``htmx:beforeRequest`` for the save the tap caused;
- ``answered``: ``htmx:beforeOnLoad`` (the server's answer fully received, before any
  swap: htmx's afterRequest comes after the swap);
- ``drawn``: the moment a MutationObserver sees the totals bar (``#summary``, swapped
  out of band with every answer) replaced.

So ``drawn - start`` is what the player waits for, ``sent - start`` the wait before the
save leaves, ``answered - sent`` the server and network, ``drawn - answered`` the
browser's swap. All in milliseconds.
"""

from __future__ import annotations

import statistics
from typing import Any

# Installed once per page load; taps are then read back from window.__taps.
RECORDER = """() => {
  if (window.__taps) return;
  const taps = (window.__taps = []);
  let current = null;
  document.addEventListener('click', (event) => {
    if (!event.target.closest || !event.target.closest('button[name=bump]')) return;
    current = {start: event.timeStamp, summary: document.getElementById('summary')};
    taps.push(current);
  }, true);
  document.addEventListener('htmx:beforeRequest', () => {
    if (current && current.sent === undefined) current.sent = performance.now();
  });
  document.addEventListener('htmx:beforeOnLoad', () => {
    if (current && current.sent !== undefined && current.answered === undefined) {
      current.answered = performance.now();
    }
  });
  new MutationObserver(() => {
    if (current && current.drawn === undefined && document.getElementById('summary') !== current.summary) {
      current.drawn = performance.now();
      current.summary = null;
      current = null;
    }
  }).observe(document.body, {childList: true, subtree: true});
}"""

READ = """() => window.__taps.map((t) => ({
  total: t.drawn - t.start, wait: t.sent - t.start, server: t.answered - t.sent, swap: t.drawn - t.answered,
}))"""


def measure_taps(
    page: Any, down: str, up: str, taps: int = 30, pause_ms: int = 150
) -> list[dict[str, float]]:
    """Tap the steppers ``down`` and ``up`` (CSS selectors on the open model's card) in
    turn, ``taps`` times, each after the one before is redrawn and ``pause_ms`` later.
    Returns one {"total", "wait", "server", "swap"} per tap, in milliseconds.
    Raises playwright's TimeoutError when a tap is never redrawn (60 s: a hang guard)."""
    page.evaluate(RECORDER)
    for n in range(taps):
        page.click(down if n % 2 == 0 else up)
        page.wait_for_function(
            "(n) => window.__taps.length === n && window.__taps[n - 1].drawn !== undefined"
            " && !document.querySelector('.htmx-request, .htmx-settling')",
            arg=n + 1,
            timeout=60_000,
        )
        page.wait_for_timeout(pause_ms)
    result: list[dict[str, float]] = page.evaluate(READ)
    return result


def percentile(values: list[float], share: float) -> float:
    """The ``share`` (0-1) percentile of ``values`` by nearest rank."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))
    return ordered[rank]


def summary(samples: list[dict[str, float]]) -> dict[str, float]:
    """p50 and p95 of the whole wait, and the medians of its three parts (ms)."""
    totals = [s["total"] for s in samples]
    return {
        "p50": statistics.median(totals),
        "p95": percentile(totals, 0.95),
        "wait": statistics.median(s["wait"] for s in samples),
        "server": statistics.median(s["server"] for s in samples),
        "swap": statistics.median(s["swap"] for s in samples),
    }


def phone_logged_in(browser: Any, url: str, username: str, password: str) -> Any:
    """A new 360x640 page of ``browser`` (Playwright) on ``url``, logged in through the
    real form as ``username``; it waits at My rosters."""
    page = browser.new_page(viewport={"width": 360, "height": 640}, base_url=url)
    page.set_default_timeout(60_000)
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button:has-text('Log in')")
    page.wait_for_url("**/rosters/")
    return page
