"""The event page on a narrow phone (issue 41 item 5, docs/events.md): the player's own
table above the player list, the standings readable at 320 px and scrollable by
keyboard (a focusable region with a name: axe clean), and the register page's limits."""

from __future__ import annotations

import os
import random
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.utils import timezone
from playwright.sync_api import expect

from roster.events import operations
from roster.events.models import Entry, Event, Pairing
from roster.rosters.operations import create_roster
from tests.browser.editor_helpers import PASSWORD
from tests.ih import example

pytestmark = pytest.mark.browser

NORTHMEN = "iron-and-honor-northmen-raiding-party"
AXE = Axe()
#: Where the screenshots go when asked for (MUSTER_SHOTS=/work/shots/ev-small).
SHOTS = os.environ.get("MUSTER_SHOTS", "")


def an_event_in_round_1(django_user_model: Any) -> tuple[Event, Event]:
    """Olga's Winter Cup, six players accepted (long names too), round 1 paired and one
    result in; and her Spring Cup, open for registration with a deadline."""
    olga = django_user_model.objects.create_user("olga", password=PASSWORD)
    event = operations.create_event(olga, "iron-and-honor", "Winter Cup", options={"game_size": "medium"})
    for name in ("pat", "quinn", "rae", "sam", "tia", "ulrike-von-der-langen-strasse"):
        user = django_user_model.objects.create_user(name, password=PASSWORD)
        operations.submit(event, user, create_roster(user, example(NORTHMEN)), name.title())
    Entry.objects.update(status=Entry.ACCEPTED)
    operations.pair_round(event, random.Random(5))
    other = Pairing.objects.exclude(a__player__username="pat").exclude(b__player__username="pat").first()
    operations.record(other, olga, "a", 12, 7)
    spring = operations.create_event(
        olga,
        "iron-and-honor",
        "Spring Cup",
        options={"game_size": "medium"},
        deadline=timezone.now() + timedelta(days=3),
    )
    return event, spring


def logged_in(
    browser: Any, live_server: Any, username: str, width: int, height: int, dark: bool = False
) -> Any:
    context = browser.new_context(
        viewport={"width": width, "height": height},
        base_url=live_server.url,
        color_scheme="dark" if dark else "light",
    )
    page = context.new_page()
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button:has-text('Log in')")
    page.wait_for_url("**/rosters/")
    return page


def serious(page: Any) -> list[str]:
    """The serious and critical axe violations on the page, as "rule: selector" lines."""
    results = AXE.run(page)
    return [
        f"{v['id']}: {n['target']}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
        for n in v["nodes"]
    ]


def test_at_320_px_your_table_comes_first_and_the_standings_fit_and_scroll_by_keyboard(
    browser, live_server, rules_loaded, django_user_model
):
    event, _ = an_event_in_round_1(django_user_model)
    page = logged_in(browser, live_server, "pat", 320, 640)
    page.goto(f"/events/{event.pk}/")
    yours = page.locator("#your-table").bounding_box()
    players = page.locator("#players-head").bounding_box()
    assert yours is not None and players is not None and yours["y"] < players["y"]
    # Nothing is wider than the phone: the page never scrolls sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    # The standings: a region named by its heading, reached by Tab, and scrolled by the
    # arrow keys when wider than the screen.
    region = page.get_by_role("region", name="Standings table")
    assert region.get_attribute("tabindex") == "0"
    region.focus()
    assert page.evaluate("document.activeElement.classList.contains('table-wrap')")
    # At 320 px every column fits (each list's fingerprint under its player's name).
    assert page.evaluate("(el) => el.scrollWidth <= el.clientWidth", region.element_handle())
    box = region.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 320
    fingerprint = Entry.objects.get(player__username="pat").fingerprint
    expect(region.locator("th[scope=row]", has_text="Pat").locator("code")).to_have_text(fingerprint)
    expect(region.locator("th[scope=row]", has_text="Pat").locator("code")).to_be_visible()
    # Narrower than its table (a longer name, a larger font), it scrolls by the arrow keys.
    page.evaluate("(el) => { el.style.width = '150px'; }", region.element_handle())
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.activeElement.scrollLeft > 0")
    assert serious(page) == []
    # The organiser's page (the review, rename and pairing forms), dark, at 320 px too.
    olga = logged_in(browser, live_server, "olga", 320, 640, dark=True)
    olga.goto(f"/events/{event.pk}/")
    olga.locator("details.rename summary").first.click()
    assert olga.evaluate("document.documentElement.scrollWidth") <= 320
    assert serious(olga) == []
    if SHOTS:
        shoot(browser, live_server, event)


def shoot(browser: Any, live_server: Any, event: Event) -> None:
    """The register page and the event page at 320x640, 360x640 and 1280x800, light and
    dark, full page, into SHOTS."""
    spring = Event.objects.get(name="Spring Cup")
    out = Path(SHOTS)
    out.mkdir(parents=True, exist_ok=True)
    for width, height in ((320, 640), (360, 640), (1280, 800)):
        for dark in (False, True):
            look = f"{width}x{height}-{'dark' if dark else 'light'}"
            page = logged_in(browser, live_server, "pat", width, height, dark)
            page.goto(f"/events/{event.pk}/")
            page.screenshot(path=str(out / f"event-player-{look}.png"), full_page=True)
            page.goto(f"/register/{spring.code}/")
            page.screenshot(path=str(out / f"register-{look}.png"), full_page=True)
            page.context.close()
            page = logged_in(browser, live_server, "olga", width, height, dark)
            page.goto(f"/events/{event.pk}/")
            page.screenshot(path=str(out / f"event-organiser-{look}.png"), full_page=True)
            page.context.close()
