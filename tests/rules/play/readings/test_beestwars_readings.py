"""The Denizens of the Beestwars read from the book alone (issue 40, items 1-2).

Each ``beestwars/NN-topic.json`` is a ``muster.game/1`` log written from the book with
the state the book dictates in its ``result`` (turn, end, winner, Froth, each fighter's
status and tokens, and whether each event is allowed: ``refused`` null or the book's
reason). ``NN-topic.md`` beside it gives the page and the reading of each expected fact.
Each log is replayed by the engine and compared: the first difference is the failure.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.play.format import read_game, replay_game, state_summary

HERE = Path(__file__).parent / "beestwars"
LOGS = sorted(HERE.glob("*.json"))


def differences(expected: dict[str, Any], got: dict[str, Any]) -> list[str]:
    """What the replay gives that the book does not: the game's turn, end and winner,
    each side's resources, each fighter's status, tokens and turn of death, and for
    each event whether it was refused (the engine's wording of a reason is its own)."""
    out = [
        f"{key}: the book says {expected[key]!r}, the engine {got[key]!r}"
        for key in ("turn", "finished", "winner", "version")
        if expected[key] != got[key]
    ]
    for want, have in zip(expected["log"], got["log"], strict=True):
        if (want["refused"] is None) != (have["refused"] is None):
            book = "refused (" + want["refused"] + ")" if want["refused"] else "allowed"
            engine = "refused (" + have["refused"] + ")" if have["refused"] else "allowed"
            out.append(f"event {want['id']} {want['action']}: the book says {book}, the engine {engine}")
    for s, (want_side, have_side) in enumerate(zip(expected["sides"], got["sides"], strict=True)):
        if want_side["resources"] != have_side["resources"]:
            out.append(
                f"side {s} resources: the book says {want_side['resources']}, "
                f"the engine {have_side['resources']}"
            )
        for want_m, have_m in zip(want_side["models"], have_side["models"], strict=True):
            for key in ("status", "wounds", "tokens", "killed_turn"):
                if want_m[key] != have_m[key]:
                    out.append(
                        f"side {s} {want_m['name']} {key}: the book says {want_m[key]!r}, "
                        f"the engine {have_m[key]!r}"
                    )
    return out


def test_there_are_at_least_twelve_readings() -> None:
    assert len(LOGS) >= 12
    for log in LOGS:
        assert log.with_suffix(".md").is_file(), f"{log.name} has no notes beside it"


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_reading_replays_as_the_book_says(path: Path) -> None:
    raw = path.read_text()
    game = read_game(raw)
    expected = json.loads(raw)["result"]
    got = state_summary(replay_game(game), game.events)
    found = differences(expected, got)
    assert not found, f"{path.name}: {found[0]}" + (f" (and {len(found) - 1} more)" if len(found) > 1 else "")
