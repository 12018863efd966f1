"""What every registered system's rules of play must offer (one table view for all)."""

from __future__ import annotations

import pytest

from rules.play.base import TablePlay
from rules.play.core import Event, PlayRules, Refused, replay
from rules.play.registry import PLAY_RULES, get_rules
from rules.registry import SYSTEMS
from tests.rules.play.test_properties import snapshot

SYSTEM_IDS = sorted(PLAY_RULES)


def test_every_game_system_has_rules_of_play() -> None:
    assert set(PLAY_RULES) == set(SYSTEMS)


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_tracked_rule_cites_its_page_or_section(system_id: str) -> None:
    t = get_rules(system_id).trackers
    assert t.decisions
    for rule in [*t.statuses, *t.tokens, *t.resources, t.end, *t.actions, *t.decisions]:
        assert rule.page is not None or rule.section, rule.name
        assert rule.summary and len(rule.summary) < 200, rule.name


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_declared_action_has_a_handler(system_id: str) -> None:
    rules = get_rules(system_id)
    assert isinstance(rules, TablePlay)
    for spec in rules.trackers.actions:
        assert callable(getattr(rules, "act_" + spec.name.replace("-", "_"), None)), spec.name


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_game_starts_at_turn_1_with_every_model_in_its_first_status(system_id: str) -> None:
    rules: PlayRules = get_rules(system_id)
    state = rules.start(snapshot(system_id))
    assert state.turn == 1 and state.version == 0 and not state.finished
    first = rules.trackers.statuses[0].name.lower()
    assert {m.status for s in state.sides for m in s.models} == {first}
    assert replay(rules, snapshot(system_id), []).model_dump() == state.model_dump()


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_an_undeclared_action_is_refused(system_id: str) -> None:
    rules = get_rules(system_id)
    state = rules.start(snapshot(system_id))
    with pytest.raises(Refused, match="no action"):
        rules.apply(state, Event(id="event-0001", side=0, action="teleport"))


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_system_can_end_the_game_and_a_finished_game_takes_no_more_actions(system_id: str) -> None:
    """An end the players agree on (propose-end, accept-end, issue 40); Brutality's
    before the end of Turn 4 stops the game without a result (Game Length)."""
    rules = get_rules(system_id)
    state = rules.start(snapshot(system_id))
    state = rules.apply(state, Event(id="event-0000", side=0, action="propose-end", value=0))
    state = rules.apply(state, Event(id="event-0001", side=1, action="accept-end"))
    stopped = system_id == "brutality"
    assert state.finished and state.winner == (None if stopped else 0)
    assert bool(state.public.get("stopped")) == stopped
    with pytest.raises(Refused):
        rules.apply(state, Event(id="event-0002", side=0, action="status", target=1, model=0, value="Killed"))


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_a_watcher_sees_no_hidden_information(system_id: str) -> None:
    rules = get_rules(system_id)
    state = rules.start(snapshot(system_id))
    state.hidden = {"0": {"secret": 1}, "server": {"secret": 2}}
    assert rules.view(state, None).hidden == {}
    assert rules.view(state, 0).hidden == {"0": {"secret": 1}}


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_with_two_phones_a_sides_own_actions_are_its_players(system_id: str) -> None:
    """Spend, gain, score...: the side they concern takes them (TablePlay.actor; Iron &
    Honor p.9, Beestwars p.4), so the other phone cannot spend your Fate or Froth."""
    rules = get_rules(system_id)
    state = rules.start(snapshot(system_id))
    for spec in rules.trackers.actions:
        if spec.scope != "side":
            continue
        theirs = Event(id=f"e-{spec.name}-01", side=1, action=spec.name, target=0)
        who = rules.actor(state, theirs)
        assert who is not None and who[0] == 0, spec.name
        assert "own side" in who[1]
        assert rules.actor(state, theirs.model_copy(update={"side": 0})) is None
