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
"""

from __future__ import annotations

import random
from decimal import Decimal, InvalidOperation
from typing import Any

from rules.brutality.catalogue import STATS
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
        name="Typed warbands",
        section="List Guidelines",
        summary="A warband typed in without a Leader marked has its first model as the Leader.",
    ),
    Rule(
        name="Taking Captives",
        section="Missions",
        summary="A model at 0 Hit Points is Unconscious, not slain: Muster marks it killed (no kill "
        "points in that mission) and the captives' points are scored by hand.",
    ),
    Rule(
        name="Summon",
        section=POWERS,
        summary="The summoner's lost Hit Point and the Summoned model's removal when "
        "either dies are the player's taps.",
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
            values=["Free Action"],
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


class BrutalityPlay(TablePlay):
    """The rules of play of Brutality Skirmish Wargame (see the module)."""

    system_id = "brutality"
    book = BOOK
    stat_order = STATS
    trackers = TRACKERS
    wound_word = "Hit Points"
    public_labels = {"last_activated": "Activated last"}

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
        state.public = {
            "mission": mission,
            "region": region if isinstance(region, str) else None,
            "last_turn": GAME_TURNS,
        }
        if "infiltrator" in snapshot.setup and mission == "I Smell A Rat":
            state.public["infiltrator"] = snapshot.setup["infiltrator"]
        if "defender" in snapshot.setup and mission == "Base Assault":
            state.public["defender"] = snapshot.setup["defender"]
        for issue in mission_issues(snapshot):
            state.notices.append(f"{issue} ({self.source(None, 'Missions')})")
        state.phase = "activation"
        self.start_of_turn(state, None)

    def kill_points(self, state: TableState) -> bool:
        """Whether the mission scores kill points (Taking Captives and Grab It! do not)."""
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
        foe = state.sides[other(side)]
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
        if state.turn > 1:
            lost = [sum(1 for m in s.models if m.killed and "summoned" not in m.tags) for s in state.sides]
            if lost[0] == lost[1]:
                text = "Both sides have lost as many models: roll off to activate first"
            else:
                more = state.sides[0 if lost[0] > lost[1] else 1].name
                text = f"{more} has lost more models: it may activate first"
            self.notice(state, text, None, "First Activation Each Turn")

    def end_of_turn(self, state: TableState, event: Event) -> None:
        """Unused Command Tokens are lost; after Turn 4 the game ends (Game Length)."""
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

    def confirm(self, state: TableState, event: Event) -> str | None:
        """Ending the last Game Turn ends the game (Game Length): asked first while a
        model of either side is still waiting to activate."""
        if event.action != "next-turn" or state.finished:
            return None
        if state.turn < int(state.public.get("last_turn", GAME_TURNS)):
            return None
        waiting = len(self.waiting(state, 0)) + len(self.waiting(state, 1))
        if not waiting:
            return None
        plural = "s are" if waiting > 1 else " is"
        return (
            f"{waiting} model{plural} still waiting to activate, and ending Turn {state.turn} "
            "ends the game (Game Length)"
        )

    def waiting(self, state: TableState, side: SideIndex) -> list[ModelState]:
        """The models of ``side`` still to activate this turn (in play, not yet activated)."""
        return [m for m in state.sides[side].models if not m.killed and not m.activated]

    def on_activate(self, state: TableState, side: SideIndex, model: ModelState) -> int | None:
        """Players take turns activating one model each until every model of both sides
        has activated (Activation Phases): a side that activated last waits for the other
        while the other still has a model waiting. Each Bleeding token costs a Hit Point
        as the model activates; Blinded goes after this activation (Status Effects). The
        other tokens' checks are the player's to roll, so they are only recalled."""
        last = state.public.get("last_activated")
        foe: SideIndex = other(side)
        if last == side and self.waiting(state, foe):
            raise Refused(
                f"it is {state.sides[foe].name}'s turn to activate a model: players take turns "
                "(Activation Phases)"
            )
        state.public["last_activated"] = side
        # Whose activation comes next: the other side while it has a model waiting.
        after_me = [m for m in self.waiting(state, side) if m.index != model.index]
        state.active = foe if self.waiting(state, foe) else (side if after_me else None)
        bleeding = sum(1 for t in model.tokens if t.name == "Bleeding")
        if bleeding and model.wounds is not None:
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
            model.tokens = [t for t in model.tokens if t.name != "Blinded"]
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
        """Staunching Bleeding: all Bleeding tokens off (Combat Phase Actions)."""
        return self.clear(state, event, "Bleeding")

    def act_stamp(self, state: TableState, event: Event) -> Done:
        """Stamping Out Flames: all Burning! tokens off (Combat Phase Actions)."""
        return self.clear(state, event, "Burning!")

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
        Critical Success (``value`` 2); it gives up no kill points."""
        _index, side = self.side_of(state, event)
        hp = self.amount(event)
        if hp not in (1, 2):
            raise Refused("a Summoned model has 1 Hit Point, 2 on a Critical Success")
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
        return f"{side.name} summons a model with {hp} Hit Point{'s' if hp > 1 else ''}", None, None


PLAY = BrutalityPlay()
