"""What the table and result templates show, from one replayed state and the system's
declared trackers (rules.play.core.Trackers): one piece of code for every game system
(docs/play.md). HTML stays in templates/games/."""

from __future__ import annotations

import itertools
import re
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.urls import reverse
from markupsafe import Markup

from roster.core.jinja_env import macro
from roster.games.models import Game, write_mark
from roster.games.systems import play_rules
from rules.play.core import ActionSpec, Event, ModelState, PlayRules, Rule, SideIndex, TableState, Trackers
from rules.play.format import list_summary
from rules.play.offers import Offer
from rules.registry import SYSTEMS

QUICK = ("wound", "heal")  # the model actions always on a row (when Wounds are tracked)
LONG_WORD = 10  # letters: a longer word in a model's name gets the row's first line to itself
LOG_SHOWN = 16  # the latest log lines on the table (actions and what Muster did)
RESULT_LOG_SHOWN = 300  # the latest actions on the result page (a game may have 5,000)
ROWS_KEPT = 2048  # model rows kept rendered in this process (a game has up to ~40)
_ROWS: OrderedDict[str, Markup] = OrderedDict()


_POSSESSIVE = re.compile(r"\b(\w*s)'s\b")


def words(text: str) -> str:
    """A rules sentence as the table says it: the possessive of a name ending in s with
    an apostrophe only ("Ashen Reavers' Leader", not "Reavers's"; issue 40)."""
    return _POSSESSIVE.sub(r"\1'", text)


def _said(line: Any) -> Any:
    """A log line with :func:`words` applied to its text and reason (a copy)."""
    text, refused = words(line.text), words(line.refused) if line.refused else line.refused
    if text == line.text and refused == line.refused:
        return line
    return line.model_copy(update={"text": text, "refused": refused})


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
    offers: tuple[Offer, ...] = (),
) -> dict[str, Any]:
    """One model's row, its buttons made here rather than in the template (the table
    is the hot fragment of every tap): Wound / Heal where Wounds are tracked, the
    statuses where they are not, the rest in groups behind More; then what the rules
    offer this row now (``offers``: rules.play.offers, :func:`_offered`)."""
    status = statuses.get(key_of(m.status))
    inline_status = m.max_wounds is None and not m.killed
    buttons: list[dict[str, Any]] = []
    groups: list[dict[str, Any]] = []
    status_off: dict[str, Any] | None = None
    fits = getattr(rules, "model_offers", None)  # rules.play.offers
    if not m.killed:
        for a in model_actions:
            spec = a["spec"]
            title = f"{spec.summary} ({a['source']})"
            if spec.name in QUICK:
                if m.wounds is not None:
                    buttons.append(_button(spec.name, spec.label, f" {m.name}", title))
            elif spec.name == "activate":
                # On the row of a model yet to act this turn, one tap (issue 28: an
                # activation in three taps); gone once it has activated.
                if not m.activated:
                    buttons.insert(0, _button(spec.name, spec.label, f" {m.name}", title))
            elif spec.name == "status" and inline_status:
                # The first (default) status comes last, and only off it: a ready model
                # shows no Ready, a stunned one shows Stunned again (Stunned twice kills,
                # Beestwars p.6). So Engaged, Stunned and Killed keep their places under
                # the finger whatever the status; Ready first would push them along.
                first, *others = a["values"]
                for v in others:
                    buttons.append(_button(f"status:{v}", v, f" {m.name}", title, key_of(v) == m.status))
                if key_of(first) != m.status:
                    buttons.append(_button(f"status:{first}", first, f" {m.name}", title))
            elif a["values"]:
                if fits is not None:  # a fighter's menu: what its abilities allow (Beestwars)
                    a = {**a, "values": [v for v in a["values"] if fits(m, spec.name, v)]}
                if spec.name == "status" and key_of(a["values"][0]) != m.status:
                    # Out of the first (default) status in one tap: Iron & Honor's
                    # Stunned is shaken off at the model's activation (p.43), so its
                    # pill is a button setting it back, as a token's chip takes it off.
                    status_off = _button(f"status:{a['values'][0]}", "", f" (set {m.name} {a['values'][0]})")
                groups.extend(_value_groups(spec, a, m, tokens if spec.name == "token" else {}, title))
            else:
                groups.append(
                    {"head": None, "buttons": [_button(spec.name, spec.label, f" {m.name}", title)]}
                )
    _offered(m, offers, buttons, groups)
    return {
        "m": m,
        # A status the rules set that players do not pick (Brutality's Unconscious in
        # Taking Captives) in words too.
        "status": status.name if status else m.status.replace("-", " ").capitalize(),
        "status_rule": _rule(rules, status),
        "status_class": key_of(m.status),
        "status_off": status_off,
        # A word too long to share its line with the row's buttons at 360 px (a 40-letter
        # name): the name takes the row's first line, the buttons the next (play.css).
        "long_word": max(map(len, re.findall(r"\w+", m.name)), default=0) > LONG_WORD,
        # A killed model's tokens are over (issue 40: its row says Killed, nothing else).
        "tokens": [
            {
                "t": t,
                "rule": _rule(rules, tokens.get(key_of(t.name))),
                "value": f"{t.name}: {t.detail}" if t.detail else t.name,
            }
            for t in m.tokens
        ]
        if not m.killed
        else [],
        "untoken": untoken and not m.killed,
        "killed": m.killed,
        # Has acted this turn (the die left beside the model, Iron & Honor p.31): said on
        # the row in words, reset at the next turn.
        "activated": m.activated and not m.killed,
        "wounds": _wounds(m),
        "role": m.role if m.role != m.name else "",
        "buttons": buttons,
        "groups": groups,
        "more_title": ", ".join(g["head"] or g["buttons"][0]["label"] for g in groups),
        # The model's line now, each changed stat with what it was (issue 28: a Wound
        # Chart result's change read on a phone, not in a hover title).
        # A value the roster does not know is "?", as the editor shows it (issue 40:
        # never "None").
        "stats": [
            {
                "key": k,
                "value": "?" if v is None else v,
                "was": m.base_stats.get(k) if m.base_stats.get(k, v) != v else None,
            }
            for k, v in _in_order(m.stats, rules.stat_order)
        ],
    }


