"""Tiny Skirmish (tests/systems/tiny/, registered by the recipe of docs/new-system.md) in
a real Chromium: a player starts a roster of the test-only system, adds a fighter and sees
its cost, then renames it."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from roster.rosters.models import Roster
from roster.rosters.operations import create_roster, load_system
from tests.browser.editor_helpers import PATIENCE_MS
from tests.systems.tiny.register import registered

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser: Any, live_server: Any, rules_loaded: None, settings: Any, monkeypatch: Any) -> Any:
    with registered(settings, monkeypatch):
        load_system("tiny")
        context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=live_server.url)
        context.set_default_timeout(PATIENCE_MS)
        yield context.new_page()
        context.close()


def test_a_player_adds_a_tiny_fighter_and_sees_its_cost(page: Any, django_user_model: Any) -> None:
    django_user_model.objects.create_user("tinkerer", password="a-long-pass-phrase")
    page.goto("/accounts/login/")
    page.fill("#id_username", "tinkerer")
    page.fill("#id_password", "a-long-pass-phrase")
    page.click("button:has-text('Log in')")
    page.wait_for_url("**/rosters/")
    page.goto("/rosters/new/?system=tiny")
    page.get_by_label("Warband name").fill("Pocket army")
    page.get_by_label("Points limit").fill("4")
    page.get_by_role("button", name="Create").click()
    page.wait_for_url("**/rosters/*/")
    page.get_by_label("Add a model").select_option("brute")
    page.get_by_role("button", name="Add", exact=True).click()
    row = page.locator("#row-0")
    row.wait_for()
    assert row.locator(".row-kind").inner_text() == "Brute"
    assert row.locator(".row-cost").inner_text() == "5 points"
    assert "over the limit of 4" in page.locator("#issues").inner_text()
    page.get_by_label("Name").fill("Grub")
    page.wait_for_function("() => document.querySelector('#row-0 .row-name').textContent === 'Grub'")
    assert Roster.objects.get().document["models"] == [{"name": "Grub", "kind": "Brute"}]
    _shots(page)


def _shots(page: Any) -> None:
    """With MUSTER_SHOTS=DIR, the card at 1280x800 and 360x640, light and dark."""
    folder = os.environ.get("MUSTER_SHOTS")
    if not folder:
        return
    for width, height in ((1280, 800), (360, 640)):
        for scheme in ("light", "dark"):
            page.set_viewport_size({"width": width, "height": height})
            page.emulate_media(color_scheme=scheme)
            page.screenshot(path=str(Path(folder) / f"tiny-card-{width}-{scheme}.png"))


def test_a_system_without_rules_of_play_says_so_instead_of_a_play_button(
    page: Any, django_user_model: Any
) -> None:
    from axe_playwright_python.sync_playwright import Axe

    user = django_user_model.objects.create_user("tinkerer", password="a-long-pass-phrase")
    document = {"format": "muster.roster/1", "system": "tiny", "name": "Pocket army"}
    roster = create_roster(user, {**document, "options": {"points_limit": 10}, "models": []})
    page.goto("/accounts/login/")
    page.fill("#id_username", "tinkerer")
    page.fill("#id_password", "a-long-pass-phrase")
    page.click("button:has-text('Log in')")
    page.wait_for_url("**/rosters/")
    assert page.get_by_role("link", name="Play").count() == 0
    page.goto(f"/rosters/{roster.pk}/")
    assert page.get_by_role("link", name="Play", exact=True).count() == 0
    page.goto(f"/rosters/{roster.pk}/play/")
    assert "no rules of play at the table for Tiny Skirmish" in page.locator("main").inner_text()
    folder = Path(os.environ.get("MUSTER_SHOTS", "/work/shots/play-plugin"))
    folder.mkdir(parents=True, exist_ok=True)
    for width, height in ((1280, 800), (360, 640)):
        for scheme in ("light", "dark"):
            page.set_viewport_size({"width": width, "height": height})
            page.emulate_media(color_scheme=scheme)
            violations = [v["id"] for v in Axe().run(page).response["violations"]]
            assert violations == [], (width, scheme, violations)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            page.screenshot(path=str(folder / f"not-playable-{width}-{scheme}.png"), full_page=True)
