"""The Beestwars rules data: what p.11 gives, what it lost, and the facts the sheet shows."""

import json

import pytest

from rules.beestwars import SYSTEM
from rules.names import name_key
from rules.system import CatalogueError
from tests.beestwars import catalogue
from tests.ih import ROOT

DATA = ROOT / "fixtures" / "beestwars.json"


def test_every_profile_on_page_11_is_in_the_data():
    profiles = catalogue().profiles
    assert len(profiles) == 18
    assert sum(p.faction == "Clovis" for p in profiles) == 10
    assert all(p.page == 11 and p.raw for p in profiles)


def test_repeated_names_are_told_apart_by_equipment():
    assert [p.name for p in catalogue().profiles_printed_as("Minotaur Warrior")] == [
        "Minotaur Warrior (Weapon and Shield)",
        "Minotaur Warrior (Two Weapons)",
        "Minotaur Warrior (Large War-hammer)",
    ]
    assert name_key("Minotaur Warrior (Two Weapons)") == name_key("minotaur-warrior-two-weapons")


def test_named_fighters_are_unique():
    unique = {p.name for p in catalogue().profiles if p.unique}
    assert len(unique) == 10
    assert "Ruukvere the Besieger" in unique
    assert "Satyr" not in unique


def test_values_the_transcription_lost_stay_unknown():
    cat = catalogue()
    assert cat.profile("Aari Keeneye").points is None
    assert cat.profile("Aari Keeneye").skill == 15
    satyr = cat.profile("Satyr")
    assert (satyr.toughness, satyr.movement, satyr.defense) == (5, 4, None)
    others = [p for p in cat.profiles if p.slug != "satyr"]
    assert all(p.toughness is None and p.movement is None and p.defense is None for p in others)


def test_the_garbled_line_is_uncertain_and_keeps_its_raw_values():
    cat = catalogue()
    for name in ("Shinasa the Well Groomed", "Goffa Four Hands and Warbeest"):
        p = cat.profile(name)
        assert p.uncertain
        assert "12 3d Spear and Shield Hero, Wallop, Counterattack 15 2d Spear Hero, Cavalry 55" in p.raw
    assert [p.name for p in cat.profiles if p.uncertain] == [
        "Shinasa the Well Groomed",
        "Goffa Four Hands and Warbeest",
    ]


@pytest.mark.parametrize(
    ("name", "skill", "might", "points"),
    [
        ("Srekwdaar Iron Hoof", 13, 3, 52),
        ("Narbonensis the Mean", 14, 2, 37),
        ("Geladan and Warbeest (Bow)", 15, 1, 58),
        ("Sheko Long Tooth", 13, 2, 33),
    ],
)
def test_printed_values(name, skill, might, points):
    p = catalogue().profile(name)
    assert (p.skill, p.might, p.points) == (skill, might, points)


def test_every_ability_has_a_summary_and_a_page():
    cat = catalogue()
    assert all(a.summary and a.page for a in cat.abilities)
    assert cat.ability("Wallop").page == 9
    assert cat.profile("Geladan and Warbeest (Bow)").abilities[-1] == "cavalry"


def test_the_hero_limit_and_recommended_points():
    cat = catalogue()
    assert (cat.hero_limit.per_points, cat.hero_limit.max, cat.hero_limit.page) == (100, 4, 8)
    points = cat.recommended_points
    assert (points.min, points.max, points.page) == (200, 500, 9)
    assert [cat.heroes_allowed(n) for n in (99, 100, 250, 300, 400, 500, 1000)] == [0, 1, 2, 3, 4, 4, 4]


def test_froth_and_the_activation_deck_are_recorded_for_the_sheet():
    cat = catalogue()
    assert (cat.froth.starting, cat.froth.page) == (5, 4)
    assert [(g.event, g.froth) for g in cat.froth.gains[:2]] == [
        ("Kill an enemy fighter", 1),
        ("Kill an enemy Hero", 2),
    ]
    assert [(c.actions, c.count) for c in cat.activation_deck.cards] == [(3, 3), (4, 3), (5, 3)]
    assert cat.activation_deck.page == 4


def test_decisions_carry_their_page():
    pages = {d.topic: d.page for d in catalogue().decisions}
    assert pages["Hero limit"] == 8
    assert pages["Shinasa the Well Groomed and Goffa Four Hands and Warbeest"] == 11


def broken(tmp_path, mutate):
    data = json.loads(DATA.read_text())
    mutate(data)
    path = tmp_path / "beestwars.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CatalogueError) as info:
        SYSTEM.read_catalogue_file(path)
    return str(info.value)


def test_a_wrong_type_names_file_and_field(tmp_path):
    message = broken(tmp_path, lambda d: d["profiles"][3].update(points="28"))
    assert "beestwars.json" in message
    assert "$.profiles[3].points" in message


def test_an_unknown_key_is_refused(tmp_path):
    assert "$.profiles[0].colour" in broken(tmp_path, lambda d: d["profiles"][0].update(colour="red"))


def test_a_profile_with_an_unknown_ability_is_refused(tmp_path):
    assert "flying" in broken(tmp_path, lambda d: d["profiles"][0]["abilities"].append("flying"))


def test_two_profiles_may_not_share_a_name(tmp_path):
    assert "satyr" in broken(tmp_path, lambda d: d["profiles"][1].update(aliases=["Satyr"]))
