"""WeasyPrint in a child process: the part of sheet rendering that may run for long.

This module imports neither Django nor the rest of Muster, so that the forkserver of
roster.sheets.rendering can preload it (with WeasyPrint, Pango and the fonts warmed up) and
fork a ready renderer in a few milliseconds. A child renders one sheet and exits, so
whatever memory a heavy sheet took goes back to the system at once.

The child reads only Muster's static files through :class:`StaticOnlyFetcher`, and
reports WeasyPrint's warnings to its parent as data instead of writing a log line per
missing glyph (see docs/security.md).
"""

from __future__ import annotations

import logging
import mimetypes
import os
import re
import resource
import signal
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

STATIC_PREFIX = "muster-static:/"
_MISSING = re.compile(r'unsupported by fonts: "(.+)" \(U\+([0-9A-F]+)\)')


def find_in(roots: Sequence[str]) -> Callable[[str], str | None]:
    """A finder of static files under ``roots`` (the first that has it), never outside them."""

    def find(relative: str) -> str | None:
        for root in roots:
            base = Path(root).resolve()
            candidate = (base / relative).resolve()
            if candidate.is_relative_to(base) and candidate.is_file():
                return str(candidate)
        return None

    return find


class StaticOnlyFetcher(URLFetcher):  # type: ignore[misc]
    """A WeasyPrint URL fetcher that serves ``muster-static:/<path>`` through ``find``
    (relative path -> file path or None) and refuses (raises ValueError for) everything
    else, recording what it refused in ``refused``."""

    def __init__(self, find: Callable[[str], str | None]) -> None:
        super().__init__(allowed_protocols=["muster-static"])
        self.find = find
        self.refused: list[str] = []

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        """Return the static file named by ``url``; raises ValueError for any other URL."""
        if url.startswith(STATIC_PREFIX):
            relative = url[len(STATIC_PREFIX) :].split("?")[0].split("#")[0]
            found = self.find(relative) if ".." not in relative.split("/") else None
            if isinstance(found, str):
                kind = mimetypes.guess_type(found)[0] or "application/octet-stream"
                return URLFetcherResponse(url, Path(found).read_bytes(), {"Content-Type": kind})
        self.refused.append(url[:200])
        raise ValueError(f"a roster sheet may not fetch {url[:80]!r}")


@dataclass
class Rendered:
    """A rendered sheet: the PDF bytes, the characters no sheet font has (as "U+4E2D"),
    and how many other WeasyPrint warnings there were, with the first of them."""

    pdf: bytes
    missing_glyphs: list[str] = field(default_factory=list)
    warnings: int = 0
    first_warning: str | None = None


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.missing: dict[str, None] = {}
        self.other = 0
        self.first: str | None = None

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        found = _MISSING.search(message)
        if found:
            self.missing.setdefault(f"U+{found.group(2)}")
            return
        self.other += 1
        self.first = self.first or message[:200]


def render(html: str, fetcher: StaticOnlyFetcher) -> Rendered:
    """Render sheet HTML to PDF with ``fetcher``, collecting WeasyPrint's warnings
    instead of logging them one by one."""
    logger = logging.getLogger("weasyprint")
    collect = _Collect()
    propagate = logger.propagate
    logger.addHandler(collect)
    logger.propagate = False
    try:
        pdf = bytes(HTML(string=html, base_url=STATIC_PREFIX, url_fetcher=fetcher).write_pdf())
    finally:
        logger.removeHandler(collect)
        logger.propagate = propagate
    return Rendered(pdf, list(collect.missing), collect.other, collect.first)


def child_main(connection: Connection, html: str, roots: list[str], cpu_seconds: int, memory: int) -> None:
    """The child process: render ``html`` and send ("ok", Rendered), ("memory", None) when
    it ran out of its ``memory`` bytes, or ("error", text).

    The child yields the CPU to web requests (nice 10); the kernel stops it with SIGXCPU
    after ``cpu_seconds`` of its own CPU time (SIGKILL a second later), even if its parent
    is gone, and refuses it more than ``memory`` bytes of data (RLIMIT_DATA). No core file.
    """
    # A stop (systemd's SIGTERM to the worker's whole process group) lets the sheet in
    # hand finish: the worker itself stops after this task (issue 29).
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    os.nice(10)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    resource.setrlimit(resource.RLIMIT_DATA, (memory, memory))
    try:
        result: tuple[str, Any] = ("ok", render(html, StaticOnlyFetcher(find_in(roots))))
    except MemoryError:
        result = ("memory", None)
    except Exception as exc:  # reported to the parent, which logs it with the roster
        result = ("error", f"{type(exc).__name__}: {exc}"[:500])
    try:
        connection.send(result)
        connection.close()
    except OSError:  # the parent stopped waiting (killed, or its worker shut down)
        pass


# A page with text, so that the warm-up loads fonts too (read by path: no Django here).
WARM_UP_PAGE = Path(__file__).resolve().parents[2] / "templates" / "sheets" / "warm.html"


def warm_up() -> None:
    """Load Pango, fontconfig and WeasyPrint's CSS once (in the forkserver, through
    roster.sheets.render_warm), so that every forked child starts warm."""
    render(WARM_UP_PAGE.read_text(), StaticOnlyFetcher(lambda _: None))
