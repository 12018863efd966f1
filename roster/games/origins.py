"""Where a game was started from, told by the apps that start games (issue 31): a table
of an event links back to its event page, where its result is confirmed. The games app
never imports those apps; each registers a finder when it starts (AppConfig.ready), and
the game's pages ask :func:`origin_of`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Origin:
    """A game's origin as its pages link it: ``label`` ("Winter Cup, round 1, table 2"),
    ``url`` (the page to go back to) and ``action`` (what to do there, in a few words)."""

    label: str
    url: str
    action: str


_finders: list[Callable[[Any], Origin | None]] = []


def register(finder: Callable[[Any], Origin | None]) -> None:
    """Add ``finder`` (a Game -> Origin or None); registering the same one again is a no-op."""
    if finder not in _finders:
        _finders.append(finder)


def origin_of(game: Any) -> Origin | None:
    """The first origin a registered finder knows for ``game``, or None (a game started by
    hand). One query per finder."""
    for finder in _finders:
        found = finder(game)
        if found is not None:
            return found
    return None
