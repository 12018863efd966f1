"""Names that are not in the rules data: errors in evaluate, DocumentErrors (with their
JSON path) when the document is read against the catalogue."""

import pytest

from rules.brutality import SYSTEM
from rules.brutality.document import BrutalityRoster
from rules.document import DocumentError
from tests.brutality import catalogue, evaluate, model, parse, warband


def unknown(**overrides):
    return warband(model("Melee", "Odd", **overrides))


@pytest.mark.parametrize(
    ("overrides", "path", "code"),
    [
        ({"class": "Wizard"}, "$.models[4].class", "brutality.catalogue.unknown-class"),
        ({"upgrade": "Gunslinger"}, "$.models[4].upgrade", "brutality.catalogue.unknown-upgrade"),
        ({"traits": ["+1 Save", "Laser Eyes"]}, "$.models[4].traits[1]", "brutality.catalogue.unknown-trait"),
        ({"ability": "Lucky"}, "$.models[4].ability", "brutality.catalogue.unknown-ability"),
        ({"powers": ["Fireball"]}, "$.models[4].powers[0]", "brutality.catalogue.unknown-power"),
    ],
)
def test_unknown_names(overrides, path, code):
    doc = unknown(**overrides)
    with pytest.raises(DocumentError) as info:
        parse(doc)
    assert info.value.path == path
    report = SYSTEM.evaluate(BrutalityRoster.model_validate(doc), catalogue())
    assert code in {i.code for i in report.issues if i.model == 4}
    assert not report.legal


def test_an_unknown_class_leaves_the_stat_line_unknown_but_the_cost_stands():
    report = SYSTEM.evaluate(BrutalityRoster.model_validate(unknown(**{"class": "Wizard"})), catalogue())
    assert report.models[4].cost == 1
    assert report.models[4].derived["stats"][0]["value"] is None


def test_names_match_in_any_case_and_by_slug():
    report = evaluate(
        warband(model("basic fast", "Quick", traits=["PLUS-1-SAVE", "flight"], ability="toxic"))
    )
    derived = report.models[4].derived
    assert (derived["class"], derived["ability"]["name"]) == ("Fast", "Toxic/Burning/Poisonous")
    assert [t["name"] for t in derived["traits"]] == ["+1 Save", "Flight/Agile"]
