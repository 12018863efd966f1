"""What the editor offers a Brutality model, and why a choice is unavailable."""

from rules.brutality.choices import model_choices
from tests.brutality import catalogue, leader, model, parse, roster, simple, warband

CAT = catalogue()


def choices(doc, index):
    return model_choices(parse(doc), index, CAT)


def by_slug(items, attr="entry"):
    return {getattr(c, attr).slug: c for c in items}


def test_upgrades_of_another_class_are_disabled_with_the_reason():
    upgrades = by_slug(choices(warband(), 1).upgrades)
    assert upgrades["berserker"].reason is None
    assert upgrades["ambusher"].reason == "for Fast models only"
    assert upgrades["pistolier"].reason == "for Ranged models only"


def test_a_taken_upgrade_is_never_blocked_so_it_can_be_removed():
    doc = warband(model("Fast", "Odd", upgrade="Berserker"))
    upgrade = by_slug(choices(doc, 4).upgrades)["berserker"]
    assert upgrade.taken
    assert upgrade.reason is None


def test_simple_mode_blocks_every_extra():
    c = choices(simple("Melee", "Fast"), 0)
    assert all(u.reason == "Simple mode: Basic classes only" for u in c.upgrades)
    assert all(t.reason == "Simple mode: no Model Traits" for t in c.traits)
    assert all(a.reason == "Simple mode: no Model Abilities" for a in c.abilities)
    assert all(p.reason == "Simple mode: no Powers" for p in c.powers)


def test_a_full_model_cannot_take_another_trait():
    traits = by_slug(choices(warband(), 1).traits, "trait")
    assert traits["plus-1-save"].count == 1
    assert traits["plus-1-save"].reason is None
    assert traits["plus-1-dexterity"].reason == "all 2 free Model Traits are chosen"


def test_only_an_upgraded_model_or_the_leader_takes_a_trait_twice():
    doc = warband(model("Melee", "One", traits=["+1 Save"]), model("Fast", "Two"))
    traits = by_slug(choices(doc, 4).traits, "trait")
    assert traits["plus-1-save"].twice_reason == "twice only on an Upgraded model or the Leader"
    upgraded = warband(model("Melee", "Up", upgrade="Berserker", traits=["+1 Save"]), model("Fast", "Two"))
    assert by_slug(choices(upgraded, 4).traits, "trait")["plus-1-save"].twice_reason is None
    lead = roster([leader(traits=["+1 Save"])])
    assert by_slug(choices(lead, 0).traits, "trait")["plus-1-save"].twice_reason is None


def test_powers_need_access():
    powers = by_slug(choices(warband(), 1).powers)
    assert powers["curse"].reason == 'no access to Powers: take A Power (6" Range) first'
    doc = warband(model("Fast", "Seer", traits=['A Power (6" Range)', "+1 Save"], powers=["Curse"]))
    powers = by_slug(choices(doc, 4).powers)
    assert powers["curse"].taken and powers["curse"].reason is None
    assert powers["healing"].reason == "knows 1 Power at most"


def test_unknown_values_are_asked_for():
    doc = warband(model("Ranged", "Shooter"))
    assert choices(doc, 4).unknown == ["Move", "FS", "Dex", "HP", "Will", "Atk", "Save", "Armed", "Powers"]
    assert choices(doc, 4).powers_allowed is None
    assert choices(doc, 0).unknown == []
