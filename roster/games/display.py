"""What the table and result templates show, from one replayed state and the system's
declared trackers (rules.play.core.Trackers): one piece of code for every game system
(docs/play.md). HTML stays in templates/games/."""

from __future__ import annotations

from typing import Any

from roster.games.forms import new_event_id
from roster.games.models import Game
from roster.games.systems import play_rules
from rules.play.core import ActionSpec, ModelState, PlayRules, Rule, TableState
from rules.registry import SYSTEMS

LOG_SHOWN = 12  # the latest actions on the table; the result page shows the whole log


def _by_name(rules: list[Rule]) -> dict[str, Rule]:
    return {r.name.lower(): r for r in rules}


def _cite(rules: PlayRules, page: int | None) -> str:
    return f"p.{page}" if page is not None else rules.book


def _spec(action: ActionSpec, rules: PlayRules) -> dict[str, Any]:
    return {"spec": action, "cite": _cite(rules, action.page), "source": rules.source(action.page)}


def _row(
    rules: PlayRules, m: ModelState, statuses: dict[str, Rule], tokens: dict[str, Rule]
) -> dict[str, Any]:
    status = statuses.get(m.status.lower())
    return {
        "m": m,
        "status": status.name if status else m.status,
        "status_rule": status,
        "tokens": [{"t": t, "rule": tokens.get(t.name.lower())} for t in m.tokens],
        "killed": m.killed,
        "wounds": None
        if m.wounds is None
        else f"{m.wounds}/{m.max_wounds}"
        if m.max_wounds
        else str(m.wounds),
    }


def viewer_of(state: TableState) -> None:
    """Whose eyes the table is drawn for. One phone on the table is shared by both
    players, so it shows what every viewer may see (rules.play.core.PlayRules.view with
    no side): a card the rules hold back from the active side stays on the server."""
    return None


def table_context(game: Game, state: TableState, refused: str | None = None) -> dict[str, Any]:
    """Everything templates/games/table.html needs: both sides with their resources and
    model rows (the living in roster order, the killed greyed at the bottom), the
    declared actions by scope, notices, the latest log lines with their undo, the rules
    on this table with their pages, and a fresh event id for each form."""
    rules = play_rules(game.system)
    shown = rules.view(state, viewer_of(state))
    trackers = rules.trackers
    statuses, tokens = _by_name(trackers.statuses), _by_name(trackers.tokens)
    resources = _by_name(trackers.resources)
    model_actions = [_spec(a, rules) for a in trackers.actions if a.scope == "model"]
    side_actions = [_spec(a, rules) for a in trackers.actions if a.scope == "side"]
    game_actions = [_spec(a, rules) for a in trackers.actions if a.scope == "game"]
    sides = []
    for index, side in enumerate(shown.sides):
        rows = [_row(rules, m, statuses, tokens) for m in side.models]
        rows.sort(key=lambda r: (r["killed"], r["m"].index))
        sides.append(
            {
                "index": index,
                "s": side,
                "snapshot": game.snapshot["sides"][index],
                "resources": [
                    {"name": name, "value": value, "rule": resources.get(name.lower())}
                    for name, value in side.resources.items()
                ],
                "rows": rows,
                "living": sum(1 for r in rows if not r["killed"]),
            }
        )
    log = list(reversed(shown.log[-LOG_SHOWN:]))
    issues = [(s["s"].name, s["snapshot"].get("issues") or []) for s in sides]
    return {
        "game": game,
        "state": shown,
        "rules": rules,
        "trackers": trackers,
        "system": SYSTEMS.get(game.system),
        "sides": sides,
        "quick_actions": [a for a in model_actions if not a["spec"].values],
        "more_actions": [a for a in model_actions if a["spec"].values],
        "side_actions": side_actions,
        "game_actions": game_actions,
        "public": _plain(shown.public),
        "log": log,
        "latest": shown.log[-1].event_id if shown.log else None,
        "refused": refused,
        "issues": [(name, lines) for name, lines in issues if lines] if state.version == 0 else [],
        "new_id": new_event_id,
        "active": shown.active,
        "default_side": shown.active if shown.active is not None else 0,
    }


def _plain(public: dict[str, Any]) -> list[tuple[str, str]]:
    """The public part of the state (bag counts, revealed cards, mission...) as label and
    text pairs, for the table's status line."""
    out = []
    for key, value in public.items():
        if isinstance(value, dict):
            text = ", ".join(f"{k}: {v}" for k, v in value.items())
        elif isinstance(value, list):
            text = ", ".join(str(v) for v in value) or "none"
        elif value is None:
            continue
        else:
            text = str(value)
        out.append((key.replace("_", " ").capitalize(), text))
    return out


def result_context(game: Game, state: TableState) -> dict[str, Any]:
    """templates/games/result.html: each side's Victory Points and casualties, the
    winner, the turns played, and the whole log."""
    rules = play_rules(game.system)
    shown = rules.view(state, viewer_of(state))
    sides = [
        {
            "index": i,
            "s": side,
            "casualties": [m for m in side.models if m.killed],
            "left": [m for m in side.models if not m.killed],
        }
        for i, side in enumerate(shown.sides)
    ]
    winner = shown.sides[shown.winner].name if shown.winner is not None else None
    return {
        "game": game,
        "state": shown,
        "rules": rules,
        "system": SYSTEMS.get(game.system),
        "sides": sides,
        "winner": winner,
        "log": shown.log,
    }
