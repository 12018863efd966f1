"""What a row offers (issue 40 items 2 and 4; rules.play.offers), posted from the page as
a browser without JavaScript would: an Iron & Honor activation and attack in fewer taps,
and the log fields only a row can name (the Healer's patient, Heroic Impetus's friend,
Rescue's Prisoner rescued, Beestwars' Charge, recoveries, Bodyguard, Cavalry, the
standard's fighter; Brutality's scoring model and named Free Action)."""

from __future__ import annotations

import random
import uuid

import pytest

from roster.games import operations
from roster.games.models import Game
from roster.rosters.operations import create_roster
from rules.play.core import PlayModel, SideSnapshot, Snapshot
from rules.play.registry import typed_side
from tests.ih import example
from tests.rules.play.conftest import geladan
from tests.rules.play.games import example_side
from tests.web.table_forms import button, texts, words


@pytest.fixture(autouse=True)
def fresh_states():
    operations._STATES.clear()


def start(client, user, slug: str, typed: str = "Bandit chief, 3\nBandit, 2", **setup: str) -> Game:
    roster = create_roster(user, example(slug))
    data = {"opponent": "typed", "typed": typed, "typed_name": "Bandits", **setup}
    response = client.post(f"/rosters/{roster.pk}/play/", data)
    assert response.status_code == 302, words(response.content.decode())[:2000]
    return Game.objects.filter(owner=user).latest("pk")


def page(client, game) -> str:
    return client.get(f"/games/{game.pk}/").content.decode()


def click(client, game, text: str, row: str | None = None, status: int = 302):
    url, data = button(page(client, game), text, row)
    response = client.post(url, data)
    assert response.status_code == status, words(response.content.decode())[:1500]
    return response


def state(game):
    return operations.state_of(Game.objects.get(pk=game.pk))


def logged(game) -> list[dict]:
    return Game.objects.get(pk=game.pk).events


class FirstDie(random.Random):
    """A random source whose blind draws take the first die or card listed (side 0's die
    while it has one; ``last``: the last, side 1's); rolls stay random."""

    def __init__(self, last: bool = False) -> None:
        super().__init__()
        self.last = last

    def choice(self, seq):  # type: ignore[override]
        return seq[-1] if self.last else seq[0]


@pytest.fixture
def rigged(monkeypatch):
    """Blind draws rigged (FirstDie): ``rigged(last=True)`` for side 1's."""

    def rig(last: bool = False) -> None:
        monkeypatch.setattr(operations.secrets, "SystemRandom", lambda: FirstDie(last))

    return rig


def typed_game(user, system: str, sides, setup=None) -> Game:
    return operations.start_game(user, Snapshot(system=system, sides=sides, setup=setup or {}), "Offers")


def ih_party(name: str, *models: PlayModel) -> SideSnapshot:
    return typed_side("iron-and-honor", name, list(models))


def events(game) -> list[tuple]:
    return [(e["action"], e["value"], e["target"], e["model"]) for e in logged(game)]


# --- Iron & Honor --------------------------------------------------------------------


def test_an_iron_and_honor_attack_that_wounds_is_four_taps_and_logs_as_six(alice, alice_client):
    """Draw, Activate (it rolls: p.31), Close Combat Attack on the acting row (pp.33-34),
    Wound on the target's row (p.12): the log holds the same events the six taps sent."""
    game = start(alice_client, alice, "iron-and-honor-ghrim-company")
    click(alice_client, game, "Draw a die")  # tap 1
    drawn = state(game).public["drawn"]
    me = state(game).sides[drawn].models[0]
    click(alice_client, game, f"Activate {me.name}", f"m-{drawn}-0")  # tap 2
    row = texts(page(alice_client, game), f"m-{drawn}-0")
    assert f"Close Combat Attack {me.name}" in row and "Activate" not in " ".join(row)
    click(alice_client, game, f"Close Combat Attack {me.name}", f"m-{drawn}-0")  # tap 3
    foe = 1 - drawn
    # Not a Tough model: its d6 may ignore the wound (p.29).
    victim = next(
        m for m in state(game).sides[foe].models if not {"Tough", "Undead", "Non-Living"} & set(m.rules)
    )
    click(alice_client, game, f"Wound {victim.name}", f"m-{foe}-{victim.index}")  # tap 4
    assert events(game) == [
        ("draw", None, None, None),
        ("activate", None, drawn, 0),
        ("roll", None, None, None),
        ("ap", "Close Combat Attack", None, None),
        ("wound", None, foe, victim.index),
    ]
    after = state(game)
    assert not any(line.refused for line in after.log)
    assert after.public["activation"]["done"] == ["Close Combat Attack"]
    assert after.sides[foe].models[victim.index].wounds == victim.wounds - 1


