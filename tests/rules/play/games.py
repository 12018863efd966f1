"""Helpers for the rules-of-play tests, and the scripts of the example games.

``python -m tests.rules.play.games`` rewrites ``fixtures/examples/games/<system>.json``:
one finished game per system, played from the example rosters in ``fixtures/examples/``
by a script with a seeded random source, so the files come out the same every time
(test_example_games.py checks both).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from rules.document import load_json, parse_document
from rules.play.core import (
    Event,
    PlayModel,
    Refused,
    Scalar,
    SideIndex,
    SideSnapshot,
    Snapshot,
    TableState,
    append,
)
from rules.play.format import dump_game
from rules.play.registry import get_rules, snapshot_side, typed_side
from rules.registry import SYSTEMS

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "fixtures" / "examples"
GAMES = EXAMPLES / "games"


def example_side(filename: str, name: str | None = None) -> SideSnapshot:
    """A side from an example roster in fixtures/examples/, evaluated with fixtures/."""
    data = load_json((EXAMPLES / filename).read_bytes())
    system = SYSTEMS[data["system"]]
    catalogue = system.read_catalogue_file(ROOT / "fixtures" / f"{system.id}.json")
    document = parse_document(data, lambda _s: catalogue)
    report = system.evaluate(document, catalogue)
    return snapshot_side(system.id, name or report.name, document, report, origin="export")


class Table:
    """A game driven by a script: ``do`` appends one event (decided with ``rng``)."""

    def __init__(self, snapshot: Snapshot, seed: int = 0, prefix: str = "event") -> None:
        self.rules = get_rules(snapshot.system)
        self.snapshot = snapshot
        self.rng = random.Random(seed)
        self.log: list[Event] = []
        self.state: TableState = self.rules.start(snapshot)
        self.prefix = prefix

    def do(
        self,
        side: SideIndex,
        action: str,
        target: SideIndex | None = None,
        model: int | None = None,
        value: Scalar = None,
    ) -> TableState:
        """Append one event; Refused propagates and leaves the log as it was."""
        event = Event(
            id=f"{self.prefix}-{len(self.log) + 1:04d}",
            side=side,
            action=action,
            target=target,
            model=model,
            value=value,
        )
        self.log, self.state = append(self.rules, self.snapshot, self.log, event, self.rng)
        return self.state

    def attempt(self, side: SideIndex, action: str, **kw: Any) -> bool:
        """:meth:`do`, answering False instead of raising Refused."""
        try:
            self.do(side, action, **kw)
            return True
        except Refused:
            return False

    def alive(self, side: int) -> list[int]:
        """Indexes of the side's models still in the game."""
        return [m.index for m in self.state.sides[side].models if not m.killed]


# --- the example games ----------------------------------------------------------------


def beestwars_game() -> Table:
    """Stone Hoof's raiders (fixtures/examples) against a typed Geladan war band, until
    one side has no fighter left (Beestwars p.9)."""
    them = typed_side(
        "beestwars",
        "Geladan of the Simien",
        [
            PlayModel(name="Sheko Long Tooth", tags=["hero"]),
            PlayModel(name="Geladan (Scimitar and Shield)"),
            PlayModel(name="Geladan (Bow)"),
            PlayModel(name="Geladan and Warbeest (Spear)"),
        ],
    )
    t = Table(
        Snapshot(
            system="beestwars", sides=(example_side("beestwars-clovis-300.json"), them), setup={"first": 0}
        ),
        19,
        "beestwars",
    )
    while not t.state.finished:
        drawer = t.state.public["drawer"]
        t.do(drawer, "draw")
        active = t.state.active
        assert active is not None
        foe = 1 - active
        for _ in range(3):
            targets = t.alive(foe)
            if not targets or t.state.finished:
                break
            roll = t.rng.random()
            stunned = [m.index for m in t.state.sides[active].models if m.status == "stunned"]
            if roll < 0.3 and stunned:
                t.do(active, "status", target=active, model=stunned[0], value="Ready")
            elif roll < 0.45 and t.state.sides[active].resources["Froth"] > 0:
                t.do(active, "spend", target=active, value=t.rng.choice(["Charge", "+1 Skill", "Wallop"]))
            elif roll < 0.75:
                t.do(active, "status", target=foe, model=t.rng.choice(targets), value="Stunned")
            else:
                t.attempt(active, "status", target=foe, model=t.rng.choice(targets), value="Engaged")
        if t.state.finished:
            break
        if t.attempt(active, "ask") and t.state.active is not None and t.alive(foe):
            t.attempt(active, "status", target=foe, model=t.rng.choice(t.alive(foe)), value="Engaged")
            if not t.attempt(active, "done"):
                pass
        if t.state.active is not None:
            t.do(active, "done")
    return t


