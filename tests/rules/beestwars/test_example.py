"""The example warband fixtures/examples/beestwars-clovis-300.json."""

from rules.document import dump_document, parse_document
from tests.beestwars import catalogue, evaluate, example


def test_stone_hoofs_raiders_are_legal_at_257_of_300_points_with_three_heroes():
    report = evaluate(example())
    assert report.legal, report.errors
    assert report.totals["cost"] == 257
    assert report.totals["limit"] == 300
    assert report.totals["unit"] == "points"
    assert report.totals["heroes"] == 3
    assert report.totals["heroes_allowed"] == 3
    assert report.totals["model_count"] == 9
    assert report.totals["unpriced_count"] == 0


def test_each_fighter_costs_its_profile_points():
    report = evaluate(example())
    assert [(m.name, m.cost) for m in report.models] == [
        ("Slewdaar Stone Hoof", 48),
        ("Chardos the Destroyer", 34),
        ("Narbonensis the Mean", 37),
        ("Pell", 20),
        ("Orrin", 20),
        ("Tallow", 20),
        ("Minotaur Warrior (Weapon and Shield)", 32),
        ("Minotaur Warrior (Large War-hammer)", 28),
        ("Ruukvere the Besieger", 18),
    ]


def test_a_model_shows_its_profile_values_from_the_book():
    satyr = evaluate(example()).models[3].derived
    assert satyr["profile"] == "Satyr"
    assert satyr["stats"]["might"] == {"value": 2, "text": "2d6", "from": "book", "reading": None}
    assert satyr["stats"]["movement"] == {"value": 4, "text": '4"', "from": "book", "reading": None}
    assert satyr["stats"]["defense"] == {"value": None, "text": None, "from": None, "reading": None}
    assert [a["name"] for a in satyr["abilities"]] == ["Reach", "Bodyguard"]
    assert satyr["points"] == {"value": 20, "from": "book", "reading": None}


def test_the_example_dumps_back_identically():
    doc = example()
    assert dump_document(parse_document(doc, lambda _: catalogue())) == doc