def test_activate_roll_at_the_table_leaves_the_face_to_the_bar(alice, alice_client):
    """Every choice the book gives stays: the face rolled at the table (p.31), Greater
    Purpose or Cursed Hand spent before it (p.9)."""
    game = start(alice_client, alice, "iron-and-honor-ghrim-company")
    click(alice_client, game, "Draw a die")
    drawn = state(game).public["drawn"]
    me = state(game).sides[drawn].models[0]
    click(alice_client, game, f"Activate, roll at the table {me.name}", f"m-{drawn}-0")
    assert state(game).public["activation"]["action_points"] is None
    click(alice_client, game, "Activation roll: 4")
    assert events(game)[-1] == ("roll", 4, None, None)
    assert state(game).public["activation"]["roll"] == 4


def test_with_only_one_sides_dice_left_activate_draws_it_too(alice, alice_client, rigged):
    rigged(last=True)  # side 1's die first
    party = ih_party(
        "Ours", PlayModel(name="Ylva", wounds=3, tags=["hero"]), PlayModel(name="Brand", wounds=2)
    )
    game = typed_game(alice, "iron-and-honor", (party, ih_party("Theirs", PlayModel(name="Orm", wounds=2))))
    click(alice_client, game, "Draw a die")
    assert state(game).public["drawn"] == 1
    click(alice_client, game, "Set the die aside")
    assert state(game).public["bag"] == {"0": 2, "1": 0}
    click(alice_client, game, "Activate Brand", "m-0-1")  # the draw is no choice: one tap
    assert events(game)[-3:] == [
        ("draw", None, None, None),
        ("activate", None, 0, 1),
        ("roll", None, None, None),
    ]
    assert state(game).public["activation"]["model"] == 1


def test_the_healers_patient_and_heroic_impetus_friend_are_named_from_their_rows(alice, alice_client, rigged):
    """The Healer heals a friend named on its row (pp.25-26); the hero's Heroic Impetus
    goes to the friend whose row is tapped, who then spends the point (p.11)."""
    rigged()
    party = ih_party(
        "Ours",
        PlayModel(name="Ylva", wounds=3, tags=["hero"], rules=["Healer"]),
        PlayModel(name="Brand", wounds=2),
    )
    game = typed_game(alice, "iron-and-honor", (party, ih_party("Theirs", PlayModel(name="Orm", wounds=2))))
    click(alice_client, game, "Wound Brand", "m-0-1")
    click(alice_client, game, "Draw a die")
    click(alice_client, game, "Activate Ylva", "m-0-0")
    assert "Healed by Ylva Ylva" not in texts(page(alice_client, game), "m-0-0")  # not itself
    click(alice_client, game, "Healed by Ylva Brand", "m-0-1")
    assert events(game)[-1] == ("ap", "Heal", 0, 1)
    assert any("Brand" in line.text and "rolls" in line.text for line in state(game).log)
    click(alice_client, game, "Heroic Impetus to this model Brand", "m-0-1")
    assert events(game)[-1] == ("impetus", None, 0, 1)
    assert "Walk Brand" in texts(page(alice_client, game), "m-0-1")  # the point is Brand's
    click(alice_client, game, "Walk Brand", "m-0-1")
    assert events(game)[-1] == ("ap", "Walk", None, None)
    assert "with the point of Heroic Impetus" in state(game).log[-1].text


