"""``muster.game/1``: a game as JSON (docs/formats.md, section 4).

A game export holds what the state is made from, the snapshot and the events, and,
for readers that do not replay, its ``result`` (the state summary of
:func:`state_summary`). The result is always recomputed by replaying: on import it is
read but not trusted, so export -> import -> export gives the same JSON.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules.document import DocumentError, first_error, load_json
from rules.play.core import Event, Snapshot, TableState, replay
from rules.play.registry import PLAY_RULES, get_rules

GAME_FORMAT = "muster.game/1"
#: The largest game export read (bytes): a long game is some thousands of events.
MAX_GAME_BYTES = 4_000_000
MAX_EVENTS = 20_000


class GameExport(BaseModel):
    """A game as exported: ``format`` "muster.game/1", its ``system`` id, ``name``,
    the ``snapshot`` both sides started from, the ``events`` in order, the
    ``result`` (derived by replay, see :func:`state_summary`) and the ``trail`` (each
    undo and seat change: {"what", "side", "by", "at", ...})."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["muster.game/1"]
    system: str
    name: str = Field(default="", max_length=200)
    snapshot: Snapshot
    events: list[Event] = Field(max_length=MAX_EVENTS)
    result: dict[str, Any] | None = None
    #: What happened beside the log: undos and seat changes (docs/formats.md).
    trail: list[dict[str, Any]] = Field(default_factory=list, max_length=MAX_EVENTS)
    #: The version of the rules of play the game was played under (PlayRules.version).
    rules_version: str | None = Field(default=None, max_length=40)


def event_log(state: TableState, events: Sequence[Event]) -> list[dict[str, Any]]:
    """Each event's fate on replay, in order, once per id (a resent id counts once):
    ``{"id", "side", "action", "refused"}``, ``refused`` None for an event applied, else
    the reason the player is shown (its premise was undone, or the rules of play changed
    since it was recorded)."""
    refused: dict[str, str] = {}
    for line in state.log:
        if line.refused is not None:
            refused.setdefault(line.event_id, line.refused)
    seen: set[str] = set()
    out: list[dict[str, Any]] = []
    for event in events:
        if event.id in seen:
            continue
        seen.add(event.id)
        out.append(
            {"id": event.id, "side": event.side, "action": event.action, "refused": refused.get(event.id)}
        )
    return out


def state_summary(state: TableState, events: Sequence[Event] = ()) -> dict[str, Any]:
    """The state in the shape of ``replay_game --json`` (docs/formats.md): system, turn,
    finished, winner (a side index or None), and per side its name, resources,
    Victory Points, flags and models (name, status, Wounds / Hit Points left and at
    the start, tokens as "Name" or "Name: effect", the turn it was killed); and ``log``,
    each of ``events``'s fate on replay (:func:`event_log`)."""
    return {
        "system": state.system,
        "turn": state.turn,
        "finished": state.finished,
        "winner": state.winner,
        "version": state.version,
        "sides": [
            {
                "name": side.name,
                "resources": dict(side.resources),
                "victory_points": side.victory_points,
                "flags": dict(side.flags),
                "models": [
                    {
                        "name": m.name,
                        "status": m.status,
                        "wounds": m.wounds,
                        "max_wounds": m.max_wounds,
                        "tokens": [f"{t.name}: {t.detail}" if t.detail else t.name for t in m.tokens],
                        "stats": dict(m.stats),
                        "killed_turn": m.killed_turn,
                    }
                    for m in side.models
                ],
            }
            for side in state.sides
        ],
        "log": event_log(state, events),
    }


def list_summary(state: TableState) -> dict[str, Any]:
    """The little a list of games shows of a state: ``turn``, ``finished``, ``winner`` (a
    side index or None), ``actions`` (the events in the log) and per side its ``name``
    and ``victory_points`` (Iron & Honor: encounter ExP; Beestwars counts none: 0)."""
    return {
        "turn": state.turn,
        "actions": state.version,
        "finished": state.finished,
        "winner": state.winner,
        "sides": [{"name": side.name, "victory_points": side.victory_points} for side in state.sides],
    }


def export_game(
    snapshot: Snapshot,
    events: Sequence[Event],
    name: str = "",
    trail: Sequence[dict[str, Any]] = (),
    rules_version: str | None = None,
) -> dict[str, Any]:
    """The ``muster.game/1`` JSON object of a game (KeyError for an unknown system);
    ``trail`` its undos and seat changes (written when there are any), ``rules_version``
    the version of the rules of play it was played under (written when known)."""
    rules = get_rules(snapshot.system)
    state = replay(rules, snapshot, events)
    return {
        "format": GAME_FORMAT,
        "system": snapshot.system,
        "name": name,
        "snapshot": snapshot.model_dump(mode="json"),
        "events": [e.model_dump(mode="json") for e in events],
        "result": state_summary(state, events),
        **({"trail": list(trail)} if trail else {}),
        **({"rules_version": rules_version} if rules_version else {}),
    }


def dump_game(
    snapshot: Snapshot,
    events: Sequence[Event],
    name: str = "",
    trail: Sequence[dict[str, Any]] = (),
    rules_version: str | None = None,
) -> str:
    """:func:`export_game` as indented JSON text (UTF-8, ends with a newline)."""
    data = export_game(snapshot, events, name, trail, rules_version)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def load_game(data: Any) -> GameExport:
    """Read a parsed ``muster.game/1`` object. Raises :class:`DocumentError` (JSON path,
    message) for anything else: another format, an unknown system, a snapshot of
    another system, an event id twice."""
    if not isinstance(data, dict):
        raise DocumentError("$", "a game export is a JSON object")
    if data.get("format") != GAME_FORMAT:
        raise DocumentError(
            "$.format", f"this is not a {GAME_FORMAT} export (format is {data.get('format')!r})"
        )
    if data.get("system") not in PLAY_RULES:
        raise DocumentError(
            "$.system", f"unknown system {data.get('system')!r}; known: {', '.join(PLAY_RULES)}"
        )
    try:
        game = GameExport.model_validate(data)
    except ValidationError as exc:
        raise first_error(exc) from None
    if game.snapshot.system != game.system:
        raise DocumentError(
            "$.snapshot.system", f"the snapshot is of {game.snapshot.system!r}, not {game.system!r}"
        )
    seen: set[str] = set()
    for i, e in enumerate(game.events):
        if e.id in seen:
            raise DocumentError(f"$.events[{i}].id", f"event id {e.id!r} appears twice")
        seen.add(e.id)
    return game


def read_game(raw: str | bytes) -> GameExport:
    """Parse and read a ``muster.game/1`` file's text (at most 4 MB). DocumentError
    for invalid JSON or content."""
    return load_game(load_json(raw, max_bytes=MAX_GAME_BYTES))


def replay_game(game: GameExport) -> TableState:
    """The state a game export's events lead to. Never raises for a loaded export."""
    return replay(get_rules(game.system), game.snapshot, game.events)
