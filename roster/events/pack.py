"""The list pack of an event (issue 31, docs/events.md): every accepted list's sheet as
it was submitted, in one PDF, after a cover page that indexes them (player, list,
fingerprint, page; those of players who dropped out apart). Built by the task worker,
never in a web request.

A pack is known by its key: a digest of the event, its accepted entries (each one's id,
name, fingerprint, submission time and whether its player dropped out), the rules data
digest and the paper, so a list accepted, sent back or submitted again, or a player
dropping out, gives a new pack, and a stale one is never served. Asking queues it as a
PackJob of kind "event-pack" (roster.sheets.queue: our own table, our own order, the
task backend only wakes the worker). Each time the worker claims it, :func:`build_chunk`
renders a few of the entries' sheets (``CHUNK``), each within the render limits of
roster.sheets.rendering and kept in the sheet cache, and the job goes back in line, so
players' Print requests go between the chunks instead of waiting behind 64 sheets, and
other organisers' packs take turns with it; the last chunk joins the sheets into one PDF
with pypdf (a bookmark per list) and keeps it in the cache. How a pack ended (the lists
left out, or why it failed) is kept beside it in the cache under ``<key>:outcome``.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import timezone
from pypdf import PdfReader, PdfWriter

from roster.events.models import Entry, Event
from roster.events.operations import entry_evaluation
from roster.rosters.catalogue import current_digest
from roster.sheets.cache import CACHE_SECONDS, get_sheet, put_sheet, refuse_sheet, refused_sheet, sheet_key
from roster.sheets.content import PAPERS, SheetInfo, sheet_html
from roster.sheets.models import PackJob
from roster.sheets.queue import add_pack, pack_job
from roster.sheets.rendering import RenderFailed, SheetNotRendered, render_bounded
from rules.document import DocumentError
from rules.registry import SYSTEMS

logger = logging.getLogger("muster.sheets")

#: Sheets rendered each time the worker claims a pack, before it goes back in line.
CHUNK = 4
#: The PackJob kind of an event's list pack (roster.sheets.queue.on_pack).
KIND = "event-pack"


@dataclass(frozen=True)
class PackState:
    """Where an event's pack stands: ``ready`` (its PDF is in the cache), ``queued``
    (the worker is on it: ``done`` of ``total`` sheets rendered), or neither (not asked
    for, or a worker lost it: ask again). ``missing``: the players whose sheet could not
    be printed, with the reason (the pack goes without them, and its cover says so)."""

    key: str
    total: int
    ready: bool = False
    queued: bool = False
    failed: str | None = None
    done: int = 0
    missing: list[tuple[str, str]] = field(default_factory=list)


def accepted_entries(event: Event) -> list[Entry]:
    """The entries whose list is in the pack: every accepted one, those still playing in
    registration order, then those of players who dropped out (issue 41: their lists were
    played, and the cover lists them apart)."""
    return list(event.entries.filter(status=Entry.ACCEPTED).order_by("dropped", "pk"))


def pack_key(event: Event, entries: list[Entry], paper: str) -> str:
    """The cache key of the pack of ``entries`` on ``paper`` ("a4" or "letter"): a
    sha256 over the event, each entry's id, name, fingerprint and submission time, and the
    system's rules data digest now. Costs one small query (the digest), no evaluation."""
    content = json.dumps(
        {
            "event": [event.pk, event.name],
            "entries": [[e.pk, e.name, e.fingerprint, e.submitted.isoformat(), e.dropped] for e in entries],
            "rules": current_digest(event.system),
            "paper": paper,
        },
        separators=(",", ":"),
    )
    return "muster:pack:" + hashlib.sha256(content.encode()).hexdigest()


def _outcome(key: str) -> dict[str, Any]:
    """How the pack of ``key`` ended: {"missing": [[name, reason], ...]} when it was
    joined, {"failed": reason} when it stopped, {} when not known (kept for a day)."""
    value = cache.get(f"{key}:outcome")
    return value if isinstance(value, dict) else {}


def _end(key: str, **outcome: Any) -> None:
    cache.set(f"{key}:outcome", outcome, CACHE_SECONDS)


