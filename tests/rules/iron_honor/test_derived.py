"""Wounds, Fate Pool and inherent qualities. Source: Iron & Honor p.12, p.16, p.17, pp.24-29."""

from tests.ih import evaluate, medium, model, roster


def test_wounds_by_type():
    report = evaluate(medium())
    assert [m.derived["wounds"] for m in report.models[:3]] == [5, 3, 2]


def test_large_and_mounted_add_a_wound_each():
    doc = medium()
    doc["models"][1]["traits"] = ["Large", "Mounted"]
    assert evaluate(doc).models[1].derived["wounds"] == 5


def test_gargantuan_hero_has_two_more_wounds():
    doc = medium()
    doc["models"][0]["traits"] = ["Gargantuan"]
    assert evaluate(doc).models[0].derived["wounds"] == 7


def test_fate_pool_counts_followers_in_started_threes():
    for followers, from_followers in ((1, 1), (3, 1), (4, 2), (6, 2), (7, 3), (9, 3)):
        doc = roster([model("hero")] + [model("follower")] * followers, "large")
        assert evaluate(doc).totals["fate_breakdown"]["followers"] == from_followers, followers


def test_fate_pool_adds_hero_companions_and_good_karma():
    doc = medium(model("companion"))
    doc["models"][4]["traits"] = ["Good Karma"]
    totals = evaluate(doc).totals
    assert totals["fate_breakdown"] == {"hero": 3, "companions": 2, "good_karma": 1, "followers": 1}
    assert totals["fate_pool"] == 7


def test_veteran_and_companions_are_fearless():
    doc = medium()
    doc["models"][2]["traits"] = ["Veteran"]
    report = evaluate(doc)
    names = [[q["name"] for q in m.derived["qualities"]] for m in report.models[:4]]
    assert "Heroic Impetus" in names[0]
    assert names[1] == ["Fearless"]
    assert names[2] == ["Fearless"]
    assert names[3] == []


def test_undead_grants_terror_and_tough():
    doc = medium()
    doc["models"][2]["traits"] = ["Undead"]
    qualities = [q["name"] for q in evaluate(doc).models[2].derived["qualities"]]
    assert qualities == ["Fearless", "Terror", "Tough"]
