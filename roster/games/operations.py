"""The one writer of games (STYLE.md "state changes go through one writer"): start a
game (with its join code and watch token), append an action, undo one, finish, renew
the join code, delete. Views never write a game themselves.

Every write is a compare-and-set on ``Game.version``, a count of the log's writes that
never comes back to an earlier value: the new log is written only if nobody wrote it
meanwhile, otherwise the log is read again and the action re-applied, so two phones never
overwrite each other, and an undo then a tap (a log as long as before) never lets a
request write the log it read before both (docs/play.md "Fair between phones"). Random
outcomes are decided here, on the server, with ``secrets.SystemRandom``, and stand by
every path: an event with an outcome is never undone, nor is an earlier event whose undo
would leave a draw without effect, and an undone event's id is never applied again.

Seats change here too (:func:`take_side`, :func:`free_side`), each written in
``Game.trail`` beside the undos.
"""

from __future__ import annotations

import copy
import hashlib
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from roster.games import live
from roster.games.models import CODE_ALPHABET, CODE_LENGTH, MAX_EVENTS, MAX_TRAIL, Game, trail_entry
from roster.games.origins import origin_of
from roster.games.sides import told_apart
from roster.games.systems import play_rules
from rules.play import core
from rules.play.core import Event, Refused, SideSnapshot, Snapshot, TableState
from rules.play.format import list_summary

ATTEMPTS = 5  # compare-and-set retries before giving up (another phone kept winning)
_STATES: OrderedDict[tuple[int, str], TableState] = OrderedDict()
STATE_CACHE_SIZE = 128
# Per game (id, created, holder of side 1: a joiner may replace side 1's snapshot before
# any action): the unique event ids and state of the latest log replayed here.
_LATEST: dict[tuple[int, str, str], tuple[list[str], TableState]] = {}


class GameOver(Refused):
    """An action on a finished game."""


class Unconfirmed(Refused):
    """An action applied only once its player confirms it: ``reason`` is the question
    (PlayRules.confirm, or the same hit already recorded by the other phone)."""


TWICE_SECONDS = 5  # the same hit from both phones this close together is asked about


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
    replace side 1's snapshot as they take it, before any action: :func:`take_side`;
    every process then replays the new snapshot), the write count ``version`` (a log
    written again, even with the same ids, is another entry) and a digest of its events'
    ids and outcomes."""
    parts = [str(game.created), game.side_hash, str(game.version)]
    parts += [f"{e.get('id')}{e.get('outcome') or ''}" for e in events]
    return game.pk, hashlib.blake2b("\n".join(parts).encode(), digest_size=16).hexdigest()


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


class TooManyGames(Refused):
    """The account keeps as many games as it may (:func:`kept_limit`)."""


def kept_limit() -> int:
    """The most games one account keeps, in progress and finished (settings.MUSTER_KEPT_GAMES,
    default 100). At the limit a new game is refused until finished ones are deleted
    under My games: a game is never dropped without its owner's say (docs/play.md)."""
    return int(getattr(settings, "MUSTER_KEPT_GAMES", 100))


def new_token() -> str:
    """A fresh side or watch token: 24 random bytes (192 bits), URL-safe text."""
    return secrets.token_urlsafe(24)


