"""The rules of play of Brutality Skirmish Wargame.

The transcription prints no page numbers, so every rule cites its section
(docs/rules-decisions.md). Tracked: Hit Points per model (Model Characteristics); the
status effects (Disarmed, Blinded, Knock Down, Agony, Confused, Bleeding, Trauma with
its chosen effect, Burning!: Status Effects), the Powers' tokens (Pause, Curse with its
chosen effect, Aura, Time Slip, Protect: Powers) and the Wound Chart results with their
stat changes applied to the model's line (Wound Chart), held within the Stat Minimums &
Maximums; Bleeding costs a Hit Point per token at each activation, Staunch and Stamp
clear Bleeding and Burning! (Activation Phases); one Command Token per Game Turn while
the Leader lives, lost when the Leader dies (Command Token); Victory Points: kill
points (1, a Leader 2, a Summoned model none) unless the mission drops them, plus
objective points (Scoring Points); the game ends at the end of Turn 4 (Game Length);
the mission and region chosen at set-up (Missions, Region Effects), with the list rules
of Behemoth Encounter and I Smell A Rat checked against both rosters.

From the book read alone (issue 40, tests/rules/play/readings/brutality): the Command
Token, Staunch and Stamp belong to the acting model's side; one Combat Phase action
unless a Free Action was bought; Powers' tokens end at their user's next activation or
death; Summon's Hit Point and the Summoned model's removal with its summoner; Sturdy;
Blinded through one activation; Taking Captives' Unconscious models and end scoring; the
Infiltrator first on Turn 2; the Behemoth first, its Hit Points scored, its immunities.
"""

from __future__ import annotations

import random
from decimal import Decimal, InvalidOperation
from typing import Any

from rules.brutality import play_reference
from rules.brutality.catalogue import STATS
from rules.brutality.offers import row_offers
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
    SideSnapshot,
    Snapshot,
    TableState,
    Token,
    Trackers,
)

BOOK = "Brutality Skirmish Wargame"
COMMAND = "Command Token"
GAME_TURNS = 4
STATUS = "Status Effects"
POWERS = "Powers"
CHART = "Wound Chart"

#: Missions by their D10 number (Missions); 0 is the Basic Scenario. The transcription
#: stops after 5; 6-10 are named by number only. Value: (kill points counted?).
MISSIONS: dict[int, tuple[str, bool]] = {
    0: ("Basic Scenario", True),
    1: ("Base Assault", True),
    2: ("Behemoth Encounter", True),
    3: ("Taking Captives", False),
    4: ("Grab It!", False),
    5: ("I Smell A Rat", True),
}
REGIONS = ("City/Town Ruins", "Twilight Fields", "Psycho-Tropics")

#: The Powers whose token ends at the user's next activation or death (Powers: "Power
#: effects are active until the user's next activation or until the user dies"), by the
#: token's name: the Power the user must know, and whom it targets ("enemy" / "ally").
#: Pause (Disrupt) keeps its own rule: until a Dexterity check breaks it
#: (docs/rules-decisions.md).
POWER_TOKENS: dict[str, tuple[str, str]] = {
    "Curse": ("Curse", "enemy"),
    "Aura": ("Aura", "ally"),
    "Protect": ("Protect", "ally"),
    "Time Slip": ("Time Slip", "ally"),
}
#: The Wound Chart results 2-4 that only the chart gives (Wound Chart): Sturdy treats
#: results 1-4 as Nothing (Model Abilities). Disarmed (2) also comes from Psycho-Tropics'
#: wind (Region Effects), so it is not refused.
CHART_1_TO_4 = frozenset({"Face Gash", "Broken Hand", "Skewered", "Broken Ribs", "Painful"})
#: The actions a model may take in its Movement and Combat Phases (Activation Phases),
#: the Free Action a Command Token buys may name one ("Free Action: Run").
FREE_ACTIONS = (
    "Move",
    "Stand Up",
    "Pick Up a Dropped Weapon",
    "Take Aim",
    "Powers",
    "Run",
    "Interact",
    "Staunch",
    "Stamp",
    "Use an Item",
    "Shoot",
    "Charge",
)
#: Missions whose Victory Points are all counted at the end of the game (Missions,
#: Taking Captives and Grab It!: no objectives and no kill points).
END_SCORED = ("Taking Captives", "Grab It!")
#: Taking Captives' knocked-out model (Missions): set by the rules of play at 0 Hit Points,
#: not a status players pick (the table's status menu and its list of statuses in a
#: refusal are unchanged; the row shows the word).
UNCONSCIOUS = "unconscious"

#: The Summoned model's line (Powers, Summon).
SUMMONED_LINE: dict[str, Scalar] = {"Move": 6, "FS": 4, "Dex": 4, "HP": 1, "Will": 4, "Atk": 1, "Save": 4}


def _chart(name: str, summary: str, **mods: int) -> Rule:
    return Rule(name=name, section=CHART, summary=summary, modifiers=dict(mods))


TOKENS = [
    Rule(
        name="Burning!",
        section=STATUS,
        summary="At each activation the enemy rolls a D10 per token: 2-9 removes it, 1 "
        "or 10 costs 1 Hit Point and it stays.",
    ),
    Rule(name="Bleeding", section=STATUS, summary="Loses 1 Hit Point at each activation until staunched."),
    Rule(
        name="Pause",
        section=POWERS,
        summary="May not move or act; a Dexterity check at the start of each "
        "activation breaks free (Disrupt).",
    ),
    Rule(
        name="Confused",
        section=STATUS,
        summary='Willpower check at each activation: failed, it scatters D10" and does '
        "nothing else; passed, the token goes.",
    ),
    Rule(
        name="Agony",
        section=STATUS,
        summary="Willpower check at each activation: failed, no actions in the Action "
        "Phase; passed, the token goes.",
    ),
    Rule(
        name="Knock Down",
        section=STATUS,
        summary="No Move or Aim until it makes a Stand Up action; attackers count as in its rear arc.",
    ),
    Rule(
        name="Disarmed",
        section=STATUS,
        summary="No Ranged attacks and unarmed in Melee until it picks its weapon up "
        "(next activation, or never).",
    ),
    Rule(
        name="Blinded", section=STATUS, summary="May only Move at its next activation; then the effect goes."
    ),
    Rule(
        name="Trauma",
        section=STATUS,
        summary="For the rest of the battle, the attacker's choice: -3 Save, no Ranged "
        "attacks, or unarmed in Melee.",
        choices={"-3 Save": {"Save": -3}, "No Ranged attacks": {}, "Unarmed in Melee": {}},
    ),
    Rule(
        name="Aura",
        section=POWERS,
        summary="An enemy coming into base contact takes 2 Wound Chart rolls with no Saves.",
    ),
    Rule(name="Protect", section=POWERS, summary="Save 2 higher, in Melee too.", modifiers={"Save": 2}),
    Rule(
        name="Curse",
        section=POWERS,
        summary="One penalty chosen by the caster.",
        choices={
            "-2 Fighting Skill": {"FS": -2},
            '-4" Movement': {"Move": -4},
            '-4" to Charge rolls': {},
            "-2 Willpower": {"Will": -2},
            "-2 Dexterity": {"Dex": -2},
            "-1 Attacks": {"Atk": -1},
            "-1 Save": {"Save": -1},
        },
    ),
    Rule(
        name="Time Slip",
        section=POWERS,
        summary="Remove it to turn one failed To Hit, Save, Charge or stat check into a success.",
    ),
    _chart("Face Gash", "Piercing 3: Willpower 1 lower.", Will=-1),
    _chart("Skewered", "Piercing 4: Dexterity 2 lower.", Dex=-2),
    _chart("Sliced", "Piercing 5: Fighting Skill 2 lower.", FS=-2),
    _chart("Lacerations", 'Piercing 6: Movement 2" lower.', Move=-2),
    _chart("Broken Hand", "Crushing 3: Fighting Skill 1 lower.", FS=-1),
    _chart("Broken Ribs", "Crushing 4: Dexterity 2 lower.", Dex=-2),
    _chart("Bludgeon", "Crushing 5: Willpower 2 lower.", Will=-2),
    _chart("Fracture", 'Crushing 6: Movement 2" lower.', Move=-2),
    _chart("Painful", "Burning 4: Dexterity 1 lower.", Dex=-1),
    _chart("Blistered", 'Burning 5: Movement 2" lower.', Move=-2),
]
TOKEN_NAMES = [t.name for t in TOKENS]

