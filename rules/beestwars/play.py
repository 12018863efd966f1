"""The rules of play of The Denizens of the Beestwars (pp.4-9).

Tracked: each fighter's status (Ready, Engaged, Stunned, Killed; a Stunned fighter
stunned again is killed, p.6), its actions (pp.5-6: the card's and its two, what its
equipment allows, the recovery roll Muster makes and its result, an Elite fighter's
recovery, p.7), Froth per commander (5 at the start, p.9; +1 for an
enemy fighter killed, +2 for an enemy Hero, p.4; an enemy recovery roll of 16-17, p.6; the
standard's 3, p.8; spent on a charge, p.6, Wallop, p.9, +1 Skill or Might, p.4), who
carries each standard (p.8), and the activation deck (p.4): nine
cards, three each of 3, 4 and 5 actions, shuffled at the start of each turn; the
commander who is not active draws a card for the active one and keeps it hidden; the
active commander learns only whether a fourth, then a fifth action exists; the card is
shown when the activation ends, and the other commander draws next. An empty deck
starts another turn (p.5). The battle ends when one side has no fighter left, or when
the commanders agree (p.9).

Decisions (docs/rules-decisions.md, Beestwars, Play): on one phone the drawer and the
active commander follow the alternation of p.4 whoever taps; with two phones only the
drawer draws and only the active commander asks or ends (``actor``); the first active commander is
``setup["first"]`` (the d6 roll-off of p.9, default side 0).
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from rules.beestwars import play_reference
from rules.beestwars.catalogue import BeestwarsCatalogue
from rules.beestwars.offers import row_offers
from rules.play.base import Done, TablePlay, other, some_names
from rules.play.core import (
    ActionSpec,
    Event,
    ModelState,
    PlayModel,
    Refused,
    Rule,
    Scalar,
    SetupChoice,
    SideIndex,
    Snapshot,
    TableState,
    Trackers,
)

BOOK = "The Denizens of the Beestwars"

#: The activation deck (p.4): three cards each of 3, 4 and 5 actions.
DECK: tuple[int, ...] = (3, 3, 3, 4, 4, 4, 5, 5, 5)
STARTING_FROTH = 5
#: A fighter's actions (pp.5-6): actions spent, kind ("movement", "combat",
#: "recovery"), the status the fighter needs ("ready", "engaged", "stunned"), page. A
#: Wallop fighter's powerful blow takes a point of Froth for its second action (p.9).
FIGHTER_ACTIONS: dict[str, tuple[int, str, str, int]] = {
    "Move": (1, "movement", "ready", 5),
    "Sprint": (1, "movement", "ready", 5),
    "Disengage": (1, "movement", "engaged", 5),
    "Attack": (1, "combat", "engaged", 5),
    "Shieldbash": (1, "combat", "engaged", 6),
    "Powerful Blow": (2, "combat", "engaged", 6),
    "Wallop blow": (1, "combat", "engaged", 9),
    "Ranged Attack": (1, "combat", "ready", 6),
    "Aimed Shot": (2, "combat", "ready", 6),
    "On Guard": (1, "combat", "ready", 6),
    "Charge": (1, "combat", "ready", 6),
    "Recover": (1, "recovery", "stunned", 6),
    "Recover by the standard": (1, "recovery", "stunned", 8),
    "Bodyguard link": (1, "other", "any", 7),
    "Cavalry attack": (2, "combat", "ready", 7),
    "Two Weapons attack": (1, "combat", "engaged", 8),
}
#: Actions only a fighter with the ability takes (p.7, p.9): action -> ability.
ABILITY_ACTIONS = {
    "Wallop blow": "Wallop",
    "Bodyguard link": "Bodyguard",
    "Cavalry attack": "Cavalry",
    "Two Weapons attack": "Two Weapons",
}
#: The fighter's actions the table's Action menu offers: all of them, each row only those
#: its fighter's abilities and equipment allow (rules.beestwars.offers). A Two Weapons
#: attack is the Attack made as two, each at -3 Skill (p.8): one combat action.
OFFERED = list(FIGHTER_ACTIONS)
#: Picking up a fallen standard (p.8): an action of a fighter who is not Stunned, given
#: by the ``standard`` event when it names the fighter (``model``).
PICK_UP = "Pick up the standard"
OTHER_ACTIONS: dict[str, tuple[int, str, str, int]] = {PICK_UP: (1, "other", "any", 8)}
#: ``public`` keys, in words the table's status line reads: the standard each fighter
#: carries ({owner side: {"side", "model"}}, p.8), the standards the enemy has held
#: ({owner side: True}: taking it back from the ground takes 3 Froth back, p.8), and the
#: fighter whose next action is free after a recovery roll of 3 ({"side", "model"}, p.6).
CARRIERS, TAKEN, FREE = "standard_carried_by", "standard_taken", "free_action"
#: The recovery roll (p.6): 3d6, recorded in an ``act`` "Recover" event's outcome.
ROLL = "roll"
#: Actions that need a ranged weapon, and the one that needs a shield (p.6).
RANGED = ("Ranged Attack", "Aimed Shot")
SHIELDED = ("Shieldbash",)
STANDARD_FROTH = 3
FROTH = "Froth"

#: Where the book is unclear at the table, and what Muster does (docs/rules-decisions.md).
DECISIONS = [
    Rule(
        name="Froth uses",
        page=4,
        summary="The book names no re-roll bought with Froth; Muster offers Charge (p.6), "
        "Wallop (p.9), +1 Skill, +1 Might (p.4) and a Skirmisher's follow-up (p.8).",
    ),
    Rule(
        name="Who draws",
        page=4,
        summary="Draws follow the book's alternation whoever taps: the commander who just "
        "finished draws next; the first draw is the first Active Commander's opponent's (p.9).",
    ),
    Rule(
        name="Froth for any kill",
        page=4,
        summary="The opposing commander gains the Froth whatever killed the "
        "fighter, a recovery roll of 18 included (p.6).",
    ),
    Rule(
        name="The recovery roll",
        page=6,
        summary="The table's middle rows lost their numbers: 6 up to the fighter's Skill "
        "recovers, above it stays Stunned (a Skill check, p.4). Muster rolls the 3d6.",
    ),
    Rule(
        name="Charge",
        page=5,
        summary="A Charge is one of the Combat Actions (p.5): one of the card's actions and the "
        "fighter's combat action, and it costs a point of Froth besides (p.6).",
    ),
    Rule(
        name="Turns",
        page=5,
        summary="A turn is one pass through the deck: an empty deck is shuffled and the turn number goes up.",
    ),
    Rule(
        name="Stunned twice",
        page=6,
        summary="Stunned given to a fighter still Stunned (not recovered) kills it.",
    ),
    Rule(
        name="The standard",
        page=8,
        summary="Its own fallen standard costs a side nothing; the enemy takes 3 Froth or "
        "all there is, taking it back takes 3 back. Its carrier drops it when killed.",
    ),
    Rule(
        name="Winner",
        page=9,
        summary="No Victory Points in this book: a side with no fighter left loses at once; "
        "otherwise the commanders name the winner.",
    ),
]

TRACKERS = Trackers(
    statuses=[
        Rule(name="Ready", page=4, summary="Able to act: the normal status."),
        Rule(name="Engaged", page=4, summary="In base contact with an enemy fighter."),
        Rule(
            name="Stunned",
            page=4,
            summary="Can only try to recover (an action and 3d6, p.6); attacks on it get +2 Skill. "
            "Stunned again: killed (p.6).",
        ),
        Rule(name="Killed", page=4, summary="Out of the battle."),
    ],
    resources=[
        Rule(
            name=FROTH,
            page=4,
            summary="Each commander starts with 5; +1 for an enemy fighter killed, +2 for an enemy Hero.",
        )
    ],
    actions=[
        ActionSpec(
            name="status",
            label="Status",
            scope="model",
            page=4,
            summary="Set the fighter's status.",
            values=["Ready", "Engaged", "Stunned", "Killed"],
        ),
        ActionSpec(
            name="spend",
            label="Spend Froth",
            scope="side",
            page=4,
            summary="Spend Froth on a charge, a Wallop, +1 Skill or +1 Might, or a Skirmisher's follow-up.",
            values=["Charge", "Wallop", "+1 Skill", "+1 Might", "Skirmisher follow-up"],
            cost={FROTH: 1},
            resource=FROTH,
        ),
        ActionSpec(
            name="act",
            label="Action",
            scope="model",
            page=5,
            summary="The active commander gives the fighter an action: up to two per fighter, "
            "one of them a combat action, out of the card's.",
            values=list(OFFERED),
            amounts={k: v[0] for k, v in FIGHTER_ACTIONS.items()},
        ),
        ActionSpec(
            name="gain",
            label="Gain Froth",
            scope="side",
            page=6,
            summary="An enemy fighter rolled 16 or 17 trying to recover: its foes gain a point of Froth.",
            values=["Enemy recovery roll of 16 or 17"],
            resource=FROTH,
        ),
        ActionSpec(
            name="standard",
            label="Pick up a standard",
            scope="side",
            page=8,
            summary="A fallen standard picked up by the enemy takes 3 Froth (or all) from its side; "
            "taking it back takes 3 back.",
        ),
        ActionSpec(
            name="draw",
            label="Draw a card",
            scope="game",
            page=4,
            summary="The commander who is not active draws an activation card for the other, unseen.",
        ),
        ActionSpec(
            name="ask",
            label="Another action?",
            scope="game",
            page=4,
            summary="After three actions, ask whether a fourth exists; after four, a fifth.",
        ),
        ActionSpec(
            name="done",
            label="End activation",
            scope="game",
            page=4,
            summary="The activation ends: the card is shown and discarded.",
        ),
        ActionSpec(
            name="end",
            label="End the battle",
            scope="game",
            page=9,
            summary="The commanders agree that one side has won.",
        ),
    ],
    end=Rule(
        name="End of the battle",
        page=9,
        summary="The battle goes on until one side has no fighter left, or both commanders agree who won.",
    ),
    decisions=DECISIONS,
)


def play_models(document: Any, report: Any) -> list[PlayModel]:
    """Beestwars fighters for the table from an evaluated roster (``report`` a
    :class:`rules.report.Report`): profile as role, "hero" and "standard" tags, the
    printed stats, the abilities' names. Source: pp.3, 8, 11."""
    out = []
    for m in report.models:
        d = m.derived
        names = [a["name"] for a in d.get("abilities", [])]
        tags = [t for t, on in (("hero", d.get("hero")), ("standard", "Standard" in names)) if on]
        stats: dict[str, Scalar] = {}
        for key, label in (
            ("skill", "Sk"),
            ("might", "Mt"),
            ("toughness", "T"),
            ("movement", "Ma"),
            ("defense", "D"),
        ):
            stat = d.get("stats", {}).get(key) or {}
            stats[label] = stat.get("text") if key == "might" else stat.get("value")
        out.append(
            PlayModel(name=m.name, role=str(d.get("profile") or ""), tags=tags, stats=stats, rules=names)
        )
    return out


