"""Sheets prepared by the task worker, fairly (docs/sheets.md).

A web request never renders: :func:`ask` answers the cached PDF, the reason a sheet was
refused, or the job that is preparing it (queuing one when asked to). The task worker
(``manage.py sheet_worker``) runs :func:`render_sheets`, which takes jobs in the order
of :func:`fair_order`: sheets someone is waiting for before sheets prepared in the
background, and among those each player's sheets behind each other, so one player's
many sheets never wait in front of everyone else's. A job renders the roster as it is
when the job starts, within the limits of roster.sheets.rendering. The tasks live here, beside
the queue they serve, so the two never import each other.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone
from django_tasks import task

from roster.rosters.evaluation import Evaluation, evaluate_roster
from roster.rosters.models import Roster
from roster.sheets.cache import get_sheet, put_sheet, refuse_sheet, refused_sheet, sheet_key
from roster.sheets.content import SheetInfo, sheet_html
from roster.sheets.models import SheetJob
from roster.sheets.rendering import SheetNotRendered, render_bounded
from rules.document import dump_document

logger = logging.getLogger("muster.sheets")

# A render that failed for a passing reason (the renderer died, the machine was too busy)
# is not tried again for a minute, so a sheet that crashes its renderer cannot loop.
FAILED_SECONDS = 60


@dataclass(frozen=True)
class SheetState:
    """Where a sheet stands. Exactly one of: ``pdf`` (ready), ``refused`` (the roster
    itself cannot print within the limits: the reason), ``failed`` (a passing failure:
    the reason), ``job`` (queued or rendering; ``ahead`` sheets go before it), or none of
    them (nothing asked for yet, or the roster changed since)."""

    key: str
    pdf: bytes | None = None
    refused: str | None = None
    failed: str | None = None
    job: SheetJob | None = None
    ahead: int = 0

    @property
    def rendering(self) -> bool:
        """True when the worker is rendering this sheet now."""
        return self.job is not None and self.job.status == SheetJob.RUNNING


def key_of(evaluation: Evaluation, info: SheetInfo) -> str:
    """The sheet cache key of an evaluated roster with ``info`` (roster.sheets.cache): a
    supplement's values are part of what the sheet shows, so its digest joins the key."""
    rules = "+".join(d for d in (evaluation.digest, evaluation.supplement_digest) if d)
    return sheet_key(dump_document(evaluation.document), rules, info)


def default_info(roster: Roster) -> SheetInfo:
    """The sheet Print gives by default: A4, with the rule summaries, the QR code of the
    roster's current share link if it has one."""
    link = roster.share_links.filter(revoked__isnull=True).order_by("-created").first()
    return SheetInfo(owner=roster.owner.get_username(), share_url=link.address if link else None)


def ask(
    roster: Roster,
    info: SheetInfo,
    evaluation: Evaluation | None = None,
    *,
    enqueue: bool = True,
    wanted: bool = True,
) -> SheetState:
    """Where the sheet of ``roster`` (as it is now) with ``info`` stands; with
    ``enqueue``, a sheet neither ready nor refused nor in hand is queued for the worker.
    ``wanted`` says someone waits for it (False: prepared in the background).

    Takes a few queries and never renders, unless the task backend runs tasks at once
    (TASK_QUEUE=immediate, for tests), in which case the answer is the finished sheet.
    """
    evaluation = evaluation or evaluate_roster(roster)
    key = key_of(evaluation, info)
    state = _settled(key)
    if state is not None:
        return state
    job = _live_job(key)
    if job is None and enqueue:
        job = _add_job(key, roster, info, wanted)
        render_sheets.enqueue()
        state = _settled(key)  # an immediate backend has rendered it already
        if state is not None:
            return state
        job = _live_job(key)
    elif job is not None and wanted and not job.wanted:
        SheetJob.objects.filter(pk=job.pk).update(wanted=True)
        job.wanted = True
    if job is None:
        return SheetState(key)
    return SheetState(key, job=job, ahead=_ahead(job))


def _settled(key: str) -> SheetState | None:
    pdf = get_sheet(key)
    if pdf is not None:
        return SheetState(key, pdf=pdf)
    refused = refused_sheet(key)
    if refused is not None:
        return SheetState(key, refused=refused)
    failed = cache.get(f"{key}:failed")
    if isinstance(failed, str):
        return SheetState(key, failed=failed)
    return None


# A job marked running for this long on the clock is taken to have lost its worker (stopped
# or killed mid-render) and is queued again. Only a re-queue hangs on the clock: at worst a
# sheet slow on a very busy machine is rendered twice, never refused.
LOST_WORKER_SECONDS = 600


def _stale_before() -> datetime:
    return timezone.now() - timedelta(seconds=LOST_WORKER_SECONDS)


def _live_job(key: str) -> SheetJob | None:
    job = SheetJob.objects.filter(key=key).first()
    if job is not None and job.status == SheetJob.RUNNING and job.started and job.started < _stale_before():
        logger.warning("roster %s: a sheet job lost its worker, queued again", job.roster_id)
        SheetJob.objects.filter(pk=job.pk, status=SheetJob.RUNNING).update(
            status=SheetJob.QUEUED, started=None
        )
        job.status, job.started = SheetJob.QUEUED, None
    return job


