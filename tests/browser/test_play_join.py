"""The join flow at 360x640, light and dark (issue 20): the owner's join panel (QR code,
link, code), the join page's choice, the other side's and the watcher's tables; 44 px
targets and nothing wider than the phone. Screenshots go to MUSTER_SHOTS when set."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from roster.games.models import Game
from tests.browser.editor_helpers import measure_targets
from tests.browser.test_play_live import start

pytestmark = pytest.mark.browser


def shot(page: Any, name: str) -> None:
    folder = os.environ.get("MUSTER_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def wide(page: Any) -> bool:
    return bool(page.evaluate("() => document.documentElement.scrollWidth > window.innerWidth + 1"))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_join_flow_at_360(browser, live_server, rules_loaded, django_user_model, scheme):
    game, a, b, w = start(browser, live_server, django_user_model, "beestwars-clovis-300")
    for phone in (a, b, w):
        phone.page.emulate_media(color_scheme=scheme)
    a.page.goto(f"/games/{game.pk}/#join")
    a.page.locator("#join").evaluate("d => { d.open = true; }")
    a.page.evaluate("() => window.scrollTo(0, 0)")
    assert a.page.locator("#join svg").count() == 1
    assert len(a.page.locator(".play-code").inner_text()) == 5
    shot(a.page, f"join-panel-360-{scheme}")
    fresh = browser.new_context(viewport={"width": 360, "height": 640}, base_url=live_server.url)
    page = fresh.new_page()
    page.emulate_media(color_scheme=scheme)
    game.refresh_from_db()
    Game.objects.filter(pk=game.pk).update(side_hash="")  # as before B took it
    page.goto(f"/join/{game.code}/")
    assert page.get_by_role("button", name="Play the other side: Bandits").is_visible()
    assert page.get_by_role("button", name="Watch").is_visible()
    assert not wide(page)
    assert measure_targets(page, "main") == []
    shot(page, f"join-choice-360-{scheme}")
    page.goto("/join/")
    shot(page, f"join-code-360-{scheme}")
    fresh.close()
    for name, phone in (("watcher", w),):
        phone.page.reload()
        assert not wide(phone.page)
        shot(phone.page, f"join-{name}-table-360-{scheme}")
    assert measure_targets(w.page, "#table") == []
    for p in (a, b, w):
        p.context.close()