#: Where the book is unclear at the table, and what Muster does (docs/rules-decisions.md).
DECISIONS = [
    Rule(
        name="Bleeding",
        section=STATUS,
        summary="One Hit Point per Bleeding token as the model activates (tokens stack, as Pause tokens do).",
    ),
    Rule(
        name="Wound Chart results",
        section=CHART,
        summary="Results 1-6 are in the transcription (7-10 and "
        "Critical! are not); each is a token whose stat change holds while it is on.",
    ),
    Rule(
        name="Missions and regions",
        section="Missions",
        summary="A D10 of 6-10 names a mission the transcription "
        "lacks: kept by number, scored as the Basic Scenario. A rolled region is one of the three given.",
    ),
    Rule(
        name="Kill points",
        section="Kill Points",
        summary="Counted for every kill except a Summoned model's; "
        "Taking Captives and Grab It! count none; the Behemoth's Hit Points are scored by hand.",
    ),
    Rule(
        name="Command Token",
        section=COMMAND,
        summary="Set to one at the start of each Game Turn while the Leader "
        "lives; none at the turn's end or once the Leader dies.",
    ),
    Rule(
        name="Powers' tokens",
        section=POWERS,
        summary="A Curse, Aura, Protect or Time Slip put on by the acting model knowing the Power ends "
        "at its next activation or death; otherwise it stays. Pause lasts until a Dexterity check.",
    ),
    Rule(
        name="One Combat Phase action",
        section="Activation Phases",
        summary="A second Staunch or Stamp in one activation needs a Free Action (Command Token), "
        "except for a Disciplined model, whose own Free Action Muster does not roll.",
    ),
    Rule(
        name="Typed warbands",
        section="List Guidelines",
        summary="A warband typed in without a Leader marked has its first model as the Leader.",
    ),
    Rule(
        name="Taking Captives",
        section="Missions",
        summary="At 0 Hit Points a model is Unconscious: no kill points, healing, Powers or "
        "activation; each knocked-out enemy scores 1 at the end, carried (+1) or taken off (+2) by hand.",
    ),
    Rule(
        name="Summon",
        section=POWERS,
        summary="A Summon naming its summoner takes its Hit Point, never healed, and the Summoned "
        "model goes when the summoner dies; a Summon naming none leaves both to the players.",
    ),
]

TRACKERS = Trackers(
    statuses=[
        Rule(name="Ready", section="Activation Phases", summary="On the board."),
        Rule(
            name="Killed",
            section="Kill Points",
            summary="Slain and taken off the board: the enemy scores kill points.",
        ),
    ],
    tokens=TOKENS,
    resources=[
        Rule(
            name=COMMAND,
            section=COMMAND,
            summary="One at the start of each Game Turn while the Leader lives; lost at "
            "the turn's end or when the Leader dies.",
        ),
    ],
    actions=[
        ActionSpec(
            name="wound",
            label="Wound",
            scope="model",
            section="Model Characteristics",
            summary="Take one Hit Point off; none left: slain.",
        ),
        ActionSpec(
            name="heal",
            label="Heal",
            scope="model",
            section=POWERS,
            summary="Give back one lost Hit Point (Healing).",
        ),
        ActionSpec(
            name="status",
            label="Status",
            scope="model",
            section="Kill Points",
            summary="Mark the model killed (or ready).",
            values=["Ready", "Killed"],
        ),
        ActionSpec(
            name="token",
            label="Add token",
            scope="model",
            section=STATUS,
            summary="Put a status effect, Power token or Wound Chart result on the model.",
            values=TOKEN_NAMES,
        ),
        ActionSpec(
            name="untoken",
            label="Remove token",
            scope="model",
            section=STATUS,
            summary="Take one token off the model.",
            values=TOKEN_NAMES,
        ),
        ActionSpec(
            name="staunch",
            label="Staunch",
            scope="model",
            section="Combat Phase Actions",
            summary="Remove all Bleeding tokens.",
        ),
        ActionSpec(
            name="stamp",
            label="Stamp out",
            scope="model",
            section="Combat Phase Actions",
            summary="Remove all Burning! tokens.",
        ),
        ActionSpec(
            name="activate",
            label="Activate",
            scope="model",
            section="Activation Phases",
            summary="The model activates (once per turn); Bleeding costs its Hit Points now.",
        ),
        ActionSpec(
            name="spend",
            label="Use Command Token",
            scope="side",
            section=COMMAND,
            summary="One model takes a Free Action (not the same action twice in one activation).",
            # A named Free Action is recorded by name (docs/formats.md, section 4).
            values=["Free Action", *(f"Free Action: {a}" for a in FREE_ACTIONS)],
            cost={COMMAND: 1},
            resource=COMMAND,
        ),
        ActionSpec(
            name="respawn",
            label="Respawn",
            scope="model",
            section="Missions",
            summary="Base Assault: a killed defender comes back healed, with a Confused marker.",
        ),
        ActionSpec(
            name="summon",
            label="Summon",
            scope="side",
            section=POWERS,
            summary="Add a Summoned model (1 Hit Point, 2 on a Critical Success); it gives no kill points.",
            values=["1", "2"],
        ),
        ActionSpec(
            name="score",
            label="Score",
            scope="side",
            section="Scoring Points",
            summary="Victory Points for an objective prayed at or looted (or the mission's own).",
        ),
        ActionSpec(
            name="next-turn",
            label="Next turn",
            scope="game",
            section="Game Length",
            summary="End the Game Turn; after Turn 4 the game ends.",
        ),
        ActionSpec(
            name="end",
            label="End the game",
            scope="game",
            section="Victory Conditions",
            summary="End now: most Victory Points wins.",
        ),
    ],
    end=Rule(
        name="Game Length",
        section="Game Length",
        summary="The game ends at the end of Turn 4 unless the mission says otherwise; "
        "most Victory Points wins.",
    ),
    decisions=DECISIONS,
)


