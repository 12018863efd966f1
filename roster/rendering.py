"""Bounded sheet rendering: WeasyPrint runs in a child process with hard limits.

Only the sheet task worker renders (roster.printing, docs/sheets.md); a web process never
runs WeasyPrint. Each sheet is rendered by a child forked from a forkserver that has
WeasyPrint preloaded and warmed up (roster.render_warm), so a fork costs milliseconds
and the child's memory is returned when it exits.

- ``MUSTER_RENDER_SECONDS`` (20) bounds the CPU time of the child itself (RLIMIT_CPU):
  a sheet is stopped as too slow only for its own work, never because other sheets or
  requests kept the machine busy, nor for time spent waiting in the queue. The wall
  clock is a backstop only (:func:`wall_seconds`): past it the child is killed
  and the render counts as failed, not as too slow.
- ``MUSTER_RENDER_MEMORY_MB`` (1024) bounds the child's data memory (RLIMIT_DATA): a
  sheet past it is stopped as too big.
- Children run at nice 10, and cannot outlive a killed worker by more than their CPU
  limit.

See docs/security.md for the limits and the measurements behind them.
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
import threading
import time
from multiprocessing import forkserver
from typing import Any

from django.conf import settings

from roster import render_child
from roster.render_child import Rendered

logger = logging.getLogger("muster.sheets")

_context = multiprocessing.get_context("forkserver")
_start_lock = threading.Lock()
# The wall-clock backstop, in multiples of MUSTER_RENDER_SECONDS, plus a margin for a
# machine busy with other work.
WALL_FACTOR = 4
WALL_MARGIN = 30


def wall_seconds() -> float:
    """How long a render may take on the clock before it is killed as failed (not as too
    slow): WALL_FACTOR times MUSTER_RENDER_SECONDS plus WALL_MARGIN seconds."""
    return float(settings.MUSTER_RENDER_SECONDS) * WALL_FACTOR + WALL_MARGIN


class SheetNotRendered(Exception):
    """A sheet could not be made: ``message`` says why in a player's words.
    ``lasting`` is True when the roster itself is the cause (asking again will not help
    until it changes)."""

    lasting = False

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class SheetTooSlow(SheetNotRendered):
    """The render used more than MUSTER_RENDER_SECONDS of CPU and was stopped."""

    lasting = True


class SheetTooBig(SheetNotRendered):
    """The render needed more than MUSTER_RENDER_MEMORY_MB of memory and was stopped."""

    lasting = True


class RenderFailed(SheetNotRendered):
    """The child died, ran past the wall-clock backstop, or WeasyPrint raised (logged
    with the cause)."""


def start() -> None:
    """Start this process's forkserver (WeasyPrint preloaded) now rather than at the
    first sheet; idempotent. Called when the sheet worker starts."""
    with _start_lock:
        _context.set_forkserver_preload(["roster.render_warm"])
        forkserver.ensure_running()


def static_roots() -> list[str]:
    """The directories the child may read static files from (fonts, stylesheets)."""
    return [str(d) for d in settings.STATICFILES_DIRS]


def too_slow_message(limit: float) -> str:
    """What a player reads when a sheet needs more than ``limit`` seconds of rendering."""
    return (
        f"This sheet needs more than {limit:.0f} seconds to print, so printing was stopped. "
        "Shorter names and labels or fewer models will print; nothing in the roster changed."
    )


def render_bounded(html: str, label: str = "sheet") -> Rendered:
    """Render sheet HTML to PDF in a child process, within MUSTER_RENDER_SECONDS of CPU
    and MUSTER_RENDER_MEMORY_MB of memory.

    ``label`` names the sheet in log lines ("roster 12"). Logs one line per render
    when fonts lack glyphs or WeasyPrint warned. Raises SheetTooSlow or SheetTooBig
    (child stopped at a limit: the roster's own cost) or RenderFailed (child died, the
    wall-clock backstop passed, or WeasyPrint raised).
    """
    limit = float(settings.MUSTER_RENDER_SECONDS)
    started = time.monotonic()
    start()
    rendered = _run_child(html, limit, label)
    log_warnings(rendered, label, time.monotonic() - started)
    return rendered


def _run_child(html: str, limit: float, label: str) -> Rendered:
    receiver, sender = _context.Pipe(duplex=False)
    memory = int(settings.MUSTER_RENDER_MEMORY_MB) * 1024 * 1024
    child = _context.Process(
        target=render_child.child_main,
        args=(sender, html, static_roots(), max(1, int(limit)), memory),
        daemon=True,
    )
    child.start()
    sender.close()
    wall = wall_seconds()
    try:
        status: str
        payload: Any = None
        if receiver.poll(wall):
            try:
                status, payload = receiver.recv()
            except (EOFError, OSError):
                status = "died"
        else:
            status = "wall"
    finally:
        receiver.close()
        if child.is_alive():
            child.kill()
        child.join(timeout=5)
    if status == "ok":
        result: Rendered = payload
        return result
    if status == "died" and child.exitcode in (-signal.SIGXCPU, -signal.SIGKILL):
        logger.warning("%s: rendering stopped after %.0f s of CPU (RENDER_SECONDS)", label, limit)
        raise SheetTooSlow(too_slow_message(limit))
    if status == "memory":
        logger.warning(
            "%s: rendering stopped at %s MB of memory (RENDER_MEMORY_MB)",
            label,
            settings.MUSTER_RENDER_MEMORY_MB,
        )
        raise SheetTooBig(
            "This sheet needs more memory to print than Muster gives one sheet, so printing was "
            "stopped. Shorter names and labels or fewer models will print; nothing in the roster changed."
        )
    if status == "wall":
        logger.warning("%s: rendering stopped after %.0f s on the clock (machine busy)", label, wall)
    elif status == "died":
        logger.error("%s: rendering failed: the renderer exited with code %s", label, child.exitcode)
    else:
        logger.error("%s: rendering failed: %s", label, payload)
    raise RenderFailed("The sheet could not be printed. The roster is safe; try again in a minute.")


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
