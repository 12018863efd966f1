"""An event's ranking and its Swiss pairing (issue 31, docs/events.md), in plain Python.

Players are named by any hashable key (the event's entry ids). A :class:`Result` is one
pairing's outcome: a win, a draw, or a bye; each side's score is the system's own count
(Iron & Honor's encounter ExP, Brutality's Victory Points) or None where the book keeps
none (The Denizens of the Beestwars).

Ranking (:func:`standings`): the organiser's tiebreakers in their order (by default
wins, a draw half a win and a bye a whole one, then the system's score over the event,
then strength of schedule: the wins of every opponent met); players equal on all of them
share a rank. Pairing (:func:`pair`): the bye first, to the
lowest-ranked player without one; then a maximum weight matching (networkx) pairing
players of close rank and never two who have met while any other way to pair the round
exists. The matching runs first over strangers a few ranks apart only, and its round is
kept only when a lower bound proves that no round reaching further could be better: a
large event pairs in a small share of the complete graph's time, as well as over it.
"""

from __future__ import annotations

import math
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


#: The tiebreakers an organiser chooses from, in the standings' order of their choice
#: (issue 41): key -> what the standings call it. "score" and "opp_score" count only where
#: the system keeps a score (Iron & Honor's encounter ExP, Brutality's Victory Points).
TIEBREAKERS: dict[str, str] = {
    "wins": "wins (a draw a half, a bye a whole win)",
    "score": "the system's score",
    "sos": "strength of schedule (the wins of every opponent met)",
    "sos_mean": "strength of schedule per game (the opponents' wins, averaged)",
    "esos": "extended strength of schedule (the opponents' own strength of schedule)",
    "opp_score": "opponents' score (the score of every opponent met)",
    "h2h": "head-to-head (the points taken from the players still tied)",
}
#: The order without the organiser's choice: wins, the system's score, strength of schedule.
DEFAULT_TIEBREAKERS = ("wins", "score", "sos")
SCORED_ONLY = frozenset({"score", "opp_score"})


@dataclass
class Standing:
    """One player's line: ``wins`` (a draw counts a half, a bye a whole win), games
    ``won`` / ``drawn`` / ``lost``, ``byes``, ``score`` (the system's, summed, a bye's
    score included; None where the system keeps none), ``schedule`` (strength of
    schedule: the wins of every opponent met, byes not counted), ``schedule_mean`` (the
    same per opponent), ``extended`` (the opponents' own ``schedule`` summed),
    ``opponents_score`` (the opponents' ``score`` summed; None unscored), ``rank`` (1
    first; players equal on every tiebreaker share it) and ``tied`` (it is shared)."""

    player: Hashable
    wins: Fraction = Fraction(0)
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    score: int | None = None
    schedule: Fraction = Fraction(0)
    schedule_mean: Fraction = Fraction(0)
    extended: Fraction = Fraction(0)
    opponents_score: int | None = None
    rank: int = 0
    tied: bool = False
    opponents: list[Hashable] = field(default_factory=list)
    #: Each game's (opponent, the points this player took from it: 1, 1/2 or 0).
    against: list[tuple[Hashable, Fraction]] = field(default_factory=list)

    def value(self, tiebreaker: str) -> Fraction | int:
        """This line's value for ``tiebreaker`` (a TIEBREAKERS key but "h2h", which
        depends on who else is tied). Raises KeyError for another key."""
        values: dict[str, Fraction | int] = {
            "wins": self.wins,
            "score": self.score or 0,
            "sos": self.schedule,
            "sos_mean": self.schedule_mean,
            "esos": self.extended,
            "opp_score": self.opponents_score or 0,
        }
        return values[tiebreaker]


def tiebreaker_words(score_short: str) -> dict[str, str]:
    """TIEBREAKERS' words with the system's short name for its score (``score_short``,
    "ExP"): what the event page, the big screen and the printed standings say."""
    words = {k: (f"{score_short} scored" if k == "score" else v) for k, v in TIEBREAKERS.items()}
    words["opp_score"] = f"opponents' {score_short} (scored by every opponent met)"
    return words


def chosen_order(order: Sequence[str] | None, scored: bool) -> list[str]:
    """The tiebreakers ``order`` names (DEFAULT_TIEBREAKERS when None or empty) that apply:
    known keys, once each, the score's only where the system keeps one (``scored``)."""
    out: list[str] = []
    for key in order or DEFAULT_TIEBREAKERS:
        if key in TIEBREAKERS and key not in out and (scored or key not in SCORED_ONLY):
            out.append(key)
    return out


def _head_to_head(line: Standing, tied: AbstractSet[Hashable]) -> Fraction:
    """The points ``line`` took in its games against the players of ``tied``."""
    return sum((points for opponent, points in line.against if opponent in tied), Fraction(0))


