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
        do(game, "done", 0) if False else None
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


@pytest.mark.parametrize("system", sorted(EXAMPLES))
@pytest.mark.parametrize(("width", "height"), [(360, 740), (1280, 800)])
@pytest.mark.parametrize("dark", [False, True])
def test_shots(browser, live_server, rules_loaded, django_user_model, system, width, height, dark):
    context = browser.new_context(
        viewport={"width": width, "height": height},
        base_url=live_server.url,
        color_scheme="dark" if dark else "light",
    )
    page = context.new_page()
    user = log_in(page, django_user_model)
    game = mid_game(two_examples(user, system))
    page.goto(f"/games/{game.pk}/")
    page.wait_for_selector("#table")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{system}-{width}x{height}-{'dark' if dark else 'light'}.png")
        page.screenshot(
            path=f"{SHOTS}/{system}-{width}-{'dark' if dark else 'light'}-full.png", full_page=True
        )
    print(system, page.evaluate(ROWS_IN_VIEW, height))
