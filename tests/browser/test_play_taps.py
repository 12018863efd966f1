"""Taps per common action (issue 40 item 4), counted in a real Chromium with two phones
and a watcher (tests/browser/test_play_live.start): an Iron & Honor attack that wounds
and a Beestwars attack that stuns in at most four taps each, the log holding the same
events as the longer way. Screenshots of the menus used (360x740, light and dark) go to
MUSTER_SHOTS when set."""

from __future__ import annotations

import os
from typing import Any

import pytest
from django.test import Client

from roster.games import operations
from roster.games.models import Game
from roster.rosters.operations import create_roster
from rules.play.core import PlayModel, Snapshot
from rules.play.registry import typed_side
from tests.browser.test_play_live import Phone, converge, start, stored
from tests.ih import example
from tests.web.test_table_offers import FirstDie

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
    me = state.sides[drawn].models[0]
    # Not a Tough model: its d6 may ignore the wound (p.29).
    tough = {"Tough", "Undead", "Non-Living"}
    foe = next(m for m in state.sides[1 - drawn].models if not tough & set(m.rules))
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
    assert after.sides[1 - drawn].models[foe.index].wounds == foe.wounds - 1
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


def owner_phone(browser: Any, live_server: Any, user: Any, game: Any) -> Phone:
    """The owner's phone (one phone for both sides) on ``game``'s table, at 360x740."""
    client = Client()
    client.force_login(user)
    phone = Phone(browser, live_server.url)
    phone.page.set_viewport_size({"width": 360, "height": 740})
    phone.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    if game is not None:
        phone.page.goto(f"/games/{game.pk}/")
    return phone


def test_the_row_menus_name_the_healers_patient_and_the_impetus_friend(
    browser: Any, live_server: Any, rules_loaded: None, django_user_model: Any, monkeypatch: Any
) -> None:
    """A friend's More during its Healer hero's activation: Healed by, Heroic Impetus to
    this model (pp.11, 25); tapped, the log names the friend."""
    monkeypatch.setattr(operations.secrets, "SystemRandom", FirstDie)
    user = django_user_model.objects.create_user("healer")
    ours = typed_side(
        "iron-and-honor",
        "Lantern Co.",
        [
            PlayModel(name="Ylva", wounds=3, tags=["hero"], rules=["Healer"]),
            PlayModel(name="Brand", wounds=2),
        ],
    )
    theirs = typed_side("iron-and-honor", "Bandits", [PlayModel(name="Orm", wounds=2)])
    game = operations.start_game(user, Snapshot(system="iron-and-honor", sides=(ours, theirs)), "Healers")
    phone = owner_phone(browser, live_server, user, game)
    phone.tap("Wound Brand")
    phone.tap("Draw a die")
    phone.tap("Activate Ylva")
    phone.page.locator("#more-0-1 > summary").click()
    shoot(phone, "iron-and-honor-friend-menu")
    phone.tap("Healed by Ylva Brand")
    assert stored(game).event_models[-1].model == 1
    assert any("Brand" in line and "rolls" in line for line in phone.log())


def test_the_brutality_menus_name_the_free_action_and_the_scoring_model(
    browser: Any, live_server: Any, rules_loaded: None, django_user_model: Any
) -> None:
    user = django_user_model.objects.create_user("brutal")
    roster = create_roster(user, example("brutality-moderate-points"))
    client = Client()
    client.force_login(user)
    client.post(
        f"/rosters/{roster.pk}/play/",
        {"opponent": "typed", "typed_name": "Bandits", "typed": "Bandit chief, 3"},
    )
    game = Game.objects.get(owner=user)
    phone = owner_phone(browser, live_server, user, game)
    name = operations.state_of(stored(game)).sides[0].models[0].name
    phone.tap(f"Activate {name}")
    phone.page.locator("#more-0-0 > summary").click()
    shoot(phone, "brutality-acting-model-menu")
    phone.tap(f"Prays or loots: 1 VP {name}")
    assert stored(game).event_models[-1].model == 0
    phone.page.locator("#side-0-spend > summary").click()
    shoot(phone, "brutality-command-token-menu")
    side = operations.state_of(stored(game)).sides[0].name
    phone.tap(f"Free Action: Run ({side})")
    assert stored(game).event_models[-1].value == "Free Action: Run"


def test_rescue_is_set_up_on_the_start_page_and_the_prisoner_rescued_from_its_row(
    browser: Any, live_server: Any, rules_loaded: None, django_user_model: Any
) -> None:
    """The start page asks for Rescue's Kidnapper (or rolls it, p.48); Muster draws the
    Prisoner among the Rescuer's followers; its More offers "Rescued"."""
    user = django_user_model.objects.create_user("rescuer")
    roster = create_roster(user, example("iron-and-honor-ghrim-company"))
    phone = owner_phone(browser, live_server, user, None)
    page = phone.page
    page.goto(f"/rosters/{roster.pk}/play/")
    page.get_by_label("Encounter").select_option("Rescue")
    page.get_by_label("Rescue: the Kidnapper").select_option("0")
    page.get_by_label("A list I type in").check()
    page.get_by_label("Opponent's warband name").fill("Bandits")
    page.locator("textarea[name=typed]").fill("Bandit chief, 3\nBandit, 2\nCutthroat, 1")
    shoot(phone, "iron-and-honor-rescue-start")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#table")
    game = Game.objects.get(owner=user)
    held = game.snapshot["setup"]["prisoner"]
    name = operations.state_of(game).sides[1].models[held].name
    assert "is the Prisoner" in page.locator(".play-notices").inner_text()
    page.locator(f"#more-1-{held} > summary").click()
    shoot(phone, "iron-and-honor-prisoner-menu")
    phone.tap(f"Rescued {name}")
    assert stored(game).event_models[-1].value == "Rescued"
    assert "rescued at the Maintenance Phase" in " ".join(phone.log())
