"""A table two players trust (issue 28), in a real Chromium at 360x640 with two players
and a watcher (tests/browser/test_play_live.start): the opponent is refused your choice
and allowed your wound; activated markers, reset at the next turn; the log naming who
tapped and what Muster did itself; ending asks first and the owner reopens; a set-up
rolled at the start and shown on all three phones. Screenshots of each table with a menu
just used go to MUSTER_SHOTS when set."""

from __future__ import annotations

import os
from typing import Any

import pytest
from django.test import Client

from roster.games import operations
from roster.games.models import Game
from roster.rosters.operations import create_roster
from tests.browser.editor_helpers import wait_until
from tests.browser.test_play_live import Phone, converge, start, stored
from tests.ih import example

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("MUSTER_SHOTS", "")


def shoot(phone: Phone, name: str) -> None:
    if SHOTS:
        for scheme in ("light", "dark"):
            phone.page.emulate_media(color_scheme=scheme)
            phone.page.screenshot(path=f"{SHOTS}/{name}-{scheme}.png")


def test_the_opponent_is_refused_your_choice_and_allowed_your_wound(
    browser: Any, live_server: Any, rules_loaded: None, django_user_model: Any
) -> None:
    game, a, b, w = start(browser, live_server, django_user_model, "brutality-moderate-points")
    # B's phone activating A's model (one tap on its row) is refused with the reason.
    b.tap("Activate Mother Scald", wait=False)
    b.page.wait_for_selector(".play-refused")
    assert "each player makes their own" in b.page.locator(".play-refused").inner_text()
    assert not operations.state_of(stored(game)).sides[0].models[0].activated
    # B wounds A's model: allowed, and the log says whose phone tapped.
    b.tap("Wound Mother Scald")
    converge(game, a, b, w)
    assert any("Bandits tapped" in line for line in a.log())
    # A, the model's player, may take it back from the log.
    line = a.page.locator("#table .play-log-lines li", has_text="Mother Scald loses 1").first
    line.get_by_role("button", name="Undo").click()
    wait_until(lambda: not stored(game).events, "the undo is recorded")  # converge reads the log first
    converge(game, a, b, w)
    assert operations.state_of(stored(game)).sides[0].models[0].wounds == 3


def test_activated_markers_reset_at_the_next_turn_and_the_log_shows_what_muster_did(
    browser: Any, live_server: Any, rules_loaded: None, django_user_model: Any
) -> None:
    game, a, b, w = start(browser, live_server, django_user_model, "brutality-moderate-points")
    a.tap("Activate Mother Scald")  # one tap on the row
    converge(game, a, b, w)
    for phone in (a, b, w):
        row = phone.page.locator("#m-0-0")
        assert "activated" in row.inner_text() or "acting now" in row.inner_text()
    assert a.page.locator("#m-0-0").get_by_role("button", name="Activate Mother Scald").count() == 0
    a.page.locator("#more-0-0 > summary").click()
    a.tap("Knock Down (Add token, Mother Scald)")
    converge(game, a, b, w)
    assert a.page.locator("#more-0-0").get_attribute("open") is None, "the menu closed after its choice"
    a.page.evaluate("window.scrollTo(0, 0)")
    shoot(a, "brutality-menu-used")
    # B kills A's Bandit... B's Bandit chief is killed by A's phone: Muster's kill points
    # are a line of their own.
    a.tap("Wound Bandit chief")
    a.tap("Wound Bandit chief")
    a.tap("Wound Bandit chief")
    converge(game, a, b, w)
    assert any("Victory Point" in line and "for the kill" in line for line in w.log())
    a.tap_asked("Next turn", "have not activated")
    converge(game, a, b, w)
    assert "activated" not in a.page.locator("#m-0-0").inner_text()


