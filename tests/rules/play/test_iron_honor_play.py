"""Iron & Honor at the table: Wounds, the Fate Pool, the activation dice bag, the
Maintenance Phase, Heroic Impetus, Death of a Hero, encounters (pp.6-12, 31-32, 43-48)."""

from __future__ import annotations

import pytest

from rules.iron_honor.play import kind_of
from rules.play.core import Event, PlayModel, Refused, SideSnapshot, Snapshot, TableState, replay
from rules.play.registry import typed_side
from tests.rules.play.conftest import loaded_table, raiders
from tests.rules.play.games import Table


def game(ghrim: SideSnapshot, wanted: list[object] | None = None, encounter: str = "Engagement") -> Table:
    snapshot = Snapshot(system="iron-and-honor", sides=(ghrim, raiders()), setup={"encounter": encounter})
    return loaded_table(snapshot, wanted or [])


def empty_bag(t: Table) -> None:
    """Draw every die left and activate (or pass) each."""
    while sum(t.state.public["bag"].values()):
        t.do(0, "draw")
        side = t.state.public["drawn"]
        ready = [m.index for m in t.state.sides[side].models if not m.killed and not m.activated]
        if ready:
            t.do(side, "activate", target=side, model=ready[0])
        else:
            t.do(side, "pass")


def test_wounds_are_the_evaluated_wo_and_none_left_kills_p12(ghrim: SideSnapshot) -> None:
    t = game(ghrim)
    hero = t.state.sides[0].models[0]
    assert (hero.wounds, hero.max_wounds) == (5, 5)
    t.do(1, "wound", target=0, model=0, value=4)
    t.do(1, "heal", target=0, model=0)
    assert t.state.sides[0].models[0].wounds == 2
    t.do(1, "wound", target=0, model=0, value=2)
    assert t.state.sides[0].models[0].status == "killed"


def test_the_bag_holds_one_die_per_model_p6(ghrim: SideSnapshot) -> None:
    t = game(ghrim)
    assert t.state.public["bag"] == {"0": 6, "1": 3}


def test_a_draw_says_whose_die_came_out_and_takes_it_from_the_bag_p31(ghrim: SideSnapshot) -> None:
    t = game(ghrim, [1])
    t.do(0, "draw")
    assert t.log[-1].outcome == {"side": 1}
    assert t.state.public["drawn"] == 1 and t.state.active == 1
    assert t.state.public["bag"] == {"0": 6, "1": 2}


def test_a_draw_picks_among_the_dice_left_p31(ghrim: SideSnapshot) -> None:
    t = game(ghrim, [1, 1, 1, 1])
    for _ in range(3):
        t.do(0, "draw")
        t.do(1, "pass")
    t.do(0, "draw")
    assert t.log[-1].outcome == {"side": 0}


def test_only_the_drawn_dies_owner_activates_and_a_model_acts_once_a_turn_p31(ghrim: SideSnapshot) -> None:
    t = game(ghrim, [0, 0])
    with pytest.raises(Refused, match="draw"):
        t.do(0, "activate", target=0, model=0)
    t.do(0, "draw")
    with pytest.raises(Refused):
        t.do(1, "activate", target=1, model=0)
    t.do(0, "activate", target=0, model=0)
    assert t.state.public["activation"]["modifiers"] == [["Hero's Will", 1]]
    t.do(0, "draw")
    with pytest.raises(Refused, match="already acted"):
        t.do(0, "activate", target=0, model=0)


def test_winds_of_kismet_returns_the_drawn_die_and_takes_one_of_the_spenders_p9(ghrim: SideSnapshot) -> None:
    t = game(ghrim, [1])
    t.do(0, "draw")
    t.do(0, "spend", target=0, value="Winds of Kismet")
    assert t.state.public["bag"] == {"0": 5, "1": 3}
    assert t.state.public["drawn"] == 0
    assert t.state.sides[0].resources["Fate Pool"] == 5
    with pytest.raises(Refused, match="this activation"):
        t.do(1, "spend", target=1, value="Winds of Kismet")


def test_winds_of_kismet_needs_an_opponents_die_just_drawn_p9(ghrim: SideSnapshot) -> None:
    t = game(ghrim, [0])
    with pytest.raises(Refused):
        t.do(0, "spend", target=0, value="Winds of Kismet")
    t.do(0, "draw")
    with pytest.raises(Refused):
        t.do(0, "spend", target=0, value="Winds of Kismet")