class BeestwarsPlay(TablePlay):
    """The rules of play of The Denizens of the Beestwars, pp.4-9 (see the module)."""

    system_id = "beestwars"
    book = BOOK
    stat_order = ("Sk", "Mt", "T", "Ma", "D")
    trackers = TRACKERS
    wound_word = ""
    public_labels = {"used_actions": "Actions used"}
    reference = play_reference.REFERENCE

    def models(self, document: Any, report: Any) -> list[PlayModel]:
        """The models for the table from an evaluated roster: :func:`play_models`."""
        return play_models(document, report)

    def starting_resources(self, snapshot: Snapshot, side: int) -> dict[str, int]:
        """Five Froth each (pp.4, 9)."""
        return {FROTH: STARTING_FROTH}

    def set_up(self, state: TableState, snapshot: Snapshot) -> None:
        """The deck shuffled for turn 1; the first draw is the opponent's of the first
        active commander (p.9)."""
        first = snapshot.setup.get("first", 0)
        nxt: SideIndex = 1 if str(first) == "1" else 0
        state.active = None
        state.phase = "draw"
        state.public = {
            "deck": {"size": len(DECK), "left": len(DECK), "discard": []},
            "next_active": nxt,
            "drawer": other(nxt),
            "known_actions": None,
            "used_actions": 0,
            "actions": [],
            "standard": {},
        }

    @staticmethod
    def side_name(state: TableState, side: int) -> str:
        """A side's name for the log; two warbands of one name (a list played mirror) are
        told apart by their players, else by their place (p.8's standard changes hands
        between them: "Stone Hoof's raiders (side 2)")."""
        a, b = state.sides
        name = state.sides[side].name
        if a.name.strip().lower() != b.name.strip().lower():
            return name
        player = state.sides[side].player.strip()
        if player and a.player.strip().lower() != b.player.strip().lower():
            return f"{name} ({player})"
        return f"{name} (side {side + 1})"

    @classmethod
    def result(cls, state: TableState) -> str:
        """The result in words, the winner told apart from a warband of the same name."""
        return "a draw" if state.winner is None else f"{cls.side_name(state, state.winner)} wins"

    # --- the deck -------------------------------------------------------------------

    @staticmethod
    def held(state: TableState) -> tuple[str, dict[str, Any]] | None:
        """The card in play: (drawer side key, {"card", "event"}), or None."""
        for k, v in state.hidden.items():
            if isinstance(v, dict) and "card" in v:
                return k, v
        return None

    def remaining(self, state: TableState) -> list[int]:
        """The cards still in the deck: all nine less those discarded and the one in play."""
        left = Counter(DECK)
        left.subtract(state.public["deck"]["discard"])
        held = self.held(state)
        if held is not None:
            left.subtract([held[1]["card"]])
        return sorted(left.elements())

    def setup_choices(self) -> list[SetupChoice]:
        """Who is the first Active Commander: each commander rolls 1d6, the highest
        decides (p.9); Muster rolls it, or the players say who won the roll."""
        return [
            SetupChoice(
                key="first",
                label="First Active Commander",
                values=["0", "1"],
                summary="Each commander rolls 1d6; the highest decides who begins as Active Commander.",
                page=9,
            )
        ]

    def roll_setup(self, key: str, chosen: dict[str, Scalar], rng: random.Random) -> dict[str, Scalar]:
        """The d6 roll-off of p.9, again on a tie; the winner begins (a commander who would
        rather draw first is free to say so: the players may choose instead)."""
        while True:
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            if a != b:
                return {"first": 0 if a > b else 1, "first_rolls": f"{a} v {b}"}

    def decide_draw(self, state: TableState, event: Event, rng: random.Random) -> dict[str, Scalar]:
        """A draw takes one card uniformly from what is left in the deck (p.4)."""
        if event.action != "draw" or state.finished:
            return {}
        cards = self.remaining(state)
        if not cards or self.held(state) is not None or "next_active" not in state.public:
            return {}
        # The drawer is recorded with the card: on replay the card stays with the side that
        # drew it, never with whoever the replayed state would have draw (issue 29).
        return {"card": rng.choice(cards), "drawer": other(state.public["next_active"])}

    def act_draw(self, state: TableState, event: Event) -> Done:
        """The commander who is not active draws a card for the other (p.4); only the
        drawer sees it (``hidden``)."""
        if self.held(state) is not None:
            raise Refused("a card is already in play: end the activation first (p.4)")
        card = event.outcome.get("card")
        if card not in self.remaining(state) or isinstance(card, bool):
            raise Refused("this draw has no card recorded from the deck")
        active: SideIndex = state.public["next_active"]
        drawer = other(active)
        recorded = event.outcome.get("drawer", drawer)
        if recorded != drawer:
            by = self.side_name(state, 1 if recorded == 1 else 0)
            raise Refused(f"this card was drawn by {by}'s commander, not now")
        state.hidden[str(drawer)] = {"card": card, "event": event.id}
        state.active = active
        state.phase = "activation"
        state.public["deck"]["left"] -= 1
        state.public["known_actions"] = 3
        name = self.side_name(state, active)
        return (
            f"{self.side_name(state, drawer)} draws an activation card for {name}: at least 3 actions",
            None,
            None,
        )

    def actor(self, state: TableState, event: Event) -> tuple[SideIndex, str] | None:
        """With two phones: the commander who is not active draws the card; the active
        commander asks for another action and ends the activation (p.4); each commander
        spends their own Froth and gives their own fighters' actions (TablePlay.actor,
        OWN_CHOICES)."""
        held = self.held(state)
        if event.action == "draw" and held is None and "next_active" in state.public:
            drawer = other(state.public["next_active"])
            return drawer, f"{self.side_name(state, drawer)}'s commander draws this card (p.4)"
        if event.action in ("ask", "done") and held is not None and state.active is not None:
            active = state.active
            name = self.side_name(state, active)
            return active, f"only {name}'s commander, who is active, asks or ends it (p.4)"
        return super().actor(state, event)

    def on_spend(self, state: TableState, side: SideIndex, use: str) -> int | None:
        """A Charge (p.6) and a Wallop's powerful blow (p.9) are actions of a fighter of
        the active commander, during the activation: not by the other commander, and not
        once the card has said there is no further action (p.4). +1 Skill or Might and a
        Skirmisher's follow-up may be bought by either commander at any time (pp.4, 8)."""
        if use not in ("Charge", "Wallop"):
            return None
        page = 6 if use == "Charge" else 9
        if self.held(state) is None or state.active is None:
            raise Refused(f"{use} is an action during an activation, and no activation is under way (p.4)")
        if state.active != side:
            name = self.side_name(state, state.active)
            raise Refused(
                f"{use} is an action of the active commander's fighter: {name} is active (p.{page})"
            )
        return page

    def on_gain(self, state: TableState, side: SideIndex, why: str) -> int | None:
        """An enemy recovery roll of 16 or 17 needs an enemy fighter who is Stunned: only
        a Stunned fighter rolls to recover (p.6)."""
        foe = state.sides[other(side)]
        if not any(m.status == "stunned" for m in foe.models):
            name = self.side_name(state, other(side))
            raise Refused(f"no fighter of {name} is Stunned: only a Stunned fighter rolls to recover (p.6)")
        return 6

    def usable(self, state: TableState, side: SideIndex, action: str, value: str) -> bool:
        """A Wallop's Froth is taken by its fighter's "Wallop blow" action (p.9) and a
        Charge's by its fighter's "Charge" (p.6), both in the Action menu, so the Spend
        Froth menu no longer offers them (older logs' spends still replay)."""
        return not (action == "spend" and value in ("Wallop", "Charge"))

    def row_offers(self, state: TableState, side: int, model: ModelState) -> list[Any]:
        """What ``model``'s row offers now (rules.beestwars.offers)."""
        return row_offers(self, state, side, model)

    def model_offers(self, model: ModelState, action: str, value: str) -> bool:
        """Whether ``model``'s Action menu lists the fighter's action ``value``: what its
        abilities and equipment allow (pp.6-9, as :meth:`act_refusal`); every one where
        Muster does not know its equipment (a typed or supplement fighter)."""
        if action != "act":
            return True
        ability = ABILITY_ACTIONS.get(value)
        if ability is not None and not any(r.lower() == ability.lower() for r in model.rules):
            return False
        carried = equipment(model.role)
        if carried is None:
            return True
        if value in SHIELDED:
            return "shield" in carried.lower()
        if value in RANGED:
            return "bow" in carried.lower() or any(r.lower() == "ranged weapon" for r in model.rules)
        return True

    def offered(self, state: TableState, action: str) -> bool:
        """A draw while no card is in play; asking and ending while one is (p.4)."""
        held = self.held(state) is not None
        if action == "draw":
            return not held and not state.finished
        if action in ("ask", "done"):
            return held
        return True

    def stands(self, event: Event) -> str | None:
        """A draw stands (PlayRules.stands), and so does what told the table about its
        card: an answer to "another action?" and the end of an activation, which shows
        the card (p.4). Undone, the card's value would be known and the card still in
        play."""
        if event.action in ("ask", "done"):
            return "this answer told the table about the card: it stands (p.4)"
        return super().stands(event)

    def act_refusal(
        self, state: TableState, side: SideIndex, model: ModelState, name: str, roll: Scalar = None
    ) -> str | None:
        """Why ``model`` of ``side`` cannot take the action ``name`` of
        :data:`FIGHTER_ACTIONS` (or :data:`OTHER_ACTIONS`) now, or None: no card in play or
        another commander active (p.4); more actions than the card is known to give, ask
        first (p.4); a third action for the fighter, or a second combat action (p.5; an
        Elite fighter's successful recovery and a recovery rolled 3-5 are not among its
        two, pp.6-7); a Sprint with another movement or a Charge (p.5); the fighter's status
        (a Stunned fighter only recovers, p.4; only an engaged one disengages, attacks,
        shieldbashes or lands a powerful blow; only a ready one moves, sprints, charges or
        shoots, pp.5-6); what its equipment allows (a Shieldbash needs a shield, a Ranged
        Attack or Aimed Shot a ranged weapon, p.6: :func:`equipment`); a Charge or a
        Wallop blow without a point of Froth (pp.6, 9); a Wallop blow, a Bodyguard link or
        a Cavalry attack without the ability (pp.7, 9: :data:`ABILITY_ACTIONS`); a
        recovery by the standard when the side's standard is not in its hands (p.8).
        ``roll`` the recovery roll recorded with the event, if any."""
        cost, kind, needs, page = action_spec(name)
        pub = state.public
        if self.held(state) is None or state.active is None:
            return "no activation is under way: draw a card first (p.4)"
        if state.active != side:
            name = self.side_name(state, state.active)
            return f"{name}'s commander is active: only their fighters act (p.4)"
        if model.killed:
            return f"{model.name} is killed"
        free = pub.get(FREE, {}).get("model") == model.index and kind != "recovery"
        mine = [action_spec(a) for i, a in pub.get("actions", []) if i == model.index]
        if not free and sum(c for c, *_ in mine) + cost > 2:
            return f"{model.name} has had its two actions this activation (p.5)"
        if kind == "combat" and any(k == "combat" for _, k, *_ in mine):
            return f"{model.name} has made its combat action this activation (p.5)"
        done = [a for i, a in pub.get("actions", []) if i == model.index]
        moved = [a for a in done if action_spec(a)[1] == "movement"]
        if kind == "movement" and moved and ("Sprint" in moved or name == "Sprint"):
            return "a Sprint is not combined with a second movement action (p.5)"
        if (name == "Charge" and "Sprint" in done) or (name == "Sprint" and "Charge" in done):
            return "a Sprint is not combined with a Charge (p.5)"
        if model.status == "stunned" and needs != "stunned":
            return f"{model.name} is Stunned: it can only try to recover (p.4)"
        if needs != "any" and model.status != needs:
            article = "an" if needs == "engaged" else "a"
            return f"{name} is for {article} {needs} fighter; {model.name} is {model.status} (p.{page})"
        ability = ABILITY_ACTIONS.get(name)
        if ability is not None and not any(r.lower() == ability.lower() for r in model.rules):
            return f"{model.name} has no {ability} ability (p.{page})"
        carried = equipment(model.role)
        if name in SHIELDED and carried is not None and "shield" not in carried.lower():
            return f"{name} needs a shield; {model.name} carries {carried} (p.{page})"
        if (
            name in RANGED
            and carried is not None
            and not any(r.lower() == "ranged weapon" for r in model.rules)
            and "bow" not in carried.lower()
        ):
            return f"{name} needs a ranged weapon; {model.name} carries {carried} (p.{page})"
        used, known = int(pub.get("used_actions", 0)), int(pub["known_actions"] or 0)
        if not free and used + cost > known:
            if known >= 5:
                return "five actions is the most a card gives (p.4)"
            return (
                f"{used} of the {known} actions known are used: ask whether there is a "
                f"{ordinal(known + 1)} action first (p.4)"
            )
        if name in ("Wallop blow", "Charge") and state.sides[side].resources.get(FROTH, 0) < 1:
            return f"{self.side_name(state, side)} has no Froth for {article_of(name)} {name} (p.{page})"
        if name == "Recover by the standard" and not self.holds_standard(state, side):
            return f"{self.side_name(state, side)} has no standard in its hands to recover by (p.8)"
        if name == "Recover" and roll is not None and (isinstance(roll, bool) or roll not in range(3, 19)):
            return f"{roll!r} is no roll of 3d6 (p.6)"
        return None

    def act_act(self, state: TableState, event: Event) -> Done:
        """One action of the active commander's fighter, counted against the card and the
        fighter's two (pp.4-6): refused as :meth:`act_refusal` says. A Charge (p.6) and a
        Wallop blow (p.9) take a point of Froth; a recovery applies its roll
        (:meth:`recover`), by the standard it succeeds without one (p.8)."""
        side, model = self.model_of(state, event)
        name = self.choice(event, list(FIGHTER_ACTIONS), "fighter's action")
        roll = event.outcome.get(ROLL) if name == "Recover" else None
        why = self.act_refusal(state, side, model, name, roll)
        if why:
            raise Refused(why)
        cost, kind, _needs, page = FIGHTER_ACTIONS[name]
        pub = state.public
        free = (pub.pop(FREE, None) or {}).get("model") == model.index and kind != "recovery"
        card_cost, fighter_cost, said = cost, cost, ""
        if free:
            card_cost, fighter_cost, said = 0, 0, "; the free action of a recovery rolled 3"
        if kind == "recovery":
            card_cost, fighter_cost, said = self.recover(state, side, model, name, roll)
        if fighter_cost:
            pub["actions"] = [*pub.get("actions", []), [model.index, name]]
        pub["used_actions"] = int(pub.get("used_actions", 0)) + card_cost
        if name in ("Wallop blow", "Charge"):
            state.sides[side].resources[FROTH] -= 1
            what = "the second action" if name == "Wallop blow" else "the Charge"
            self.notice(state, f"{self.side_name(state, side)} spends a point of Froth for {what}", page)
        plural = "" if card_cost == 1 else "s"
        count = f"{card_cost} action{plural}; {pub['used_actions']} of the card's used"
        return f"{model.name}: {name}{said} ({count})", page, None

    def recover(
        self, state: TableState, side: SideIndex, model: ModelState, name: str, roll: Scalar
    ) -> tuple[int, int, str]:
        """A recovery (p.6) and what it costs: (the card's actions, the fighter's, the
        words for the log). By the standard (p.8) the fighter recovers without a roll.
        Otherwise the 3d6 ``roll``: 3 recovers, the action not spent, and the fighter
        may take an immediate free action; 4-5 recovers, the action not spent; up to the
        fighter's Skill it recovers (docs/rules-decisions.md: the transcription lost the
        table's middle rows); above it the fighter stays Stunned, and 16-17 give the
        enemy commander a point of Froth; 18 kills it. An Elite fighter's (a Hero's, p.8)
        successful recovery is not one of its two actions (p.7). Without a roll (older
        logs), or a roll of 6-15 for a fighter whose Skill is unknown, the players set
        the status."""
        elite = any(r.lower() in ("elite", "hero") for r in model.rules) or "hero" in model.tags
        if name == "Recover by the standard":
            model.status = "ready"
            return 1, 0 if elite else 1, ": recovers by the standard, no roll"
        if not isinstance(roll, int):
            return 1, 1, ""
        skill = model.stats.get("Sk")
        foe = other(side)
        if roll == 18:
            self.kill(state, side, model, "a recovery roll of 18 (p.6)")
            return 1, 1, f" (rolled {roll}: succumbs to its wounds)"
        if roll in (16, 17):
            state.sides[foe].resources[FROTH] = state.sides[foe].resources.get(FROTH, 0) + 1
            name = self.side_name(state, foe)
            self.notice(state, f"{name} gains 1 Froth: an enemy recovery roll of {roll}", 6)
            return 1, 1, f" (rolled {roll}: still Stunned)"
        if roll <= 5:
            model.status = "ready"
            if roll == 3:
                state.public[FREE] = {"side": side, "model": model.index}
                self.notice(state, f"{model.name} may take an immediate free action", 6)
            return 0, 0, f" (rolled {roll}: recovers, the action not spent)"
        if isinstance(skill, int) and not isinstance(skill, bool):
            if roll <= skill:
                model.status = "ready"
                return 1, 0 if elite else 1, f" (rolled {roll}: recovers)"
            return 1, 1, f" (rolled {roll}: still Stunned)"
        return 1, 1, f" (rolled {roll}: against its Skill, the players say)"

    def holds_standard(self, state: TableState, side: SideIndex) -> bool:
        """Whether ``side``'s standard is in its own hands: its bearer (tagged "standard")
        alive and the standard neither fallen nor taken (p.8), or one of its fighters
        picked it up again."""
        where = state.public.get("standard", {}).get(str(side))
        if where == "fallen" or where == str(other(side)):
            return False
        if where == str(side):
            return True
        return any("standard" in m.tags and not m.killed for m in state.sides[side].models)

    def decide(self, state: TableState, event: Event, rng: random.Random) -> dict[str, Scalar]:
        """A draw takes one card uniformly from what is left in the deck (p.4); a fighter's
        recovery rolls 3d6 (p.6)."""
        if event.action == "act" and not state.finished:
            if str(event.value or "").strip().lower() == "recover":
                return {ROLL: sum(rng.randint(1, 6) for _ in range(3))}
            return {}
        return self.decide_draw(state, event, rng)

    def act_ask(self, state: TableState, event: Event) -> Done:
        """ "Do I have a fourth action?", then a fifth (p.4): the answer only. A "no"
        ends the activation and shows the card."""
        held = self.held(state)
        if held is None:
            raise Refused("no activation card is in play (p.4)")
        known = state.public["known_actions"]
        if known >= 5:
            raise Refused("five actions is the most a card gives (p.4)")
        card = held[1]["card"]
        asked = known + 1
        if card >= asked:
            state.public["known_actions"] = asked
            return f"A {ordinal(asked)} action? Yes", None, None
        text = f"A {ordinal(asked)} action? No"
        self.reveal(state, text)
        return f"{text}: the card was {card}", None, None

    def act_done(self, state: TableState, event: Event) -> Done:
        """The active commander is done: the card is shown and discarded (p.4)."""
        held = self.held(state)
        if held is None:
            raise Refused("no activation card is in play (p.4)")
        card = held[1]["card"]
        self.reveal(state, "The activation ends")
        return f"The activation ends: the card was {card}", None, None

    def reveal(self, state: TableState, why: str) -> None:
        """Show and discard the card; the commander who acted draws next; an empty deck
        is shuffled and another turn starts (pp.4-5)."""
        held = self.held(state)
        assert held is not None
        key, value = held
        del state.hidden[key]
        deck = state.public["deck"]
        deck["discard"].append(value["card"])
        acted = state.active if state.active is not None else other(int(key))
        state.public["next_active"] = other(acted)
        state.public["drawer"] = acted
        state.public["known_actions"] = None
        state.public["used_actions"] = 0
        state.public["actions"] = []
        state.public.pop(FREE, None)
        state.active = None
        state.phase = "draw"
        if deck["left"] == 0:
            state.turn += 1
            deck["left"] = len(DECK)
            deck["discard"] = []
            self.notice(state, f"The deck is exhausted: shuffled, turn {state.turn} begins", 5)

    def hides(self, state: TableState, event: Event, viewer: SideIndex | None) -> bool:
        """A draw's card stays with the drawer until the activation ends (p.4)."""
        held = self.held(state)
        return (
            event.action == "draw"
            and held is not None
            and held[1].get("event") == event.id
            and (viewer is None or str(viewer) != held[0])
        )

    # --- statuses, kills, Froth ----------------------------------------------------------

    def act_status(self, state: TableState, event: Event) -> Done:
        """Set a fighter's status; Stunned on a Stunned fighter kills it (p.6)."""
        side, model = self.model_of(state, event)
        if model.status == "stunned" and str(event.value or "").strip().lower() == "stunned":
            self.kill(state, side, model, "stunned again (p.6)")
            return f"{model.name}: Stunned again", 6, None
        return super().act_status(state, event)

    def on_kill(self, state: TableState, side: SideIndex, model: ModelState) -> None:
        """The enemy commander gains 1 Froth, 2 for a Hero (p.4); a killed standard
        bearer, or a fighter who picked a standard up, drops it (p.8); a side with no
        fighter left loses (p.9)."""
        foe = other(side)
        gain = 2 if "hero" in model.tags else 1
        state.sides[foe].resources[FROTH] = state.sides[foe].resources.get(FROTH, 0) + gain
        what = "a Hero" if gain == 2 else "a fighter"
        self.notice(state, f"{self.side_name(state, foe)} gains {gain} Froth for killing {what}", 4)
        if "standard" in model.tags and str(side) not in state.public["standard"]:
            state.public["standard"][str(side)] = "fallen"
            self.notice(state, f"{self.side_name(state, side)}'s standard falls", 8)
        carriers = state.public.get(CARRIERS, {})
        for owner, carrier in list(carriers.items()):
            holder, index = carrier["side"], carrier["model"]
            if holder == side and index == model.index:
                del carriers[owner]
                state.public["standard"][owner] = "fallen"
                self.notice(state, f"{self.side_name(state, int(owner))}'s standard falls", 8)
        if not carriers:
            state.public.pop(CARRIERS, None)
        if all(m.killed for m in state.sides[side].models):
            state.finished = True
            state.winner = foe
            loser, winner = self.side_name(state, side), self.side_name(state, foe)
            self.notice(state, f"{loser} has no fighter left: {winner} wins", 9)

    def act_standard(self, state: TableState, event: Event) -> Done:
        """A side (``target``, else the side that tapped) picks up a standard (p.8):
        the enemy's fallen standard takes 3 Froth (or all they have) from the enemy;
        its own fallen standard costs nothing, unless the enemy had taken it: then 3 Froth
        (or all there is) come back. With ``model`` the fighter who picks it up: an action
        of the active commander's fighter (a fighter not Stunned, counted against the card
        and its two, p.8 and p.5); it carries the standard, which falls again when it is
        killed, and a fighter taking up its own side's standard becomes its bearer. Without
        ``model`` (older logs) the side picks it up outside the card's count, and may take
        its standard back from the enemy at any time."""
        taker, side = self.side_of(state, event)
        foe = other(taker)
        pub = state.public
        standards = pub["standard"]
        carriers: dict[str, dict[str, int]] = dict(pub.get(CARRIERS, {}))
        lost: dict[str, bool] = dict(pub.get(TAKEN, {}))
        owner: SideIndex
        giver: SideIndex | None
        if standards.get(str(foe)) == "fallen":
            owner, giver = foe, foe
        elif standards.get(str(taker)) == "fallen":
            owner, giver = taker, (foe if lost.get(str(taker)) else None)
        elif standards.get(str(taker)) == str(foe) and str(taker) not in carriers:
            owner, giver = taker, foe
        elif standards.get(str(taker)) == str(foe):
            holder = state.sides[foe].models[carriers[str(taker)]["model"]]
            raise Refused(f"{holder.name} holds the standard: it falls only when its carrier is killed (p.8)")
        else:
            raise Refused(f"no fallen standard for {self.side_name(state, taker)} to pick up (p.8)")
        fighter = None
        if event.model is not None:
            _taker, fighter = self.model_of(state, event)
            why = self.act_refusal(state, taker, fighter, PICK_UP)
            if why:
                raise Refused(why)
        standards[str(owner)] = str(taker)
        carriers.pop(str(owner), None)
        if fighter is not None:
            carriers[str(owner)] = {"side": taker, "model": fighter.index}
            if (pub.pop(FREE, None) or {}).get("model") != fighter.index:
                pub["actions"] = [*pub.get("actions", []), [fighter.index, PICK_UP]]
                pub["used_actions"] = int(pub.get("used_actions", 0)) + 1
            if owner == taker and not any(r.lower() == "standard" for r in fighter.rules):
                fighter.rules.append("Standard")
        if owner == foe:
            lost[str(owner)] = True
        else:
            lost.pop(str(owner), None)
        for key, value in ((CARRIERS, carriers), (TAKEN, lost)):
            if value:
                pub[key] = value
            else:
                pub.pop(key, None)
        name = self.side_name(state, taker)
        who = f"{fighter.name} of {name}" if fighter is not None else name
        if giver is None:
            return f"{who} picks up its own standard", 8, None
        have = state.sides[giver].resources.get(FROTH, 0)
        n = min(STANDARD_FROTH, have)
        state.sides[giver].resources[FROTH] = have - n
        side.resources[FROTH] = side.resources.get(FROTH, 0) + n
        whose = "its own" if owner == taker else f"{self.side_name(state, owner)}'s"
        return f"{who} picks up {whose} standard: {n} Froth from {self.side_name(state, giver)}", 8, None

    def winner_refusal(self, winner: Scalar) -> str | None:
        """The commanders agree who won (p.9): an end names the winning side."""
        if winner is None:
            return "name the side the commanders agree has won (p.9)"
        return super().winner_refusal(winner)

    def unfinished(self, state: TableState, event: Event) -> list[tuple[SideIndex, str]]:
        """Ending the activation while the card is known to give more actions than were
        taken (p.4): the actions left, and the active commander's fighters that have not
        acted, are said and asked about first."""
        held = self.held(state)
        if event.action != "done" or held is None or state.active is None:
            return []
        pub = state.public
        used, known = int(pub.get("used_actions", 0)), int(pub.get("known_actions") or 0)
        if used >= known:
            return []
        side: SideIndex = state.active
        left = known - used
        said = f"{left} of the card's {known} known actions left"
        acted = {int(a[0]) for a in pub.get("actions", []) if isinstance(a, list) and a}
        idle = [m.name for m in state.sides[side].models if not m.killed and m.index not in acted]
        if idle:
            verb = "has" if len(idle) == 1 else "have"
            said += f"; {some_names(idle)} {verb} not acted"
        return [(side, said)]