def _offered(
    m: ModelState, offers: tuple[Offer, ...], buttons: list[dict[str, Any]], groups: list[dict[str, Any]]
) -> None:
    """Put the rules' offers for this row (rules.play.offers) among its buttons: a quick
    one takes the place of the row's button for the same action (Iron & Honor's
    Activate that also rolls), or comes first; the others are groups at the top of More."""
    heads: dict[str, dict[str, Any]] = {}
    front = 0
    for offer in offers:
        button = _button(offer.do, offer.label, f" {m.name}", offer.title)
        if offer.quick:
            button["quick"] = True  # an action of the model, told from its statuses (play.css)
            first = offer.do.split(";")[0].lstrip("=")
            same = next((i for i, b in enumerate(buttons) if b["do"] == first), None)
            if same is not None:
                buttons[same] = button
            else:
                buttons.insert(front, button)
                front += 1
            continue
        group = heads.get(offer.group)
        if group is None:
            group = {"head": offer.group or None, "cite": "", "buttons": [], "fold": False}
            heads[offer.group] = group
        group["buttons"].append(button)
    groups[:0] = list(heads.values())


def _value_groups(
    spec: Any, a: dict[str, Any], m: ModelState, rules_of: dict[str, Rule], title: str
) -> list[dict[str, Any]]:
    """The More menu's groups for one action with choices. Tokens from more than one part
    of the book (Brutality's status effects, Powers and Wound Chart results: 32 of them)
    come in a group per part, the first part open and the others folded (issue 28: the
    common ones first, not 32 flat buttons)."""
    parts: dict[str | None, list[str]] = {}
    for v in a["values"]:
        rule = rules_of.get(key_of(v.partition(":")[0]))  # "Trauma: -3 Save" is Trauma's
        parts.setdefault(rule.section if rule else None, []).append(v)
    groups = []
    for i, (part, values) in enumerate(parts.items()):
        head = f"{spec.label}: {part}" if part and len(parts) > 1 else spec.label
        buttons = [_button(f"{spec.name}:{v}", v, f" ({spec.label}, {m.name})", title) for v in values]
        cite = "" if part and len(parts) > 1 else a["cite"]  # the part is the cite
        groups.append({"head": head, "cite": cite, "buttons": buttons, "fold": i > 0})
    return groups


def _in_order(stats: dict[str, Any], order: tuple[str, ...]) -> list[tuple[str, Any]]:
    """A model's line in the book's order (``PlayRules.stat_order``), keys it does not
    name after, as stored."""
    named = [(k, stats[k]) for k in order if k in stats]
    return named + [(k, v) for k, v in stats.items() if k not in order]


