"""The Swiss pairing and the ranking (roster/events/pairing.py, docs/events.md): laws over
random events, and the tiebreakers each on a small case."""

from __future__ import annotations

import random
from fractions import Fraction

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from roster.events.pairing import Result, pair, standings


def rematch_free_possible(players: list[int], met: set[frozenset[int]]) -> bool:
    """Whether ``players`` can all be paired with no two who have met (a perfect matching
    in the graph of strangers)."""
    graph = nx.Graph()
    graph.add_nodes_from(players)
    graph.add_edges_from(
        (a, b) for i, a in enumerate(players) for b in players[i + 1 :] if frozenset((a, b)) not in met
    )
    return len(nx.max_weight_matching(graph, maxcardinality=True)) * 2 == len(players)


@settings(deadline=None, max_examples=60)
@given(count=st.integers(2, 17), rounds=st.integers(1, 7), seed=st.integers(0, 2**32))
def test_every_round_pairs_everyone_once_without_avoidable_rematches_or_second_byes(count, rounds, seed):
    rng = random.Random(seed)
    players = list(range(count))
    results: list[Result] = []
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    for _ in range(rounds):
        ranked = [s.player for s in standings(players, results, scored=True)]
        round_ = pair(ranked, met, byes)
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
        for a, b in round_.tables:
            met.add(frozenset((a, b)))
            winner = rng.choice([a, b, None])
            results.append(Result(a, b, winner, rng.randint(0, 12), rng.randint(0, 12)))
        if round_.bye is not None:
            byes.add(round_.bye)
            results.append(Result(round_.bye, None, round_.bye))


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


def test_ranking_wins_then_score_then_schedule_then_registration():
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
    assert [s.rank for s in lines] == [1, 2, 3, 4, 5, 6, 7]


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
