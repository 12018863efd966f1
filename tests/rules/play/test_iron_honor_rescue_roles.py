"""Rescue's roles at the start (p.48): the Kidnapper by a d6 roll-off, +1 for the side
whose hero has the higher WP, again on a tie; the Prisoner a follower of the Rescuer's
drawn at random (rules.iron_honor.rescue)."""

from __future__ import annotations

import random

from rules.iron_honor.rescue import roles
from rules.play.core import PlayModel, Snapshot
from rules.play.registry import get_rules, typed_side


def party(name: str, wp: int, followers: int = 2):
    models = [PlayModel(name=f"{name} hero", wounds=3, tags=["hero"], stats={"WP": wp})]
    models.append(PlayModel(name=f"{name} friend", wounds=2, tags=["companion"]))
    models += [PlayModel(name=f"{name} {i}", wounds=1, tags=["follower"]) for i in range(followers)]
    return typed_side("iron-and-honor", name, models)


def test_the_kidnapper_is_rolled_with_the_higher_wp_bonus_and_never_a_tie_p48() -> None:
    sides = (party("Ours", 5), party("Theirs", 3))
    seen = set()
    for seed in range(40):
        out = roles({"encounter": "Rescue"}, sides, random.Random(seed))
        a, _, rest = out["kidnapper_rolls"].partition(" v ")
        b = rest.split(" ")[0]
        assert int(a) != int(b) and out["kidnapper"] == (0 if int(a) > int(b) else 1)
        assert "+1 for the hero's higher WP" in out["kidnapper_rolls"]
        assert 2 <= int(a) <= 7 and 1 <= int(b) <= 6  # the bonus is side 0's
        assert out["rolled"] == "kidnapper"
        seen.add(out["kidnapper"])
    assert seen == {0, 1}


def test_the_prisoner_is_one_of_the_rescuers_followers_p48() -> None:
    sides = (party("Ours", 4), party("Theirs", 4))
    for seed in range(20):
        out = roles({"encounter": "Rescue", "kidnapper": 0}, sides, random.Random(seed))
        assert out["prisoner"] in (2, 3)  # never the hero (0) nor the companion (1)
    state = get_rules("iron-and-honor").start(Snapshot(system="iron-and-honor", sides=sides, setup=out))
    assert state.public["rescue"] == {"side": 1, "model": out["prisoner"], "rescued": False, "called": False}


def test_a_joiners_list_draws_the_prisoner_again_and_other_encounters_keep_no_kidnapper() -> None:
    sides = (party("Ours", 4), party("Theirs", 4, followers=6))
    out = roles({"encounter": "Rescue", "kidnapper": 0, "prisoner": 9}, sides, random.Random(1), changed=1)
    assert out["prisoner"] in range(2, 8)
    kept = roles({"encounter": "Rescue", "kidnapper": 1, "prisoner": 3}, sides, random.Random(1), changed=1)
    assert kept["prisoner"] == 3  # side 1 is the Kidnapper: the Prisoner is side 0's
    assert "kidnapper" not in roles({"encounter": "Landmark", "kidnapper": 1}, sides, random.Random(1))
