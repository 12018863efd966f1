"""Every stat after all modifiers within 1..8; Hit Points has no minimum and Movement
no maximum. Source: Brutality, "Model Characteristics" (Stat Minimums & Maximums)."""

from rules.brutality.catalogue import BrutalityCatalogue
from tests.brutality import catalogue_data, evaluate, leader, model_codes, stats, warband

DEX = "+1 Dexterity"


def leader_fast(traits):
    doc = warband()
    doc["models"][0] = leader("Fast", traits=traits)
    return evaluate(doc)


def test_a_leader_basic_fast_with_dexterity_raised_to_8_is_legal():
    report = leader_fast([DEX, DEX, "+1 Save"])
    assert stats(report, 0)["Dex"] == 8
    assert model_codes(report, 0) == set()


def test_a_leader_basic_fast_with_dexterity_raised_to_9_is_an_error():
    report = leader_fast([DEX, DEX, DEX])
    assert stats(report, 0)["Dex"] == 9
    issue = next(i for i in report.issues if i.code == "brutality.stats.above-maximum")
    assert issue.message == "Dexterity is 9 after modifiers; no stat but Movement may be above 8."
    assert issue.source == "Brutality: Model Characteristics"


def test_movement_has_no_maximum():
    report = leader_fast(['+2" Movement', '+2" Movement', "+1 Save"])
    assert stats(report, 0)["Move"] == 12
    assert model_codes(report, 0) == set()


def lowered(trait_slug, modifiers):
    data = catalogue_data()
    next(t for t in data["model_traits"] if t["slug"] == trait_slug)["modifiers"] = modifiers
    return BrutalityCatalogue.model_validate(data)


def test_no_stat_but_hit_points_may_fall_below_one():
    # No printed trait lowers a stat; an edited catalogue (the admin allows it) can.
    cat = lowered("plus-1-save", {"Save": -2, "HP": -5})
    report = evaluate(warband(), cat)
    below = [i for i in report.issues if i.code == "brutality.stats.below-minimum"]
    assert {i.message.split(" is ")[0] for i in below} == {"Save"}
    assert stats(report, 1)["HP"] == -2


def test_a_stat_of_one_is_legal():
    cat = lowered("plus-1-save", {"Save": -1})
    report = evaluate(warband(), cat)
    assert stats(report, 1)["Save"] == 1
    assert "brutality.stats.below-minimum" not in {i.code for i in report.issues}
