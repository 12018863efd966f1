"""The books' example warbands: the printed totals plus the explained differences are Muster's totals."""

from decimal import Decimal
from pathlib import Path

import pytest

from rules.examples import compare, load_book_totals
from tests import beestwars, brutality, ih

EXAMPLES = Path(__file__).resolve().parents[2] / "fixtures" / "examples"
EVALUATE = {"iron-and-honor": ih.evaluate, "brutality": brutality.evaluate, "beestwars": beestwars.evaluate}
BOOK = load_book_totals(str(EXAMPLES))


def report_of(slug):
    document = ih.example(slug)
    return EVALUATE[document["system"]](document)


def test_every_example_warband_is_explained():
    files = {p.stem for p in EXAMPLES.glob("*.json")}
    assert set(BOOK) == files


@pytest.mark.parametrize("slug", sorted(BOOK))
def test_the_printed_totals_and_the_differences_add_up_to_musters(slug):
    example, totals = BOOK[slug], report_of(slug).totals
    for key, printed in (example.printed or {}).items():
        explained = printed + sum(d.amount for d in example.differences if d.total == key)
        assert Decimal(explained) == Decimal(totals[key]), key


def test_a_warband_the_book_does_not_print_says_so_instead():
    for slug, example in BOOK.items():
        assert (example.printed is None) == (example.words is not None), slug


def test_lantern_reads_the_books_123_beside_musters_126():
    report = report_of("iron-and-honor-lantern-adventuring-co")
    document = ih.example("iron-and-honor-lantern-adventuring-co")
    seen = compare(
        BOOK["iron-and-honor-lantern-adventuring-co"], report.totals, document["models"], document["models"]
    )
    assert seen.rows == [("total", 123, 126, "ExP"), ("Fate Pool", 6, 6, "Fate")]
    assert [d.amount for d in seen.differences] == [1, 2, 1, -1]
    assert not seen.changed
    changed = compare(
        BOOK["iron-and-honor-lantern-adventuring-co"],
        report.totals,
        document["models"][1:],
        document["models"],
    )
    assert changed.changed