def play_models(document: Any, report: Any) -> list[PlayModel]:
    """Brutality models for the table from an evaluated roster (``report`` a
    :class:`rules.report.Report`): Hit Points from the evaluated line, the Leader tag,
    the line's values, traits, ability and Powers (Model Characteristics, List
    Guidelines)."""
    out = []
    for m in report.models:
        d = m.derived
        stats: dict[str, Scalar] = {s["key"]: s.get("value") for s in d.get("stats", [])}
        hp = stats.get("HP")
        tags = ["leader"] if d.get("leader") else []
        role = str(d.get("line") or d.get("class") or "")
        names = [str(t["name"]) for t in d.get("traits", [])]
        if d.get("ability"):
            names.append(str(d["ability"]["name"]))
        names += [str(p["name"]) if isinstance(p, dict) else str(p) for p in d.get("powers", [])]
        out.append(
            PlayModel(
                name=m.name,
                role=role,
                wounds=hp if isinstance(hp, int) else None,
                tags=tags,
                stats=stats,
                rules=names,
            )
        )
    return out


def side_points(side: SideSnapshot) -> Decimal | None:
    """The side's points total as written at the start, or None when unknown."""
    try:
        return Decimal(str(side.totals["cost"]))
    except (KeyError, InvalidOperation):
        return None


def mission_issues(snapshot: Snapshot) -> list[str]:
    """The chosen mission's list rules checked against both rosters (Missions):
    Behemoth Encounter wants lists of exactly 10 points; in I Smell A Rat the
    Infiltrator (``setup["infiltrator"]``) takes 2 points (points-free: 2 models)
    fewer than the Victim."""
    mission = snapshot.setup.get("mission")
    issues = []
    if mission == "Behemoth Encounter":
        for side in snapshot.sides:
            points = side_points(side)
            if points is None:
                issues.append(f"{side.name}: points unknown; Behemoth Encounter wants exactly 10 points")
            elif points != 10:
                issues.append(f"{side.name} has {points} points; Behemoth Encounter wants exactly 10")
    if mission == "I Smell A Rat":
        inf = snapshot.setup.get("infiltrator")
        if inf not in (0, 1):
            issues.append("I Smell A Rat: roll off for the Infiltrator and set it at set-up")
        else:
            infiltrator, victim = snapshot.sides[int(inf)], snapshot.sides[1 - int(inf)]
            a, b = side_points(infiltrator), side_points(victim)
            if a is not None and b is not None:
                if a != b - 2:
                    issues.append(
                        f"I Smell A Rat: the Infiltrator {infiltrator.name} has {a} points; it "
                        f"should have {b - 2} (2 fewer than {victim.name})"
                    )
            elif len(infiltrator.models) != len(victim.models) - 2:
                issues.append(
                    f"I Smell A Rat: the Infiltrator {infiltrator.name} has "
                    f"{len(infiltrator.models)} models; "
                    f"it should have {len(victim.models) - 2} (2 fewer than {victim.name})"
                )
    return issues


def roll_setup(rng: random.Random) -> dict[str, Scalar]:
    """A random mission (a D10, Missions) and region (one of the three the transcription
    gives, Region Effects), for ``Snapshot.setup``. A roll of 6-10 names a mission the
    transcription lacks: it is kept by number and played with the Basic Scenario's
    scoring (docs/rules-decisions.md)."""
    roll = rng.randint(1, 10)
    name = MISSIONS[roll][0] if roll in MISSIONS else f"Mission {roll}"
    return {"mission": name, "mission_roll": roll, "region": rng.choice(REGIONS)}


def mission_names() -> list[str]:
    """The missions to pick from at set-up, Basic Scenario first."""
    return [MISSIONS[k][0] for k in sorted(MISSIONS)]


def out_of_play(model: ModelState) -> bool:
    """A model that no longer acts: killed, or Unconscious (Taking Captives)."""
    return model.killed or model.status == UNCONSCIOUS