def _ready(key: str, total: int) -> PackState:
    missing = [(str(n), str(r)) for n, r in _outcome(key).get("missing", [])]
    return PackState(key, total, ready=True, done=total, missing=missing)


def state(event: Event, paper: str = "a4") -> PackState:
    """Where the pack of ``event``'s accepted lists on ``paper`` stands. A few queries,
    and the cache's "has it" only: the PDF itself is not read."""
    entries = accepted_entries(event)
    key = pack_key(event, entries, paper)
    if cache.has_key(key):
        return _ready(key, len(entries))
    job = pack_job(key)
    if job is None and cache.has_key(key):  # the worker finished it between the two looks
        return _ready(key, len(entries))
    outcome = _outcome(key)
    missing = [(str(n), str(r)) for n, r in outcome.get("missing", [])]
    failed = outcome.get("failed")
    return PackState(
        key,
        len(entries),
        queued=job is not None,
        failed=str(failed) if failed and job is None else None,
        done=int(job.progress.get("done", 0)) if job is not None else 0,
        missing=missing,
    )


def ask(event: Event, paper: str = "a4") -> PackState:
    """:func:`state`, with the pack queued for the task worker when it is neither ready
    nor being prepared (one job however many ask: its key is unique). With the
    immediate task backend (tests) the pack is built before this returns."""
    now = state(event, paper)
    if now.ready or now.queued or now.total == 0:
        return now
    cache.delete(f"{now.key}:outcome")  # a new build: an old failure is not its answer
    add_pack(KIND, now.key, event.owner_id, {"event": event.pk, "paper": paper})
    return state(event, paper)


def pdf(event: Event, paper: str = "a4") -> bytes | None:
    """The pack's PDF when it is ready (as it is now), else None."""
    return get_sheet(pack_key(event, accepted_entries(event), paper))


def _sheet(entry: Entry, info: SheetInfo, digest: str) -> tuple[str, bool]:
    """(the cache key of ``entry``'s sheet with the rules data ``digest``, whether it is
    settled: rendered or refused)."""
    key = sheet_key({"list": entry.document, "supplement": entry.supplement}, digest, info)
    return key, cache.has_key(key) or refused_sheet(key) is not None


def _render(entry: Entry, key: str, info: SheetInfo) -> None:
    """Render one entry's sheet from its submitted document into the sheet cache, or
    remember why it cannot be (the list itself: too slow or too big to print, or no
    longer read by the rules data). Raises RenderFailed for a passing failure."""
    try:
        html = sheet_html(entry_evaluation(entry.document, entry.supplement), info)
        put_sheet(key, render_bounded(html, f"event {entry.event_id} entry {entry.pk}").pdf)
    except DocumentError as exc:
        refuse_sheet(key, f"the list does not read: {exc.path}: {exc.message}")
    except SheetNotRendered as exc:
        if not exc.lasting:
            raise
        refuse_sheet(key, exc.message)