def iron_honor_game() -> Table:
    """Ghrim Company against the Northmen Raiding Party (fixtures/examples), an
    Engagement of six turns (Iron & Honor p.47)."""
    snapshot = Snapshot(
        system="iron-and-honor",
        sides=(
            example_side("iron-and-honor-ghrim-company.json"),
            example_side("iron-and-honor-northmen-raiding-party.json"),
        ),
        setup={"encounter": "Engagement"},
    )
    t = Table(snapshot, 7, "iron-and-honor")
    kismet_done = False
    while not t.state.finished:
        while sum(t.state.public["bag"].values()):
            t.do(0, "draw")
            side = t.state.public["drawn"]
            if not kismet_done and t.state.sides[1 - side].resources["Fate Pool"] >= 2:
                kismet_done = t.attempt(1 - side, "spend", target=1 - side, value="Winds of Kismet")
                side = t.state.public["drawn"]
            ready = [m.index for m in t.state.sides[side].models if not m.killed and not m.activated]
            if not ready:
                t.do(side, "pass")
                continue
            model = ready[0]
            t.do(side, "activate", target=side, model=model)
            t.do(side, "roll")
            if t.state.turn == 1 and model == 0:
                t.attempt(side, "impetus", target=side)
            foes = t.alive(1 - side)
            if foes:
                if t.rng.random() < 0.4:
                    t.attempt(side, "spend", target=side, value="Inner Reserve")
                victim = t.rng.choice(foes)
                if t.rng.random() < 0.5:
                    t.do(side, "wound", target=1 - side, model=victim)
                else:
                    t.attempt(side, "status", target=1 - side, model=victim, value="Stunned")
        t.do(0, "next-turn")
    return t


def brutality_game() -> Table:
    """The Ashen Reavers (fixtures/examples) against a typed warband, Basic Scenario in
    the City/Town Ruins, until the end of Turn 4 (Brutality, Game Length)."""
    them = typed_side(
        "brutality",
        "Cinder Pack",
        [
            PlayModel(name="Old Gnash", wounds=3, tags=["leader"]),
            PlayModel(name="Rook", wounds=3),
            PlayModel(name="Ember", wounds=3),
            PlayModel(name="Tallow", wounds=3),
        ],
    )
    snapshot = Snapshot(
        system="brutality",
        sides=(example_side("brutality-moderate-points.json"), them),
        setup={"mission": "Basic Scenario", "region": "City/Town Ruins"},
    )
    t = Table(snapshot, 4, "brutality")
    tokens = [
        "Bleeding",
        "Sliced",
        "Knock Down",
        "Trauma: -3 Save",
        "Protect",
        "Curse: -2 Dexterity",
        "Burning!",
    ]
    while not t.state.finished:
        for round_ in range(4):
            for side in (0, 1):
                ready = [m.index for m in t.state.sides[side].models if not m.killed and not m.activated]
                if not ready:
                    continue
                t.do(side, "activate", target=side, model=ready[0])
                if round_ == 0 and t.state.sides[side].resources.get("Command Token"):
                    t.do(side, "spend", target=side, value="Free Action")
                foes = t.alive(1 - side)
                if not foes:
                    continue
                victim = t.rng.choice(foes)
                t.do(side, "wound", target=1 - side, model=victim)
                if victim in t.alive(1 - side):
                    t.do(side, "token", target=1 - side, model=victim, value=t.rng.choice(tokens))
                if t.rng.random() < 0.3:
                    t.do(side, "score", target=side, value=1)
        t.do(0, "next-turn")
    return t


EXAMPLE_GAMES = {"beestwars": beestwars_game, "iron-and-honor": iron_honor_game, "brutality": brutality_game}
NAMES = {
    "beestwars": "Stone Hoof's raiders against the Geladan",
    "iron-and-honor": "Ghrim Company against the Northmen, Engagement",
    "brutality": "Ashen Reavers against the Cinder Pack, Basic Scenario",
}


def example_text(system_id: str) -> str:
    """The example game of ``system_id`` as muster.game/1 text."""
    t = EXAMPLE_GAMES[system_id]()
    return dump_game(t.snapshot, t.log, name=NAMES[system_id])


def main() -> None:
    """Write fixtures/examples/games/<system>.json."""
    GAMES.mkdir(parents=True, exist_ok=True)
    for system_id in EXAMPLE_GAMES:
        (GAMES / f"{system_id}.json").write_text(example_text(system_id), encoding="utf-8")


if __name__ == "__main__":
    main()
