"""What the table and result templates show, from one replayed state and the system's
declared trackers (rules.play.core.Trackers): one piece of code for every game system
(docs/play.md). HTML stays in templates/games/."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from roster.games.forms import new_event_id
from roster.games.models import Game
from roster.games.systems import play_rules
from rules.play.core import ActionSpec, ModelState, PlayRules, Rule, SideIndex, TableState
from rules.registry import SYSTEMS

QUICK = ("wound", "heal")  # the model actions always on a row (when Wounds are tracked)
LOG_SHOWN = 12  # the latest actions on the table; the result page shows the whole log


def key_of(name: str) -> str:
    """A declared name as the state's key: "Knock Down" -> "knock-down" (rules.play)."""
    return "-".join(name.lower().replace("!", "").split())


def _by_key(rules: list[Rule]) -> dict[str, Rule]:
    return {key_of(r.name): r for r in rules}


def cite(page: int | None, section: str | None = None) -> str:
    """A short citation on the table: "p.6", or the book's section where it prints no
    page numbers (Brutality), or nothing."""
    if page is not None:
        return f"p.{page}"
    return section or ""


def _rule(rules: PlayRules, rule: Rule | None) -> dict[str, Any] | None:
    if rule is None:
        return None
    section = getattr(rule, "section", None)
    return {"r": rule, "cite": cite(rule.page, section), "source": _source(rules, rule.page, section)}


def _source(rules: PlayRules, page: int | None, section: str | None) -> str:
    return rules.source(page, section)


def _spec(action: ActionSpec, rules: PlayRules, tokens: dict[str, Rule]) -> dict[str, Any]:
    values: list[str] = []
    for v in action.values:
        token = tokens.get(key_of(v)) if action.name == "token" else None
        choices = getattr(token, "choices", None)
        values += [f"{v}: {c}" for c in choices] if choices else [v]
    section = getattr(action, "section", None)
    return {
        "spec": action,
        "values": values,
        "cite": cite(action.page, section),
        "source": _source(rules, action.page, section),
    }


def _wounds(m: ModelState) -> str | None:
    if m.wounds is None:
        return None
    return f"{m.wounds}/{m.max_wounds}" if m.max_wounds else str(m.wounds)


def _button(do: str, label: str, hidden: str, title: str = "", current: bool = False) -> dict[str, Any]:
    return {"do": do, "label": label, "hidden": hidden, "title": title, "current": current}


def _row(
    rules: PlayRules,
    m: ModelState,
    statuses: dict[str, Rule],
    tokens: dict[str, Rule],
    untoken: bool,
    model_actions: list[dict[str, Any]],
) -> dict[str, Any]:
    """One model's row, its buttons made here rather than in the template (the table
    is the hot fragment of every tap): Wound / Heal where Wounds are tracked, the
    statuses where they are not, the rest in groups behind More."""
    status = statuses.get(key_of(m.status))
    inline_status = m.max_wounds is None and not m.killed
    buttons: list[dict[str, Any]] = []
    groups: list[dict[str, Any]] = []
    if not m.killed:
        for a in model_actions:
            spec = a["spec"]
            title = f"{spec.summary} ({a['source']})"
            if spec.name in QUICK:
                if m.wounds is not None:
                    buttons.append(_button(spec.name, spec.label, f" {m.name}", title))
            elif spec.name == "status" and inline_status:
                for i, v in enumerate(a["values"]):
                    current = key_of(v) == m.status
                    if i or not current:  # a ready model shows no Ready; a stunned one shows Stunned again
                        buttons.append(_button(f"status:{v}", v, f" {m.name}", title, current))
            elif a["values"]:
                head = {"head": spec.label, "cite": a["cite"], "buttons": []}
                head["buttons"] = [
                    _button(f"{spec.name}:{v}", v, f" ({spec.label}, {m.name})", title) for v in a["values"]
                ]
                groups.append(head)
            else:
                groups.append(
                    {"head": None, "buttons": [_button(spec.name, spec.label, f" {m.name}", title)]}
                )
    return {
        "m": m,
        "status": status.name if status else m.status,
        "status_rule": _rule(rules, status),
        "status_class": key_of(m.status),
        "tokens": [
            {
                "t": t,
                "rule": _rule(rules, tokens.get(key_of(t.name))),
                "value": f"{t.name}: {t.detail}" if t.detail else t.name,
            }
            for t in m.tokens
        ],
        "untoken": untoken and not m.killed,
        "killed": m.killed,
        "wounds": _wounds(m),
        "role": m.role if m.role != m.name else "",
        "buttons": buttons,
        "groups": groups,
        "more_title": ", ".join(g["head"] or g["buttons"][0]["label"] for g in groups),
    }


def viewer_of(state: TableState) -> SideIndex | None:
    """Whose eyes the table is drawn for. One phone on the table is shared by both
    players, so it shows what every viewer may see (rules.play.core.PlayRules.view with
    no side): a card the rules hold back from the active side stays on the server."""
    return None


