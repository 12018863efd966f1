"""Benchmark: evaluating a nine-model Large party (budget: median under 1 ms).

Run with `make bench`; in `make test` it runs once as a plain test.
"""

from rules.document import parse_document
from rules.iron_honor import SYSTEM
from tests.ih import catalogue, model, roster

SWORD = {"skill": "1H Edged", "label": "Sword"}


def nine_model_large_party():
    followers = [
        model("follower", name=f"Follower {i}", skills=[SWORD, "Shield"], traits=["Tough", "Veteran"])
        for i in range(6)
    ]
    doc = roster(
        [
            model(
                "hero", name="Hero", skills=[SWORD, "Shield"], traits=["Inspiring", "Slayer", "Shield Slam"]
            ),
            model("companion", name="Mage", skills=[SWORD], traits=["Sorcery", "Good Karma"]),
            model("companion", name="Archer", skills=["2H Ranged"], traits=["Quick-fire", "Marksman"]),
            *followers,
        ],
        "large",
    )
    return parse_document(doc, lambda _: catalogue())


def test_evaluate_nine_model_large_party(benchmark):
    document = nine_model_large_party()
    report = benchmark(SYSTEM.evaluate, document, catalogue())
    assert report.totals["model_count"] == 9
    assert report.legal, report.errors