def test_greater_purpose_on_your_die_and_cursed_hand_on_theirs_p9(ghrim: SideSnapshot) -> None:
    t = game(ghrim, [0])
    t.do(0, "draw")
    with pytest.raises(Refused):
        t.do(0, "spend", target=0, value="Cursed Hand")
    t.do(0, "spend", target=0, value="Greater Purpose")
    t.do(1, "spend", target=1, value="Cursed Hand")
    assert [s.resources["Fate Pool"] for s in t.state.sides] == [6, 4]


def activate(t: Table, side: int, model: int, face: int = 4) -> None:
    """Draw a die (the table's wanted outcome must be ``side``), nominate, roll ``face``."""
    t.do(side, "draw")
    assert t.state.public["drawn"] == side
    t.do(side, "activate", target=side, model=model)
    t.do(side, "roll", value=face)


def test_inner_reserve_and_hand_of_fortune_cost_one_fate_and_an_empty_pool_refuses_p10(
    ghrim: SideSnapshot,
) -> None:
    t = game(ghrim, [1, 1, 1, 0, 0])
    for model in range(3):  # the Raiders' Fate Pool is 5, spent once per activation
        activate(t, 1, model)
        t.do(1, "spend", target=1, value="Inner Reserve")
        t.do(0, "spend", target=0, value="Hand of Fortune")  # either player, in the same activation
    activate(t, 0, 0)
    t.do(1, "spend", target=1, value="Hand of Fortune")
    activate(t, 0, 1)
    t.do(1, "spend", target=1, value="Inner Reserve")
    assert t.state.sides[1].resources["Fate Pool"] == 0
    t.do(0, "draw")
    with pytest.raises(Refused, match="0 Fate Pool"):
        t.do(1, "spend", target=1, value="Hand of Fortune")


def test_inner_reserve_and_hand_of_fortune_once_per_activation_per_player_p10(ghrim: SideSnapshot) -> None:
    """Issue 28: they were not limited to once per activation per player."""
    t = game(ghrim, [0])
    with pytest.raises(Refused, match="once a model has activated"):
        t.do(0, "spend", target=0, value="Inner Reserve")
    activate(t, 0, 0)
    t.do(0, "spend", target=0, value="Inner Reserve")
    for use in ("Inner Reserve", "Hand of Fortune"):
        with pytest.raises(Refused, match="once per activation"):
            t.do(0, "spend", target=0, value=use)
    t.do(1, "spend", target=1, value="Inner Reserve")  # the other player has their own once


def test_a_trait_that_uses_fate_needs_a_model_with_it_p29(ghrim: SideSnapshot) -> None:
    t = game(ghrim)
    t.do(0, "spend", target=0, value="Tough")  # Phillipe is Tough
    with pytest.raises(Refused, match="Drain"):
        t.do(0, "spend", target=0, value="Drain")


def test_the_fate_pool_refills_at_the_maintenance_phase_p10_p32(ghrim: SideSnapshot) -> None:
    t = game(ghrim, [0, 0])
    activate(t, 0, 0)
    t.do(0, "spend", target=0, value="Inner Reserve")
    activate(t, 0, 1)
    t.do(0, "spend", target=0, value="Hand of Fortune")
    assert t.state.sides[0].resources["Fate Pool"] == 5
    empty_bag(t)
    t.do(0, "next-turn")
    assert t.state.sides[0].resources["Fate Pool"] == 7
    assert t.state.turn == 2
    assert any("refills to 7" in n for n in t.state.notices)


def test_the_maintenance_phase_waits_for_an_empty_bag_p32(ghrim: SideSnapshot) -> None:
    t = game(ghrim)
    with pytest.raises(Refused, match="9 dice still in the bag"):
        t.do(0, "next-turn")


def test_a_killed_models_die_leaves_the_bag_at_the_maintenance_phase_p32(ghrim: SideSnapshot) -> None:
    t = game(ghrim)
    t.do(0, "wound", target=1, model=2, value=2)
    assert t.state.public["bag"]["1"] == 3
    empty_bag(t)
    t.do(0, "next-turn")
    assert t.state.public["bag"] == {"0": 6, "1": 2}