def test_rescues_kidnapper_is_chosen_at_the_start_and_the_prisoner_rescued_from_its_row(alice, alice_client):
    game = start(alice_client, alice, "iron-and-honor-ghrim-company", encounter="Rescue", kidnapper="0")
    setup = game.snapshot["setup"]
    assert setup["kidnapper"] == 0 and setup["prisoner"] in (1, 2)  # a follower of the Bandits
    held = setup["prisoner"]
    before = state(game)
    assert before.public["rescue"]["model"] == held
    click(alice_client, game, f"Rescued {before.sides[1].models[held].name}", f"m-1-{held}")
    assert events(game)[-1] == ("status", "Rescued", 1, held)
    assert state(game).public["rescue"]["called"]


def test_rescues_kidnapper_rolled_by_muster_with_the_heroes_wp(alice, alice_client):
    game = start(alice_client, alice, "iron-and-honor-ghrim-company", encounter="Rescue", kidnapper="roll")
    setup = game.snapshot["setup"]
    assert setup["kidnapper"] in (0, 1) and " v " in setup["kidnapper_rolls"]
    assert "Rescue: the Kidnapper" in words(page(alice_client, game))
    other = start(alice_client, alice, "iron-and-honor-ghrim-company", encounter="Engagement", kidnapper="1")
    assert "kidnapper" not in other.snapshot["setup"]


# --- Beestwars -----------------------------------------------------------------------


def beestwars(alice, first: int = 0) -> Game:
    return typed_game(
        alice, "beestwars", (example_side("beestwars-clovis-300.json"), geladan()), {"first": first}
    )


def test_a_beestwars_fighter_has_its_likely_action_on_its_row(alice, alice_client):
    game = beestwars(alice)
    assert "Move Pell" not in texts(page(alice_client, game), "m-0-3")  # no card yet
    click(alice_client, game, "Draw a card")
    assert "Move Pell" in texts(page(alice_client, game), "m-0-3")
    assert "Move Sheko Long Tooth" not in texts(page(alice_client, game), "m-1-0")  # not active
    click(alice_client, game, "Move Pell", "m-0-3")
    click(alice_client, game, "Engaged Pell", "m-0-3")
    assert "Attack Pell" in texts(page(alice_client, game), "m-0-3")
    click(alice_client, game, "Attack Pell", "m-0-3")
    click(alice_client, game, "Stunned Sheko Long Tooth", "m-1-0")
    assert events(game)[1:] == [
        ("act", "Move", 0, 3),
        ("status", "Engaged", 0, 3),
        ("act", "Attack", 0, 3),
        ("status", "Stunned", 1, 0),
    ]
    assert not any(line.refused for line in state(game).log)


def test_beestwars_charge_bodyguard_two_weapons_and_the_standards_recovery_from_the_menu(alice, alice_client):
    game = beestwars(alice)
    click(alice_client, game, "Draw a card")
    froth = state(game).sides[0].resources["Froth"]
    spend = button(page(alice_client, game), "Skirmisher follow-up (Stone Hoof's raiders)")[1]
    assert "spend:Charge" not in str(spend)
    assert "Charge (Stone Hoof's raiders)" not in words(page(alice_client, game))  # the fighter's own now
    click(alice_client, game, "Charge (Action, Narbonensis the Mean)", "m-0-2")
    assert state(game).sides[0].resources["Froth"] == froth - 1
    click(alice_client, game, "Bodyguard link (Action, Pell)", "m-0-3")
    menu = texts(page(alice_client, game), "m-0-1")
    assert "Two Weapons attack (Action, Chardos the Destroyer)" in menu
    assert "Bodyguard link (Action, Chardos the Destroyer)" not in menu  # Pell's, not Chardos's
    assert "Wallop blow (Action, Chardos the Destroyer)" not in menu
    click(alice_client, game, "Engaged Chardos the Destroyer", "m-0-1")
    click(alice_client, game, "Two Weapons attack (Action, Chardos the Destroyer)", "m-0-1")
    assert [e[1] for e in events(game) if e[0] == "act"] == ["Charge", "Bodyguard link", "Two Weapons attack"]
    assert not any(line.refused for line in state(game).log)


