"""The Swiss pairing and the ranking (roster/events/pairing.py, docs/events.md): laws over
random events, the near-rank window against the complete graph, and the tiebreakers each
on a small case."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import Any
from unittest import mock

import networkx as nx
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from roster.events import pairing
from roster.events.pairing import Result, _full_match, _match, _near_match, pair, standings
from tests.hypothesis_counts import examples


def rematch_free_possible(players: list[int], met: set[frozenset[int]]) -> bool:
    """Whether ``players`` can all be paired with no two who have met (a perfect matching
    in the graph of strangers)."""
    graph = nx.Graph()
    graph.add_nodes_from(players)
    graph.add_edges_from(
        (a, b) for i, a in enumerate(players) for b in players[i + 1 :] if frozenset((a, b)) not in met
    )
    return len(nx.max_weight_matching(graph, maxcardinality=True)) * 2 == len(players)


def quality(tables: list[tuple[int, int]], met: set[frozenset[int]]) -> tuple[int, int]:
    """A round of players named 0 to n - 1 by rank, as :func:`pair` orders rounds (less is
    better): its rematches, then its sum of squared rank gaps."""
    return sum(frozenset(t) in met for t in tables), sum((b - a) ** 2 for a, b in tables)


@contextmanager
def matched_graphs() -> Iterator[list[int]]:
    """The edge count of every graph handed to networkx's matching meanwhile."""
    sizes: list[int] = []
    real: Callable[..., Any] = nx.max_weight_matching

    def spy(graph: nx.Graph, **options: Any) -> Any:
        sizes.append(graph.number_of_edges())
        return real(graph, **options)

    with mock.patch.object(pairing.nx, "max_weight_matching", spy):
        yield sizes


def play(
    rng: random.Random, round_: pairing.Pairing, met: set[frozenset[int]], byes: set[int]
) -> list[Result]:
    """Random results for ``round_``, noting who met and the bye."""
    results = []
    for a, b in round_.tables:
        met.add(frozenset((a, b)))
        results.append(Result(a, b, rng.choice([a, b, None]), rng.randint(0, 12), rng.randint(0, 12)))
    if round_.bye is not None:
        byes.add(round_.bye)
        results.append(Result(round_.bye, None, round_.bye))
    return results


def swiss(
    count: int, rounds: int, seed: int
) -> Iterator[tuple[list[int], pairing.Pairing, set[frozenset[int]], set[int]]]:
    """``rounds`` rounds of players 0 to ``count`` - 1, each paired by :func:`pair` on the
    standings and given random results (``seed``): each round as (the ranking it was
    paired by, the round, the pairs met and the players who had a bye before it)."""
    rng = random.Random(seed)
    players = list(range(count))
    results: list[Result] = []
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    for _ in range(rounds):
        ranked = [s.player for s in standings(players, results, scored=True)]
        round_ = pair(ranked, met, byes)
        yield ranked, round_, set(met), set(byes)
        results += play(rng, round_, met, byes)


@settings(deadline=None, max_examples=examples(60))
@given(count=st.integers(2, 17), rounds=st.integers(1, 7), seed=st.integers(0, 2**32))
def test_every_round_pairs_everyone_once_without_avoidable_rematches_or_second_byes(count, rounds, seed):
    players = list(range(count))
    for ranked, round_, met, byes in swiss(count, rounds, seed):
        seated = [p for table in round_.tables for p in table] + (
            [round_.bye] if round_.bye is not None else []
        )
        assert sorted(seated) == players  # each player once
        assert (round_.bye is not None) == (count % 2 == 1)
        if round_.bye is not None:
            if any(p not in byes for p in players):
                assert round_.bye not in byes
            without = [p for p in ranked if p not in byes]
            if without:
                assert round_.bye == without[-1]  # the lowest-ranked without one
        paired = [p for p in ranked if p != round_.bye]
        rematches = [t for t in round_.tables if frozenset(t) in met]
        if rematch_free_possible(paired, met):
            assert not rematches


