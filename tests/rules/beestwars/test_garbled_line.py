"""The run-together p.11 line of Shinasa the Well Groomed and Goffa Four Hands and
Warbeest, read as two rows; the stray "15" stays an uncertain reading.
Source: The Denizens of the Beestwars p.11 (and p.7 for Cavalry)."""

from tests.beestwars import catalogue, evaluate, roster

SHINASA = "Shinasa the Well Groomed"
GOFFA = "Goffa Four Hands and Warbeest"


def test_shinasa_is_the_first_set_of_values_without_points():
    p = catalogue().profile(SHINASA)
    assert (p.skill, p.might, p.equipment, p.points) == (12, 3, "Spear and Shield", None)
    assert p.abilities == ["hero", "wallop", "counterattack"]
    assert p.uncertain_values == {"points": 15}


def test_goffa_is_the_mounted_second_set_at_55_points_with_skill_unknown():
    p = catalogue().profile(GOFFA)
    assert (p.skill, p.might, p.equipment, p.points) == (None, 2, "Spear", 55)
    assert p.abilities == ["hero", "cavalry"]
    assert p.uncertain_values == {"skill": 15}


def test_goffa_is_playable_at_55_points():
    report = evaluate(roster(300, GOFFA))
    assert report.legal
    assert report.totals["cost"] == 55
    assert report.models[0].cost == 55


def test_goffa_still_warns_that_its_line_is_garbled_with_the_raw_text():
    report = evaluate(roster(300, GOFFA))
    warning = next(i for i in report.issues if i.code == "beestwars.profile.uncertain")
    assert warning.severity == "warning"
    assert warning.source == "The Denizens of the Beestwars p.11"
    assert "Counterattack 15 2d Spear" in warning.message


def test_the_15_is_shown_as_uncertain_never_as_the_value():
    skill = evaluate(roster(300, GOFFA)).models[0].derived["stats"]["skill"]
    assert skill == {"value": None, "text": None, "from": None, "reading": "15"}
    points = evaluate(roster(300, SHINASA)).models[0].derived["points"]
    assert points == {"value": None, "from": None, "reading": "15"}


def test_shinasa_is_not_legal_until_the_player_supplies_points():
    without = evaluate(roster(300, SHINASA))
    assert not without.legal
    assert "beestwars.points.unknown" in {i.code for i in without.errors}
    supplied = evaluate(roster(300, {"profile": SHINASA, "supplied": {"points": 40}}))
    assert supplied.legal
    assert supplied.totals["cost"] == 40


def test_a_supplied_skill_for_goffa_is_the_players_not_the_reading():
    report = evaluate(roster(300, {"profile": GOFFA, "supplied": {"skill": 14}}))
    assert report.models[0].derived["stats"]["skill"] == {
        "value": 14,
        "text": "14",
        "from": "player",
        "reading": None,
    }
