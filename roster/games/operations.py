"""The one writer of games (STYLE.md "state changes go through one writer"): start a
game, append an action, undo one, finish. Views never touch ``Game.events`` themselves.

Every write is a compare-and-set on ``Game.version`` (the number of events): the new log
is written only if nobody appended meanwhile, otherwise the log is read again and the
action re-applied, so two phones never overwrite each other (docs/play.md). Random
outcomes are decided here, on the server, with ``secrets.SystemRandom``.
"""

from __future__ import annotations

import copy
import hashlib
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from roster.games.models import MAX_EVENTS, Game
from roster.games.systems import play_rules
from rules.play import core
from rules.play.core import Event, Refused, Snapshot, TableState
from rules.play.format import list_summary

ATTEMPTS = 5  # compare-and-set retries before giving up (another phone kept winning)
_STATES: OrderedDict[tuple[int, str], TableState] = OrderedDict()
STATE_CACHE_SIZE = 128
# Per game (id, created, holder of side 1: a joiner may replace side 1's snapshot before
# any action): the unique event ids and state of the latest log replayed here.
_LATEST: dict[tuple[int, str, str], tuple[list[str], TableState]] = {}


class GameOver(Refused):
    """An action on a finished game."""


@dataclass(frozen=True)
class Played:
    """The answer of a write: the game as stored now, its state (the whole state, before
    :meth:`rules.play.core.PlayRules.view`), and whether the write changed anything
    (False for a resent event id)."""

    game: Game
    state: TableState
    applied: bool


def _log_key(game: Game, events: list[dict[str, Any]]) -> tuple[int, str]:
    """The cache key of a game's log: its id, when it was created (an id a database
    hands out again never meets an old game's entry), the holder of side 1 (a joiner may
    replace side 1's snapshot as they take it, before any action: roster.games.seats.
    take_side; every process then replays the new snapshot) and a digest of its event ids."""
    ids = "\n".join([str(game.created), game.side_hash, *(str(e.get("id")) for e in events)])
    return game.pk, hashlib.blake2b(ids.encode(), digest_size=16).hexdigest()


def _unique_ids(events: list[dict[str, Any]]) -> list[str]:
    """The stored log's event ids in order, later copies dropped (core.unique)."""
    seen: set[str] = set()
    out = []
    for e in events:
        key = str(e.get("id"))
        if key not in seen:
            seen.add(key)
            out.append(key)
    return out


def _remember(key: tuple[int, str], state: TableState, game: Game, events: list[dict[str, Any]]) -> None:
    _STATES[key] = state
    _STATES.move_to_end(key)
    while len(_STATES) > STATE_CACHE_SIZE:
        _STATES.popitem(last=False)
    _LATEST[(game.pk, str(game.created), game.side_hash)] = (_unique_ids(events), state)
    while len(_LATEST) > STATE_CACHE_SIZE:
        _LATEST.pop(next(iter(_LATEST)))


def state_of(game: Game) -> TableState:
    """The state ``game``'s log replays to (rules.play.core.replay), kept per process
    for the same log so a read after a write does not replay again. When this process
    has the state of an earlier log of the game (another worker answered the latest
    taps), only the events after it are applied to a copy of it. Never raises for a
    stored log. The returned state is shared: copy it before changing it."""
    events = game.events
    key = _log_key(game, events)
    cached = _STATES.get(key)
    if cached is not None:
        return cached
    rules = play_rules(game.system)
    earlier = _LATEST.get((game.pk, str(game.created), game.side_hash))
    ids = _unique_ids(events)
    if earlier is not None and len(earlier[0]) < len(ids) and ids[: len(earlier[0])] == earlier[0]:
        state = _working_copy(earlier[1])
        seen = set(earlier[0])
        for e in events:
            if str(e.get("id")) not in seen:
                seen.add(str(e.get("id")))
                state = core.apply_or_note(rules, state, Event.model_validate(e))
        state.version = len(ids)
    else:
        state = core.replay(rules, game.snapshot_model, game.event_models)
    _remember(key, state, game, events)
    return state


def _working_copy(state: TableState) -> TableState:
    """A copy of a cached state that ``PlayRules.apply`` may change in place: everything
    deep-copied but the log's lines, which apply only appends to (a new list here), so
    a tap does not copy a long game's whole log."""
    return state.model_copy(
        update={
            "sides": copy.deepcopy(state.sides),
            "public": copy.deepcopy(state.public),
            "hidden": copy.deepcopy(state.hidden),
            "notices": list(state.notices),
            "log": list(state.log),
        }
    )


def start_game(owner: Any, snapshot: Snapshot, name: str) -> Game:
    """A new game of ``owner`` from ``snapshot`` (both sides as they are now), with an
    empty log. ``name`` is what My games lists ("Northmen v Clovis")."""
    rules = play_rules(snapshot.system)  # KeyError for a system without rules of play
    return Game.objects.create(
        owner=owner,
        system=snapshot.system,
        name=name[:200],
        snapshot=snapshot.model_dump(mode="json"),
        summary=list_summary(rules.start(snapshot)),
    )