@settings(deadline=None, max_examples=examples(300))
@given(
    half=st.integers(1, 12),
    window=st.integers(1, 6),
    density=st.sampled_from([0.0, 0.1, 0.3, 0.4, 0.5, 0.6, 0.7, 0.95]),
    seed=st.integers(0, 2**32),
)
@example(half=5, window=1, density=0.5, seed=22)  # proved wrongly were each reach one more
def test_the_near_window_finds_a_round_as_good_as_the_complete_graph(half, window, density, seed):
    # Narrow windows over random met pairs (few to nearly all): the window widens, proves
    # or falls back to the complete graph, and the round is never worse than the complete
    # graph's: as few rematches, as small a sum of squared rank gaps.
    rng = random.Random(seed)
    players = list(range(2 * half))
    met = {frozenset(p) for p in itertools.combinations(players, 2) if rng.random() < density}
    tables = _match(players, met, window)
    assert sorted(p for table in tables for p in table) == players  # each player once
    assert all(a < b for a, b in tables) and tables == sorted(tables)
    assert quality(tables, met) == quality(_full_match(players, met), met)


@settings(deadline=None, max_examples=examples(5))
@given(count=st.integers(100, 300), rounds=st.integers(1, 5), seed=st.integers(0, 2**32))
@example(count=257, rounds=4, seed=0)  # the size it is for: round 4, a bye
def test_a_large_event_pairs_everyone_without_rematches_and_never_the_complete_graph(count, rounds, seed):
    players = list(range(count))
    paired = count - count % 2
    with matched_graphs() as sizes:
        played = list(swiss(count, rounds, seed))
    # Never the complete graph's edges for the players of a round.
    assert sizes and max(sizes) < paired * (paired - 1) // 2
    for ranked, round_, met, byes in played:
        seated = [p for table in round_.tables for p in table] + [round_.bye] * (round_.bye is not None)
        assert sorted(seated) == players
        if round_.bye is not None:
            assert round_.bye == [p for p in ranked if p not in byes][-1]
        # Fewer rounds than half the players: a round of strangers always exists (Dirac).
        assert not [t for t in round_.tables if frozenset(t) in met]


@pytest.mark.slow
def test_256_players_pair_as_well_as_over_the_complete_graph():
    # The size the window is for: round 4 of 256 players, the same rematches and rank gaps
    # as the complete graph (about 2 s, hence slow) from a small share of its edges.
    rng = random.Random(4)
    players = list(range(256))
    results: list[Result] = []
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    for _ in range(3):
        round_ = pair([s.player for s in standings(players, results, scored=True)], met, byes)
        results += play(rng, round_, met, byes)
    ranked = [s.player for s in standings(players, results, scored=True)]
    with matched_graphs() as sizes:
        tables = _match(ranked, met, pairing.WINDOW)
    by_rank = {p: n for n, p in enumerate(ranked)}
    met_by_rank = {frozenset(by_rank[p] for p in meeting) for meeting in met}
    assert quality(tables, met_by_rank) == quality(_full_match(ranked, met), met_by_rank)
    assert quality(tables, met_by_rank)[0] == 0
    assert max(sizes) < 256 * 255 // 2 // 4  # a window of 24 at most (12 is the first)


def test_a_round_within_the_window_is_not_kept_when_a_wider_one_is_better():
    # A has met B and C, E has met F: within 3 ranks the only round is A-D, B-E, C-F (27);
    # reaching 4 ranks, A-E, B-C, D-F costs 21. The window must not settle for 27.
    players = list("ABCDEF")
    met = {frozenset("AB"), frozenset("AC"), frozenset("EF")}
    assert _near_match(players, met, 3) == [(0, 3), (1, 4), (2, 5)]
    assert _match(players, met, 3) == [(0, 4), (1, 2), (3, 5)]
    # The same 27 within 3 ranks (F's nearest stranger is C, 3 away), against A-C, B-F,
    # D-E (21): a bound that forgot to leave out the far-reaching table's own two players
    # would take 27 for proved (2 × 4² + the 23 of all squared reaches ≥ 2 × 27).
    met = {frozenset(p) for p in ("AB", "BC", "CD", "DF", "EF")}
    assert _near_match(players, met, 3) == [(0, 3), (1, 4), (2, 5)]
    assert _match(players, met, 1) == [(0, 2), (1, 5), (3, 4)]