def _row_html(
    rules: PlayRules,
    declared: _Declared,
    side_index: int,
    m: ModelState,
    act_url: str,
    wound_word: str,
    acting: bool = False,
    offers: tuple[Offer, ...] = (),
    marks: tuple[str, ...] = (),
) -> Markup:
    """One model's row (templates/games/_row.jinja), kept per (rules, side, model state,
    whether it is the model acting now): a tap changes one or two rows, and every
    viewer's table shows the same rows."""
    offered = "/".join(o.key() for o in offers)
    key = f"{declared.generation}|{side_index}|{act_url}|{wound_word}|{acting}|{offered}|{marks}|"
    key += m.model_dump_json()
    html = _ROWS.get(key)
    if html is None:
        untoken = "untoken" in declared.names
        row = _row(rules, m, declared.statuses, declared.tokens, untoken, declared.model_actions, offers)
        row["acting"] = acting and not m.killed
        row["marks"] = marks
        # The line on the row (issue 40), less the stat the row counts down already.
        row["line"] = [st for st in row["stats"] if st["key"] not in WOUND_STATS] if not m.killed else []
        html = Markup(macro("games/_row.jinja", "row")(side_index, row, act_url, wound_word))
        _ROWS[key] = html
        while len(_ROWS) > ROWS_KEPT:
            _ROWS.popitem(last=False)
    else:
        _ROWS.move_to_end(key)
    return html


#: A model's tag and the mark its row shows in words (issue 40): Brutality's Leader,
#: a hero (Iron & Honor p.11, Beestwars p.8), a Beestwars standard bearer (p.8).
MARK_TAGS = (("leader", "Leader"), ("hero", "Hero"), ("standard", "Standard bearer"))
#: The stats a row shows as its Wounds / Hit Points left (Iron & Honor's WO, p.12;
#: Brutality's HP), not again in its line.
WOUND_STATS = frozenset({"WO", "HP"})
#: Beestwars' public key of the fighters carrying a standard picked up (p.8).
CARRIED = "standard_carried_by"


def _marks(state: TableState, side: int, m: ModelState) -> tuple[str, ...]:
    """What model ``m`` of ``side`` is, in words for its row: "Leader", "Hero",
    "Standard bearer", or "Holds <side>'s standard" for a fighter that picked up the
    enemy's; a mark its role already says ("Hero") is not said twice."""
    out = [word for tag, word in MARK_TAGS if tag in m.tags and word.lower() != (m.role or "").lower()]
    carried = state.public.get(CARRIED)
    if isinstance(carried, dict):
        for owner, carrier in carried.items():
            if not isinstance(carrier, dict):
                continue
            if (carrier.get("side"), carrier.get("model")) != (side, m.index):
                continue
            if str(owner) == str(side):
                out.append("Standard bearer")
            elif str(owner) in ("0", "1"):
                out.append(words(f"Holds {state.sides[int(owner)].name}'s standard"))
    return tuple(dict.fromkeys(out))


def viewer_of(state: TableState) -> SideIndex | None:
    """Whose eyes the table is drawn for. One phone on the table is shared by both
    players, so it shows what every viewer may see (rules.play.core.PlayRules.view with
    no side): a card the rules hold back from the active side stays on the server."""
    return None


def etag_of(game: Game, seat: Any = None) -> str:
    """The ETag of ``game``'s table as ``seat`` sees it: the version and the last write
    (roster.games.models.write_mark), whether the other side is held, whose eyes,
    finished or not (a watcher's copy is never a side's)."""
    who = f"-{seat.role}{seat.side if seat.side is not None else ''}" if seat is not None else ""
    held = "-2" if game.side_hash or game.guest_id else ""
    end = "-end" if game.finished else ""
    return f'"game-{game.pk}-v{game.version}-w{write_mark(game.updated)}{held}{who}{end}"'


