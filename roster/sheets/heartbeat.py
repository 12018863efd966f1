"""The sheet worker's heartbeat and the queue's age, for the readiness check
(roster.project.health, docs/operations.md).

The worker (``manage.py sheet_worker``) writes the time into the shared cache every
:data:`INTERVAL_SECONDS` from a thread of its own, so a worker busy with a long render
still beats. Readiness reads :func:`last_beat` and :func:`oldest_waiting`.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time

from django.core.cache import cache
from django.db import close_old_connections
from django.utils import timezone

from roster.sheets.models import SheetJob

logger = logging.getLogger("muster.sheets")

KEY = "muster:sheet-worker:heartbeat"
INTERVAL_SECONDS = 5.0


def beat(now: float | None = None) -> None:
    """Record that a worker is alive now (seconds since the epoch). Raises what the cache
    raises when it cannot be reached."""
    cache.set(KEY, time.time() if now is None else now, timeout=3600)


def last_beat() -> float | None:
    """When a worker last beat (seconds since the epoch), or None if none ever did (or
    the cache forgot it). Raises what the cache raises when it cannot be reached."""
    value = cache.get(KEY)
    return float(value) if isinstance(value, int | float) else None


def oldest_waiting() -> float | None:
    """How long (seconds) the oldest sheet job still queued has waited, or None when none
    waits. One query; raises what the database raises."""
    created = (
        SheetJob.objects.filter(status=SheetJob.QUEUED).order_by("created").values_list("created", flat=True)
    )
    first = created.first()
    return None if first is None else (timezone.now() - first).total_seconds()


def start_beating(interval: float = INTERVAL_SECONDS) -> threading.Thread:
    """Beat every ``interval`` seconds from a daemon thread until the process ends. A beat
    that fails (the cache or its database gone) is logged once, and its return too."""

    def run() -> None:
        failing = False
        while True:
            try:
                beat()
                if failing:
                    logger.warning("sheet worker heartbeat: the cache answers again")
                failing = False
            except Exception as exc:  # the cache's outage: readiness turns 503 by itself
                if not failing:
                    logger.error("sheet worker heartbeat: cannot reach the cache (%s)", type(exc).__name__)
                failing = True
            finally:
                with contextlib.suppress(Exception):  # the database may be the part gone
                    close_old_connections()
            time.sleep(interval)

    thread = threading.Thread(target=run, name="sheet-worker-heartbeat", daemon=True)
    thread.start()
    return thread
