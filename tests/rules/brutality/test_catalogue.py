"""The Brutality rules data: what the transcription gives, exactly, and null where it is silent.

Source: Brutality, "Building Your Army List - Simple/Moderate", "Upgrades", "Powers",
"Model Traits", "Model Abilities", "Wound Chart".
"""

import json

import pytest

from rules.brutality import SYSTEM
from rules.system import CatalogueError
from tests.brutality import FIXTURE, catalogue, catalogue_data

LINE = ("Move", "FS", "Dex", "HP", "Will", "Atk", "Save", "Armed")


def line(entry):
    return tuple(getattr(entry, k) for k in LINE)


def test_the_basic_melee_and_fast_lines():
    assert line(catalogue().model_class("Melee")) == (6, 5, 5, 3, 5, 2, 2, True)
    assert line(catalogue().model_class("Basic Fast")) == (8, 6, 6, 3, 5, 1, 2, True)


def test_the_berserker_line():
    berserker = catalogue().upgrade("Berserker")
    assert line(berserker) == (6, 5, 6, 3, 5, 1, 3, True)
    assert berserker.for_class == "melee"


@pytest.mark.parametrize("name", ["Ranged", "Support"])
def test_classes_the_transcription_does_not_give_stay_unknown(name):
    entry = catalogue().model_class(name)
    assert line(entry) == (None,) * 8
    assert entry.Powers is None


@pytest.mark.parametrize(("name", "for_class"), [("Ambusher", "fast"), ("Pistolier", "ranged")])
def test_named_upgrades_stay_unknown(name, for_class):
    entry = catalogue().upgrade(name)
    assert line(entry) == (None,) * 8
    assert entry.for_class == for_class


def test_support_has_powers_in_an_unknown_number():
    support = catalogue().model_class("Support")
    assert (support.power_access, support.Powers) == (True, None)


def test_points_are_one_and_one_and_a_half():
    points = catalogue().points
    assert (str(points.cost(False)), str(points.cost(True))) == ("1", "1.5")


def test_the_eight_model_traits_and_their_modifiers():
    traits = {t.name: (t.modifiers, t.gives_powers, t.power_range) for t in catalogue().model_traits}
    assert traits == {
        '+2" Movement': ({"Move": 2}, 0, None),
        "+1 Fighting Skill": ({"FS": 1}, 0, None),
        "+1 Willpower": ({"Will": 1}, 0, None),
        'A Power (6" Range)': ({}, 1, 6),
        "Flight/Agile": ({}, 0, None),
        "+1 Save": ({"Save": 1}, 0, None),
        "+1 Dexterity": ({"Dex": 1}, 0, None),
        'A 6" Ranged Weapon': ({}, 0, None),
    }


def test_the_model_abilities_with_clobber_unknown():
    abilities = catalogue().model_abilities
    assert len(abilities) == 12
    assert catalogue().ability("Clobber").summary is None
    assert all(a.summary for a in abilities if a.slug != "clobber")


def test_the_ten_powers_in_order_with_range_and_options():
    powers = catalogue().powers
    first_five = ["Barrier", "Curse", "Disrupt", "Aura", "Summon"]
    assert [p.name for p in powers] == [*first_five, "Time Slip", "Teleport", "Protect", "Healing", "Missile"]
    assert [p.number for p in powers] == list(range(1, 11))
    assert {p.range for p in powers} == {12}
    assert len(catalogue().power("Curse").options) == 7
    assert [(o.name, o.range) for o in catalogue().power("Teleport").options] == [("Short", 8), ("Long", 16)]


def test_the_summoned_profile():
    s = catalogue().summoned
    assert (s.Move, s.FS, s.Dex, s.HP, s.Will, s.Atk, s.Save, s.Armed) == (6, 4, 4, 1, 4, 1, 4, False)


def test_the_wound_chart_is_known_to_six_only():
    rows = catalogue().wound_chart.rows
    assert rows[2].piercing == "Face Gash: -1 Willpower"
    assert rows[5].burning == "Burning! 1 token"
    assert all(r.piercing is None and r.crushing is None and r.burning is None for r in rows[6:])
    assert [e.name for e in catalogue().status_effects][-1] == "Burning!"


def test_every_entry_and_decision_cites_a_section():
    c = catalogue()
    for entry in [*c.classes, *c.upgrades, *c.model_traits, *c.model_abilities, *c.powers]:
        assert entry.section
    assert all(d.section and d.decision for d in c.decisions)


def broken(tmp_path, mutate):
    data = catalogue_data()
    mutate(data)
    path = tmp_path / "brutality.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CatalogueError) as info:
        SYSTEM.read_catalogue_file(path)
    return str(info.value)


def test_a_wrong_type_names_file_and_field(tmp_path):
    message = broken(tmp_path, lambda d: d["classes"][0].update(FS="five"))
    assert "brutality.json" in message
    assert "$.classes[0].FS" in message


def test_an_unknown_stat_in_a_modifier_is_refused(tmp_path):
    message = broken(tmp_path, lambda d: d["model_traits"][0].update(modifiers={"Luck": 1}))
    assert "$.model_traits[0].modifiers.Luck" in message


def test_an_upgrade_of_an_unknown_class_is_refused(tmp_path):
    assert "unknown class" in broken(tmp_path, lambda d: d["upgrades"][0].update(for_class="wizard"))


def test_two_entries_may_not_share_a_name(tmp_path):
    assert "+1 save" in broken(tmp_path, lambda d: d["model_traits"][0].update(aliases=["+1 Save"]))


def test_the_shipped_file_is_what_the_tests_read():
    assert SYSTEM.read_catalogue_file(FIXTURE) == catalogue()
