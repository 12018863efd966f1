"""The sheet tasks (Django's Tasks API through the django-tasks backport), run by the
task worker: ``manage.py sheet_worker`` (docs/sheets.md)."""

from __future__ import annotations

import logging
import time
from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django_tasks import task

from roster.models import Roster
from roster.printing import queue

logger = logging.getLogger("muster.sheets")

# One task renders at most this many queued sheets before it hands the worker back to
# its queue (other tasks); each queued sheet also enqueued a task of its own.
BATCH = 20
_pruned = 0.0


@task()
def render_sheets() -> dict[str, int]:
    """Render queued sheets, fairest first (roster.printing.queue.fair_order), until none
    is left or BATCH are done. Returns how many ended how ({"ready": 2, ...}). Enqueued
    once per sheet asked for, so a sheet is never left without a task to take it."""
    done: dict[str, int] = {}
    for _ in range(BATCH):
        job = queue.claim_next()
        if job is None:
            break
        outcome = queue.render_job(job)
        done[outcome] = done.get(outcome, 0) + 1
    _prune_task_results()
    return done


@task()
def prepare_sheet(roster_id: int) -> str:
    """Prepare the default sheet of roster ``roster_id`` once its edits have settled
    (roster.printing.queue.after_edit): if it was saved less than
    MUSTER_SHEET_SETTLE_SECONDS ago, come back that long after its last save; otherwise
    queue its sheet as a background job. Returns "later", "gone" or where the sheet
    stands ("ready", "queued", "refused", ...)."""
    roster = Roster.objects.select_related("owner").filter(pk=roster_id, deleted__isnull=True).first()
    if roster is None:
        return "gone"
    settle = timedelta(seconds=float(settings.MUSTER_SHEET_SETTLE_SECONDS))
    if timezone.now() - roster.updated < settle:
        prepare_sheet.using(run_after=roster.updated + settle).enqueue(roster_id)
        return "later"
    state = queue.ask(roster, queue.default_info(roster), wanted=False)
    if state.pdf is not None:
        return "ready"
    if state.refused is not None:
        return "refused"
    return "queued" if state.job is not None else "failed"


def _prune_task_results() -> None:
    """Once an hour per worker: delete the database queue's records of tasks finished
    more than a day ago (the database backend keeps every task's result)."""
    global _pruned
    from django_tasks_db.backend import DatabaseBackend
    from django_tasks_db.models import DBTaskResult

    if time.monotonic() - _pruned < 3600 or not isinstance(render_sheets.get_backend(), DatabaseBackend):
        return
    _pruned = time.monotonic()

    cutoff = timezone.now() - timedelta(days=1)
    deleted, _ = DBTaskResult.objects.finished().filter(finished_at__lt=cutoff).delete()
    if deleted:
        logger.info("pruned %d finished task records", deleted)