def _write(game: Game, events: list[Event] | list[dict[str, Any]], state: TableState) -> bool:
    """Store ``events`` (parsed, or as stored) if the game still has the version and the
    holder of side 1 it was read at; True if it did."""
    dumped = [e.model_dump(mode="json") if isinstance(e, Event) else e for e in events]
    now = timezone.now()
    summary = list_summary(state)
    changes: dict[str, Any] = {"events": dumped, "version": len(events), "updated": now, "summary": summary}
    if state.finished:
        changes["finished"] = now
    # side_hash too: a joiner may replace side 1 while the game has no action
    # (roster.games.seats.take_side); an action read against the old side then goes round again.
    written = Game.objects.filter(
        pk=game.pk, version=game.version, side_hash=game.side_hash, finished__isnull=True
    ).update(**changes)
    if written:
        game.events, game.version, game.updated, game.summary = dumped, len(events), now, summary
        if state.finished:
            game.finished = now
        _remember(_log_key(game, dumped), state, game, dumped)
    return bool(written)


def fresh(game: Game) -> Game:
    """``game`` read again from the database (after another phone changed it)."""
    return Game.objects.get(pk=game.pk)


def act(game: Game, event: Event, *, seated: bool = False) -> Played:
    """Append ``event`` to ``game``'s log (rules.play.core.append): applied once, even
    when resent with the same id. Raises :class:`Refused` with the rules' reason when it
    does not make sense now (nothing is written), :class:`GameOver` on a finished game.
    ``seated``: the event comes from one side's own phone (two phones), so an action the
    rules give to the other side's player (PlayRules.actor) is refused."""
    rules = play_rules(game.system)
    rng = secrets.SystemRandom()
    for _ in range(ATTEMPTS):
        # The stored log is only read for its ids: the state is the cached replay.
        stored = game.events
        if any(e.get("id") == event.id for e in stored):
            return Played(game, state_of(game), applied=False)
        if game.finished is not None:
            raise GameOver("the game is over: its result is kept under My games")
        if len(stored) >= MAX_EVENTS:
            raise Refused(f"a game keeps at most {MAX_EVENTS} actions")
        state = state_of(game)
        who = rules.actor(state, event) if seated else None
        if who is not None and who[0] != event.side:
            raise Refused(who[1])
        event = event.model_copy(update={"outcome": {}, "at": timezone.now().isoformat(timespec="seconds")})
        event = event.model_copy(update={"outcome": rules.decide(state, event, rng)})
        new_state = rules.apply(_working_copy(state), event)
        new_state.version = len(stored) + 1
        if _write(game, [*stored, event.model_dump(mode="json")], new_state):
            return Played(game, new_state, applied=True)
        game = fresh(game)
    raise Refused("another phone kept changing this game: try again")


def undo(game: Game, event_id: str | None = None, side: core.SideIndex | None = None) -> Played:
    """Drop one event from ``game``'s log (the latest when ``event_id`` is None; with
    ``side``, only an action that side made: two phones each undo their own) and return
    the state replayed without it. Raises :class:`Refused` when there is no such event
    (an undo resent after it was done finds nothing: nothing changes twice), or it is the
    other side's, or (with ``side``) Muster drew its outcome, :class:`GameOver` on a
    finished game.

    With two phones (``side`` given) an action whose outcome Muster drew (a Beestwars
    card, a die out of the Iron & Honor bag, a roll Muster made) stands: undone, it would
    be drawn again with another result, so a player could draw until they liked it (the
    blind draws of Beestwars p.4 and Iron & Honor p.31 must stay fair, issue 20). On one
    phone both players see the undo, and it stays allowed."""
    rules = play_rules(game.system)
    for _ in range(ATTEMPTS):
        if game.finished is not None:
            raise GameOver("the game is over: its result is kept under My games")
        log = game.event_models
        if side is not None:
            mine = [e for e in core.unique(log) if e.side == side]
            named = event_id if event_id is not None else (mine[-1].id if mine else None)
            theirs = next((e for e in log if e.id == named), None)
            if theirs is not None and theirs.side != side:
                raise Refused("that action is the other side's: only they can undo it")
            if theirs is not None and theirs.outcome:
                raise Refused(
                    "what Muster drew (a card, a die, a roll) stands when each side plays on its "
                    "own phone: undone, it would be drawn again with another result"
                )
        events = core.undo(log, event_id, side)
        state = core.replay(rules, game.snapshot_model, events)
        if _write(game, events, state):
            return Played(game, state, applied=True)
        game = fresh(game)
    raise Refused("another phone kept changing this game: try again")


def finish(game: Game, event: Event | None = None) -> Played:
    """End the game: ``event`` (the system's "end" action, when it declares one) is
    appended first, then the game is marked finished whatever the rules say (the
    players agreed to stop). Finishing a finished game changes nothing."""
    if game.finished is not None:
        return Played(game, state_of(game), applied=False)
    if event is not None:
        try:
            game = act(game, event).game
        except Refused:  # the rules would not end it now: the players still may
            game = fresh(game)
    summary = {**list_summary(state_of(game)), "finished": True}
    with transaction.atomic():
        Game.objects.filter(pk=game.pk, finished__isnull=True).update(
            finished=timezone.now(), summary=summary
        )
    game = fresh(game)
    return Played(game, state_of(game), applied=True)
