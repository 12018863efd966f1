"""Exactly one Leader in Moderate mode. Source: Brutality, "Building Your Army List - Moderate"."""

from tests.brutality import codes, evaluate, model, roster, simple, warband


def test_one_leader_is_legal():
    report = evaluate(warband())
    assert report.legal, report.issues
    assert report.totals["leader"] == "Leader"


def test_no_leader_is_an_error():
    doc = warband()
    doc["models"][0].update(leader=False, traits=["+1 Fighting Skill", "+1 Save"])
    report = evaluate(doc)
    assert "brutality.leader.missing" in codes(report)
    assert report.totals["leader"] is None


def test_two_leaders_is_an_error():
    doc = warband()
    doc["models"][2].update(leader=True, traits=["+1 Fighting Skill", "+1 Save", "+1 Dexterity"])
    report = evaluate(doc)
    assert [i.model for i in report.issues if i.code == "brutality.leader.too-many"] == [2]


def test_simple_mode_needs_no_leader_but_allows_only_one():
    assert "brutality.leader.missing" not in codes(evaluate(simple("Melee", "Melee", "Fast", "Fast")))
    doc = roster([{"name": n, "class": "Melee", "leader": True} for n in "AB"], mode="simple")
    assert "brutality.leader.too-many" in codes(evaluate(doc))


def test_leader_is_written_only_when_true():
    from rules.document import dump_document
    from tests.brutality import parse

    dumped = dump_document(parse(warband(model("Fast", "Plain"))))
    assert dumped["models"][0]["leader"] is True
    assert "leader" not in dumped["models"][4]
