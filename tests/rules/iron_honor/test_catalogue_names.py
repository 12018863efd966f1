"""Names that no longer resolve (the rules data changed) are errors, never crashes."""

from rules.iron_honor import SYSTEM
from rules.iron_honor.document import IronHonorRoster
from tests.ih import catalogue, medium, model_codes


def evaluate_unchecked(doc):
    """Evaluate without the reference check, as for a roster stored before the data changed."""
    return SYSTEM.evaluate(IronHonorRoster.model_validate(doc), catalogue())


def test_an_unknown_trait_is_an_error_and_costs_nothing():
    doc = medium()
    doc["models"][2]["traits"] = ["Tough", "Lost Trait"]
    report = evaluate_unchecked(doc)
    assert "iron-and-honor.catalogue.unknown-trait" in model_codes(report, 2)
    assert report.models[2].cost == 15 + 4
    assert report.models[2].derived["traits"][1] == {
        "name": "Lost Trait",
        "slug": None,
        "known": False,
        "category": None,
        "cost": None,
        "summary": None,
        "page": None,
        "source": None,
        "choice": None,
        "homebrew": None,
    }


def test_unknown_skill_and_type_are_errors():
    doc = medium()
    doc["models"][2]["skills"] = ["Laser"]
    doc["models"][3]["type"] = "Wizard"
    report = evaluate_unchecked(doc)
    assert "iron-and-honor.catalogue.unknown-skill" in model_codes(report, 2)
    assert "iron-and-honor.catalogue.unknown-type" in model_codes(report, 3)
    assert report.models[3].derived["wounds"] is None


def test_unknown_game_size_is_an_error():
    doc = medium()
    doc["options"]["game_size"] = "epic"
    report = evaluate_unchecked(doc)
    assert any(i.code == "iron-and-honor.catalogue.unknown-game-size" for i in report.issues)
    assert report.totals["limit"] is None