def test_heroic_impetus_once_per_game_when_the_hero_is_activated_p11(ghrim: SideSnapshot) -> None:
    """Issue 28: Heroic Impetus was accepted at a companion's activation."""
    t = game(ghrim, [0, 0])
    companion = next(m.index for m in t.state.sides[0].models if kind_of(m) == "companion")
    activate(t, 0, companion)
    with pytest.raises(Refused, match=r"when .* hero is activated"):
        t.do(0, "impetus", target=0)
    hero = next(m.index for m in t.state.sides[0].models if kind_of(m) == "hero")
    activate(t, 0, hero)
    t.do(0, "impetus", target=0)
    with pytest.raises(Refused, match="once per game"):
        t.do(0, "impetus", target=0)


def test_a_stunned_model_spends_an_action_point_to_shake_it_off_p31_p43(ghrim: SideSnapshot) -> None:
    """Issue 28: a Stunned model with 0 action points shook off Stunned."""
    t = game(ghrim, [0, 0])
    t.do(1, "status", target=0, model=0, value="Stunned")
    t.do(0, "draw")
    t.do(0, "activate", target=0, model=0)
    with pytest.raises(Refused, match=r"roll .* first"):
        t.do(0, "status", target=0, model=0, value="Ready")
    t.do(0, "roll", value=1)  # 1 + Hero's Will = 2: one action point
    t.do(0, "status", target=0, model=0, value="Ready")
    assert t.state.public["activation"]["left"] == 0
    t.do(1, "status", target=0, model=0, value="Stunned")
    with pytest.raises(Refused, match="no action point left"):
        t.do(0, "status", target=0, model=0, value="Ready")


def test_full_defense_takes_a_die_out_of_the_bag_and_ends_the_activation_p35(ghrim: SideSnapshot) -> None:
    """Issue 28: Full Defense neither took a die out of the bag nor ended the activation,
    so the Maintenance Phase was later refused."""
    t = game(ghrim)
    before = t.state.public["bag"]["0"]
    t.do(0, "token", target=0, model=1, value="Full Defense")
    assert t.state.public["bag"]["0"] == before - 1
    assert t.state.sides[0].models[1].activated
    with pytest.raises(Refused, match="has activated this turn"):
        t.do(0, "token", target=0, model=1, value="Full Defense")
    with pytest.raises(Refused, match="Maintenance Phase"):
        t.do(0, "untoken", target=0, model=1, value="Full Defense")
    empty_bag(t)
    t.do(0, "next-turn")  # the bag emptied with one die fewer drawn
    assert t.state.turn == 2 and not t.state.sides[0].models[1].tokens


def test_heroic_impetus_needs_the_hero_in_play_p11(ghrim: SideSnapshot) -> None:
    t = game(ghrim)
    t.do(1, "wound", target=0, model=0, value=5)
    with pytest.raises(Refused, match="hero"):
        t.do(0, "impetus", target=0)


@pytest.mark.parametrize(("roll", "mood"), [(4, "Despair"), (5, "Vengeance")])
def test_death_of_a_hero_is_rolled_at_the_maintenance_phase_p12(
    ghrim: SideSnapshot, roll: int, mood: str
) -> None:
    t = game(ghrim)
    t.do(1, "wound", target=0, model=0, value=5)
    empty_bag(t)
    t.rng.wanted = [roll]
    t.do(0, "next-turn")
    assert t.log[-1].outcome == {"death_of_a_hero_0": roll}
    assert t.state.sides[0].flags["death_of_a_hero"] == mood
    empty_bag(t)
    t.do(0, "next-turn")
    assert "death_of_a_hero" not in t.state.sides[0].flags


def test_engagement_kills_earn_exp_hero_3_companion_2_follower_1_p47(ghrim: SideSnapshot) -> None:
    t = game(ghrim)
    t.do(0, "status", target=1, model=0, value="Killed")
    t.do(0, "status", target=1, model=1, value="Killed")
    t.do(0, "status", target=1, model=2, value="Killed")
    assert t.state.sides[0].victory_points == 6


def test_other_encounters_score_by_hand_p47(ghrim: SideSnapshot) -> None:
    t = game(ghrim, encounter="Landmark")
    t.do(0, "status", target=1, model=0, value="Killed")
    t.do(0, "score", target=0, value=1)
    assert t.state.sides[0].victory_points == 1


def test_the_game_ends_after_six_turns_p47(ghrim: SideSnapshot) -> None:
    t = game(ghrim)
    t.do(0, "status", target=1, model=2, value="Killed")
    for turn in range(1, 7):
        assert t.state.turn == turn and not t.state.finished
        empty_bag(t)
        t.do(0, "next-turn")
    assert t.state.finished and t.state.winner == 0 and t.state.turn == 6


