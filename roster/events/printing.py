"""An event's printables (issue 41, docs/events.md "Printing the day"): a round's
pairings, its table slips (one per table: the round, the table, both players, their
lists' fingerprints and boxes for the result) and the standings, each an HTML page the
browser prints (print CSS, A4 or US Letter) and the same page as a PDF.

The page is drawn from the event as it is now (:func:`printable_html`, a template, a
few queries); its PDF is rendered by WeasyPrint in the task worker, never in a web
request (docs/sheets.md): asking queues it as one PackJob of kind "event-print" whose
``args`` hold the page itself, so the worker prints exactly what was asked, in one
claim (roster.sheets.queue takes it in its fair order, the organiser's packs taking
turns). The PDF is kept in the sheet cache under a digest of that page: the event
changed (a result in, a table swapped) gives a new page and a new PDF; the same page
asked twice is one job and one render. ``make bench``-style figures are in
docs/events.md.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache as memoized
from pathlib import Path
from typing import Any, cast

from django.contrib.staticfiles import finders
from django.core.cache import cache
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.safestring import mark_safe

from roster.events import operations
from roster.events.models import Event, Round
from roster.events.pairing import chosen_order, tiebreaker_words
from roster.games.systems import play_rules
from roster.sheets.cache import CACHE_SECONDS, get_sheet, put_sheet
from roster.sheets.models import PackJob
from roster.sheets.queue import add_pack, pack_job
from roster.sheets.rendering import SheetNotRendered, render_bounded
from rules.registry import SYSTEMS

#: The PackJob kind of a printable (roster.sheets.queue.on_pack).
KIND = "event-print"
#: What can be printed, with its title. Slips are the organiser's (they carry the
#: result boxes); pairings and standings anyone with the event's address may print.
WHAT = {"pairings": "Pairings", "slips": "Table slips", "standings": "Standings"}
ORGANISER_ONLY = {"slips"}
#: Table slips on one sheet of paper (each a third of the page, never split).
SLIPS_PER_PAGE = 3


@dataclass(frozen=True)
class PrintState:
    """Where a printable's PDF stands: ``ready`` (in the cache), ``queued`` (the worker
    has it), ``failed`` (why it could not be printed), or none (not asked for yet)."""

    key: str
    ready: bool = False
    queued: bool = False
    failed: str | None = None


@memoized
def _css(name: str) -> str:
    """The text of the static stylesheet ``css/<name>`` (read once)."""
    found = finders.find(f"css/{name}")
    return Path(found).read_text() if isinstance(found, str) else ""


def paper_of(value: str | None) -> str:
    """The paper asked for: "letter" for US Letter, else "a4"."""
    return "letter" if value == "letter" else "a4"


def printable_context(
    event: Event, what: str, round_: Round | None, viewer: Any, paper: str
) -> dict[str, Any]:
    """What the printable ``what`` (a key of WHAT) of ``event`` shows to ``viewer`` (a
    User or None): ``round_``'s tables for pairings and slips (None: no round yet), the
    standings (with each list's fingerprint once the lists are open to the viewer).
    A few queries."""
    rules = play_rules(event.system)
    entries = {e.pk: e for e in event.entries.all()}
    context: dict[str, Any] = {
        "event": event,
        "system": SYSTEMS[event.system],
        "what": what,
        "title": WHAT[what],
        "round": round_,
        "paper": paper,
        "paper_name": "US Letter" if paper == "letter" else "A4",
        "scored": rules.victory_points is not None,
        "score_short": rules.score_short,
        "lists_open": event.lists_open_to(viewer),
    }
    if what in ("pairings", "slips") and round_ is not None:
        tables = list(round_.pairings.select_related("a", "b"))
        context["tables"] = tables
        context["setup_lines"] = operations.setup_text(event, round_.setup)
        seated = []
        for t in tables:
            seated.append((t.a.name, t, t.b))
            if t.b is not None:
                seated.append((t.b.name, t, t.a))
        context["by_name"] = sorted(seated, key=lambda s: (s[0].casefold(), s[1].table))
        slips = [{"table": t, "sides": [t.a, t.b]} for t in tables if t.b is not None]
        context["slip_pages"] = [slips[i : i + SLIPS_PER_PAGE] for i in range(0, len(slips), SLIPS_PER_PAGE)]
    if what == "standings":
        lines = operations.event_standings(event)
        context["standings"] = [(line, entries[cast(int, line.player)]) for line in lines]
        # The organiser's tiebreakers in force, as the event page words them (issue 41).
        words = tiebreaker_words(rules.score_short)
        context["tiebreakers"] = [
            (k, words[k]) for k in chosen_order(event.tiebreakers or None, context["scored"])
        ]
        rounds = list(event.round_set.prefetch_related("pairings"))
        context["rounds_done"] = rounds[-1].number if rounds else 0
        tables = [t for r in rounds for t in r.pairings.all()]
        context["results_in"] = sum(1 for t in tables if t.counted)
        context["results_all"] = len(tables)
    return context


def printable_html(
    event: Event,
    what: str,
    round_: Round | None,
    viewer: Any,
    paper: str,
    *,
    pdf: bool,
    links: dict[str, str] | None = None,
) -> str:
    """The printable page: for WeasyPrint (``pdf``: its stylesheets inline, its fonts
    from ``muster-static:/``) or for the browser (the stylesheets linked: Muster's CSP
    allows no inline style; ``links``: the page's own links, to the other paper and the
    PDF, shown on screen and never printed)."""
    context = printable_context(event, what, round_, viewer, paper) | {"links": links, "pdf": pdf}
    if pdf:
        styles = _css("event-print.css") + _css(f"paper-{paper}.css")
        context["inline_css"] = mark_safe(styles)  # Muster's own static file
    else:
        context["css_links"] = [static("css/event-print.css"), static(f"css/paper-{paper}.css")]
    return render_to_string("events/print.html", context)


def print_key(html: str) -> str:
    """The cache key of the PDF of the printable page ``html``: a sha256 of the page."""
    return "muster:print:" + hashlib.sha256(html.encode()).hexdigest()


#: Why a page past the render limits (roster.sheets.rendering) has no PDF.
TOO_LONG = "It is too long for one PDF: print the page from the browser instead (its Print)."


def _failed(key: str) -> str | None:
    """Why the PDF of ``key`` was not made: refused (past the render limits: not asked
    again) or a passing failure (for a minute), else None."""
    for reason in (cache.get(f"{key}:refused"), cache.get(f"{key}:failed")):
        if isinstance(reason, str):
            return reason
    return None


def state(html: str) -> PrintState:
    """Where the PDF of the page ``html`` stands. A query and the cache's "has it"."""
    key = print_key(html)
    if cache.has_key(key):
        return PrintState(key, ready=True)
    job = pack_job(key)
    if job is None and cache.has_key(key):  # finished between the two looks
        return PrintState(key, ready=True)
    return PrintState(key, queued=job is not None, failed=_failed(key) if job is None else None)


def ask(event: Event, html: str, label: str) -> PrintState:
    """:func:`state`, with the page queued for the task worker when its PDF is neither
    ready nor in hand (one job however many ask; ``label`` names it in the worker's log
    lines); never for a page refused as past the render limits. Queued as the
    organiser's: their printables and packs take turns with other organisers'. With the
    immediate task backend (tests) it is rendered before this returns."""
    now = state(html)
    if now.ready or now.queued or cache.get(f"{now.key}:refused") is not None:
        return now
    cache.delete(f"{now.key}:failed")  # asked again: an old passing failure is not its answer
    add_pack(KIND, now.key, event.owner_id, {"html": html, "label": label})
    return state(html)


def pdf(html: str) -> bytes | None:
    """The PDF of the page ``html`` when it is ready, else None."""
    return get_sheet(print_key(html))


def build(job: PackJob) -> str:
    """The worker's claim of an "event-print" job (registered by roster.events.apps):
    render its page within the render limits (roster.sheets.rendering) into the cache.
    Returns "ready", or "failed" with the reason kept for the page that follows it."""
    html = str(job.args.get("html", ""))
    if cache.has_key(job.key):
        return "ready"
    try:
        rendered = render_bounded(html, f"{job.args.get('label', 'event printable')}")
    except SheetNotRendered as exc:
        if exc.lasting:  # too slow or too big for one render: never tried again for this page
            cache.set(f"{job.key}:refused", TOO_LONG, CACHE_SECONDS)
        else:
            cache.set(f"{job.key}:failed", exc.message, 60)
        return "failed"
    put_sheet(job.key, rendered.pdf)
    return "ready"
