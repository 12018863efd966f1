"""The Lantern example (p.15) prices 2H Edged at 2 ExP; the skill table (p.21) says 3,
which Muster charges. A warband over its limit only because of that is told why.
Source: Iron & Honor p.15, p.21."""

from tests.ih import evaluate, example, model, roster

CODE = "iron-and-honor.exp.example-price"
AXE = {"skill": "2H Edged", "label": "Broadsword"}


def test_the_lantern_example_says_why_it_is_not_legal():
    report = evaluate(example("iron-and-honor-lantern-adventuring-co"))
    [info] = [i for i in report.issues if i.code == CODE]
    assert info.severity == "info"
    assert info.source == "Iron & Honor p.21"
    assert info.message == (
        "2H Edged costs 3 ExP in the skill table (p.21), the price Muster charges; the book's example "
        "on p.15 prices it at 2. At that price 1 2H Edged skill would bring this warband to 125 of 125 ExP."
    )
    assert [i.code for i in report.errors] == ["iron-and-honor.exp.over-limit"]


def small(*skills: object, limit: int) -> dict:
    follower = model("follower", skills=list(skills))
    return roster([model("hero"), follower], "custom", exp_limit=limit)


def test_no_word_when_the_warband_is_within_its_limit():
    doc = small(AXE, limit=18)  # follower 15 + 3
    assert CODE not in {i.code for i in evaluate(doc).issues}


def test_no_word_when_the_example_price_would_not_save_it():
    doc = small(AXE, limit=16)  # 18 ExP; at 2 it would still be 17
    report = evaluate(doc)
    assert not report.legal
    assert CODE not in {i.code for i in report.issues}


def test_the_word_when_the_example_price_would_save_it():
    report = evaluate(small(AXE, limit=17))
    assert CODE in {i.code for i in report.issues}
