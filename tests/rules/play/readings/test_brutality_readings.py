"""Brutality read from the book alone (issue #40, items 1-2).

Each ``brutality/NN-topic.json`` is a ``muster.game/1`` log written from the book by a
reader who had not seen the engine; its ``result`` is the state the book dictates (the
sibling ``NN-topic.md`` gives the section and the reading of each fact). Each log is
replayed with the rules of play and compared with that result: the turn, whether the
game is over and who won, each side's resources and Victory Points, each model's status,
Hit Points, tokens and line, and whether each event was applied or refused.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rules.play.format import read_game, replay_game, state_summary

HERE = Path(__file__).parent / "brutality"
LOGS = sorted(HERE.glob("*.json"))
#: Logs where Muster knowingly differs from the book, and why (docs/rules-decisions.md):
#: strict, so a fix makes them fail until the mark is taken off.
KNOWN: dict[str, str] = {}


def first_difference(expected: dict[str, Any], got: dict[str, Any]) -> str | None:
    """The first fact where the replay differs from the book's state, in words."""
    for key in ("turn", "finished", "winner"):
        if expected[key] != got[key]:
            return f"{key}: the book says {expected[key]!r}, the replay {got[key]!r}"
    for want, have in zip(expected["log"], got["log"], strict=True):
        if (want["refused"] is None) != (have["refused"] is None):
            book = "applied" if want["refused"] is None else f"refused ({want['refused']})"
            muster = "applied" if have["refused"] is None else f"refused ({have['refused']})"
            return f"event {want['id']} ({want['action']}): the book says {book}, the replay {muster}"
    for s, (want_side, have_side) in enumerate(zip(expected["sides"], got["sides"], strict=True)):
        for key in ("resources", "victory_points"):
            if want_side[key] != have_side[key]:
                return f"side {s} {key}: the book says {want_side[key]!r}, the replay {have_side[key]!r}"
        if len(want_side["models"]) != len(have_side["models"]):
            return (
                f"side {s}: the book has {len(want_side['models'])} models, "
                f"the replay {len(have_side['models'])}"
            )
        for i, (want, have) in enumerate(zip(want_side["models"], have_side["models"], strict=True)):
            for key in ("status", "wounds", "stats", "killed_turn"):
                if want[key] != have[key]:
                    return (
                        f"side {s} model {i} ({want['name']}) {key}: "
                        f"the book says {want[key]!r}, the replay {have[key]!r}"
                    )
            if Counter(want["tokens"]) != Counter(have["tokens"]):
                return (
                    f"side {s} model {i} ({want['name']}) tokens: "
                    f"the book says {want['tokens']!r}, the replay {have['tokens']!r}"
                )
    return None


def test_there_are_at_least_twelve_logs() -> None:
    assert len(LOGS) >= 12
    for path in LOGS:
        assert path.with_suffix(".md").exists(), f"{path.name} has no reading note"


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(p, marks=pytest.mark.xfail(strict=True, reason=KNOWN[p.stem])) if p.stem in KNOWN else p
        for p in LOGS
    ],
    ids=[p.stem for p in LOGS],
)
def test_the_log_replays_as_the_book_says(path: Path) -> None:
    game = read_game(path.read_bytes())
    assert game.result is not None, f"{path.name} has no expected result"
    got = state_summary(replay_game(game), game.events)
    difference = first_difference(game.result, got)
    assert difference is None, f"{path.name}: {difference}"