def test_engagement_plays_a_seventh_turn_on_four_or_more_p47(ghrim: SideSnapshot) -> None:
    t = game(ghrim)
    for _ in range(5):
        empty_bag(t)
        t.do(0, "next-turn")
    empty_bag(t)
    t.rng.wanted = [4]
    t.do(0, "next-turn")
    assert t.log[-1].outcome == {"extra_turn": 4}
    assert t.state.turn == 7 and not t.state.finished
    empty_bag(t)
    t.do(0, "next-turn")
    assert t.state.finished and t.state.winner is None and t.state.turn == 7


def test_landmark_is_six_turns_with_no_seventh_p47(ghrim: SideSnapshot) -> None:
    t = game(ghrim, encounter="Landmark")
    for _ in range(5):
        empty_bag(t)
        t.do(0, "next-turn")
    empty_bag(t)
    t.rng.wanted = [6]
    t.do(0, "next-turn")
    assert t.log[-1].outcome == {}
    assert t.state.finished and t.state.turn == 6


def test_full_defense_ends_at_the_maintenance_phase_p35(ghrim: SideSnapshot) -> None:
    t = game(ghrim)
    t.do(0, "token", target=0, model=1, value="Full Defense")
    t.do(0, "token", target=0, model=1, value="Stealth")
    empty_bag(t)
    t.do(0, "next-turn")
    assert [x.name for x in t.state.sides[0].models[1].tokens] == ["Stealth"]


def test_a_typed_partys_fate_pool_is_counted_from_its_types_p17() -> None:
    assert raiders().totals["fate_pool"] == 5


def test_a_model_in_full_defense_cannot_be_stunned_p35(ghrim: SideSnapshot) -> None:
    t = game(ghrim)
    t.do(0, "token", target=0, model=1, value="Full Defense")
    with pytest.raises(Refused, match="Full Defense"):
        t.do(1, "status", target=0, model=1, value="Stunned")


def test_an_untagged_typed_partys_first_model_is_its_hero_p14_p17() -> None:
    side = typed_side("iron-and-honor", "Typed", [("Boss", 5), ("Grunt", 2), ("Grunt 2", 2)])
    assert [m.tags for m in side.models] == [["hero"], [], []]
    assert side.totals["fate_pool"] == 4


@pytest.mark.parametrize(("face", "points"), [(1, 1), (2, 2), (4, 2), (5, 3), (6, 3)])
def test_the_activation_roll_gives_action_points_with_heros_will_p31_p11(
    ghrim: SideSnapshot, face: int, points: int
) -> None:
    t = game(ghrim, [0])
    t.do(0, "draw")
    t.do(0, "activate", target=0, model=0)
    t.do(0, "roll", value=face)
    assert t.state.public["activation"]["action_points"] == points
    assert "Hero's Will" in t.state.log[-1].text


def test_greater_purpose_and_cursed_hand_change_the_activation_roll_p9(ghrim: SideSnapshot) -> None:
    t = game(ghrim, [0])
    t.do(0, "draw")
    t.do(0, "spend", target=0, value="Greater Purpose")
    t.do(0, "activate", target=0, model=1)
    t.do(1, "spend", target=1, value="Cursed Hand")
    t.do(1, "spend", target=1, value="Cursed Hand")
    t.do(0, "roll", value=1)
    assert t.state.public["activation"]["action_points"] == 0
    with pytest.raises(Refused, match="not yet rolled"):
        t.do(1, "spend", target=1, value="Cursed Hand")


def test_muster_rolls_the_activation_die_when_no_face_is_given_p31(ghrim: SideSnapshot) -> None:
    t = game(ghrim, [0, 3])
    t.do(0, "draw")
    t.do(0, "activate", target=0, model=2)
    t.do(0, "roll")
    assert t.log[-1].outcome == {"face": 3}
    assert t.state.public["activation"]["action_points"] == 2
    with pytest.raises(Refused):
        t.do(0, "roll", value=4)


def test_a_roll_needs_a_nominated_model_p31(ghrim: SideSnapshot) -> None:
    t = game(ghrim)
    with pytest.raises(Refused, match="nominate"):
        t.do(0, "roll", value=3)


@pytest.mark.parametrize(
    ("action", "value", "said"),
    [
        ("wound", 99999, "between 1 and 99, not 99999"),
        ("wound", -5, "between 1 and 99, not -5"),
        ("score", -9999, "between -99 and 99, not -9999"),
        ("score", 0, "between -99 and 99, not 0"),
    ],
)
def test_an_amount_out_of_bounds_is_refused_naming_it(ghrim: SideSnapshot, action, value, said) -> None:
    t = game(ghrim)
    where = {"target": 0} if action == "score" else {"target": 1, "model": 0}
    with pytest.raises(Refused, match=said):
        t.do(0, action, value=value, **where)


