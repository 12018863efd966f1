"""Points the transcription lost are supplied by the player, used, and never shown as
checked; until then the roster cannot be checked. Source: p.11, docs/rules-decisions.md."""

from tests.beestwars import codes, evaluate, model_codes, roster

AARI = {"profile": "Aari Keeneye"}


def test_unknown_points_not_supplied_are_an_error_and_cost_nothing_known():
    report = evaluate(roster(300, "Satyr", AARI))
    assert "beestwars.points.unknown" in model_codes(report, 1)
    assert report.models[1].cost is None
    assert report.models[1].derived["points"] == {"value": None, "from": None, "reading": None}
    assert report.totals["cost"] == 20
    assert report.totals["unpriced_count"] == 1
    assert not report.legal


def test_the_roster_says_its_total_could_not_be_checked():
    report = evaluate(roster(300, "Satyr", AARI))
    [issue] = [i for i in report.issues if i.code == "beestwars.points.not-checked"]
    assert issue.severity == "warning"
    assert "cannot be checked" in issue.message


def test_known_points_over_the_limit_are_over_even_with_unknown_points():
    report = evaluate(roster(200, *["Satyr"] * 11, AARI))
    assert "beestwars.points.over-limit" in codes(report)
    assert "beestwars.points.not-checked" not in codes(report)


def test_supplied_points_are_used_and_marked_as_the_players():
    report = evaluate(roster(300, "Satyr", {**AARI, "supplied": {"points": 40}}))
    assert report.legal, report.errors
    assert report.models[1].cost == 40
    assert report.totals["cost"] == 60
    assert report.models[1].derived["points"] == {"value": 40, "from": "player", "reading": None}
    assert report.models[1].derived["supplied"] == ["points"]
    assert report.models[1].lines[0].label == "Aari Keeneye (points supplied by the player)"
    [issue] = [i for i in report.issues if i.model == 1]
    assert (issue.severity, issue.code) == ("info", "beestwars.points.player-supplied")
    assert "not checked against the book" in issue.message


def test_supplied_stats_fill_only_what_the_data_lost():
    satyr = {"profile": "Satyr", "supplied": {"defense": -1, "toughness": 9}}
    report = evaluate(roster(300, satyr))
    stats = report.models[0].derived["stats"]
    assert stats["defense"] == {"value": -1, "text": "-1", "from": "player", "reading": None}
    assert stats["toughness"] == {"value": 5, "text": "5", "from": "book", "reading": None}
    assert "beestwars.supplied.not-needed" in model_codes(report, 0)


def test_supplied_points_for_a_priced_profile_are_ignored_with_a_warning():
    report = evaluate(roster(300, {"profile": "Satyr", "supplied": {"points": 1}}))
    assert report.models[0].cost == 20
    assert "beestwars.supplied.not-needed" in model_codes(report, 0)
    assert report.legal


def test_of_the_garbled_line_only_shinasa_needs_points_and_both_are_heroes():
    report = evaluate(roster(300, "Shinasa the Well Groomed", "Goffa Four Hands and Warbeest"))
    assert [m.cost for m in report.models] == [None, 55]
    assert report.totals["heroes"] == 2
    assert {"beestwars.points.unknown", "beestwars.profile.uncertain"} <= model_codes(report, 0)
    assert "beestwars.points.unknown" not in model_codes(report, 1)
    for index in (0, 1):
        assert "beestwars.profile.uncertain" in model_codes(report, index)
        assert report.models[index].derived["uncertain"] is True
        assert "Goffa Four Hands" in report.models[index].derived["raw"]


def test_the_garbled_line_is_legal_once_shinasas_points_are_supplied():
    shinasa = {"profile": "Shinasa the Well Groomed", "supplied": {"points": 50}}
    report = evaluate(roster(300, shinasa, "Goffa Four Hands and Warbeest"))
    assert report.legal, report.errors
    assert report.totals["cost"] == 105
    assert "beestwars.profile.uncertain" in codes(report)
