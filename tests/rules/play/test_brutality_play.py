"""Brutality at the table, cited by section (the transcription has no page numbers):
Hit Points, status effects and tokens, Wound Chart results, Command Token, kill points,
Game Length, missions and regions."""

from __future__ import annotations

import random

import pytest

from rules.brutality.play import PLAY, mission_issues, roll_setup
from rules.play.core import Event, PlayModel, Refused, SideSnapshot, Snapshot, replay
from rules.play.registry import typed_side
from tests.rules.play.conftest import cinder, loaded_table
from tests.rules.play.games import Table


def game(reavers: SideSnapshot, **setup: str | int) -> Table:
    return loaded_table(Snapshot(system="brutality", sides=(reavers, cinder()), setup=dict(setup)))


def test_hit_points_come_from_the_evaluated_line_and_none_left_kills_model_characteristics(
    reavers: SideSnapshot,
) -> None:
    t = game(reavers)
    assert t.state.sides[0].models[0].wounds == 3
    t.do(1, "wound", target=0, model=1, value=3)
    assert t.state.sides[0].models[1].status == "killed"


def test_a_kill_scores_one_victory_point_for_the_enemy_kill_points(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(0, "wound", target=1, model=1, value=3)
    assert t.state.sides[0].victory_points == 1


def test_a_leader_gives_up_two_victory_points_kill_points(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(0, "status", target=1, model=0, value="Killed")
    assert t.state.sides[0].victory_points == 2


def test_a_summoned_model_gives_no_kill_points_powers_summon(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(1, "summon", target=1, value=2)
    summoned = t.state.sides[1].models[-1]
    assert (summoned.name, summoned.wounds, summoned.stats["Save"]) == ("Summoned 1", 2, 4)
    t.do(0, "wound", target=1, model=summoned.index, value=2)
    assert t.state.sides[0].victory_points == 0


def test_taking_captives_and_grab_it_score_no_kill_points_missions(reavers: SideSnapshot) -> None:
    for mission in ("Taking Captives", "Grab It!"):
        t = game(reavers, mission=mission)
        t.do(0, "status", target=1, model=0, value="Killed")
        assert t.state.sides[0].victory_points == 0


def test_objective_points_are_scored_by_hand_scoring_points(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(0, "score", target=0, value=1)
    t.do(0, "score", target=0, value=-1)
    t.do(1, "score", target=1)
    assert [s.victory_points for s in t.state.sides] == [0, 1]


def test_one_command_token_per_game_turn_while_the_leader_lives_command_token(reavers: SideSnapshot) -> None:
    t = game(reavers)
    assert [s.resources["Command Token"] for s in t.state.sides] == [1, 1]
    t.do(0, "spend", target=0, value="Free Action")
    with pytest.raises(Refused):
        t.do(0, "spend", target=0, value="Free Action")
    t.do(0, "next-turn")
    assert t.state.sides[0].resources["Command Token"] == 1


def test_an_unused_command_token_does_not_carry_over_command_token(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(0, "next-turn")
    assert t.state.sides[1].resources["Command Token"] == 1


def test_the_command_token_is_lost_when_the_leader_dies_and_none_comes_after_command_token(
    reavers: SideSnapshot,
) -> None:
    t = game(reavers)
    t.do(0, "status", target=1, model=0, value="Killed")
    assert t.state.sides[1].resources["Command Token"] == 0
    t.do(0, "next-turn")
    assert t.state.sides[1].resources["Command Token"] == 0


def test_the_game_ends_at_the_end_of_turn_4_game_length(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(0, "score", target=0)
    for turn in (1, 2, 3):
        t.do(0, "next-turn")
        assert t.state.turn == turn + 1 and not t.state.finished
    t.do(0, "next-turn")
    assert t.state.finished and t.state.turn == 4 and t.state.winner == 0


def test_a_wound_chart_result_changes_the_models_line_wound_chart(reavers: SideSnapshot) -> None:
    t = game(reavers)
    fs = t.state.sides[0].models[0].stats["FS"]
    t.do(1, "token", target=0, model=0, value="Sliced")
    assert t.state.sides[0].models[0].stats["FS"] == fs - 2
    t.do(1, "untoken", target=0, model=0, value="Sliced")
    assert t.state.sides[0].models[0].stats["FS"] == fs


def test_no_stat_falls_below_one_except_hit_points_stat_minimums(reavers: SideSnapshot) -> None:
    t = game(reavers)
    for _ in range(4):
        t.do(1, "token", target=0, model=1, value="Broken Ribs")
    assert t.state.sides[0].models[1].stats["Dex"] == 1


def test_no_stat_rises_above_eight_except_movement_stat_maximums(reavers: SideSnapshot) -> None:
    t = game(reavers)
    for _ in range(4):
        t.do(0, "token", target=0, model=0, value="Protect")
    assert t.state.sides[0].models[0].stats["Save"] == 8


def test_trauma_takes_its_chosen_effect_status_effects(reavers: SideSnapshot) -> None:
    t = game(reavers)
    with pytest.raises(Refused, match="needs its effect"):
        t.do(1, "token", target=0, model=1, value="Trauma")
    t.do(1, "token", target=0, model=1, value="Trauma: -3 save")
    m = t.state.sides[0].models[1]
    assert m.tokens[-1].detail == "-3 Save" and m.stats["Save"] == 1


def test_curse_takes_one_of_its_penalties_powers_curse(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(1, "token", target=0, model=0, value="Curse: -1 Attacks")
    assert t.state.sides[0].models[0].stats["Atk"] == 1
    with pytest.raises(Refused):
        t.do(1, "token", target=0, model=0, value="Curse: -9 Luck")


def test_every_status_effect_and_power_token_can_be_put_on_status_effects() -> None:
    names = {r.name for r in PLAY.trackers.tokens}
    wanted = {
        "Burning!",
        "Bleeding",
        "Pause",
        "Confused",
        "Agony",
        "Knock Down",
        "Disarmed",
        "Blinded",
        "Trauma",
    }
    assert wanted | {"Aura", "Protect", "Curse", "Time Slip"} <= names


def test_bleeding_costs_a_hit_point_per_token_at_activation_status_effects(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(1, "token", target=0, model=1, value="Bleeding")
    t.do(1, "token", target=0, model=1, value="Bleeding")
    t.do(0, "activate", target=0, model=1)
    assert t.state.sides[0].models[1].wounds == 1
    with pytest.raises(Refused, match="already acted"):
        t.do(0, "activate", target=0, model=1)


def test_staunching_removes_every_bleeding_token_combat_phase_actions(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(1, "token", target=0, model=1, value="Bleeding")
    t.do(1, "token", target=0, model=1, value="Bleeding")
    t.do(0, "staunch", target=0, model=1)
    assert t.state.sides[0].models[1].tokens == []
    with pytest.raises(Refused):
        t.do(0, "stamp", target=0, model=1)


def test_activations_reset_at_the_next_turn_activation_phases(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(0, "activate", target=0, model=0)
    t.do(0, "next-turn")
    assert not t.state.sides[0].models[0].activated


def test_behemoth_encounter_wants_lists_of_exactly_ten_points_missions(reavers: SideSnapshot) -> None:
    issues = mission_issues(
        Snapshot(system="brutality", sides=(reavers, cinder()), setup={"mission": "Behemoth Encounter"})
    )
    assert any("4.5 points" in i for i in issues)
    assert any("Cinder Pack: points unknown" in i for i in issues)
    t = game(reavers, mission="Behemoth Encounter")
    assert any("exactly 10" in n for n in t.state.notices)


def test_i_smell_a_rat_infiltrator_takes_two_fewer_points_missions(reavers: SideSnapshot) -> None:
    small = reavers.model_copy(update={"name": "Rats", "totals": {**reavers.totals, "cost": "2.5"}})
    good = Snapshot(
        system="brutality", sides=(small, reavers), setup={"mission": "I Smell A Rat", "infiltrator": 0}
    )
    assert mission_issues(good) == []
    bad = good.model_copy(update={"setup": {"mission": "I Smell A Rat", "infiltrator": 1}})
    assert "should have 0.5" in mission_issues(bad)[0]


def test_i_smell_a_rat_points_free_counts_two_fewer_models_missions() -> None:
    two = typed_side("brutality", "Two", [PlayModel(name="A", wounds=3), PlayModel(name="B", wounds=3)])
    four = cinder().model_copy(update={"models": [PlayModel(name=n, wounds=3) for n in "WXYZ"]})
    snap = Snapshot(
        system="brutality", sides=(two, four), setup={"mission": "I Smell A Rat", "infiltrator": 0}
    )
    assert mission_issues(snap) == []


def test_a_mission_and_region_can_be_rolled_missions_region_effects() -> None:
    setup = roll_setup(random.Random(3))
    assert setup["region"] in ("City/Town Ruins", "Twilight Fields", "Psycho-Tropics")
    roll = setup["mission_roll"]
    assert isinstance(roll, int) and 1 <= roll <= 10
    assert setup["mission"] == {
        1: "Base Assault",
        2: "Behemoth Encounter",
        3: "Taking Captives",
        4: "Grab It!",
        5: "I Smell A Rat",
    }.get(roll, f"Mission {roll}")


def test_every_rule_cites_its_section_in_the_log(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(0, "spend", target=0, value="Free Action")
    assert t.state.log[-1].source == "Brutality Skirmish Wargame, Command Token"


def test_an_untagged_typed_warbands_first_model_is_its_leader_list_guidelines() -> None:
    side = typed_side("brutality", "Typed", [("Boss", 4), ("Grunt", 3)])
    assert [m.tags for m in side.models] == [["leader"], []]


def test_the_side_that_lost_more_models_may_activate_first_first_activation_each_turn(
    reavers: SideSnapshot,
) -> None:
    t = game(reavers)
    t.do(0, "wound", target=1, model=2, value=3)
    t.do(0, "next-turn")
    assert any("Cinder Pack has lost more models" in n for n in t.state.notices)


def test_a_base_assault_defender_comes_back_the_next_game_turn_healed_and_confused_missions(
    reavers: SideSnapshot,
) -> None:
    t = game(reavers, mission="Base Assault")
    t.do(1, "token", target=0, model=1, value="Sliced")
    t.do(1, "wound", target=0, model=1, value=3)
    with pytest.raises(Refused, match="beginning of the next"):  # issue 28: not in the same Game Turn
        t.do(0, "respawn", target=0, model=1)
    t.do(0, "next-turn")
    t.do(0, "respawn", target=0, model=1)
    m = t.state.sides[0].models[1]
    assert (m.status, m.wounds, [x.name for x in m.tokens]) == ("ready", 3, ["Confused"])
    assert m.stats == m.base_stats
    assert t.state.sides[1].victory_points == 1
    with pytest.raises(Refused, match="not killed"):
        t.do(0, "respawn", target=0, model=1)


def test_only_base_assault_brings_the_dead_back_missions(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(1, "wound", target=0, model=1, value=3)
    with pytest.raises(Refused, match="Base Assault"):
        t.do(0, "respawn", target=0, model=1)


def test_blinded_lasts_one_activation_status_effects(reavers: SideSnapshot) -> None:
    """Blinded stays on through the model's next activation, then goes."""
    t = game(reavers)
    t.do(1, "token", target=0, model=2, value="Blinded")
    t.do(0, "activate", target=0, model=2)
    assert [tk.name for tk in t.state.sides[0].models[2].tokens] == ["Blinded"]
    assert any("only a Move" in n for n in t.state.notices)
    t.do(1, "activate", target=1, model=0)
    assert t.state.sides[0].models[2].tokens == []


def test_a_summoned_models_save_never_drops_below_4_powers_summon(reavers: SideSnapshot) -> None:
    """Issue 28: Sliced's -3 Save left a Summoned model at Save 1."""
    t = game(reavers)
    t.do(0, "summon", target=0, value=1)
    summoned = len(t.state.sides[0].models) - 1
    t.do(1, "token", target=0, model=summoned, value="Trauma: -3 Save")
    assert t.state.sides[0].models[summoned].stats["Save"] == 4


def test_players_take_turns_activating_activation_phases(reavers: SideSnapshot) -> None:
    """Issue 28: one side activated twice in a row while the other had models waiting."""
    t = game(reavers)
    t.do(0, "activate", target=0, model=0)
    assert t.state.active == 1
    with pytest.raises(Refused, match="turn to activate"):
        t.do(0, "activate", target=0, model=1)
    t.do(1, "activate", target=1, model=0)
    t.do(0, "activate", target=0, model=1)
    # Turn about while both have models waiting; then the other activates the rest in a row.
    side = 1
    while True:
        waiting = {
            i: [m.index for m in s.models if not m.activated and not m.killed]
            for i, s in enumerate(t.state.sides)
        }
        if not waiting[0] and not waiting[1]:
            break
        if not waiting[side]:
            side = 1 - side
        assert t.state.active == side
        t.do(side, "activate", target=side, model=waiting[side][0])
        side = 1 - side
    assert t.state.active is None
    t.do(0, "next-turn")
    t.do(1, "activate", target=1, model=0)  # either side may start a new turn


# --- issue 40: the book read alone (tests/rules/play/readings/brutality) ---------------


def summoner_side() -> SideSnapshot:
    """A typed side whose third model knows Summon (Powers, Summon); Rook's rules are
    known and name no Power."""
    return typed_side(
        "brutality",
        "Hexers",
        [
            PlayModel(name="Old Gnash", wounds=3, tags=["leader"]),
            PlayModel(name="Rook", wounds=3, rules=["Sturdy"]),
            PlayModel(name="Hexa", wounds=3, rules=["Summon"]),
        ],
    )


def test_the_command_token_is_used_in_an_activation_of_its_own_side_command_token(
    reavers: SideSnapshot,
) -> None:
    t = game(reavers)
    t.do(0, "activate", target=0, model=1)
    with pytest.raises(Refused, match="as it activates"):
        t.do(1, "spend", target=1, value="Free Action")
    t.do(1, "activate", target=1, model=0)
    t.do(1, "spend", target=1, value="Free Action")
    assert t.state.sides[1].resources["Command Token"] == 0


def test_a_free_action_may_name_its_action_but_not_repeat_one_command_token(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(1, "token", target=0, model=1, value="Bleeding")
    t.do(0, "activate", target=0, model=2)
    t.do(0, "staunch", target=0, model=1)
    with pytest.raises(Refused, match="may not repeat"):
        t.do(0, "spend", target=0, value="Free Action: Staunch")
    with pytest.raises(Refused, match="not a action"):
        t.do(0, "spend", target=0, value="Free Action: Dance")
    t.do(0, "spend", target=0, value="Free Action: Run")
    assert "(Run)" in t.state.log[-1].text and "Quill" in t.state.log[-1].text


def test_staunch_and_stamp_are_the_acting_models_on_itself_or_an_ally_combat_phase_actions(
    reavers: SideSnapshot,
) -> None:
    t = game(reavers)
    t.do(0, "token", target=1, model=1, value="Bleeding")
    t.do(1, "token", target=0, model=1, value="Burning!")
    t.do(0, "activate", target=0, model=0)
    with pytest.raises(Refused, match="on itself or an ally"):
        t.do(0, "staunch", target=1, model=1)
    t.do(1, "activate", target=1, model=0)
    with pytest.raises(Refused, match="on itself or an ally"):
        t.do(0, "stamp", target=0, model=1)
    t.do(1, "staunch", target=1, model=1)
    assert t.state.sides[1].models[1].tokens == []


def test_a_second_combat_phase_action_needs_a_free_action_activation_phases(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(1, "token", target=0, model=1, value="Bleeding")
    t.do(1, "token", target=0, model=3, value="Burning!")
    t.do(0, "activate", target=0, model=2)
    t.do(0, "stamp", target=0, model=3)
    with pytest.raises(Refused, match="Combat Phase action"):
        t.do(0, "staunch", target=0, model=1)
    t.do(0, "spend", target=0, value="Free Action")
    t.do(0, "staunch", target=0, model=1)
    assert t.state.sides[0].models[1].tokens == []


def test_a_powers_token_lasts_until_its_users_next_activation_powers(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(0, "activate", target=0, model=3)  # Vesk knows Curse
    t.do(0, "token", target=1, model=0, value="Curse: -2 Dexterity")
    t.do(1, "activate", target=1, model=0)
    assert [tk.name for tk in t.state.sides[1].models[0].tokens] == ["Curse"]
    t.do(0, "next-turn")
    t.do(0, "activate", target=0, model=3)
    assert t.state.sides[1].models[0].tokens == []
    assert any("Curse ends" in n for n in t.state.notices)


def test_a_powers_token_ends_when_its_user_dies_powers(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(0, "activate", target=0, model=3)
    t.do(0, "token", target=1, model=1, value="Curse: -1 Save")
    t.do(1, "activate", target=1, model=0)
    t.do(1, "wound", target=0, model=3, value=3)
    assert t.state.sides[1].models[1].tokens == []


def test_a_token_put_on_by_a_model_that_does_not_know_the_power_stays_powers(reavers: SideSnapshot) -> None:
    """Brakk knows no Curse: the token's user is unknown and it stays until taken off."""
    t = game(reavers)
    t.do(0, "activate", target=0, model=1)
    t.do(0, "token", target=1, model=1, value="Curse: -1 Save")
    t.do(0, "next-turn")
    t.do(0, "activate", target=0, model=1)
    assert [tk.name for tk in t.state.sides[1].models[1].tokens] == ["Curse"]


def test_curse_targets_an_enemy_powers_curse(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(0, "activate", target=0, model=3)
    with pytest.raises(Refused, match="targets an enemy"):
        t.do(0, "token", target=0, model=1, value="Curse: -1 Save")


def test_summon_costs_the_summoner_a_hit_point_not_to_be_healed_powers_summon(reavers: SideSnapshot) -> None:
    t = loaded_table(Snapshot(system="brutality", sides=(reavers, summoner_side())))
    t.do(1, "activate", target=1, model=2)
    t.do(1, "summon", target=1, model=2, value=2)
    hexa, summoned = t.state.sides[1].models[2], t.state.sides[1].models[3]
    assert (hexa.wounds, summoned.wounds) == (2, 2)
    assert any(line.text.startswith("Hexa summons") for line in t.state.log)
    with pytest.raises(Refused, match="Summon"):
        t.do(1, "heal", target=1, model=2)
    t.do(0, "activate", target=0, model=0)
    t.do(0, "wound", target=1, model=2)
    t.do(1, "heal", target=1, model=2)
    assert t.state.sides[1].models[2].wounds == 2


def test_summon_is_the_acting_models_power_powers_summon(reavers: SideSnapshot) -> None:
    t = loaded_table(Snapshot(system="brutality", sides=(reavers, summoner_side())))
    t.do(1, "activate", target=1, model=1)
    with pytest.raises(Refused, match="acting"):
        t.do(1, "summon", target=1, model=2, value=1)
    with pytest.raises(Refused, match="does not know Summon"):
        t.do(1, "summon", target=1, model=1, value=1)


def test_the_summoned_model_goes_with_its_summoner_powers_summon(reavers: SideSnapshot) -> None:
    t = loaded_table(Snapshot(system="brutality", sides=(reavers, summoner_side())))
    t.do(1, "activate", target=1, model=2)
    t.do(1, "summon", target=1, model=2, value=1)
    t.do(0, "activate", target=0, model=0)
    t.do(0, "wound", target=1, model=2, value=2)
    assert [m.status for m in t.state.sides[1].models[2:]] == ["killed", "killed"]
    assert t.state.sides[0].victory_points == 1  # Hexa; the Summoned model gives none


def test_an_old_summon_without_its_summoner_changes_no_hit_points_powers_summon(
    reavers: SideSnapshot,
) -> None:
    """Logs from before the summoner was recorded replay as they did."""
    t = loaded_table(Snapshot(system="brutality", sides=(reavers, summoner_side())))
    t.do(1, "summon", target=1, value=1)
    assert [m.wounds for m in t.state.sides[1].models] == [3, 3, 3, 1]


def test_sturdy_treats_wound_chart_results_1_to_4_as_nothing_model_abilities(reavers: SideSnapshot) -> None:
    t = game(reavers)
    for result in ("Face Gash", "Broken Hand", "Skewered", "Broken Ribs", "Painful"):
        with pytest.raises(Refused, match="Sturdy"):
            t.do(1, "token", target=0, model=0, value=result)  # Mother Scald is Sturdy
    t.do(1, "token", target=0, model=0, value="Sliced")
    t.do(1, "token", target=0, model=1, value="Skewered")  # Brakk is not
    assert [tk.name for tk in t.state.sides[0].models[0].tokens] == ["Sliced"]


def test_a_blinded_model_may_only_move_status_effects(reavers: SideSnapshot) -> None:
    t = game(reavers)
    t.do(1, "token", target=0, model=1, value="Blinded")
    t.do(1, "token", target=0, model=2, value="Bleeding")
    t.do(0, "activate", target=0, model=1)
    with pytest.raises(Refused, match="Blinded"):
        t.do(0, "staunch", target=0, model=2)
    with pytest.raises(Refused, match="Blinded"):
        t.do(0, "spend", target=0, value="Free Action")


def test_taking_captives_knocks_a_model_out_at_0_hit_points_missions(reavers: SideSnapshot) -> None:
    t = game(reavers, mission="Taking Captives")
    t.do(0, "wound", target=1, model=1, value=3)
    rook = t.state.sides[1].models[1]
    assert (rook.status, rook.killed_turn, t.state.sides[0].victory_points) == ("unconscious", None, 0)
    with pytest.raises(Refused, match="may not be healed"):
        t.do(1, "heal", target=1, model=1)
    with pytest.raises(Refused, match="Unconscious"):
        t.do(1, "activate", target=1, model=1)
    t.do(0, "activate", target=0, model=3)
    with pytest.raises(Refused, match="not a target of Powers"):
        t.do(0, "token", target=1, model=1, value="Curse: -1 Save")


def test_taking_captives_scores_each_enemy_knocked_out_at_the_end_missions(reavers: SideSnapshot) -> None:
    t = game(reavers, mission="Taking Captives")
    t.do(0, "wound", target=1, model=1, value=3)
    for _ in range(4):
        t.do(0, "next-turn")
    assert t.state.finished and t.state.sides[0].victory_points == 1 and t.state.winner == 0


def test_grab_it_scores_only_at_the_end_of_the_game_missions(reavers: SideSnapshot) -> None:
    t = game(reavers, mission="Grab It!")
    with pytest.raises(Refused, match="end of the game"):
        t.do(0, "score", target=0, value=2)
    for _ in range(3):
        t.do(0, "next-turn")
    order = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (0, 3)]
    for side, model in order[:-1]:
        t.do(side, "activate", target=side, model=model)  # type: ignore[arg-type]
    with pytest.raises(Refused, match="end of the game"):
        t.do(0, "score", target=0, value=2)
    t.do(0, "activate", target=0, model=3)
    t.do(0, "score", target=0, value=5)
    assert t.state.sides[0].victory_points == 5


def test_i_smell_a_rat_a_traitor_is_rolled_and_activates_first_on_turn_2_missions(
    reavers: SideSnapshot,
) -> None:
    t = loaded_table(
        Snapshot(
            system="brutality",
            sides=(reavers, cinder()),
            setup={"mission": "I Smell A Rat", "infiltrator": 1},
        ),
        wanted=[3],  # the third of the Victim's four models
    )
    t.do(0, "activate", target=0, model=0)  # Turn 1: either may
    t.do(0, "next-turn")
    assert t.log[-1].outcome == {"traitor": 2}
    assert any("Quill is the traitor" in n for n in t.state.notices)
    with pytest.raises(Refused, match="spy Quill"):
        t.do(0, "activate", target=0, model=0)
    with pytest.raises(Refused, match="spy Quill"):
        t.do(1, "activate", target=1, model=0)
    t.do(1, "activate", target=0, model=2)
    assert t.state.active == 0  # the traitor's activation was the Infiltrator's
    t.do(0, "activate", target=0, model=0)
    t.do(0, "wound", target=0, model=2, value=3)  # the Victim kills its traitor
    assert t.state.sides[0].victory_points == 1


def test_i_smell_a_rat_the_traitor_is_the_infiltrators_to_activate_with_two_phones_missions(
    reavers: SideSnapshot,
) -> None:
    t = loaded_table(
        Snapshot(
            system="brutality",
            sides=(reavers, cinder()),
            setup={"mission": "I Smell A Rat", "infiltrator": 1},
        ),
        wanted=[3],
    )
    t.do(0, "next-turn")
    mine = Event(id="event-9999", side=1, action="activate", target=0, model=2)
    theirs = mine.model_copy(update={"side": 0})
    assert PLAY.actor(t.state, mine) is None
    assert PLAY.actor(t.state, theirs) == (
        1,
        "the traitor plays for Cinder Pack: its player activates it (Missions)",
    )


def test_i_smell_a_rat_without_a_rolled_traitor_a_victims_model_goes_first_missions(
    reavers: SideSnapshot,
) -> None:
    """A log written by hand without the roll: the spy is at least one of the Victim's."""
    snap = Snapshot(
        system="brutality", sides=(reavers, cinder()), setup={"mission": "I Smell A Rat", "infiltrator": 1}
    )
    events = [
        Event(id="event-0001", side=0, action="next-turn"),
        Event(id="event-0002", side=1, action="activate", target=1, model=0),
    ]
    state = replay(PLAY, snap, events)
    assert state.log[-1].refused is not None and "Victim's list" in state.log[-1].refused


def test_behemoth_encounter_the_behemoth_first_its_hit_points_score_its_death_ends_missions(
    reavers: SideSnapshot,
) -> None:
    beast = typed_side("brutality", "Behemoth", [PlayModel(name="The Behemoth", wounds=10, tags=["leader"])])
    t = loaded_table(
        Snapshot(
            system="brutality",
            sides=(reavers, beast),
            setup={"mission": "Behemoth Encounter", "behemoth": 1},
        )
    )
    with pytest.raises(Refused, match="Behemoth activates"):
        t.do(0, "activate", target=0, model=0)
    t.do(1, "activate", target=1, model=0)
    t.do(1, "wound", target=0, model=1, value=3)
    assert t.state.sides[1].victory_points == 0  # no kill points here
    t.do(0, "activate", target=0, model=0)
    for status in ("Disarmed", "Knock Down", "Pause", "Confused"):
        with pytest.raises(Refused, match="never affected"):
            t.do(0, "token", target=1, model=0, value=status)
    t.do(0, "wound", target=1, model=0, value=2)
    assert t.state.sides[0].victory_points == 2
    t.do(0, "wound", target=1, model=0, value=8)
    assert t.state.finished and t.state.winner == 0 and t.state.sides[0].victory_points == 10


def test_a_score_naming_its_model_is_the_acting_models_interact_action_scoring_points(
    reavers: SideSnapshot,
) -> None:
    t = game(reavers)
    t.do(0, "activate", target=0, model=1)
    with pytest.raises(Refused, match="Brakk is acting"):
        t.do(0, "score", target=0, model=2, value=1)
    t.do(0, "score", target=0, model=1, value=1)
    assert t.state.log[-1].text.startswith("Brakk prays or loots")
    t.do(0, "spend", target=0, value="Free Action")
    with pytest.raises(Refused, match="same action twice"):
        t.do(0, "score", target=0, model=1, value=1)
    t.do(0, "score", target=0, value=-1)  # a correction names no model
    assert t.state.sides[0].victory_points == 0


def test_base_assault_loot_is_2_for_the_attacker_and_1_for_the_defender_missions(
    reavers: SideSnapshot,
) -> None:
    t = game(reavers, mission="Base Assault", defender=1)
    t.do(0, "activate", target=0, model=0)
    with pytest.raises(Refused, match="Attacker's model is 2"):
        t.do(0, "score", target=0, model=0, value=1)
    t.do(0, "score", target=0, model=0, value=2)
    t.do(1, "activate", target=1, model=0)
    with pytest.raises(Refused, match="Defender's model is 1"):
        t.do(1, "score", target=1, model=0, value=2)
    t.do(1, "score", target=1, model=0, value=1)
    assert [s.victory_points for s in t.state.sides] == [2, 1]


def test_the_table_summon_without_a_model_is_the_acting_summoners_powers_summon(
    reavers: SideSnapshot,
) -> None:
    """The table's Summon button sends no model: the acting model knowing Summon pays."""
    t = loaded_table(Snapshot(system="brutality", sides=(reavers, summoner_side())))
    t.do(1, "activate", target=1, model=2)
    t.do(1, "summon", target=1, value=1)
    assert [m.wounds for m in t.state.sides[1].models] == [3, 3, 2, 1]
