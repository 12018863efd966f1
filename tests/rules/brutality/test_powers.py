"""Powers: once per model, and only for a model with access to Powers; the
"A Power (6\" Range)" trait gives one, used at 6". Source: Brutality, "Powers", "Model Traits"."""

from tests.brutality import balanced, evaluate, leader, model, model_codes, warband

POWER = 'A Power (6" Range)'


def powered(**overrides):
    return model("Fast", traits=[POWER, "+1 Willpower"], **overrides)


def codes_of(m):
    return model_codes(evaluate(warband(m)), 4)


def test_a_power_trait_gives_one_power_at_six_inches():
    report = evaluate(warband(powered(powers=["Missile"])))
    assert model_codes(report, 4) == set()
    assert report.models[4].derived["powers"][0]["range"] == 6
    assert report.models[4].derived["power_access"]["allowed"] == 1


def test_a_model_without_access_to_powers_cannot_take_one():
    issues = evaluate(warband(model("Melee", powers=["Curse"]))).issues
    issue = next(i for i in issues if i.code == "brutality.powers.no-access")
    assert issue.source == "Brutality: Powers"


def test_one_power_trait_gives_one_power_not_two():
    assert "brutality.powers.too-many" in codes_of(powered(powers=["Curse", "Protect"]))


def test_a_power_trait_with_no_power_chosen_is_a_warning():
    report = evaluate(balanced(powered(powers=[])))
    assert "brutality.powers.too-few" in model_codes(report, 4)
    assert report.legal


def test_the_leader_with_the_power_trait_twice_knows_two_powers():
    doc = warband()
    doc["models"][0] = leader("Fast", traits=[POWER, POWER, "+1 Save"], powers=["Curse", "Protect"])
    assert model_codes(evaluate(doc), 0) == set()


def test_a_power_is_taken_at_most_once_per_model():
    doc = warband()
    doc["models"][0] = leader("Fast", traits=[POWER, POWER, "+1 Save"], powers=["Curse", "curse"])
    assert "brutality.powers.duplicate" in model_codes(evaluate(doc), 0)


def test_a_support_knows_powers_in_a_number_the_transcription_lacks():
    support = model("Support", powers=["Teleport", "Barrier", "Disrupt", "Summon"])
    report = evaluate(warband(support))
    codes = model_codes(report, 4)
    assert "brutality.powers.unchecked" in codes
    assert "brutality.powers.no-access" not in codes
    assert report.models[4].derived["powers"][0]["range"] == 12


def test_a_support_with_a_supplied_number_of_powers_is_checked_against_it():
    support = model("Support", powers=["Teleport", "Barrier", "Disrupt"], supplied={"Powers": 2})
    assert "brutality.powers.too-many" in codes_of(support)
    support["supplied"]["Powers"] = 3
    assert not {"brutality.powers.too-many", "brutality.powers.unchecked"} & codes_of(support)
