"""Every write of an event (issue 31, docs/events.md): creating it, a player's list
submitted and reviewed, rounds paired and swapped, results recorded and confirmed.

Each refusal is a :class:`roster.rosters.operations.Refused` whose message says what and why,
for the page to show; nothing is written then.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from roster.events import notify
from roster.events.changes import list_changes
from roster.events.models import Entry, Event, Pairing, Round, TableLog
from roster.events.pairing import TIEBREAKERS, Result, Standing, pair, standings
from roster.games.models import Game
from roster.games.operations import TooManyGames, start_game, take_side
from roster.games.sides import evaluated_side, told_apart
from roster.games.systems import play_rules, playable
from roster.rosters.catalogue import catalogue_and_digest, current_digest
from roster.rosters.evaluation import Evaluation, evaluate_roster, evaluate_stored, evaluate_with_supplement
from roster.rosters.models import Roster
from roster.rosters.operations import Refused
from roster.rosters.systems import ui_for
from roster.rosters.systems.base import options_model
from roster.rosters.transfer import import_export
from rules.document import DocumentError
from rules.names import name_key
from rules.play.core import Snapshot
from rules.registry import SYSTEMS
from rules.report import json_number
from rules.supplement import dump_supplement, embedded_supplement
from rules.text import clean_text

MAX_ENTRIES = 256  # players in one event
MAX_ROUNDS = 12
MAX_EVENTS = 100  # events one account organises
#: How long a list's check by the book stays in the cache (:func:`entries_problems`); its
#: key changes with the list, the rules data and the supplement, so none is ever stale.
CHECK_SECONDS = 7 * 24 * 3600


@dataclass(frozen=True)
class Check:
    """A list checked for an event: its ``problems`` (each a sentence: the book's rule
    errors, then every limit of the event the list's options miss), its fingerprint and
    the rules data digest it was checked with. ``legal`` when there is no problem."""

    problems: list[str]
    fingerprint: str
    digest: str
    supplement: dict[str, Any] | None = None
    #: Each model's cost by index (None: unknown) and their unit ("ExP", "points").
    costs: tuple[Any, ...] = ()
    unit: str = ""

    @property
    def legal(self) -> bool:
        return not self.problems


def limit_word(system_id: str, key: str) -> str:
    """An option of ``system_id`` in a sentence, as its plug-in says it ("game size" in
    "The event plays game size medium"; SystemUI.limit_word)."""
    try:
        return ui_for(system_id).limit_word(key)
    except KeyError:
        return key.replace("_", " ")


def in_schema_order(system_id: str, options: dict[str, Any]) -> list[tuple[str, Any]]:
    """An event's list limits as (key, value) in the order of the system's roster options
    (its schema), others after by name: the same words on SQLite and PostgreSQL, whose
    JSON columns keep keys in another order."""
    try:
        order = {key: n for n, key in enumerate(options_model(system_id).model_fields)}
    except KeyError:  # a system no longer registered
        order = {}
    return sorted(options.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))


def limits_text(system_id: str, options: dict[str, Any]) -> str:
    """An event's list limits in words: "game size medium", "mode moderate, points 5"."""
    return ", ".join(f"{limit_word(system_id, k)} {v}" for k, v in in_schema_order(system_id, options))


def _limits_missed(event: Event, document: dict[str, Any]) -> list[str]:
    options = document.get("options") or {}

    def same(mine: Any, wanted: Any) -> bool:
        if isinstance(mine, str) and isinstance(wanted, str):
            return name_key(mine) == name_key(wanted)
        return bool(mine == wanted)

    return [
        f"The event plays {limit_word(event.system, key)} {wanted}; this list has {options.get(key, 'none')}."
        for key, wanted in in_schema_order(event.system, event.options)
        if not same(options.get(key), wanted)
    ]


def entry_evaluation(
    document: dict[str, Any],
    supplement: dict[str, Any] | None,
    rules_data_for: Callable[[str], tuple[Any, str]] = catalogue_and_digest,
) -> Evaluation:
    """A list as an entry keeps it: ``document`` evaluated with the rules data now and the
    ``supplement`` kept with it (muster.supplement/1, or None), as a roster is
    (roster.rosters.evaluation.evaluate_with_supplement: the book alone, with a warning, when the
    rules data changed under the supplement). ``rules_data_for`` as evaluate_stored's (the
    database's by default). Raises DocumentError when the document does not read."""
    if supplement is None:
        return evaluate_stored(document, rules_data_for)
    return evaluate_with_supplement(
        document, embedded_supplement(supplement, document.get("system")), rules_data_for
    )


def _book_problems(evaluation: Evaluation) -> list[str]:
    """The book's rule errors of a list, each a sentence with its source, after the name
    of the model it is about ("Bjorn (model 3): Only one model may be the hero. (Iron &
    Honor p.15)"; the warband's own without a name)."""
    out = []
    for issue in evaluation.report.errors:
        text = f"{issue.message} ({issue.source})" if issue.source else issue.message
        if issue.model is not None:
            text = f"{issue.model_name or 'A model without a name'} (model {issue.model + 1}): {text}"
        out.append(text)
    return out


def _problems(event: Event, system: str, book: list[str], document: dict[str, Any]) -> list[str]:
    """A list's problems for ``event``: that it is of another ``system``, the ``book``'s
    errors, then every limit of the event the ``document``'s options miss."""
    other = [f"This list is for {system}; the event plays {event.system}."] if system != event.system else []
    return other + book + _limits_missed(event, document)


def check_list(
    event: Event,
    document: dict[str, Any],
    roster: Roster | None = None,
    supplement: dict[str, Any] | None = None,
) -> Check:
    """Check ``document`` (a muster.roster/1 document) for ``event``: the book's rules
    (with the supplement ``roster`` pins, when given, or else ``supplement``, one kept
    with an entry) and the event's limits. Raises DocumentError when it is not a document
    of any system (its JSON path)."""
    if roster is not None:
        evaluation = evaluate_roster(roster, document)
    else:
        evaluation = entry_evaluation(document, supplement)
    kept = dump_supplement(evaluation.supplement) if evaluation.supplement is not None else None
    problems = _problems(event, evaluation.document.system, _book_problems(evaluation), document)
    costs, unit = _costs(evaluation)
    return Check(problems, evaluation.fingerprint, evaluation.digest, kept, costs, unit)


def _costs(evaluation: Evaluation) -> tuple[tuple[Any, ...], str]:
    """Each model's cost by index as the evaluation gives it (JSON numbers; None: unknown),
    and their unit."""
    report = evaluation.report
    return tuple(json_number(m.cost) for m in report.models), str(report.totals.get("unit") or "")


def _changes_since(entry: Entry, document: dict[str, Any], check: Check) -> list[str]:
    """What ``document`` (checked as ``check``) changes against ``entry``'s list as it was
    submitted (changes.list_changes; the earlier list's costs by its evaluation now, none
    when it no longer reads)."""
    try:
        before_costs: tuple[Any, ...] | None = _costs(entry_evaluation(entry.document, entry.supplement))[0]
    except DocumentError:
        before_costs = None
    return list_changes(entry.document, document, before_costs, check.costs, check.unit)


def check_key(entry: Entry, digest: str) -> str:
    """The cache key of ``entry``'s check by the book: a sha256 over its document as
    submitted (the document itself: its 12-digit fingerprint names it for people), the
    rules data ``digest`` it is checked with and the supplement kept with it (its JSON;
    null for a list without one)."""
    content = json.dumps(
        [entry.document, digest, entry.supplement], sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    # "2": problems name their model (issue 41); a check kept in the older words is not read.
    return "muster:list-check:2:" + hashlib.sha256(content.encode()).hexdigest()


def entries_problems(event: Event, entries: Iterable[Entry]) -> dict[int, list[str]]:
    """The problems of each of ``entries``' lists for ``event``, by entry id: those of
    :func:`check_list` with the supplement kept with the entry, or ["$.path: message"]
    for a list that no longer reads.

    The check by the book (the list's evaluation) is kept in Django's cache under
    :func:`check_key`, so a page evaluates only the lists submitted (again) since it was
    last drawn, or every one once the rules data changed; the event's limits are checked
    each time (the organiser may change them). One query for the rules data digest of
    each system, one cache read, and one cache write of the lists evaluated. Raises
    CatalogueMissing when a list's system has no rules data loaded."""
    entries = list(entries)
    digests: dict[str, str] = {}
    keys: dict[int, str] = {}
    for entry in entries:
        system = entry.document.get("system")
        if isinstance(system, str) and system in SYSTEMS:  # else evaluated (to say why), not kept
            if system not in digests:
                digests[system] = current_digest(system)
            keys[entry.pk] = check_key(entry, digests[system])
    cached = cache.get_many(list(keys.values())) if keys else {}
    evaluated: dict[str, tuple[str | None, list[str]]] = {}
    problems: dict[int, list[str]] = {}
    for entry in entries:
        key = keys.get(entry.pk)
        checked = cached.get(key) if key is not None else None
        if checked is None:
            checked = _book_check(entry, digests)
            if key is not None:
                evaluated[key] = checked
        system, book = checked
        problems[entry.pk] = book if system is None else _problems(event, system, book, entry.document)
    if evaluated:
        cache.set_many(evaluated, CHECK_SECONDS)
    return problems


def _book_check(entry: Entry, digests: dict[str, str]) -> tuple[str | None, list[str]]:
    """(the list's system, the book's errors) of ``entry`` evaluated with the rules data
    of ``digests`` (system id: digest, just read); (None, ["$.path: message"]) when the
    list does not read."""

    def rules_data_for(system_id: str) -> tuple[Any, str]:
        return catalogue_and_digest(system_id, digests.get(system_id))

    try:
        evaluation = entry_evaluation(entry.document, entry.supplement, rules_data_for)
    except DocumentError as exc:
        return None, [f"{exc.path}: {exc.message}"]
    return evaluation.document.system, _book_problems(evaluation)


def clean_words(text: str, what: str, max_length: int) -> str:
    """``text`` as typed by a person (an event's or a player's name, a note), trimmed and
    under the text policy of every name (rules.text: no invisible, control or
    direction-reversing characters), at most ``max_length`` characters. Raises Refused
    naming ``what`` ("The player's name") and the character."""
    try:
        return clean_text(text.strip(), max_length)
    except ValueError as exc:
        raise Refused(f"{what} {exc}.") from None


def _clean_details(fields: dict[str, Any]) -> dict[str, Any]:
    """``fields`` with the venue and description (when given) as :func:`clean_words`
    keeps them (the description line by line: its line breaks are kept). Raises Refused
    as clean_words, or for a description over 2000 characters."""
    fields = dict(fields)
    if "venue" in fields:
        fields["venue"] = clean_words(fields["venue"] or "", "The venue", 200)
    if "description" in fields:
        text = str(fields["description"] or "").replace("\r\n", "\n")
        lines = [clean_words(line, "The description", 2000) for line in text.split("\n")]
        fields["description"] = "\n".join(lines).strip()
        if len(fields["description"]) > 2000:
            raise Refused("The description is longer than 2000 characters.")
    return fields


def create_event(owner: Any, system: str, name: str, **fields: Any) -> Event:
    """A new event of ``owner`` for ``system`` (a playable system id); ``fields`` as
    :class:`Event`'s (options, rounds, kind, deadline, lists_public, the details: date,
    venue, description, capacity). Raises Refused for
    a system Muster cannot play, a round count outside 1-MAX_ROUNDS, a name
    :func:`clean_words` refuses, or an owner who organises MAX_EVENTS already."""
    name = clean_words(name, "The event's name", 200)
    fields = _clean_details(fields)
    if not playable(system):
        raise Refused(f"Muster cannot run events of {system}: it has no rules of play for it.")
    if Event.objects.filter(owner=owner).count() >= MAX_EVENTS:
        raise Refused(f"You organise {MAX_EVENTS} events, the most one account keeps.")
    rounds = int(fields.get("rounds", 3))
    if not 1 <= rounds <= MAX_ROUNDS:
        raise Refused(f"An event has 1 to {MAX_ROUNDS} rounds; {rounds} asked.")
    return Event.objects.create(owner=owner, system=system, name=name, **fields)


def refuse_closed(event: Event) -> None:
    """Raises Refused when the organiser closed ``event`` (nothing more is registered,
    paired or recorded then)."""
    if event.finished is not None:
        raise Refused("The event is closed: nothing more is registered, paired or recorded.")


def late(event: Event, now: datetime | None = None) -> bool:
    """Whether ``event``'s deadline has passed (lists are late from then)."""
    return event.deadline is not None and (now or timezone.now()) >= event.deadline


def locked(event: Event, now: datetime | None = None) -> bool:
    """Whether lists are locked: the event closed, past the deadline (unless the
    organiser accepts late lists), or once round 1 is paired."""
    if event.finished is not None:
        return True
    return (late(event, now) and not event.late_lists) or event.round_set.exists()


def _capacity(event: Event) -> int:
    """The most players ``event`` takes: its capacity, never more than MAX_ENTRIES."""
    return min(event.capacity or MAX_ENTRIES, MAX_ENTRIES)


def _refuse_full(event: Event) -> None:
    """Raises Refused when ``event`` has as many entries as it takes (call it with the
    event's row locked, so two registrations at once cannot both take the last place)."""
    taken = event.entries.count()
    if taken >= _capacity(event):
        if event.capacity is not None and event.capacity < MAX_ENTRIES:
            raise Refused(
                f"The event is full: it takes {event.capacity} players, and {taken} are registered."
            )
        raise Refused(f"The event is full ({MAX_ENTRIES} players).")


def submit(event: Event, player: Any, roster: Roster, name: str = "", now: datetime | None = None) -> Entry:
    """Register ``player`` with ``roster`` (theirs), or submit it again: the document is
    kept as it is now, with its fingerprint; an earlier submission goes to the entry's
    history and the entry waits for the organiser again. Problems never refuse a list
    (they are shown to the player and the organiser). Raises Refused when lists are
    locked, the roster is not the player's or of another system, the name is one
    :func:`clean_words` refuses, or the event is full."""
    now = now or timezone.now()
    if locked(event, now):
        raise Refused("Lists are locked: the deadline has passed or round 1 is paired.")
    if roster.owner_id != player.pk or roster.deleted is not None:
        raise Refused("That roster is not one of yours.")
    if roster.system != event.system:
        raise Refused(f"The event plays {event.system}; that roster is {roster.system}.")
    name = clean_words(name, "Your name in the event", 150)
    check = check_list(event, roster.document, roster)
    with transaction.atomic():
        # The event's row first: the capacity is counted, the names compared and the lock
        # read, one at a time.
        event = Event.objects.select_for_update().get(pk=event.pk)
        if locked(event, now):
            raise Refused("Lists are locked: the deadline has passed or round 1 is paired.")
        entry = Entry.objects.select_for_update().filter(event=event, player=player).first()
        if name or entry is None:
            _name_free(event, name or player.get_username(), entry, yours=True)
        notify.changed(event.pk)
        if entry is None:
            _refuse_full(event)
            return Entry.objects.create(
                late=late(event, now),
                event=event,
                player=player,
                name=name or player.get_username(),
                roster=roster,
                document=roster.document,
                fingerprint=check.fingerprint,
                rules_digest=check.digest,
                supplement=check.supplement,
                submitted=now,
            )
        changed = _changes_since(entry, roster.document, check)
        entry.history = [*entry.history, {**_was(entry), "changes": changed}]
        entry.roster, entry.document = roster, roster.document
        entry.fingerprint, entry.rules_digest = check.fingerprint, check.digest
        entry.supplement = check.supplement
        entry.status, entry.note, entry.submitted = Entry.SUBMITTED, "", now
        entry.late = late(event, now)
        if name:
            entry.name = name
        entry.save()
        return entry


def add_player(event: Event, name: str, raw: str | bytes, now: datetime | None = None) -> Entry:
    """The organiser adds a player without an account, with their list as a roster export
    (``muster.roster/1`` JSON, a supplement embedded or not): kept and checked as a
    submitted list, waiting for review. Such a player plays on paper: the organiser
    enters their results. Raises Refused when lists are locked, the name is empty,
    taken in the event or refused by :func:`clean_words`, the export is of another
    system or the event is full, and
    DocumentError when the export does not read (its JSON path)."""
    now = now or timezone.now()
    name = clean_words(name, "The player's name", 150)
    if locked(event, now):
        raise Refused("Lists are locked: the deadline has passed or round 1 is paired.")
    if not name:
        raise Refused("Give the player's name.")
    _name_free(event, name)
    _refuse_full(event)
    document, supplement = import_export(raw, catalogue_and_digest)
    if document.get("system") != event.system:
        raise Refused(f"The event plays {event.system}; that export is {document.get('system')}.")
    evaluation = evaluate_stored(document, supplement=supplement)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if locked(event, now):
            raise Refused("Lists are locked: the deadline has passed or round 1 is paired.")
        _name_free(event, name)  # again, under the event's lock: two adds at once
        _refuse_full(event)
        notify.changed(event.pk)
        return _added(event, name, document, supplement, evaluation, now)


def _added(
    event: Event,
    name: str,
    document: dict[str, Any],
    supplement: Any,
    evaluation: Evaluation,
    now: datetime,
) -> Entry:
    return Entry.objects.create(
        late=late(event, now),
        event=event,
        player=None,
        name=name,
        document=document,
        fingerprint=evaluation.fingerprint,
        rules_digest=evaluation.digest,
        supplement=dump_supplement(supplement) if supplement is not None else None,
        submitted=now,
    )


def _lock(event: Event) -> None:
    """Lock ``event``'s row until the transaction ends: the writes that check the names
    in the event (or its count of players) take turns."""
    Event.objects.select_for_update().filter(pk=event.pk).first()


def same_name(a: str, b: str) -> bool:
    """Whether two names in an event are the same to the players reading them: case,
    spacing and punctuation aside (rules.names.name_key; "Ann", "ann" and "A.nn" are one
    name), or for names of punctuation only, case aside."""
    key_a, key_b = name_key(a), name_key(b)
    if key_a and key_b:
        return key_a == key_b
    return a.casefold() == b.casefold()


def _name_free(event: Event, name: str, entry: Entry | None = None, yours: bool = False) -> None:
    """Raise Refused when another entry of ``event`` than ``entry`` has ``name``
    (:func:`same_name`): the players would read "Ann against Ann". ``yours``: the message
    speaks to the player choosing their own name."""
    others = event.entries.exclude(pk=entry.pk) if entry is not None else event.entries.all()
    taken = next((n for n in others.values_list("name", flat=True) if same_name(n, name)), None)
    if taken is None:
        return
    if yours:
        raise Refused(
            f"Someone in the event is already called {taken}: give another name in the event "
            "(your first name and an initial, say)."
        )
    raise Refused(f"Someone in the event is already called {taken}: give this player another name.")


def rename(entry: Entry, by: Any, name: str) -> Entry:
    """``entry``'s name in the event becomes ``name``, by its player or the organiser
    (whatever the state of the event: the pairings, results and standings show the new
    name; the list pack is made again with it). Raises Refused for anyone else, an empty
    name, one :func:`clean_words` refuses, or one another player of the event has
    (:func:`same_name`)."""
    event = entry.event
    if by is None or by.pk not in (event.owner_id, entry.player_id):
        raise Refused("Only the player or the organiser renames a player in the event.")
    name = clean_words(name, "The name in the event", 150)
    if not name:
        raise Refused("Give a name: the one the other players know you by.")
    with transaction.atomic():
        _lock(event)
        _name_free(event, name, entry, yours=by.pk == entry.player_id)
        Entry.objects.filter(pk=entry.pk).update(name=name)
        notify.changed(event.pk)
    entry.name = name
    return entry


def _was(entry: Entry) -> dict[str, Any]:
    return {
        "fingerprint": entry.fingerprint,
        "submitted": entry.submitted.isoformat(),
        "status": entry.status,
        "note": entry.note,
        "models": [m.get("name", "") for m in entry.document.get("models", [])],
    }


def changes(entry: Entry) -> list[str]:
    """What the latest submission changed against the one before, for the organiser: the
    lines changes.list_changes gave when it was submitted (its contents: the models added
    and removed, each model's fields and cost), or for a submission kept before those
    (issue 41) the models added and removed by name. Empty for a first submission."""
    if not entry.history:
        return []
    if "changes" in entry.history[-1]:
        return list(entry.history[-1]["changes"]) or ["nothing (the same list submitted again)"]
    before = entry.history[-1]["models"]
    now = [m.get("name", "") for m in entry.document.get("models", [])]
    added = [n for n in now if n not in before]
    removed = [n for n in before if n not in now]
    lines = [f"added {', '.join(added)}"] if added else []
    lines += [f"removed {', '.join(removed)}"] if removed else []
    return lines or ["the same models (their upgrades or options changed)"]


def review(entry: Entry, accept: bool, note: str = "") -> Entry:
    """The organiser accepts ``entry``'s list, or sends it back with ``note`` (required:
    the player is told what to fix); past the deadline too (lists submitted in time are
    still reviewed), until round 1 is paired. Raises Refused for a return without a
    note (or one :func:`clean_words` refuses), or once round 1 is paired."""
    if not accept and not note.strip():
        raise Refused("Say what the player should fix when you send a list back.")
    note = clean_words(note, "The note", 500) if not accept else ""
    refuse_closed(entry.event)
    if entry.event.round_set.exists():
        raise Refused("Round 1 is paired: the lists are as they were accepted.")
    entry.status = Entry.ACCEPTED if accept else Entry.RETURNED
    entry.note = note
    entry.save(update_fields=["status", "note"])
    notify.changed(entry.event_id)
    return entry


def drop(entry: Entry, by: Any, dropped: bool = True) -> Entry:
    """``entry``'s player drops out of the event (``dropped``), or comes back (False):
    a dropped player is not paired in the rounds paired after (nor makes a league table);
    their results so far stay in the standings, marked. By the player or the organiser,
    either way, until the event's last round is paired (coming back is the undo of
    dropping). A table of theirs already paired stays to be played or entered. Raises
    Refused for anyone else, a list not accepted, or once every round is paired."""
    event = entry.event
    if by.pk not in (event.owner_id, entry.player_id):
        raise Refused("Only the player or the organiser drops a player from the event.")
    if entry.status != Entry.ACCEPTED:
        raise Refused("Only a player whose list is accepted plays in the event.")
    refuse_closed(event)
    last = event.round_set.order_by("-number").first()
    if last is not None and last.number >= event.rounds:
        raise Refused("Every round is paired: the event ends with the players it has.")
    Entry.objects.filter(pk=entry.pk).update(dropped=dropped)
    notify.changed(event.pk)
    entry.dropped = dropped
    return entry


def results_of(event: Event) -> list[Result]:
    """Every counted result of ``event`` (:attr:`Pairing.counted`), as pairing.Result."""
    out = []
    for p in Pairing.objects.filter(round__event=event):
        if not p.counted:
            continue
        if p.b_id is None:
            out.append(Result(p.a_id, None, p.a_id))
            continue
        winner = {"a": p.a_id, "b": p.b_id}.get(p.winner)
        out.append(Result(p.a_id, p.b_id, winner, p.score_a, p.score_b))
    return out


def event_standings(event: Event) -> list[Standing]:
    """The standings of the accepted entries and of any entry that has played, best
    first (pairing.standings: the organiser's tiebreakers in their order, by default
    wins, the system's score where it keeps one and strength of schedule; a bye scores
    the event's ``bye_score``; players equal on every tiebreaker share a rank)."""
    played = Pairing.objects.filter(round__event=event)
    seated = set(played.values_list("a_id", flat=True)) | set(played.values_list("b_id", flat=True))
    players = [
        pk
        for pk, status in event.entries.values_list("pk", "status")
        if status == Entry.ACCEPTED or pk in seated
    ]
    scored = play_rules(event.system).victory_points is not None
    return standings(players, results_of(event), scored, event.tiebreakers or None, event.bye_score or 0)


#: The organiser's words for a set-up choice of a round (besides one of its values); KEEP
#: only when changing a round's set-up (:func:`set_round_setup`).
EACH_TABLE, WHOLE_ROUND, KEEP = "table", "round", "keep"


def round_setup(
    event: Event,
    chosen: dict[str, str],
    rng: random.Random | None = None,
    current: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A round's ``Round.setup`` from the organiser's ``chosen`` words, one per set-up
    choice of the system that is not a side (rules.play.core.SetupChoice: Iron & Honor's
    encounter, Brutality's mission and region; Beestwars has none): one of its values,
    ``WHOLE_ROUND`` (rolled now, once, for every table: its key then in ``"rolled"``),
    or ``EACH_TABLE`` / missing (left out: each table rolls its own when its game
    starts, as a game started by hand), or ``KEEP``: as in ``current`` (the round's
    set-up now: its value, its dice and whether it was rolled). Side choices (who goes
    first, Brutality's Defender) are always each table's own. Raises Refused for a word
    that is none of these."""
    rules = play_rules(event.system)
    current = current or {}
    was_rolled = str(current.get("rolled", "")).split(",")
    out: dict[str, Any] = {}
    rolled = []
    for choice in round_choices(event):
        word = chosen.get(choice.key) or EACH_TABLE
        if word == EACH_TABLE:
            continue
        if word == KEEP and choice.key in current:
            # The value and its dice ("mission_roll"), as they were.
            out.update(
                {k: v for k, v in current.items() if k == choice.key or k.startswith(f"{choice.key}_")}
            )
            if choice.key in was_rolled:
                rolled.append(choice.key)
            continue
        if word == WHOLE_ROUND and choice.roll:
            out.update(rules.roll_setup(choice.key, out, rng or random.SystemRandom()))
            rolled.append(choice.key)
        elif word in choice.values:
            out[choice.key] = word
        else:
            raise Refused(f"{choice.label}: choose one of the list ({word!r} is not one).")
    if rolled:
        out["rolled"] = ",".join(rolled)
    return out


def round_choices(event: Event) -> list[Any]:
    """The set-up choices of ``event``'s system that its organiser may fix for a whole
    round: every rules.play.core.SetupChoice but a side's (whose values are "0" / "1")."""
    return [c for c in play_rules(event.system).setup_choices() if c.values != ["0", "1"]]


def setup_text(event: Event, setup: dict[str, Any]) -> list[str]:
    """A round's set-up in words, one line per choice the organiser may fix ("Mission:
    Grab It! (rolled once for every table)", "Encounter: each table rolls its own")."""
    rolled = str(setup.get("rolled", "")).split(",")
    lines = []
    for choice in round_choices(event):
        if choice.key not in setup:
            lines.append(f"{choice.label}: each table rolls its own")
        elif choice.key in rolled:
            lines.append(f"{choice.label}: {setup[choice.key]} (rolled once for every table)")
        else:
            lines.append(f"{choice.label}: {setup[choice.key]}")
    return lines


def set_round_setup(round_: Round, chosen: dict[str, str], rng: random.Random | None = None) -> Round:
    """Change ``round_``'s set-up (:func:`round_setup`) until one of its tables has begun
    its game; KEEP keeps a choice as it is. Raises Refused after that, or for a word
    :func:`round_setup` refuses."""
    setup = round_setup(round_.event, chosen, rng, current=round_.setup)
    with transaction.atomic():
        refuse_closed(Event.objects.select_for_update().get(pk=round_.event_id))
        if Pairing.objects.filter(round=round_, game__isnull=False).exists():
            raise Refused("A table of this round has begun its game: its set-up is fixed.")
        round_.setup = setup
        round_.save(update_fields=["setup"])
        notify.changed(round_.event_id)
    return round_


def pair_round(event: Event, rng: random.Random | None = None, setup: dict[str, str] | None = None) -> Round:
    """Pair the next round of ``event``: round 1 in a shuffled order (``rng``), each
    later one by the standings (pairing.pair: no rematch while any other pairing exists,
    the bye to the lowest-ranked player without one). ``setup``: the organiser's set-up
    words for the round (:func:`round_setup`; None: each table rolls its own). Raises
    Refused when the last round is paired, a round is still unfinished, fewer than two
    lists are accepted, or for a set-up word :func:`round_setup` refuses."""
    chosen = round_setup(event, setup or {}, rng)
    if event.kind == Event.LEAGUE:
        raise Refused("A league's players pair themselves: open a round instead.")
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        refuse_closed(event)
        last = event.round_set.order_by("-number").first()
        if last is not None and last.number >= event.rounds:
            raise Refused(f"All the event's rounds ({event.rounds}) are paired.")
        if last is not None and any(not p.counted for p in last.pairings.all()):
            raise Refused(f"Round {last.number} still has results to come.")
        playing = event.entries.filter(status=Entry.ACCEPTED, dropped=False)
        if event.check_in:  # a no-show (never checked in) is left unpaired
            playing = playing.filter(checked_in__gt=0)
        entries = [e.pk for e in playing]
        if len(entries) < 2:
            if event.check_in:
                raise Refused("Pair a round once at least two players with accepted lists have checked in.")
            raise Refused("Pair a round once at least two lists are accepted.")
        if last is None:
            (rng or random.Random()).shuffle(entries)
            ranked = entries
        else:
            ranked = [s.player for s in event_standings(event) if s.player in entries]
        earlier = Pairing.objects.filter(round__event=event)
        met = {frozenset((p.a_id, p.b_id)) for p in earlier if p.b_id is not None}
        byes = {p.a_id for p in earlier if p.b_id is None}
        round_ = Round.objects.create(event=event, number=(last.number if last else 0) + 1, setup=chosen)
        done = pair(ranked, met, byes)
        for table, (a, b) in enumerate(done.tables, start=1):
            Pairing.objects.create(round=round_, table=table, a_id=cast(int, a), b_id=cast(int, b))
        if done.bye is not None:
            Pairing.objects.create(round=round_, table=len(done.tables) + 1, a_id=cast(int, done.bye), b=None)
        notify.pairings_posted(round_)
        notify.changed(event.pk)
        return round_


def swap(round_: Round, first: Entry, second: Entry) -> None:
    """Swap two players between tables of ``round_`` before it starts (the organiser's
    correction). Raises Refused once the round has started, a result is in or a table's
    game is begun, or when
    either player is not in the round or both sit at one table."""
    refuse_closed(round_.event)
    if round_.started is not None or any(p.winner or p.game_id for p in round_.pairings.all()):
        raise Refused("The round has started (a result is in or a game begun): its pairings are fixed.")
    seats: dict[int, tuple[Pairing, str]] = {}
    for p in round_.pairings.all():
        seats[p.a_id] = (p, "a")
        if p.b_id is not None:
            seats[p.b_id] = (p, "b")
    if first.pk not in seats or second.pk not in seats:
        raise Refused("Both players must be in this round.")
    (p1, s1), (p2, s2) = seats[first.pk], seats[second.pk]
    if p1.pk == p2.pk:
        raise Refused("Those two already play each other.")
    with transaction.atomic():
        setattr(p1, f"{s1}_id", second.pk)
        setattr(p2, f"{s2}_id", first.pk)
        p1.save(update_fields=[f"{s1}"])
        p2.save(update_fields=[f"{s2}"])
        notify.changed(round_.event_id)


def record(pairing: Pairing, by: Any, winner: str, score_a: int | None, score_b: int | None) -> Pairing:
    """Record a table's result. By a player of the table: their confirmation, the other
    player's cleared when it differs from what they confirmed. By the organiser: entered
    and counted at once (``by_organiser``), a correction included. ``winner``: "a", "b"
    or "draw". Raises Refused for a bye, another winner word, a negative score, one
    score without the other, a player's change to a result that counts already (only
    the organiser corrects it then), or anyone else."""
    if pairing.b_id is None:
        raise Refused("A bye has no result to record.")
    if winner not in ("a", "b", "draw"):
        raise Refused("Say who won, or that it was a draw.")
    if any(s is not None and s < 0 for s in (score_a, score_b)):
        raise Refused("A score cannot be below 0.")
    if (score_a is None) != (score_b is None):
        raise Refused("Give both scores, or neither.")
    with transaction.atomic():
        # The row as it is now, locked until this write commits (PostgreSQL: the row;
        # SQLite: the database, its transactions being IMMEDIATE): two posts at once are
        # decided one after the other, each on what the other left (issue 41: a player's
        # post made from an older read undid the organiser's result; two confirmations at
        # once kept one).
        pairing = (
            Pairing.objects.select_for_update(of=("self",))
            .select_related("round__event", "a", "b")
            .get(pk=pairing.pk)
        )
        event = pairing.round.event
        refuse_closed(event)
        sides = {pairing.a.player_id: "a", pairing.b.player_id: "b"} if pairing.b else {}
        organiser = by.pk == event.owner_id
        side = sides.get(by.pk)
        if not organiser and side is None:
            raise Refused("Only the two players or the organiser record this table's result.")
        if side is not None and pairing.counted and not organiser:
            raise Refused("This result counts already: only the organiser can change it now.")
        changed = (pairing.winner, pairing.score_a, pairing.score_b) != (winner, score_a, score_b)
        before = notify.result_words(pairing, pairing.winner, pairing.score_a, pairing.score_b)
        now = notify.result_words(pairing, winner, score_a, score_b)
        counted_before, disputed_before = pairing.counted, pairing.disputed
        # Whether the other player had confirmed the result held before this post.
        other = "b" if side == "a" else "a"
        other_said = side is not None and pairing_was_said_by(pairing, other)
        pairing.winner, pairing.score_a, pairing.score_b = winner, score_a, score_b
        if side is None:  # the organiser, not a player of the table
            pairing.by_organiser = True
            pairing.disputed = False
            if disputed_before:
                _log(pairing, by, "resolved", f"The organiser resolved the dispute: {now}.")
            elif counted_before and changed:
                _log(pairing, by, "corrected", f"The organiser corrected the result ({before}) to {now}.")
            elif not counted_before:
                _log(pairing, by, "entered", f"The organiser entered the result: {now}.")
        else:
            if changed:
                if other_said:
                    # The other player confirmed another result: disputed, for everyone at once.
                    pairing.disputed = True
                    name = pairing.a.name if side == "a" else cast(Entry, pairing.b).name
                    _log(
                        pairing,
                        by,
                        "disputed",
                        f"{name} said {now}; the other player had confirmed {before}.",
                    )
                    notify.disputed(pairing, before, now)
                pairing.confirmed_a = pairing.confirmed_b = False
                pairing.by_organiser = False
            setattr(pairing, f"confirmed_{side}", True)
            if pairing.counted and disputed_before:
                pairing.disputed = False
                _log(pairing, by, "agreed", f"Both players confirmed {now}: the dispute is over.")
            elif not pairing.counted and changed and not pairing.disputed:
                notify.to_confirm(pairing, side)
        if pairing.round.started is None:
            Round.objects.filter(pk=pairing.round_id, started=None).update(started=timezone.now())
        pairing.save()
        notify.changed(event.pk)
    return pairing


def pairing_was_said_by(pairing: Pairing, side: str) -> bool:
    """Whether ``side`` ("a" or "b") of ``pairing`` has confirmed the result it holds."""
    return bool(pairing.winner) and bool(getattr(pairing, f"confirmed_{side}"))


def _log(pairing: Pairing, by: Any, what: str, text: str) -> None:
    TableLog.objects.create(pairing=pairing, by=by, what=what, text=text[:300])


def reset_table(pairing: Pairing, by: Any) -> Pairing:
    """The organiser resets a table: its result cleared (a dispute with it) and its game
    let go (kept in its owner's games, no longer the table's), so its players start it
    again with the round's set-up; logged. Under the table's row lock, as :func:`record`.
    Raises Refused for anyone but the organiser, a bye, or once a later round is paired
    (the standings it was paired by would change under it)."""
    with transaction.atomic():
        pairing = (
            Pairing.objects.select_for_update(of=("self",))
            .select_related("round__event", "a", "b")
            .get(pk=pairing.pk)
        )
        event = pairing.round.event
        if by.pk != event.owner_id:
            raise Refused("Only the organiser resets a table.")
        if pairing.b_id is None:
            raise Refused("A bye has nothing to reset.")
        if event.round_set.filter(number__gt=pairing.round.number).exists():
            raise Refused("A later round is paired: correct the result instead.")
        had = []
        if pairing.winner:
            words = notify.result_words(pairing, pairing.winner, pairing.score_a, pairing.score_b)
            had.append(f"the result ({words})")
        if pairing.game_id is not None:
            had.append(f"its game (#{pairing.game_id}, kept in its owner's games)")
        pairing.winner, pairing.score_a, pairing.score_b = "", None, None
        pairing.confirmed_a = pairing.confirmed_b = pairing.by_organiser = pairing.disputed = False
        pairing.game = None
        pairing.save()
        _log(
            pairing,
            by,
            "reset",
            "The organiser reset the table: " + (" and ".join(had) or "nothing was recorded") + ".",
        )
        notify.changed(event.pk)
    return pairing


def set_standings(
    event: Event, tiebreakers: list[str], bye_score: int | None, extra_scores: list[str]
) -> Event:
    """The organiser's standings: ``tiebreakers`` in their order (pairing.TIEBREAKERS
    keys), the score a bye gives (None: 0; the system's own count, so only where it keeps
    one) and the ``extra_scores`` columns shown ("sportsmanship", "painting"). Raises
    Refused for an unknown or repeated tiebreaker, none at all, a bye score outside
    0-999, or an unknown column."""
    if not tiebreakers:
        raise Refused("Choose at least one tiebreaker.")
    unknown = [t for t in tiebreakers if t not in TIEBREAKERS]
    if unknown:
        raise Refused(f"Choose the tiebreakers from the list ({unknown[0]!r} is not one).")
    if len(set(tiebreakers)) != len(tiebreakers):
        raise Refused("Each tiebreaker once: one is chosen twice.")
    if bye_score is not None and not 0 <= bye_score <= 999:
        raise Refused("A bye's score is a whole number from 0 to 999.")
    if any(x not in EXTRA_SCORES for x in extra_scores):
        raise Refused("The extra columns are sportsmanship and painting.")
    with transaction.atomic():
        Event.objects.filter(pk=event.pk).update(
            tiebreakers=list(tiebreakers), bye_score=bye_score, extra_scores=list(dict.fromkeys(extra_scores))
        )
        notify.changed(event.pk)
    event.tiebreakers, event.bye_score = list(tiebreakers), bye_score
    event.extra_scores = list(dict.fromkeys(extra_scores))
    return event


#: The organiser's extra columns of the standings, each a whole number per player.
EXTRA_SCORES = {"sportsmanship": "Sportsmanship", "painting": "Painting"}


def set_extra_scores(event: Event, scores: dict[int, dict[str, int | None]]) -> int:
    """The organiser's sportsmanship and painting scores: entry id -> {column: whole
    number 0-999, or None to clear}; entries of other events are left alone. Returns how
    many entries changed. Raises Refused for a number outside 0-999 or another column."""
    for columns in scores.values():
        for key, value in columns.items():
            if key not in EXTRA_SCORES:
                raise Refused("The extra columns are sportsmanship and painting.")
            if value is not None and not 0 <= value <= 999:
                raise Refused(f"{EXTRA_SCORES[key]} scores are whole numbers from 0 to 999.")
    changed = 0
    with transaction.atomic():
        for entry in Entry.objects.select_for_update().filter(event=event, pk__in=list(scores)):
            columns = scores[entry.pk]
            if any(getattr(entry, k) != v for k, v in columns.items()):
                Entry.objects.filter(pk=entry.pk).update(**columns)
                changed += 1
        if changed:
            notify.changed(event.pk)
    return changed


def start_table(pairing: Pairing, by: Any, rng: random.Random | None = None) -> Game:
    """The game of a table (one tap from the event page): both locked lists as they were
    submitted (with their kept supplements; two lists of one name told apart by the second
    player's name), the round's set-up (:func:`round_setup`) with every choice it leaves
    open rolled as a game's is (PlayRules.roll_setup). The first player owns it and the
    second holds side 1 by their account, so neither needs a join code; the code every
    game gets at its start (roster.games.operations.start_game) lets watchers in (the
    event page's Watch link: both sides are held, so it seats nobody). Tapped again (by
    either), the same game. Raises Refused for a bye, anyone but the two players (the
    organiser too: they watch or enter the result), a player without an account, or
    TooManyGames (a Refused) when the first player keeps the most games."""
    if pairing.b is None:
        raise Refused("A bye has no game.")
    event = pairing.round.event
    refuse_closed(event)
    if by.pk not in (pairing.a.player_id, pairing.b.player_id):
        raise Refused("Only the table's two players start its game, on their phones.")
    if pairing.a.player is None or pairing.b.player is None:
        raise Refused("Both players need an account to play on their phones; enter the result instead.")
    with transaction.atomic():
        locked_pairing = Pairing.objects.select_for_update().get(pk=pairing.pk)
        if locked_pairing.game_id is not None and locked_pairing.game is not None:
            return locked_pairing.game
        first, second = (
            evaluated_side(entry_evaluation(e.document, e.supplement), origin="export", player=e.name)
            for e in (pairing.a, pairing.b)
        )
        same = " ".join(first.name.casefold().split()) == " ".join(second.name.casefold().split())
        if same and pairing.a.name.casefold() != pairing.b.name.casefold():
            # A mirror match: the second side by its player's name, not "(2)".
            second = second.model_copy(update={"name": f"{second.name} ({pairing.b.name})"})
        rules = play_rules(event.system)
        setup = dict(pairing.round.setup)
        rolled = [r for r in str(setup.pop("rolled", "")).split(",") if r]
        for choice in rules.setup_choices():
            if choice.key not in setup:
                setup.update(rules.roll_setup(choice.key, setup, rng or random.SystemRandom()))
                rolled.append(choice.key)
        if rolled:
            setup["rolled"] = ",".join(rolled)
        snapshot = Snapshot(system=event.system, sides=(first, told_apart(first, second)), setup=setup)
        name = f"{event.name}, round {pairing.round.number}, table {pairing.table}"
        try:
            game = start_game(pairing.a.player, snapshot, name)
        except TooManyGames as exc:
            raise Refused(f"{pairing.a.name}: {exc}") from None
        take_side(game, "", pairing.b.player)
        locked_pairing.game = game
        locked_pairing.save(update_fields=["game"])
        notify.changed(event.pk)
        return game


def game_result(pairing: Pairing) -> tuple[str, int | None, int | None] | None:
    """What the table's finished game says, as a result to confirm: (winner "a" / "b" /
    "draw" when it named none, the two sides' Victory Points or None where the system
    keeps none); None while there is no finished game. Read from Game.summary."""
    game = pairing.game
    if game is None or game.finished is None:
        return None
    summary = game.summary or {}
    winner = summary.get("winner")
    word = {0: "a", 1: "b"}.get(winner, "draw") if winner is not None else "draw"
    if play_rules(game.system).victory_points is None:
        return word, None, None
    points = [side.get("victory_points", 0) for side in summary.get("sides", [])]
    return (word, points[0], points[1]) if len(points) == 2 else (word, None, None)


def open_round(
    event: Event,
    closes: datetime,
    now: datetime | None = None,
    setup: dict[str, str] | None = None,
    rng: random.Random | None = None,
) -> Round:
    """A league's next round, open until ``closes``: its players pair themselves
    (:func:`challenge`) and every result confirmed counts, whenever it is played. Opening
    it ends the round before (a table of it not yet played stays to be played). The
    first round locks the lists, as a tournament's. ``setup``: as :func:`pair_round`'s.
    Raises Refused for a tournament, a window that closes in the past, when every round
    is open already, or for a set-up word :func:`round_setup` refuses."""
    now = now or timezone.now()
    chosen = round_setup(event, setup or {}, rng)
    if event.kind != Event.LEAGUE:
        raise Refused("A tournament's rounds are paired by Muster: pair a round instead.")
    if closes <= now:
        raise Refused("The round's window must close later than now.")
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        refuse_closed(event)
        last = event.round_set.order_by("-number").first()
        if last is not None and last.number >= event.rounds:
            raise Refused(f"All the league's rounds ({event.rounds}) are open already.")
        if last is not None and (last.closes is None or last.closes > now):
            Round.objects.filter(pk=last.pk).update(closes=now)
        notify.changed(event.pk)
        return Round.objects.create(
            event=event, number=(last.number if last else 0) + 1, closes=closes, setup=chosen
        )


def open_round_of(event: Event, now: datetime | None = None) -> Round | None:
    """A league's round open now (its window not closed), or None."""
    now = now or timezone.now()
    return event.round_set.filter(closes__gt=now).order_by("-number").first()


def challenge(event: Event, by: Any, opponent: Entry, now: datetime | None = None) -> Pairing:
    """In a league's open round, ``by`` (an accepted player) and ``opponent`` (another
    accepted one) make a table of their own, to play on their phones or on paper. Raises
    Refused outside an open round, for a player not accepted, oneself, or two who already
    have a table this round."""
    now = now or timezone.now()
    refuse_closed(event)
    round_ = open_round_of(event, now)
    if round_ is None:
        raise Refused("No round is open: the organiser opens each round of a league.")
    mine = event.entries.filter(player=by, status=Entry.ACCEPTED).first()
    if mine is None:
        raise Refused("Only players whose list is accepted play in the league.")
    if mine.dropped:
        raise Refused("You dropped out of the league: come back first (on the event page).")
    if (
        opponent.event_id != event.pk
        or opponent.status != Entry.ACCEPTED
        or opponent.dropped
        or opponent.pk == mine.pk
    ):
        raise Refused("Choose another player of the league: accepted, and not dropped out.")
    with transaction.atomic():
        Round.objects.select_for_update().filter(pk=round_.pk).first()
        if event.check_in:  # each player checks in for the round (read now, in the lock)
            here = dict(Entry.objects.filter(pk__in=[mine.pk, opponent.pk]).values_list("pk", "checked_in"))
            if here.get(mine.pk) != round_.number:
                raise Refused(f"Check in for round {round_.number} first (on the event page).")
            if here.get(opponent.pk) != round_.number:
                raise Refused(f"{opponent.name} has not checked in for round {round_.number}.")
        tables = list(round_.pairings.all())
        if any({p.a_id, p.b_id} == {mine.pk, opponent.pk} for p in tables):
            raise Refused(f"You and {opponent.name} already have a table this round.")
        table = Pairing.objects.create(round=round_, table=len(tables) + 1, a=mine, b=opponent)
        notify.table_made(table)
        notify.changed(event.pk)
        return table


# The organiser's day (issue 41 item 1): editing, late lists, closing, deleting, check-in.


def _organiser_only(event: Event, by: Any, what: str) -> None:
    if by is None or by.pk != event.owner_id:
        raise Refused(f"Only the organiser {what}.")


def limits_fixed(event: Event) -> bool:
    """Whether ``event``'s list limits are fixed: a list is accepted against them (the
    organiser accepted it as it met or missed them; changing them would change what
    was accepted)."""
    return event.entries.filter(status=Entry.ACCEPTED).exists()


def edit_event(event: Event, by: Any, now: datetime | None = None, **fields: Any) -> Event:
    """The organiser changes ``event``: any of ``name``, ``date``, ``venue``,
    ``description``, ``capacity`` (None: no limit but MAX_ENTRIES), ``rounds``,
    ``deadline`` (None: lists lock with round 1), ``late_lists``, ``check_in``,
    ``lists_public``, ``lists_public_from`` and ``options`` (the list limits), each
    given or left as it is. Written under the event's row lock, in one transaction.
    Raises Refused (nothing written) for anyone but the organiser, a closed event, a
    name :func:`clean_words` refuses, a new deadline not later than now, a capacity below
    the players registered, fewer rounds than are paired (or open) already or outside
    1-MAX_ROUNDS, or new limits once a list is accepted against them. Check-in turned on
    once a tournament's round 1 is paired checks in every player who has sat at a table
    (they came)."""
    now = now or timezone.now()
    allowed = {
        "name", "date", "venue", "description", "capacity", "rounds", "deadline",
        "late_lists", "check_in", "lists_public", "lists_public_from", "options",
    }  # fmt: skip
    unknown = set(fields) - allowed
    if unknown:
        raise TypeError(f"edit_event: not a field to edit: {', '.join(sorted(unknown))}")
    if "name" in fields:
        fields["name"] = clean_words(fields["name"], "The event's name", 200)
        if not fields["name"]:
            raise Refused("Give the event a name.")
    fields = _clean_details(fields)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        _organiser_only(event, by, "edits the event")
        refuse_closed(event)
        deadline = fields.get("deadline", event.deadline)
        if deadline != event.deadline and deadline is not None and deadline <= now:
            raise Refused("The new deadline must be later than now.")
        capacity = fields.get("capacity", event.capacity)
        taken = event.entries.count()
        if capacity is not None and capacity < max(taken, 2):
            raise Refused(
                f"The capacity cannot be below the {taken} players registered."
                if taken >= 2
                else "An event takes at least 2 players."
            )
        rounds = int(fields.get("rounds", event.rounds))
        begun = event.round_set.count()
        if not max(begun, 1) <= rounds <= MAX_ROUNDS:
            raise Refused(
                f"Round {begun} is paired already: the event has at least {begun} rounds."
                if rounds < begun
                else f"An event has 1 to {MAX_ROUNDS} rounds; {rounds} asked."
            )
        if fields.get("check_in") and not event.check_in and begun and event.kind == Event.TOURNAMENT:
            # Turned on under way: every player who has sat at a table was there.
            played = Pairing.objects.filter(round__event=event)
            seated = set(played.values_list("a_id", flat=True)) | set(played.values_list("b_id", flat=True))
            Entry.objects.filter(event=event, pk__in=seated - {None}, checked_in=0).update(checked_in=1)
        if "options" in fields and fields["options"] != event.options and limits_fixed(event):
            raise Refused(
                "A list is accepted against the list limits: they stay as they are "
                "(send the accepted lists back to change them)."
            )
        for key, value in fields.items():
            setattr(event, key, value)
        event.save()
        notify.changed(event.pk)
    return event


def set_late_lists(event: Event, by: Any, accept: bool) -> Event:
    """The organiser accepts lists after the deadline (``accept``), or stops: a late list
    is submitted and reviewed as any, marked late (Entry.late), until round 1 is paired.
    Raises Refused for anyone but the organiser or a closed event."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        _organiser_only(event, by, "accepts late lists")
        refuse_closed(event)
        event.late_lists = accept
        event.save(update_fields=["late_lists"])
        notify.changed(event.pk)
    return event


def close_event(event: Event, by: Any, close: bool = True, now: datetime | None = None) -> Event:
    """The organiser closes ``event`` (``close``): from then nothing more is registered,
    reviewed, paired, swapped, started or recorded, and its standings are final; or
    reopens it (False: the undo, everything as before closing). A table without its result
    stays so. Raises Refused for anyone but the organiser."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        _organiser_only(event, by, "closes or reopens the event")
        if close and event.finished is None:
            event.finished = now or timezone.now()
        elif not close:
            event.finished = None
        event.save(update_fields=["finished"])
        notify.changed(event.pk)
    return event


@dataclass(frozen=True)
class Removal:
    """What deleting an event removes and keeps: its ``entries`` (each list as submitted),
    its ``rounds`` and ``tables``, and the ``games`` played at its tables, which are kept
    as ordinary games of their players (no longer linked to an event)."""

    entries: int
    rounds: int
    tables: int
    games: int


def removal(event: Event) -> Removal:
    """What :func:`delete_event` would remove and keep, for its confirmation page."""
    tables = Pairing.objects.filter(round__event=event)
    return Removal(
        entries=event.entries.count(),
        rounds=event.round_set.count(),
        tables=tables.count(),
        games=tables.filter(game__isnull=False).count(),
    )


def delete_event(event: Event, by: Any) -> Removal:
    """The organiser deletes ``event`` with its entries, rounds and results (no undo).
    The games played at its tables are kept: each stays its players' ordinary game
    (in their games, with its record), no longer linked to the event. Raises Refused for
    anyone but the organiser."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        _organiser_only(event, by, "deletes the event")
        gone = removal(event)
        # Pairing.game is SET_NULL from the game's side; deleting the tables leaves the games.
        event.delete()
    return gone


def check_in_round(event: Event, now: datetime | None = None) -> int | None:
    """The round players check in for now: a tournament's round 1 until it is paired (a
    check-in holds for the whole event); a league's open round; None when there is none
    (a tournament under way: the organiser may still check a latecomer in, for the
    rounds paired after)."""
    if event.kind == Event.LEAGUE:
        round_ = open_round_of(event, now)
        return round_.number if round_ is not None else None
    return None if event.round_set.exists() else 1


def check_in(entry: Entry, by: Any, present: bool = True, now: datetime | None = None) -> Entry:
    """``entry``'s player is here (``present``; False: the undo): checked in by
    themselves (on their phone) or by the organiser. A tournament's check-in is for round
    1 and holds for the event (the organiser may check in a latecomer once round 1 is
    paired: they are paired from the next round); a league's is for its open round. Only
    players checked in are paired (:func:`pair_round`) or make a league table
    (:func:`challenge`). Written under the entry's row lock. Raises Refused when the
    event does not use check-in or is closed, for a list not accepted or a dropped
    player, for anyone but the player or the organiser, for a player when no round takes
    check-ins now, and for a league with no round open."""
    with transaction.atomic():
        entry = Entry.objects.select_for_update().select_related("event").get(pk=entry.pk)
        event = entry.event
        if by is None or by.pk not in (event.owner_id, entry.player_id):
            raise Refused("Only the player or the organiser checks a player in.")
        refuse_closed(event)
        if not event.check_in:
            raise Refused("This event has no check-in: every accepted player is paired.")
        if entry.status != Entry.ACCEPTED or entry.dropped:
            raise Refused("Only a player whose list is accepted (and not dropped out) checks in.")
        number = check_in_round(event, now)
        if number is None:
            if event.kind == Event.LEAGUE:
                raise Refused("No round is open: check in once the organiser opens one.")
            if by.pk != event.owner_id:
                raise Refused("Round 1 is paired: ask the organiser to check you in.")
            number = 1
        entry.checked_in = number if present else 0
        entry.save(update_fields=["checked_in"])
        notify.changed(event.pk)
    return entry


def is_checked_in(entry: Entry, event: Event, now: datetime | None = None) -> bool:
    """Whether ``entry`` is checked in for the round that takes check-ins (a tournament:
    at all; a league: for its open round)."""
    if event.kind == Event.LEAGUE:
        return entry.checked_in > 0 and entry.checked_in == check_in_round(event, now)
    return entry.checked_in > 0


#: The longest round clock an organiser may set, in minutes (a whole day).
MAX_CLOCK_MINUTES = 24 * 60


def _clocked_round(round_: Round) -> Round:
    """``round_`` read again under a row lock (the caller holds a transaction)."""
    return Round.objects.select_for_update().get(pk=round_.pk)


def start_clock(round_: Round, minutes: int | None = None, now: datetime | None = None) -> Round:
    """Start round ``round_``'s clock (issue 41, docs/events.md "The round's clock"):
    with ``minutes`` (1 to MAX_CLOCK_MINUTES), a new clock of that length ending at
    ``now`` + minutes; without, a paused clock runs again for the time it had left.
    Stored as the instant it ends (``clock_ends``), never a ticking value. Raises Refused
    for a length out of range, or no length when no clock is paused."""
    now = now or timezone.now()
    if minutes is not None and not 1 <= minutes <= MAX_CLOCK_MINUTES:
        raise Refused(f"A round's clock runs 1 to {MAX_CLOCK_MINUTES} minutes.")
    with transaction.atomic():
        current = _clocked_round(round_)
        if minutes is not None:
            seconds = minutes * 60
            fields = {
                "clock_seconds": seconds,
                "clock_ends": now + timedelta(seconds=seconds),
                "clock_left": None,
            }
        elif current.clock_ends is not None:
            return current  # running already: a second tap changes nothing
        elif current.clock_left is not None:
            fields = {"clock_ends": now + timedelta(seconds=current.clock_left), "clock_left": None}
        else:
            raise Refused("Give the round's length in minutes to start its clock.")
        Round.objects.filter(pk=current.pk).update(**fields)
        notify.changed(current.event_id)
    round_.refresh_from_db()
    return round_


def pause_clock(round_: Round, now: datetime | None = None) -> Round:
    """Pause round ``round_``'s running clock, keeping the whole seconds it had left
    (:func:`start_clock` without a length runs it again). Raises Refused when no clock
    runs."""
    now = now or timezone.now()
    with transaction.atomic():
        current = _clocked_round(round_)
        if current.clock_ends is None:
            raise Refused("The round's clock is not running.")
        left = current.clock_left_now(now)
        Round.objects.filter(pk=current.pk).update(clock_ends=None, clock_left=left)
        notify.changed(current.event_id)
    round_.refresh_from_db()
    return round_


def reset_clock(round_: Round) -> Round:
    """Take round ``round_``'s clock away (no time shown until it is started again)."""
    Round.objects.filter(pk=round_.pk).update(clock_seconds=None, clock_ends=None, clock_left=None)
    notify.changed(round_.event_id)
    round_.refresh_from_db()
    return round_
