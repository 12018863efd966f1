"""Simple mode: Basic classes only, nothing else. Source: Brutality, "Building Your Army List - Simple"."""

import pytest

from tests.brutality import evaluate, model_codes, simple


def test_basic_models_alone_are_legal():
    report = evaluate(simple("Melee", "Melee", "Fast", "Fast"))
    assert report.legal, report.issues
    assert report.totals["mode"] == "simple"
    assert report.totals["cost"] == 4


@pytest.mark.parametrize(
    ("extra", "code"),
    [
        ({"upgrade": "Berserker"}, "brutality.simple.upgrade-not-allowed"),
        ({"traits": ["+1 Save"]}, "brutality.simple.trait-not-allowed"),
        ({"ability": "Sturdy"}, "brutality.simple.ability-not-allowed"),
        ({"powers": ["Curse"]}, "brutality.simple.power-not-allowed"),
    ],
)
def test_upgrades_traits_abilities_and_powers_are_errors(extra, code):
    doc = simple("Melee", "Melee", "Fast", "Fast")
    doc["models"][1].update(extra)
    report = evaluate(doc)
    assert code in model_codes(report, 1)
    assert not report.legal


def test_simple_mode_does_not_ask_for_free_traits_or_an_ability():
    codes = {i.code for i in evaluate(simple("Melee", "Fast", "Fast", "Melee")).issues}
    assert not {"brutality.traits.too-few", "brutality.abilities.missing"} & codes
