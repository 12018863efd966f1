"""The ExP budget of the game size. Source: Iron & Honor p.15."""

from tests.ih import codes, evaluate, model, roster


def small_party(extra_traits):
    follower = model("follower", traits=extra_traits)
    return roster([model("hero"), model("companion"), follower], "small")


def test_spending_exactly_the_budget_is_legal():
    # hero 0 + companion 20 + six followers 90 = 110 ExP, then traits up to exactly 125.
    doc = roster(
        [model("hero"), model("companion")] + [model("follower") for _ in range(6)],
        "small",
    )
    report = evaluate(doc)
    assert report.totals["cost"] == 110
    doc["models"][2]["traits"] = ["Tough", "Veteran", "Ranger", "Bastion"]  # 13 ExP -> 123
    doc["models"][3]["traits"] = ["Bastion"]  # 2 ExP -> 125
    report = evaluate(doc)
    assert report.totals["cost"] == 125
    assert "iron-and-honor.exp.over-limit" not in codes(report)


def test_one_exp_over_the_budget_is_an_error():
    doc = roster([model("hero"), model("companion")] + [model("follower") for _ in range(6)], "small")
    doc["models"][2]["traits"] = ["Tough", "Veteran", "Ranger", "Bastion"]
    doc["models"][3]["traits"] = ["Marksman", "Amphibious"]  # 3 ExP -> 126
    report = evaluate(doc)
    assert report.totals["cost"] == 126
    assert "iron-and-honor.exp.over-limit" in codes(report)


def test_custom_game_size_uses_its_own_limit():
    doc = roster([model("hero"), model("companion"), model("follower")], "custom", exp_limit=30)
    report = evaluate(doc)
    assert report.totals["limit"] == 30
    assert report.totals["cost"] == 35
    assert "iron-and-honor.exp.over-limit" in codes(report)


def test_negative_traits_refund_exp():
    report = evaluate(small_party(["Slow", "Lumbering"]))
    follower = report.models[2]
    assert follower.cost == 15 - 3 - 2
