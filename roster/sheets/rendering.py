"""Bounded sheet rendering: WeasyPrint runs in a child process with hard limits.

Only the sheet task worker renders (roster.sheets, docs/sheets.md); a web process never
runs WeasyPrint. Each sheet is rendered by a child forked from a forkserver that has
WeasyPrint preloaded and warmed up (roster.sheets.render_warm), so a fork costs milliseconds
and the child's memory is returned when it exits.

- ``MUSTER_RENDER_SECONDS`` (20) bounds the CPU time of the child itself (RLIMIT_CPU):
  a sheet is stopped as too slow only for its own work, never because other sheets or
  requests kept the machine busy, nor for time spent waiting in the queue. No limit is
  on the clock: a child that has used no CPU at all for ``STALL_SECONDS`` is hung (a
  busy machine still gives a running child some CPU every second) and is killed; the
  render counts as failed, not as too slow.
- ``MUSTER_RENDER_MEMORY_MB`` (1024) bounds the child's data memory (RLIMIT_DATA): a
  sheet past it is stopped as too big.
- Children run at nice 10, and cannot outlive a killed worker by more than their CPU
  limit.

See docs/security.md for the limits and the measurements behind them.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import threading
import time
from multiprocessing import forkserver
from pathlib import Path
from typing import Any

from django.conf import settings

from roster.sheets import render_child
from roster.sheets.render_child import Rendered

logger = logging.getLogger("muster.sheets")

_context = multiprocessing.get_context("forkserver")
_start_lock = threading.Lock()
# A child whose CPU time has not grown for this many seconds is hung, not slow (issue #27:
# a clock limit of 110 s turned a render on a busy machine into a refused sheet).
STALL_SECONDS = 60.0
# How often the parent looks at the child's CPU time while it waits for the sheet.
LOOK_SECONDS = 1.0
_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float | None:
    """CPU seconds (user + system) process ``pid`` has used so far, from /proc (Linux);
    None where it cannot be read (gone, or no /proc)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (name) "; utime and stime are 14, 15
    return (int(fields[11]) + int(fields[12])) / _TICKS


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
    """The child died, hung (no CPU used for STALL_SECONDS), or WeasyPrint raised (logged
    with the cause)."""


def start() -> None:
    """Start this process's forkserver (WeasyPrint preloaded) now rather than at the
    first sheet; idempotent. Called when the sheet worker starts."""
    with _start_lock:
        _context.set_forkserver_preload(["roster.sheets.render_warm"])
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
    (child stopped at a limit: the roster's own cost) or RenderFailed (child died, hung,
    or WeasyPrint raised).
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
    try:
        status: str
        payload: Any = None
        if wait_unless_hung(receiver, child.pid):
            try:
                status, payload = receiver.recv()
            except (EOFError, OSError):
                status = "died"
        else:
            status = "hung"
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
    if status == "hung":
        logger.error("%s: rendering stopped: the renderer used no CPU for %.0f s", label, STALL_SECONDS)
    elif status == "died":
        logger.error("%s: rendering failed: the renderer exited with code %s", label, child.exitcode)
    else:
        logger.error("%s: rendering failed: %s", label, payload)
    raise RenderFailed("The sheet could not be printed. The roster is safe; try again in a minute.")


def wait_unless_hung(receiver: Any, pid: int | None) -> bool:
    """Wait for the child's answer (or its end) on ``receiver``: True when there is one to
    read, False when the child used no CPU for STALL_SECONDS (hung). However busy the
    machine, a child that is working is never given up on."""
    used = cpu_seconds(pid) if pid else None
    idle = 0.0
    while not receiver.poll(LOOK_SECONDS):
        now = cpu_seconds(pid) if pid else None
        if now is None or used is None or now > used:  # working (or not measurable): wait on
            used, idle = now, 0.0
            continue
        idle += LOOK_SECONDS
        if idle >= STALL_SECONDS:
            return False
    return True


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