def fast_party() -> SideSnapshot:
    """A typed party whose companion is Fast and whose follower has Sorcery (p.24, p.39)."""
    return typed_side(
        "iron-and-honor",
        "Swift",
        [
            PlayModel(name="Hild", wounds=5, tags=["hero"]),
            PlayModel(name="Runa", wounds=3, tags=["companion"], rules=["Fast"]),
            PlayModel(name="Eir", wounds=2, tags=["follower"], rules=["Sorcery"]),
        ],
    )


def test_each_action_costs_its_action_points_and_the_points_run_out_p33_p34(ghrim: SideSnapshot) -> None:
    """Issue 28: the action points from the roll counted down as the model acts."""
    t = game(ghrim, [0])
    activate(t, 0, 2, face=4)  # a follower: 4 gives two action points
    t.do(0, "ap", value="Walk")
    assert t.state.public["activation"]["left"] == 1
    with pytest.raises(Refused, match=r"Aimed Shot costs 2 action points; Noemi Ghrim has 1 left \(p.33\)"):
        t.do(0, "ap", value="Aimed Shot")
    t.do(0, "ap", value="Close Combat Attack")
    assert t.state.public["activation"]["left"] == 0
    assert "Noemi Ghrim's activation is over" in " ".join(line.text for line in t.state.log)
    assert not t.rules.offered(t.state, "ap")
    with pytest.raises(Refused, match="has 0 left"):
        t.do(0, "ap", value="Walk")


def test_one_move_one_combat_and_one_special_action_per_activation_p33(ghrim: SideSnapshot) -> None:
    t = game(ghrim, [0])
    activate(t, 0, 0, face=6)  # the hero: 6 + Hero's Will gives three action points
    t.do(0, "ap", value="Walk")
    with pytest.raises(Refused, match=r"Caterine Ghrim has made its move action this activation \(p.33\)"):
        t.do(0, "ap", value="Run")
    t.do(0, "ap", value="Ranged Attack")
    with pytest.raises(Refused, match="made its combat action"):
        t.do(0, "ap", value="Shove")
    t.do(0, "ap", value="Clear a misfire")  # not one of the three kinds
    assert t.state.public["activation"]["left"] == 0


def test_fast_moves_twice_and_dual_wield_attacks_twice_p24() -> None:
    t = loaded_table(Snapshot(system="iron-and-honor", sides=(fast_party(), raiders())), [0, 0])
    activate(t, 0, 1, face=6)  # Runa, Fast: three action points
    t.do(0, "ap", value="Walk")
    t.do(0, "ap", value="Run")
    with pytest.raises(Refused, match=r"made its move action this activation \(Fast: two\)"):
        t.do(0, "ap", value="Walk")


def test_trait_actions_need_the_trait_and_a_sorcerer_casts_as_its_points_pay_p39(
    ghrim: SideSnapshot,
) -> None:
    t = loaded_table(Snapshot(system="iron-and-honor", sides=(fast_party(), raiders())), [0, 0])
    activate(t, 0, 2, face=6)  # Eir, Sorcery: three action points
    with pytest.raises(Refused, match=r"Quake needs the Gargantuan trait \(p.24\)"):
        t.do(0, "ap", value="Quake")
    assert t.rules.usable(t.state, 0, "ap", "Cast a Spell")
    assert not t.rules.usable(t.state, 0, "ap", "Quake")
    t.do(0, "ap", value="Cast a Spell")
    t.do(0, "ap", value="Cast a Spell +1")
    assert t.state.public["activation"]["left"] == 0


def test_a_stunned_model_shakes_off_before_any_other_action_p35(ghrim: SideSnapshot) -> None:
    t = game(ghrim, [0])
    t.do(1, "status", target=0, model=2, value="Stunned")
    activate(t, 0, 2, face=4)
    with pytest.raises(Refused, match="must first shake off Stunned"):
        t.do(0, "ap", value="Walk")
    assert [v for v in ("Walk", "Shake Off") if t.rules.usable(t.state, 0, "ap", v)] == ["Shake Off"]
    t.do(0, "ap", value="Shake Off")
    assert t.state.sides[0].models[2].status == "ready"
    with pytest.raises(Refused, match="is not Stunned"):
        t.do(0, "ap", value="Shake Off")
    t.do(0, "ap", value="Walk")