def _undoable(
    rules: PlayRules, game: Game, state: TableState, side: SideIndex | None
) -> tuple[str | None, set[str]]:
    """What this seat may undo (PlayRules.may_undo): the event the bar's
    Undo takes back (the latest such, of this side's with two phones), and which of the
    log lines shown have their own Undo. Reads the stored log from its end only as far
    as it must."""
    shown = {line.event_id for line in state.log[-LOG_SHOWN:]}
    # What cut a side's activation or models short is that side's to undo too (issue 40).
    cut = {line.event_id: line.ended_for for line in state.log if line.ended_for}
    latest: str | None = None
    allowed: set[str] = set()
    for raw in reversed(game.events):
        event = Event.model_validate(raw)
        ok = rules.may_undo(event, side, cut.get(event.id, ())) is None and event.id not in allowed
        if ok and event.id in shown:
            allowed.add(event.id)
        if ok and latest is None and (side is None or event.side == side):
            latest = event.id
        shown.discard(event.id)
        if latest is not None and not shown:
            break
    return latest, allowed


@dataclass(frozen=True)
class _Declared:
    """What a system's table shows of its declared trackers, the same for every game
    (made once per rules of play, not per request): the statuses, tokens and resources
    by key, the declared action names, and the actions by scope as the template shows
    them."""

    generation: int
    statuses: dict[str, Rule]
    tokens: dict[str, Rule]
    resources: dict[str, Rule]
    names: frozenset[str]
    model_actions: list[dict[str, Any]]
    side_actions: list[dict[str, Any]]
    game_actions: list[dict[str, Any]]


_GENERATIONS = itertools.count()
_DECLARED: weakref.WeakKeyDictionary[PlayRules, tuple[Trackers, _Declared]] = weakref.WeakKeyDictionary()


def _declared(rules: PlayRules) -> _Declared:
    """``rules``' trackers as the table shows them, kept while the rules object (and its
    trackers) stay the same."""
    kept = _DECLARED.get(rules)
    if kept is not None and kept[0] is rules.trackers:
        return kept[1]
    trackers = rules.trackers
    tokens = _by_key(trackers.tokens)
    # Taking a token off is its chip's button; ending the game is its own form.
    shown_actions = [a for a in trackers.actions if a.name not in ("untoken", "end")]
    declared = _Declared(
        generation=next(_GENERATIONS),
        statuses=_by_key(trackers.statuses),
        tokens=tokens,
        resources=_by_key(trackers.resources),
        names=frozenset(a.name for a in trackers.actions),
        model_actions=[_spec(a, rules, tokens) for a in shown_actions if a.scope == "model"],
        side_actions=[_spec(a, rules, tokens) for a in shown_actions if a.scope == "side"],
        game_actions=[_spec(a, rules, tokens) for a in shown_actions if a.scope == "game"],
    )
    _DECLARED[rules] = (trackers, declared)
    return declared