class BrutalityPlay(TablePlay):
    """The rules of play of Brutality Skirmish Wargame (see the module)."""

    system_id = "brutality"
    book = BOOK
    stat_order = STATS
    trackers = TRACKERS
    wound_word = "Hit Points"
    public_labels = {"last_activated": "Activated last"}
    reference = play_reference.REFERENCE
    setup_public = frozenset({"mission", "region", "infiltrator", "defender"})

    def setup_rules(self, public: dict[str, Any]) -> list[Rule]:
        """The mission's and region's rules (rules.brutality.play_reference)."""
        return play_reference.setup_rules(public)

    def models(self, document: Any, report: Any) -> list[PlayModel]:
        """The models for the table from an evaluated roster: :func:`play_models`."""
        return play_models(document, report)

    def typed_models(self, models: list[PlayModel]) -> list[PlayModel]:
        """With no model tagged "leader", the first typed model is the Leader (every
        warband has one, List Guidelines)."""
        out = list(models)
        if out and not any("leader" in m.tags for m in out):
            out[0] = out[0].model_copy(update={"tags": [*out[0].tags, "leader"]})
        return out

    def setup_choices(self) -> list[SetupChoice]:
        """The mission (the Basic Scenario, or one of the Missions, chosen or rolled on a
        D10), the region (Region Effects), and for Base Assault the Defender, for I Smell
        A Rat the Infiltrator (rolled off, or chosen)."""
        return [
            SetupChoice(
                key="mission",
                label="Mission",
                values=mission_names(),
                default="Basic Scenario",
                summary="Rolled: a D10 on the Missions (6-10 are not in the transcription: "
                "played with the Basic Scenario's scoring).",
                section="Missions",
                roll_gap="A roll of 6-10 names a mission Muster has not transcribed (Missions 6-10): "
                "that table plays it with the Basic Scenario's scoring, not the mission's own. "
                "Choose a mission to be sure every table plays one Muster knows.",
            ),
            SetupChoice(key="region", label="Region", values=list(REGIONS), section="Region Effects"),
            SetupChoice(
                key="defender",
                label="Base Assault: the Defender",
                values=["0", "1"],
                summary="Only in Base Assault: whose base is robbed (its dead come back).",
                section="Missions",
            ),
            SetupChoice(
                key="behemoth",
                label="Behemoth Encounter: the Behemoth",
                values=["0", "1"],
                roll=False,
                default="1",
                summary="Only in Behemoth Encounter: the side playing the Behemoth (it activates "
                "first each Game Turn; each Hit Point taken off it scores the players 1).",
                section="Missions",
            ),
            SetupChoice(
                key="infiltrator",
                label="I Smell A Rat: the Infiltrator",
                values=["0", "1"],
                summary="Only in I Smell A Rat: the side with 2 points fewer, and the traitor.",
                section="Missions",
            ),
        ]

    def roll_setup(self, key: str, chosen: dict[str, Scalar], rng: random.Random) -> dict[str, Scalar]:
        """The mission on a D10 (Missions), a region at random, the Defender and the
        Infiltrator by a D10 roll-off (again on a tie)."""
        if key == "mission":
            rolled = roll_setup(rng)
            return {"mission": rolled["mission"], "mission_roll": rolled["mission_roll"]}
        if key in ("defender", "infiltrator"):
            # Only for the mission that has the role (issue 40: no Defender announced in
            # a game that is not Base Assault).
            if chosen.get("mission") != ("Base Assault" if key == "defender" else "I Smell A Rat"):
                return {}
            while True:
                a, b = rng.randint(1, 10), rng.randint(1, 10)
                if a != b:
                    return {key: 0 if a > b else 1, f"{key}_rolls": f"{a} v {b}"}
        return super().roll_setup(key, chosen, rng)

    def set_up(self, state: TableState, snapshot: Snapshot) -> None:
        """Mission and region (Basic Scenario by default), their list checks, and the
        first Command Tokens (Command Token)."""
        mission = str(snapshot.setup.get("mission") or "Basic Scenario")
        region = snapshot.setup.get("region")
        state.hidden["server"] = {}
        state.public = {
            "mission": mission,
            "region": region if isinstance(region, str) else None,
            "last_turn": GAME_TURNS,
        }
        if "infiltrator" in snapshot.setup and mission == "I Smell A Rat":
            state.public["infiltrator"] = snapshot.setup["infiltrator"]
        if "defender" in snapshot.setup and mission == "Base Assault":
            state.public["defender"] = snapshot.setup["defender"]
        if snapshot.setup.get("behemoth") in (0, 1) and mission == "Behemoth Encounter":
            self.notes(state)["behemoth"] = snapshot.setup["behemoth"]
        for issue in mission_issues(snapshot):
            state.notices.append(f"{issue} ({self.source(None, 'Missions')})")
        state.phase = "activation"
        self.start_of_turn(state, None)

    def kill_points(self, state: TableState) -> bool:
        """Whether the mission scores kill points (Taking Captives and Grab It! do not;
        nor Behemoth Encounter once the Behemoth's side is known: its Victory Points are
        the Hit Points taken off the Behemoth)."""
        if self.behemoth(state) is not None:
            return False
        for name, kills in MISSIONS.values():
            if name == state.public.get("mission"):
                return kills
        return True

    def clamp(self, key: str, value: Scalar) -> Scalar:
        """No stat below 1 except Hit Points, none above 8 except Movement (Stat
        Minimums & Maximums)."""
        if not isinstance(value, int) or isinstance(value, bool) or key == "HP":
            return value
        value = max(1, value)
        return value if key == "Move" else min(8, value)

    def restat(self, model: ModelState) -> None:
        """The line after tokens (TablePlay.restat); a Summoned model's Save never below
        4 (Powers, Summon: it can never have its Save reduced below 4)."""
        super().restat(model)
        save = model.stats.get("Save")
        if "summoned" in model.tags and isinstance(save, int) and not isinstance(save, bool) and save < 4:
            model.stats["Save"] = 4

    def after_tokens(self, state: TableState, side: SideIndex, model: ModelState) -> None:
        """A token's stat changes apply to the model's line at once."""
        self.restat(model)

    def on_kill(self, state: TableState, side: SideIndex, model: ModelState) -> None:
        """Kill points to the enemy: 1, a Leader 2, a Summoned model none (Kill Points,
        Powers); a dead Leader's Command Token is lost (Command Token)."""
        foe = state.sides[other(self.controller(state, side, model))]
        if "summoned" in model.tags:
            self.notice(state, f"{model.name} was Summoned: no kill points", None, POWERS)
        elif self.kill_points(state):
            vp = 2 if "leader" in model.tags else 1
            foe.victory_points += vp
            self.notice(
                state,
                f"{foe.name} scores {vp} Victory Point{'s' if vp > 1 else ''} for the kill",
                None,
                "Kill Points",
            )
        self.expire_powers(state, side, model, "is killed")
        if side == self.behemoth(state) and all(m.killed for m in state.sides[side].models):
            state.finished = True
            state.winner = other(side)
            self.notice(
                state, f"The Behemoth is dead: {state.sides[other(side)].name} wins", None, "Missions"
            )
        for key, summoner in dict(self.notes(state).get("summoners", {})).items():
            s_side, s_index = (int(x) for x in key.split(":"))
            summoned = state.sides[s_side].models[s_index]
            if s_side == side and summoner == model.index and not summoned.killed:
                self.kill(state, side, summoned, f"its Summoner {model.name} is killed (Powers, Summon)")
        if "leader" in model.tags:
            mine = state.sides[side]
            if mine.resources.get(COMMAND):
                self.notice(state, f"{mine.name}'s Leader is dead: the Command Token is lost", None, COMMAND)
            mine.resources[COMMAND] = 0

    def start_of_turn(self, state: TableState, event: Event | None) -> None:
        """One Command Token for each side whose Leader lives; tokens never carry over
        (Command Token). From Turn 2 the side that has lost more models may activate
        first; a tie is rolled off (First Activation Each Turn)."""
        for s in state.sides:
            alive = any("leader" in m.tags and not m.killed for m in s.models)
            s.resources[COMMAND] = 1 if alive else 0
        state.public["last_activated"] = None
        state.active = None
        self.name_traitor(state, event)
        if state.turn > 1:
            lost = [
                sum(1 for m in s.models if out_of_play(m) and "summoned" not in m.tags) for s in state.sides
            ]
            if lost[0] == lost[1]:
                text = "Both sides have lost as many models: roll off to activate first"
            else:
                more = state.sides[0 if lost[0] > lost[1] else 1].name
                text = f"{more} has lost more models: it may activate first"
            self.notice(state, text, None, "First Activation Each Turn")

    def end_of_turn(self, state: TableState, event: Event) -> None:
        """Unused Command Tokens are lost; after Turn 4 the game ends (Game Length)."""
        self.end_activation(state)
        self.notes(state)["combat"] = []
        self.notes(state)["free"] = None
        for s in state.sides:
            s.resources[COMMAND] = 0
        if state.turn >= int(state.public.get("last_turn", GAME_TURNS)):
            self.finish(state)
            self.notice(
                state,
                f"The game ends at the end of Turn {state.turn}: {self.result(state)}",
                None,
                "Game Length",
            )

    def unfinished(self, state: TableState, event: Event) -> list[tuple[SideIndex, str]]:
        """ "Next turn" while models of either side are still to activate ends the Game
        Turn for them: players take turns until every model has activated (Activation
        Phases), so the models waiting are named, side by side (issue 40)."""
        if event.action != "next-turn" or state.finished:
            return []
        out: list[tuple[SideIndex, str]] = []
        for side in (0, 1):
            names = [m.name for m in self.waiting(state, side)]
            if names:
                verb = "has" if len(names) == 1 else "have"
                out.append((side, f"{some_names(names)} ({state.sides[side].name}) {verb} not activated"))
        return out

    def ending_question(self, state: TableState, event: Event) -> str:
        """Ending the last Game Turn ends the game (Game Length): the question says so."""
        last = int(state.public.get("last_turn", GAME_TURNS))
        if event.action == "next-turn" and state.turn >= last:
            return f"End Turn {state.turn}? It is the last: that ends the game (Game Length)"
        return super().ending_question(state, event)

    def early_end(self, state: TableState) -> str | None:
        """Every game ends at the end of Turn 4 unless the mission says otherwise, and a
        warband wiped out does not end it (Game Length; Victory Conditions): before
        that an ``end`` is refused. Players who stop earlier agree to stop without a
        result (``accept-end``)."""
        last = int(state.public.get("last_turn", GAME_TURNS))
        if state.turn < last or self.waiting(state, 0) or self.waiting(state, 1):
            return f"the game ends at the end of Turn {last} (Game Length)"
        return None

    def waiting(self, state: TableState, side: SideIndex) -> list[ModelState]:
        """The models of ``side`` still to activate this turn (in play, not yet activated)."""
        return [
            m
            for list_side in (0, 1)
            for m in state.sides[list_side].models
            if self.controller(state, 0 if list_side == 0 else 1, m) == side
            and not out_of_play(m)
            and not m.activated
        ]

    def on_activate(self, state: TableState, side: SideIndex, model: ModelState) -> int | None:
        """Players take turns activating one model each until every model of both sides
        has activated (Activation Phases): a side that activated last waits for the other
        while the other still has a model waiting. Each Bleeding token costs a Hit Point
        as the model activates; Blinded goes after this activation (Status Effects). The
        other tokens' checks are the player's to roll, so they are only recalled. I Smell
        A Rat's traitor takes its turn as the Infiltrator's (:meth:`controller`)."""
        last = state.public.get("last_activated")
        mine = self.controller(state, side, model)
        foe: SideIndex = other(mine)
        if last == mine and self.waiting(state, foe):
            raise Refused(
                f"it is {state.sides[foe].name}'s turn to activate a model: players take turns "
                "(Activation Phases)"
            )
        if out_of_play(model):
            raise Refused(f"{model.name} is Unconscious: it does not activate (Missions, Taking Captives)")
        self.end_activation(state)
        state.public["last_activated"] = mine
        self.notes(state)["combat"] = []
        self.notes(state)["free"] = None
        self.expire_powers(state, side, model, "activates again")
        # Whose activation comes next: the other side while it has a model waiting.
        after_me = [m for m in self.waiting(state, mine) if m is not model]
        state.active = foe if self.waiting(state, foe) else (mine if after_me else None)
        bleeding = sum(1 for t in model.tokens if t.name == "Bleeding")
        if bleeding and model.wounds is not None:
            self.behemoth_hurt(state, side, min(bleeding, model.wounds))
            model.wounds = max(0, model.wounds - bleeding)
            self.notice(
                state,
                f"{model.name} bleeds: -{bleeding} Hit Point{'s' if bleeding > 1 else ''}",
                None,
                STATUS,
            )
            if model.wounds == 0:
                self.kill(state, side, model, "bled out")
        checks = sorted(
            {t.name for t in model.tokens if t.name in ("Burning!", "Pause", "Confused", "Agony")}
        )
        if checks:
            self.notice(state, f"{model.name} starts its activation with {', '.join(checks)}", None, STATUS)
        names = {t.name for t in model.tokens}
        if "Knock Down" in names:
            self.notice(state, f"{model.name} must Stand Up before it may Move or Aim", None, STATUS)
        if "Disarmed" in names:
            self.notice(state, f"{model.name} picks up its weapon now or stays Disarmed", None, STATUS)
        if "Blinded" in names:
            self.notes(state)["blinded"] = [side, model.index]
            self.notice(
                state, f"{model.name} is Blinded: only a Move this activation, then it goes", None, STATUS
            )
        return None

    def clear(self, state: TableState, event: Event, token: str) -> Done:
        """Remove every ``token`` from a model."""
        _side, model = self.model_of(state, event)
        n = sum(1 for t in model.tokens if t.name == token)
        if not n:
            raise Refused(f"{model.name} has no {token} token")
        model.tokens = [t for t in model.tokens if t.name != token]
        self.restat(model)
        return f"{model.name}: {n} {token} removed", None, None

    def act_staunch(self, state: TableState, event: Event) -> Done:
        """Staunching Bleeding: all Bleeding tokens off, on the acting model or an ally
        (Combat Phase Actions; see :meth:`combat_action`)."""
        self.combat_action(state, event, "Staunch")
        done = self.clear(state, event, "Bleeding")
        self.took(state, "Staunch")
        return done

    def act_stamp(self, state: TableState, event: Event) -> Done:
        """Stamping Out Flames: all Burning! tokens off, on the acting model or an ally
        (Combat Phase Actions; see :meth:`combat_action`)."""
        self.combat_action(state, event, "Stamp")
        done = self.clear(state, event, "Burning!")
        self.took(state, "Stamp")
        return done

    # --- who acts now (Activation Phases) ----------------------------------------------

    @staticmethod
    def notes(state: TableState) -> dict[str, Any]:
        """What the rules of play keep for themselves and the table does not show (the
        acting model's Combat Phase actions and Free Action, whose Powers' tokens are
        where, who summoned which model, Hit Points paid for a Summon, the Blinded model
        acting): ``state.hidden["server"]``, which no seat is shown."""
        notes: dict[str, Any] = state.hidden.get("server", {})
        return notes

    def row_offers(self, state: TableState, side: int, model: ModelState) -> list[Any]:
        """What ``model``'s row offers now (rules.brutality.offers)."""
        return row_offers(self, state, side, model)

    def acting(self, state: TableState) -> tuple[SideIndex, ModelState] | None:
        """The model whose activation this is (the latest activated this Game Turn), or
        None before the turn's first activation is tapped."""
        current = state.public.get("current")
        if not isinstance(current, list) or len(current) != 2:
            return None
        side: SideIndex = 0 if int(current[0]) == 0 else 1
        return side, state.sides[side].models[int(current[1])]

    def blinded_now(self, state: TableState) -> ModelState | None:
        """The acting model when it is Blinded: it may only Move in this activation
        (Status Effects, Blinded)."""
        acting = self.acting(state)
        if acting is not None and self.notes(state).get("blinded") == [acting[0], acting[1].index]:
            return acting[1]
        return None

    def end_activation(self, state: TableState) -> None:
        """The activation in progress is over: a Blinded model's token goes after its one
        activation of being Blinded (Status Effects, Blinded)."""
        blinded = self.notes(state).pop("blinded", None)
        if isinstance(blinded, list) and len(blinded) == 2:
            model = state.sides[int(blinded[0])].models[int(blinded[1])]
            if any(t.name == "Blinded" for t in model.tokens):
                model.tokens = [t for t in model.tokens if t.name != "Blinded"]
                self.restat(model)
                self.notice(state, f"{model.name} is no longer Blinded", None, STATUS)

    def combat_action(self, state: TableState, event: Event, action: str) -> None:
        """A Staunch or Stamp is the acting model's Combat Phase action, on itself or an
        ally (Combat Phase Actions: "themselves or an ally within 1 inch"): refused on a
        model of the side not acting, by a Blinded model (it may only Move), and as a
        second Combat Phase action in one activation unless a Command Token bought a Free
        Action (not the same action twice; Command Token). A Disciplined model may have
        a Free Action of its own (Model Abilities): not checked. Before the turn's first
        tapped activation nothing is known, so nothing is refused."""
        acting = self.acting(state)
        if acting is None:
            return
        side, model = acting
        target, _ = self.side_of(state, event)
        targets = state.sides[target].models
        whom = targets[event.model] if event.model is not None and event.model < len(targets) else None
        if (self.controller(state, target, whom) if whom else target) != self.controller(state, side, model):
            raise Refused(
                f"a {action} is the acting model's Combat Phase action, on itself or an ally: "
                f"{model.name} of {state.sides[side].name} is acting (Combat Phase Actions)"
            )
        if self.blinded_now(state) is not None:
            raise Refused(f"{model.name} is Blinded: it may only Move this activation (Status Effects)")
        done = list(self.notes(state).get("combat") or [])
        if not done or "Disciplined" in model.rules:
            return
        free = self.notes(state).get("free")
        if not isinstance(free, dict) or free.get("used"):
            raise Refused(
                f"{model.name} has made its Combat Phase action ({done[0]}): one a phase, and a "
                "Free Action needs a Command Token (Activation Phases, Command Token)"
            )
        if action in done or free.get("action") not in (None, action):
            raise Refused(
                f"the Free Action is {free.get('action') or 'bought'}; a model may not make the "
                f"same action twice in one activation (Command Token)"
            )

    def took(self, state: TableState, action: str) -> None:
        """Count ``action`` as the acting model's Combat Phase action, or its Free Action."""
        if self.acting(state) is None:
            return
        done = list(self.notes(state).get("combat") or [])
        free = self.notes(state).get("free")
        if done and isinstance(free, dict) and not free.get("used"):
            self.notes(state)["free"] = {**free, "used": True, "action": action}
        self.notes(state)["combat"] = [*done, action]

    # --- the Command Token (Command Token) ---------------------------------------------

    def act_spend(self, state: TableState, event: Event) -> Done:
        """The Command Token: a Free Action for the model activating now, of the side
        that spends it ("used by the model of your choice when they activate"): refused
        while a model of the other side is acting, and for a Blinded model (it takes no
        other action). ``value`` "Free Action", or "Free Action: <action>" naming the
        action it buys (one of :data:`FREE_ACTIONS`; docs/formats.md, section 4)."""
        head, _, named = str(event.value or "").partition(":")
        action = None
        if named.strip():
            named_event = event.model_copy(update={"value": named.strip()})
            action = self.choice(named_event, list(FREE_ACTIONS), "action")
        index, side = self.side_of(state, event)
        acting = self.acting(state)
        if acting is not None and side.resources.get(COMMAND, 0) > 0:
            if self.controller(state, acting[0], acting[1]) != index:
                raise Refused(
                    f"the Command Token is used by one of {side.name}'s models as it activates; "
                    f"{acting[1].name} of {state.sides[acting[0]].name} is acting (Command Token)"
                )
            if self.blinded_now(state) is not None:
                raise Refused(
                    f"{acting[1].name} is Blinded: it may only Move this activation, no Free Action "
                    "(Status Effects)"
                )
            if action is not None and action in (self.notes(state).get("combat") or []):
                raise Refused(
                    f"{acting[1].name} has made a {action} this activation: a Free Action may not "
                    "repeat it (Command Token)"
                )
        text, page, section = super().act_spend(state, event.model_copy(update={"value": head.strip()}))
        if acting is not None and self.controller(state, acting[0], acting[1]) == index:
            self.notes(state)["free"] = {"model": acting[1].index, "action": action, "used": False}
            text = f"{text} for {acting[1].name}" + (f" ({action})" if action else "")
        elif action:
            text = f"{text} ({action})"
        return text, page, section

    # --- Powers' tokens (Powers) ------------------------------------------------------

    def act_token(self, state: TableState, event: Event) -> Done:
        """A token on a model (TablePlay.act_token), with what the book forbids:
        Sturdy treats Wound Chart results 1-4 as Nothing (Model Abilities); a KO'd model
        may not be the target of Powers (Missions, Taking Captives); a Power used by the
        acting model (it knows the Power: its name is in the model's rules) targets an
        enemy (Curse) or an ally (Aura, Protect, Time Slip), not when Blinded, and its
        token lasts until the user's next activation or death (Powers)."""
        side, model = self.model_of(state, event)
        name = str(event.value or "").partition(":")[0].strip()
        rule = next((t for t in TOKENS if t.name.lower() == name.lower()), None)
        name = rule.name if rule is not None else name
        if name in CHART_1_TO_4 and "Sturdy" in model.rules:
            raise Refused(
                f"{model.name} is Sturdy: Wound Chart results 1-4 count as Nothing (Model Abilities)"
            )
        if side == self.behemoth(state) and name in ("Disarmed", "Knock Down", "Pause", "Confused"):
            raise Refused(f"the Behemoth is never affected by {name} (Missions, Behemoth Encounter)")
        if model.status == UNCONSCIOUS and rule is not None and rule.section == POWERS:
            raise Refused(f"{model.name} is knocked out: not a target of Powers (Missions, Taking Captives)")
        acting = self.acting(state)
        user = None
        if name in POWER_TOKENS and acting is not None and POWER_TOKENS[name][0] in acting[1].rules:
            user = acting
            enemy = POWER_TOKENS[name][1] == "enemy"
            if (self.controller(state, side, model) != self.controller(state, user[0], user[1])) != enemy:
                raise Refused(
                    f"{name} targets {'an enemy' if enemy else 'an ally'} of {user[1].name} (Powers, {name})"
                )
            if self.blinded_now(state) is not None:
                raise Refused(f"{user[1].name} is Blinded: it may only Move this activation (Status Effects)")
        done = super().act_token(state, event)
        if user is not None:
            token = model.tokens[-1]
            self.notes(state).setdefault("powers", []).append(
                [user[0], user[1].index, side, model.index, token.name, token.detail]
            )
        return done

    def expire_powers(self, state: TableState, side: SideIndex, user: ModelState, why: str) -> None:
        """The tokens of the Powers ``user`` used end: it activates again or dies ("Power
        effects are active until the user's next activation or until the user dies",
        Powers). A token a player already took off is simply forgotten."""
        kept = []
        for entry in self.notes(state).get("powers", []):
            u_side, u_index, t_side, t_index, name, detail = entry
            if (u_side, u_index) != (side, user.index):
                kept.append(entry)
                continue
            target = state.sides[t_side].models[t_index]
            for i, t in enumerate(target.tokens):
                if t.name == name and t.detail == detail:
                    del target.tokens[i]
                    self.restat(target)
                    self.notice(state, f"{target.name}'s {name} ends: {user.name} {why}", None, POWERS)
                    break
        if "powers" in self.notes(state):
            self.notes(state)["powers"] = kept

    # --- Summon (Powers, Summon) -----------------------------------------------------

    def summoner(self, state: TableState, event: Event) -> ModelState:
        """The model that uses Summon (``event.model`` of the event's side): alive, the
        model acting now when an activation is tapped, knowing Summon when its rules are
        known, not Blinded."""
        index, side = self.side_of(state, event)
        model_index = int(event.model or 0)
        if model_index >= len(side.models):
            raise Refused(f"{side.name} has no model number {model_index}")
        model = side.models[model_index]
        if out_of_play(model):
            raise Refused(f"{model.name} is out of the game")
        acting = self.acting(state)
        if acting is not None and (acting[0], acting[1].index) != (index, model.index):
            raise Refused(f"Summon is a Power of the acting model; {acting[1].name} is acting (Powers)")
        if model.rules and "Summon" not in model.rules:
            raise Refused(f"{model.name} does not know Summon (Powers)")
        if self.blinded_now(state) is not None:
            raise Refused(f"{model.name} is Blinded: it may only Move this activation (Status Effects)")
        return model

    def pay_for_summon(self, state: TableState, side: SideIndex, summoner: ModelState) -> None:
        """The summoner removes 1 Hit Point from itself that cannot be healed this game
        (Powers, Summon), even on a Critical Success."""
        if summoner.wounds is None:
            return
        summoner.wounds = max(0, summoner.wounds - 1)
        key = f"{side}:{summoner.index}"
        spent = self.notes(state).setdefault("unhealable", {})
        spent[key] = int(spent.get(key, 0)) + 1
        self.notice(state, f"{summoner.name} pays 1 Hit Point for the Summon, not to be healed", None, POWERS)
        if summoner.wounds == 0:
            self.kill(state, side, summoner, "its last Hit Point paid for a Summon")

    def act_heal(self, state: TableState, event: Event) -> Done:
        """Healing (TablePlay.act_heal), never the Hit Points paid for a Summon (Powers,
        Summon) nor a model Unconscious in Taking Captives (Missions)."""
        side, model = self.model_of(state, event)
        if model.status == UNCONSCIOUS:
            raise Refused(f"{model.name} is Unconscious: it may not be healed (Missions, Taking Captives)")
        spent = int(self.notes(state).get("unhealable", {}).get(f"{side}:{model.index}", 0))
        wounds, most = model.wounds, model.max_wounds
        if spent and wounds is not None and most is not None and wounds + self.amount(event) > most - spent:
            raise Refused(
                f"{model.name} paid {spent} Hit Point{'s' if spent > 1 else ''} for a Summon: "
                "not to be healed this game (Powers, Summon)"
            )
        return super().act_heal(state, event)

    # --- Taking Captives and the missions scored at the end (Missions) ----------------

    def act_wound(self, state: TableState, event: Event) -> Done:
        """A wound (TablePlay.act_wound); an Unconscious model has none left to lose."""
        side, model = self.model_of(state, event)
        if model.status == UNCONSCIOUS:
            raise Refused(f"{model.name} is already Unconscious (Missions, Taking Captives)")
        before = model.wounds
        done = super().act_wound(state, event)
        if before is not None and model.wounds is not None:
            self.behemoth_hurt(state, side, before - model.wounds)
        return done

    # --- I Smell A Rat (Missions) ---------------------------------------------------

    def controller(self, state: TableState, side: SideIndex, model: ModelState) -> SideIndex:
        """The side that activates ``model`` of ``side``'s list: its own, but I Smell A
        Rat's traitor plays for the Infiltrator from Turn 2 (Missions: it leaves the
        Victim's list for the Infiltrator's). It stays in the Victim's list in the log, so
        events still name it there."""
        traitor = self.notes(state).get("traitor")
        infiltrator = state.public.get("infiltrator")
        if infiltrator in (0, 1) and traitor == [side, model.index]:
            return 0 if infiltrator == 0 else 1
        return side

    def decide(self, state: TableState, event: Event, rng: random.Random) -> dict[str, Scalar]:
        """I Smell A Rat: ending Turn 1 rolls which of the Victim's models is the traitor,
        dead ones included (Missions: "Roll randomly"), as ``{"traitor": index}``."""
        infiltrator = state.public.get("infiltrator")
        if (
            event.action == "next-turn"
            and not state.finished
            and state.turn == 1
            and state.public.get("mission") == "I Smell A Rat"
            and infiltrator in (0, 1)
        ):
            victim = state.sides[1 - int(infiltrator)]
            listed = [m.index for m in victim.models if "summoned" not in m.tags]
            if listed:
                return {"traitor": listed[rng.randint(1, len(listed)) - 1]}
        return {}

    def name_traitor(self, state: TableState, event: Event | None) -> None:
        """At the beginning of Turn 2, the traitor rolled with the ``next-turn`` event
        joins the Infiltrator (I Smell A Rat, Missions)."""
        infiltrator = state.public.get("infiltrator")
        if event is None or state.turn != 2 or infiltrator not in (0, 1):
            return
        if state.public.get("mission") != "I Smell A Rat":
            return
        index = event.outcome.get("traitor")
        victim: SideIndex = 1 if infiltrator == 0 else 0
        models = state.sides[victim].models
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(models):
            self.notes(state)["traitor"] = [victim, index]
            self.notice(
                state,
                f"{models[index].name} is the traitor: it plays for {state.sides[int(infiltrator)].name} "
                "for the rest of the game and activates first",
                None,
                "Missions",
            )

    def actor(self, state: TableState, event: Event) -> tuple[SideIndex, str] | None:
        """With two phones, the traitor of I Smell A Rat is activated by the Infiltrator's
        player (Missions); otherwise as TablePlay.actor."""
        if event.action == "activate" and event.target in (0, 1) and event.model is not None:
            models = state.sides[event.target].models
            if event.model < len(models):
                ctrl = self.controller(state, event.target, models[event.model])
                if ctrl != event.target:
                    if event.side == ctrl:
                        return None
                    name = state.sides[ctrl].name
                    return ctrl, f"the traitor plays for {name}: its player activates it (Missions)"
        return super().actor(state, event)

    # --- Behemoth Encounter (Missions) ---------------------------------------------

    def behemoth(self, state: TableState) -> SideIndex | None:
        """The side playing the Behemoth in Behemoth Encounter (``setup["behemoth"]``),
        or None (another mission, or not set: then scored by hand)."""
        side = self.notes(state).get("behemoth")
        return side if side in (0, 1) else None

    def behemoth_hurt(self, state: TableState, side: SideIndex, n: int) -> None:
        """Each Hit Point taken off the Behemoth scores the players 1 Victory Point
        (Missions, Behemoth Encounter)."""
        if n > 0 and side == self.behemoth(state):
            players = state.sides[other(side)]
            players.victory_points += n
            self.notice(
                state,
                f"{players.name} scores {n} Victory Point{'s' if n > 1 else ''}: Hit Points taken off "
                "the Behemoth",
                None,
                "Missions",
            )

    def kill(self, state: TableState, side: SideIndex, model: ModelState, why: str) -> None:
        """In Taking Captives a model reduced to 0 Hit Points is Unconscious, not slain
        (Missions): no kill points, it stays on the board to be carried off. Marked
        Killed by a player, or Summoned, it is taken out as elsewhere (TablePlay.kill)."""
        if (
            state.public.get("mission") == "Taking Captives"
            and why != "marked killed"
            and "summoned" not in model.tags
        ):
            model.status = UNCONSCIOUS
            if model.wounds is not None:
                model.wounds = 0
            state.notices.append(f"{model.name} is Unconscious: knocked out at 0 Hit Points ({why})")
            return
        super().kill(state, side, model, why)

    def finish(self, state: TableState) -> None:
        """The end of the game (TablePlay.finish). Taking Captives: each enemy model an
        opponent knocked out scores 1 Victory Point (Missions); carried (2) or taken off
        the board (3) are the players' to add, as Muster does not see the table."""
        if state.public.get("mission") == "Taking Captives" and not self.notes(state).get("captives_scored"):
            self.notes(state)["captives_scored"] = True
            for index, side in enumerate(state.sides):
                foe = state.sides[other(index)]
                n = sum(1 for m in foe.models if m.status == UNCONSCIOUS)
                if n:
                    side.victory_points += n
                    self.notice(
                        state,
                        f"{side.name} scores {n} Victory Point{'s' if n > 1 else ''} for the enemy "
                        "knocked out (carried: +1 each, taken off the board: +2 each, by hand)",
                        None,
                        "Missions",
                    )
        super().finish(state)

    def act_score(self, state: TableState, event: Event) -> Done:
        """Victory Points (TablePlay.act_score). In Taking Captives and Grab It! nothing
        is scored during play (no objectives, no kill points; the Grab It! element may
        not be interacted with): only at the end of the game, once every model of the
        last Game Turn has activated (Missions).

        A score naming its ``model`` is that model praying or looting, its Interact
        action in the Combat Phase (Scoring Points, Activation Phases): the model acting
        now when an activation is tapped, not Blinded, counted as its Combat Phase action
        (a second needs a Free Action, not a second Interact: Command Token); in Base
        Assault a Loot! is 2 for the Attacker's model, 1 for the Defender's (Missions)."""
        if event.model is not None:
            return self.interact(state, event)
        mission = state.public.get("mission")
        if mission in END_SCORED:
            last = state.turn >= int(state.public.get("last_turn", GAME_TURNS))
            if not last or self.waiting(state, 0) or self.waiting(state, 1):
                raise Refused(
                    f"{mission}: Victory Points are counted at the end of the game, after the last "
                    "activation of the last Game Turn (Missions)"
                )
        return super().act_score(state, event)

    def interact(self, state: TableState, event: Event) -> Done:
        """A score made by a model's prayer or loot (see :meth:`act_score`)."""
        mission = state.public.get("mission")
        if mission in END_SCORED:
            raise Refused(f"{mission}: no objective is prayed at or looted (Missions)")
        index, model = self.model_of(state, event)
        if out_of_play(model):
            raise Refused(f"{model.name} is out of the game")
        acting = self.acting(state)
        if acting is not None and (acting[0], acting[1].index) != (index, model.index):
            raise Refused(
                f"praying or looting is the Interact action of the model activating: "
                f"{acting[1].name} is acting, not {model.name} (Activation Phases)"
            )
        self.combat_action(state, event, "Interact")
        defender = state.public.get("defender")
        if mission == "Base Assault" and defender in (0, 1):
            loot = 1 if index == defender else 2
            if self.amount(event) != loot:
                whose = "Defender" if index == defender else "Attacker"
                raise Refused(
                    f"Base Assault: a Loot! by the {whose}'s model is {loot} Victory Point(s) (Missions)"
                )
        text, page, section = super().act_score(state, event)
        self.took(state, "Interact")
        return f"{model.name} prays or loots: {text}", page, section or "Scoring Points"

    def act_activate(self, state: TableState, event: Event) -> Done:
        """An activation (TablePlay.act_activate). I Smell A Rat: at the beginning of
        Turn 2 the Infiltrator goes first and must activate its spy, one of the Victim's
        models (Missions): the traitor Muster rolled (:meth:`decide`), or, where none was
        rolled (a log written by hand), at least a model of the Victim's list."""
        target, _ = self.side_of(state, event)
        infiltrator = state.public.get("infiltrator")
        if (
            state.public.get("mission") == "I Smell A Rat"
            and state.turn == 2
            and state.public.get("last_activated") is None
            and infiltrator in (0, 1)
        ):
            traitor = self.notes(state).get("traitor")
            if isinstance(traitor, list) and len(traitor) == 2:
                spy = state.sides[int(traitor[0])].models[int(traitor[1])]
                if [target, event.model] != traitor and not out_of_play(spy) and not spy.activated:
                    raise Refused(
                        f"I Smell A Rat: on Turn 2 the Infiltrator activates its spy {spy.name} first "
                        "(Missions)"
                    )
                if out_of_play(spy) and target != infiltrator:
                    raise Refused("I Smell A Rat: on Turn 2 the Infiltrator activates first (Missions)")
            elif target == infiltrator:
                raise Refused(
                    "I Smell A Rat: on Turn 2 the Infiltrator's spy, a model of the Victim's list, activates "
                    "first (Missions)"
                )
        beast = self.behemoth(state)
        if (
            beast is not None
            and target != beast
            and state.public.get("last_activated") is None
            and self.waiting(state, beast)
        ):
            raise Refused(
                "Behemoth Encounter: the Behemoth activates at the beginning of each Game Turn (Missions)"
            )
        return super().act_activate(state, event)

    def act_respawn(self, state: TableState, event: Event) -> Done:
        """Base Assault: a killed defender comes back at its spawn point fully healed
        with a Confused marker (Missions, Base Assault); its kill points stay scored."""
        if state.public.get("mission") != "Base Assault":
            raise Refused("only Base Assault's defenders come back (Missions)")
        side, model = self.model_of(state, event, alive=False)
        defender = state.public.get("defender")
        if defender in (0, 1) and side != defender:
            raise Refused(
                f"only the Defender's dead come back: {state.sides[defender].name} defends (Missions)"
            )
        if not model.killed:
            raise Refused(f"{model.name} is not killed")
        if model.killed_turn is not None and model.killed_turn >= state.turn:
            raise Refused(
                f"{model.name} was killed this Game Turn: "
                "it comes back at the beginning of the next (Missions)"
            )
        model.status = "ready"
        model.killed_turn = None
        model.wounds = model.max_wounds
        model.tokens = [Token(name="Confused")]
        self.restat(model)
        return f"{model.name} comes back at the spawn point, healed and Confused", None, "Missions"

    def act_summon(self, state: TableState, event: Event) -> Done:
        """A Summoned model joins the side (Powers, Summon): 1 Hit Point, 2 on a
        Critical Success (``value`` 2); it gives up no kill points. Its summoner, named in
        ``model`` or else the acting model of that side when it knows Summon, pays 1 Hit
        Point not to be healed, and the Summoned model goes when it dies; with no summoner
        known (no activation tapped, older logs) both are left to the players."""
        index, side = self.side_of(state, event)
        hp = self.amount(event)
        if hp not in (1, 2):
            raise Refused("a Summoned model has 1 Hit Point, 2 on a Critical Success")
        summoner = self.summoner(state, event) if event.model is not None else None
        acting = self.acting(state)
        if summoner is None and acting is not None and acting[0] == index and "Summon" in acting[1].rules:
            # The table's Summon button names no model: the acting model that knows
            # Summon is the summoner.
            summoner = self.summoner(state, event.model_copy(update={"model": acting[1].index}))
        if summoner is not None:
            self.pay_for_summon(state, index, summoner)
        n = sum(1 for m in side.models if "summoned" in m.tags) + 1
        line = {**SUMMONED_LINE, "HP": hp}
        side.models.append(
            ModelState(
                index=len(side.models),
                name=f"Summoned {n}",
                role="Summoned",
                tags=["summoned"],
                max_wounds=hp,
                wounds=hp,
                stats=dict(line),
                base_stats=dict(line),
            )
        )
        if summoner is not None:
            self.notes(state).setdefault("summoners", {})[f"{index}:{len(side.models) - 1}"] = summoner.index
            who = summoner.name
            if summoner.killed:
                self.kill(state, index, side.models[-1], f"its Summoner {who} is killed (Powers, Summon)")
        else:
            who = side.name
        return f"{who} summons a model with {hp} Hit Point{'s' if hp > 1 else ''}", None, None


PLAY = BrutalityPlay()