def test_ending_asks_with_the_result_and_the_owner_reopens(
    browser: Any, live_server: Any, rules_loaded: None, django_user_model: Any
) -> None:
    game, a, b, _w = start(browser, live_server, django_user_model, "iron-and-honor-northmen-raiding-party")
    b.page.get_by_role("button", name="End the game").click()
    assert "Proposing records" in b.page.locator(".play-end-preview").inner_text()
    assert stored(game).finished is None
    b.page.get_by_role("button", name="Yes, ask the other player").click()
    b.page.wait_for_url(f"**/games/{game.pk}/")
    # With two phones the other player agrees (issue 40).
    a.page.locator(".play-end-offer").get_by_role("button", name="Accept: end the game").click()
    b.page.wait_for_url(f"**/games/{game.pk}/result/")
    a.page.wait_for_url(f"**/games/{game.pk}/result/")
    assert b.page.get_by_role("button", name="Reopen the game").count() == 0
    a.page.get_by_role("button", name="Reopen the game").click()
    a.page.wait_for_url(f"**/games/{game.pk}/")
    b.page.wait_for_url(f"**/games/{game.pk}/")  # the other phone follows the reopen
    assert stored(game).finished is None
    assert "The game is reopened" in " ".join(a.log())


def test_a_rolled_setup_is_shown_on_all_three_phones(
    browser: Any, live_server: Any, rules_loaded: None, django_user_model: Any
) -> None:
    user = django_user_model.objects.create_user("setup-roller")
    roster = create_roster(user, example("beestwars-clovis-300"))
    client = Client()
    client.force_login(user)
    a, b, w = (Phone(browser, live_server.url) for _ in range(3))
    a.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    a.page.goto(f"/rosters/{roster.pk}/play/")
    a.page.get_by_label("First Active Commander").select_option("roll")
    a.page.get_by_label("A list I type in").check()
    a.page.get_by_label("Opponent's warband name").fill("Bandits")
    a.page.locator("textarea[name=typed]").fill("Bandit chief, 3\nBandit, 2")
    a.page.get_by_role("button", name="Start the game").click()
    a.page.wait_for_selector("#table")
    game = Game.objects.get(owner=user)
    code = a.page.locator(".play-code").inner_text()
    b.page.goto(f"/join/{code}/")
    b.page.get_by_role("button", name="Play the other side: Bandits").click()
    w.page.goto(f"/join/{code}/")
    w.page.get_by_role("button", name="Watch").click()
    a.page.reload()
    rolls = game.snapshot["setup"]["first_rolls"]
    for phone in (a, b, w):
        phone.page.wait_for_selector("#table")
        notices = phone.page.locator(".play-notices").inner_text()
        assert "First Active Commander" in notices and rolls in notices


def test_an_iron_and_honor_activation_in_two_taps_and_its_action_points_counted(
    browser: Any, live_server: Any, rules_loaded: None, django_user_model: Any
) -> None:
    """Issue 28, then 40: draw, Activate on the row (Muster rolls it with the same tap);
    then the Action menu offers only what the points left pay for (pp.31-35), and each
    action is counted."""
    game, a, b, w = start(browser, live_server, django_user_model, "iron-and-honor-ghrim-company")
    a.tap("Draw a die")  # tap 1
    converge(game, a, b, w)
    drawn = operations.state_of(stored(game)).public["drawn"]
    phone = a if drawn == 0 else b
    phone.page.locator("#table .play-row").first.get_by_role(
        "button", name="Activate", exact=False
    ).click()  # 2: nominated and rolled
    converge(game, a, b, w)
    assert [e.action for e in stored(game).event_models] == ["draw", "activate", "roll"]
    act = operations.state_of(stored(game)).public["activation"]
    if act["action_points"] == 0:
        assert phone.page.locator("#game-ap").count() == 0  # nothing to spend
        return
    phone.page.locator("#game-ap summary").click()
    offered = phone.page.locator("#game-ap .play-choices button").all_inner_texts()
    assert offered and "Walk" in offered[0] + " ".join(offered)
    if act["left"] < 2:
        assert not any(name.endswith(("Aimed Shot", "Furious Attack")) for name in offered)
    phone.tap("Action: Walk")
    converge(game, a, b, w)
    menu = phone.page.locator("#game-ap")  # closed after its choice, or gone with no point left
    assert menu.count() == 0 or menu.get_attribute("open") is None
    for viewer in (a, b, w):
        assert any("Walk (1 action point, " in line for line in viewer.log())
    assert operations.state_of(stored(game)).public["activation"]["left"] == act["left"] - 1
    shoot(phone, "iron-and-honor-action-taken")
