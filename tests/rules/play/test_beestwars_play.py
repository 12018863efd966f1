"""The Denizens of the Beestwars at the table: statuses, Froth and the activation deck
(pp.4-9)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from rules.beestwars.play import DECK, OFFERED, PLAY
from rules.play.core import Event, Refused, SideSnapshot, Snapshot, public_event, replay
from tests.rules.play.conftest import Loaded, geladan, loaded_table
from tests.rules.play.games import Table, example_side


def game(clovis: SideSnapshot, cards: list[int] | None = None, first: int = 0) -> Table:
    return loaded_table(
        Snapshot(system="beestwars", sides=(clovis, geladan()), setup={"first": first}), cards or []
    )


def test_each_commander_starts_with_five_froth_p4_p9(clovis: SideSnapshot) -> None:
    t = game(clovis)
    assert [s.resources["Froth"] for s in t.state.sides] == [5, 5]


def test_killing_a_fighter_gives_the_enemy_one_froth_p4(clovis: SideSnapshot) -> None:
    t = game(clovis)
    t.do(0, "status", target=1, model=1, value="Killed")
    assert t.state.sides[0].resources["Froth"] == 6
    assert any("1 Froth" in n for n in t.state.notices)


def test_killing_a_hero_gives_the_enemy_two_froth_p4(clovis: SideSnapshot) -> None:
    t = game(clovis)
    t.do(0, "status", target=1, model=0, value="Killed")
    assert t.state.sides[0].resources["Froth"] == 7


def test_a_stunned_fighter_stunned_again_is_killed_p6(clovis: SideSnapshot) -> None:
    t = game(clovis)
    t.do(0, "status", target=1, model=1, value="Stunned")
    assert t.state.sides[1].models[1].status == "stunned"
    t.do(0, "status", target=1, model=1, value="Stunned")
    assert t.state.sides[1].models[1].status == "killed"
    assert t.state.sides[0].resources["Froth"] == 6
    assert "p.6" in ([ln for ln in t.state.log if not ln.auto][-1].source or "")
    assert any(ln.auto and "Froth" in ln.text for ln in t.state.log), "the Froth gained is a line of its own"


def test_a_stunned_fighter_that_recovered_is_not_killed_by_the_next_stun_p6(clovis: SideSnapshot) -> None:
    t = game(clovis)
    t.do(0, "status", target=1, model=1, value="Stunned")
    t.do(1, "status", target=1, model=1, value="Ready")
    t.do(0, "status", target=1, model=1, value="Stunned")
    assert t.state.sides[1].models[1].status == "stunned"


def test_froth_is_spent_on_a_charge_and_refused_when_gone_p6(clovis: SideSnapshot) -> None:
    t = game(clovis, [5])
    t.do(1, "draw")  # side 0 is the first Active Commander (setup "first": 0)
    for _ in range(5):
        t.do(0, "spend", target=0, value="Charge")
    assert t.state.sides[0].resources["Froth"] == 0
    with pytest.raises(Refused, match="0 Froth"):
        t.do(0, "spend", target=0, value="Wallop")


def test_an_enemy_recovery_roll_of_16_or_17_gains_froth_p6(clovis: SideSnapshot) -> None:
    t = game(clovis)
    with pytest.raises(Refused, match="only a Stunned fighter rolls to recover"):  # issue 28
        t.do(0, "gain", target=0, value="Enemy recovery roll of 16 or 17")
    t.do(0, "status", target=1, model=0, value="Stunned")
    t.do(0, "gain", target=0, value="Enemy recovery roll of 16 or 17")
    assert t.state.sides[0].resources["Froth"] == 6


def test_only_the_active_commander_charges_or_wallops_during_the_activation_pp4_6_9(
    clovis: SideSnapshot,
) -> None:
    """Issue 28: the commander who is not active spent Froth on a Charge, and Froth for
    a Charge or Wallop was taken after the card said there was no further action."""
    t = game(clovis, [3])
    with pytest.raises(Refused, match="no activation is under way"):
        t.do(0, "spend", target=0, value="Charge")
    t.do(1, "draw")
    with pytest.raises(Refused, match="active commander"):
        t.do(1, "spend", target=1, value="Charge")
    t.do(0, "spend", target=0, value="Wallop")
    t.do(0, "ask")  # a fourth action? No: the card was a 3, the activation is over
    for use in ("Charge", "Wallop"):
        with pytest.raises(Refused, match="no activation is under way"):
            t.do(0, "spend", target=0, value=use)
    t.do(1, "spend", target=1, value="+1 Might")  # either commander, any time (p.4)


def test_the_enemy_picking_up_a_fallen_standard_takes_three_froth_and_it_can_be_taken_back_p8(
    clovis: SideSnapshot,
) -> None:
    t = game(clovis)
    bearer = next(m.index for m in t.state.sides[0].models if "standard" in m.tags)
    t.do(1, "status", target=0, model=bearer, value="Killed")
    assert t.state.public["standard"] == {"0": "fallen"}
    t.do(1, "standard", target=1)
    assert [s.resources["Froth"] for s in t.state.sides] == [2, 9]
    t.do(0, "standard", target=0)
    assert [s.resources["Froth"] for s in t.state.sides] == [5, 6]
    with pytest.raises(Refused):
        t.do(0, "standard", target=0)


def test_the_deck_has_three_cards_each_of_three_four_and_five_p4(clovis: SideSnapshot) -> None:
    assert Counter(DECK) == {3: 3, 4: 3, 5: 3}
    t = game(clovis)
    seen = []
    for _ in range(9):
        t.do(t.state.public["drawer"], "draw")
        seen.append(t.log[-1].outcome["card"])
        t.do(t.state.active or 0, "done")
    assert Counter(seen) == Counter(DECK)


def test_a_draw_picks_from_the_cards_left_p4(clovis: SideSnapshot) -> None:
    t = game(clovis, [5, 5, 5])
    for _ in range(3):
        t.do(t.state.public["drawer"], "draw")
        t.do(0, "done")
    assert PLAY.remaining(t.state) == [3, 3, 3, 4, 4, 4]
    t.do(t.state.public["drawer"], "draw")
    assert t.log[-1].outcome["card"] in (3, 4)


def test_the_opponent_of_the_active_commander_draws_and_they_alternate_p4_p9(clovis: SideSnapshot) -> None:
    t = game(clovis, first=1)
    assert t.state.public["drawer"] == 0
    t.do(0, "draw")
    assert t.state.active == 1
    t.do(1, "done")
    assert t.state.public["drawer"] == 1
    t.do(1, "draw")
    assert t.state.active == 0


def test_the_active_commander_learns_step_by_step_whether_a_fourth_then_fifth_action_exists_p4(
    clovis: SideSnapshot,
) -> None:
    t = game(clovis, [4])
    t.do(1, "draw")
    assert t.state.public["known_actions"] == 3
    t.do(0, "ask")
    assert t.state.public["known_actions"] == 4 and t.state.log[-1].text.endswith("Yes")
    t.do(0, "ask")
    assert "No" in t.state.log[-1].text
    assert t.state.active is None and t.state.public["deck"]["discard"] == [4]


def test_a_fifth_action_is_the_most_p4(clovis: SideSnapshot) -> None:
    t = game(clovis, [5])
    t.do(1, "draw")
    t.do(0, "ask")
    t.do(0, "ask")
    with pytest.raises(Refused):
        t.do(0, "ask")


def test_the_card_is_shown_when_the_activation_ends_p4(clovis: SideSnapshot) -> None:
    t = game(clovis, [3])
    t.do(1, "draw")
    t.do(0, "done")
    assert t.state.public["deck"]["discard"] == [3]
    assert "the card was 3" in t.state.log[-1].text
    assert t.state.hidden == {}


def test_an_exhausted_deck_is_reshuffled_and_a_new_turn_begins_p5(clovis: SideSnapshot) -> None:
    t = game(clovis)
    for _ in range(9):
        assert t.state.turn == 1
        t.do(t.state.public["drawer"], "draw")
        t.do(0, "done")
    assert t.state.turn == 2
    assert t.state.public["deck"] == {"size": 9, "left": 9, "discard": []}


def test_the_drawn_card_is_hidden_from_the_active_commander_and_watchers_until_revealed_p4(
    clovis: SideSnapshot,
) -> None:
    t = game(clovis, [4])
    t.do(1, "draw")
    draw = t.log[-1]
    for viewer in (0, None):
        shown = PLAY.view(t.state, viewer).model_dump_json()
        assert '"card"' not in shown
        assert "4" not in json.dumps(PLAY.view(t.state, viewer).public)
        assert PLAY.hides(t.state, draw, viewer)
        assert public_event(PLAY, t.state, draw, viewer).outcome == {}
    assert PLAY.view(t.state, 1).hidden == {"1": {"card": 4, "event": draw.id}}
    assert public_event(PLAY, t.state, draw, 1).outcome == {"card": 4, "drawer": 1}
    t.do(0, "ask")
    assert '"card"' not in PLAY.view(t.state, 0).model_dump_json()
    t.do(0, "done")
    assert not PLAY.hides(t.state, draw, 0)
    assert public_event(PLAY, t.state, draw, None).outcome == {"card": 4, "drawer": 1}


def test_a_draw_while_a_card_is_in_play_is_refused_p4(clovis: SideSnapshot) -> None:
    t = game(clovis)
    t.do(1, "draw")
    with pytest.raises(Refused, match="already in play"):
        t.do(0, "draw")


def test_a_side_with_no_fighter_left_loses_p9(clovis: SideSnapshot) -> None:
    t = game(clovis)
    for i in range(3):
        t.do(0, "status", target=1, model=i, value="Killed")
    assert t.state.finished and t.state.winner == 0
    with pytest.raises(Refused, match="over"):
        t.do(0, "draw")


def test_the_commanders_may_agree_who_won_p9(clovis: SideSnapshot) -> None:
    t = game(clovis)
    with pytest.raises(Refused):
        t.do(0, "end")
    t.do(0, "end", value=1)
    assert t.state.finished and t.state.winner == 1


def test_fighters_have_no_wounds_to_take_p4(clovis: SideSnapshot) -> None:
    t = game(clovis)
    with pytest.raises(Refused):
        t.do(0, "wound", target=1, model=0)


def test_a_replayed_draw_stays_with_the_commander_who_drew_it_p4(clovis: SideSnapshot) -> None:
    """Issue 29: the drawer is recorded with the card; replayed where the other
    commander would draw, the draw has no effect instead of moving the card."""
    t = game(clovis, [4])
    t.do(1, "draw")
    draw = t.log[-1]
    assert draw.outcome == {"card": 4, "drawer": 1}
    moved = draw.model_copy(update={"outcome": {"card": 4, "drawer": 0}})
    with pytest.raises(Refused, match="drawn by"):
        PLAY.apply(PLAY.start(t.snapshot), moved)


def test_an_answer_about_the_card_and_the_draw_stand_p4(clovis: SideSnapshot) -> None:
    t = game(clovis, [4])
    t.do(1, "draw")
    t.do(0, "ask")
    t.do(0, "done")
    draw, ask, done = t.log
    assert all(PLAY.stands(e) for e in (draw, ask, done))
    assert all(PLAY.may_undo(e, None) for e in (draw, ask, done))


def test_a_fighter_takes_two_actions_one_of_them_combat_out_of_the_cards_p5(clovis: SideSnapshot) -> None:
    """Issue 28: each fighter's actions and the card's counted."""
    t = game(clovis, [4])
    with pytest.raises(Refused, match="draw a card first"):
        t.do(0, "act", target=0, model=3, value="Move")
    t.do(1, "draw")
    with pytest.raises(Refused, match="only their fighters act"):
        t.do(1, "act", target=1, model=0, value="Move")
    t.do(0, "act", target=0, model=3, value="Move")
    t.do(0, "status", target=0, model=3, value="Engaged")
    with pytest.raises(Refused, match="Move is for a ready fighter; Pell is engaged"):
        t.do(0, "act", target=0, model=3, value="Move")
    t.do(0, "act", target=0, model=3, value="Attack")
    with pytest.raises(Refused, match=r"Pell has had its two actions this activation \(p.5\)"):
        t.do(0, "act", target=0, model=3, value="Disengage")
    t.do(0, "act", target=0, model=4, value="On Guard")
    with pytest.raises(Refused, match=r"Orrin has made its combat action this activation \(p.5\)"):
        t.do(0, "act", target=0, model=4, value="Charge")
    assert t.state.public["used_actions"] == 3
    with pytest.raises(Refused, match="3 of the 3 actions known are used: ask whether there is a fourth"):
        t.do(0, "act", target=0, model=4, value="Move")
    t.do(0, "ask")  # yes: the card is a 4
    t.do(0, "act", target=0, model=4, value="Move")
    t.do(0, "done")
    assert t.state.public["used_actions"] == 0 and t.state.public["actions"] == []


def test_a_stunned_fighter_only_recovers_and_two_action_attacks_need_two_p4_p6(clovis: SideSnapshot) -> None:
    t = game(clovis, [3, 5, 5, 5, 5, 5, 5])  # the card, then two recovery rolls of 15
    t.do(1, "status", target=0, model=3, value="Stunned")
    t.do(1, "draw")
    with pytest.raises(Refused, match="Pell is Stunned: it can only try to recover"):
        t.do(0, "act", target=0, model=3, value="Move")
    t.do(0, "act", target=0, model=3, value="Recover")
    t.do(0, "act", target=0, model=3, value="Recover")  # a second try for a second action
    assert [e.outcome for e in t.log[-2:]] == [{"roll": 15}, {"roll": 15}]
    assert t.state.sides[0].models[3].status == "stunned"
    t.do(0, "status", target=0, model=4, value="Engaged")
    with pytest.raises(Refused, match="ask whether there is a fourth action first"):
        t.do(0, "act", target=0, model=4, value="Powerful Blow")
    with pytest.raises(Refused, match="Recover is for a stunned fighter; Orrin is engaged"):
        t.do(0, "act", target=0, model=4, value="Recover")


def test_a_sprint_is_not_combined_with_a_second_movement_p5(clovis: SideSnapshot) -> None:
    t = game(clovis, [5])
    t.do(1, "draw")
    t.do(0, "act", target=0, model=3, value="Sprint")
    with pytest.raises(Refused, match="Sprint is not combined with a second movement action"):
        t.do(0, "act", target=0, model=3, value="Move")


def test_a_wallop_blow_takes_froth_for_its_second_action_p9(clovis: SideSnapshot) -> None:
    t = game(clovis, [3])
    t.do(1, "draw")
    for index in (0, 1):
        t.do(0, "status", target=0, model=index, value="Engaged")
    with pytest.raises(Refused, match="Chardos the Destroyer has no Wallop ability"):
        t.do(0, "act", target=0, model=1, value="Wallop blow")
    t.do(0, "act", target=0, model=0, value="Wallop blow")
    assert t.state.sides[0].resources["Froth"] == 4 and t.state.public["used_actions"] == 1
    assert not PLAY.usable(t.state, 0, "spend", "Wallop")


def test_a_fighters_action_is_its_commanders_to_take_back_p5(clovis: SideSnapshot) -> None:
    t = game(clovis, [3])
    t.do(1, "draw")
    t.do(0, "act", target=0, model=3, value="Move")
    event = t.log[-1]
    assert PLAY.may_undo(event, 0) is None
    assert PLAY.may_undo(event, 1) == "that action is the other side's: only they can undo it"


# --- issue 40: the book read alone (tests/rules/play/readings/beestwars) ----------------------


def stunned(t: Table, *indexes: int) -> None:
    for index in indexes:
        t.do(1, "status", target=0, model=index, value="Stunned")


def dice(*rolls: int) -> list[int]:
    """Three d6 faces for each 3d6 total in ``rolls`` (Loaded answers randint in order)."""
    out: list[int] = []
    for total in rolls:
        a = min(6, total - 2)
        b = min(6, total - a - 1)
        out += [a, b, total - a - b]
    return out


def test_a_recovery_rolled_4_or_5_recovers_without_spending_the_action_p6(clovis: SideSnapshot) -> None:
    t = game(clovis, [3, *dice(4, 5)])
    stunned(t, 3, 4)
    t.do(1, "draw")
    t.do(0, "act", target=0, model=3, value="Recover")
    t.do(0, "act", target=0, model=4, value="Recover")
    assert [e.outcome["roll"] for e in t.log[-2:]] == [4, 5]
    assert [t.state.sides[0].models[i].status for i in (3, 4)] == ["ready", "ready"]
    assert t.state.public["used_actions"] == 0 and t.state.public["actions"] == []


def test_a_recovery_rolled_3_recovers_and_gives_an_immediate_free_action_p6(clovis: SideSnapshot) -> None:
    t = game(clovis, [3, *dice(3)])
    stunned(t, 3)
    t.do(1, "draw")
    t.do(0, "act", target=0, model=3, value="Recover")
    assert any("free action" in n for n in t.state.notices)
    t.do(0, "act", target=0, model=3, value="Move")  # the free action
    assert t.state.public["used_actions"] == 0
    t.do(0, "act", target=0, model=3, value="Move")
    t.do(0, "act", target=0, model=3, value="Move")  # its two actions: the free one was neither
    assert t.state.public["used_actions"] == 2


def test_the_free_action_of_a_3_is_immediate_p6(clovis: SideSnapshot) -> None:
    t = game(clovis, [3, *dice(3)])
    stunned(t, 3)
    t.do(1, "draw")
    t.do(0, "act", target=0, model=3, value="Recover")
    t.do(0, "act", target=0, model=4, value="Move")  # another fighter acts first
    t.do(0, "act", target=0, model=3, value="Move")
    assert t.state.public["used_actions"] == 2


def test_a_recovery_up_to_skill_recovers_above_it_fails_p6(clovis: SideSnapshot) -> None:
    t = game(clovis, [5, *dice(13, 14)])  # Pell and Orrin: Skill 13
    stunned(t, 3, 4)
    t.do(1, "draw")
    t.do(0, "act", target=0, model=3, value="Recover")
    t.do(0, "act", target=0, model=4, value="Recover")
    assert [t.state.sides[0].models[i].status for i in (3, 4)] == ["ready", "stunned"]
    assert t.state.public["used_actions"] == 2
    assert [s.resources["Froth"] for s in t.state.sides] == [5, 5]


def test_a_recovery_rolled_16_or_17_gives_the_enemy_a_froth_and_18_kills_p6(clovis: SideSnapshot) -> None:
    t = game(clovis, [5, *dice(16, 17, 9, 18)])  # the refused third try is rolled too
    stunned(t, 3, 4)
    t.do(1, "draw")
    t.do(0, "act", target=0, model=3, value="Recover")
    t.do(0, "act", target=0, model=3, value="Recover")
    assert t.state.sides[0].models[3].status == "stunned"
    assert t.state.sides[1].resources["Froth"] == 7
    with pytest.raises(Refused, match="Pell has had its two actions"):
        t.do(0, "act", target=0, model=3, value="Recover")  # a second try at most
    t.do(0, "act", target=0, model=4, value="Recover")
    assert t.state.sides[0].models[4].status == "killed"
    assert t.state.sides[1].resources["Froth"] == 8  # the kill's Froth (p.4)


def test_a_heros_successful_recovery_is_not_one_of_its_two_actions_p7_p8(clovis: SideSnapshot) -> None:
    t = game(clovis, [5, *dice(9, 9)])
    stunned(t, 2, 3)  # Narbonensis the Mean (Hero, Elite) and Pell
    t.do(1, "draw")
    for index in (2, 3):
        t.do(0, "act", target=0, model=index, value="Recover")
    t.do(0, "act", target=0, model=2, value="Move")
    t.do(0, "ask")
    t.do(0, "act", target=0, model=2, value="Move")
    t.do(0, "ask")
    t.do(0, "act", target=0, model=3, value="Move")
    with pytest.raises(Refused, match="Pell has had its two actions"):
        t.do(0, "act", target=0, model=3, value="Move")
    assert t.state.public["used_actions"] == 5  # the card counts both recoveries


def test_a_recovery_without_a_roll_leaves_the_status_to_the_players(clovis: SideSnapshot) -> None:
    """Older logs: a Recover with no roll recorded counts as an action and changes nothing."""
    snapshot = Snapshot(system="beestwars", sides=(clovis, geladan()), setup={"first": 0})
    events = [
        Event(id="old-0001", side=0, action="status", target=0, model=3, value="Stunned"),
        Event(id="old-0002", side=1, action="draw", outcome={"card": 3, "drawer": 1}),
        Event(id="old-0003", side=0, action="act", target=0, model=3, value="Recover"),
    ]
    state = replay(PLAY, snapshot, events)
    assert state.sides[0].models[3].status == "stunned" and state.public["used_actions"] == 1


def test_a_fighter_by_its_standard_recovers_without_a_roll_p8(clovis: SideSnapshot) -> None:
    t = game(clovis, [3])
    stunned(t, 3)
    t.do(1, "draw")
    t.do(0, "act", target=0, model=3, value="Recover by the standard")
    assert t.log[-1].outcome == {} and t.state.sides[0].models[3].status == "ready"
    t.do(0, "status", target=0, model=4, value="Stunned")
    t.do(0, "status", target=0, model=8, value="Killed")  # Ruukvere, the bearer
    with pytest.raises(Refused, match="no standard in its hands"):
        t.do(0, "act", target=0, model=4, value="Recover by the standard")


def test_a_charge_is_a_ready_fighters_combat_action_for_a_froth_p5_p6(clovis: SideSnapshot) -> None:
    t = game(clovis, [5])
    t.do(1, "draw")
    t.do(0, "act", target=0, model=3, value="Charge")
    assert t.state.sides[0].resources["Froth"] == 4 and t.state.public["used_actions"] == 1
    t.do(0, "status", target=0, model=3, value="Engaged")
    with pytest.raises(Refused, match="Pell has made its combat action"):
        t.do(0, "act", target=0, model=3, value="Attack")
    t.do(0, "status", target=0, model=6, value="Engaged")
    with pytest.raises(Refused, match="Charge is for a ready fighter; Minotaur"):
        t.do(0, "act", target=0, model=6, value="Charge")
    t.do(0, "act", target=0, model=1, value="Sprint")
    with pytest.raises(Refused, match="a Sprint is not combined with a Charge"):
        t.do(0, "act", target=0, model=1, value="Charge")
    for _ in range(4):
        t.do(0, "spend", target=0, value="+1 Skill")
    with pytest.raises(Refused, match="no Froth for a Charge"):
        t.do(0, "act", target=0, model=2, value="Charge")
    assert "Charge" in OFFERED and not PLAY.usable(t.state, 0, "spend", "Charge")  # the fighter's own


def test_a_shieldbash_needs_a_shield_and_shooting_a_ranged_weapon_p6(clovis: SideSnapshot) -> None:
    t = game(clovis, [5, 5])
    t.do(1, "draw")
    for index in (1, 2, 3, 6):
        t.do(0, "status", target=0, model=index, value="Engaged")
    with pytest.raises(Refused, match="Shieldbash needs a shield; Pell carries Spear"):
        t.do(0, "act", target=0, model=3, value="Shieldbash")
    with pytest.raises(Refused, match="Shieldbash needs a shield; Chardos the Destroyer carries Two Weapons"):
        t.do(0, "act", target=0, model=1, value="Shieldbash")
    t.do(0, "act", target=0, model=6, value="Shieldbash")  # Weapon and Shield
    t.do(0, "act", target=0, model=2, value="Shieldbash")  # Narbonensis: Sword and Shield
    with pytest.raises(Refused, match="Ranged Attack needs a ranged weapon; Slewdaar Stone Hoof carries"):
        t.do(0, "act", target=0, model=0, value="Ranged Attack")
    with pytest.raises(Refused, match="Aimed Shot needs a ranged weapon; Orrin carries Spear"):
        t.do(0, "act", target=0, model=4, value="Aimed Shot")
    t.do(0, "done")
    t.do(0, "draw")
    t.do(1, "status", target=1, model=1, value="Engaged")
    t.do(1, "act", target=1, model=1, value="Shieldbash")  # a typed fighter: its equipment unknown
    t.do(1, "act", target=1, model=2, value="Ranged Attack")


def two_raiders(clovis: SideSnapshot) -> Table:
    """Two warbands of the same list and the same name."""
    twin = example_side("beestwars-clovis-300.json")
    assert twin.name == clovis.name
    return loaded_table(Snapshot(system="beestwars", sides=(clovis, twin), setup={"first": 0}), [4, 4])


def test_a_fighter_picking_up_a_standard_spends_an_action_and_carries_it_p8(clovis: SideSnapshot) -> None:
    t = two_raiders(clovis)
    t.do(1, "draw")
    t.do(0, "status", target=1, model=8, value="Killed")  # side 1's bearer: side 0 +1 Froth
    t.do(0, "standard", target=0, model=3)  # Pell takes the enemy's standard: 3 Froth
    assert [s.resources["Froth"] for s in t.state.sides] == [9, 2]
    assert t.state.public["used_actions"] == 1
    t.do(0, "act", target=0, model=3, value="Move")
    with pytest.raises(Refused, match="Pell has had its two actions"):
        t.do(0, "act", target=0, model=3, value="Move")
    t.do(0, "done")
    t.do(0, "draw")
    with pytest.raises(Refused, match="Pell holds the standard: it falls only when its carrier is killed"):
        t.do(1, "standard", target=1, model=0)
    t.do(1, "status", target=0, model=3, value="Killed")  # side 1 +1 Froth; the standard falls
    assert t.state.public["standard"]["1"] == "fallen"
    t.do(1, "standard", target=1, model=0)  # taken back: 3 Froth back
    assert [s.resources["Froth"] for s in t.state.sides] == [6, 6]
    assert "Standard" in t.state.sides[1].models[0].rules  # Slewdaar is the new bearer
    t.do(1, "done")
    t.do(1, "draw")
    t.do(0, "status", target=1, model=0, value="Killed")  # Slewdaar (Hero): +2, it falls again
    assert t.state.public["standard"]["1"] == "fallen"


def test_a_stunned_fighter_cannot_pick_up_a_standard_p4_p8(clovis: SideSnapshot) -> None:
    t = two_raiders(clovis)
    t.do(1, "draw")
    t.do(0, "status", target=1, model=8, value="Killed")
    t.do(0, "status", target=0, model=3, value="Stunned")
    with pytest.raises(Refused, match="Pell is Stunned"):
        t.do(0, "standard", target=0, model=3)
    assert t.state.public["standard"]["1"] == "fallen"


def test_two_warbands_of_one_name_are_told_apart_in_the_log_p8_p9(clovis: SideSnapshot) -> None:
    t = two_raiders(clovis)
    t.do(1, "draw")
    t.do(0, "status", target=1, model=8, value="Killed")
    t.do(0, "standard", target=0, model=3)
    text = next(line.text for line in reversed(t.state.log) if not line.auto)
    assert text == (
        "Pell of Stone Hoof's raiders (side 1) picks up Stone Hoof's raiders (side 2)'s standard: "
        "3 Froth from Stone Hoof's raiders (side 2)"
    )
    t.do(1, "end", value=0)
    assert t.state.log[-1].text == "The game ends: Stone Hoof's raiders (side 1) wins"


def test_the_free_action_of_a_3_may_pick_up_a_standard_p6_p8(clovis: SideSnapshot) -> None:
    t = two_raiders(clovis)
    t.rng = Loaded([4, *dice(3)])
    t.do(0, "status", target=0, model=3, value="Stunned")
    t.do(0, "status", target=1, model=8, value="Killed")
    t.do(1, "draw")
    t.do(0, "act", target=0, model=3, value="Recover")
    t.do(0, "standard", target=0, model=3)  # the immediate free action
    assert t.state.public["used_actions"] == 0 and t.state.public["actions"] == []
    assert "free_action" not in t.state.public


def test_a_bodyguard_link_and_a_cavalry_attack_need_the_ability_and_are_actions_p7(
    clovis: SideSnapshot,
) -> None:
    t = game(clovis, [5])
    t.do(1, "draw")
    with pytest.raises(
        Refused, match=r"Minotaur Warrior \(Weapon and Shield\) has no Bodyguard ability \(p.7\)"
    ):
        t.do(0, "act", target=0, model=6, value="Bodyguard link")
    t.do(0, "act", target=0, model=3, value="Bodyguard link")
    assert t.state.public["used_actions"] == 1
    with pytest.raises(Refused, match=r"Orrin has no Cavalry ability \(p.7\)"):
        t.do(0, "act", target=0, model=4, value="Cavalry attack")
    assert "Cavalry attack" in OFFERED and "Bodyguard link" in OFFERED  # on the rows that have them


def test_a_two_weapons_attack_is_one_combat_action_of_a_fighter_with_the_ability_p8(
    clovis: SideSnapshot,
) -> None:
    """Two Weapons (p.8): two attacks instead of one, each at -3 Skill; read as the
    fighter's one combat action of an engaged fighter."""
    t = game(clovis, [5])
    t.do(1, "draw")
    t.do(0, "status", target=0, model=1, value="Engaged")  # Chardos the Destroyer, Two Weapons
    t.do(0, "status", target=0, model=3, value="Engaged")  # Pell, no Two Weapons
    with pytest.raises(Refused, match=r"Pell has no Two Weapons ability \(p.8\)"):
        t.do(0, "act", target=0, model=3, value="Two Weapons attack")
    t.do(0, "act", target=0, model=1, value="Two Weapons attack")
    assert t.state.public["used_actions"] == 1
    with pytest.raises(Refused, match="made its combat action"):
        t.do(0, "act", target=0, model=1, value="Attack")
