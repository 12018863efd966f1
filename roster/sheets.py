"""PDF roster sheets with WeasyPrint.

The sheet is HTML rendered from the same Report as the editor. WeasyPrint may read
only Muster's own static files (fonts, the sheet stylesheet): every other URL, be it
http, file or data, is refused, so nothing a player types can make the server fetch
anything. Rendered sheets are cached per roster revision and dropped on every edit.
"""

from __future__ import annotations

import mimetypes
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import segno
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

from roster.evaluation import Evaluation
from roster.sheet_cache import get_sheet, put_sheet
from rules.registry import SYSTEMS

STATIC_PREFIX = "muster-static:/"
PAPERS = {"a4": "A4", "letter": "Letter"}


class StaticOnlyFetcher(URLFetcher):
    """A WeasyPrint URL fetcher that serves ``muster-static:/<path>`` from the static
    files and refuses (raises ValueError for) everything else, recording what it refused."""

    def __init__(self) -> None:
        super().__init__(allowed_protocols=["muster-static"])
        self.refused: list[str] = []

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        """Return the static file named by ``url``; raises ValueError for any other URL."""
        if url.startswith(STATIC_PREFIX):
            relative = url[len(STATIC_PREFIX) :].split("?")[0].split("#")[0]
            found = finders.find(relative) if ".." not in relative.split("/") else None
            if isinstance(found, str):
                kind = mimetypes.guess_type(found)[0] or "application/octet-stream"
                return URLFetcherResponse(url, Path(found).read_bytes(), {"Content-Type": kind})
        self.refused.append(url[:200])
        raise ValueError(f"a roster sheet may not fetch {url[:80]!r}")


@dataclass(frozen=True)
class SheetInfo:
    """What a sheet shows besides the Report: who made it, when, on what paper, whether
    compact (without the rule summaries), and the share link for the QR code (None when
    the roster has none)."""

    owner: str
    paper: str = "a4"
    compact: bool = False
    share_url: str | None = None
    made: datetime | None = None


def qr_svg(url: str) -> str:
    """An inline SVG QR code of ``url`` (no file, nothing to fetch)."""
    return str(segno.make(url, error="m").svg_inline(scale=2, omitsize=False))


def sheet_html(evaluation: Evaluation, info: SheetInfo) -> str:
    """The sheet as HTML: ``sheets/<system>.html`` over ``sheets/base.html``."""
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
    }
    return render_to_string(f"sheets/{system.id}.html", context)


def render_pdf(html: str, fetcher: StaticOnlyFetcher | None = None) -> bytes:
    """Render sheet HTML to PDF bytes, reading nothing but Muster's static files."""
    fetcher = fetcher or StaticOnlyFetcher()
    pdf = HTML(string=html, base_url=STATIC_PREFIX, url_fetcher=fetcher).write_pdf()
    return bytes(pdf)


def cached_sheet(roster_id: int, revision: int, evaluation: Evaluation, info: SheetInfo) -> bytes:
    """The PDF of a roster revision, from the cache when this exact sheet was made before.

    The key holds the revision, rules data digest, paper, compact and share link; an edit drops
    every sheet of the roster (roster.sheet_cache.forget_sheets).
    """
    key = (
        f"muster:sheet:{roster_id}:{revision}:{evaluation.digest[:16]}:{info.paper}:{int(info.compact)}"
        f":{info.share_url or '-'}:{evaluation.supplement_digest or '-'}"
    )
    pdf = get_sheet(key)
    if pdf is None:
        pdf = render_pdf(sheet_html(evaluation, info))
        put_sheet(roster_id, key, pdf)
    return pdf