def test_sneak_gives_stealth_until_the_next_activation_and_disengage_ends_it_p34(
    ghrim: SideSnapshot,
) -> None:
    t = game(ghrim, [0, 0])
    activate(t, 0, 2, face=6)  # three action points
    t.do(0, "ap", value="Sneak")
    assert [(k.name, k.detail) for k in t.state.sides[0].models[2].tokens] == [("Stealth", "Sneak")]
    t.do(0, "ap", value="Close Combat Attack")
    assert t.state.public["activation"]["left"] == 0
    activate(t, 0, 3, face=6)
    t.do(0, "ap", value="Disengage")
    assert t.state.public["activation"]["left"] == 0  # one point was left: lost
    assert "its activation ends" in t.state.log[-2].text


def test_only_the_acting_models_player_spends_its_action_points_p33(ghrim: SideSnapshot) -> None:
    t = game(ghrim, [0])
    activate(t, 0, 2, face=4)
    who = t.rules.actor(t.state, Event(id="spend-ap-1", side=1, action="ap", value="Walk"))
    assert who is not None and who[0] == 0


def test_run_and_charge_say_what_they_bring_in_the_log_p33_p34(ghrim: SideSnapshot) -> None:
    t = game(ghrim, [0, 0])
    activate(t, 0, 2, face=2)  # one action point
    t.do(0, "ap", value="Run")
    assert "ran: -3 to its resolution rolls this turn (Iron & Honor p.33)" in t.state.log[-2].text
    activate(t, 0, 3, face=4)
    t.do(0, "ap", value="Charge")
    assert "free standard attack at +2 (Iron & Honor p.34)" in t.state.log[-2].text


# --- issue #40: Iron & Honor read from the book (tests/rules/play/readings) -------------


def activated(t: Table, side: int, model: int, face: int) -> None:
    """Draw ``side``'s die, nominate ``model`` and roll ``face``."""
    t.rng.wanted = [side]
    t.do(0, "draw")
    t.do(side, "activate", target=side, model=model)
    t.do(side, "roll", value=face)


def test_lumbering_never_runs_and_mounted_never_sneaks_p26_p27(ghrim: SideSnapshot) -> None:
    t = game(ghrim)
    activated(t, 0, 3, 6)  # Marius, Lumbering
    with pytest.raises(Refused, match="Lumbering: it may not Run"):
        t.do(0, "ap", value="Run")
    t.do(0, "ap", value="Walk")
    rider = typed_side(
        "iron-and-honor",
        "Riders",
        [PlayModel(name="Knight", wounds=6, tags=["hero"], rules=["Mounted"]), PlayModel(name="Squire")],
    )
    t = loaded_table(Snapshot(system="iron-and-honor", sides=(rider, raiders())), [])
    activated(t, 0, 0, 6)
    with pytest.raises(Refused, match="Mounted: it may not Sneak"):
        t.do(0, "ap", value="Sneak")
    t.do(0, "ap", value="Walk")


def test_an_attack_ends_stealth_p43(ghrim: SideSnapshot) -> None:
    t = game(ghrim)
    activated(t, 0, 4, 6)  # Simon: 3 action points
    t.do(0, "ap", value="Sneak")
    assert [x.name for x in t.state.sides[0].models[4].tokens] == ["Stealth"]
    t.do(0, "ap", value="Close Combat Attack")
    assert t.state.sides[0].models[4].tokens == []
    activated(t, 0, 2, 6)  # Noemi: Stealth by hand, a walk keeps it
    t.do(0, "token", target=0, model=2, value="Stealth")
    t.do(0, "ap", value="Walk")
    assert [x.name for x in t.state.sides[0].models[2].tokens] == ["Stealth"]
    t.do(0, "ap", value="Ranged Attack")
    assert t.state.sides[0].models[2].tokens == []


def test_no_fate_on_the_free_attacks_against_a_disengaging_model_p34(ghrim: SideSnapshot) -> None:
    t = game(ghrim)
    activated(t, 0, 3, 4)
    t.do(0, "ap", value="Disengage")
    for side, use in ((1, "Inner Reserve"), (0, "Hand of Fortune")):
        with pytest.raises(Refused, match="disengaging"):
            t.do(side, "spend", target=side, value=use)
    t.do(1, "wound", target=0, model=3)
    assert t.state.sides[0].models[3].wounds == 1
    assert t.state.sides[0].resources["Fate Pool"] == 7
    activated(t, 1, 2, 3)  # the next activation: Fate again
    t.do(1, "spend", target=1, value="Inner Reserve")
    assert t.state.sides[1].resources["Fate Pool"] == 4


