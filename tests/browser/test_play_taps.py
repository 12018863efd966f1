"""Taps per common action (issue 40 item 4), counted in a real Chromium with two phones
and a watcher (tests/browser/test_play_live.start): an Iron & Honor attack that wounds
and a Beestwars attack that stuns in at most four taps each, the log holding the same
events as the longer way. Screenshots of the menus used (360x740, light and dark) go to
MUSTER_SHOTS when set."""

from __future__ import annotations

import os
from typing import Any

import pytest

from roster.games import operations
from tests.browser.test_play_live import Phone, converge, start, stored

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("MUSTER_SHOTS", "")


class Counted:
    """A phone's taps, counted: every click on the table is one."""

    def __init__(self, phone: Phone) -> None:
        self.phone = phone
        self.taps = 0

    def tap(self, name: str) -> None:
        self.taps += 1
        self.phone.tap(name)

    def open(self, selector: str) -> None:
        """Open a disclosure (a row's More): a tap too."""
        self.taps += 1
        self.phone.page.locator(selector).click()


def shoot(phone: Phone, name: str) -> None:
    if SHOTS:
        phone.page.set_viewport_size({"width": 360, "height": 740})
        for scheme in ("light", "dark"):
            phone.page.emulate_media(color_scheme=scheme)
            phone.page.screenshot(path=f"{SHOTS}/{name}-{scheme}.png")


def test_an_iron_and_honor_attack_that_wounds_in_four_taps(
    browser: Any, live_server: Any, rules_loaded: None, django_user_model: Any
) -> None:
    """Draw, Activate (Muster rolls it, p.31), Close Combat Attack on the acting row
    (p.34), Wound on the target's row (p.12): 4 taps (6 before)."""
    game, a, b, w = start(browser, live_server, django_user_model, "iron-and-honor-ghrim-company")
    taps = {0: Counted(a), 1: Counted(b)}
    taps[0].tap("Draw a die")
    converge(game, a, b, w)
    state = operations.state_of(stored(game))
    drawn = state.public["drawn"]
    me, foe = state.sides[drawn].models[0], state.sides[1 - drawn].models[0]
    mine = taps[drawn]
    mine.tap(f"Activate {me.name}")
    converge(game, a, b, w)
    shoot(mine.phone, "iron-and-honor-acting-row")
    mine.tap(f"Close Combat Attack {me.name}")
    converge(game, a, b, w)
    mine.tap(f"Wound {foe.name}")
    converge(game, a, b, w)
    assert taps[0].taps + taps[1].taps == 4
    assert [e.action for e in stored(game).event_models] == ["draw", "activate", "roll", "ap", "wound"]
    after = operations.state_of(stored(game))
    assert not any(line.refused for line in after.log)
    assert after.sides[1 - drawn].models[0].wounds == foe.wounds - 1
    for phone in (a, b, w):
        assert any("Close Combat Attack (1 action point" in line for line in phone.log())


def test_a_beestwars_charge_that_stuns_in_four_taps(
    browser: Any, live_server: Any, rules_loaded: None, django_user_model: Any
) -> None:
    """Draw (the other commander, p.4), More and Charge on the fighter's row (a point of
    Froth, p.6), Stunned on the enemy's row: 4 taps; a Move is two (draw, Move)."""
    game, a, b, w = start(browser, live_server, django_user_model, "beestwars-clovis-300")
    state = operations.state_of(stored(game))
    phones = {0: Counted(a), 1: Counted(b)}
    drawer, active = phones[state.public["drawer"]], phones[state.public["next_active"]]
    assert state.public["next_active"] == 0  # the book's default: the roster's side first
    drawer.tap("Draw a card")
    converge(game, a, b, w)
    row = "#m-0-2"  # Narbonensis the Mean, Ready
    active.open(f"{row} .play-more > summary")
    shoot(active.phone, "beestwars-action-menu")
    active.tap("Charge (Action, Narbonensis the Mean)")
    converge(game, a, b, w)
    active.tap("Stunned Bandit chief")
    converge(game, a, b, w)
    assert drawer.taps + active.taps == 4
    events = stored(game).event_models
    assert [(e.action, e.value) for e in events] == [
        ("draw", None),
        ("act", "Charge"),
        ("status", "Stunned"),
    ]
    after = operations.state_of(stored(game))
    assert after.sides[1].models[0].status == "stunned"
    assert after.sides[0].resources["Froth"] == 4
    # A Move: one tap on the row.
    before = active.taps
    active.tap("Move Pell")
    converge(game, a, b, w)
    assert active.taps - before == 1 and stored(game).event_models[-1].value == "Move"