def standings(
    players: Sequence[Hashable],
    results: Sequence[Result],
    scored: bool,
    order: Sequence[str] | None = None,
    bye_score: int = 0,
) -> list[Standing]:
    """Every player's line, best first. ``players`` in registration order; ``scored``:
    whether the system keeps a score; ``order``: the tiebreakers, in the organiser's order
    (TIEBREAKERS keys; :func:`chosen_order`); ``bye_score``: the score a bye gives.

    Each tiebreaker splits the groups of players equal on every one before it, best
    first; "h2h" ranks a group by the points its players took from each other. Players
    still equal after the last share a rank (``tied``), listed in registration order.
    Raises KeyError for a result naming a player not in ``players``."""
    lines = {p: Standing(p, score=0 if scored else None) for p in players}
    for r in results:
        first = lines[r.a]
        if r.b is None:
            first.byes += 1
            first.wins += 1
            if scored:
                first.score = (first.score or 0) + (r.score_a if r.score_a is not None else bye_score)
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
            first.against.append((r.b, Fraction(1, 2)))
            second.against.append((r.a, Fraction(1, 2)))
        else:
            winner, loser = (first, second) if r.winner == r.a else (second, first)
            winner.won += 1
            winner.wins += 1
            loser.lost += 1
            winner.against.append((loser.player, Fraction(1)))
            loser.against.append((winner.player, Fraction(0)))
    for line in lines.values():
        line.schedule = sum((lines[o].wins for o in line.opponents), Fraction(0))
        line.schedule_mean = line.schedule / len(line.opponents) if line.opponents else Fraction(0)
        if scored:
            line.opponents_score = sum((lines[o].score or 0 for o in line.opponents), 0)
    for line in lines.values():
        line.extended = sum((lines[o].schedule for o in line.opponents), Fraction(0))
    groups: list[list[Standing]] = [[lines[p] for p in players]] if players else []
    for key in chosen_order(order, scored):
        split: list[list[Standing]] = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
                continue
            tied = {line.player for line in group}
            values = {
                line.player: _head_to_head(line, tied) if key == "h2h" else line.value(key) for line in group
            }
            ordered = sorted(group, key=lambda line: -values[line.player])  # stable: registration order
            run = [ordered[0]]
            for line in ordered[1:]:
                if values[line.player] == values[run[0].player]:
                    run.append(line)
                else:
                    split.append(run)
                    run = [line]
            split.append(run)
        groups = split
    ranked: list[Standing] = []
    for group in groups:
        rank = len(ranked) + 1
        for line in group:
            line.rank, line.tied = rank, len(group) > 1
        ranked.extend(group)
    return ranked


@dataclass(frozen=True)
class Pairing:
    """A round's pairings: ``tables`` (two players each, the better-ranked first, best
    table first) and the ``bye`` (None when the count is even)."""

    tables: list[tuple[Hashable, Hashable]]
    bye: Hashable | None


WINDOW = 12
"""How many ranks either way :func:`pair` first looks for opponents (see :func:`_match`)."""


def pair(ranked: Sequence[Hashable], met: AbstractSet[frozenset[Any]], byes: AbstractSet[Any]) -> Pairing:
    """Pair one round. ``ranked``: the players still in the event, best first (the
    :func:`standings` order; for round 1 the organiser's order or a shuffle); ``met``:
    the pairs that have played each other; ``byes``: who has had a bye.

    The bye (odd count) goes to the lowest-ranked player without one (or the lowest-
    ranked of all when everyone has had one). The others are paired so that no two who
    have met play again while a round without a rematch exists (the fewest rematches
    otherwise), and among those rounds the one that keeps players closest in rank (the
    least sum of squared rank gaps) is chosen: a maximum weight matching over strangers
    within :data:`WINDOW` ranks when it provably finds that round, else over a wider
    window or every two players (:func:`_match`). Raises ValueError with fewer than two
    players."""
    players = list(ranked)
    if len(players) < 2:
        raise ValueError("a round needs at least two players")
    bye = None
    if len(players) % 2:
        bye = next((p for p in reversed(players) if p not in byes), players[-1])
        players.remove(bye)
    return Pairing([(players[i], players[j]) for i, j in _match(players, met, WINDOW)], bye)


