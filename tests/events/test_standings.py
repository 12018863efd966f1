"""Standings an organiser chooses (issue 41): each tiebreaker of the list changes the
order as it says, in the organiser's order; the bye's score; ties shown as ties."""

from __future__ import annotations

from fractions import Fraction

import pytest

from roster.events.pairing import DEFAULT_TIEBREAKERS, TIEBREAKERS, Result, chosen_order, standings

# Two rounds of six players. After them A, B and C have won once and lost once...
#   round 1: A beat D 5-1, B beat E 2-1, C beat F 9-0
#   round 2: B beat A 3-2, C lost to D 1-4, F beat E 6-5
# wins: A 1, B 2, C 1, D 1, E 0, F 1
ROUNDS = [
    Result("A", "D", "A", 5, 1),
    Result("B", "E", "B", 2, 1),
    Result("C", "F", "C", 9, 0),
    Result("B", "A", "B", 3, 2),
    Result("C", "D", "D", 1, 4),
    Result("F", "E", "F", 6, 5),
]
PLAYERS = list("ABCDEF")


def order(tiebreakers, results=ROUNDS, players=PLAYERS, **kw):
    return [s.player for s in standings(players, results, scored=True, order=tiebreakers, **kw)]


def test_wins_alone_leaves_the_four_one_win_players_tied_in_registration_order():
    lines = standings(PLAYERS, ROUNDS, scored=True, order=["wins"])
    assert [s.player for s in lines] == ["B", "A", "C", "D", "F", "E"]
    assert [s.rank for s in lines] == [1, 2, 2, 2, 2, 6]
    assert [s.tied for s in lines] == [False, True, True, True, True, False]


def test_the_systems_score_breaks_the_tie_by_points_made():
    # A 7, C 10, D 5, F 6
    assert order(["wins", "score"]) == ["B", "C", "A", "F", "D", "E"]


def test_strength_of_schedule_puts_who_met_the_stronger_opponents_first():
    # SoS: A (D 1 + B 2) 3, C (F 1 + D 1) 2, D (A 1 + C 1) 2, F (C 1 + E 0) 1
    lines = standings(PLAYERS, ROUNDS, scored=True, order=["wins", "sos"])
    assert [s.player for s in lines] == ["B", "A", "C", "D", "F", "E"]
    assert [s.rank for s in lines] == [1, 2, 3, 3, 5, 6]  # C and D: equal SoS, a shared 3rd


def test_score_first_then_wins_reorders_everyone():
    # Scores: A 7, B 5, C 10, D 5, E 6, F 6. Score first; B and D (5) by wins: B.
    assert order(["score", "wins"]) == ["C", "A", "F", "E", "B", "D"]
    lines = standings(PLAYERS, ROUNDS, scored=True, order=["score", "wins"])
    # E and F both 6: F won once, E never: no tie left.
    assert [s.rank for s in lines] == [1, 2, 3, 4, 5, 6]


def test_opponents_score_and_extended_schedule():
    # Opponents' score: A (D 5 + B 5) 10, C (F 6 + D 5) 11, D (A 7 + C 10) 17, F (C 10 + E 6) 16
    assert order(["wins", "opp_score"]) == ["B", "D", "F", "C", "A", "E"]
    lines = {s.player: s for s in standings(PLAYERS, ROUNDS, scored=True, order=["wins", "esos"])}
    # eSoS of A: SoS of D (2) + SoS of B (A 1 + E 0 = 1) = 3
    assert lines["A"].extended == 3
    # mean SoS: A 3/2, C 1, D 1, F 1/2
    assert lines["A"].schedule_mean == Fraction(3, 2) and lines["F"].schedule_mean == Fraction(1, 2)


def test_head_to_head_among_the_players_still_tied():
    # D beat C: with wins then head-to-head, D ranks above C among the four tied on one
    # win (A beat D, so A 1 point, D 1 (against C), C 0 (lost to D), F 0 (lost to C)...
    # A: beat D -> 1; C: beat F -> 1, lost to D; D: lost to A, beat C -> 1; F: lost to C -> 0.
    lines = standings(PLAYERS, ROUNDS, scored=True, order=["wins", "h2h"])
    assert [s.player for s in lines] == ["B", "A", "C", "D", "F", "E"]
    assert [s.rank for s in lines] == [1, 2, 2, 2, 5, 6]
    # Then the score: among A, C, D (one head-to-head point each), C 10, A 7, D 5.
    assert order(["wins", "h2h", "score"]) == ["B", "C", "A", "D", "F", "E"]
    # Only the two who met: C and D tied on wins and on score? Made so by a two-player event.
    two = [Result("X", "Y", "Y", 3, 3), Result("X", "Z", "X", 3, 3), Result("Y", "W", "W", 3, 3)]
    # X and Y: 1 win, 6 points each; Y beat X.
    assert order(["wins", "score", "h2h"], two, list("XYZW"))[:2] == ["Y", "X"]
    assert order(["wins", "score"], two, list("XYZW"))[:2] == ["X", "Y"]  # registration order, tied


def test_a_bye_scores_what_the_organiser_set():
    results = [Result("A", "B", "A", 4, 2), Result("C", None, "C")]
    assert order(["wins", "score"], results, list("ABC")) == ["A", "C", "B"]  # the bye scores 0
    assert order(["wins", "score"], results, list("ABC"), bye_score=6) == ["C", "A", "B"]
    lines = {s.player: s for s in standings(list("ABC"), results, scored=True, bye_score=6)}
    assert lines["C"].score == 6 and lines["C"].byes == 1


def test_the_chosen_order_keeps_known_keys_once_and_the_scores_only_where_kept():
    assert chosen_order(None, True) == list(DEFAULT_TIEBREAKERS)
    assert chosen_order(["sos", "nonsense", "sos", "score"], scored=False) == ["sos"]
    assert chosen_order(["h2h", "opp_score"], scored=True) == ["h2h", "opp_score"]
    assert set(TIEBREAKERS) == {"wins", "score", "sos", "sos_mean", "esos", "opp_score", "h2h"}


@pytest.mark.parametrize("tiebreaker", sorted(TIEBREAKERS))
def test_every_tiebreaker_ranks_everyone_once(tiebreaker):
    lines = standings(PLAYERS, ROUNDS, scored=True, order=[tiebreaker])
    assert sorted(s.player for s in lines) == PLAYERS
    ranks = [s.rank for s in lines]
    assert ranks == sorted(ranks) and ranks[0] == 1