def table_context(
    game: Game, state: TableState, refused: str | None = None, seat: Any = None
) -> dict[str, Any]:
    """Everything the table's fragment (templates/games/_table.jinja) needs: both sides
    with their resources and model rows (the living in roster order, the killed greyed
    at the bottom), the declared actions by scope, notices, the latest log lines with
    their undo, the rule problems at the start (version 0 only: the snapshot is read
    then only). Each form's event id is left to roster.games.fragment, which fills a
    fresh one per response.

    ``seat`` (roster.games.seats.Seat, None: the owner on one phone) says whose eyes the
    state is drawn for (rules.play.core.PlayRules.view): a watcher and the other side
    never get a card held back from them."""
    rules = play_rules(game.system)
    viewer = seat.viewer if seat is not None else viewer_of(state)
    shown = rules.view(state, viewer)
    mine = shown.hidden.get(str(viewer)) if viewer is not None else None
    declared = _declared(rules)
    act_url = reverse("game-act", args=[game.pk])
    wound_word = getattr(rules, "wound_word", None) or "Wounds"
    sides = []
    can_act = seat is None or seat.can_act
    acting = rules.acting_model(shown)
    row_offers = getattr(rules, "row_offers", None)  # rules.play.offers
    for index, side in enumerate(shown.sides):
        whose: SideIndex = 0 if index == 0 else 1
        rows = [
            {
                "killed": m.killed,
                "index": m.index,
                "html": _row_html(
                    rules,
                    declared,
                    index,
                    m,
                    act_url,
                    wound_word,
                    acting == (index, m.index),
                    # From the whole state (a Beestwars card held back from this viewer
                    # still says an activation is under way); what they offer names no card.
                    # Every offer is the row's own player's (with two phones, their side's).
                    tuple(row_offers(state, index, state.sides[index].models[m.index]))
                    if row_offers is not None and can_act and (seat is None or seat.side in (None, index))
                    else (),
                    _marks(shown, index, m),
                ),
            }
            for m in side.models
        ]
        rows.sort(key=lambda r: (r["killed"], r["index"]))
        sides.append(
            {
                "index": index,
                "s": side,
                "resources": [
                    {"name": name, "value": value, "rule": _rule(rules, declared.resources.get(key_of(name)))}
                    for name, value in side.resources.items()
                ],
                "counts": _side_counts(shown.public, index),
                "rows": rows,
                "living": sum(1 for r in rows if not r["killed"]),
                # Only the uses this side has (issue 28: no trait use the side lacks).
                "actions": [
                    {**a, "values": [v for v in a["values"] if rules.usable(state, whose, a["spec"].name, v)]}
                    for a in declared.side_actions
                ],
            }
        )
    bar_side: SideIndex = 1 if shown.active == 1 else 0
    if seat is not None and seat.side == 1:
        sides.reverse()  # each phone shows its own side first (issue 28: one hand)
    log = [_said(line) for line in reversed(shown.log[-LOG_SHOWN:])]
    latest, undoable_ids = _undoable(rules, game, shown, seat.side if seat is not None else None)
    issues: list[tuple[str, list[str]]] = []
    if state.version == 0:
        snapshot_sides = game.snapshot["sides"]
        issues = [(side.name, snapshot_sides[i].get("issues") or []) for i, side in enumerate(shown.sides)]
    return {
        "game": game,
        "state": shown,
        "rules": rules,
        "trackers": rules.trackers,
        "system": SYSTEMS.get(game.system),
        "sides": sides,
        "act_url": act_url,
        "undo_url": reverse("game-undo", args=[game.pk]),
        "state_url": reverse("game-state", args=[game.pk]),
        # The live stream where this server holds them (ASGI: roster/games/live.py).
        "stream_url": reverse("game-stream", args=[game.pk]) if settings.LIVE_STREAMS else "",
        "sw_url": reverse("service-worker"),
        "side_actions": declared.side_actions,
        # Only the game actions that make sense now (PlayRules.offered): a short bar in
        # thumb reach, and no tap the rules would refuse anyway.
        # A game action's choices too: only those the rules take now (Iron & Honor's
        # acting model is offered the actions its points and kinds allow, p.33).
        "game_actions": [
            {**a, "values": [v for v in a["values"] if rules.usable(state, bar_side, a["spec"].name, v)]}
            for a in declared.game_actions
            if rules.offered(state, a["spec"].name)
        ],
        # The game's line: what is public, less the set-up (explained under it) and the
        # counts shown per side (issue 40: each count once).
        "notices": [words(n) for n in shown.notices],
        "public": _plain(
            {
                k: v
                for k, v in shown.public.items()
                if k not in rules.setup_public
                and k not in _COUNTED
                and k not in STANDARD_KEYS
                and v != []
                and k != "last_turn"
                # Beestwars' next commander, while one is active (said: "... to act").
                and not (k == "next_active" and shown.active is not None)
            },
            shown.sides,
            rules,
        )
        + _standards(rules, shown),
        "setup_rules": _setup_shown(rules, shown),
        # Brutality's Game Length (Turn 4): said with the turn, "Turn 2 of 4".
        "last_turn": shown.public.get("last_turn"),
        "victory_points": rules.victory_points is not None,
        "score_word": rules.score_word,
        "score_short": rules.score_short,
        "log": log,
        "rules_changed": rules_changed(game, state),
        "names": [side.name for side in shown.sides],
        "two_phones": bool(game.side_hash) or game.guest_id is not None,
        "latest": latest,
        "undoable": undoable_ids,
        "seat": seat,
        "can_act": seat is None or seat.can_act,
        "my_card": mine.get("card") if isinstance(mine, dict) else None,
        "refused": refused,
        "issues": [(name, lines) for name, lines in issues if lines],
        "active": shown.active,
        # The side of the model acting now: Brutality's activation passes to the other side
        # when a model activates, so that side "activates next", it is not acting yet.
        "acting_side": acting[0] if acting is not None else None,
        "default_side": shown.active if shown.active is not None else 0,
        "end_offer": _end_offer(rules, shown, seat),
        "wound_word": wound_word,
    }


