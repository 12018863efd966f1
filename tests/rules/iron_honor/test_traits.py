"""Trait categories, limits, requirements and choices. Source: Iron & Honor pp.22-29."""

from tests.ih import evaluate, medium, model_codes

SWORD = {"skill": "1H Edged", "label": "Sword"}


def hero_codes(**overrides):
    doc = medium()
    doc["models"][0].update(overrides)
    return model_codes(evaluate(doc), 0)


def companion_codes(**overrides):
    doc = medium()
    doc["models"][1].update(overrides)
    return model_codes(evaluate(doc), 1)


def companion_report(**overrides):
    doc = medium()
    doc["models"][1].update(overrides)
    return evaluate(doc)


def follower_codes(**overrides):
    doc = medium()
    doc["models"][2].update(overrides)
    return model_codes(evaluate(doc), 2)


def test_heroic_traits_are_for_the_hero_only():
    assert hero_codes(traits=["Inspiring"]) == set()
    assert "iron-and-honor.traits.heroic-not-hero" in companion_codes(traits=["Inspiring"])
    assert "iron-and-honor.traits.heroic-not-hero" in follower_codes(traits=["Inspiring"])


def test_follower_cannot_take_rare_trait():
    assert companion_codes(traits=["Slayer"]) == set()
    assert hero_codes(traits=["Slayer"]) == set()
    assert "iron-and-honor.traits.rare-not-allowed" in follower_codes(traits=["Slayer"])


def test_one_heroic_trait_at_most():
    assert "iron-and-honor.traits.too-many-heroic" in hero_codes(traits=["Inspiring", "Holy"])


def test_one_rare_trait_at_most():
    assert "iron-and-honor.traits.too-many-rare" in companion_codes(traits=["Slayer", "Healer"])


def test_four_common_traits_at_most():
    four = ["Tough", "Veteran", "Ranger", "Bastion"]
    assert follower_codes(traits=four) == set()
    assert "iron-and-honor.traits.too-many-common" in follower_codes(traits=[*four, "Swift"])


def test_no_trait_twice_on_one_model():
    assert "iron-and-honor.traits.duplicate" in follower_codes(traits=["Tough", "tough"])


def test_pet_only_on_followers():
    assert follower_codes(traits=[{"name": "Pet", "choice": "Hero"}]) == set()
    assert "iron-and-honor.traits.type-not-allowed" in companion_codes(traits=["Pet"])


def test_blast_needs_a_ranged_skill():
    assert follower_codes(skills=["Thrown Weapon"], traits=["Blast"]) == set()
    assert "iron-and-honor.traits.requires-ranged-skill" in follower_codes(skills=[SWORD], traits=["Blast"])


def test_spray_needs_a_ranged_skill():
    assert companion_codes(skills=["2H Ranged"], traits=["Spray"]) == set()
    assert "iron-and-honor.traits.requires-ranged-skill" in companion_codes(traits=["Spray"])


def test_blast_and_spray_exclude_each_other():
    codes = companion_codes(skills=["2H Ranged"], traits=["Blast", "Spray"])
    assert "iron-and-honor.traits.excluded" in codes


def test_quick_fire_needs_a_two_handed_ranged_skill():
    assert companion_codes(skills=["2H Ranged (BP)"], traits=["Quick-fire"]) == set()
    codes = companion_codes(skills=["1H Ranged"], traits=["Quick-fire"])
    assert "iron-and-honor.traits.requires-two-handed-ranged" in codes


def test_shield_slam_needs_the_shield_skill():
    assert follower_codes(skills=[SWORD, "Shield"], traits=["Shield Slam"]) == set()
    assert "iron-and-honor.traits.requires-shield" in follower_codes(skills=[SWORD], traits=["Shield Slam"])


def test_dual_wield_needs_two_one_handed_weapons():
    assert companion_codes(skills=[SWORD, "1H Ranged (BP)"], traits=["Dual Wield"]) == set()
    one = companion_codes(skills=[SWORD, "Shield"], traits=["Dual Wield"])
    two_handed = companion_codes(skills=["2H Edged", SWORD], traits=["Dual Wield"])
    assert "iron-and-honor.traits.requires-two-one-handed" in one
    assert "iron-and-honor.traits.requires-two-one-handed" in two_handed


def test_blessed_weapon_names_one_of_the_models_weapons():
    blessed = {"name": "Blessed Weapon", "choice": "Sword"}
    assert hero_codes(skills=[SWORD], traits=[blessed]) == set()
    assert "iron-and-honor.traits.choice-missing" in hero_codes(skills=[SWORD], traits=["Blessed Weapon"])
    wrong = {"name": "Blessed Weapon", "choice": "Axe"}
    assert "iron-and-honor.traits.choice-not-a-weapon" in hero_codes(skills=[SWORD], traits=[wrong])


def test_tough_on_an_undead_model_is_wasted():
    assert follower_codes(traits=["Undead"]) == set()
    doc = medium()
    doc["models"][2]["traits"] = ["Undead", "Tough"]
    report = evaluate(doc)
    issues = [i for i in report.issues if i.code == "iron-and-honor.traits.redundant"]
    assert [i.severity for i in issues] == ["warning"]
    assert report.legal


def test_traits_are_matched_case_insensitively_and_by_alias():
    doc = medium()
    doc["models"][0]["traits"] = ["quick fire"]
    doc["models"][0]["skills"] = ["2-Handed Ranged (BP)"]
    report = evaluate(doc)
    assert report.models[0].derived["traits"][0]["name"] == "Quick-fire"
    assert model_codes(report, 0) == set()


def test_ambush_and_infiltration_cite_the_publishers_trait_pages():
    report = companion_report(traits=["Ambush"])
    ambush = next(t for m in report.models for t in m.derived["traits"] if t["name"] == "Ambush")
    assert ambush["page"] is None
    assert ambush["source"].startswith("Red Turban Press")
    assert "published after the book" in ambush["source"]
    assert "DESIGN" not in ambush["source"]
    infiltration = next(
        t
        for m in companion_report(traits=["Infiltration"]).models
        for t in m.derived["traits"]
        if t["name"] == "Infiltration"
    )
    assert "new-trait-infiltration-rare7" in infiltration["source"]


def test_a_trait_of_the_book_cites_its_page():
    report = companion_report(traits=["Slayer"])
    slayer = next(t for m in report.models for t in m.derived["traits"] if t["name"] == "Slayer")
    assert slayer["source"] == "Iron & Honor p.28"