def etag_of(game: Game, seat: Any = None) -> str:
    """The ETag of ``game``'s table as ``seat`` sees it: the version, whether the other
    side is held, whose eyes, finished or not (a watcher's copy is never a side's)."""
    who = f"-{seat.role}{seat.side if seat.side is not None else ''}" if seat is not None else ""
    held = "-2" if game.side_hash or game.guest_id else ""
    return f'"game-{game.pk}-v{game.version}{held}{who}{"-end" if game.finished else ""}"'


def _latest(state: TableState, side: SideIndex | None) -> str | None:
    """The event the table's Undo takes back: the latest, or the latest of ``side``."""
    for line in reversed(state.log):
        if side is None or line.side == side:
            return line.event_id
    return None


def table_context(
    game: Game, state: TableState, refused: str | None = None, seat: Any = None
) -> dict[str, Any]:
    """Everything templates/games/table.html needs: both sides with their resources and
    model rows (the living in roster order, the killed greyed at the bottom), the
    declared actions by scope, notices, the latest log lines with their undo, the rules
    on this table with their pages, and a fresh event id for each form.

    ``seat`` (roster.games.seats.Seat, None: the owner on one phone) says whose eyes the
    state is drawn for (rules.play.core.PlayRules.view): a watcher and the other side
    never get a card held back from them."""
    rules = play_rules(game.system)
    viewer = seat.viewer if seat is not None else viewer_of(state)
    shown = rules.view(state, viewer)
    mine = shown.hidden.get(str(viewer)) if viewer is not None else None
    trackers = rules.trackers
    statuses, tokens = _by_key(trackers.statuses), _by_key(trackers.tokens)
    resources = _by_key(trackers.resources)
    declared = {a.name for a in trackers.actions}
    # Taking a token off is its chip's button; ending the game is its own form.
    shown_actions = [a for a in trackers.actions if a.name not in ("untoken", "end")]
    model_actions = [_spec(a, rules, tokens) for a in shown_actions if a.scope == "model"]
    side_actions = [_spec(a, rules, tokens) for a in shown_actions if a.scope == "side"]
    game_actions = [_spec(a, rules, tokens) for a in shown_actions if a.scope == "game"]
    sides = []
    for index, side in enumerate(shown.sides):
        untoken = "untoken" in declared
        rows = [_row(rules, m, statuses, tokens, untoken, model_actions) for m in side.models]
        rows.sort(key=lambda r: (r["killed"], r["m"].index))
        sides.append(
            {
                "index": index,
                "s": side,
                "snapshot": game.snapshot["sides"][index],
                "resources": [
                    {"name": name, "value": value, "rule": _rule(rules, resources.get(key_of(name)))}
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
        "act_url": reverse("game-act", args=[game.pk]),
        "undo_url": reverse("game-undo", args=[game.pk]),
        "rules_shown": _rules_shown(rules),
        "side_actions": side_actions,
        "game_actions": game_actions,
        "public": _plain(shown.public, [side.name for side in shown.sides]),
        "victory_points": rules.victory_points is not None,
        "log": log,
        "latest": _latest(shown, seat.side if seat is not None else None),
        "seat": seat,
        "can_act": seat is None or seat.can_act,
        "my_card": mine.get("card") if isinstance(mine, dict) else None,
        "refused": refused,
        "issues": [(name, lines) for name, lines in issues if lines] if state.version == 0 else [],
        "new_id": new_event_id,
        "active": shown.active,
        "default_side": shown.active if shown.active is not None else 0,
    }


def _rules_shown(rules: PlayRules) -> list[dict[str, Any]]:
    """Every declared rule of the table with its source, for "The rules on this table"."""
    t = rules.trackers
    out = [_rule(rules, r) for r in [*t.statuses, *t.tokens, *t.resources]]
    out += [
        {"r": a, "name": a.label, "source": _source(rules, a.page, getattr(a, "section", None))}
        for a in t.actions
    ]
    out.append(_rule(rules, t.end))
    return [x for x in out if x is not None]


def _plain(public: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
    """The public part of the state (bag counts, revealed cards, mission...) as label and
    text pairs for the table's status line; a side's index ("0", "1") reads as its name."""

    def text(key: str, value: Any) -> str:
        if isinstance(value, dict):
            return ", ".join(
                f"{names[int(k)] if k in ('0', '1') else k}: {text(k, v)}" for k, v in value.items()
            )
        if isinstance(value, list):
            return ", ".join(str(v) for v in value) or "none"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, int) and value in (0, 1) and key.endswith(("active", "drawer", "drawn")):
            return names[value]
        return str(value)

    shown = [(key.replace("_", " ").capitalize(), text(key, value)) for key, value in public.items()]
    return [(label, words) for label, words in shown if words not in ("", "None")]


def result_context(game: Game, state: TableState, seat: Any = None) -> dict[str, Any]:
    """templates/games/result.html: each side's Victory Points and casualties, the
    winner, the turns played, and the whole log, as ``seat`` may see them (see
    :func:`table_context`)."""
    rules = play_rules(game.system)
    shown = rules.view(state, seat.viewer if seat is not None else viewer_of(state))
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
        "victory_points": rules.victory_points is not None,
        "log": shown.log,
    }
