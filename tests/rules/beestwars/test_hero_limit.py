"""One Hero per full 100 points of the limit, never more than four. Source: p.8."""

from tests.beestwars import HEROES, codes, evaluate, roster

TOO_MANY = "beestwars.heroes.too-many"


def test_250_points_with_three_heroes_is_an_error():
    report = evaluate(roster(250, *HEROES[:3]))
    assert report.totals["heroes"] == 3
    assert report.totals["heroes_allowed"] == 2
    assert TOO_MANY in codes(report)
    assert not report.legal


def test_300_points_with_three_heroes_is_legal():
    report = evaluate(roster(300, *HEROES[:3]))
    assert report.totals["heroes_allowed"] == 3
    assert TOO_MANY not in codes(report)
    assert report.legal


def test_500_points_with_five_heroes_is_an_error():
    report = evaluate(roster(500, *HEROES))
    assert report.totals["cost"] == 213
    assert report.totals["heroes_allowed"] == 4
    [issue] = [i for i in report.issues if i.code == TOO_MANY]
    assert issue.model == 4
    assert issue.message == "5 Heroes; a 500-point warband allows 4 (at most 4)."
    assert issue.source == "The Denizens of the Beestwars p.8"


def test_500_points_with_four_heroes_is_legal():
    report = evaluate(roster(500, *HEROES[:4]))
    assert TOO_MANY not in codes(report)


def test_only_fighters_with_the_hero_ability_count():
    # Ruukvere the Besieger is named but not a Hero.
    report = evaluate(roster(250, *HEROES[:2], "Ruukvere the Besieger", "Satyr"))
    assert report.totals["heroes"] == 2
    assert report.legal