def _add_job(key: str, roster: Roster, info: SheetInfo, wanted: bool) -> SheetJob | None:
    options = dataclasses.asdict(info)
    options.pop("made", None)
    turn = SheetJob.objects.filter(owner_id=roster.owner_id).count()
    try:
        with transaction.atomic():
            return SheetJob.objects.create(
                key=key, roster=roster, owner_id=roster.owner_id, options=options, wanted=wanted, turn=turn
            )
    except IntegrityError:  # asked for at the same moment by another request
        return _live_job(key)


def fair_order(jobs: Iterable[SheetJob]) -> list[SheetJob]:
    """The queued jobs among ``jobs`` in the order the worker takes them: wanted before
    background; then by turn (how many sheets of the same player were in hand when it was
    asked for), so each player's first sheet goes before anyone's second, and one
    player's many sheets wait behind each other; then by age. Running jobs are left out."""
    queued = [j for j in jobs if j.status == SheetJob.QUEUED]
    return sorted(queued, key=lambda j: (not j.wanted, j.turn, j.created, j.pk))


def _ahead(job: SheetJob) -> int:
    if job.status == SheetJob.RUNNING:
        return 0
    jobs = list(SheetJob.objects.only("id", "wanted", "turn", "status", "created"))
    running = sum(1 for j in jobs if j.status == SheetJob.RUNNING)
    order = [j.pk for j in fair_order(jobs)]
    return running + (order.index(job.pk) if job.pk in order else len(order))


def claim_next() -> SheetJob | None:
    """Take the next job in :func:`fair_order` for this worker (marked running), or None
    when none is queued. Safe with several workers: a job goes to the one whose
    conditional UPDATE matched it."""
    for _ in range(10):
        jobs = list(SheetJob.objects.only("id", "wanted", "turn", "status", "created"))
        order = fair_order(jobs)
        if not order:
            return None
        chosen = order[0]
        if SheetJob.objects.filter(pk=chosen.pk, status=SheetJob.QUEUED).update(
            status=SheetJob.RUNNING, started=timezone.now()
        ):
            return SheetJob.objects.filter(pk=chosen.pk).first()
    return None


def render_job(job: SheetJob) -> str:
    """Render a claimed job's sheet into the sheet cache and delete the job. Returns what
    happened: "ready", "refused", "failed", or "moved on" (the roster changed or went
    since the job was queued: whoever waits asks again)."""
    try:
        roster = Roster.objects.select_related("owner").filter(pk=job.roster_id, deleted__isnull=True).first()
        if roster is None:
            return "moved on"
        evaluation = evaluate_roster(roster)
        info = SheetInfo(**job.options)
        if key_of(evaluation, info) != job.key:
            return "moved on"
        if get_sheet(job.key) is not None:
            return "ready"
        try:
            pdf = render_bounded(sheet_html(evaluation, info), f"roster {roster.pk}").pdf
        except SheetNotRendered as exc:
            if exc.lasting:
                refuse_sheet(job.key, exc.message)
                return "refused"
            cache.set(f"{job.key}:failed", exc.message, FAILED_SECONDS)
            return "failed"
        put_sheet(job.key, pdf)
        return "ready"
    finally:
        SheetJob.objects.filter(pk=job.pk).delete()


def after_edit(roster: Roster, previous: datetime | None) -> None:
    """Called when ``roster`` was saved (an edit, undo, redo, restore, sharing); its
    previous save was at ``previous``. Prepares its default sheet once the edits settle:
    the first save after a quiet spell schedules :func:`prepare_sheet`
    MUSTER_SHEET_SETTLE_SECONDS later, which waits again while saves keep coming, so a
    burst of typing costs one task, not one per keystroke. Off with a setting of 0 or a
    task backend that cannot run a task later."""
    settle = float(settings.MUSTER_SHEET_SETTLE_SECONDS)
    if settle <= 0 or not prepare_sheet.get_backend().supports_defer:
        return
    now = timezone.now()
    if previous is not None and now - previous < timedelta(seconds=settle):
        return  # a task scheduled by an earlier save of this burst is pending
    when = now + timedelta(seconds=settle)
    pk = roster.pk
    transaction.on_commit(lambda: prepare_sheet.using(run_after=when).enqueue(pk))


# --- the tasks (run by the task worker) ---------------------------------------------

# One task renders at most this many queued sheets before it hands the worker back to
# its queue (other tasks); each queued sheet also enqueued a task of its own.
BATCH = 20
_pruned = 0.0


@task()
def render_sheets() -> dict[str, int]:
    """Render queued sheets, fairest first (:func:`fair_order`), until none
    is left or BATCH are done. Returns how many ended how ({"ready": 2, ...}). Enqueued
    once per sheet asked for, so a sheet is never left without a task to take it."""
    done: dict[str, int] = {}
    for _ in range(BATCH):
        job = claim_next()
        if job is None:
            break
        outcome = render_job(job)
        done[outcome] = done.get(outcome, 0) + 1
    _prune_task_results()
    return done


@task()
def prepare_sheet(roster_id: int) -> str:
    """Prepare the default sheet of roster ``roster_id`` once its edits have settled
    (:func:`after_edit`): if it was saved less than
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
    state = ask(roster, default_info(roster), wanted=False)
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