def test_a_player_who_met_the_whole_window_is_paired_beyond_it():
    # Player 0 has met the twelve next in rank: the window reaches the thirteenth, and
    # everyone else keeps their neighbour; the complete graph is never built.
    ranked = list(range(30))
    met = {frozenset((0, p)) for p in range(1, 13)}
    with matched_graphs() as sizes:
        tables = pair(ranked, met, set()).tables
    neighbours = [(p, p + 1) for p in [*range(1, 12, 2), *range(14, 30, 2)]]
    assert tables == [(0, 13), *neighbours]
    assert sizes and max(sizes) < 30 * 29 // 2


def test_the_complete_graph_decides_when_a_rematch_is_forced():
    # Player 0 has met all fifteen others: no window can help, so at once the complete
    # graph, and the one rematch the round must make is with the nearest in rank.
    ranked = list(range(16))
    with matched_graphs() as sizes:
        round_ = pair(ranked, {frozenset((0, p)) for p in range(1, 16)}, set())
    assert round_.tables == [(p, p + 1) for p in range(0, 16, 2)]
    assert sizes == [16 * 15 // 2]
    # Players 0, 1 and 2 have met everyone but each other: each has a stranger, yet one of
    # the three must play a rematch. The window cannot pair everyone; the complete graph
    # makes the one rematch (2 with 3) and no other.
    met = {frozenset((a, p)) for a in range(3) for p in range(3, 16)}
    with matched_graphs() as sizes:
        round_ = pair(ranked, met, set())
    assert round_.tables == [(p, p + 1) for p in range(0, 16, 2)]
    assert sizes[-1] == 16 * 15 // 2 and len(sizes) == 2


def test_players_of_close_rank_meet():
    ranked = list("ABCDEFGH")
    assert pair(ranked, set(), set()).tables == [("A", "B"), ("C", "D"), ("E", "F"), ("G", "H")]


def test_a_rematch_is_avoided_by_the_nearest_other_pairing():
    ranked = list("ABCD")
    assert pair(ranked, {frozenset("AB")}, set()).tables == [("A", "C"), ("B", "D")]


def test_a_rematch_is_made_only_when_no_other_pairing_exists():
    # Two players left who have met: the round still pairs them.
    assert pair(["A", "B"], {frozenset("AB")}, set()).tables == [("A", "B")]


def test_the_bye_goes_to_the_lowest_ranked_without_one():
    assert pair(list("ABCDE"), set(), set()).bye == "E"
    assert pair(list("ABCDE"), set(), {"E"}).bye == "D"
    assert pair(list("ABCDE"), set(), set("ABCDE")).bye == "E"  # all had one: the last again


def test_ranking_wins_then_score_then_schedule_then_a_shared_rank():
    results = [
        Result("A", "B", "A", 10, 4),
        Result("C", "D", "C", 6, 5),
        Result("E", None, "E"),  # a bye counts a win, no score
        Result("F", "G", None, 3, 3),  # a draw: half a win each
    ]
    lines = standings(list("ABCDEFG"), results, scored=True)
    # B and D both lost: D made more Victory Points.
    assert [s.player for s in lines] == ["A", "C", "E", "F", "G", "D", "B"]
    by = {s.player: s for s in lines}
    assert by["A"].wins == 1 and by["A"].score == 10
    assert by["F"].wins == Fraction(1, 2) and by["F"].drawn == 1
    assert by["E"].byes == 1 and by["E"].score == 0
    # F and G drew 3-3, each the other's only opponent: equal on everything, one rank
    # (issue 41: a dead heat is a tie, not registration order), listed in that order.
    assert [s.rank for s in lines] == [1, 2, 3, 4, 4, 6, 7]
    assert [s.tied for s in lines] == [False, False, False, True, True, False, False]


def test_without_a_score_strength_of_schedule_breaks_ties():
    # Beestwars keeps no score: A, B, C and F each won once. A and B met each other (each
    # opponent's one win), C and F only D, who never won: C, registered first, ranks third.
    results = [
        Result("A", "B", "A"),
        Result("C", "D", "C"),
        Result("B", "E", "B"),
        Result("D", "F", "F"),
    ]
    lines = standings(list("CABDEF"), results, scored=False)
    assert [s.player for s in lines][:4] == ["A", "B", "C", "F"]
    assert [s.schedule for s in lines][:4] == [1, 1, 0, 0]
    assert lines[0].score is None
