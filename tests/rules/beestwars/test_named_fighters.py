"""A named fighter is unique: at most once in a warband. Source: p.9."""

from tests.beestwars import codes, evaluate, model_codes, roster

DUPLICATE = "beestwars.named.duplicate"


def test_a_named_fighter_taken_twice_is_an_error():
    report = evaluate(roster(300, "Ruukvere the Besieger", "ruukvere-the-besieger"))
    assert DUPLICATE not in model_codes(report, 0)
    assert DUPLICATE in model_codes(report, 1)
    assert not report.legal


def test_two_different_named_fighters_are_legal():
    report = evaluate(roster(300, "Ruukvere the Besieger", "Chardos the Destroyer"))
    assert DUPLICATE not in codes(report)
    assert report.legal


def test_unnamed_profiles_may_be_taken_any_number_of_times():
    report = evaluate(roster(300, "Satyr", "Satyr", "Satyr", "Geladan (Bow)", "Geladan (Bow)"))
    assert report.legal
