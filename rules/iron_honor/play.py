"""The rules of play of Iron & Honor (pp.6-12, 31-32, 43, 46-48).

Tracked: each model's Wounds left (its evaluated WO, p.12) and Stunned (p.43); the
Fate Pool per player (pp.9-10, 17), spent on its named uses (Winds of Kismet 2,
Greater Purpose 1, Cursed Hand 1, Inner Reserve 1, Hand of Fortune 1; the traits Drain
p.24, Healer p.25, Slayer p.28 and Tough p.29 for 1) and refilled at the Maintenance
Phase (pp.10, 32); the activation dice bag (pp.6-7, 31-32): one die per model, a draw
says whose die came out, Winds of Kismet puts it back and takes one of the spender's
own (p.9), the main phase ends when the bag is empty, and at the Maintenance Phase the
killed models' dice are set aside (p.32); Heroic Impetus once per game (p.11); Death of
a Hero rolled at the Maintenance Phase of the turn the hero fell (p.12); the encounter
chosen at set-up (pp.46-48) with its length (six turns; Engagement may add a seventh) and
Engagement's ExP for kills (hero 3, companion 2, follower 1, p.47) as Victory Points;
Rescue's roles (Kidnapper, Rescuer, Prisoner, pp.47-48); the d6 of Tough (p.29) and of
the Healer's heal (p.26), rolled by Muster.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from rules.iron_honor import play_reference
from rules.iron_honor.catalogue import ATTRIBUTES
from rules.iron_honor.offers import row_offers
from rules.iron_honor.rescue import KIDNAPPER, roles
from rules.play.base import Done, TablePlay, other
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
    Token,
    Trackers,
)

BOOK = "Iron & Honor"
FATE = "Fate Pool"

#: Named uses of Fate: cost and page (pp.9-10; traits pp.24-29).
FATE_USES: dict[str, tuple[int, int]] = {
    "Winds of Kismet": (2, 9),
    "Greater Purpose": (1, 9),
    "Cursed Hand": (1, 9),
    "Inner Reserve": (1, 10),
    "Hand of Fortune": (1, 10),
    "Drain": (1, 24),
    "Healer": (1, 25),
    "Slayer": (1, 28),
    "Tough": (1, 29),
}
TRAIT_USES = ("Drain", "Healer", "Slayer", "Tough")


class APAction(NamedTuple):
    """One action an activated model pays for: ``cost`` in action points, ``kind``
    ("move", "combat", "special": one of each per activation, p.33; "other": not one of
    the three, as many as the points pay for), ``page``, and the ``trait`` the model
    needs (None: every model)."""

    cost: int
    kind: str
    page: int
    trait: str | None = None


#: The actions of an activation (pp.33-35; trait actions pp.20-28; spells pp.39-40).
#: A spell is not limited to one: a sorcerer casts as many as its points pay for
#: (p.39). Shield Slam is a special action, not a combat one (p.28); Healer's heal,
#: Gargantuan's Quake and Sweeping Attack are read as special actions too, Quick-fire
#: as the model's combat action (docs/rules-decisions.md).
AP_ACTIONS: dict[str, APAction] = {
    "Shake Off": APAction(1, "other", 35),
    "Walk": APAction(1, "move", 33),
    "Run": APAction(1, "move", 33),
    "Charge": APAction(2, "move", 34),
    "Disengage": APAction(2, "move", 34),
    "Sneak": APAction(2, "move", 34),
    "Close Combat Attack": APAction(1, "combat", 34),
    "Furious Attack": APAction(2, "combat", 34),
    "Shove": APAction(1, "combat", 34),
    "Ranged Attack": APAction(1, "combat", 35),
    "Aimed Shot": APAction(2, "combat", 35),
    "Quick-fire": APAction(2, "combat", 28, "Quick-fire"),
    "Shield Slam": APAction(1, "special", 28, "Shield Slam"),
    "Sweeping Attack": APAction(2, "special", 28, "Sweeping Attack"),
    "Quake": APAction(2, "special", 24, "Gargantuan"),
    "Heal": APAction(1, "special", 26, "Healer"),
    "Cast a Spell": APAction(1, "other", 39, "Sorcery"),
    "Cast a Spell +1": APAction(2, "other", 40, "Sorcery"),
    "Cast a Spell +2": APAction(3, "other", 40, "Sorcery"),
    "Clear a misfire": APAction(1, "other", 20),
}
#: The actions that are attacks: a model with Stealth loses it by making one (p.43). A
#: Charge ends in a free standard attack (p.34); Shield Slam and Sweeping Attack are
#: special attacks (p.28); Quake pushes and a spell is cast, neither is read as one.
ATTACKS = frozenset(
    {"Charge", "Close Combat Attack", "Furious Attack", "Shove", "Ranged Attack", "Aimed Shot", "Quick-fire"}
    | {"Shield Slam", "Sweeping Attack"}
)
#: Move actions a trait forbids (Lumbering never Runs, p.26; Mounted p.27, Large p.26 and
#: Gargantuan p.25 never Sneak).
FORBIDDEN_BY: dict[str, tuple[tuple[str, int], ...]] = {
    "Run": (("Lumbering", 26),),
    "Sneak": (("Mounted", 27), ("Large", 26), ("Gargantuan", 25)),
}
#: The uses of Fate on a roll of an attack's resolution: none on the free attacks made
#: against a disengaging model, by either player (p.34).
RESOLUTION_FATE = frozenset({"Inner Reserve", "Hand of Fortune", "Drain", "Slayer", "Tough"})
#: Traits that carry Tough (Undead and Non-Living have it, p.29 and p.27).
TOUGH_TRAITS = ("Tough", "Undead", "Non-Living")

#: Traits that allow a second action of a kind (p.24): Fast two moves, Dual Wield two
#: combat actions (the garbled p.24 paragraph read as Dual Wield's, rules-decisions).
SECOND_OF_KIND = {"move": "Fast", "combat": "Dual Wield"}

#: Encounters (pp.46-48): page, turns, kill ExP counted. Engagement alone may add a
#: seventh turn (p.47, docs/rules-decisions.md).
ENCOUNTERS: dict[str, tuple[int, int, bool]] = {
    "Engagement": (47, 6, True),
    "Landmark": (47, 6, False),
    "Rescue": (48, 6, False),
    "Salvage": (48, 6, False),
    "Scouting Run": (48, 6, False),
}
#: The encounter played for at least six turns, a seventh on a 4-6 rolled in the
#: Maintenance Phase of turn 6 (p.47; the two-column page read in docs/rules-decisions.md).
EXTRA_TURN = "Engagement"
#: Engagement's ExP for a killed enemy (p.47).
KILL_EXP = {"hero": 3, "companion": 2, "follower": 1}

#: Where the book is unclear at the table, and what Muster does (docs/rules-decisions.md).
DECISIONS = [
    Rule(
        name="Death of a Hero",
        page=12,
        summary="The table's layout is garbled: 1-4 is Despair, 5-6 Vengeance. "
        "Muster rolls it at the Maintenance Phase of the turn the hero fell; it lasts the next turn.",
    ),
    Rule(
        name="Activation roll",
        page=31,
        summary="Muster adds Hero's Will, Despair, Greater Purpose and Cursed Hand to the face rolled (or "
        "rolls it); modifiers that depend on where models stand (Terror, Inspiring, Quake) are the player's.",
    ),
    Rule(
        name="An unusable die",
        page=32,
        summary="The Maintenance Phase waits for an empty bag; a die whose side "
        "has no model left to activate is set aside.",
    ),
    Rule(
        name="Winds of Kismet",
        page=9,
        summary="Only on a die of the opponent just drawn, with a die of the "
        "spender's own still in the bag; the side whose die went back may not answer in kind.",
    ),
    Rule(
        name="Traits that use Fate",
        page=29,
        summary="Drain, Healer, Slayer and Tough cost 1 Fate and need a "
        "model of the side in play with the trait.",
    ),
    Rule(
        name="Encounters",
        page=46,
        summary="Six turns each; Engagement's seventh is rolled by Muster (p.47's two columns read). "
        "Engagement's kill ExP and Rescue's 3 ExP are counted by themselves; others by hand.",
    ),
    Rule(
        name="Rescue",
        page=48,
        summary="The Kidnapper's side and the Prisoner are set up with the game; the Rescuer's "
        'player calls the rescue (Muster cannot see base contact or the 3"), and it happens '
        "at the Maintenance Phase.",
    ),
    Rule(
        name="Heroic Impetus and the Healer",
        page=11,
        summary="Impetus names the friend given the point (not the hero); the next action is that "
        "friend's. The Healer names its patient; Muster rolls its d6 and Tough's.",
    ),
    Rule(
        name="Typed parties",
        page=17,
        summary="A party typed in counts its Fate Pool from the models' types; with no hero marked, "
        "the first model is the hero, and an untyped model counts as a follower.",
    ),
]

TRACKERS = Trackers(
    statuses=[
        Rule(name="Ready", page=31, summary="In the game and not Stunned."),
        Rule(
            name="Stunned",
            page=43,
            summary="-3 Physical Defense; must spend 1 action point at its next activation to shake it off.",
        ),
        Rule(
            name="Killed",
            page=12,
            summary="No Wounds left: removed from play; its die leaves the bag at the Maintenance Phase.",
        ),
    ],
    tokens=[
        Rule(
            name="Stealth",
            page=43,
            summary="+4 Physical Defense against ranged attacks and PD-resisted spells; lost on attacking.",
        ),
        Rule(
            name="Full Defense",
            page=35,
            summary="+1d6 on PD rolls against melee and immune to Stunned, until the Maintenance Phase.",
        ),
    ],
    resources=[
        Rule(
            name=FATE,
            page=10,
            summary="Fate to spend during a turn; refilled to the party's Fate Pool at "
            "every Maintenance Phase (p.17 counts it).",
        )
    ],
    actions=[
        ActionSpec(
            name="wound",
            label="Wound",
            scope="model",
            page=12,
            summary="Take one Wound off; none left kills the model.",
        ),
        ActionSpec(
            name="heal",
            label="Heal",
            scope="model",
            page=25,
            summary="Give back one Wound, never above the model's WO.",
        ),
        ActionSpec(
            name="status",
            label="Status",
            scope="model",
            page=43,
            summary="Stunned, or back to Ready.",
            values=["Ready", "Stunned", "Killed"],
        ),
        ActionSpec(
            name="token",
            label="Add",
            scope="model",
            page=43,
            summary="Stealth or Full Defense.",
            values=["Stealth", "Full Defense"],
        ),
        ActionSpec(
            name="untoken",
            label="Remove",
            scope="model",
            page=43,
            summary="Take Stealth or Full Defense off.",
            values=["Stealth", "Full Defense"],
        ),
        ActionSpec(
            name="spend",
            label="Spend Fate",
            scope="side",
            page=9,
            summary="Spend Fate on a named use; Winds of Kismet puts the opponent's drawn "
            "die back and takes one of yours.",
            values=list(FATE_USES),
            cost={FATE: 1},
            resource=FATE,
            amounts={k: v[0] for k, v in FATE_USES.items()},
        ),
        ActionSpec(
            name="draw",
            label="Draw a die",
            scope="game",
            page=31,
            summary="Draw an activation die blindly from the bag: its owner activates a model.",
        ),
        ActionSpec(
            name="activate",
            label="Activate",
            scope="model",
            page=31,
            summary="The drawn die's owner nominates this model; no model acts twice in a turn.",
        ),
        ActionSpec(
            name="roll",
            label="Activation roll",
            scope="game",
            page=31,
            summary="The nominated model's activation die (the face rolled, or none: Muster rolls): "
            "0 or less no action point, 1-2 one, 3-5 two, 6+ three.",
            values=["1", "2", "3", "4", "5", "6"],
        ),
        ActionSpec(
            name="ap",
            label="Action",
            scope="game",
            page=33,
            summary="The acting model spends its action points: each action's cost taken off "
            "what the roll gave; one move, one combat and one special action per activation.",
            values=list(AP_ACTIONS),
            amounts={k: v.cost for k, v in AP_ACTIONS.items()},
        ),
        ActionSpec(
            name="pass",
            label="Set the die aside",
            scope="game",
            page=9,
            summary="The drawn die activates nobody (no model left to activate).",
        ),
        ActionSpec(
            name="impetus",
            label="Heroic Impetus",
            scope="side",
            page=11,
            summary='Once per game, the hero gives a friend within 12" one free action point.',
        ),
        ActionSpec(
            name="score",
            label="Score ExP",
            scope="side",
            page=46,
            summary="Encounter ExP (landmark held, quarter scouted, salvage...).",
        ),
        ActionSpec(
            name="next-turn",
            label="Maintenance Phase",
            scope="game",
            page=32,
            summary="Killed models lose their dice, the bag refills, Fate Pools refill, "
            "Death of a Hero is rolled.",
        ),
        ActionSpec(
            name="end",
            label="End the game",
            scope="game",
            page=46,
            summary="End now; most ExP wins, a tie is a draw.",
        ),
    ],
    end=Rule(
        name="Encounter length",
        page=47,
        summary="Six turns in every encounter; Engagement plays a seventh on a 4-6 "
        "rolled at turn 6. Most ExP wins; a tie is a draw.",
    ),
    decisions=DECISIONS,
)


def play_models(document: Any, report: Any) -> list[PlayModel]:
    """Iron & Honor models for the table from an evaluated roster (``report`` a
    :class:`rules.report.Report`): type as role and tag, Wounds = evaluated WO (p.12),
    attributes and traits. Source: pp.12, 17."""
    out = []
    for m in report.models:
        d = m.derived
        kind = str(d.get("type") or "follower")
        stats: dict[str, Scalar] = {
            k: v for k, v in (d.get("attributes") or {}).items() if isinstance(v, int)
        }
        stats["WO"] = d.get("wounds")
        traits = [str(t["name"]) for t in d.get("traits", [])]
        out.append(
            PlayModel(
                name=m.name,
                role=str(d.get("type_name") or kind),
                wounds=d.get("wounds"),
                tags=[kind],
                stats=stats,
                rules=traits,
            )
        )
    return out


def _pets(snapshot: Snapshot) -> dict[str, dict[str, int]]:
    """Per side, each Pet's index -> the index of the character it is attached to, as the
    roster names it (the trait's choice, p.27)."""
    out: dict[str, dict[str, int]] = {}
    for i, side in enumerate(snapshot.sides):
        names = [m.name for m in side.models]
        doc_models = (side.document or {}).get("models") or []
        for j, m in enumerate(doc_models if len(doc_models) == len(names) else []):
            for t in m.get("traits") or [] if isinstance(m, dict) else []:
                if isinstance(t, dict) and t.get("name") == "Pet" and t.get("choice") in names:
                    out.setdefault(str(i), {})[str(j)] = names.index(t["choice"])
    return out


def _has(model: ModelState, trait: str) -> bool:
    """Whether ``model`` has the trait named ``trait`` (case aside); False for ""."""
    return bool(trait) and trait.lower() in (r.lower() for r in model.rules)


def kind_of(model: ModelState | PlayModel) -> str:
    """ "hero", "companion" or "follower" (an untagged typed model counts as a follower)."""
    for kind in ("hero", "companion"):
        if kind in model.tags:
            return kind
    return "follower"


class IronHonorPlay(TablePlay):
    """The rules of play of Iron & Honor (see the module)."""

    system_id = "iron-and-honor"
    book = BOOK
    stat_order = (*ATTRIBUTES, "WO")
    score_word = score_short = "ExP"
    trackers = TRACKERS
    wound_word = "Wounds"
    # The activation (p.31) on the table's status line.
    public_words = {
        "activation": {
            "left": "left",  # after "action points: 2" (issue 40: a short head line)
            "roll": "rolled",
            "done": "actions taken",
            "resolution_fate": "Inner Reserve / Hand of Fortune used by",
        }
    }
    public_unset = {"action_points": "action points: to roll"}
    public_side_lists = frozenset({"resolution_fate"})
    reference = play_reference.REFERENCE
    setup_public = frozenset({"encounter"})

    def setup_rules(self, public: dict[str, Any]) -> list[Rule]:
        """The encounter's rules (rules.iron_honor.play_reference)."""
        return play_reference.setup_rules(public)

    def models(self, document: Any, report: Any) -> list[PlayModel]:
        """The models for the table from an evaluated roster: :func:`play_models`."""
        return play_models(document, report)

    def typed_models(self, models: list[PlayModel]) -> list[PlayModel]:
        """With no model tagged "hero", the first typed model is the hero (a party is
        listed hero first, p.14); every model gets its type as role."""
        out = list(models)
        if out and not any("hero" in m.tags for m in out):
            out[0] = out[0].model_copy(update={"tags": [*out[0].tags, "hero"]})
        return [m if m.role else m.model_copy(update={"role": kind_of(m).title()}) for m in out]

    @staticmethod
    def typed_totals(models: list[PlayModel]) -> dict[str, Scalar]:
        """A typed party's Fate Pool from its tags (p.17): hero 3, companion 1, one per
        three followers or part of three."""
        kinds = [kind_of(m) for m in models]
        followers = kinds.count("follower")
        return {"fate_pool": 3 * kinds.count("hero") + kinds.count("companion") + -(-followers // 3)}

    def encounter(self, state: TableState) -> tuple[str, tuple[int, int, bool]]:
        """The encounter chosen at set-up and its (page, turns, kill ExP)."""
        name = str(state.public.get("encounter", "Engagement"))
        return name, ENCOUNTERS.get(name, ENCOUNTERS["Engagement"])

    def starting_resources(self, snapshot: Snapshot, side: int) -> dict[str, int]:
        """The party's Fate Pool (p.17; 0 when unknown)."""
        pool = snapshot.sides[side].totals.get("fate_pool")
        return {FATE: pool if isinstance(pool, int) and not isinstance(pool, bool) else 0}

    def setup_choices(self) -> list[SetupChoice]:
        """The encounter: the players agree on one of the five (p.46); Muster can pick
        one at random when they would rather not choose (docs/rules-decisions.md)."""
        return [
            SetupChoice(
                key="encounter",
                label="Encounter",
                values=list(ENCOUNTERS),
                default="Engagement",
                summary="Where the parties deploy, how long they fight and what ExP they earn.",
                page=46,
            ),
            KIDNAPPER,
        ]

    def roll_setup(self, key: str, chosen: dict[str, Scalar], rng: random.Random) -> dict[str, Scalar]:
        """The Kidnapper is rolled once the sides are known (:meth:`roll_with_sides`: the
        heroes' WP count, p.48); the rest as PlayRules.roll_setup."""
        if key == KIDNAPPER.key:
            return {}
        return super().roll_setup(key, chosen, rng)

    def roll_with_sides(
        self, setup: dict[str, Any], sides: Any, rng: random.Random, changed: int | None = None
    ) -> dict[str, Any]:
        """Rescue's Kidnapper and Prisoner, once both sides are known, or again for the
        side ``changed`` (rules.iron_honor.rescue)."""
        return roles(setup, sides, rng, changed)

    def set_up(self, state: TableState, snapshot: Snapshot) -> None:
        """One die per model in the bag (p.6); the encounter (p.46)."""
        encounter = snapshot.setup.get("encounter") or "Engagement"
        if encounter not in ENCOUNTERS:
            state.notices.append(f"Unknown encounter {encounter!r}: playing Engagement (p.47)")
            encounter = "Engagement"
        for s in state.sides:
            s.flags["fate_pool"] = s.resources[FATE]
        dice = {str(i): len(s.models) for i, s in enumerate(state.sides)}
        state.public = {
            "encounter": encounter,
            "bag": dict(dice),
            "dice": dict(dice),
            "drawn": None,
            "kismet_barred": None,
        }
        pets = _pets(snapshot)
        if pets:
            state.hidden.setdefault("server", {})["pets"] = pets
        if encounter == "Rescue":
            self.set_up_rescue(state, snapshot)
        state.phase = "main"

    def set_up_rescue(self, state: TableState, snapshot: Snapshot) -> None:
        """Rescue's roles (pp.47-48): ``setup["kidnapper"]`` the Kidnapper's side (the
        other is the Rescuer) and ``setup["prisoner"]`` the index of the Rescuer's follower
        taken prisoner. Its die is set aside (not in the bag) until it is rescued. Without
        them (older games) nothing is tracked: the players leave the model out."""
        kidnapper, prisoner = snapshot.setup.get("kidnapper"), snapshot.setup.get("prisoner")
        if isinstance(kidnapper, str) and kidnapper.strip().isdigit():
            kidnapper = int(kidnapper)
        if isinstance(prisoner, str) and prisoner.strip().isdigit():
            prisoner = int(prisoner)
        if kidnapper not in (0, 1) or isinstance(kidnapper, bool) or not isinstance(prisoner, int):
            return
        rescuer = other(kidnapper)
        models = state.sides[rescuer].models
        if not 0 <= prisoner < len(models):
            state.notices.append(f"Rescue: {state.sides[rescuer].name} has no model number {prisoner}")
            return
        state.public["rescue"] = {
            "side": rescuer,
            "model": prisoner,
            "rescued": False,
            "called": False,
        }
        state.public["bag"][str(rescuer)] -= 1
        state.public["dice"][str(rescuer)] -= 1
        self.notice(
            state,
            f"Rescue: {state.sides[kidnapper].name} is the Kidnapper, {state.sides[rescuer].name} the "
            f"Rescuer; {models[prisoner].name} is the Prisoner, its die set aside until rescued",
            47,
        )

    def prisoner(self, state: TableState) -> ModelState | None:
        """Rescue's Prisoner while not yet rescued (p.48), else None."""
        rescue = state.public.get("rescue")
        if not rescue or rescue["rescued"]:
            return None
        held: ModelState = state.sides[rescue["side"]].models[rescue["model"]]
        return held

    # --- the dice bag -----------------------------------------------------------------

    def draw_decide(self, state: TableState, event: Event, rng: random.Random) -> dict[str, Scalar]:
        """A draw takes one die blindly from the bag (p.31): each die left equally
        likely. The Maintenance Phase rolls Death of a Hero (p.12) and Engagement's
        extra turn (p.47) with a d6."""
        if state.finished:
            return {}
        if event.action == "draw":
            bag = state.public["bag"]
            dice = [0] * bag["0"] + [1] * bag["1"]
            return {"side": rng.choice(dice)} if dice and state.public["drawn"] is None else {}
        if event.action == "next-turn":
            out: dict[str, Scalar] = {}
            for i, s in enumerate(state.sides):
                if any(kind_of(m) == "hero" and m.killed_turn == state.turn for m in s.models):
                    out[f"death_of_a_hero_{i}"] = rng.randint(1, 6)
            name, (_, turns, _) = self.encounter(state)
            if name == EXTRA_TURN and state.turn == turns:
                out["extra_turn"] = rng.randint(1, 6)
            return out
        return {}

    def act_draw(self, state: TableState, event: Event) -> Done:
        """Whose die came out of the bag (the recorded outcome, p.31)."""
        pub = state.public
        if pub["drawn"] is not None:
            raise Refused(f"{state.sides[pub['drawn']].name}'s die is out: activate a model first (p.31)")
        side = event.outcome.get("side")
        if side not in (0, 1) or isinstance(side, bool) or pub["bag"][str(side)] < 1:
            raise Refused(
                "the bag is empty: the Maintenance Phase is next (p.32)"
                if not sum(pub["bag"].values())
                else "this draw has no die recorded"
            )
        drawn: SideIndex = 0 if side == 0 else 1
        pub["bag"][str(drawn)] -= 1
        pub["drawn"] = drawn
        pub["modifiers"] = []
        pub["activation"] = None
        (state.hidden.get("server") or {}).pop("fated", None)
        state.active = drawn
        return f"A die of {state.sides[drawn].name} comes out of the bag ({self.bag_text(state)})", None, None

    def bag_text(self, state: TableState) -> str:
        """ "3 + 2 dice left"."""
        bag = state.public["bag"]
        return f"{bag['0']} + {bag['1']} dice left"

    def on_activate(self, state: TableState, side: SideIndex, model: ModelState) -> int | None:
        """Only the side whose die is out nominates a model (p.31). The activation roll
        then waits (``public["activation"]``) with its modifiers: Hero's Will +1
        (p.11), Despair -1 (p.12), Greater Purpose +1 and Cursed Hand -1 (p.9)."""
        if state.public["drawn"] != side:
            raise Refused(f"draw one of {state.sides[side].name}'s dice first (p.31)")
        if self.prisoner(state) is model:
            raise Refused(f"{model.name} is the Prisoner: its die is set aside until rescued (p.47)")
        mods: list[list[Scalar]] = list(state.public.get("modifiers") or [])
        if kind_of(model) == "hero":
            mods.append(["Hero's Will", 1])
        master = self.pet_master(state, side, model)
        if master is not None and master.killed:
            mods.append([f"Pet of {master.name}, killed", -2])
        if state.sides[side].flags.get("death_of_a_hero") == "Despair":
            mods.append(["Despair", -1])
        state.public["activation"] = {
            "side": side,
            "model": model.index,
            "modifiers": mods,
            "roll": None,
            "action_points": None,
            "done": [],
        }
        sneaked = [t for t in model.tokens if t.name == "Stealth" and t.detail == "Sneak"]
        if sneaked:
            model.tokens = [t for t in model.tokens if t not in sneaked]
            self.notice(state, f"{model.name}'s Stealth from Sneak ends at its activation", 34)
        self.clear_die(state)
        if model.status == "stunned":
            self.notice(state, f"{model.name} must first spend 1 action point to shake off Stunned", 43)
        return 31

    def pet_master(self, state: TableState, side: int, model: ModelState) -> ModelState | None:
        """The character a Pet is attached to (p.27): the one named in the roster (the
        trait's choice), else the side's hero; None for a model without Pet."""
        if not _has(model, "Pet"):
            return None
        named = (state.hidden.get("server") or {}).get("pets", {}).get(str(side), {}).get(str(model.index))
        models = state.sides[side].models
        if isinstance(named, int) and 0 <= named < len(models):
            return models[named]
        return next((m for m in models if kind_of(m) == "hero"), None)

    def clear_die(self, state: TableState) -> None:
        """No die out of the bag any more."""
        state.public["drawn"] = None
        state.public["kismet_barred"] = None
        state.public["modifiers"] = []
        state.active = None

    def decide(self, state: TableState, event: Event, rng: random.Random) -> dict[str, Scalar]:
        """See :meth:`draw_decide`; a roll with no face given is rolled by Muster (1d6)."""
        if event.action == "roll" and event.value is None and not state.finished:
            return {"face": rng.randint(1, 6)}
        if event.action == "ap" and str(event.value or "").lower() == "heal" and event.model is not None:
            return {"recovery": rng.randint(1, 6)}
        if event.action == "wound" and not state.finished:
            model = self.tough_model(state, event)
            if model is not None:
                try:
                    n = self.amount(event)
                except Refused:
                    return {}
                return {
                    ("recovery" if i == 1 else f"recovery_{i}"): rng.randint(1, 6) for i in range(1, n + 1)
                }
        return self.draw_decide(state, event, rng)

    def tough_model(self, state: TableState, event: Event) -> ModelState | None:
        """The model a wound event names when it is Tough (Undead and Non-Living are,
        pp.27-29) and in play, else None."""
        index = event.target if event.target is not None else event.side
        models = state.sides[index].models
        if event.model is None or event.model >= len(models):
            return None
        model = models[event.model]
        if model.killed or not any(_has(model, t) for t in TOUGH_TRAITS):
            return None
        return model

    def act_roll(self, state: TableState, event: Event) -> Done:
        """The activation roll (p.31): the face rolled at the table (``value`` 1-6) or
        Muster's (the outcome), plus its modifiers: 0 or less gives no action point,
        1-2 one, 3-5 two, 6 or more three."""
        act = state.public.get("activation")
        if not act or act.get("action_points") is not None:
            raise Refused("nominate a model for the drawn die first (p.31)")
        face = event.outcome.get("face") if event.value is None else event.value
        if isinstance(face, str) and face.strip().isdigit():
            face = int(face)
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= 6:
            raise Refused("an activation roll is a face of 1 to 6")
        mods = [(str(label), int(str(n))) for label, n in act["modifiers"]]
        total = face + sum(n for _, n in mods)
        points = 0 if total <= 0 else 1 if total <= 2 else 2 if total <= 5 else 3
        act["action_points"] = points
        act["left"] = points
        act["roll"] = face
        model = state.sides[act["side"]].models[act["model"]]
        parts = "".join(f" {n:+d} {label}" for label, n in mods)
        plural = "" if points == 1 else "s"
        # Who rolled is said: a face typed from the table's die, or Muster's own roll.
        how = "Muster rolls" if event.value is None else "rolled at the table:"
        return f"{model.name}: {how} {face}{parts} = {total}: {points} action point{plural}", 31, None

    def usable(self, state: TableState, side: SideIndex, action: str, value: str) -> bool:
        """Drain, Healer, Slayer and Tough are spent only by a side with a model in play
        that has the trait (pp.24-29); the acting model is offered only the actions it
        can take now (:meth:`ap_refusal`)."""
        if action == "ap":
            return value in AP_ACTIONS and self.ap_refusal(state, value) is None
        if action != "spend" or value not in TRAIT_USES:
            return True
        return any(
            value.lower() in (r.lower() for r in m.rules) and not m.killed for m in state.sides[side].models
        )

    def offered(self, state: TableState, action: str) -> bool:
        """The bar's actions that make sense now (p.31-32): a draw while no die is out and
        the bag holds dice (no roll waiting); setting the die aside while one is out; the
        roll once a model is nominated; its actions while it has action points left
        (p.33); the Maintenance Phase once the bag is empty."""
        pub = state.public
        if state.finished:
            return action == "end"
        act = pub.get("activation")
        waiting = act is not None and act.get("action_points") is None
        bag = sum(pub.get("bag", {}).values())
        if action == "draw":
            return pub.get("drawn") is None and bag > 0 and not waiting
        if action == "pass":
            return pub.get("drawn") is not None
        if action == "roll":
            return waiting
        if action == "ap":
            if act is not None and act.get("impetus") is not None:
                return True  # Heroic Impetus's point waits to be used (p.11)
            return act is not None and not waiting and int(act.get("left", 0)) > 0
        if action == "next-turn":
            return pub.get("drawn") is None and bag == 0
        return True

    def row_offers(self, state: TableState, side: int, model: ModelState) -> list[Any]:
        """What ``model``'s row offers now (rules.iron_honor.offers)."""
        return row_offers(self, state, side, model)

    def acting_model(self, state: TableState) -> tuple[int, int] | None:
        """The model nominated for the die out (p.31), until its activation is over: no
        action point left once rolled (spent, none rolled, or Disengage, p.34), or the
        next draw (issue 40: "acting now" does not outlast the activation)."""
        act = state.public.get("activation")
        if not act or (act.get("action_points") is not None and int(act.get("left", 1)) <= 0):
            return None
        return int(act["side"]), int(act["model"])

    def actor(self, state: TableState, event: Event) -> tuple[SideIndex, str] | None:
        """With two phones: only the side whose die is out nominates a model, sets the die
        aside or rolls for the nominated model (p.31); the rest as TablePlay.actor."""
        pub = state.public
        if event.action == "pass" and pub.get("drawn") is not None:
            side: SideIndex = pub["drawn"]
            return side, f"the die out is {state.sides[side].name}'s: only their player sets it aside (p.31)"
        act = pub.get("activation")
        if event.action == "roll" and act and act.get("action_points") is None:
            side = act["side"]
            return side, f"{state.sides[side].name}'s player rolls for the model they nominated (p.31)"
        if event.action == "ap" and act:
            side = act["side"]
            return side, f"{state.sides[side].name}'s player spends their model's action points (p.33)"
        left = self.unfinished(state, event)
        if left:
            # The active player ends their model's activation (p.32), not the other phone.
            side, words = left[0]
            name = state.sides[side].name
            return side, f"{words}: only the player of {name} ends its activation (p.32)"
        return super().actor(state, event)

    def unfinished(self, state: TableState, event: Event) -> list[tuple[SideIndex, str]]:
        """A draw or the Maintenance Phase ends the activation in progress: the active
        player may leave action points unused, and they are lost (p.32); a model
        nominated and not yet rolled for loses its activation (p.31). Said so the player
        who taps is asked first, and only the active player may do it with two phones
        (:meth:`actor`)."""
        if event.action not in ("draw", "next-turn") or state.finished:
            return []
        act = state.public.get("activation")
        if not act:
            return []
        side: SideIndex = 0 if int(act["side"]) == 0 else 1
        model = state.sides[side].models[int(act["model"])]
        if model.killed:
            return []
        if act.get("action_points") is None:
            return [(side, f"{model.name} has not rolled its activation die (p.31)")]
        left = int(act.get("left", act["action_points"]))
        if left <= 0:
            return []
        plural = "" if left == 1 else "s"
        return [(side, f"{model.name} has {left} action point{plural} left, lost if unused (p.32)")]

    def ending_question(self, state: TableState, event: Event) -> str:
        """ "End its activation and draw the next die?" (p.31)."""
        if event.action == "draw":
            return "End its activation and draw the next die?"
        return f"End its activation and Turn {state.turn}?"

    def ap_refusal(self, state: TableState, name: str) -> str | None:
        """Why the acting model cannot take the action ``name`` of :data:`AP_ACTIONS` now,
        or None when it can: no model rolled for (p.31), a cost above the points left
        (p.33), a Stunned model that has not shaken it off (p.35), a second move, combat
        or special action (p.33; Fast and Dual Wield allow a second of their kind, p.24),
        a trait action the model lacks, a move its traits forbid (Lumbering's Run p.26;
        Mounted, Large and Gargantuan's Sneak pp.25-27). While a Heroic Impetus point is
        waiting (p.11), the action is the granted model's, for that one point."""
        act = state.public.get("activation")
        granted = self.impetus_of(state)
        if granted is None and (not act or act.get("action_points") is None):
            return "nominate a model and roll its activation die first (p.31)"
        if granted is not None:
            model, left, done_names = granted, 1, []
        else:
            assert act is not None
            model = state.sides[act["side"]].models[act["model"]]
            left = int(act.get("left", act["action_points"]))
            done_names = list(act.get("done", []))
        spec = AP_ACTIONS[name]
        if model.killed:
            return f"{model.name} is killed"
        if spec.trait and not _has(model, spec.trait):
            return f"{name} needs the {spec.trait} trait (p.{spec.page})"
        for trait, page in FORBIDDEN_BY.get(name, ()):
            if _has(model, trait):
                return f"{model.name} is {trait}: it may not {name} (p.{page})"
        if (name == "Shake Off") != (model.status == "stunned"):
            if model.status == "stunned":
                return f"{model.name} must first shake off Stunned (p.35)"
            return f"{model.name} is not Stunned"
        if spec.cost > left:
            plural = "" if spec.cost == 1 else "s"
            what = "the one point of Heroic Impetus (p.11)" if granted is not None else f"{left} left (p.33)"
            return f"{name} costs {spec.cost} action point{plural}; {model.name} has {what}"
        if spec.kind in ("move", "combat", "special"):
            done = [AP_ACTIONS[d].kind for d in done_names if d in AP_ACTIONS]
            allowed = 2 if _has(model, SECOND_OF_KIND.get(spec.kind, "")) else 1
            if done.count(spec.kind) >= allowed:
                extra = f" ({SECOND_OF_KIND[spec.kind]}: two)" if allowed == 2 else ""
                return f"{model.name} has made its {spec.kind} action this activation{extra} (p.33)"
        return None

    def act_ap(self, state: TableState, event: Event) -> Done:
        """The acting model takes one action and pays its cost in action points
        (pp.33-35): refused as :meth:`ap_refusal` says. Shake Off sets a Stunned model
        Ready (p.35); Run says its -3 to resolution rolls this turn (p.33); Charge its
        free standard attack at +2 (p.34); Sneak puts Stealth on the model until its next
        activation (p.34); Disengage ends the activation (p.34). With no point left the
        activation is over and its die stays beside the model (p.31)."""
        name = self.choice(event, list(AP_ACTIONS), "action")
        why = self.ap_refusal(state, name)
        if why:
            raise Refused(why)
        granted = self.impetus_of(state)
        heal = self.heal_target(state, event, name, granted)
        act = state.public["activation"]
        spec = AP_ACTIONS[name]
        if granted is not None:
            model = granted
            act["impetus"] = None
            self.strip_stealth(state, model, name)
            self.healed(state, event, model, heal)
            if name == "Shake Off":
                model.status = "ready"
            return f"{model.name}: {name} with the point of Heroic Impetus", 11, None
        model = state.sides[act["side"]].models[act["model"]]
        left = int(act.get("left", act["action_points"])) - spec.cost
        act["left"] = left
        act["done"] = [*act.get("done", []), name]
        self.strip_stealth(state, model, name)
        self.healed(state, event, model, heal)
        if name == "Shake Off":
            model.status = "ready"
        elif name == "Run":
            self.notice(state, f"{model.name} ran: -3 to its resolution rolls this turn", 33)
        elif name == "Charge":
            self.notice(state, f"{model.name}'s charge ends in a free standard attack at +2", 34)
        elif name == "Sneak":
            model.tokens.append(Token(name="Stealth", detail="Sneak"))
            self.notice(state, f"{model.name} has Stealth until its next activation", 34)
        elif name == "Disengage":
            left = act["left"] = 0
            act["disengaged"] = True
            self.notice(
                state,
                "Enemies in base contact and not Stunned each make a free standard attack "
                f"before {model.name} moves, with no Fate by either player; its activation ends",
                34,
            )
        if left == 0:
            self.notice(state, f"{model.name}'s activation is over: its die stays beside it", 31)
        plural = "" if spec.cost == 1 else "s"
        return (
            f"{model.name}: {name} ({spec.cost} action point{plural}, {left} left)",
            spec.page,
            None,
        )

    def strip_stealth(self, state: TableState, model: ModelState, name: str) -> None:
        """A model with Stealth loses it when it makes an attack (p.43): :data:`ATTACKS`."""
        if name in ATTACKS and any(t.name == "Stealth" for t in model.tokens):
            model.tokens = [t for t in model.tokens if t.name != "Stealth"]
            self.notice(state, f"{model.name} attacks: it loses Stealth", 43)

    def impetus_of(self, state: TableState) -> ModelState | None:
        """The model granted Heroic Impetus's free action point, while it waits to be
        used (p.11: at once, before the hero acts on)."""
        act = state.public.get("activation") or {}
        granted = act.get("impetus")
        if granted is None:
            return None
        friend: ModelState = state.sides[int(granted["side"])].models[int(granted["model"])]
        return friend

    def heal_target(
        self, state: TableState, event: Event, name: str, granted: ModelState | None
    ) -> ModelState | None:
        """The Healer's patient (p.25): ``target`` / ``model`` of a Heal, another friendly
        model in play (not the healer itself), or None when the event names none (older
        logs: the heal was then given by hand). Refused for any other model."""
        if name != "Heal" or event.model is None:
            return None
        act = state.public["activation"]
        healer = granted if granted is not None else state.sides[act["side"]].models[act["model"]]
        side = event.target if event.target is not None else int(act["side"])
        healer_side = int(act["side"])
        if side != healer_side or event.model >= len(state.sides[side].models):
            raise Refused(f"{healer.name} heals a friendly model (p.25)")
        patient = state.sides[side].models[event.model]
        if patient is healer:
            raise Refused(f"{healer.name} heals another friendly model, not itself (p.25)")
        if patient.killed:
            raise Refused(f"{patient.name} is killed")
        return patient

    def healed(self, state: TableState, event: Event, healer: ModelState, patient: ModelState | None) -> None:
        """The Healer's d6 (``outcome["recovery"]``, Muster's roll): 5 or 6 gives the
        patient 1 Wound back, 3 to 6 when the side spent Fate on Healer this activation
        (pp.25-26); never above its maximum."""
        if patient is None:
            return
        roll = event.outcome.get("recovery")
        if not isinstance(roll, int) or isinstance(roll, bool):
            return
        act = state.public["activation"]
        need = 3 if self.fated(state, int(act["side"]), "Healer") else 5
        if roll >= need and patient.wounds is not None and patient.max_wounds is not None:
            if patient.wounds < patient.max_wounds:
                patient.wounds += 1
            self.notice(
                state, f"{healer.name} rolls {roll}: {patient.name} heals 1 Wound ({patient.wounds} left)", 26
            )
        else:
            self.notice(
                state, f"{healer.name} rolls {roll}: {patient.name} is not healed ({need}+ needed)", 26
            )

    @staticmethod
    def fated(state: TableState, side: int, use: str) -> bool:
        """Whether ``side`` spent Fate on the trait ``use`` (Healer, Tough) since the die
        was drawn and has not used it yet; the spent use is taken (pp.26, 29)."""
        waiting = ((state.hidden.get("server") or {}).get("fated") or {}).get(str(side)) or []
        if use not in waiting:
            return False
        waiting.remove(use)
        return True

    def act_pass(self, state: TableState, event: Event) -> Done:
        """The drawn die activates nobody and is set aside."""
        drawn = state.public["drawn"]
        if drawn is None:
            raise Refused("no die is out of the bag")
        self.clear_die(state)
        return f"{state.sides[drawn].name}'s die is set aside without an activation", None, None

    # --- Fate -------------------------------------------------------------------------

    def on_spend(self, state: TableState, side: SideIndex, use: str) -> int | None:
        """The conditions of each named use of Fate (pp.9-10, traits pp.24-29);
        Winds of Kismet puts the drawn die back and takes one of the spender's (p.9)."""
        pub = state.public
        page = FATE_USES[use][1]
        act = pub.get("activation") or {}
        if use in RESOLUTION_FATE and act.get("disengaged"):
            raise Refused("no Fate by either player on the free attacks against a disengaging model (p.34)")
        if use == "Winds of Kismet":
            if pub["drawn"] != other(side):
                raise Refused("Winds of Kismet answers a die of the opponent just drawn (p.9)")
            if pub["kismet_barred"] == side:
                raise Refused(
                    "a player whose die was put back may not use Winds of Kismet this activation (p.9)"
                )
            if pub["bag"][str(side)] < 1:
                raise Refused(f"{state.sides[side].name} has no die left in the bag (p.9)")
            pub["bag"][str(other(side))] += 1
            pub["bag"][str(side)] -= 1
            pub["drawn"] = side
            pub["modifiers"] = []
            pub["kismet_barred"] = other(side)
            state.active = side
            self.notice(
                state,
                f"Winds of Kismet: {state.sides[other(side)].name}'s die goes back into "
                f"the bag; {state.sides[side].name} activates instead",
                9,
            )
        elif use in ("Greater Purpose", "Cursed Hand"):
            whose = side if use == "Greater Purpose" else other(side)
            act = pub.get("activation") or {}
            pending = act.get("side") == whose and act.get("action_points") is None
            if pub["drawn"] != whose and not pending:
                mine = "your own" if use == "Greater Purpose" else "the opponent's"
                raise Refused(f"{use} is spent on {mine} die drawn and not yet rolled (p.9)")
            mod = [use, 1 if use == "Greater Purpose" else -1]
            if pub["drawn"] == whose:
                pub["modifiers"] = [*(pub.get("modifiers") or []), mod]
            else:
                act["modifiers"] = [*act["modifiers"], mod]
        elif use in ("Inner Reserve", "Hand of Fortune"):
            act = pub.get("activation")
            if not act or act.get("action_points") is None:
                raise Refused(f"{use} is spent on a resolution roll, once a model has activated (p.10)")
            used = list(act.get("resolution_fate") or [])
            if side in used:
                raise Refused(
                    f"{state.sides[side].name} has used Inner Reserve or Hand of Fortune this activation: "
                    "each player once per activation (p.10)"
                )
            act["resolution_fate"] = [*used, side]
        elif use in TRAIT_USES and not any(
            use.lower() in (r.lower() for r in m.rules) and not m.killed for m in state.sides[side].models
        ):
            raise Refused(f"no model of {state.sides[side].name} in play has {use} (p.{page})")
        if use in ("Healer", "Tough"):
            fated = state.hidden.setdefault("server", {}).setdefault("fated", {})
            fated[str(side)] = [*fated.get(str(side), []), use]
        return page

    def act_impetus(self, state: TableState, event: Event) -> Done:
        """Heroic Impetus, once per game, when the hero is activated (p.11). ``model``
        names the friendly model given the free action point (another of the side's, in
        play): the next Action is that model's, for that one point, and neither its
        activation nor the hero's points (p.11). Without a model (older logs, the table's
        side button) only the use is counted and the point is the players' to track."""
        index, side = self.side_of(state, event)
        if side.flags.get("heroic_impetus"):
            raise Refused(f"{side.name} has used Heroic Impetus (once per game, p.11)")
        if not any(kind_of(m) == "hero" and not m.killed for m in side.models):
            raise Refused(f"{side.name}'s hero is not in play (p.11)")
        act = state.public.get("activation")
        if not act or act["side"] != index or kind_of(side.models[act["model"]]) != "hero":
            raise Refused(f"Heroic Impetus is granted when {side.name}'s hero is activated (p.11)")
        friend = None
        if event.model is not None:
            if event.model >= len(side.models):
                raise Refused(f"{side.name} has no model number {event.model}")
            friend = side.models[event.model]
            if friend.index == act["model"]:
                raise Refused("Heroic Impetus gives the point to another friendly model, not the hero (p.11)")
            if friend.killed:
                raise Refused(f"{friend.name} is killed")
        side.flags["heroic_impetus"] = state.turn
        if friend is not None:
            act["impetus"] = {"side": index, "model": friend.index}
            return (
                f"{side.name}'s hero grants Heroic Impetus: {friend.name} uses one free action point "
                "now (not its activation)",
                None,
                None,
            )
        return (
            f"{side.name}'s hero grants Heroic Impetus: one free action point to a friend within 12\"",
            None,
            None,
        )

    # --- kills and the Maintenance Phase ------------------------------------------------

    def act_status(self, state: TableState, event: Event) -> Done:
        """Set a model's status; a model in Full Defense cannot be Stunned (p.35). At its
        own activation a Stunned model shakes it off by spending 1 action point, before
        any other (pp.31, 43): refused with no action point left, or before the roll."""
        wanted = str(event.value or "").strip().lower()
        if wanted == "rescued":
            return self.call_rescue(state, event)
        self.untouchable(state, event)
        side, model = self.model_of(state, event)
        if wanted == "stunned" and any(t.name == "Full Defense" for t in model.tokens):
            raise Refused(
                f"{model.name} is in Full Defense: immune to Stunned until the Maintenance Phase (p.35)"
            )
        act = state.public.get("activation")
        mine = act is not None and act["side"] == side and act["model"] == model.index
        if wanted == "ready" and model.status == "stunned" and act is not None and mine:
            if act["action_points"] is None:
                raise Refused(
                    f"roll {model.name}'s activation die first: "
                    "shaking off Stunned costs 1 action point (p.43)"
                )
            left = int(act.get("left", act["action_points"]))
            if left < 1:
                raise Refused(f"{model.name} has no action point left to shake off Stunned (pp.31, 43)")
            _text, _page, section = super().act_status(state, event)
            act["left"] = left - 1
            return f"{model.name} spends 1 action point to shake off Stunned ({left - 1} left)", 43, section
        return super().act_status(state, event)

    def act_token(self, state: TableState, event: Event) -> Done:
        """Put a token on a model. Full Defense (p.35): a model that has not activated
        this turn takes one of its side's dice out of the bag and its activation is over
        at once (the die is not rolled)."""
        self.untouchable(state, event)
        name = str(event.value or "").partition(":")[0].strip().lower()
        if name != "full defense":
            return super().act_token(state, event)
        side, model = self.model_of(state, event)
        bag = state.public["bag"]
        if model.activated:
            raise Refused(
                f"{model.name} has activated this turn: Full Defense is for a model that has not (p.35)"
            )
        if bag[str(side)] < 1:
            raise Refused(f"no die of {state.sides[side].name} is left in the bag for Full Defense (p.35)")
        text, page, section = super().act_token(state, event)
        bag[str(side)] -= 1
        model.activated = True
        self.notice(
            state,
            f"A die of {state.sides[side].name} leaves the bag and stays beside {model.name}: "
            f"its activation is over ({self.bag_text(state)})",
            35,
        )
        return text, page, section

    def act_untoken(self, state: TableState, event: Event) -> Done:
        """Take a token off; Full Defense lasts until the Maintenance Phase (p.35): a
        mistaken one is taken back with Undo, which also puts its die back."""
        if str(event.value or "").partition(":")[0].strip().lower() == "full defense":
            raise Refused(
                "Full Defense lasts until the Maintenance Phase (p.35): Undo takes a mistaken one back"
            )
        return super().act_untoken(state, event)

    # --- Rescue (pp.47-48) ---------------------------------------------------------------

    def untouchable(self, state: TableState, event: Event) -> None:
        """Refused for anything done to Rescue's Prisoner before it is rescued: it is
        neutral and immune to any damage or effect (p.48)."""
        held = self.prisoner(state)
        if held is None or event.model is None:
            return
        index = event.target if event.target is not None else event.side
        if index == state.public["rescue"]["side"] and event.model == held.index:
            raise Refused(f"{held.name} is the Prisoner: immune to any damage or effect until rescued (p.48)")

    def call_rescue(self, state: TableState, event: Event) -> Done:
        """The Rescuer's player says the Prisoner is rescued (status "Rescued"): a Rescuer
        model in base contact and no enemy within 3" (p.48), which Muster cannot see. It
        takes effect at the Maintenance Phase (its die joins the bag); Undo takes it back."""
        rescue = state.public.get("rescue")
        held = self.prisoner(state)
        index = event.target if event.target is not None else event.side
        if not rescue or held is None or event.model != held.index or index != rescue["side"]:
            raise Refused("only Rescue's Prisoner, not yet rescued, can be rescued (p.48)")
        if event.side != index:
            raise Refused("only the Rescuer's models rescue the Prisoner (p.48)")
        if rescue["called"]:
            raise Refused(f"{held.name}'s rescue is already called for this Maintenance Phase")
        rescue["called"] = True
        self.notice(
            state, f"{held.name} is rescued at the Maintenance Phase: it joins its party next turn", 48
        )
        return f'{held.name}: rescued (a Rescuer in base contact, no enemy within 3")', 48, None

    def rescue_at_maintenance(self, state: TableState) -> None:
        """A rescue called this turn happens now: the Prisoner is no longer one and its die
        joins the bag (p.48)."""
        rescue = state.public.get("rescue")
        if rescue and rescue["called"] and not rescue["rescued"]:
            rescue["rescued"] = True
            model = state.sides[rescue["side"]].models[rescue["model"]]
            self.notice(state, f"{model.name} is rescued: its die joins the bag", 48)

    def finish(self, state: TableState) -> None:
        """Rescue's end (p.48): the Rescuer wins 3 ExP if the Prisoner was rescued and is
        alive, else the Kidnapper does; then the most ExP wins."""
        rescue = state.public.get("rescue")
        if rescue and not rescue.get("scored"):
            rescue["scored"] = True
            model = state.sides[rescue["side"]].models[rescue["model"]]
            saved = rescue["rescued"] and not model.killed
            victor = rescue["side"] if saved else other(rescue["side"])
            state.sides[victor].victory_points += 3
            self.notice(state, f"Rescue: {state.sides[victor].name} is the victor, 3 ExP", 48)
        super().finish(state)

    def act_wound(self, state: TableState, event: Event) -> Done:
        """A wound (p.12). Tough (and Undead, Non-Living) rolls a d6 for each wound
        (``outcome["recovery"]``, ``"recovery_2"``..., Muster's): on a 6, or a 5-6 with Fate
        spent on Tough, the wound is ignored and the model is Stunned instead (p.29). A
        wound recorded without the roll (older logs) is taken. The Prisoner is immune."""
        self.untouchable(state, event)
        model = self.tough_model(state, event)
        found = [event.outcome.get("recovery" if i == 1 else f"recovery_{i}") for i in range(1, 100)]
        rolls = [r for r in found[: self.amount(event)] if isinstance(r, int) and not isinstance(r, bool)]
        if model is None or not rolls or model.wounds is None:
            return super().act_wound(state, event)
        side, _ = self.model_of(state, event)
        n = self.amount(event)
        fated = self.fated(state, side, "Tough")
        saved = sum(1 for r in rolls if r >= (5 if fated else 6))
        taken = n - saved
        said = ", ".join(str(r) for r in rolls)
        if saved:
            immune = any(t.name == "Full Defense" for t in model.tokens)
            if model.status != "stunned" and not immune:
                model.status = "stunned"
            self.notice(
                state,
                f"{model.name} is Tough: rolls {said}, {saved} wound{'s' if saved > 1 else ''} ignored"
                + ("" if immune else ", Stunned instead"),
                29,
            )
        else:
            self.notice(state, f"{model.name} is Tough: rolls {said}, no wound ignored", 29)
        if not taken:
            return f"{model.name} ignores the wound ({self.left(model.wounds)})", 29, None
        text, page, section = super().act_wound(state, event.model_copy(update={"value": taken}))
        return text, page, section

    def act_heal(self, state: TableState, event: Event) -> Done:
        """Give back a Wound by hand (p.25); not to the Prisoner (p.48)."""
        self.untouchable(state, event)
        return super().act_heal(state, event)

    def on_kill(self, state: TableState, side: SideIndex, model: ModelState) -> None:
        """Engagement: the enemy earns ExP (hero 3, companion 2, follower 1, p.47); the
        die stays in the bag until the Maintenance Phase (p.32)."""
        name, (page, _, kills) = self.encounter(state)
        if kills:
            exp = KILL_EXP[kind_of(model)]
            foe = state.sides[other(side)]
            foe.victory_points += exp
            self.notice(state, f"{foe.name} earns {exp} ExP for the {kind_of(model)} ({name})", page)
        self.notice(state, f"{model.name}'s die leaves the bag at the Maintenance Phase", 32)

    def act_next_turn(self, state: TableState, event: Event) -> Done:
        """The Maintenance Phase (p.32), once the bag is empty and no die is out."""
        pub = state.public
        left = sum(pub["bag"].values())
        if left or pub["drawn"] is not None:
            out = " and one out" if pub["drawn"] is not None else ""
            raise Refused(f"{left} dice still in the bag{out}: the main phase is not over (p.32)")
        return super().act_next_turn(state, event)

    def end_of_turn(self, state: TableState, event: Event) -> None:
        """Killed models' dice set aside, the rest back in the bag; Fate Pools refill;
        Death of a Hero (p.12); Full Defense ends (p.35); the encounter's last turn."""
        pub = state.public
        self.rescue_at_maintenance(state)
        held = self.prisoner(state)
        for i, s in enumerate(state.sides):
            living = sum(1 for m in s.models if not m.killed and m is not held)
            lost = pub["dice"][str(i)] - living
            if lost > 0:
                self.notice(state, f"{s.name} loses {lost} activation {'die' if lost == 1 else 'dice'}", 32)
            pub["dice"][str(i)] = living
            pub["bag"][str(i)] = living
            pool = int(s.flags.get("fate_pool") or 0)
            if s.resources.get(FATE) != pool:
                self.notice(state, f"{s.name}'s Fate Pool refills to {pool}", 32)
            s.resources[FATE] = pool
            s.flags.pop("death_of_a_hero", None)
            roll = event.outcome.get(f"death_of_a_hero_{i}")
            if isinstance(roll, int) and not isinstance(roll, bool):
                mood = "Despair" if roll <= 4 else "Vengeance"
                s.flags["death_of_a_hero"] = mood
                effect = "-1 to activation rolls" if mood == "Despair" else "+1 to resolution rolls"
                self.notice(state, f"Death of a Hero: {s.name} rolls {roll}, {mood} ({effect} next turn)", 12)
            for m in s.models:
                m.tokens = [t for t in m.tokens if t.name != "Full Defense"]
        pub["kismet_barred"] = None
        name, (page, turns, _) = self.encounter(state)
        last = turns
        extra = event.outcome.get("extra_turn")
        if name == EXTRA_TURN and state.turn == turns and isinstance(extra, int) and extra >= 4:
            last = turns + 1
            pub["last_turn"] = last
        last = int(pub.get("last_turn", last))
        if name == EXTRA_TURN and state.turn == turns and isinstance(extra, int):
            self.notice(
                state, f"{name}: rolled {extra}, {'one more turn' if extra >= 4 else 'the game ends'}", 47
            )
        if state.turn >= last:
            self.finish(state)
            self.notice(state, f"{name} ends after turn {state.turn}: {self.result(state)}", page)


PLAY = IronHonorPlay()
