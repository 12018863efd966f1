"""PDF roster sheets with WeasyPrint.

The sheet is HTML rendered from the same Report as the editor. WeasyPrint may read
only Muster's own static files (fonts, the sheet stylesheet): every other URL, be it
http, file or data, is refused, so nothing a player types can make the server fetch
anything. Web requests never render: the task worker does (roster.sheets), through
roster.sheets.rendering (a child process with hard limits); rendered sheets are cached by
content (roster.sheets.cache).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import segno
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe

from roster.rosters.book_examples import book_comparison
from roster.rosters.evaluation import Evaluation
from roster.sheets import render_child
from roster.sheets.render_child import STATIC_PREFIX
from roster.sheets.rendering import log_warnings
from rules.registry import SYSTEMS

PAPERS = {"a4": "A4", "letter": "Letter"}
# From this many models on, cards are printed one per row: laying out side-by-side
# cards costs WeasyPrint about twice the time, which matters only on long sheets.
LONG_SHEET_MODELS = 12


class StaticOnlyFetcher(render_child.StaticOnlyFetcher):
    """A WeasyPrint URL fetcher that serves ``muster-static:/<path>`` from the static
    files (Django's finders) and refuses (raises ValueError for) everything else,
    recording what it refused in ``refused``."""

    def __init__(self) -> None:
        super().__init__(lambda relative: _found(finders.find(relative)))


def _found(found: Any) -> str | None:
    return found if isinstance(found, str) else None


@dataclass(frozen=True)
class SheetInfo:
    """What a sheet shows besides the Report: who made it, when, on what paper, whether
    compact (without the rule summaries), and the share link for the QR code (None when
    the roster has none).

    Every field but ``made`` is part of the sheet cache key (roster.sheets.cache), so a
    render option added here is keyed without further change.
    """

    owner: str
    paper: str = "a4"
    compact: bool = False
    share_url: str | None = None
    made: datetime | None = None


def qr_svg(url: str) -> str:
    """An inline SVG QR code of ``url`` (no file, nothing to fetch)."""
    return str(segno.make(url, error="m").svg_inline(scale=2, omitsize=False))


def sheet_html(evaluation: Evaluation, info: SheetInfo) -> str:
    """The sheet as HTML: the system's ``systems/<id>/sheet.html`` over ``sheets/base.html``."""
    system = SYSTEMS[evaluation.report.system]
    context = {
        "report": evaluation.report,
        "catalogue": evaluation.catalogue,
        "system": system,
        "info": info,
        "paper": PAPERS.get(info.paper, "A4"),
        "made": info.made or timezone.now(),
        "digest": evaluation.digest[:12],
        "fingerprint": evaluation.fingerprint,
        "supplement": evaluation.supplement,
        "qr": mark_safe(qr_svg(info.share_url)) if info.share_url else None,  # segno escapes its SVG
        "static": STATIC_PREFIX,
        "long": len(evaluation.report.models) >= LONG_SHEET_MODELS,
        "book": book_comparison(evaluation),
    }
    return render_to_string(f"systems/{system.id}/sheet.html", context)


def render_pdf(html: str, fetcher: StaticOnlyFetcher | None = None) -> bytes:
    """Render sheet HTML to PDF bytes in this process, reading nothing but Muster's
    static files. For commands and tests; the web asks roster.sheets.queue.ask()."""
    started = time.monotonic()
    rendered = render_child.render(html, fetcher or StaticOnlyFetcher())
    log_warnings(rendered, "sheet", time.monotonic() - started)
    return rendered.pdf