def _end_offer(rules: PlayRules, state: TableState, seat: Any) -> dict[str, Any] | None:
    """A proposal to end the game waiting for an answer (``public["end_offer"]``, issue
    40), as the table shows it: who proposed (``by``), the result it names (``what``),
    whether this seat made it (``mine``: it may take it back) or answers it
    (``answers``, with the ``side`` it answers as; a watcher does neither)."""
    offer = state.public.get("end_offer")
    if not isinstance(offer, dict):
        return None
    side = 1 if offer.get("side") == 1 else 0
    mine = seat is not None and seat.side == side
    answers = (seat is None or seat.side is not None) and not mine
    return {
        "by": state.sides[side].name,
        "what": rules.proposed_result(state, offer.get("winner")),
        "early": rules.early_end(state),
        "mine": mine,
        "answers": answers,
        "side": side if mine else 1 - side,
    }


#: Public state keys counted per side (Iron & Honor's dice in the bag, p.6), shown in
#: each side's head rather than on the game's line: key -> (the total's key, label).
SIDE_COUNTS = {"bag": ("dice", "Bag")}
_COUNTED = frozenset(SIDE_COUNTS) | {total for total, _ in SIDE_COUNTS.values()}


def _side_counts(public: dict[str, Any], index: int) -> list[dict[str, Any]]:
    """Side ``index``'s counts of :data:`SIDE_COUNTS` as [{"label", "value", "of"}]:
    "Bag 6 of 7" (dice left of the side's dice)."""
    out = []
    for key, (total_key, label) in SIDE_COUNTS.items():
        counts, totals = public.get(key), public.get(total_key)
        if isinstance(counts, dict) and str(index) in counts:
            total = totals.get(str(index)) if isinstance(totals, dict) else None
            out.append({"label": label, "value": counts[str(index)], "of": total})
    return out


#: Beestwars' public keys about the standards (p.8), said by :func:`_standards` (the
#: carrier on its row: :func:`_marks`).
STANDARD_KEYS = frozenset({"standard", CARRIED, "standard_taken"})


def _standards(rules: PlayRules, state: TableState) -> list[tuple[str, str]]:
    """Where each fallen or taken standard is (Beestwars p.8), each side named so that
    two warbands of one name are told apart (the rules' ``side_name``: "Stone Hoof's
    raiders (side 2)"): [("Standards", "Stone Hoof's raiders (side 1): fallen")]."""
    where = state.public.get("standard")
    if not isinstance(where, dict) or not where:
        return []
    side_name = getattr(rules, "side_name", None)

    def said(i: int) -> str:
        return str(side_name(state, i)) if side_name is not None else state.sides[i].name

    parts = []
    for owner, at in sorted(where.items()):
        if str(owner) not in ("0", "1"):
            continue
        if at == "fallen":
            parts.append(f"{said(int(owner))}: fallen")
        elif str(at) == str(owner):
            parts.append(f"{said(int(owner))}: picked up again")
        elif str(at) in ("0", "1"):
            parts.append(f"{said(int(owner))}: taken by {said(int(str(at)))}")
    return [("Standards", "; ".join(parts))] if parts else []


def _setup_shown(rules: PlayRules, state: TableState) -> list[dict[str, Any]]:
    """This game's set-up explained (issue 40): the system's rules for its mission,
    region or encounter (``PlayRules.setup_rules``) and, for a set-up choice that is a
    side (I Smell A Rat's Infiltrator), that side by name, never by its number."""
    out = [x for x in (_rule(rules, r) for r in rules.setup_rules(state.public)) if x is not None]
    for choice in rules.setup_choices():
        value = state.public.get(choice.key)
        if choice.key not in rules.setup_public or choice.values != ["0", "1"]:
            continue
        if value in (0, 1, "0", "1"):
            name = state.sides[int(str(value))].name
            rule = Rule(
                name=f"{choice.label}: {name}",
                summary=choice.summary,
                page=choice.page,
                section=choice.section,
            )
            out += [x for x in (_rule(rules, rule),) if x is not None]
    return out


