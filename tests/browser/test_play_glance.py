"""The table read at a glance (issue 40 items 4 and 5): on the first screen of a
360x740 phone at least five model rows in play, the game head one line, the set-up
notices folded once read; leaders, heroes and standard bearers marked in words; the
model's line on its row; killed rows without tokens; the question beside its row."""

from __future__ import annotations

import os
from typing import Any

import pytest

from roster.games import operations
from roster.games.models import Game
from roster.games.sides import roster_side
from roster.rosters.operations import create_roster
from rules.play.core import Event, Snapshot
from tests.browser.editor_helpers import PASSWORD
from tests.browser.test_play import EXAMPLES
from tests.ih import example

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("MUSTER_SHOTS")

# Model rows in play whose top is on the first screen (740 px tall).
ROWS_IN_VIEW = """h => [...document.querySelectorAll('.play-row:not(.killed)')]
  .filter(r => { const b = r.getBoundingClientRect(); return b.height > 0 && b.top < h; }).length"""


def two_examples(user: Any, system: str) -> Game:
    """A game of ``system``'s example roster against itself (both real rosters)."""
    roster = create_roster(user, example(EXAMPLES[system]))
    other = create_roster(user, example(EXAMPLES[system]))
    from roster.games.sides import told_apart

    first = roster_side(roster)
    snapshot = Snapshot(system=system, sides=(first, told_apart(first, roster_side(other))))
    return operations.start_game(user, snapshot, f"{roster.name} v {other.name}")


def log_in(page: Any, django_user_model: Any) -> Any:
    user = django_user_model.objects.create_user("glance", password=PASSWORD)
    page.goto("/accounts/login/")
    page.fill("#id_username", "glance")
    page.fill("#id_password", PASSWORD)
    page.click("button:has-text('Log in')")
    page.wait_for_url("**/rosters/")
    return user


def do(
    game: Game,
    action: str,
    side: int = 0,
    target: int | None = None,
    model: int | None = None,
    value: Any = None,
) -> Game:
    import uuid

    event = Event(id=uuid.uuid4().hex, side=side, action=action, target=target, model=model, value=value)
    return operations.act(Game.objects.get(pk=game.pk), event).game


def mid_game(game: Game) -> Game:
    """A game of ``two_examples`` in its first turn with a wound, a token or a status, a
    kill and a model acting now."""
    state = operations.state_of(Game.objects.get(pk=game.pk))
    system = game.system
    if system == "iron-and-honor":
        do(game, "wound", 1, 1, 3, 1)
        do(game, "wound", 1, 1, 3, 1)  # Sigrun killed
        do(game, "wound", 0, 0, 0, 1)
        game = do(game, "draw", 0)
        state = operations.state_of(Game.objects.get(pk=game.pk))
        whose = int(state.public["drawn"])
        do(game, "activate", whose, whose, 1)
        do(game, "roll", whose, value=5)
    elif system == "brutality":
        do(game, "activate", 0, 0, 1)
        do(game, "token", 0, 1, 2, "Bleeding")
        for _ in range(3):
            do(game, "wound", 0, 1, 3, 1)  # Vesk killed
        do(game, "wound", 0, 0, 0, 1)
    else:
        drawer = int(state.public["drawer"])
        do(game, "draw", drawer)
        state = operations.state_of(Game.objects.get(pk=game.pk))
        active = int(state.active)
        do(game, "act", active, active, 3, "Move")
        do(game, "status", active, 1 - active, 4, "Stunned")
        do(game, "status", active, 1 - active, 5, "Killed")
    return Game.objects.get(pk=game.pk)


LOOKS = [(360, 740, False), (360, 740, True), (1280, 800, False), (1280, 800, True)]


def look(browser: Any, base_url: str, width: int, height: int, dark: bool, cookies: list[Any]) -> Any:
    """A page of a new context of that size and theme, logged in with ``cookies``."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        base_url=base_url,
        color_scheme="dark" if dark else "light",
    )
    context.add_cookies(cookies)
    return context.new_page()


@pytest.mark.parametrize("system", sorted(EXAMPLES))
def test_five_model_rows_in_play_on_the_first_screen_of_a_phone(
    browser, live_server, rules_loaded, django_user_model, system
):
    """Issue 40: at 360x740, mid-game (a wound, a kill, a model acting), at least five
    model rows in play start on the first screen: the site header folded into a menu, the
    game's name in the sides' heads, the notices and set-up folded to a line."""
    page = look(browser, live_server.url, 360, 740, False, [])
    user = log_in(page, django_user_model)
    game = mid_game(two_examples(user, system))
    page.goto(f"/games/{game.pk}/")
    page.wait_for_selector("#table")
    rows = page.evaluate(ROWS_IN_VIEW, 740)
    print(system, "rows on the first screen:", rows)
    assert rows >= 5
    assert not page.locator("header.site").is_visible()
    menu = page.locator(".play-menu > summary")
    assert menu.is_visible()
    menu.click()
    assert page.locator(".play-menu").get_by_role("link", name="My games").is_visible()
    assert page.locator("h1").count() == 1, "the page keeps its <h1> (read out, not shown)"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    if SHOTS:
        cookies = page.context.cookies()
        for width, height, dark in LOOKS:
            shot = look(browser, live_server.url, width, height, dark, cookies)
            shot.goto(f"/games/{game.pk}/")
            shot.wait_for_selector("#table")
            theme = "dark" if dark else "light"
            shot.screenshot(path=f"{SHOTS}/{system}-{width}x{height}-{theme}.png")
            if width == 360 and not dark:
                shot.locator(".play-rules > summary").click()
                shot.screenshot(path=f"{SHOTS}/{system}-{width}-{theme}-whole.png", full_page=True)
            shot.context.close()


def test_the_bar_question_and_rows_keep_their_words_on_a_phone(
    browser, live_server, rules_loaded, django_user_model
):
    """A Brutality Leader's row says "Leader" beside its name; the row's line is one
    line high at 360 px (compact), and its stats read as numbers."""
    page = look(browser, live_server.url, 360, 740, False, [])
    user = log_in(page, django_user_model)
    game = mid_game(two_examples(user, "brutality"))
    page.goto(f"/games/{game.pk}/")
    leader = page.locator("#m-0-0")
    assert leader.locator(".play-rank").inner_text().strip().endswith("Leader")
    line = leader.locator(".play-line-row")
    assert " ".join(line.inner_text().split()) == "Move 8 FS 7 Dex 6 Will 5 Atk 1 Save 3"
    height = line.evaluate("e => e.getBoundingClientRect().height")
    assert height <= 1.6 * line.evaluate("e => parseFloat(getComputedStyle(e).lineHeight) || 16")
    killed = page.locator("#m-1-3")
    assert "killed" in (killed.get_attribute("class") or "")
    assert killed.locator(".play-token").count() == 0 and killed.locator(".play-line-row").count() == 0