def _match(
    players: Sequence[Hashable], met: AbstractSet[frozenset[Any]], window: int
) -> list[tuple[int, int]]:
    """The best round for ``players`` (ranked, an even count) as tables of indices (``i <
    j``, best table first): the fewest rematches, then the least sum of squared rank gaps.

    Why not simply the complete graph (:func:`_full_match`): it has n(n-1)/2 edges, 32,640
    for 256 players, and networkx's matching (pure Python) takes seconds over it. Swiss
    pairs near neighbours, so first only strangers at most ``window`` ranks apart are
    offered (widened at once to reach every player's nearest stranger). The round found is
    kept when it pairs everyone and :func:`_proving_window` shows that no round reaching
    further could cost less. When it cannot pair everyone the window doubles; when it is
    not proved, the window widens to the one that would prove it, so the next try is
    proved (its round costs no more). The complete graph is used only once the window
    spans everyone: in small events, where it is quick; at once when someone has met
    every other player (a rematch is forced); or when no round of strangers exists, which
    needs someone to have met half the others (else the strangers hold a Hamiltonian
    cycle, by Dirac's theorem), so as many rounds as half the players: not in a large
    event."""
    n = len(players)
    reach = _nearest_strangers(players, met)
    window = max(window, *reach)
    while window < n - 1:
        tables = _near_match(players, met, window)
        if tables is None:
            window *= 2
            continue
        proof = _proving_window(tables, reach)
        if proof <= window:
            return tables
        window = proof  # wide enough to prove this round, or a better one found there
    return _full_match(players, met)


def _nearest_strangers(players: Sequence[Hashable], met: AbstractSet[frozenset[Any]]) -> list[int]:
    """Each player's least rank gap to someone they have not met (by index); for one who
    has met every other player, the player count (beyond every gap)."""
    n = len(players)
    return [
        next(
            (
                gap
                for gap in range(1, n)
                if any(0 <= j < n and frozenset((player, players[j])) not in met for j in (i - gap, i + gap))
            ),
            n,
        )
        for i, player in enumerate(players)
    ]


def _near_match(
    players: Sequence[Hashable], met: AbstractSet[frozenset[Any]], window: int
) -> list[tuple[int, int]] | None:
    """The round of least sum of squared rank gaps pairing only strangers at most
    ``window`` ranks apart, or None when not everyone can be paired that way.

    The players enter the graph in a scattered order (:func:`_scattered`), not by rank:
    networkx's search follows the graph's order of players, and the round is as good
    either way (only a tie between equal rounds may fall differently), but on Swiss rounds
    rank order measured two to three times slower (256 players, rounds 1 to 8, window 12:
    140 ms against 55 on average, 310 against 90 at worst)."""
    n = len(players)
    top = (window + 1) ** 2  # every weight positive; less gap, more weight
    graph = nx.Graph()
    graph.add_nodes_from(_scattered(n))
    graph.add_weighted_edges_from(
        (i, j, top - (j - i) ** 2)
        for i in range(n)
        for j in range(i + 1, min(i + window, n - 1) + 1)
        if frozenset((players[i], players[j])) not in met
    )
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) * 2 < n:
        return None
    return sorted((min(i, j), max(i, j)) for i, j in matching)


def _scattered(n: int) -> list[int]:
    """0 to n - 1 in a fixed order that spreads neighbours apart: a stride of about
    0.618 n (coprime with n, so every number comes once)."""
    stride = max(1, round(n * 0.618))
    while math.gcd(stride, n) != 1:
        stride += 1
    return [i * stride % n for i in range(n)]


def _proving_window(tables: Sequence[tuple[int, int]], reach: Sequence[int]) -> int:
    """The least window ``w`` such that ``tables`` (a rematch-free round) costs no more
    than any rematch-free round with a table more than ``w`` ranks apart (cost: the sum of
    squared rank gaps). So ``tables``, when it is the best round within ``w`` ranks, is
    the best of all (a round with a rematch is worse anyway).

    Such a round pays at least (w + 1)² for that one table, and every other table at
    least the mean of its two players' squared ``reach`` (each one's least gap to a
    stranger, which no table of theirs can undercut); leaving out the two largest squared
    reaches bounds the others whichever table reaches beyond ``w``."""
    cost = sum((j - i) ** 2 for i, j in tables)
    others = sum(sorted(r * r for r in reach)[:-2])
    # The least w with 2 * (w + 1)² + others >= 2 * cost.
    least_square = max(0, -((others - 2 * cost) // 2))  # ceil((2 * cost - others) / 2)
    root = math.isqrt(least_square)
    return max(0, (root if root * root == least_square else root + 1) - 1)


def _full_match(players: Sequence[Hashable], met: AbstractSet[frozenset[Any]]) -> list[tuple[int, int]]:
    """The best round over every two of ``players`` (the complete graph): a rematch costs
    more than any round of strangers can, so the fewest are made; then the least sum of
    squared rank gaps."""
    n = len(players)
    rematch = n**3 + 1  # above any sum of squared rank gaps a round can have
    graph = nx.Graph()
    for i in range(n):
        for j in range(i + 1, n):
            penalty = (j - i) ** 2 + (rematch if frozenset((players[i], players[j])) in met else 0)
            graph.add_edge(i, j, weight=rematch * 2 - penalty)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return sorted((min(i, j), max(i, j)) for i, j in matching)
