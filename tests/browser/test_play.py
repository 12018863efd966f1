"""Play at the table in a real Chromium at 360x640 (issue 19): two full turns of each
game from an example roster, a reload in the middle, and the state checked against the
game's log replayed on the server."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest

from roster.games import operations
from roster.games.models import Game
from roster.rosters.operations import create_roster
from tests.browser.editor_helpers import PASSWORD, measure_targets
from tests.ih import example

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("MUSTER_SHOTS")  # a folder: a look at the table offline, for a person

EXAMPLES = {
    "iron-and-honor": "iron-and-honor-northmen-raiding-party",
    "brutality": "brutality-moderate-points",
    "beestwars": "beestwars-clovis-300",
}


def start(page: Any, django_user_model: Any, system: str) -> Game:
    """Log in, take the example roster to Play, start against a typed list."""
    user = django_user_model.objects.create_user("player", password=PASSWORD)
    roster = create_roster(user, example(EXAMPLES[system]))
    page.goto("/accounts/login/")
    page.fill("#id_username", "player")
    page.fill("#id_password", PASSWORD)
    page.click("button:has-text('Log in')")
    page.wait_for_url("**/rosters/")
    page.get_by_role("link", name=f"Play {roster.name}").click()
    page.get_by_label("A list I type in").check()
    page.get_by_label("Opponent's warband name").fill("Bandits")
    page.get_by_label(re.compile("Models, one a line")).fill("Bandit chief, 3\nBandit, 2")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#table")
    return Game.objects.get(owner=user)


def version(page: Any) -> int:
    return int(page.get_attribute("#table", "data-version"))


def tap(page: Any, name: str, scope: str = "#table") -> None:
    """Press the button named ``name`` and wait for the answer: the version moves on,
    and no refusal is shown."""
    before = version(page)
    page.locator(scope).get_by_role("button", name=name, exact=True).first.click()
    page.wait_for_function(
        "v => { const t = document.getElementById('table'); return t && Number(t.dataset.version) !== v; }",
        arg=before,
    )
    assert page.locator(".play-refused").count() == 0, page.locator(".play-refused").inner_text()


def tap_asked(page: Any, name: str, asked: str) -> None:
    """Press ``name``: the table asks first (what is left, issue 40), saying ``asked``;
    answer yes and wait for the answer."""
    before = version(page)
    page.locator("#table").get_by_role("button", name=name, exact=True).first.click()
    page.wait_for_selector(".play-ask")
    assert asked in page.locator(".play-ask").inner_text()
    page.locator(".play-ask").get_by_role("button", name="Yes, do it").click()
    page.wait_for_function(
        "v => { const t = document.getElementById('table'); return t && Number(t.dataset.version) !== v; }",
        arg=before,
    )


def state(game: Game) -> Any:
    return operations.state_of(Game.objects.get(pk=game.pk))


def iron_and_honor_turn(page: Any, game: Game) -> None:
    """Draw every die from the bag, setting each aside (p.31), then the Maintenance Phase."""
    while sum(state(game).public["bag"].values()):
        tap(page, "Draw a die")
        tap(page, "Set the die aside")
    tap(page, "Maintenance Phase")


def beestwars_turn(page: Any, game: Game) -> None:
    """Draw an activation card and end the activation until the deck is shuffled again."""
    turn = state(game).turn
    while state(game).turn == turn:
        tap(page, "Draw a card")
        tap_asked(page, "End activation", "known actions left")


def test_iron_and_honor_two_turns(phone, django_user_model):
    page = phone
    game = start(page, django_user_model, "iron-and-honor")
    first = page.locator("#side-0").locator("xpath=ancestor::section").locator(".play-row").first
    first_name = first.locator(".play-name").inner_text()
    tap(page, f"Wound {first_name}")
    assert "/" in first.locator(".play-wounds").inner_text()
    iron_and_honor_turn(page, game)
    assert state(game).turn == 2
    page.reload()
    assert page.locator(".play-turn").inner_text().startswith("Turn 2")
    assert version(page) == len(Game.objects.get(pk=game.pk).events)
    page.locator("#more-0-1 > summary").click()
    tap(page, "Stunned (Status, " + state(game).sides[0].models[1].name + ")")
    iron_and_honor_turn(page, game)
    final = state(game)
    assert final.turn == 3
    assert final.sides[0].models[0].wounds == final.sides[0].models[0].max_wounds - 1
    assert final.sides[0].models[1].status == "stunned"
    assert len(Game.objects.get(pk=game.pk).events) == final.version == version(page)


def test_brutality_two_turns(phone, django_user_model):
    page = phone
    game = start(page, django_user_model, "brutality")
    tap(page, "Wound Bandit chief")
    tap(page, "Wound Bandit chief")
    tap_asked(page, "Next turn", "have not activated")
    page.reload()
    assert page.locator(".play-turn").inner_text().startswith("Turn 2")
    tap(page, "Wound Bandit")
    tap(page, "Wound Bandit")
    tap_asked(page, "Next turn", "have not activated")
    final = state(game)
    assert final.turn == 3
    assert final.sides[1].models[1].killed
    assert final.sides[0].victory_points == 1  # a kill is 1 Victory Point
    killed = page.locator("#m-1-1")
    assert "killed" in (killed.get_attribute("class") or "")
    rows = page.locator("#side-1").locator("xpath=ancestor::section").locator(".play-row")
    assert rows.last.get_attribute("id") == "m-1-1"  # killed models at the bottom


def test_beestwars_two_turns(phone, django_user_model):
    page = phone
    game = start(page, django_user_model, "beestwars")
    name = state(game).sides[1].models[0].name
    tap(page, f"Stunned {name}")
    beestwars_turn(page, game)
    page.reload()
    assert page.locator(".play-turn").inner_text().startswith("Turn 2")
    tap(page, f"Stunned {name}")  # stunned again: killed (p.6)
    assert state(game).sides[1].models[0].killed
    beestwars_turn(page, game)
    final = state(game)
    assert final.turn == 3
    assert final.sides[0].resources["Froth"] >= 5
    assert measure_targets(page, "#table") == []


def test_taps_made_offline_are_sent_when_back(phone, django_user_model):
    page = phone
    game = start(page, django_user_model, "brutality")
    page.context.set_offline(True)
    page.get_by_role("button", name="Wound Bandit chief", exact=True).click()
    page.get_by_role("button", name="Wound Bandit", exact=True).click()
    page.wait_for_selector("#play-queue:not([hidden])")
    assert "2 actions waiting" in page.locator("#play-queue").inner_text()
    # Each tapped row says its tap was taken, so it is not made again.
    assert page.get_attribute("#m-1-0", "data-waiting") == "1 waiting"
    assert page.get_attribute("#m-1-1", "data-waiting") == "1 waiting"
    assert page.get_attribute("#m-0-0", "data-waiting") is None
    assert len(Game.objects.get(pk=game.pk).events) == 0
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/offline-waiting-360.png")
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_function("() => document.getElementById('table').dataset.version === '2'")
    assert page.locator("#play-queue").is_hidden()
    assert page.locator(".play-row[data-waiting]").count() == 0
    final = state(game)
    assert [m.wounds for m in final.sides[1].models] == [2, 1]


def test_the_table_works_without_javascript(browser, live_server, rules_loaded, django_user_model):
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, base_url=live_server.url, java_script_enabled=False
    )
    page = context.new_page()
    game = start(page, django_user_model, "brutality")
    page.get_by_role("button", name="Wound Bandit", exact=True).click()
    page.wait_for_url(f"**/games/{game.pk}/")
    assert page.locator("#m-1-1 .play-wounds").inner_text() == "1/2"
    page.get_by_role("button", name="Undo", exact=True).click()
    assert page.locator("#m-1-1 .play-wounds").inner_text() == "2/2"
    page.get_by_role("button", name="End the game").click()
    # Asked first; Brutality plays to the end of Turn 4 (Game Length): stopped, no result.
    assert "stops it here without a result" in page.locator(".play-end-preview").inner_text()
    page.get_by_role("button", name="Yes, end the game").click()
    page.wait_for_url(f"**/games/{game.pk}/result/")
    assert "Game over" in page.content()
    context.close()


def test_undo_made_offline_takes_back_the_tap_waiting_before_it(phone, django_user_model):
    """Offline, a wound then Undo: when the network is back the wound is taken back, not
    the action before it (the Undo button was drawn naming that one)."""
    page = phone
    game = start(page, django_user_model, "brutality")
    tap(page, "Wound Bandit chief")
    page.context.set_offline(True)
    page.get_by_role("button", name="Wound Bandit", exact=True).click()
    page.locator(".play-bar").get_by_role("button", name="Undo", exact=True).click()
    page.wait_for_selector("#play-queue:not([hidden])")
    assert "2 actions waiting" in page.locator("#play-queue").inner_text()
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_function(
        "() => !localStorage.getItem('muster.play.' + document.getElementById('table').dataset.game)"
    )
    page.wait_for_function("() => document.getElementById('table').dataset.version === '1'")
    final = state(game)
    assert [m.wounds for m in final.sides[1].models] == [2, 2]


def test_a_pressed_button_is_morphed_like_the_rest_of_its_row(phone, django_user_model):
    """The button just pressed keeps the focus, but the answer's row is drawn as the server
    drew it: after "Engaged" the row offers Ready, last, so that Engaged, Stunned and
    Killed stay where the finger is (a quick second tap lands on what it aimed at)."""
    page = phone
    start(page, django_user_model, "beestwars")
    row = "#m-1-1 .play-buttons > button"  # the row's own, not its More menu's
    before = page.locator(row).evaluate_all("bs => bs.map(b => b.value)")
    tap(page, "Engaged Bandit")
    live = page.locator(row).evaluate_all("bs => bs.map(b => b.value + ' ' + b.textContent)")
    assert page.evaluate("() => document.activeElement.value") == "status:Engaged"
    page.reload()
    assert page.locator(row).evaluate_all("bs => bs.map(b => b.value + ' ' + b.textContent)") == live
    assert [b.split(" ")[0] for b in live[: len(before)]] == before
    assert live[-1].startswith("status:Ready")


def test_undo_from_the_log_leaves_every_line_as_the_server_draws_it(phone, django_user_model):
    """Undo pressed on a log line: the lines left keep their own Undo (its event and its
    name), as a reload shows them."""
    page = phone
    start(page, django_user_model, "beestwars")
    tap(page, "Engaged Bandit")
    tap(page, "Ready Bandit")
    tap(page, "Engaged Bandit")
    before = version(page)
    lines = ".play-log-lines li:not(.play-log-turn):not(.play-log-auto)"  # the actions, each with its Undo
    page.locator(lines).nth(1).get_by_role("button").click()
    page.wait_for_function("v => Number(document.getElementById('table').dataset.version) !== v", arg=before)
    script = (
        "ls => ls.map(l => [l.querySelector('input[name=event]').value, l.textContent.replace(/\\s+/g, ' ')])"
    )
    live = page.locator(lines).evaluate_all(script)
    page.reload()
    assert page.locator(lines).evaluate_all(script) == live


def test_a_double_tap_counts_once(phone, django_user_model):
    page = phone
    game = start(page, django_user_model, "beestwars")
    name = state(game).sides[1].models[0].name
    # Two Stunned on a fighter kill it (p.6): a double tap must not.
    page.locator("#table").get_by_role("button", name=f"Stunned {name}", exact=True).first.dblclick()
    # Answered, and nothing left in the phone's queue (a second tap, had it been taken,
    # would wait there until sent and answered): a condition, not a pause.
    page.wait_for_function(
        "(key) => document.getElementById('table').dataset.version === '1' && !localStorage.getItem(key)",
        arg=f"muster.play.{game.pk}",
    )
    assert len(Game.objects.get(pk=game.pk).events) == 1
    assert not state(game).sides[1].models[0].killed
    # Two taps further apart are two actions.
    tap(page, f"Stunned {name}")
    assert state(game).sides[1].models[0].killed
