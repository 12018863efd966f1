"""No turn, activation or game ended by the other phone unasked (issue 40 item 3).

- Ending a turn or an activation with something left asks first and names what is left
  (PlayRules.confirm, TablePlay.unfinished): Iron & Honor's action points (unused ones
  are lost, p.32), Brutality's models still to activate (Activation Phases), a Beestwars
  card's known actions (p.4).
- The log line says what was cut short and the side cut short may undo it
  (LogLine.ended_for, PlayRules.may_undo); Iron & Honor's draw stands, so with two
  phones only the active player may make it while its model has points (actor, p.32).
- A game ends by agreement: propose-end, then the other side's accept-end (or
  refuse-end); Beestwars names the winner (p.9); Brutality ends at the end of Turn 4
  (Game Length), so an earlier end is refused and an agreed stop has no result.
"""

from __future__ import annotations

import pytest

from rules.play.core import Event, Refused, Snapshot, replay
from tests.rules.play.conftest import cinder, geladan, loaded_table, raiders
from tests.rules.play.games import Table


def ih_rolled(points_face: int = 6) -> Table:
    """An Iron & Honor game where side 0's hero (Hakon) is activated and rolled for:
    a face of 6 +1 Hero's Will, 3 action points (p.31)."""
    t = loaded_table(Snapshot(system="iron-and-honor", sides=(raiders(), raiders())), [0])
    t.do(0, "draw")
    assert t.state.public["drawn"] == 0
    t.do(0, "activate", target=0, model=0)
    t.do(0, "roll", value=points_face)
    return t


def test_iron_honor_a_draw_with_action_points_left_is_asked_and_named() -> None:
    t = ih_rolled()
    t.do(0, "ap", value="Walk")
    draw = Event(id="ask-0001", side=0, action="draw")
    question = t.rules.confirm(t.state, draw)
    assert question == (
        "Hakon has 2 action points left, lost if unused (p.32). End its activation and draw the next die?"
    )
    # With two phones the other player may not end it (the draw stands: no undo).
    who = t.rules.actor(t.state, draw.model_copy(update={"side": 1}))
    assert who is not None and who[0] == 0
    assert "only the player of Raiders ends its activation (p.32)" in who[1]
    mine = t.rules.actor(t.state, draw)
    assert mine is not None and mine[0] == 0, "its own player may (asked first)"
    t.do(0, "draw")
    line = next(ln for ln in t.state.log if ln.event_id == t.log[-1].id)
    assert "Hakon has 2 action points left" in line.text and line.ended_for == [0]


def test_iron_honor_no_question_once_every_point_is_spent() -> None:
    t = ih_rolled(points_face=1)  # 1 + 1 = 2: one action point
    t.do(0, "ap", value="Walk")
    draw = Event(id="ask-0002", side=1, action="draw")
    assert t.rules.confirm(t.state, draw) is None
    assert t.rules.actor(t.state, draw) is None, "either player draws (p.31)"


def test_iron_honor_a_model_nominated_and_not_rolled_is_named() -> None:
    t = loaded_table(Snapshot(system="iron-and-honor", sides=(raiders(), raiders())), [1])
    t.do(0, "draw")
    t.do(1, "activate", target=1, model=1)
    question = t.rules.confirm(t.state, Event(id="ask-0003", side=1, action="draw"))
    assert question is not None and question.startswith("Ulla has not rolled its activation die (p.31)")


def brutality() -> Table:
    return Table(Snapshot(system="brutality", sides=(cinder(), cinder().model_copy(update={"name": "Ash"}))))


def test_brutality_next_turn_with_models_waiting_names_them_and_is_theirs_to_undo() -> None:
    t = brutality()
    t.do(0, "activate", target=0, model=0)
    turn = Event(id="ask-0004", side=0, action="next-turn")
    assert t.rules.confirm(t.state, turn) == (
        "Rook and Ember (Cinder Pack) have not activated; "
        "Old Gnash and 2 others (Ash) have not activated. End Turn 1?"
    )
    t.do(0, "next-turn")
    event = t.log[-1]
    line = next(ln for ln in t.state.log if ln.event_id == event.id)
    assert line.ended_for == [0, 1] and "have not activated" in line.text
    # The other side's "Next turn" cut side 1's models short: side 1 may undo it.
    assert t.rules.may_undo(event, 1, line.ended_for) is None
    assert t.rules.may_undo(event, 1) is not None, "without being cut short, not its action"


def test_brutality_the_last_turn_says_it_ends_the_game() -> None:
    t = brutality()
    for _ in range(3):
        t.do(0, "next-turn")
    question = t.rules.confirm(t.state, Event(id="ask-0005", side=1, action="next-turn"))
    assert question is not None and question.endswith("It is the last: that ends the game (Game Length)")


