"""Player-supplied values: used where the rules data is unknown, marked as the player's,
and reported as not checked against the book. Source: docs/formats.md and docs/rules-decisions.md."""

import pytest

from rules.document import DocumentError
from tests.brutality import codes, evaluate, model, model_codes, parse, stat, stats, warband

RANGED_LINE = {"Move": 6, "FS": 4, "Dex": 5, "HP": 3, "Will": 5, "Atk": 1, "Save": 2, "Armed": True}


def test_an_unknown_class_line_is_a_warning_until_supplied():
    report = evaluate(warband(model("Ranged", "Shooter")))
    issue = next(i for i in report.issues if i.code == "brutality.stats.unknown")
    assert issue.severity == "warning"
    assert "Movement, Fighting Skill" in issue.message
    assert stats(report, 4)["Move"] is None
    assert stat(report, 4, "FS")["source"] is None


def test_supplied_values_are_used_and_marked_as_the_players():
    report = evaluate(warband(model("Ranged", "Shooter", supplied=RANGED_LINE)))
    assert stats(report, 4) == {"Move": 6, "FS": 5, "Dex": 5, "HP": 3, "Will": 5, "Atk": 1, "Save": 3}
    fs = stat(report, 4, "FS")
    assert (fs["base"], fs["source"], fs["origin"]) == (4, "player", "player-supplied")
    assert fs["modifiers"] == [{"kind": "trait", "origin": "+1 Fighting Skill", "value": 1}]
    assert report.models[4].derived["armed"] == {
        "value": True,
        "source": "player",
        "origin": "player-supplied",
    }
    assert report.models[4].derived["player_values"] == sorted(RANGED_LINE)


def test_supplied_values_bring_an_info_issue_saying_they_are_unchecked():
    report = evaluate(warband(model("Ranged", "Shooter", supplied=RANGED_LINE)))
    issue = next(i for i in report.issues if i.code == "brutality.supplied.unchecked")
    assert issue.severity == "info"
    assert "not checked against the book" in issue.message
    assert issue.model == 4
    # Powers for a Ranged line are still unknown.
    assert "brutality.stats.unknown" in model_codes(report, 4)
    assert report.legal


def test_a_value_the_book_gives_is_not_replaced():
    report = evaluate(warband(model("Melee", "Brute", supplied={"FS": 8})))
    assert stat(report, 4, "FS")["base"] == 5
    assert stat(report, 4, "FS")["source"] == "class"
    assert "brutality.supplied.not-needed" in model_codes(report, 4)
    assert "brutality.supplied.unchecked" not in model_codes(report, 4)


def test_supplied_values_are_limited_by_the_stat_limits():
    for key, value in (("FS", 9), ("FS", 0), ("HP", 9), ("Move", 0), ("Powers", 11)):
        with pytest.raises(DocumentError) as info:
            parse(warband(model("Ranged", "Shooter", supplied={key: value})))
        assert info.value.path == f"$.models[4].supplied.{key}"
    parse(warband(model("Ranged", "Shooter", supplied={"Move": 12, "FS": 8, "HP": 1})))


def test_supplied_keys_are_the_books_stats_only():
    with pytest.raises(DocumentError) as info:
        parse(warband(model("Ranged", "Shooter", supplied={"Luck": 3})))
    assert info.value.path == "$.models[4].supplied.Luck"


def test_supplied_stats_still_obey_the_stat_limits_after_modifiers():
    shooter = model("Ranged", "Shooter", supplied={**RANGED_LINE, "FS": 8})
    assert "brutality.stats.above-maximum" in codes(evaluate(warband(shooter)))