def new_code() -> str:
    """A fresh join code: 5 letters of CODE_ALPHABET (23^5, about 6.4 million)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


CODE_DRAWS = 10  # a code another game holds is drawn again, this many times at most


def _give_code(game: Game, **changes: Any) -> Game:
    """Write ``changes`` with a fresh join code on ``game`` (one drawn again while another
    game holds it) and return the game as saved; after CODE_DRAWS clashes, ``changes``
    alone and no code (the owner's "new code" button draws again)."""
    for _ in range(CODE_DRAWS):
        code = new_code()
        try:
            with transaction.atomic():  # a savepoint: a clash leaves the caller's transaction usable
                Game.objects.filter(pk=game.pk).update(**changes, code=code)
        except IntegrityError:  # another game has it: draw again
            continue
        changes["code"] = code
        break
    else:
        changes["code"] = None
        Game.objects.filter(pk=game.pk).update(**changes)
    for field, value in changes.items():
        setattr(game, field, value)
    return game


def start_game(owner: Any, snapshot: Snapshot, name: str) -> Game:
    """A new game of ``owner`` from ``snapshot`` (both sides as they are now), with an
    empty log, a join code and a watch token (the owner's join panel shows them at
    once). ``name`` is what My games lists ("Northmen v Clovis"). Raises
    :class:`TooManyGames` when the owner keeps :func:`kept_limit` games already."""
    limit = kept_limit()
    if Game.objects.filter(owner=owner).count() >= limit:
        raise TooManyGames(
            f"You keep {limit} games, the most one account keeps: delete finished ones under My games "
            "(export them first to keep their logs) to start another."
        )
    rules = play_rules(snapshot.system)  # KeyError for a system without rules of play
    game = Game.objects.create(
        owner=owner,
        system=snapshot.system,
        name=name[:200],
        snapshot=snapshot.model_dump(mode="json"),
        summary=list_summary(rules.start(snapshot)),
        rules_version=rules.version,
        watch_token=new_token(),
    )
    return _give_code(game)


def renew_joining(game: Game) -> Game:
    """The owner stops the watchers: a new watch token (every watcher is out) and a new
    join code (the old code, link and QR code stop working). Returns the game as saved.
    Also gives a code to a game that has none (one started before games got theirs at
    the start)."""
    return _give_code(game, watch_token=new_token())


def delete_game(game: Game) -> None:
    """Delete ``game`` (My games' Delete: the owner's say; its log goes with it). Raises
    Refused for a game another app started (an event's table: roster.games.origins) once
    it has an action: deleting it would let one player start the table again with a new
    set-up, and lose the other player's game (issue 41)."""
    if game.events and origin_of(game) is not None:
        raise Refused(
            "This game is a table of an event and has begun: it cannot be deleted. "
            "Finish it, or ask the organiser to enter the result."
        )
    game.delete()


def _write(
    game: Game,
    events: list[Event] | list[dict[str, Any]],
    state: TableState,
    trail: dict[str, Any] | None = None,
) -> bool:
    """Store ``events`` (parsed, or as stored), and ``trail`` appended to the game's
    trail, if the game still has the version (write count) and the holder of side 1 it
    was read at; True if it did. The version goes up by one."""
    dumped = [e.model_dump(mode="json") if isinstance(e, Event) else e for e in events]
    now = timezone.now()
    summary = list_summary(state)
    version = game.version + 1
    changes: dict[str, Any] = {"events": dumped, "version": version, "updated": now, "summary": summary}
    if trail is not None:
        changes["trail"] = [*game.trail, trail]
    if state.finished:
        changes["finished"] = now
    # side_hash too: a joiner may replace side 1 while the game has no action
    # (take_side); an action read against the old side then goes round again.
    written = Game.objects.filter(
        pk=game.pk, version=game.version, side_hash=game.side_hash, finished__isnull=True
    ).update(**changes)
    if written:
        game.events, game.version, game.updated, game.summary = dumped, version, now, summary
        if trail is not None:
            game.trail = changes["trail"]
        if state.finished:
            game.finished = now
        _remember(_log_key(game, dumped), state, game, dumped)
        live.changed(game.pk, version)  # the other phones' streams, once it commits
    return bool(written)


def fresh(game: Game) -> Game:
    """``game`` read again from the database (after another phone changed it)."""
    return Game.objects.get(pk=game.pk)


TWO_PHONES_END = "with two phones the game ends when both players agree: End the game asks the other player"
UNDONE = "that action was undone: it is not applied again (tap again to make a new one)"


def recorded_twice(rules: core.PlayRules, game: Game, state: TableState, event: Event) -> str | None:
    """With two phones: the same effect on the same model (a wound, a status, a token:
    what either phone may record) already recorded by the other phone in the last
    TWICE_SECONDS seconds, as a question, else None. Two players tapping the same hit
    would otherwise count it twice (issue 28: a Beestwars fighter Stunned twice died)."""
    spec = next((a for a in rules.trackers.actions if a.name == event.action), None)
    if spec is None or spec.scope != "model" or event.action in core.OWN_CHOICES:
        return None
    now = timezone.now()
    for raw in reversed(game.events[-20:]):
        at = raw.get("at")
        try:
            when = datetime.fromisoformat(str(at)) if at else None
        except ValueError:
            when = None
        if when is None or (now - when).total_seconds() > TWICE_SECONDS:
            break
        same = (raw.get("action"), raw.get("target"), raw.get("model"), raw.get("value")) == (
            event.action,
            event.target,
            event.model,
            event.value,
        )
        if same and raw.get("side") != event.side:
            line = next((ln.text for ln in reversed(state.log) if ln.event_id == raw.get("id")), event.action)
            return f"the other phone has just recorded this ({line}): record it again?"
    return None


def act(game: Game, event: Event, *, seated: bool = False, confirmed: bool = False) -> Played:
    """Append ``event`` to ``game``'s log (rules.play.core.append): applied once, even
    when resent with the same id. Raises :class:`Refused` with the rules' reason when it
    does not make sense now (nothing is written), or its id was undone (:data:`UNDONE`:
    a phone resending an old tap never brings an undone action back), :class:`GameOver`
    on a finished game. ``seated``: the event comes from one side's own phone (two
    phones), so an action the rules give to the other side's player (PlayRules.actor) is
    refused. Unless ``confirmed``, raises :class:`Unconfirmed` with a question when the
    rules ask first (PlayRules.confirm) or, seated, the other phone has just recorded the
    same hit (:func:`recorded_twice`)."""
    rules = play_rules(game.system)
    rng = secrets.SystemRandom()
    for _ in range(ATTEMPTS):
        # The stored log is only read for its ids: the state is the cached replay.
        stored = game.events
        if any(e.get("id") == event.id for e in stored):
            return Played(game, state_of(game), applied=False)
        if event.id in game.undone_ids:
            raise Refused(UNDONE)
        if game.finished is not None:
            raise GameOver("the game is over: its result is kept under My games")
        if len(stored) >= MAX_EVENTS:
            raise Refused(f"a game keeps at most {MAX_EVENTS} actions")
        state = state_of(game)
        if seated and event.action == "end":
            # With two phones a game ends when both players agree (issue 40).
            raise Refused(TWO_PHONES_END)
        who = rules.actor(state, event) if seated else None
        if who is not None and who[0] != event.side:
            raise Refused(who[1])
        if not confirmed:
            question = rules.confirm(state, event) or (
                recorded_twice(rules, game, state, event) if seated else None
            )
            if question is not None:
                raise Unconfirmed(question)
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
    ``side``, the latest that side made) and return the state replayed without it; its
    id goes into ``Game.trail`` and is refused if sent again. Raises :class:`Refused`
    when there is no such event (an undo resent after it was done finds nothing: nothing
    changes twice), when the rules say this seat may not (PlayRules.may_undo), when
    the undo would leave an event that stands (a draw, a roll, an answer about a card)
    without effect (a side could then draw again: issue 29), or the trail is full
    (MAX_TRAIL); :class:`GameOver` on a finished game."""
    rules = play_rules(game.system)
    for _ in range(ATTEMPTS):
        if game.finished is not None:
            raise GameOver("the game is over: its result is kept under My games")
        if len(game.trail) >= MAX_TRAIL:
            raise Refused(f"this game has had {MAX_TRAIL} undos and seat changes: no more can be kept")
        log = core.unique(game.event_models)
        if event_id is None:
            mine = [e for e in log if side is None or e.side == side]
            event_id = mine[-1].id if mine else None
        named = next((e for e in log if e.id == event_id), None)
        if named is None:
            raise Refused("nothing to undo" if event_id is None else "that action is not in this game's log")
        cut = next((ln.ended_for for ln in state_of(game).log if ln.event_id == named.id), [])
        why = rules.may_undo(named, side, cut)
        if why is not None:
            raise Refused(why)
        events = core.undo(log, named.id)
        state = core.replay(rules, game.snapshot_model, events)
        changed = core.fates_changed(rules, events, state_of(game), state)
        if changed:
            raise Refused(
                f"undoing it would leave what Muster drew ({changed[0].action}) without effect, "
                "and it stands: undo later actions, or record the correction as a new action"
            )
        by = "one phone" if side is None else ("owner" if side == 0 else "guest")
        line = next((ln.text for ln in state_of(game).log if ln.event_id == named.id), named.action)
        entry = trail_entry("undo", named.side, by, event=named.id, action=named.action, text=line)
        if _write(game, events, state, trail=entry):
            return Played(game, state, applied=True)
        game = fresh(game)
    raise Refused("another phone kept changing this game: try again")


def _seat_write(game: Game, changes: dict[str, Any], entry: dict[str, Any]) -> bool:
    """Write a seat change with its trail entry: a compare-and-set on the version (which
    goes up by one, as for the log), so no undo's trail entry is lost beside it. False
    when the trail is full (MAX_TRAIL: an undone id is never forgotten)."""
    if len(game.trail) >= MAX_TRAIL:
        return False
    changes = {
        **changes,
        "version": game.version + 1,
        "updated": timezone.now(),
        "trail": [*game.trail, entry],
    }
    written = bool(Game.objects.filter(pk=game.pk, version=game.version).update(**changes))
    if written:
        live.changed(game.pk, changes["version"])
    return written


def take_side(game: Game, holder: str, guest: Any, side: SideSnapshot | None = None) -> bool:
    """Make ``holder`` (the SHA-256 of a side token) and ``guest`` (an account, or None)
    the holder of side 1, noted in the trail. With ``side``, side 1 becomes that side at
    the same moment (the joiner's own warband, docs/play.md "Two phones"): the snapshot,
    the name and the summary are rewritten, which only happens while the log is empty,
    so no history changes. False (nothing changed) when the side is already held, the
    game is finished, or (with ``side``) it has an action."""
    for _ in range(ATTEMPTS):
        game = fresh(game)
        if game.side_hash or game.guest_id is not None or game.finished is not None:
            return False
        changes: dict[str, Any] = {"side_hash": holder, "guest": guest}
        if side is not None:
            if game.events:
                return False
            snapshot = game.snapshot_model
            own = snapshot.sides[0]
            side = told_apart(own, side)
            both = snapshot.model_copy(update={"sides": (own, side)})
            with_sides = getattr(play_rules(game.system), "roll_with_sides", None)
            if with_sides is not None:  # Rescue's Prisoner drawn from the joiner's list (I&H p.48)
                setup = with_sides(dict(both.setup), both.sides, secrets.SystemRandom(), changed=1)
                both = both.model_copy(update={"setup": setup})
            changes["snapshot"] = both.model_dump(mode="json")
            changes["summary"] = list_summary(play_rules(game.system).start(both))
            changes["name"] = f"{own.name} v {side.name}"[:200]
        account = guest.get_username() if guest is not None else None
        if _seat_write(game, changes, trail_entry("take", 1, "guest", account=account)):
            return True
    return False


def free_side(game: Game) -> None:
    """The owner frees side 1 (its phone can no longer act), noted in the trail. Raises
    :class:`Refused` while side 1 holds a card not yet shown (Beestwars p.4): freed and
    taken again from another browser, the owner could read it (issue 29)."""
    for _ in range(ATTEMPTS):
        game = fresh(game)
        if not game.side_hash and game.guest_id is None:
            return
        state = state_of(game)
        if state.hidden.get("1"):
            raise Refused(
                f"{state.sides[1].name}'s commander holds a card not yet shown: "
                "the side can be freed once the activation ends (p.4)"
            )
        if _seat_write(game, {"side_hash": "", "guest": None}, trail_entry("free", 1, "owner")):
            return
        if len(game.trail) >= MAX_TRAIL:
            raise Refused(f"this game has had {MAX_TRAIL} undos and seat changes: no more can be kept")
    raise Refused("another phone kept changing this game: try again")


def propose_end(game: Game, side: core.SideIndex, winner: int | None, event_id: str) -> Played:
    """With two phones: ``side``'s player proposes to end the game with ``winner`` (a
    side, or None: the rules decide); the other phone is asked (``propose-end``, issue
    40). Raises :class:`Refused` as :func:`act` does (another proposal waits...)."""
    return act(game, Event(id=event_id, side=side, action="propose-end", value=winner), seated=True)


def preview_end(game: Game, event: Event | None) -> TableState:
    """The state ``finish`` would record with ``event`` (the system's "end"), without
    writing anything: what the confirmation before ending shows."""
    state = _working_copy(state_of(game))
    if event is None:
        return state
    try:
        return play_rules(game.system).apply(state, event)
    except Refused:
        return state


def reopen(game: Game) -> Played:
    """The owner reopens a finished game (issue 28: nothing irreversible in one tap). A
    ``reopen`` event goes into the log when the replayed state is over (the "end"
    event, or the book's last turn), so a replay says so too; the game is in progress
    again and the trail notes it. A game in progress is left as it is."""
    rules = play_rules(game.system)
    for _ in range(ATTEMPTS):
        game = fresh(game)
        if game.finished is None:
            return Played(game, state_of(game), applied=False)
        state = state_of(game)
        events = list(game.events)
        if state.finished:
            event = Event(
                id=secrets.token_hex(16),
                side=0,
                action="reopen",
                at=timezone.now().isoformat(timespec="seconds"),
            )
            state = rules.apply(_working_copy(state), event)
            state.version = len(events) + 1
            events.append(event.model_dump(mode="json"))
        changes = {
            "events": events,
            "version": game.version + 1,
            "updated": timezone.now(),
            "finished": None,
            "summary": list_summary(state),
            "trail": [*game.trail, trail_entry("reopen", None, "owner")],
        }
        if Game.objects.filter(pk=game.pk, version=game.version, finished__isnull=False).update(**changes):
            live.changed(game.pk, game.version + 1)
            game = fresh(game)
            return Played(game, state_of(game), applied=True)
    raise Refused("another phone kept changing this game: try again")


def finish(game: Game, event: Event | None = None) -> Played:
    """End the game: ``event`` (the system's "end" action, when it declares one) is
    appended first, then the game is marked finished whatever the rules say (the
    players agreed to stop). Finishing a finished game changes nothing."""
    if game.finished is not None:
        return Played(game, state_of(game), applied=False)
    rules = play_rules(game.system)
    if event is not None and rules.early_end(state_of(game)) is not None:
        # On one phone both players are at it: they agree to stop before the book's end
        # (Brutality's Turn 4), recorded as such (issue 40), with no result.
        base = event.id[:40]
        try:
            game = act(
                game, event.model_copy(update={"id": f"{base}-p", "action": "propose-end", "value": None})
            ).game
            game = act(
                game, Event(id=f"{base}-a", side=1 if event.side == 0 else 0, action="accept-end")
            ).game
        except Refused:  # the rules would not record it: the players still stop
            game = fresh(game)
    elif event is not None:
        try:
            game = act(game, event).game
        except Refused:  # the rules would not end it now: the players still may
            game = fresh(game)
    summary = {**list_summary(state_of(game)), "finished": True}
    with transaction.atomic():
        if Game.objects.filter(pk=game.pk, finished__isnull=True).update(
            finished=timezone.now(), summary=summary
        ):
            live.changed(game.pk, game.version)  # the other phones go to the result
    game = fresh(game)
    return Played(game, state_of(game), applied=True)
