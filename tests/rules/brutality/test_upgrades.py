"""Upgrades: an upgrade belongs to one class and its stat line replaces the Basic line.

Source: Brutality, "Upgrades" and "Examples of Character Creation".
"""

from tests.brutality import evaluate, model, model_codes, stat, stats, warband


def test_the_berserker_line_replaces_the_basic_melee_line():
    report = evaluate(warband(model("Melee", "Axe", upgrade="Berserker", traits=["+1 Save", "+1 Willpower"])))
    assert stats(report, 4) == {"Move": 6, "FS": 5, "Dex": 6, "HP": 3, "Will": 6, "Atk": 1, "Save": 4}
    assert stat(report, 4, "Dex")["origin"] == "Berserker"
    assert report.models[4].derived["line"] == "Berserker"


def test_berserker_is_a_melee_upgrade():
    report = evaluate(warband(model("Fast", "Runner", upgrade="Berserker")))
    issue = next(i for i in report.issues if i.code == "brutality.upgrades.wrong-class")
    assert issue.message == "Berserker is an upgrade for Melee models."
    assert issue.source == "Brutality: Upgrades"


def test_ambusher_is_a_fast_upgrade_also_written_ambush():
    report = evaluate(warband(model("Fast", "Tyger", upgrade="Ambush")))
    assert "brutality.upgrades.wrong-class" not in model_codes(report, 4)
    assert report.models[4].derived["upgrade"] == "Ambusher"
    assert "brutality.stats.unknown" in model_codes(report, 4)


def test_pistolier_is_a_ranged_upgrade():
    assert "brutality.upgrades.wrong-class" in model_codes(
        evaluate(warband(model("Melee", upgrade="Pistolier"))), 4
    )
    assert "brutality.upgrades.wrong-class" not in model_codes(
        evaluate(warband(model("Ranged", upgrade="Pistolier"))), 4
    )
