"""Long names without a space (a 150-character username, a 100-character Leader's name)
on a phone and a wide screen: the page never scrolls sideways, the totals bar stays one
or two short lines, and the site header is as tall as with a short name.

Set MUSTER_SHOTS to a folder to also save screenshots (light and dark)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from roster.rosters.operations import create_roster
from tests.browser.editor_helpers import PASSWORD, PATIENCE_MS, saved
from tests.brutality import example

pytestmark = pytest.mark.browser

LONG_WORD = "Supercalifragilisticexpialidociousmegawarriorofdoom" * 2  # 102 characters, no space
SIZES = {"phone": (360, 640), "wide": (1280, 800)}


def logged_in(browser, live_server, username, size):
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, base_url=live_server.url)
    context.set_default_timeout(PATIENCE_MS)
    page = context.new_page()
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("main button:has-text('Log in')")
    page.wait_for_url("**/rosters/")
    return context, page


def shoot(page, name):
    folder = os.environ.get("MUSTER_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=str(Path(folder) / f"{name}-{scheme}.png"))


def header_height(page):
    return page.locator("header.site").bounding_box()["height"]


@pytest.mark.parametrize("size", SIZES)
def test_a_long_leader_name_stays_inside_the_totals_bar(
    browser, live_server, rules_loaded, django_user_model, size
):
    user = django_user_model.objects.create_user("longname", password=PASSWORD)
    document = example("brutality-moderate-points")
    document["models"][0]["name"] = LONG_WORD[:100]
    roster = create_roster(user, document)
    context, page = logged_in(browser, live_server, "longname", size)
    try:
        for path in (f"/rosters/{roster.pk}/", f"/rosters/{roster.pk}/models/0/"):
            page.goto(path)
            saved(page)
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= SIZES[size][0], f"{path} scrolls sideways ({width} px)"
            bar = page.locator("#summary").bounding_box()
            assert bar["height"] <= 0.15 * 640, f"the totals bar is {bar['height']} px tall on {path}"
            assert page.locator("#leader-name").text_content() == LONG_WORD[:100]  # whole for screen readers
            shoot(page, f"long-leader-{size}-{'model' if 'models' in path else 'warband'}")
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_long_username_keeps_the_header_short(browser, live_server, rules_loaded, django_user_model, size):
    django_user_model.objects.create_user("short", password=PASSWORD)
    django_user_model.objects.create_user("b" * 150, password=PASSWORD)
    context, page = logged_in(browser, live_server, "short", size)
    short = header_height(page)
    context.close()
    context, page = logged_in(browser, live_server, "b" * 150, size)
    try:
        assert header_height(page) == short
        assert page.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size][0]
        logout = page.get_by_role("button", name="Log out " + "b" * 150)
        assert logout.is_visible()
        shoot(page, f"long-username-{size}")
        box = logout.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44
    finally:
        context.close()