def build_chunk(job: PackJob) -> str:
    """One claim of an "event-pack" job (registered with roster.sheets.queue.on_pack by
    roster.events.apps): render up to CHUNK unsettled sheets of the pack of event
    ``job.args["event"]`` on ``job.args["paper"]`` and record how many are settled in
    ``job.progress["done"]``; once every sheet is settled, join them into the pack. A
    sheet that left the cache before the join (a small cache culls) is rendered again,
    a bounded number of chunks. Returns "later" (more sheets to come: back in line),
    "gone" (no such event, or its accepted lists changed: that pack is asked for no
    more), "empty", "ready", or "failed" (the renderer failed for a passing reason, or
    the cache cannot hold the pack's sheets: the reason is kept, and the pack waits to be
    asked again, so it can never loop). Raises what the join raised, its failure kept."""
    event = Event.objects.filter(pk=job.args.get("event")).first()
    if event is None:
        return "gone"
    paper = str(job.args.get("paper", "a4"))
    entries = accepted_entries(event)
    key = pack_key(event, entries, paper)
    if not entries:
        return "empty"
    if key != job.key:
        return "gone"  # the lists changed since: whoever waits asks again
    if cache.has_key(key):
        return "ready"
    sheets = []
    rendered = 0
    digest = current_digest(event.system)
    for entry in entries:
        info = SheetInfo(owner=entry.name, paper=paper)
        sheet, settled = _sheet(entry, info, digest)
        if not settled and rendered < CHUNK:
            try:
                _render(entry, sheet, info)
            except RenderFailed as exc:
                _end(key, failed=exc.message)
                return "failed"
            rendered += 1
            settled = True
        sheets.append((entry, sheet, settled))
    done = sum(1 for _, _, settled in sheets if settled)
    job.progress = {"done": done}
    if done == len(entries):
        try:
            missing: list[tuple[str, str]] = []
            put_sheet(key, _join(event, paper, [(entry, sheet) for entry, sheet, _ in sheets], missing))
        except _Lost:
            pass  # a sheet left the cache before the join: rendered again in a later chunk
        except Exception:
            # Whatever broke, the page must not say "being prepared" again.
            _end(key, failed="The pack could not be joined; try again.")
            raise
        else:
            _end(key, missing=missing)
            return "ready"
    if job.chunks + 1 > 2 * (len(entries) // CHUNK + 1) + 2:
        # Sheets keep leaving the cache before the join (a cache too small for the pack).
        _end(key, failed="The pack's sheets did not fit the cache.")
        return "failed"
    return "later"


class _Lost(Exception):
    """A sheet of the pack left the cache between its render and the join."""


def _join(event: Event, paper: str, sheets: list[tuple[Entry, str]], missing: list[tuple[str, str]]) -> bytes:
    """The pack: the cover, then each sheet in registration order, a bookmark each.
    A sheet refused (too slow or too big to print) is left out and named on the cover,
    and (name, reason) appended to ``missing``. Raises _Lost when a sheet is neither in
    the cache nor refused (culled meanwhile)."""
    pdfs: list[tuple[Entry, PdfReader | None, str]] = []
    for entry, sheet in sheets:
        data = get_sheet(sheet)
        reason = refused_sheet(sheet)
        if data is None and reason is None:
            raise _Lost(sheet)
        pdfs.append((entry, PdfReader(io.BytesIO(data)) if data is not None else None, reason or ""))
    missing += [(e.name, reason) for e, reader, reason in pdfs if reader is None]
    cover = _cover(event, paper, pdfs)
    writer = PdfWriter()
    writer.append(PdfReader(io.BytesIO(cover)), import_outline=False)
    writer.add_outline_item(title="Contents", page_number=0)
    for entry, reader, _ in pdfs:
        if reader is None:
            continue
        start = len(writer.pages)
        writer.append(reader, import_outline=False)
        dropped = " (dropped out)" if entry.dropped else ""
        writer.add_outline_item(
            title=f"{entry.name}{dropped}: {entry.document.get('name', '')}", page_number=start
        )
    writer.add_metadata({"/Title": f"{event.name}: the lists", "/Creator": "Muster"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _cover(event: Event, paper: str, pdfs: list[tuple[Entry, PdfReader | None, str]]) -> bytes:
    """The cover page: the event, the number of accepted lists, and one line per list with
    the page its sheet starts on, those of players who dropped out in a table of their
    own (the cover is page 1; a cover longer than a page is counted first)."""

    def lines(cover_pages: int) -> list[dict[str, Any]]:
        page = cover_pages + 1
        out = []
        for entry, reader, reason in pdfs:
            out.append(
                {
                    "entry": entry,
                    "list": entry.document.get("name", ""),
                    "page": page if reader is not None else None,
                    "reason": reason if reader is None else "",
                }
            )
            page += len(reader.pages) if reader is not None else 0
        return out

    def render(cover_pages: int) -> bytes:
        every = lines(cover_pages)
        html = render_to_string(
            "events/pack_cover.html",
            {
                "event": event,
                "system": SYSTEMS[event.system],
                "lines": [line for line in every if not line["entry"].dropped],
                "dropped": [line for line in every if line["entry"].dropped],
                "count": len(every),
                "paper": PAPERS.get(paper, "A4"),
                "made": timezone.now(),
            },
        )
        return render_bounded(html, f"event {event.pk} pack cover").pdf

    cover = render(1)
    pages = len(PdfReader(io.BytesIO(cover)).pages)
    return cover if pages == 1 else render(pages)