def page_context(game: Game, seat: Any = None) -> dict[str, Any]:
    """What the table page (templates/games/table.html) shows around the fragment: the
    game, the rules on this table with their sources, whether the seat may act, and the
    sides' names (the end form's "who won?")."""
    rules = play_rules(game.system)
    return {
        "game": game,
        "rules": rules,
        "rules_shown": _rules_shown(rules),
        "can_act": seat is None or seat.can_act,
        # With two phones, End the game asks the other player (issue 40).
        "proposing": seat is not None and seat.side is not None,
        "side_names": [side.get("name") or f"Side {i + 1}" for i, side in enumerate(game.snapshot["sides"])],
        "victory_points": rules.victory_points is not None,
        "score_word": rules.score_word,
        "score_short": rules.score_short,
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
    # The book's other rules of play (issue 40: the list complete), then where Muster
    # had to decide what an unclear rule means.
    named = {(x.get("name") or x["r"].name) for x in out if x is not None}
    out += [_rule(rules, r) for r in rules.reference if r.name not in named]
    out += [
        {**x, "name": f"Muster's reading: {r.name}"}
        for r in t.decisions
        if (x := _rule(rules, r)) is not None
    ]
    return [x for x in out if x is not None]


#: Keys of ``TableState.public`` the table shows in its own way (the acting model on its
#: row) and their labels where the key's words are not the players'.
HIDDEN_PUBLIC = frozenset({"current", "actions", "end_offer", "stopped"})


def _plain(public: dict[str, Any], sides: Any, rules: PlayRules | None = None) -> list[tuple[str, str]]:
    """The public part of the state (bag counts, revealed cards, mission...) as label and
    text pairs for the table's status line, in the players' words: a side's index (under
    "side", "...active", "drawer", "drawn", "...barred", or as text under a side's key)
    and a side's key ("0", "1") read as its name,
    a model's index beside its side as the model's name ("Raensleyar (Northmen Raiding
    Party)"), and a list of (label, amount) pairs as "Hero's Will +1, Cursed Hand -1"
    (an activation's modifiers). ``sides``: the state's SideStates; ``rules``: the
    system's rules of play, whose words (PlayRules.public_labels, public_words,
    public_unset, public_side_lists) say its keys."""
    names = [side.name for side in sides]
    labels = rules.public_labels if rules else {}
    inner = rules.public_words if rules else {}
    unset = rules.public_unset if rules else {}
    side_lists = rules.public_side_lists if rules else frozenset()

    def side_name(value: Any) -> str | None:
        if isinstance(value, bool) or value not in (0, 1, "0", "1"):
            return None
        return str(names[int(value)])

    def text(key: str, value: Any) -> str:
        if isinstance(value, dict) and all(isinstance(value.get(k), int) for k in ("size", "left")):
            # A deck: "8 of 9 left", the cards shown so far after (Beestwars p.4).
            shown = value.get("discard") or []
            gone = f"; shown {', '.join(str(v) for v in shown)}" if shown else ""
            return f"{value['left']} of {value['size']} left{gone}"
        if isinstance(value, dict):
            parts = []
            whose = value.get("side")
            owner = side_name(whose)
            words = inner.get(key, {})
            for k, v in value.items():
                if v is None and k in unset:
                    parts.append(unset[k])
                    continue
                if v is None or v == []:
                    continue  # nothing to say (no raw "None" on the table, issue 28)
                if k in side_lists and isinstance(v, list):
                    who = [side_name(x) or str(x) for x in v]
                    parts.append(f"{words.get(k, k.replace('_', ' '))}: {', '.join(who)}")
                    continue
                if k == "model" and owner is not None and isinstance(v, int):
                    models = sides[int(str(whose))].models
                    if 0 <= v < len(models):
                        parts.append(f"{models[v].name} ({owner})")
                        continue
                if k == "side" and side_name(v) is not None and "model" in value:
                    continue  # said with the model
                label = side_name(k) if k in ("0", "1") else words.get(k, k.replace("_", " "))
                parts.append(f"{label}: {text(k, v)}")
            return ", ".join(parts)
        if isinstance(value, list):
            if value and all(isinstance(v, list | tuple) and len(v) == 2 for v in value):
                return ", ".join(
                    f"{label} {amount:+d}" if isinstance(amount, int) else f"{label} {amount}"
                    for label, amount in value
                )
            return ", ".join(str(v) for v in value) or "none"
        if isinstance(value, bool):
            return "yes" if value else "no"
        # Under a side's own key ("0", "1") a number is a count (dice in the bag); a
        # side there is text: Beestwars' standard {"0": "1"} is held by side 1.
        sided = key == "side" or key.endswith(("active", "drawer", "drawn", "barred", "activated"))
        if (sided or (key in ("0", "1") and isinstance(value, str))) and side_name(value) is not None:
            return str(side_name(value))
        return str(value)

    shown = [
        (labels.get(key, key.replace("_", " ").capitalize()), text(key, value))
        for key, value in public.items()
        if key not in HIDDEN_PUBLIC
    ]
    return [(label, words) for label, words in shown if words not in ("", "None")]


def rules_changed(game: Game, state: TableState) -> str | None:
    """When ``game`` was played under another version of its rules of play than the
    current one and its replay (``state``) now reads otherwise than what was recorded
    with its last write (``Game.summary``), a sentence saying so for the table and the
    result; else None (the same version, or a new one that replays it alike)."""
    rules = play_rules(game.system)
    if not game.rules_version or game.rules_version == rules.version or not game.summary:
        return None
    recorded = {k: v for k, v in game.summary.items() if k != "finished"}
    now = {k: v for k, v in list_summary(state).items() if k != "finished"}
    if recorded == now:
        return None
    return (
        f"Muster's rules of play changed since this game was played (version {game.rules_version}, "
        f"now {rules.version}): replayed under the current ones it reads differently from what was "
        "recorded; actions that no longer apply say so in the log."
    )


def score_word(points: int | None, word: str) -> str:
    """The book's score ``word`` ("Victory Points", "ExP") for ``points`` of it: one
    Victory Point, not "1 Victory Points"."""
    return word[:-1] if points == 1 and word.endswith("Points") else word


def result_context(game: Game, state: TableState, seat: Any = None) -> dict[str, Any]:
    """templates/games/result.html: each side's Victory Points and casualties, the
    winner, the turns played, and the log (its latest RESULT_LOG_SHOWN lines; the rest
    ``folded`` into the exports), as ``seat`` may see them (see :func:`table_context`)."""
    rules = play_rules(game.system)
    shown = rules.view(state, seat.viewer if seat is not None else viewer_of(state))
    sides = [
        {
            "index": i,
            "s": side,
            "casualties": [m for m in side.models if m.killed],
            "left": [m for m in side.models if not m.killed],
            "score_word": score_word(side.victory_points, rules.score_word),
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
        "score_word": rules.score_word,
        "score_short": rules.score_short,
        "rules_changed": rules_changed(game, state),
        # A long game's page stays small: the latest lines, the rest in the exports.
        "log": [_said(line) for line in shown.log[-RESULT_LOG_SHOWN:]],
        "folded": max(0, len(shown.log) - RESULT_LOG_SHOWN),
        # Stopped by agreement before the book's end (Brutality's Turn 4): no result.
        "stopped": bool(shown.public.get("stopped")),
        "early": rules.early_end(shown) if shown.public.get("stopped") else None,
        # The result page follows the game: reopened, every phone goes back to the table.
        "state_url": reverse("game-state", args=[game.pk]),
        "stream_url": reverse("game-stream", args=[game.pk]) if settings.LIVE_STREAMS else "",
        "table_url": reverse("game-table", args=[game.pk]),
    }


def game_rows(games: list[Game]) -> list[dict[str, Any]]:
    """templates/games/list.html, one row per game: the game, its system's title, both
    sides' names, the result ("Stone Hoof's raiders won", "No winner named", "In
    progress, turn 2", "Not started"), the score where the system counts Victory Points
    ("3 - 1 Victory Points", in the book's word: Iron & Honor's ExP), and the dates.
    Read from ``Game.summary``: nothing is replayed."""
    rows = []
    for game in games:
        summary = game.summary or {}
        sides = [side["name"] for side in summary.get("sides", [])]
        winner = summary.get("winner")
        if game.finished is not None:
            result = (
                f"{sides[winner]} won" if winner is not None and winner < len(sides) else "No winner named"
            )
        elif summary.get("actions", game.version):
            result = f"In progress, turn {summary.get('turn', 1)}"
        else:
            result = "Not started"
        counts = play_rules(game.system).victory_points is not None
        points = [side.get("victory_points", 0) for side in summary.get("sides", [])]
        system = SYSTEMS.get(game.system)
        rows.append(
            {
                "game": game,
                "system": system.title if system else game.system,
                "sides": sides,
                # both sides' names where the game's own name does not already give them
                "versus": " v ".join(sides) if len(sides) == 2 and game.name != " v ".join(sides) else "",
                "result": result,
                "score": " – ".join(str(p) for p in points) if counts and len(points) == 2 else "",
                "score_unit": play_rules(game.system).score_word,
                "actions": summary.get("actions"),
            }
        )
    return rows