def test_beestwars_recovery_by_the_standard_and_a_fighter_picking_it_up(alice, alice_client):
    game = beestwars(alice)
    click(alice_client, game, "Stunned Pell", "m-0-3")
    click(alice_client, game, "Draw a card")
    row = texts(page(alice_client, game), "m-0-3")
    assert "Recover Pell" in row and "Recover by the standard (Action, Pell)" in row
    click(alice_client, game, "Recover by the standard (Action, Pell)", "m-0-3")
    assert state(game).sides[0].models[3].status == "ready"
    click(alice_client, game, "Killed Ruukvere the Besieger", "m-0-8")
    assert state(game).public["standard"] == {"0": "fallen"}
    click(alice_client, game, "Pick up the standard Orrin", "m-0-4")
    assert events(game)[-1] == ("standard", None, 0, 4)
    assert state(game).public["standard_carried_by"] == {"0": {"side": 0, "model": 4}}


def test_a_beestwars_cavalry_attack_for_a_fighter_with_cavalry(alice, alice_client):
    side = typed_side(
        "beestwars", "Riders", [PlayModel(name="Goffa", role="Geladan and Warbeest", rules=["Cavalry"])]
    )
    game = typed_game(alice, "beestwars", (side, geladan()), {"first": 0})
    click(alice_client, game, "Draw a card")
    click(alice_client, game, "Cavalry attack (Action, Goffa)", "m-0-0")
    assert events(game)[-1] == ("act", "Cavalry attack", 0, 0)
    assert "Cavalry attack (Action, Sheko Long Tooth)" not in texts(page(alice_client, game), "m-1-0")


# --- Brutality -----------------------------------------------------------------------


def test_a_brutality_model_scores_by_name_and_the_command_token_names_its_free_action(alice, alice_client):
    game = start(alice_client, alice, "brutality-moderate-points")
    first = state(game).sides[0].models[0]
    assert not any(t.startswith("Prays or loots") for t in texts(page(alice_client, game), "m-0-0"))
    click(alice_client, game, f"Activate {first.name}", "m-0-0")
    click(alice_client, game, f"Prays or loots: 1 VP {first.name}", "m-0-0")
    assert events(game)[-1] == ("score", 1, 0, 0)
    assert state(game).sides[0].victory_points == 1
    side = state(game).sides[0].name
    click(alice_client, game, f"Free Action: Run ({side})")
    assert events(game)[-1][:2] == ("spend", "Free Action: Run")
    assert f"for {first.name} (Run)" in state(game).log[-1].text


def test_a_brutality_model_knocked_out_in_taking_captives_reads_unconscious(alice, alice_client):
    game = start(alice_client, alice, "brutality-moderate-points", mission="Taking Captives")
    victim = state(game).sides[1].models[1]  # the typed Bandit, 2 Hit Points
    for _ in range(victim.wounds):
        click(alice_client, game, f"Wound {victim.name}", "m-1-1")
    assert state(game).sides[1].models[1].status == "unconscious"
    assert "Unconscious" in words(page(alice_client, game))


def test_with_two_phones_a_row_offers_only_to_its_own_player(alice, alice_client):
    """The other phone and a watcher get none of the offers of a side's rows: the acting
    model's actions are its player's (p.33), a fighter's its commander's (p.4)."""
    from tests.web.test_games_live import seated

    game, owner, other, watcher = seated(alice_client, alice, "beestwars-clovis-300")
    assert (
        other.post(f"/games/{game.pk}/act/", {"id": uuid.uuid4().hex, "side": 1, "do": "draw"}).status_code
        == 302
    )
    assert "Move Pell" in texts(page(owner, game), "m-0-3")
    assert "Move Pell" not in texts(page(other, game), "m-0-3")
    assert "Move Pell" not in texts(page(watcher, game), "m-0-3")
