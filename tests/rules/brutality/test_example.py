"""The example warband in fixtures/examples evaluates as the rules give it."""

from decimal import Decimal

from tests.brutality import evaluate, example, stat, stats


def test_ashen_reavers_is_legal_at_four_and_a_half_of_five_points():
    report = evaluate(example("brutality-moderate-points"))
    assert report.legal, report.issues
    assert report.issues == []
    assert report.totals["cost"] == Decimal("4.5")
    assert report.totals["limit"] == Decimal(5)
    assert report.totals["unit"] == "points"
    assert report.totals["leader"] == "Mother Scald"
    assert [m.cost for m in report.models] == [Decimal("1.5"), 1, 1, 1]


def test_mother_scald_is_a_berserker_with_fighting_skill_7_and_movement_8():
    report = evaluate(example("brutality-moderate-points"))
    assert report.models[0].derived["upgrade"] == "Berserker"
    assert stats(report, 0) == {"Move": 8, "FS": 7, "Dex": 6, "HP": 3, "Will": 5, "Atk": 1, "Save": 3}
    fs = stat(report, 0, "FS")
    assert (fs["base"], fs["source"], fs["origin"]) == (5, "upgrade", "Berserker")
    assert [m["origin"] for m in fs["modifiers"]] == ["+1 Fighting Skill", "+1 Fighting Skill"]


def test_the_other_effective_stat_lines():
    report = evaluate(example("brutality-moderate-points"))
    assert stats(report, 1) == {"Move": 6, "FS": 5, "Dex": 5, "HP": 3, "Will": 5, "Atk": 2, "Save": 3}
    assert stats(report, 2) == {"Move": 8, "FS": 6, "Dex": 7, "HP": 3, "Will": 5, "Atk": 1, "Save": 2}
    assert stats(report, 3) == {"Move": 8, "FS": 6, "Dex": 6, "HP": 3, "Will": 6, "Atk": 1, "Save": 2}


def test_vesk_knows_curse_at_six_inches_from_her_power_trait():
    powers = evaluate(example("brutality-moderate-points")).models[3].derived["powers"]
    assert [(p["name"], p["range"]) for p in powers] == [("Curse", 6)]
