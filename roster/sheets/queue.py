"""Sheets and packs prepared by the task worker, fairly (docs/sheets.md).

A web request never renders: :func:`ask` answers the cached PDF, the reason a sheet was
refused, or the job that is preparing it (queuing one when asked to); an app above
queues a pack of many sheets (an event's list pack) with :func:`add_pack`. The jobs and
their order are rows of our own tables (SheetJob, PackJob), never the task backend's:
its task :func:`render_sheets` only wakes the worker, which then takes jobs in the order
of :func:`fair_order`: sheets someone is waiting for first, each player's sheets behind
each other; then one chunk of a pack, which goes back in line after it (packs of
different owners taking turns); sheets prepared in the background last. A job renders
the roster as it is when the job starts, within the limits of roster.sheets.rendering.
A wake-up lost on the way (a task that no longer imports, a Redis flushed) leaves no
job waiting: the worker wakes itself when it starts and while jobs wait (:func:`sweep`).
The tasks live here, beside the queue they serve, so the two never import each other.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django_tasks import task

from roster.rosters.evaluation import Evaluation, evaluate_roster
from roster.rosters.models import Roster
from roster.sheets.cache import get_sheet, put_sheet, refuse_sheet, refused_sheet, sheet_key
from roster.sheets.content import SheetInfo, sheet_html
from roster.sheets.models import PackJob, SheetJob
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
        wake()
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


Job = SheetJob | PackJob

#: The sort key of a pack whose owner has not been served yet (before any served owner).
_NEVER = datetime.min.replace(tzinfo=UTC)


def fair_order(jobs: Iterable[Job]) -> list[Job]:
    """The queued jobs among ``jobs`` (SheetJob and PackJob rows, any mix) in the order
    the worker takes them; running jobs are left out:

    1. sheets someone waits for (Print), by turn (how many sheets of the same player were
       in hand when it was asked for: each player's first sheet before anyone's second),
       then by age;
    2. packs, a chunk each: the owner served least recently first (one never served
       before any), so packs of different owners take turns, then each owner's packs
       by age (one owner's packs wait behind each other);
    3. sheets prepared in the background, by turn, then by age.

    A pack's owner counts as served when any of their packs' chunk was claimed, so
    ``jobs`` should hold the running packs too."""
    jobs = list(jobs)
    last: dict[int, datetime] = {}
    for job in jobs:
        if isinstance(job, PackJob) and job.served is not None:
            last[job.owner_id] = max(last.get(job.owner_id, _NEVER), job.served)

    def key(job: Job) -> tuple[int, float, float, int]:
        if isinstance(job, PackJob):
            return (1, last.get(job.owner_id, _NEVER).timestamp(), job.created.timestamp(), job.pk)
        return (0 if job.wanted else 2, job.turn, job.created.timestamp(), job.pk)

    return sorted((j for j in jobs if j.status == SheetJob.QUEUED), key=key)


def _in_hand() -> list[Job]:
    """Every job in hand (queued or running), with the fields :func:`fair_order` reads."""
    sheets: list[Job] = list(SheetJob.objects.only("id", "wanted", "turn", "status", "created"))
    packs = list(PackJob.objects.only("id", "owner_id", "status", "created", "served"))
    return sheets + packs


def _ahead(job: SheetJob) -> int:
    if job.status == SheetJob.RUNNING:
        return 0
    jobs = _in_hand()
    running = sum(1 for j in jobs if j.status == SheetJob.RUNNING)
    order = [(type(j), j.pk) for j in fair_order(jobs)]
    me = (SheetJob, job.pk)
    return running + (order.index(me) if me in order else len(order))


def claim_next() -> Job | None:
    """Take the next job in :func:`fair_order` for this worker (marked running; a pack
    also marked served), or None when none is queued. Safe with several workers: a job
    goes to the one whose conditional UPDATE matched it."""
    for _ in range(10):
        order = fair_order(_in_hand())
        if not order:
            return None
        chosen = order[0]
        now = timezone.now()
        if isinstance(chosen, PackJob):
            if PackJob.objects.filter(pk=chosen.pk, status=PackJob.QUEUED).update(
                status=PackJob.RUNNING, started=now, served=now
            ):
                return PackJob.objects.filter(pk=chosen.pk).first()
        elif SheetJob.objects.filter(pk=chosen.pk, status=SheetJob.QUEUED).update(
            status=SheetJob.RUNNING, started=now
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


# --- packs: many sheets, a chunk per claim ---------------------------------------------

#: What a pack's builder does with one claim: build one chunk of ``job`` (it may change
#: ``job.progress``, which is kept) and answer "later" (more to do: the job goes back in
#: line) or how the pack ended ("ready", "failed", "gone", ...: the job is deleted).
PackBuilder = Callable[[PackJob], str]
_builders: dict[str, PackBuilder] = {}


def on_pack(kind: str, builder: PackBuilder) -> None:
    """Let the worker build the packs of ``kind`` with ``builder``: called by an app above
    from its AppConfig.ready() (roster.events registers "event-pack"), so this module
    never imports it."""
    _builders[kind] = builder


def add_pack(kind: str, key: str, owner_id: int, args: dict[str, Any]) -> None:
    """Queue the pack of ``kind`` known by ``key`` (at most 100 characters; the cache key
    of its result) for the user ``owner_id``, with ``args`` (JSON) for its builder, and
    wake the worker. Nothing is added when that pack is in hand already (one job however
    many ask). A few queries; with the immediate task backend (tests) the pack is built
    before this returns."""
    try:
        with transaction.atomic():
            PackJob.objects.create(kind=kind, key=key, owner_id=owner_id, args=args)
    except IntegrityError:  # asked for at the same moment by another request
        return
    wake()


def pack_job(key: str) -> PackJob | None:
    """The pack job of ``key`` in hand (queued or running), or None. One marked running
    for LOST_WORKER_SECONDS lost its worker: it is queued again (keeping its progress)."""
    job = PackJob.objects.filter(key=key).first()
    if job is not None and job.status == PackJob.RUNNING and job.started and job.started < _stale_before():
        logger.warning("%s lost its worker, queued again", job)
        PackJob.objects.filter(pk=job.pk, status=PackJob.RUNNING).update(status=PackJob.QUEUED, started=None)
        job.status, job.started = PackJob.QUEUED, None
        wake()
    return job


def work_pack(job: PackJob) -> str:
    """Build one chunk of a claimed pack with its kind's builder. The job goes back in
    line (queued, one more chunk, its progress kept) when the builder answers "later",
    and is deleted otherwise. Returns the builder's answer, "gone" when no builder is
    registered for its kind, or "failed" when the builder raised (logged)."""
    builder = _builders.get(job.kind)
    try:
        outcome = builder(job) if builder is not None else "gone"
    except Exception:
        logger.exception("%s failed", job)
        outcome = "failed"
    if outcome == "later":
        PackJob.objects.filter(pk=job.pk).update(
            status=PackJob.QUEUED, started=None, chunks=F("chunks") + 1, progress=job.progress
        )
    else:
        PackJob.objects.filter(pk=job.pk).delete()
    return outcome


# --- waking the worker ------------------------------------------------------------------


def wake() -> None:
    """Enqueue a wake-up for the task worker (:func:`render_sheets`, with no priority nor
    anything else a backend may not support): the order is ours, the task only says
    "look at the queue"."""
    render_sheets.enqueue()


def _queued() -> bool:
    return (
        SheetJob.objects.filter(status=SheetJob.QUEUED).exists()
        or PackJob.objects.filter(status=PackJob.QUEUED).exists()
    )


def _running() -> bool:
    return (
        SheetJob.objects.filter(status=SheetJob.RUNNING).exists()
        or PackJob.objects.filter(status=PackJob.RUNNING).exists()
    )


def requeue_lost() -> int:
    """Queue again every job (sheet or pack) marked running for LOST_WORKER_SECONDS: its
    worker was stopped or killed mid-job. Returns how many."""
    stale = {"status": SheetJob.RUNNING, "started__lt": _stale_before()}
    back = {"status": SheetJob.QUEUED, "started": None}
    count = SheetJob.objects.filter(**stale).update(**back) + PackJob.objects.filter(**stale).update(**back)
    if count:
        logger.warning("%d jobs lost their worker, queued again", count)
    return count


def sweep(*, starting: bool = False) -> bool:
    """What the worker does when it starts (``starting``) and every SWEEP_SECONDS after
    (roster.sheets.management.commands.sheet_worker): queue again the jobs that lost their
    worker, then enqueue a wake-up when jobs are queued and (unless ``starting``) none is
    running. So a wake-up lost on the way (a task queued under an import path that no
    longer exists, a Redis emptied) never leaves a job waiting for longer than a sweep.
    Returns whether it enqueued one. A few queries."""
    requeue_lost()
    if not _queued() or (not starting and _running()):
        return False
    wake()
    return True


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

# One task takes at most this many jobs (a sheet, or a pack's chunk), and claims none
# after TASK_SECONDS on the clock, before it hands the worker back to its queue (other
# tasks) and enqueues the next wake-up: a task stays well inside RQ's timeout (600 s).
BATCH = 20
TASK_SECONDS = 60.0
_pruned = 0.0


@task()
def render_sheets() -> dict[str, int]:
    """The wake-up: take queued jobs in :func:`fair_order` (a sheet rendered, or one chunk
    of a pack) until none is left; after BATCH jobs or TASK_SECONDS, enqueue another
    wake-up for the rest and return. Returns how many ended how ({"ready": 2, "later":
    1, ...}). Enqueued once per sheet or pack asked for; one more or less changes
    nothing but a few queries."""
    done: dict[str, int] = {}
    until = time.monotonic() + TASK_SECONDS
    for _ in range(BATCH):
        job = claim_next()
        if job is None:
            break
        outcome = work_pack(job) if isinstance(job, PackJob) else render_job(job)
        done[outcome] = done.get(outcome, 0) + 1
        if time.monotonic() > until:
            if _queued():
                wake()
            break
    else:
        if _queued():
            wake()
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

    if time.monotonic() - _pruned < 3600 or not isinstance(render_sheets.get_backend(), DatabaseBackend):
        return
    _pruned = time.monotonic()
    # Only now: the model's app is installed with the database queue only (on RQ this
    # import raised after every wake-up's work, failing the task).
    from django_tasks_db.models import DBTaskResult

    cutoff = timezone.now() - timedelta(days=1)
    deleted, _ = DBTaskResult.objects.finished().filter(finished_at__lt=cutoff).delete()
    if deleted:
        logger.info("pruned %d finished task records", deleted)
