"""Bounded sheet rendering: WeasyPrint runs in a child process with a hard time limit.

A web process never runs WeasyPrint itself. Each sheet is rendered by a child forked
from a forkserver that has WeasyPrint preloaded and warmed up (roster.render_warm),
so a fork costs milliseconds and the child's memory is returned when it exits.

- At most ``MUSTER_RENDER_CONCURRENCY`` renders run at once per web process; a request
  waits for a slot only as long as its own deadline allows.
- ``MUSTER_RENDER_SECONDS`` (10 s) bounds the whole wait, queueing included: past it
  the child is killed and :class:`SheetTooSlow` raised; the player is told, and the
  worker thread is free again. Other requests (``/healthz``) are served meanwhile by
  the worker's other threads (gunicorn gthread), since waiting on a child holds no lock.
- Children run at nice 10 and under an RLIMIT_CPU backstop, so they cannot outlive a
  killed worker by more than a few seconds of CPU.

See docs/security.md for the limits and the measurements behind them.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
import time
from multiprocessing import forkserver

from django.conf import settings

from roster import render_child
from roster.render_child import Rendered

logger = logging.getLogger("muster.sheets")

_context = multiprocessing.get_context("forkserver")
_start_lock = threading.Lock()
_slots: threading.BoundedSemaphore | None = None
_slots_size = 0


class SheetNotRendered(Exception):
    """A sheet could not be made: ``message`` says why in a player's words."""

    retry_after: int | None = None

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class SheetTooSlow(SheetNotRendered):
    """The render ran past MUSTER_RENDER_SECONDS and was stopped."""


class RendererBusy(SheetNotRendered):
    """Every render slot of this process stayed taken until the deadline."""

    retry_after = 10


class RenderFailed(SheetNotRendered):
    """The child died or WeasyPrint raised (logged with the cause)."""


def _slot_pool() -> threading.BoundedSemaphore:
    global _slots, _slots_size
    size = max(1, int(settings.MUSTER_RENDER_CONCURRENCY))
    with _start_lock:
        if _slots is None or _slots_size != size:
            _slots, _slots_size = threading.BoundedSemaphore(size), size
        return _slots


def start() -> None:
    """Start this process's forkserver (WeasyPrint preloaded) now rather than at the
    first sheet; idempotent. Called when a web worker starts (roster.wsgi)."""
    with _start_lock:
        _context.set_forkserver_preload(["roster.render_warm"])
        forkserver.ensure_running()


def static_roots() -> list[str]:
    """The directories the child may read static files from (fonts, stylesheets)."""
    return [str(d) for d in settings.STATICFILES_DIRS]


def render_bounded(html: str, label: str = "sheet") -> Rendered:
    """Render sheet HTML to PDF in a child process, within MUSTER_RENDER_SECONDS.

    ``label`` names the sheet in log lines ("roster 12"). Logs one line per render
    when fonts lack glyphs or WeasyPrint warned. Raises SheetTooSlow (child killed),
    RendererBusy (no slot before the deadline) or RenderFailed (child died or raised).
    """
    limit = float(settings.MUSTER_RENDER_SECONDS)
    started = time.monotonic()
    deadline = started + limit
    slots = _slot_pool()
    if not slots.acquire(timeout=limit):
        logger.warning("%s: not rendered, every render slot stayed busy for %.0f s", label, limit)
        raise RendererBusy("Muster is printing other sheets right now. Try again in a few seconds.")
    try:
        start()
        rendered = _run_child(html, deadline, limit, label)
    finally:
        slots.release()
    log_warnings(rendered, label, time.monotonic() - started)
    return rendered


def _run_child(html: str, deadline: float, limit: float, label: str) -> Rendered:
    receiver, sender = _context.Pipe(duplex=False)
    cpu = int(limit) + 5
    child = _context.Process(
        target=render_child.child_main, args=(sender, html, static_roots(), cpu), daemon=True
    )
    child.start()
    sender.close()
    try:
        if not receiver.poll(max(0.0, deadline - time.monotonic())):
            logger.warning("%s: rendering stopped after %.0f s (MUSTER_RENDER_SECONDS)", label, limit)
            raise SheetTooSlow(
                f"This sheet needs more than {limit:.0f} seconds to print, so printing was stopped. "
                "Shorter names and labels or fewer models will print; nothing in the roster changed."
            )
        try:
            status, payload = receiver.recv()
        except (EOFError, OSError):
            status, payload = "error", f"the renderer exited with code {child.exitcode}"
    finally:
        receiver.close()
        if child.is_alive():
            child.kill()
        child.join(timeout=5)
    if status != "ok":
        logger.error("%s: rendering failed: %s", label, payload)
        raise RenderFailed("The sheet could not be printed. The roster is safe; try again later.")
    result: Rendered = payload
    return result


def log_warnings(rendered: Rendered, label: str, seconds: float) -> None:
    """One log line for the glyphs the sheet fonts lack, one for other WeasyPrint warnings."""
    if rendered.missing_glyphs:
        shown = " ".join(rendered.missing_glyphs[:12])
        more = len(rendered.missing_glyphs) - 12
        logger.warning(
            "%s: %d characters have no glyph in the sheet fonts (%s%s), rendered in %.1f s",
            label,
            len(rendered.missing_glyphs),
            shown,
            f" and {more} more" if more > 0 else "",
            seconds,
        )
    if rendered.warnings:
        logger.warning(
            "%s: %d WeasyPrint warnings, the first: %s", label, rendered.warnings, rendered.first_warning
        )
