"""One free Model Ability per model. Source: Brutality, "Model Abilities"."""

import pytest

from rules.document import DocumentError
from tests.brutality import balanced, evaluate, model, model_codes, parse, warband


def test_one_ability_is_legal():
    report = evaluate(warband(model("Fast", ability="Lightning Fast")))
    assert model_codes(report, 4) == set()
    assert report.models[4].derived["ability"]["summary"].startswith("+2 to Run")


def test_no_ability_leaves_the_free_pick_unused():
    report = evaluate(balanced(model("Fast", ability=None)))
    assert "brutality.abilities.missing" in model_codes(report, 4)
    assert report.legal


def test_two_abilities_do_not_fit_the_roster():
    with pytest.raises(DocumentError) as info:
        parse(warband(model("Fast", ability=["Sturdy", "Stealthy"])))
    assert info.value.path == "$.models[4].ability"


def test_clobber_is_named_but_its_rules_are_unknown():
    report = evaluate(balanced(model("Melee", "Warrior", ability="Clobber")))
    issue = next(i for i in report.issues if i.code == "brutality.abilities.unchecked")
    assert issue.severity == "info"
    assert report.models[4].derived["ability"]["summary"] is None
    assert report.legal
