"""`manage.py sheet_worker`: the task worker that renders sheets (docs/sheets.md)."""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.db import connections
from django.utils.autoreload import DJANGO_AUTORELOAD_ENV

from roster.core.outages import is_outage
from roster.sheets import heartbeat, queue, rendering

T = TypeVar("T")

WORKER_NICENESS = 5
#: Seconds between the worker's sweeps (roster.sheets.queue.sweep) while it runs.
SWEEP_SECONDS = 30.0
#: The longest wait between two tries while the database or Redis is gone.
OUTAGE_WAIT_MAX = 30.0

logger = logging.getLogger("muster.sheets")


def sweep_every(seconds: float, stop: threading.Event) -> threading.Thread:
    """Start a daemon thread that runs roster.sheets.queue.sweep every ``seconds`` until
    ``stop`` is set (a failed sweep is logged and the next one tried); the thread."""

    def run() -> None:
        while not stop.wait(seconds):
            try:
                queue.sweep()
            except Exception:
                logger.exception("the sheet queue's sweep failed")
            finally:
                connections.close_all()  # this thread's own connections

    thread = threading.Thread(target=run, name="sheet-queue-sweep", daemon=True)
    thread.start()
    return thread


class Command(BaseCommand):
    help = (
        "Run the task worker that prepares PDF sheets: starts the renderer (WeasyPrint loaded "
        "once), then works the task queue of TASK_QUEUE (the database by default, or Redis). "
        "Run one per core you give to sheets; stop with Ctrl+C or SIGTERM (a sheet being "
        "rendered is finished first)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--interval",
            type=float,
            default=0.5,
            help="seconds between looks at an empty database queue (default 0.5)",
        )
        parser.add_argument("--batch", action="store_true", help="run what is queued, then exit")
        parser.add_argument(
            "--max-tasks", type=int, default=None, help="exit after this many tasks (database queue)"
        )
        parser.add_argument(
            "--reload",
            action="store_true",
            default=None,
            help="restart on code changes (default: when DEBUG is on, database queue only)",
        )
        parser.add_argument(
            "--sweep",
            type=float,
            default=SWEEP_SECONDS,
            help=f"seconds between looks for jobs left without a wake-up (default {SWEEP_SECONDS:.0f})",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        # Background work yields to people (issue 29): the worker's own work (reading the
        # roster, building the sheet's HTML, storing the PDF) at nice 5, each render 10
        # more (roster.sheets.render_child), so web requests keep their latency on shared cores.
        os.nice(WORKER_NICENESS)
        rendering.start()
        if settings.TASK_QUEUE == "immediate":
            self.stderr.write(f"TASK_QUEUE={settings.TASK_QUEUE} runs tasks in the web process: no worker.")
            return
        if not options["batch"]:  # a long-lived worker: readiness (/readyz) sees it alive
            heartbeat.start_beating()
        # Jobs whose wake-up was lost (a task of an older release's import path, a Redis
        # emptied) are woken now, and every ``--sweep`` seconds while the worker runs.
        if self._surviving(lambda: queue.sweep(starting=True), options["batch"]):
            logger.info("jobs were waiting: woken")
        reload = settings.TASK_QUEUE == "database" and (
            settings.DEBUG if options["reload"] is None else options["reload"]
        )
        reload = reload and not options["batch"]
        stop = threading.Event()
        if not options["batch"] and (not reload or os.environ.get(DJANGO_AUTORELOAD_ENV) == "true"):
            sweep_every(options["sweep"], stop)
        try:
            self._surviving(lambda: self._work(options, reload), options["batch"])
        finally:
            stop.set()

    def _surviving(self, work: Callable[[], T], batch: bool) -> T:
        """``work()``'s result, run again while the database or Redis is gone (an outage:
        roster.core.outages), after 1, 2, 4... up to OUTAGE_WAIT_MAX seconds, each wait
        logged; the queue is kept in the database, so the worker takes it up where it
        was. With ``batch`` an outage ends the run (its exception)."""
        wait = 1.0
        while True:
            try:
                return work()
            except Exception as exc:
                if batch or not is_outage(exc):
                    raise
                logger.error(
                    "sheet worker: the database or Redis is gone (%s); trying again in %.0f s",
                    type(exc).__name__,
                    wait,
                )
            connections.close_all()
            time.sleep(wait)
            wait = min(wait * 2, OUTAGE_WAIT_MAX)
            logger.warning("sheet worker: starting again")

    def _work(self, options: dict[str, Any], reload: bool) -> None:
        """Run the task backend's own worker until it stops."""
        if settings.TASK_QUEUE == "database":
            extra = {"max_tasks": options["max_tasks"]} if options["max_tasks"] else {}
            call_command(
                "db_worker",
                interval=options["interval"],
                batch=options["batch"],
                reload=reload,
                startup_delay=False,
                verbosity=options["verbosity"],
                **extra,
            )
        else:
            # SimpleWorker runs each task in this process, where the renderer's forkserver
            # lives (RQ's default forks a new process per task, which would start it again).
            call_command(
                "rqworker",
                "default",
                job_class="django_tasks_rq.Job",
                worker_class="rq.worker.SimpleWorker",
                with_scheduler=True,
                burst=options["batch"],
                verbosity=options["verbosity"],
            )
