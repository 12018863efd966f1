"""`manage.py sheet_worker`: the task worker that renders sheets (docs/sheets.md)."""

from __future__ import annotations

import os
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from roster.sheets import heartbeat, rendering

WORKER_NICENESS = 5


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

    def handle(self, *args: Any, **options: Any) -> None:
        # Background work yields to people (issue 29): the worker's own work (reading the
        # roster, building the sheet's HTML, storing the PDF) at nice 5, each render 10
        # more (roster.sheets.render_child), so web requests keep their latency on shared cores.
        os.nice(WORKER_NICENESS)
        rendering.start()
        heartbeat.start_beating()  # readiness (/readyz) sees this worker alive
        if settings.TASK_QUEUE == "database":
            extra = {"max_tasks": options["max_tasks"]} if options["max_tasks"] else {}
            reload = settings.DEBUG if options["reload"] is None else options["reload"]
            call_command(
                "db_worker",
                interval=options["interval"],
                batch=options["batch"],
                reload=reload and not options["batch"],
                startup_delay=False,
                verbosity=options["verbosity"],
                **extra,
            )
        elif settings.TASK_QUEUE.startswith(("redis://", "rediss://", "unix://")):
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
        else:
            self.stderr.write(f"TASK_QUEUE={settings.TASK_QUEUE} runs tasks in the web process: no worker.")
