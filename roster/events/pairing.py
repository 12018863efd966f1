"""An event's ranking and its Swiss pairing (issue 31, docs/events.md), in plain Python.

Players are named by any hashable key (the event's entry ids). A :class:`Result` is one
pairing's outcome: a win, a draw, or a bye; each side's score is the system's own count
(Iron & Honor's encounter ExP, Brutality's Victory Points) or None where the book keeps
none (The Denizens of the Beestwars).

Ranking (:func:`standings`): wins (a draw half a win, a bye a whole one), then the
system's score over the event, then strength of schedule (the wins of every opponent
met), then registration order. Pairing (:func:`pair`): the bye first, to the
lowest-ranked player without one; then a maximum weight matching (networkx) over every
other two players, pairing players of close rank and never two who have met while any
other way to pair the round exists.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import networkx as nx


@dataclass(frozen=True)
class Result:
    """One pairing's outcome: ``a`` against ``b`` (None for a bye to ``a``); ``winner``
    is ``a``, ``b`` or None for a draw (a bye's winner is ``a``); ``score_a`` /
    ``score_b`` the system's score each side made (None where the system keeps none)."""

    a: Hashable
    b: Hashable | None
    winner: Hashable | None
    score_a: int | None = None
    score_b: int | None = None


@dataclass
class Standing:
    """One player's line: ``wins`` (a draw counts a half, a bye a whole win), games
    ``won`` / ``drawn`` / ``lost``, ``byes``, ``score`` (the system's, summed; None where
    the system keeps none), ``schedule`` (strength of schedule: the wins of every
    opponent met, byes not counted) and ``rank`` (1 first; equal lines share none)."""

    player: Hashable
    wins: Fraction = Fraction(0)
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    score: int | None = None
    schedule: Fraction = Fraction(0)
    rank: int = 0
    opponents: list[Hashable] = field(default_factory=list)


def standings(players: Sequence[Hashable], results: Sequence[Result], scored: bool) -> list[Standing]:
    """Every player's line, best first. ``players`` in registration order (the last
    tiebreaker); ``scored``: whether the system keeps a score (the second one). Raises
    KeyError for a result naming a player not in ``players``."""
    lines = {p: Standing(p, score=0 if scored else None) for p in players}
    for r in results:
        first = lines[r.a]
        if r.b is None:
            first.byes += 1
            first.wins += 1
            continue
        second = lines[r.b]
        first.opponents.append(r.b)
        second.opponents.append(r.a)
        for line, mine in ((first, r.score_a), (second, r.score_b)):
            if scored and mine is not None:
                line.score = (line.score or 0) + mine
        if r.winner is None:
            for line in (first, second):
                line.drawn += 1
                line.wins += Fraction(1, 2)
        else:
            winner, loser = (first, second) if r.winner == r.a else (second, first)
            winner.won += 1
            winner.wins += 1
            loser.lost += 1
    for line in lines.values():
        line.schedule = sum((lines[o].wins for o in line.opponents), Fraction(0))
    order = {p: n for n, p in enumerate(players)}
    ranked = sorted(lines.values(), key=lambda s: (-s.wins, -(s.score or 0), -s.schedule, order[s.player]))
    for n, line in enumerate(ranked, start=1):
        line.rank = n
    return ranked


@dataclass(frozen=True)
class Pairing:
    """A round's pairings: ``tables`` (two players each, the better-ranked first, best
    table first) and the ``bye`` (None when the count is even)."""

    tables: list[tuple[Hashable, Hashable]]
    bye: Hashable | None


def pair(ranked: Sequence[Hashable], met: AbstractSet[frozenset[Any]], byes: AbstractSet[Any]) -> Pairing:
    """Pair one round. ``ranked``: the players still in the event, best first (the
    :func:`standings` order; for round 1 the organiser's order or a shuffle); ``met``:
    the pairs that have played each other; ``byes``: who has had a bye.

    The bye (odd count) goes to the lowest-ranked player without one (or the lowest-
    ranked of all when everyone has had one). The others are paired by a maximum weight
    matching over every two of them: a rematch costs more than any pairing of strangers
    can, so none is made while a round without one exists; among those, the pairing
    that keeps players closest in rank (the sum of squared rank gaps, least). Raises
    ValueError with fewer than two players."""
    players = list(ranked)
    if len(players) < 2:
        raise ValueError("a round needs at least two players")
    bye = None
    if len(players) % 2:
        bye = next((p for p in reversed(players) if p not in byes), players[-1])
        players.remove(bye)
    n = len(players)
    rematch = n**3 + 1  # above any sum of squared rank gaps a round can have
    graph = nx.Graph()
    for i in range(n):
        for j in range(i + 1, n):
            penalty = (j - i) ** 2 + (rematch if frozenset((players[i], players[j])) in met else 0)
            graph.add_edge(i, j, weight=rematch * 2 - penalty)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    tables = sorted((min(i, j), max(i, j)) for i, j in matching)
    return Pairing([(players[i], players[j]) for i, j in tables], bye)