def test_heroic_impetus_gives_its_point_to_another_model_p11(ghrim: SideSnapshot) -> None:
    t = game(ghrim)
    activated(t, 0, 0, 2)  # Caterine: 2 action points
    with pytest.raises(Refused, match="another friendly model, not the hero"):
        t.do(0, "impetus", target=0, model=0)
    t.do(0, "impetus", target=0, model=4)
    assert t.state.public["activation"]["impetus"] == {"side": 0, "model": 4}
    with pytest.raises(Refused, match="Heroic Impetus"):
        t.do(0, "ap", value="Charge")  # 2 points: more than the one granted
    assert t.rules.offered(t.state, "ap")
    t.do(0, "ap", value="Walk")  # Simon's
    act = t.state.public["activation"]
    assert act["impetus"] is None and act["left"] == 2 and act["done"] == []
    t.do(0, "ap", value="Walk")  # Caterine's own
    t.do(0, "ap", value="Ranged Attack")
    assert t.state.public["activation"]["left"] == 0
    activated(t, 0, 4, 3)  # the impetus was not Simon's activation
    assert t.state.sides[0].models[4].activated


def test_heroic_impetus_without_a_model_counts_the_use_only_p11(ghrim: SideSnapshot) -> None:
    t = game(ghrim)
    activated(t, 0, 0, 2)
    t.do(0, "impetus", target=0)
    assert t.state.sides[0].flags["heroic_impetus"] == 1
    assert t.state.public["activation"].get("impetus") is None


def lantern() -> SideSnapshot:
    return typed_side(
        "iron-and-honor",
        "Lanterns",
        [
            PlayModel(name="Anneviere", wounds=5, tags=["hero"], rules=["Healer"]),
            PlayModel(name="Rupert", wounds=2, tags=["follower"]),
            PlayModel(name="Sigil", wounds=2, tags=["follower"], rules=["Tough"]),
        ],
    )


def test_the_healer_heals_another_friendly_model_on_five_or_six_p25_p26() -> None:
    t = loaded_table(Snapshot(system="iron-and-honor", sides=(lantern(), raiders())), [])
    t.do(1, "wound", target=0, model=1)
    activated(t, 0, 0, 6)  # Anneviere: 3 action points
    with pytest.raises(Refused, match="not itself"):
        t.do(0, "ap", value="Heal", target=0, model=0)
    with pytest.raises(Refused, match="friendly model"):
        t.do(0, "ap", value="Heal", target=1, model=1)
    t.rng.wanted = [4]
    t.do(0, "ap", value="Heal", target=0, model=1)
    assert t.log[-1].outcome == {"recovery": 4}
    assert t.state.sides[0].models[1].wounds == 1
    activated(t, 0, 1, 6)
    with pytest.raises(Refused, match="needs the Healer trait"):
        t.do(0, "ap", value="Heal", target=0, model=2)
    # a new turn: Anneviere again, this time with Fate on Healer: 3 is enough
    empty_bag(t)
    t.do(0, "next-turn")
    activated(t, 0, 0, 6)
    t.do(0, "spend", target=0, value="Healer")
    t.rng.wanted = [3]
    t.do(0, "ap", value="Heal", target=0, model=1)
    assert t.state.sides[0].models[1].wounds == 2


def test_tough_ignores_a_wound_on_a_six_and_is_stunned_p29() -> None:
    t = loaded_table(Snapshot(system="iron-and-honor", sides=(lantern(), raiders())), [])
    t.rng.wanted = [6]
    t.do(1, "wound", target=0, model=2)
    assert t.log[-1].outcome == {"recovery": 6}
    sigil = t.state.sides[0].models[2]
    assert (sigil.wounds, sigil.status) == (2, "stunned")
    t.rng.wanted = [5, 6]  # a brutal attack: one roll per wound
    t.do(1, "wound", target=0, model=2, value=2)
    assert t.state.sides[0].models[2].wounds == 1
    activated(t, 0, 2, 3)
    t.do(0, "spend", target=0, value="Tough")  # with Fate, 5 is enough
    t.rng.wanted = [5]
    t.do(1, "wound", target=0, model=2)
    assert t.state.sides[0].models[2].wounds == 1
    t.rng.wanted = [5]  # the Fate was used once
    t.do(1, "wound", target=0, model=2)
    assert t.state.sides[0].models[2].status == "killed"
    t.do(1, "wound", target=0, model=1)  # not Tough: no roll
    assert t.log[-1].outcome == {}


