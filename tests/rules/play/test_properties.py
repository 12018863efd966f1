"""Laws of a game's log, for every registered system (hypothesis):

- any sequence of actions, with duplicates resent, replays to the same state;
- undo of any action equals the log without it, and undoing the latest gives back the
  state before it;
- replay never raises, whatever the events and recorded outcomes;
- a refused action leaves the state exactly as it was (replay makes no copy).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.play.core import Event, PlayModel, Refused, Snapshot, append, replay, undo
from rules.play.registry import PLAY_RULES, get_rules, typed_side
from tests.hypothesis_counts import examples
from tests.rules.play.games import example_side

EXAMPLE = {
    "iron-and-honor": "iron-and-honor-ghrim-company.json",
    "brutality": "brutality-moderate-points.json",
    "beestwars": "beestwars-clovis-300.json",
}
SETTINGS = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def snapshot(system_id: str) -> Snapshot:
    """An example roster against a small typed side (a hero / Leader and two more)."""
    them = typed_side(
        system_id,
        "Them",
        [
            PlayModel(name="Chief", wounds=3, tags=["hero", "leader"]),
            PlayModel(name="Two", wounds=2, tags=["companion"]),
            PlayModel(name="Three", wounds=1),
        ],
    )
    return Snapshot(system=system_id, sides=(example_side(EXAMPLE[system_id]), them))


@st.composite
def actions(draw: st.DrawFn, system_id: str, outcomes: bool = False) -> dict[str, Any]:
    """One action's fields: mostly declared actions with their values, some nonsense."""
    rules = get_rules(system_id)
    names = [a.name for a in rules.trackers.actions]
    action = draw(st.sampled_from([*names, *names, "bogus"]))
    spec = next((a for a in rules.trackers.actions if a.name == action), None)
    values: list[Any] = [None, 1, 2, -1, "x", True]
    if spec is not None:
        values += spec.values * 3
        if action == "token":
            values += ["Trauma: -3 Save", "Curse: -1 Save"]
    fields: dict[str, Any] = {
        "side": draw(st.sampled_from([0, 1])),
        "action": action,
        "target": draw(st.sampled_from([None, 0, 1, 1])),
        "model": draw(st.sampled_from([None, 0, 1, 2, 3, 12])),
        "value": draw(st.sampled_from(values)),
    }
    if outcomes:
        fields["outcome"] = draw(
            st.dictionaries(
                st.sampled_from(["side", "card", "death_of_a_hero_0", "extra_turn"]),
                st.sampled_from([0, 1, 3, 4, 5, 6, 9, "x", None, True]),
                max_size=2,
            )
        )
    return fields


def play(
    system_id: str, steps: list[dict[str, Any]], resend: list[int], seed: int
) -> tuple[list[Event], list[Any]]:
    """Append the actions (refused ones are dropped, as the server does), resending
    earlier events at the positions in ``resend``; the log and the state after each."""
    rules, snap, rng = get_rules(system_id), snapshot(system_id), random.Random(seed)
    log: list[Event] = []
    states = [rules.start(snap)]
    for i, fields in enumerate(steps):
        if resend and log and i in resend:
            again = log[i % len(log)]
            log2, state = append(rules, snap, log, again.model_copy(update={"outcome": {}}), rng)
            assert log2 == log
            assert state.model_dump() == states[-1].model_dump() | {"notices": state.notices}
        try:
            log, state = append(rules, snap, log, Event(id=f"event-{i:05d}", **fields), rng)
            states.append(state)
        except Refused:
            pass
    return log, states


@given(
    system_id=st.sampled_from(sorted(PLAY_RULES)),
    data=st.data(),
    seed=st.integers(0, 2**16),
)
@SETTINGS
def test_any_actions_with_duplicates_resent_replay_to_the_same_state(
    system_id: str, data: st.DataObject, seed: int
) -> None:
    steps = data.draw(st.lists(actions(system_id), max_size=40))
    resend = data.draw(st.lists(st.integers(0, 40), max_size=8))
    log, states = play(system_id, steps, resend, seed)
    rules, snap = get_rules(system_id), snapshot(system_id)
    again = replay(rules, snap, log)
    assert again.model_dump(exclude={"notices"}) == states[-1].model_dump(exclude={"notices"})
    doubled = [e for pair in zip(log, log, strict=True) for e in pair]
    assert replay(rules, snap, doubled).model_dump() == again.model_dump()
    assert again.version == len(log)


@given(
    system_id=st.sampled_from(sorted(PLAY_RULES)),
    data=st.data(),
    seed=st.integers(0, 2**16),
)
@SETTINGS
def test_undo_of_any_action_equals_the_log_without_it(system_id: str, data: st.DataObject, seed: int) -> None:
    steps = data.draw(st.lists(actions(system_id), min_size=1, max_size=30))
    log, states = play(system_id, steps, [], seed)
    rules, snap = get_rules(system_id), snapshot(system_id)
    if not log:
        return
    gone = data.draw(st.sampled_from(log))
    without = undo(log, gone.id)
    assert without == [e for e in log if e.id != gone.id]
    assert replay(rules, snap, without).version == len(log) - 1
    latest = replay(rules, snap, undo(log))
    assert latest.model_dump() == states[-2].model_dump()


@given(
    system_id=st.sampled_from(sorted(PLAY_RULES)),
    data=st.data(),
)
@SETTINGS
def test_replay_never_raises_and_a_refused_action_changes_nothing(
    system_id: str, data: st.DataObject
) -> None:
    steps = data.draw(st.lists(actions(system_id, outcomes=True), max_size=40))
    rules, snap = get_rules(system_id), snapshot(system_id)
    events = [Event(id=f"event-{i:05d}", **f) for i, f in enumerate(steps)]
    state = replay(rules, snap, events)
    assert state.version == len(events)
    for event in events[:10]:
        trial = replay(rules, snap, [e for e in events if e.id != event.id])
        before = trial.model_dump()
        try:
            rules.apply(trial, event)
        except Refused:
            assert trial.model_dump() == before
