"""An event out of Muster (issue 31, docs/events.md "Exports"): the standings and the
results as CSV, and the whole event as one ``muster.event/1`` JSON document.

Each export shows what its reader may see on the event page: a list's document only
once lists are open to them (after round 1 is paired, or public, or their own, or the
organiser's), never a list's problems or the organiser's notes.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from typing import Any, cast

from django.utils.text import slugify

from roster.events import operations
from roster.events.models import Entry, Event, Pairing
from roster.events.pairing import chosen_order
from roster.games.systems import play_rules

FORMAT = "muster.event/1"
#: What starts a formula in a spreadsheet: = + - @, a tab or a carriage return, and
#: their full-width and small forms (＝ ＋ － ＠, ﹦ ﹢ ﹣), which some spreadsheets read
#: as the ASCII ones (OWASP "CSV Injection").
CSV_INJECTION = "=+-@\t\r\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63"
#: What a spreadsheet may pass over before a formula: spaces (any, the ideographic one
#: too) and quotes.
_LEAD = "\\s'\"\uff02\uff07"
_FORMULA_START = re.compile(f"^[{_LEAD}]*[{re.escape(CSV_INJECTION)}]")
#: A formula after a semicolon or a tab inside the cell: where a spreadsheet splits
#: cells on the semicolon (a comma-decimal locale's CSV) or a tab, it starts a cell.
_FORMULA_AFTER_SEPARATOR = re.compile(f"([;\t])(?=[{_LEAD}]*[{re.escape(CSV_INJECTION)}])")


def _cell(value: Any) -> str:
    """A CSV cell of text a person typed, disarmed: text a spreadsheet would run as a
    formula (its first character, past spaces and quotes, one of CSV_INJECTION) gets a
    leading apostrophe, and so does a formula after a semicolon or a tab inside it
    ("x;=1+1" -> "x;'=1+1"). The writer quotes every text cell too (QUOTE_NONNUMERIC),
    so a semicolon or a tab never splits one."""
    text = "" if value is None else str(value)
    text = text[:1] + _FORMULA_AFTER_SEPARATOR.sub(r"\1'", text[1:])  # (a leading one: below)
    return f"'{text}" if _FORMULA_START.match(text) else text


def _writer(out: io.StringIO) -> Any:
    """A CSV writer that quotes every text cell (numbers bare)."""
    return csv.writer(out, quoting=csv.QUOTE_NONNUMERIC)


def _number(value: Any) -> int | float:
    """A Fraction of wins as JSON: a whole number, or a half as 0.5."""
    return int(value) if value == int(value) else float(value)


def lists_open(event: Event, viewer: Any) -> bool:
    """Whether ``viewer`` (a User or None) may read every accepted list of ``event``."""
    return event.lists_open_to(viewer)


def standings_csv(event: Event, viewer: Any = None) -> str:
    """The standings, one row per player, best first: rank, player, list, fingerprint,
    wins (a draw a half, a bye a whole), won, drawn, lost, byes, the system's score
    (empty where the book keeps none), strength of schedule. The list's name and
    fingerprint are empty where ``viewer`` (a User or None) may not read the list yet
    (:func:`lists_open`; their own always)."""
    entries = {e.pk: e for e in event.entries.all()}
    open_ = lists_open(event, viewer)
    out = io.StringIO()
    writer = _writer(out)
    extras = [k for k in event.extra_scores if k in operations.EXTRA_SCORES]
    head = ["rank", "player", "list", "fingerprint", "wins", "won", "drawn", "lost", "byes", "score"]
    writer.writerow([*head, "schedule", "tied", *extras])
    for line in operations.event_standings(event):
        entry = entries[cast(int, line.player)]
        shown = open_ or (viewer is not None and entry.player_id == viewer.pk)
        writer.writerow(
            [
                line.rank,
                _cell(entry.name),
                _cell(entry.document.get("name", "")) if shown else "",
                entry.fingerprint if shown else "",
                _number(line.wins),
                line.won,
                line.drawn,
                line.lost,
                line.byes,
                "" if line.score is None else line.score,
                _number(line.schedule),
                "yes" if line.tied else "",
                *("" if getattr(entry, k) is None else getattr(entry, k) for k in extras),
            ]
        )
    return out.getvalue()


def _winner_name(p: Pairing) -> str:
    if p.b_id is None:
        return p.a.name
    return {"a": p.a.name, "b": p.b.name if p.b else "", "draw": "draw"}.get(p.winner, "")


def results_csv(event: Event) -> str:
    """Every table of every round: round, table, the two players (the second empty for a
    bye), the winner ("draw" for a draw, empty while unplayed), both scores, whether it
    counts yet, and whether the organiser entered it."""
    out = io.StringIO()
    writer = _writer(out)
    writer.writerow(
        [
            "round",
            "table",
            "player_a",
            "player_b",
            "winner",
            "score_a",
            "score_b",
            "counted",
            "entered_by_organiser",
        ]
    )
    for p in (
        Pairing.objects.filter(round__event=event)
        .select_related("round", "a", "b")
        .order_by("round__number", "table")
    ):
        writer.writerow(
            [
                p.round.number,
                p.table,
                _cell(p.a.name),
                _cell(p.b.name) if p.b else "",
                _cell(_winner_name(p)),
                "" if p.score_a is None else p.score_a,
                "" if p.score_b is None else p.score_b,
                "yes" if p.counted else "no",
                "yes" if p.by_organiser else "no",
            ]
        )
    return out.getvalue()


def event_json(event: Event, viewer: Any) -> dict[str, Any]:
    """The whole event as ``muster.event/1`` (docs/events.md "muster.event/1"): the event,
    its entries (each list's document only when lists are open to ``viewer``, or it is
    theirs), its rounds with every table and result, and the standings."""
    open_ = lists_open(event, viewer)
    scored = play_rules(event.system).victory_points is not None
    entries = []
    for e in event.entries.all():
        organiser = viewer is not None and viewer.pk == event.owner_id
        mine = viewer is not None and e.player_id == viewer.pk
        shown = organiser or mine or (open_ and e.status == Entry.ACCEPTED)
        entries.append(
            {
                "id": e.pk,
                "name": e.name,
                "status": e.status,
                "dropped": e.dropped,
                "late": e.late,
                "checked_in": e.checked_in,
                "sportsmanship": e.sportsmanship,
                "painting": e.painting,
                "list": e.document.get("name", "") if shown else None,
                "fingerprint": e.fingerprint if shown else None,
                "rules_digest": e.rules_digest,
                "submitted": e.submitted.isoformat(),
                "document": e.document if shown else None,
                "supplement": e.supplement if shown else None,
            }
        )
    rounds = []
    for r in event.round_set.prefetch_related("pairings"):
        tables = [
            {
                "table": p.table,
                "a": p.a_id,
                "b": p.b_id,
                "winner": "a" if p.b_id is None else (p.winner or None),
                "score_a": p.score_a,
                "score_b": p.score_b,
                "counted": p.counted,
                "by_organiser": p.by_organiser,
                "disputed": p.disputed,
                "game": p.game_id,
            }
            for p in r.pairings.all()
        ]
        rounds.append({"number": r.number, "setup": r.setup, "tables": tables})
    standings = [
        {
            "rank": s.rank,
            "entry": s.player,
            "wins": _number(s.wins),
            "won": s.won,
            "drawn": s.drawn,
            "lost": s.lost,
            "byes": s.byes,
            "score": s.score,
            "schedule": _number(s.schedule),
            "tied": s.tied,
        }
        for s in operations.event_standings(event)
    ]
    return {
        "format": FORMAT,
        "event": {
            "name": event.name,
            "system": event.system,
            "rounds": event.rounds,
            "options": event.options,
            "deadline": event.deadline.isoformat() if event.deadline else None,
            "lists_public": event.lists_public,
            "lists_public_from": event.lists_public_from.isoformat() if event.lists_public_from else None,
            "created": event.created.isoformat(),
            "date": event.date.isoformat() if event.date else None,
            "venue": event.venue,
            "description": event.description,
            "capacity": event.capacity,
            "late_lists": event.late_lists,
            "check_in": event.check_in,
            "closed": event.finished.isoformat() if event.finished else None,
            "tiebreakers": chosen_order(event.tiebreakers or None, scored),
            "bye_score": event.bye_score or 0,
            "extra_scores": list(event.extra_scores),
        },
        "entries": entries,
        "rounds": rounds,
        "standings": standings,
    }


def archived_events(user: Any) -> Iterator[tuple[str, str]]:
    """For the account's zip (roster.accounts.archive.write_archive, under ``events/``):
    each event ``user`` organises as muster.event/1 with every list, and each of their own
    entries in others' events (the event, their list as submitted, its status and the
    organiser's note), as (file name, JSON)."""
    for event in Event.objects.filter(owner=user).order_by("pk"):
        name = f"{slugify(event.name) or 'event'}-{event.pk}.json"
        yield name, json.dumps(event_json(event, user), indent=1, ensure_ascii=False)
    entries = Entry.objects.filter(player=user).exclude(event__owner=user).select_related("event")
    for e in entries.order_by("pk"):
        mine = {
            "format": "muster.event-entry/1",
            "event": e.event.name,
            "system": e.event.system,
            "status": e.status,
            "note": e.note,
            "fingerprint": e.fingerprint,
            "submitted": e.submitted.isoformat(),
            "document": e.document,
            "supplement": e.supplement,
        }
        yield (
            f"entry-{slugify(e.event.name) or 'event'}-{e.pk}.json",
            json.dumps(mine, indent=1, ensure_ascii=False),
        )