def test_a_tough_wound_recorded_without_its_roll_is_taken_p29() -> None:
    t = loaded_table(Snapshot(system="iron-and-honor", sides=(lantern(), raiders())), [])
    state = replay_wound_without_outcome(t)
    assert state.sides[0].models[2].wounds == 1


def replay_wound_without_outcome(t: Table) -> TableState:
    return replay(t.rules, t.snapshot, [Event(id="old-wound-1", side=1, action="wound", target=0, model=2)])


def test_a_pet_of_a_killed_master_has_minus_two_to_activation_p27(
    ghrim: SideSnapshot, northmen: SideSnapshot
) -> None:
    t = loaded_table(Snapshot(system="iron-and-honor", sides=(ghrim, northmen)), [])
    assert t.state.hidden["server"]["pets"] == {"1": {"3": 0}}  # Sigrun, Raensleyar's
    activated(t, 1, 3, 4)
    assert t.state.public["activation"]["action_points"] == 2
    t.do(0, "status", target=1, model=0, value="Killed")
    empty_bag(t)
    t.rng.wanted = [2]  # Death of a Hero: Despair
    t.do(0, "next-turn")
    activated(t, 1, 3, 4)  # 4 - 1 Despair - 2 Pet = 1
    assert t.state.public["activation"]["action_points"] == 1


def rescue(ghrim: SideSnapshot, **setup: object) -> Table:
    snapshot = Snapshot(
        system="iron-and-honor",
        sides=(ghrim, raiders()),
        setup={"encounter": "Rescue", "kidnapper": 1, "prisoner": 2, **setup},
    )
    return loaded_table(snapshot, [])


def test_rescue_sets_the_prisoners_die_aside_and_makes_it_immune_p47_p48(ghrim: SideSnapshot) -> None:
    t = rescue(ghrim)
    assert t.state.public["bag"] == {"0": 5, "1": 3}
    t.rng.wanted = [0]
    t.do(0, "draw")
    with pytest.raises(Refused, match="Prisoner"):
        t.do(0, "activate", target=0, model=2)
    for action, value in (("wound", None), ("status", "Stunned"), ("token", "Stealth"), ("heal", None)):
        with pytest.raises(Refused, match="immune"):
            t.do(1, action, target=0, model=2, value=value)
    with pytest.raises(Refused, match="Rescuer"):
        t.do(1, "status", target=0, model=2, value="Rescued")
    with pytest.raises(Refused, match="Prisoner"):
        t.do(0, "status", target=0, model=3, value="Rescued")


def test_a_rescued_prisoner_joins_its_party_and_wins_the_rescuer_3_exp_p48(ghrim: SideSnapshot) -> None:
    t = rescue(ghrim)
    t.do(0, "status", target=0, model=2, value="Rescued")
    assert t.state.public["rescue"]["rescued"] is False  # at the Maintenance Phase
    while sum(t.state.public["bag"].values()):  # every die set aside: the Prisoner's is not in
        t.do(0, "draw")
        t.do(0, "pass")
    t.do(0, "next-turn")
    assert t.state.public["bag"] == {"0": 6, "1": 3}
    t.do(1, "wound", target=0, model=2)  # no longer immune
    for _ in range(5):
        empty_bag(t)
        t.do(0, "next-turn")
    assert t.state.finished and t.state.winner == 0
    assert [s.victory_points for s in t.state.sides] == [3, 0]


def test_the_kidnapper_wins_3_exp_when_the_prisoner_is_not_rescued_p48(ghrim: SideSnapshot) -> None:
    t = rescue(ghrim)
    t.do(0, "end")
    assert t.state.winner == 1 and [s.victory_points for s in t.state.sides] == [0, 3]


def test_rescue_without_roles_tracks_none_p48(ghrim: SideSnapshot) -> None:
    snapshot = Snapshot(system="iron-and-honor", sides=(ghrim, raiders()), setup={"encounter": "Rescue"})
    t = loaded_table(snapshot, [])
    assert "rescue" not in t.state.public and t.state.public["bag"] == {"0": 6, "1": 3}
    t.do(0, "end")
    assert t.state.winner is None