def test_brutality_no_question_when_every_model_has_activated() -> None:
    t = brutality()
    for i in range(3):
        t.do(0, "activate", target=0, model=i)
        t.do(1, "activate", target=1, model=i)
    assert t.rules.confirm(t.state, Event(id="ask-0006", side=0, action="next-turn")) is None
    t.do(0, "next-turn")
    line = next(ln for ln in t.state.log if ln.event_id == t.log[-1].id)
    assert line.ended_for == [] and "not activated" not in line.text


def beestwars() -> Table:
    snap = Snapshot(
        system="beestwars",
        sides=(geladan(), geladan().model_copy(update={"name": "Hoof"})),
        setup={"first": 0},
    )
    return loaded_table(snap, [5])


def test_beestwars_ending_an_activation_with_known_actions_left_is_asked() -> None:
    t = beestwars()
    t.do(1, "draw")  # the commander who is not active draws (p.4)
    t.do(0, "act", target=0, model=0, value="Move")
    question = t.rules.confirm(t.state, Event(id="ask-0007", side=0, action="done"))
    assert question == (
        "2 of the card's 3 known actions left; Geladan and Archer have not acted. End the activation?"
    )


# --- ending the game by agreement ---------------------------------------------------


def agreed(t: Table, winner: int | None, proposer: int = 0) -> None:
    t.do(proposer, "propose-end", value=winner)  # type: ignore[arg-type]
    assert t.state.public["end_offer"] == {"side": proposer, "winner": winner}
    with pytest.raises(Refused, match="the other player accepts or refuses"):
        t.do(proposer, "accept-end")  # type: ignore[arg-type]
    t.do(1 - proposer, "accept-end")  # type: ignore[arg-type]


def test_iron_honor_an_end_both_agree_on() -> None:
    t = Table(Snapshot(system="iron-and-honor", sides=(raiders(), raiders())))
    agreed(t, 1)
    assert t.state.finished and t.state.winner == 1 and "end_offer" not in t.state.public
    assert t.state.log[-1].text.startswith("The player of Raiders accepts: The game ends")


def test_a_refused_proposal_leaves_the_game_in_play_and_a_second_waits_for_the_first() -> None:
    t = Table(Snapshot(system="iron-and-honor", sides=(raiders(), raiders())))
    t.do(0, "propose-end", value=0)
    with pytest.raises(Refused, match="proposed ending the game already"):
        t.do(0, "propose-end", value=1)
    with pytest.raises(Refused, match="accept or refuse it first"):
        t.do(1, "propose-end", value=1)
    t.do(1, "refuse-end")
    assert not t.state.finished and "end_offer" not in t.state.public
    assert "refuses to end the game" in t.state.log[-1].text
    with pytest.raises(Refused, match="nobody has proposed"):
        t.do(1, "accept-end")


def test_beestwars_the_winner_is_named_by_both() -> None:
    t = beestwars()
    with pytest.raises(Refused, match=r"agree has won \(p.9\)"):
        t.do(0, "propose-end")
    agreed(t, 0, proposer=1)
    assert t.state.finished and t.state.winner == 0


def test_brutality_refuses_an_end_before_turn_4_and_an_agreed_stop_has_no_result() -> None:
    t = brutality()
    with pytest.raises(Refused, match=r"end of Turn 4 \(Game Length\)"):
        t.do(0, "end", value=0)
    agreed(t, 0)
    assert t.state.finished and t.state.winner is None and t.state.public["stopped"] is True
    assert "stopped here, without a result" in t.state.log[-1].text


def test_brutality_ends_at_the_end_of_turn_4_once_every_model_has_activated() -> None:
    t = brutality()
    for _ in range(3):
        t.do(0, "next-turn")
    for i in range(3):
        t.do(0, "activate", target=0, model=i)
        t.do(1, "activate", target=1, model=i)
    t.do(0, "end")
    assert t.state.finished


def test_reopen_clears_a_stop_and_old_logs_without_proposals_replay() -> None:
    t = brutality()
    agreed(t, None)
    state = t.rules.apply(t.state, Event(id="reopen-0001", side=0, action="reopen"))
    assert not state.finished and "stopped" not in state.public
    # A log of before issue 40 (an I&H end by one phone) replays as it did.
    ih = Snapshot(system="iron-and-honor", sides=(raiders(), raiders()))
    old = replay(
        t.rules.__class__ and Table(ih).rules, ih, [Event(id="old-0001", side=0, action="end", value=1)]
    )
    assert old.finished and old.winner == 1


def test_the_example_logs_still_replay() -> None:
    """The example games (docs/formats.md's examples) replay with every event applied."""
    from tests.rules.play.games import EXAMPLE_GAMES

    for make in EXAMPLE_GAMES.values():
        table = make()
        state = replay(table.rules, table.snapshot, table.log)
        assert all(line.refused is None for line in state.log), table.snapshot.system
