"""Writes the Iron & Honor reading logs (``NN-topic.json``) from the compact games below.

Each game is a reading of the book alone: its events, and the state the book dictates
after them (``result``: turn, finished, winner, Fate Pool, ExP, each model's status,
wounds and tokens, and for each event whether the book allows it). The page and the
one-line reading behind each expected fact are in the sibling ``NN-topic.md``.

Run ``python -m tests.rules.play.readings.iron_honor.build`` to write the files again.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[4]
EXAMPLE = json.loads((ROOT / "fixtures/examples/games/iron-and-honor.json").read_text())

WOUNDS = {"hero": 5, "companion": 3, "follower": 2}


def _side_from_roster(path: str, cost: int, limit: int, size: str, fate: int) -> dict[str, Any]:
    """A snapshot side built by hand from an example roster (wounds by type, p.12)."""
    doc = json.loads((ROOT / "fixtures/examples" / path).read_text())
    models = []
    for m in doc["models"]:
        kind = m["type"]
        wo = WOUNDS[kind] + (1 if "Mounted" in m["traits"] else 0)
        stats = dict(m["attributes"])
        stats["WO"] = wo
        traits = [t if isinstance(t, str) else t["name"] for t in m["traits"]]
        models.append(
            {
                "name": m["name"],
                "role": kind.capitalize(),
                "wounds": wo,
                "tags": [kind],
                "stats": stats,
                "rules": traits,
            }
        )
    return {
        "name": doc["name"],
        "player": "",
        "origin": "export",
        "roster_id": None,
        "document": doc,
        "rules_digest": None,
        "supplement": None,
        "totals": {
            "cost": cost,
            "limit": limit,
            "unit": "ExP",
            "game_size": size,
            "fate_pool": fate,
            "model_count": len(models),
        },
        "issues": [],
        "models": models,
    }


GHRIM = EXAMPLE["snapshot"]["sides"][0]  # Fate Pool 7
NORTHMEN = EXAMPLE["snapshot"]["sides"][1]  # Fate Pool 8
# Lantern Adventuring Co.: 123 ExP, Fate Pool 6 (p.18); Sundered Elve: 139 ExP, Fate 5 (p.30)
LANTERN = _side_from_roster("iron-and-honor-lantern-adventuring-co.json", 123, 125, "Small", 6)
ELVE = _side_from_roster("iron-and-honor-sundered-elve.json", 139, 200, "Medium", 5)


class Game:
    """One reading game: its events and, beside each, the book's verdict."""

    def __init__(self, name: str, sides: tuple[dict[str, Any], dict[str, Any]], **setup: Any):
        self.name = name
        self.sides = [copy.deepcopy(sides[0]), copy.deepcopy(sides[1])]
        self.setup = {"encounter": "Engagement", **setup}
        self.events: list[dict[str, Any]] = []
        self.refused: list[str | None] = []
        #: Models killed, and the Prisoner while not rescued: no die in the next bag.
        self.dead: set[tuple[int, int]] = set()
        self.aside: set[tuple[int, int]] = set()
        self.bag = [0, 0]
        self.refill()

    def refill(self) -> None:
        """The bag at the start of a turn: one die per model in play (pp.6, 32)."""
        self.bag = [
            sum(1 for j in range(len(s["models"])) if (i, j) not in self.dead | self.aside)
            for i, s in enumerate(self.sides)
        ]

    def ev(
        self,
        by: int,
        action: str,
        target: int | None = None,
        model: int | None = None,
        value: Any = None,
        refused: str | None = None,
        **outcome: Any,
    ) -> None:
        self.events.append(
            {
                "id": f"reading-{len(self.events) + 1:04d}",
                "side": by,
                "action": action,
                "target": target,
                "model": model,
                "value": value,
                "outcome": outcome,
                "at": None,
            }
        )
        self.refused.append(refused)

    # shorthands ---------------------------------------------------------------
    def draw(self, die_side: int) -> None:
        self.bag[die_side] -= 1
        self.ev(0, "draw", side=die_side)

    def kismet(self, spender: int) -> None:
        """Winds of Kismet (p.9): the drawn die goes back, one of the spender's comes out."""
        self.bag[spender] -= 1
        self.bag[1 - spender] += 1
        self.ev(spender, "spend", target=spender, value="Winds of Kismet")

    def full_defense(self, side: int, model: int) -> None:
        """Full Defense (p.35): a die of the defender's side leaves the bag, unrolled."""
        self.bag[side] -= 1
        self.ev(side, "token", target=side, model=model, value="Full Defense")

    def empty_bag(self) -> None:
        """The dice left are drawn and set aside: the main phase ends (p.32)."""
        for side in (0, 1):
            while self.bag[side] > 0:
                self.draw(side)
                self.ev(side, "pass")

    def activate(self, side: int, model: int, face: int, refused: str | None = None) -> None:
        self.ev(side, "activate", target=side, model=model, refused=refused)
        if refused is None:
            self.ev(side, "roll", face=face)

    def ap(self, side: int, action: str, refused: str | None = None, **kw: Any) -> None:
        self.ev(side, "ap", value=action, refused=refused, **kw)

    def next_turn(self, **outcome: Any) -> None:
        self.empty_bag()
        self.ev(0, "next-turn", **outcome)
        self.refill()

    def write(
        self,
        turn: int,
        finished: bool = False,
        winner: int | None = None,
        fate: tuple[int, int] | None = None,
        exp: tuple[int, int] = (0, 0),
        impetus: tuple[int, int] = (0, 0),
        models: dict[tuple[int, int], dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        fate = fate or tuple(s["totals"]["fate_pool"] for s in self.sides)  # type: ignore[assignment]
        result_sides = []
        for i, s in enumerate(self.sides):
            ms = []
            for j, m in enumerate(s["models"]):
                row = {
                    "name": m["name"],
                    "status": "ready",
                    "wounds": m["wounds"],
                    "max_wounds": m["wounds"],
                    "tokens": [],
                    "stats": m["stats"],
                    "killed_turn": None,
                }
                row.update((models or {}).get((i, j), {}))
                ms.append(row)
            result_sides.append(
                {
                    "name": s["name"],
                    "resources": {"Fate Pool": fate[i]},
                    "victory_points": exp[i],
                    "flags": {"heroic_impetus": impetus[i]},
                    "models": ms,
                }
            )
        game = {
            "format": "muster.game/1",
            "system": "iron-and-honor",
            "name": self.name,
            "snapshot": {"system": "iron-and-honor", "sides": self.sides, "setup": self.setup},
            "events": self.events,
            "result": {
                "system": "iron-and-honor",
                "turn": turn,
                "finished": finished,
                "winner": winner,
                "version": len(self.events),
                "sides": result_sides,
                "log": [
                    {"id": e["id"], "side": e["side"], "action": e["action"], "refused": r}
                    for e, r in zip(self.events, self.refused, strict=True)
                ],
            },
        }
        return game


GAMES: dict[str, Game] = {}
RESULTS: dict[str, dict[str, Any]] = {}


def game(slug: str, name: str, sides=(GHRIM, NORTHMEN), **setup: Any) -> Game:
    g = Game(name, sides, **setup)
    GAMES[slug] = g
    return g


KILLED = "killed"

# Ghrim (side 0): 0 Caterine (hero), 1 Amelie, 2 Noemi, 3 Marius, 4 Simon, 5 Phillipe
# Northmen (side 1): 0 Raensleyar (hero), 1 Aurat, 2 Alfgrim, 3 Sigrun (Pet), 4 Botmundr,
#   5 Bothvatr, 6 Frokn
# Lantern: 0 Anneviere (hero, Healer), 1 Morgain, 2 Rupert, 3 Sigil (Tough), 4 Delia
# Sundered Elve: 0 Eike (hero), 1 Kane (Dual Wield), 2 Junko, 3 Nami, 4 Tama

# 01 ------------------------------------------------------------------------------------
g = game("01-activation-ap", "Action points from the activation roll")
g.draw(0)
g.activate(0, 0, face=2)  # hero 2+1 = 3: 2 action points
g.ap(0, "Walk")
g.ap(0, "Aimed Shot", refused="p.33: 1 action point left, an Aimed Shot costs 2")
g.ap(0, "Ranged Attack")
g.draw(1)
g.activate(1, 4, face=2)  # follower 2: 1 action point
g.ap(1, "Charge", refused="p.34: a Charge costs 2 action points, Botmundr has 1")
g.ap(1, "Walk")
g.draw(0)
g.activate(0, 0, face=4, refused="p.31: no model activates twice in a turn")
g.ev(0, "activate", target=0, model=3)
g.ev(1, "spend", target=1, value="Cursed Hand")
g.ev(0, "roll", face=1)  # 1-1 = 0: no action points
g.ap(0, "Walk", refused="p.31: a modified 0 gives no action points")
RESULTS[g.name] = g.write(turn=1, fate=(7, 7))

# 02 ------------------------------------------------------------------------------------
g = game("02-activation-ends", "An activation ends: unused action points are lost")
g.draw(0)
g.activate(0, 4, face=6)  # 3 action points
g.ap(0, "Walk")
g.ap(0, "Run", refused="p.33: one move action per activation (Simon is not Fast)")
g.draw(1)  # Simon's activation is over, his 2 points are lost (p.32)
g.activate(1, 6, face=6)  # Frokn: 3 action points
# The acting model is Frokn: whoever taps, Muster's Action is his (rules-decisions).
g.ap(0, "Close Combat Attack")
g.ap(1, "Disengage")
g.ap(1, "Walk", refused="p.34: a Disengage ends the activation at once")
g.draw(0)
g.activate(0, 3, face=6)  # Marius, Lumbering
g.ap(0, "Run", refused="p.26: a Lumbering model may never Run")
g.ap(0, "Walk")
RESULTS[g.name] = g.write(turn=1)

# 03 ------------------------------------------------------------------------------------
g = game("03-full-defense", "Full Defense is the defender's, not the active model's")
g.draw(0)
g.activate(0, 2, face=4)  # Noemi: 2 action points
g.ap(0, "Walk")  # into contact with Frokn
g.full_defense(1, 6)  # Frokn forfeits his activation (the defender's choice)
g.ap(0, "Close Combat Attack")  # Noemi still has her second point
g.ev(0, "status", target=1, model=6, value="Stunned", refused="p.35: Full Defense: immune")
g.draw(1)
g.activate(1, 6, face=3, refused="p.35: Frokn's activation ended when he took Full Defense")
g.activate(1, 3, face=3)
g.ap(1, "Walk")
RESULTS[g.name] = g.write(turn=1, models={(1, 6): {"tokens": ["Full Defense"]}})

# 04 ------------------------------------------------------------------------------------
g = game("04-stealth-kept", "Stealth lasts until the model's next activation")
g.draw(0)
g.activate(0, 2, face=4)  # Noemi: 2 action points
g.ap(0, "Sneak")
g.draw(1)
g.activate(1, 6, face=3)
g.ap(1, "Walk")
g.next_turn()
g.draw(0)
g.activate(0, 3, face=3)  # Marius, not Noemi
g.ap(0, "Walk")
RESULTS[g.name] = g.write(turn=2, models={(0, 2): {"tokens": ["Stealth"]}})

# 05 ------------------------------------------------------------------------------------
g = game("05-stealth-lost", "Stealth ends at the next activation or with an attack")
g.draw(0)
g.activate(0, 4, face=6)  # Simon: 3 action points
g.ap(0, "Sneak")
g.ap(0, "Close Combat Attack")  # attacking loses Stealth (p.43)
g.draw(0)
g.activate(0, 2, face=4)  # Noemi
g.ap(0, "Sneak")
g.next_turn()
g.draw(0)
g.activate(0, 2, face=3)  # Noemi's next activation: Stealth gone (p.34)
g.ap(0, "Walk")
RESULTS[g.name] = g.write(turn=2)

# 06 ------------------------------------------------------------------------------------
g = game("06-disengage-fate", "No Fate on the free attacks against a disengaging model")
g.draw(0)
g.activate(0, 3, face=4)  # Marius (not Agile): 2 action points
g.ap(0, "Disengage")
g.ev(1, "spend", target=1, value="Inner Reserve", refused="p.34: no Fate on the free attacks")
g.ev(0, "spend", target=0, value="Hand of Fortune", refused="p.34: no Fate by either player")
g.ev(1, "wound", target=0, model=3)  # a free attack wounds (p.34)
g.draw(1)
g.activate(1, 6, face=3)
g.ev(1, "spend", target=1, value="Inner Reserve")
g.ev(1, "wound", target=0, model=3)
RESULTS[g.name] = g.write(
    turn=1,
    fate=(7, 7),
    exp=(0, 1),
    models={(0, 3): {"status": KILLED, "wounds": 0, "killed_turn": 1}},
)

# 07 ------------------------------------------------------------------------------------
g = game("07-fate-activation", "Winds of Kismet, Cursed Hand, Greater Purpose")
g.draw(0)
g.kismet(1)  # 2 Fate
g.ev(0, "spend", target=0, value="Winds of Kismet", refused="p.9: no Winds to win it back")
g.ev(1, "activate", target=1, model=0)
g.ev(0, "spend", target=0, value="Cursed Hand")
g.ev(1, "roll", face=3)  # 3 +1 hero -1 = 3: 2 action points
g.ap(1, "Charge")
g.draw(0)
g.ev(0, "activate", target=0, model=0)
g.ev(0, "spend", target=0, value="Greater Purpose")
g.ev(0, "roll", face=1)  # 1 +1 hero +1 = 3: 2 action points
g.ev(0, "spend", target=0, value="Greater Purpose", refused="p.9: only before the roll")
g.ap(0, "Charge")
RESULTS[g.name] = g.write(turn=1, fate=(5, 6))

# 08 ------------------------------------------------------------------------------------
g = game("08-fate-resolution-once", "Inner Reserve / Hand of Fortune once per activation")
g.draw(0)
g.activate(0, 4, face=3)
g.ev(0, "spend", target=0, value="Inner Reserve")
g.ev(1, "spend", target=1, value="Inner Reserve")  # either player may (p.10)
g.ev(0, "spend", target=0, value="Hand of Fortune", refused="p.10: once per activation")
g.ev(1, "spend", target=1, value="Hand of Fortune", refused="p.10: once per activation")
g.draw(1)
g.activate(1, 6, face=3)
g.ev(1, "spend", target=1, value="Hand of Fortune")
RESULTS[g.name] = g.write(turn=1, fate=(6, 6))

# 09 ------------------------------------------------------------------------------------
g = game("09-fate-pool-refresh", "The Fate Pool runs out, then refills", sides=(LANTERN, ELVE))
for m in range(5):
    g.draw(1)
    g.activate(1, m, face=3)
    g.ev(1, "spend", target=1, value="Inner Reserve")
g.draw(0)
g.activate(0, 0, face=3)
g.ev(1, "spend", target=1, value="Inner Reserve", refused="p.10: the Fate Pool is empty")
g.next_turn()
RESULTS[g.name] = g.write(turn=2, fate=(6, 5))

# 10 ------------------------------------------------------------------------------------
g = game("10-heroic-impetus", "Heroic Impetus: one free action point for another model")
g.draw(0)
g.activate(0, 0, face=2)  # Caterine: 3, 2 action points
g.ev(0, "impetus", target=0, model=4)  # Simon's free action point
g.ap(0, "Walk")  # Simon walks at once
g.ap(0, "Walk")  # Caterine's own points
g.ap(0, "Ranged Attack")
g.ap(0, "Walk", refused="p.33: Caterine's 2 action points are spent")
g.draw(0)
g.activate(0, 4, face=3)  # impetus is no activation (p.11)
g.ap(0, "Walk")
g.draw(1)
g.activate(1, 6, face=3)
g.ev(1, "impetus", target=1, model=4, refused="p.11: only when the hero is activated")
g.next_turn()
g.draw(0)
g.activate(0, 0, face=3)
g.ev(0, "impetus", target=0, model=2, refused="p.11: once per game")
g.draw(1)
g.activate(1, 0, face=3)
g.ev(1, "impetus", target=1, model=6)
g.ap(1, "Walk")
RESULTS[g.name] = g.write(turn=2, impetus=(1, 1))

# 11 ------------------------------------------------------------------------------------
g = game("11-healer", "The Healer heals another friendly model on 5 or 6", sides=(LANTERN, ELVE))
g.draw(1)
g.activate(1, 0, face=3)
g.ev(1, "wound", target=0, model=2)  # Rupert 1 of 2
g.draw(0)
g.activate(0, 0, face=3)  # Anneviere: 2 action points
g.ap(0, "Heal", target=0, model=0, refused="p.25: another friendly model, not herself")
g.ap(0, "Heal", target=0, model=2, recovery=5)  # healed
g.next_turn()
g.draw(1)
g.activate(1, 1, face=3)
g.ev(1, "wound", target=0, model=2)
g.draw(0)
g.activate(0, 0, face=3)
g.ap(0, "Heal", target=0, model=2, recovery=4)  # 4: not healed (p.26)
g.draw(0)
g.activate(0, 3, face=3)
g.ap(0, "Heal", target=0, model=2, recovery=6, refused="p.25: Sigil is no Healer")
RESULTS[g.name] = g.write(turn=2, models={(0, 2): {"wounds": 1}})

# 12 ------------------------------------------------------------------------------------
g = game("12-tough", "Tough: a 6 turns the wound into Stunned", sides=(LANTERN, ELVE))
g.draw(1)
g.activate(1, 4, face=3)
g.ev(1, "wound", target=0, model=3, recovery=6)  # ignored, Stunned instead (p.29)
g.draw(1)
g.activate(1, 2, face=3)
g.ev(1, "wound", target=0, model=3, recovery=3)  # taken
RESULTS[g.name] = g.write(turn=1, models={(0, 3): {"status": "stunned", "wounds": 1}})

# 13 ------------------------------------------------------------------------------------
g = game("13-stunned", "A Stunned model shakes it off first")
g.draw(1)
g.activate(1, 6, face=3)
g.ev(1, "status", target=0, model=4, value="Stunned")
g.ev(1, "status", target=0, model=2, value="Stunned")
g.draw(0)
g.activate(0, 4, face=4)  # Simon: 2 action points
g.ap(0, "Walk", refused="p.35, p.43: Shake Off first")
g.ap(0, "Shake Off")
g.ap(0, "Walk")
g.next_turn()
RESULTS[g.name] = g.write(turn=2, models={(0, 2): {"status": "stunned"}})

# 14 ------------------------------------------------------------------------------------
g = game("14-rescue-rescued", "Rescue: the Prisoner rescued", encounter="Rescue", kidnapper=1, prisoner=2)
g.aside.add((0, 2))  # the Prisoner's die is set aside (p.47)
g.refill()
g.draw(0)
g.activate(0, 2, face=3, refused="p.47: the Prisoner's die is set aside")
g.activate(0, 4, face=3)
g.ap(0, "Walk")
g.ev(1, "wound", target=0, model=2, refused="p.48: the Prisoner is immune until rescued")
g.ev(0, "status", target=0, model=2, value="Rescued")
g.empty_bag()
g.aside.clear()  # its die joins the bag at this Maintenance Phase (p.48)
g.next_turn()
g.draw(0)
g.activate(0, 2, face=3)  # rescued: activates as normal (p.48)
g.ap(0, "Walk")
for _ in range(5):
    g.next_turn()
RESULTS[g.name] = g.write(turn=6, finished=True, winner=0, exp=(3, 0))

# 15 ------------------------------------------------------------------------------------
g = game(
    "15-rescue-kidnapped",
    "Rescue: the Kidnapper keeps the Prisoner",
    encounter="Rescue",
    kidnapper=1,
    prisoner=2,
)
g.aside.add((0, 2))
g.refill()
g.draw(1)
g.activate(1, 0, face=3)
g.ev(1, "status", target=0, model=2, value="Rescued", refused="p.48: only the Rescuer rescues")
for _ in range(6):
    g.next_turn()
RESULTS[g.name] = g.write(turn=6, finished=True, winner=1, exp=(0, 3))

# 16 ------------------------------------------------------------------------------------
g = game("16-engagement-kills", "Engagement: ExP for kills, Death of a Hero, the Pet")
g.draw(0)
g.activate(0, 0, face=5)
g.ev(0, "wound", target=1, model=0, value=5)  # Raensleyar killed: 3 ExP
g.draw(0)
g.activate(0, 4, face=3)
g.ev(0, "wound", target=1, model=1, value=3)  # Aurat: 2 ExP
g.draw(0)
g.activate(0, 2, face=3)
g.ev(0, "wound", target=1, model=6, value=2)  # Frokn: 1 ExP
g.dead |= {(1, 0), (1, 1), (1, 6)}
g.next_turn(death_of_a_hero_1=2)  # Despair: -1 to activation next turn
g.draw(1)
g.activate(1, 6, face=3, refused="p.32: a killed model's die is lost")
g.activate(1, 4, face=3)  # 3-1 = 2: 1 action point
g.ap(1, "Charge", refused="p.12: Despair, 1 action point")
g.ap(1, "Walk")
g.draw(1)
g.activate(1, 3, face=4)  # Sigrun, Pet of a dead hero: 4-1-2 = 1, 1 action point
g.ap(1, "Charge", refused="p.27: Pet of a dead hero -2, and Despair -1")
for _ in range(3):
    g.next_turn()
g.next_turn()  # into turn 6
g.next_turn(extra_turn=2)  # no extra turn (p.47)
dead = {"status": KILLED, "wounds": 0, "killed_turn": 1}
RESULTS[g.name] = g.write(
    turn=6,
    finished=True,
    winner=0,
    exp=(6, 0),
    models={(1, 0): dead, (1, 1): dead, (1, 6): dead},
)

# 17 ------------------------------------------------------------------------------------
g = game("17-engagement-extra-turn", "Engagement: turn 7 on a 4-6")
for _ in range(5):
    g.next_turn()
g.next_turn(extra_turn=5)  # one more turn
g.next_turn()
RESULTS[g.name] = g.write(turn=7, finished=True, winner=None)

# 18 ------------------------------------------------------------------------------------
g = game("18-dual-wield", "Dual Wield: two combat actions in one activation", sides=(ELVE, NORTHMEN))
g.draw(0)
g.activate(0, 1, face=6)  # Kane: 3 action points
g.ap(0, "Close Combat Attack")
g.ap(0, "Close Combat Attack")  # Dual Wield (p.24)
g.draw(0)
g.activate(0, 0, face=5)  # Lady Eike: 3 action points
g.ap(0, "Close Combat Attack")
g.ap(0, "Close Combat Attack", refused="p.33: one combat action per activation")
RESULTS[g.name] = g.write(turn=1)

# 19 ------------------------------------------------------------------------------------
g = game("19-landmark", "Landmark: 1 ExP a turn for control, six turns", encounter="Landmark")
g.ev(0, "score", target=0, value=1)
g.next_turn()
g.ev(1, "score", target=1, value=1)
g.next_turn()
g.ev(0, "score", target=0, value=1)
for _ in range(3):
    g.next_turn()  # turns 3, 4, 5
g.next_turn(extra_turn=5)  # a d6 recorded at turn 6 changes nothing: no seventh (p.47)
RESULTS[g.name] = g.write(turn=6, finished=True, winner=0, exp=(2, 1))

# 20 ------------------------------------------------------------------------------------
MOUNTED = copy.deepcopy(LANTERN)
_anne = MOUNTED["models"][0]
_anne["rules"] = ["Bastion", "Mounted", "Shield Slam"]
_anne["wounds"] = 6
_anne["stats"]["WO"] = 6
MOUNTED["document"]["models"][0]["traits"] = ["Bastion", "Mounted", "Shield Slam"]
g = game("20-mounted", "Mounted: no Sneak, one more wound", sides=(MOUNTED, ELVE))
g.draw(0)
g.activate(0, 0, face=3)  # 2 action points
g.ap(0, "Sneak", refused="p.27: a Mounted model may not Sneak")
g.ap(0, "Walk")
g.draw(1)
g.activate(1, 0, face=3)
g.ev(1, "wound", target=0, model=0, value=5)  # 6 wounds: still standing
RESULTS[g.name] = g.write(turn=1, models={(0, 0): {"wounds": 1}})


# Written after the first replay, from the book still: more of the areas of issue #40.

# 21 ------------------------------------------------------------------------------------
g = game("21-trait-actions", "Quick-fire and Shield Slam: whose kind", sides=(LANTERN, GHRIM))
g.draw(1)
g.activate(1, 0, face=5)  # Caterine: 6, 3 action points
g.ap(1, "Quick-fire")  # two shots at one target for 2 points: her combat action (p.28)
g.ap(1, "Ranged Attack", refused="p.33: one combat action per activation")
g.draw(0)
g.activate(0, 0, face=5)  # Anneviere: 3 action points
g.ap(0, "Shield Slam")  # a special action, not a combat one (p.28)
g.ap(0, "Close Combat Attack")
g.draw(0)
g.activate(0, 2, face=6)  # Rupert: no Shield Slam trait
g.ap(0, "Shield Slam", refused="p.28: Shield Slam needs the trait")
RESULTS[g.name] = g.write(turn=1)

# 22 ------------------------------------------------------------------------------------
g = game("22-full-defense-ends", "Full Defense: only before activating; gone at Maintenance")
g.draw(0)
g.activate(0, 4, face=3)  # Simon acts
g.ap(0, "Walk")
g.draw(1)
g.activate(1, 6, face=3)
g.ap(1, "Walk")  # Frokn engages Simon, who has activated already
g.ev(0, "token", target=0, model=4, value="Full Defense", refused="p.35: Simon has activated")
g.full_defense(0, 2)  # Noemi, not yet activated, may
g.next_turn()
g.draw(0)
g.activate(0, 2, face=3)  # a new turn: Noemi activates again
RESULTS[g.name] = g.write(turn=2)

# 23 ------------------------------------------------------------------------------------
g = game("23-fate-whose-die", "Fate on the activation die: whose die it must be")
g.draw(0)
g.ev(0, "spend", target=0, value="Winds of Kismet", refused="p.9: Winds answers the opponent's die")
g.ev(1, "spend", target=1, value="Greater Purpose", refused="p.9: Greater Purpose is on your own die")
g.ev(0, "spend", target=0, value="Cursed Hand", refused="p.9: Cursed Hand is on the opponent's die")
g.ev(0, "spend", target=0, value="Inner Reserve", refused="p.10: only after a model has activated")
g.activate(0, 4, face=3)
g.ev(0, "spend", target=0, value="Inner Reserve")
RESULTS[g.name] = g.write(turn=1, fate=(6, 8))

# 24 ------------------------------------------------------------------------------------
g = game("24-vengeance", "Death of a Hero: Vengeance changes no activation roll")
g.ev(0, "status", target=1, model=0, value="Killed")  # Raensleyar
g.dead.add((1, 0))
g.next_turn(death_of_a_hero_1=5)  # Vengeance: +1 to resolution rolls, not activation (p.12)
g.draw(1)
g.activate(1, 4, face=3)  # Botmundr: 3, 2 action points
g.ap(1, "Charge")
RESULTS[g.name] = g.write(
    turn=2, exp=(3, 0), models={(1, 0): {"status": KILLED, "wounds": 0, "killed_turn": 1}}
)


def main() -> None:
    for slug, gm in GAMES.items():
        text = json.dumps(RESULTS[gm.name], indent=1, ensure_ascii=False) + "\n"
        (HERE / f"{slug}.json").write_text(text)


if __name__ == "__main__":
    main()