def action_spec(name: str) -> tuple[int, str, str, int]:
    """A fighter's action as (actions, kind, status needed, page): :data:`FIGHTER_ACTIONS`
    or :data:`OTHER_ACTIONS`."""
    return FIGHTER_ACTIONS.get(name) or OTHER_ACTIONS[name]


def article_of(name: str) -> str:
    """ "a" or "an" before ``name``."""
    return "an" if name[:1].lower() in "aeiou" else "a"


@functools.cache
def _catalogue() -> BeestwarsCatalogue | None:
    """The reviewed rules data (fixtures/beestwars.json), or None when it cannot be read."""
    path = Path(__file__).resolve().parents[2] / "fixtures" / "beestwars.json"
    try:
        return BeestwarsCatalogue.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return None


def equipment(role: str) -> str | None:
    """The equipment printed for the profile ``role`` (p.11: "Sword and Shield", "Bow"),
    or None when the profile is unknown (a typed fighter, a supplement's): Muster then
    cannot check what its weapons allow and leaves it to the players."""
    catalogue = _catalogue()
    profile = catalogue.profile(role) if catalogue is not None and role else None
    return profile.equipment if profile is not None else None


def ordinal(n: int) -> str:
    """4 -> "fourth", 5 -> "fifth"."""
    return {4: "fourth", 5: "fifth"}.get(n, f"{n}th")


PLAY = BeestwarsPlay()
