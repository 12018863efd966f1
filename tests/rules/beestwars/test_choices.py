"""The fighter picker's availability and the bounds of supplied values (rules.beestwars.choices)."""

from rules.beestwars.choices import NAMED_TAKEN, profile_choices, supplied_bounds
from rules.beestwars.document import BeestwarsRoster
from tests.beestwars import catalogue, example, roster


def choices(doc):
    groups = profile_choices(BeestwarsRoster.model_validate(doc), catalogue())
    return {g.faction: {c.profile.slug: c for c in g.choices} for g in groups}


def test_profiles_are_grouped_by_faction_in_the_order_of_the_book():
    groups = profile_choices(BeestwarsRoster.model_validate(roster(300)), catalogue())
    assert [g.faction for g in groups] == ["Clovis", "Geladan"]
    assert [c.profile.slug for g in groups for c in g.choices] == [p.slug for p in catalogue().profiles]


def test_an_empty_warband_may_take_every_profile():
    assert all(c.reason is None for group in choices(roster(300)).values() for c in group.values())


def test_a_named_fighter_in_the_warband_cannot_be_taken_again():
    clovis = choices(example())["Clovis"]
    assert clovis["slewdaar-stone-hoof"].reason == NAMED_TAKEN
    assert clovis["ruukvere-the-besieger"].reason == NAMED_TAKEN
    assert clovis["carnithau-the-reborn"].reason is None


def test_generic_profiles_stay_available_however_many_are_taken():
    assert choices(example())["Clovis"]["satyr"].reason is None


def test_heroes_are_marked():
    clovis = choices(roster(300))["Clovis"]
    assert clovis["chardos-the-destroyer"].hero is True
    assert clovis["satyr"].hero is False


def test_an_unknown_profile_in_the_warband_is_ignored():
    assert choices(roster(300, "Nobody"))["Clovis"]["satyr"].reason is None


def test_supplied_bounds_follow_the_document_schema():
    assert supplied_bounds() == {
        "points": (0, 1000),
        "skill": (3, 18),
        "might": (1, 6),
        "toughness": (1, 30),
        "movement": (1, 24),
        "defense": (-3, 0),
    }
