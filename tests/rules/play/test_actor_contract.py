"""Who may tap what, with two phones (issue 29 "per-system actor rules", issue 28 "fair
between two phones"), checked over every state of the three example games
(fixtures/examples/games): a side's choices belong to its own player (PlayRules.actor
names that side whichever phone sends them), what happens to a model may be recorded by
either phone, and the model's player may undo it (PlayRules.may_undo).

Sources: Iron & Honor p.9 (each player's Fate Pool) and p.31 (the drawn die's owner
nominates and rolls); Brutality "Activation Phases" and "Command Token"; Beestwars p.4
(the commander who is not active draws, the active one asks and ends; each commander's
Froth).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.play.core import OWN_CHOICES, Event, PlayRules, TableState, apply_or_note
from rules.play.format import read_game
from rules.play.registry import get_rules

GAMES = sorted((Path(__file__).resolve().parents[3] / "fixtures" / "examples" / "games").glob("*.json"))


def states(path: Path) -> list[tuple[PlayRules, TableState]]:
    """Every state of an example game, from the start to the end, each its own copy."""
    game = read_game(path.read_text())
    rules = get_rules(game.system)
    state = rules.start(game.snapshot)
    out = [(rules, state.model_copy(deep=True))]
    for event in game.events:
        state = apply_or_note(rules, state, event)
        out.append((rules, state.model_copy(deep=True)))
    return out


def choices(rules: PlayRules, state: TableState, side: int) -> list[Event]:
    """Events the phone of ``side`` could send for the other side: each side action on
    the other side, each model choice (OWN_CHOICES) on the other side's first model."""
    theirs = 1 - side
    out = []
    for spec in rules.trackers.actions:
        value = spec.values[0] if spec.values else None
        if spec.scope == "side":
            out.append(
                Event(
                    id=f"choice-{spec.name}-{side}", side=side, action=spec.name, target=theirs, value=value
                )
            )
        elif spec.scope == "model" and spec.name in OWN_CHOICES:
            out.append(
                Event(
                    id=f"choice-{spec.name}-{side}",
                    side=side,
                    action=spec.name,
                    target=theirs,
                    model=0,
                    value=value,
                )
            )
    return out


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_a_sides_choices_are_its_own_players_in_every_state(path: Path) -> None:
    for rules, state in states(path):
        for side in (0, 1):
            for event in choices(rules, state, side):
                who = rules.actor(state, event)
                assert who is not None, (event.action, state.turn)
                assert who[0] == 1 - side and who[1], (event.action, who)
                # The same choice from its own player's phone is theirs to make.
                own = event.model_copy(update={"side": 1 - side})
                assert rules.actor(state, own) in (None,) or rules.actor(state, own)[0] == 1 - side


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_what_happens_to_a_model_is_recorded_by_either_phone_and_undone_by_its_player(path: Path) -> None:
    rules, state = states(path)[0]
    effects = [a for a in rules.trackers.actions if a.scope == "model" and a.name not in OWN_CHOICES]
    assert effects, "every system records wounds or statuses"
    for spec in effects:
        value = spec.values[0] if spec.values else None
        event = Event(id=f"effect-{spec.name}", side=0, action=spec.name, target=1, model=0, value=value)
        assert rules.actor(state, event) is None, spec.name
        assert rules.may_undo(event, 1) is None, "the model's player may take it back"
        assert rules.may_undo(event, 0) is None, "and so may the phone that tapped it"
    for spec in rules.trackers.actions:
        if spec.scope == "side":
            event = Event(id=f"sideact-{spec.name}", side=0, action=spec.name, target=0)
            assert rules.may_undo(event, 1) is not None, f"{spec.name} is side 0's choice"


def test_the_drawn_die_is_its_owners_iron_and_honor_p31() -> None:
    path = next(p for p in GAMES if p.stem == "iron-and-honor")
    seen = {"pass": 0, "roll": 0}
    for rules, state in states(path):
        drawn = state.public.get("drawn")
        activation = state.public.get("activation")
        if drawn is not None:
            seen["pass"] += 1
            event = Event(id="pass-other", side=1 - drawn, action="pass")
            assert rules.actor(state, event) == (drawn, rules.actor(state, event)[1])
        if activation and activation.get("action_points") is None:
            seen["roll"] += 1
            event = Event(id="roll-other", side=1 - activation["side"], action="roll", value="6")
            assert rules.actor(state, event)[0] == activation["side"]
    assert all(seen.values()), seen


def test_the_commander_not_active_draws_and_the_active_one_asks_beestwars_p4() -> None:
    path = next(p for p in GAMES if p.stem == "beestwars")
    seen = {"draw": 0, "ask": 0}
    for rules, state in states(path):
        if "next_active" in state.public and not any("card" in str(v) for v in state.hidden.values()):
            drawer = 1 - state.public["next_active"]
            seen["draw"] += 1
            assert rules.actor(state, Event(id="draw-other", side=1 - drawer, action="draw"))[0] == drawer
        elif state.active is not None:
            seen["ask"] += 1
            for action in ("ask", "done"):
                who = rules.actor(state, Event(id=f"{action}-other-x", side=1 - state.active, action=action))
                assert who is not None and who[0] == state.active
    assert all(seen.values()), seen
