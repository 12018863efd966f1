"""A tiny game system's rules of play for the web tests of the table: two statuses,
wound / heal, a side resource, a random draw and next turn. The ``fake_rules`` fixture
makes them the ``play`` of Tiny Skirmish (tests/systems/tiny/), registered the one way a
system is (rules.registry.SYSTEMS), for the test."""

from __future__ import annotations

import random

from rules.play.core import (
    ActionSpec,
    Event,
    LogLine,
    ModelState,
    PlayModel,
    PlayRules,
    Refused,
    Rule,
    Scalar,
    SideSnapshot,
    SideState,
    Snapshot,
    TableState,
    Trackers,
)
from tests.systems.tiny.rules import SYSTEM as TINY

SYSTEM = TINY.id


class FakeRules(PlayRules):
    system_id = SYSTEM
    book = "Test Skirmish"
    trackers = Trackers(
        statuses=[
            Rule(name="Ready", summary="In play.", page=1),
            Rule(name="Stunned", summary="Stunned twice is killed.", page=2),
            Rule(name="Killed", summary="Out of the game.", page=2),
        ],
        resources=[Rule(name="Fate", summary="Spent for luck.", page=3)],
        actions=[
            ActionSpec(name="wound", label="Wound", scope="model", summary="One wound.", page=2),
            ActionSpec(name="heal", label="Heal", scope="model", summary="One wound back.", page=2),
            ActionSpec(
                name="status",
                label="Status",
                scope="model",
                summary="Set a status.",
                page=2,
                values=["Stunned", "Ready"],
            ),
            ActionSpec(
                name="spend", label="Spend Fate", scope="side", summary="One Fate.", page=3, values=["Luck"]
            ),
            ActionSpec(name="draw", label="Draw", scope="game", summary="A die from the bag.", page=4),
            ActionSpec(name="next-turn", label="Next turn", scope="game", summary="The next turn.", page=4),
        ],
        end=Rule(name="End", summary="After turn 4.", page=5),
    )

    def start(self, snapshot: Snapshot) -> TableState:
        sides = tuple(
            SideState(
                name=s.name,
                resources={"Fate": 2},
                models=[
                    ModelState(index=i, name=m.name, max_wounds=m.wounds, wounds=m.wounds)
                    for i, m in enumerate(s.models)
                ],
            )
            for s in snapshot.sides
        )
        return TableState(system=SYSTEM, sides=sides, active=0, public={"bag": 0})

    def decide(self, state: TableState, event: Event, rng: random.Random) -> dict[str, Scalar]:
        return {"die": rng.choice([0, 1])} if event.action == "draw" else {}

    def apply(self, state: TableState, event: Event) -> TableState:
        state.notices = []
        text = event.action
        if event.action in ("wound", "heal", "status"):
            if (
                event.target is None
                or event.model is None
                or event.model >= len(state.sides[event.target].models)
            ):
                raise Refused("no such model")
            m = state.sides[event.target].models[event.model]
            if m.killed:
                raise Refused(f"{m.name} is already killed")
            if event.action == "wound":
                m.wounds = (m.wounds or 1) - 1
                text = f"{m.name} loses a wound"
                if m.wounds <= 0:
                    m.status, m.killed_turn = "killed", state.turn
                    state.notices.append(f"{m.name} is killed: no wounds left (p.2)")
                    state.sides[1 - event.target].victory_points += 1
            elif event.action == "heal":
                if m.wounds == m.max_wounds:
                    raise Refused(f"{m.name} has every wound")
                m.wounds = (m.wounds or 0) + 1
                text = f"{m.name} heals a wound"
            else:
                if event.value == "Stunned" and m.status == "stunned":
                    m.status, m.killed_turn = "killed", state.turn
                    state.notices.append(f"{m.name} is killed: a second Stunned (p.2)")
                else:
                    m.status = str(event.value).lower()
                text = f"{m.name}: {event.value}"
        elif event.action == "spend":
            side = state.sides[event.target if event.target is not None else event.side]
            if side.resources["Fate"] <= 0:
                raise Refused("no Fate left (p.3)")
            side.resources["Fate"] -= 1
            text = f"{side.name} spends Fate on {event.value}"
        elif event.action == "draw":
            state.public["bag"] = int(state.public.get("bag", 0)) + 1
            text = f"draw: {state.sides[int(event.outcome.get('die') or 0)].name}"
        elif event.action == "next-turn":
            state.turn += 1
            text = f"turn {state.turn}"
            if state.turn > 4:
                state.finished = True
        else:
            raise Refused(f"no such action: {event.action}")
        state.log.append(LogLine(event_id=event.id, side=event.side, text=text, source=self.source(2)))
        return state


def snapshot(names: tuple[str, str] = ("Raiders", "Opponents")) -> Snapshot:
    """Two sides of three models with 2 wounds each."""
    return Snapshot(
        system=SYSTEM,
        sides=(
            SideSnapshot(
                name=names[0],
                origin="typed",
                models=[PlayModel(name=n, wounds=2) for n in ("Aldric", "Bera", "Cole")],
            ),
            SideSnapshot(
                name=names[1],
                origin="typed",
                models=[PlayModel(name=n, wounds=2) for n in ("Dag", "Eir", "Finn")],
            ),
        ),
    )
