"""``muster.game/1`` (docs/formats.md, section 4) and the example games in
fixtures/examples/games/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.document import DocumentError
from rules.play.format import dump_game, export_game, load_game, read_game, replay_game, state_summary
from rules.play.registry import PLAY_RULES
from tests.rules.play.games import GAMES, example_text


@pytest.mark.parametrize("system_id", sorted(PLAY_RULES))
def test_each_system_has_a_finished_example_game(system_id: str) -> None:
    game = read_game((GAMES / f"{system_id}.json").read_bytes())
    state = replay_game(game)
    assert game.system == system_id and state.finished
    assert not [line for line in state.log if line.refused]


@pytest.mark.parametrize("system_id", sorted(PLAY_RULES))
def test_an_example_game_replays_to_the_same_state_every_time(system_id: str) -> None:
    game = read_game((GAMES / f"{system_id}.json").read_bytes())
    first = replay_game(game).model_dump()
    assert replay_game(game).model_dump() == first
    assert game.result == state_summary(replay_game(game), game.events)


@pytest.mark.parametrize("system_id", sorted(PLAY_RULES))
def test_the_example_game_file_is_what_its_script_makes(system_id: str) -> None:
    assert (GAMES / f"{system_id}.json").read_text(encoding="utf-8") == example_text(system_id)


@pytest.mark.parametrize("system_id", sorted(PLAY_RULES))
def test_export_import_export_is_identical(system_id: str) -> None:
    text = (GAMES / f"{system_id}.json").read_text(encoding="utf-8")
    game = read_game(text)
    again = dump_game(game.snapshot, game.events, name=game.name)
    assert again == text
    assert export_game(game.snapshot, game.events, game.name) == json.loads(text)


def test_the_result_in_a_file_is_not_trusted() -> None:
    data = json.loads((GAMES / "beestwars.json").read_text(encoding="utf-8"))
    data["result"]["winner"] = 1
    game = load_game(data)
    assert replay_game(game).winner == 0


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(format="muster.roster/1"), "$.format"),
        (lambda d: d.update(system="chess"), "$.system"),
        (lambda d: d["snapshot"].update(system="brutality"), "$.snapshot.system"),
        (lambda d: d["events"].append(dict(d["events"][0])), "$.events[107].id"),
        (lambda d: d["events"][0].update(id="no"), "$.events[0].id"),
        (lambda d: d.update(extra=1), "$.extra"),
    ],
)
def test_a_bad_export_is_refused_with_its_path(change: object, path: str) -> None:
    data = json.loads((GAMES / "beestwars.json").read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    with pytest.raises(DocumentError) as info:
        load_game(data)
    assert info.value.path == path


def test_not_json_is_refused() -> None:
    with pytest.raises(DocumentError, match="not JSON"):
        read_game(b"{")
    with pytest.raises(DocumentError, match="object"):
        read_game(b"[]")


@pytest.mark.parametrize("system_id", sorted(PLAY_RULES))
def test_the_result_says_each_events_fate_in_order(system_id: str) -> None:
    """``log``: one entry per event, in order, ``refused`` None for each applied event
    (docs/formats.md, section 4)."""
    game = read_game((GAMES / f"{system_id}.json").read_bytes())
    log = state_summary(replay_game(game), game.events)["log"]
    assert [entry["id"] for entry in log] == [event.id for event in game.events]
    assert [entry["action"] for entry in log] == [event.action for event in game.events]
    assert {entry["refused"] for entry in log} == {None}


def test_an_event_refused_on_replay_is_named_with_the_reason() -> None:
    """An export whose last event no longer makes sense (a status no book has) replays
    with that event refused, and the result names it and says why."""
    data = json.loads((GAMES / "beestwars.json").read_text(encoding="utf-8"))
    data["events"].append(
        {"id": "refused-on-replay-01", "side": 0, "action": "gain", "value": "No such reason"}
    )
    game = load_game(data)
    state = replay_game(game)
    log = export_game(game.snapshot, game.events, game.name)["result"]["log"]
    refused = [entry for entry in log if entry["refused"]]
    assert [entry["id"] for entry in refused] == ["refused-on-replay-01"]
    assert refused[0]["refused"] == next(line.refused for line in state.log if line.refused)
    assert len(log) == len(game.events)


def test_an_older_iron_and_honor_export_replays_as_it_was() -> None:
    """The Iron & Honor example game as exported before issue #40 (no Tough or Heal d6,
    Heroic Impetus naming no model, an Engagement ending at turn 6 with no extra-turn
    roll) replays to the very result written in it."""
    path = Path(__file__).parent / "older" / "iron-and-honor-before-40.json"
    data = json.loads(path.read_text())
    game = load_game(data)
    assert state_summary(replay_game(game), game.events) == data["result"]
