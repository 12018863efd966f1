"""No turn, activation or game ended by the other phone unasked (issue 40 item 3), on
three phones per system (two players and a watcher: tests/browser/test_play_live.py's
Phone, start, converge).

- Brutality: "Next turn" on the other phone while models wait is asked first, naming
  them; confirmed, its log line names them and the side cut short undoes it.
- Iron & Honor: while the active model has action points the other phone cannot draw;
  the active player is asked first.
- Beestwars: ending an activation with known actions left is asked first; the other
  commander cannot end it.
- Every system: End the game proposes; the other phone accepts or refuses; after the
  owner reopens, every phone goes back to the table.

Screenshots of the question and of the proposal at 360x740, light and dark, go to
MUSTER_SHOTS when set (docs/testing.md)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from roster.games import operations
from tests.browser.editor_helpers import wait_until
from tests.browser.test_accessibility import serious
from tests.browser.test_play_live import Phone, converge, start, stored

pytestmark = pytest.mark.browser


def shoot(phone: Phone, name: str, focus: str) -> None:
    """The phone's screen at 360x740 with ``focus`` in view, light then dark: no serious
    axe violation in either, and a screenshot of each in MUSTER_SHOTS when set."""
    folder = os.environ.get("MUSTER_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
    page = phone.page
    page.set_viewport_size({"width": 360, "height": 740})
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.locator(focus).first.scroll_into_view_if_needed()
        assert serious(page) == [], (name, scheme)
        if folder:
            page.screenshot(path=str(Path(folder) / f"{name}-{scheme}.png"))
    page.emulate_media(color_scheme="light")


def propose_and_answer(proposer: Phone, answerer: Phone, watcher: Phone, winner: str, shots: str) -> None:
    """``proposer`` ends the game (asked first), the proposal reaches both other phones;
    ``answerer`` refuses it once (play goes on), then accepts a second one."""
    for round_ in ("refuse", "accept"):
        proposer.page.select_option("#play-winner", winner)
        proposer.page.get_by_role("button", name="End the game", exact=True).click()
        preview = proposer.page.locator(".play-end-preview").inner_text()
        assert "The other player is asked on their phone" in preview
        if round_ == "refuse":
            shoot(proposer, f"{shots}-end-propose", ".play-end-preview")
        proposer.page.get_by_role("button", name="Yes, ask the other player").click()
        proposer.page.wait_for_selector(".play-end-offer")
        offer = answerer.page.locator(".play-end-offer")
        offer.wait_for()
        assert "proposes to end the game" in offer.inner_text()
        watching = watcher.page.locator(".play-end-offer")
        watching.wait_for()
        assert watching.get_by_role("button").count() == 0, "a watcher does not answer"
        game_over = stored_game(proposer)
        assert game_over.finished is None, "one phone alone never ends it"
        if round_ == "refuse":
            shoot(answerer, f"{shots}-end-offer", ".play-end-offer")
            offer.get_by_role("button", name="Refuse: play on").click()
            proposer.page.wait_for_selector(".play-end-offer", state="detached")
            assert stored_game(proposer).finished is None
        else:
            offer.get_by_role("button", name="Accept: end the game").click()
            answerer.page.wait_for_url("**/result/")


def stored_game(phone: Phone) -> Any:
    from roster.games.models import Game

    return Game.objects.get(pk=int(phone.page.get_attribute("#table", "data-game")))


def reopen_followed(game: Any, owner: Phone, other: Phone, watcher: Phone) -> None:
    for phone in (owner, other, watcher):
        phone.page.wait_for_url(f"**/games/{game.pk}/result/")
    owner.page.get_by_role("button", name="Reopen the game").click()
    owner.page.wait_for_url(f"**/games/{game.pk}/")
    for phone in (other, watcher):  # pushed (or polled): every phone is back at the table
        phone.page.wait_for_url(f"**/games/{game.pk}/")
        phone.page.wait_for_selector("#table")
    assert stored(game).finished is None


def test_brutality_next_turn_is_asked_undone_by_the_side_cut_short_and_the_end_agreed(
    browser: Any, live_server: Any, rules_loaded: None, django_user_model: Any
) -> None:
    game, a, b, w = start(browser, live_server, django_user_model, "brutality-moderate-points")
    a.tap("Activate Mother Scald")
    converge(game, a, b, w)
    # B (the other phone) taps Next turn while A's models wait: B is asked, nothing recorded.
    b.page.locator("#table").get_by_role("button", name="Next turn", exact=True).click()
    ask = b.page.locator(".play-ask")
    ask.wait_for()
    question = ask.inner_text()
    assert "(Ashen Reavers) have not activated" in question and "End Turn 1?" in question
    assert len(stored(game).events) == 1
    shoot(b, "brutality-next-turn-question", ".play-ask")
    b.page.set_viewport_size({"width": 360, "height": 640})
    ask.get_by_role("button", name="Yes, do it").click()
    wait_until(lambda: len(stored(game).events) == 2, "the next turn is recorded")
    converge(game, a, b, w)
    assert operations.state_of(stored(game)).turn == 2
    line = a.page.locator("#table .play-log-lines li", has_text="have not activated").first
    assert "Bandits tapped" in line.inner_text()
    # A, whose models were cut short, undoes it; the trail keeps who did.
    line.get_by_role("button", name="Undo").click()
    wait_until(lambda: len(stored(game).events) == 1, "the undo is recorded")
    converge(game, a, b, w)
    assert operations.state_of(stored(game)).turn == 1
    assert stored(game).trail[-1]["what"] == "undo" and stored(game).trail[-1]["by"] == "owner"
    # Ending before Turn 4: both agree to stop, without a result (Game Length).
    propose_and_answer(a, b, w, "0", "brutality")
    reopen_followed(game, a, b, w)
    assert "The game is reopened" in " ".join(w.log())
    for p in (a, b, w):
        p.context.close()


def test_iron_and_honor_the_other_phone_cannot_end_an_activation_with_points_left(
    browser: Any, live_server: Any, rules_loaded: None, django_user_model: Any
) -> None:
    game, a, b, w = start(browser, live_server, django_user_model, "iron-and-honor-northmen-raiding-party")
    a.tap("Draw a die")
    converge(game, a, b, w)
    drawn = operations.state_of(stored(game)).public["drawn"]
    active, other = (a, b) if drawn == 0 else (b, a)
    # Nominated with the face rolled at the table (the row's More menu; its quick Activate
    # has Muster roll the die), so the activation has 3 action points for sure.
    row = active.page.locator("#table .play-row").first
    row.locator(".play-more > summary").click()
    row.get_by_role("button", name="Activate, roll at the table", exact=False).click()
    converge(game, a, b, w)
    active.page.locator("#game-roll > summary").click()
    active.tap("Activation roll: 6")  # 3 action points (p.31)
    converge(game, a, b, w)
    assert operations.state_of(stored(game)).public["activation"]["left"] == 3
    points = "3 action points left"
    before = len(stored(game).events)
    other.page.locator("#table").get_by_role("button", name="Draw a die", exact=True).click()
    refused = other.page.locator(".play-refused")
    refused.wait_for()
    assert points in refused.inner_text() and "ends its activation (p.32)" in refused.inner_text()
    assert len(stored(game).events) == before
    active.page.locator("#table").get_by_role("button", name="Draw a die", exact=True).click()
    active.page.locator(".play-ask").wait_for()
    assert points in active.page.locator(".play-ask").inner_text()
    shoot(active, "iron-and-honor-draw-question", ".play-ask")
    active.page.set_viewport_size({"width": 360, "height": 640})
    active.page.locator(".play-ask").get_by_role("button", name="Yes, do it").click()
    wait_until(lambda: len(stored(game).events) == before + 1, "the draw is recorded")
    converge(game, a, b, w)
    assert any(points in line for line in w.log())
    propose_and_answer(b, a, w, "1", "iron-and-honor")
    assert operations.state_of(stored(game)).winner == 1
    reopen_followed(game, a, b, w)
    for p in (a, b, w):
        p.context.close()


def test_beestwars_an_activation_with_actions_left_is_asked_and_the_winner_named_by_both(
    browser: Any, live_server: Any, rules_loaded: None, django_user_model: Any
) -> None:
    game, a, b, w = start(browser, live_server, django_user_model, "beestwars-clovis-300")
    phones = {0: a, 1: b}
    state = operations.state_of(stored(game))
    drawer, active = phones[state.public["drawer"]], phones[state.public["next_active"]]
    drawer.tap("Draw a card")
    converge(game, a, b, w)
    before = len(stored(game).events)
    drawer.page.locator("#table").get_by_role("button", name="End activation", exact=True).click()
    drawer.page.locator(".play-refused").wait_for()
    assert "who is active, asks or ends it (p.4)" in drawer.page.locator(".play-refused").inner_text()
    assert len(stored(game).events) == before
    active.page.locator("#table").get_by_role("button", name="End activation", exact=True).click()
    active.page.locator(".play-ask").wait_for()
    assert "3 known actions left" in active.page.locator(".play-ask").inner_text()
    shoot(active, "beestwars-end-activation-question", ".play-ask")
    active.page.set_viewport_size({"width": 360, "height": 640})
    active.page.locator(".play-ask").get_by_role("button", name="Yes, do it").click()
    wait_until(lambda: len(stored(game).events) == before + 1, "the end is recorded")
    converge(game, a, b, w)
    propose_and_answer(a, b, w, "1", "beestwars")
    for phone in (a, b, w):
        phone.page.wait_for_url(f"**/games/{game.pk}/result/")
        assert "Winner: Bandits" in phone.page.locator(".play-winner").inner_text()
    for p in (a, b, w):
        p.context.close()
