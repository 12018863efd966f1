"""Sheets through the task queue (roster.sheets, docs/sheets.md), on the database queue
that `make run` and the deploy use, worked by its real worker loop (django-tasks-db's,
run here in batch mode): the web never renders, it says the sheet is being prepared and
follows it; the worker takes sheets fairly per player; a sheet waiting in the queue is
never refused as too slow; the default sheet is prepared once edits settle."""

from __future__ import annotations

import os
import signal
from datetime import timedelta
from html import escape
from unittest import mock

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from roster.rosters.models import Roster, ShareLink
from roster.rosters.operations import create_roster
from roster.sheets import queue
from roster.sheets.cache import get_sheet, refused_sheet
from roster.sheets.content import SheetInfo
from roster.sheets.models import SheetJob
from roster.sheets.queue import LOST_WORKER_SECONDS
from roster.sheets.rendering import RenderFailed
from tests.ih import example
from tests.web import pdf as pdfs
from tests.web.cast import client_for, make_user, northmen


@pytest.fixture(autouse=True)
def database_queue(settings):
    """The database queue of `make run` and the deploy, instead of the tests' immediate one."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def work() -> None:
    """Run django-tasks-db's worker loop until the queue has nothing ready (keeping the
    test's database connection, which the loop would otherwise close between tasks)."""
    from unittest import mock

    with mock.patch("django_tasks_db.management.commands.db_worker.close_old_connections"):
        _worker().run()


def _worker() -> Worker:
    return Worker(
        queue_names=["default"],
        interval=0,
        batch=True,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id="test-worker",
        excluded_queue_names=[],
    )


def htmx_get(client, url):
    return client.get(url, HTTP_HX_REQUEST="true")


def test_print_says_the_sheet_is_being_prepared_then_offers_it(roster, alice_client):
    url = reverse("roster-sheet", args=[roster.pk])
    status_url = reverse("roster-sheet-status", args=[roster.pk])
    response = alice_client.get(url)
    assert response.status_code == 202
    page = response.content.decode()
    assert "Your sheet is being prepared." in page
    assert f'data-follow="{status_url}" data-follow-part' in page  # followed by muster.js...
    assert f'<noscript><meta http-equiv="refresh" content="5;url={url}"></noscript>' in page  # ...or without
    assert SheetJob.objects.count() == 1
    assert DBTaskResult.objects.count() == 1  # the web queued it and rendered nothing
    assert get_sheet(SheetJob.objects.get().key) is None
    waiting = htmx_get(alice_client, status_url)
    assert waiting.status_code == 200
    assert "being prepared" in waiting.content.decode()
    assert "data-follow=" in waiting.content.decode()

    work()

    ready = htmx_get(alice_client, status_url).content.decode()
    assert "Your sheet is ready." in ready
    assert f'href="{url}"' in ready
    assert "data-follow=" not in ready  # the page stops asking
    sheet = alice_client.get(url)
    assert sheet.status_code == 200
    assert sheet["Content-Type"] == "application/pdf"
    assert "Northmen" in pdfs.text(sheet.content)
    assert SheetJob.objects.count() == 0


def test_the_shared_sheet_and_every_variant_go_through_the_queue(roster, anon_client):
    link = ShareLink.objects.create(roster=roster)
    url = reverse("shared-sheet", args=[link.token])
    status_url = reverse("shared-sheet-status", args=[link.token])
    for query in ("", "?paper=letter", "?compact=1", "?paper=letter&compact=1"):
        response = anon_client.get(url + query)
        assert response.status_code == 202, query
        assert f'data-follow="{escape(status_url + query)}"' in response.content.decode()
    assert SheetJob.objects.count() == 4
    work()
    letter = anon_client.get(url + "?paper=letter&compact=1")
    assert letter.status_code == 200
    width, height = pdfs.read(letter.content).pages[0].mediabox.upper_right
    assert (round(float(width)), round(float(height))) == (612, 792)  # US Letter, in points


def test_the_status_page_never_queues_a_sheet(roster, alice_client):
    response = alice_client.get(reverse("roster-sheet-status", args=[roster.pk]))
    assert response.status_code == 200
    assert "Print it as it is now" in response.content.decode()
    assert SheetJob.objects.count() == 0
    assert DBTaskResult.objects.count() == 0


def test_one_players_sheets_wait_behind_each_other_not_in_front_of_others(alice, bob):
    heavy = [
        create_roster(alice, {**example("iron-and-honor-ghrim-company"), "name": f"A{i}"}) for i in range(4)
    ]
    other = northmen(bob)
    for roster in heavy:
        queue.ask(roster, SheetInfo(owner="alice"))
    queue.ask(other, SheetInfo(owner="bob"))
    waiting = queue.ask(other, SheetInfo(owner="bob"), enqueue=False)
    assert waiting.ahead == 1  # only alice's first sheet goes before bob's
    taken = []
    while (job := queue.claim_next()) is not None:  # as the worker does: one at a time
        taken.append(job.roster.name)
        SheetJob.objects.filter(pk=job.pk).delete()  # rendered
    assert taken == ["A0", "Northmen Raiding Party", "A1", "A2", "A3"]


def test_sheets_someone_waits_for_go_before_background_ones(alice, bob):
    mine = northmen(alice)
    theirs = create_roster(bob, example("iron-and-honor-ghrim-company"))
    queue.ask(mine, queue.default_info(mine), wanted=False)
    queue.ask(theirs, queue.default_info(theirs))
    assert [j.roster_id for j in queue.fair_order(SheetJob.objects.all())] == [theirs.pk, mine.pk]
    queue.ask(mine, queue.default_info(mine))  # alice presses Print: hers is wanted now
    assert SheetJob.objects.get(roster=mine).wanted


def test_a_sheet_that_waited_long_in_the_queue_is_rendered_not_refused(roster, alice_client, settings):
    settings.MUSTER_RENDER_SECONDS = 2
    url = reverse("roster-sheet", args=[roster.pk])
    assert alice_client.get(url).status_code == 202
    # It waited behind other sheets far longer than the render limit.
    SheetJob.objects.update(created=timezone.now() - timedelta(minutes=10))
    work()
    assert alice_client.get(url).status_code == 200


def test_a_passing_failure_is_not_remembered_as_a_refusal(roster, alice_client, monkeypatch):
    def fail(html, label):
        raise RenderFailed("The sheet could not be printed. The roster is safe; try again in a minute.")

    monkeypatch.setattr(queue, "render_bounded", fail)
    url = reverse("roster-sheet", args=[roster.pk])
    assert alice_client.get(url).status_code == 202
    key = SheetJob.objects.get().key
    work()
    response = alice_client.get(url)
    assert response.status_code == 503
    assert response["Retry-After"] == "60"
    assert "try again in a minute" in response.content.decode()
    assert refused_sheet(key) is None  # not the roster's fault: nothing refused for ten minutes


def test_a_job_that_lost_its_worker_is_queued_again(roster, alice_client, settings):
    url = reverse("roster-sheet", args=[roster.pk])
    assert alice_client.get(url).status_code == 202
    started = timezone.now() - timedelta(seconds=LOST_WORKER_SECONDS + 1)
    SheetJob.objects.update(status=SheetJob.RUNNING, started=started)  # its worker was killed
    assert alice_client.get(url).status_code == 202
    assert SheetJob.objects.get().status == SheetJob.QUEUED
    work()
    assert alice_client.get(url).status_code == 200


def test_a_roster_changed_while_its_sheet_waited_is_asked_for_again(roster, alice_client):
    url = reverse("roster-sheet", args=[roster.pk])
    status_url = reverse("roster-sheet-status", args=[roster.pk])
    assert alice_client.get(url).status_code == 202
    alice_client.post(
        reverse("roster-options", args=[roster.pk]),
        {"revision": roster.revision, "name": "Renamed raiders", "game_size": "medium"},
    )
    work()
    page = htmx_get(alice_client, status_url).content.decode()
    assert "The roster changed since this sheet was asked for." in page
    assert alice_client.get(url).status_code == 202
    work()
    sheet = alice_client.get(url)
    assert sheet.status_code == 200
    assert "Renamed raiders" in pdfs.text(sheet.content)


def test_the_default_sheet_is_prepared_once_edits_settle(
    roster, alice_client, settings, django_capture_on_commit_callbacks
):
    settings.MUSTER_SHEET_SETTLE_SECONDS = 3
    options = reverse("roster-options", args=[roster.pk])
    Roster.objects.filter(pk=roster.pk).update(updated=timezone.now() - timedelta(minutes=1))
    for revision, name in enumerate(("Raiders I", "Raiders II", "Raiders III"), start=roster.revision):
        with django_capture_on_commit_callbacks(execute=True):
            response = alice_client.post(options, {"revision": revision, "name": name, "game_size": "medium"})
        assert response.status_code in (200, 302)
    # One task for the burst, not one per save, due when the edits have settled.
    tasks = list(DBTaskResult.objects.all())
    assert [t.task_path for t in tasks] == ["roster.sheets.queue.prepare_sheet"]
    assert tasks[0].run_after > timezone.now() + timedelta(seconds=1)
    work()
    assert SheetJob.objects.count() == 0  # not due yet: nothing rendered
    # The edits settled.
    Roster.objects.filter(pk=roster.pk).update(updated=timezone.now() - timedelta(seconds=5))
    DBTaskResult.objects.update(run_after=timezone.now())
    work()
    sheet = alice_client.get(reverse("roster-sheet", args=[roster.pk]))
    assert sheet.status_code == 200  # Print is instant: the sheet was ready
    assert "Raiders III" in pdfs.text(sheet.content)


def test_a_task_due_while_edits_go_on_comes_back_later(
    roster, alice_client, settings, django_capture_on_commit_callbacks
):
    settings.MUSTER_SHEET_SETTLE_SECONDS = 3
    Roster.objects.filter(pk=roster.pk).update(updated=timezone.now() - timedelta(minutes=1))
    with django_capture_on_commit_callbacks(execute=True):
        alice_client.post(
            reverse("roster-options", args=[roster.pk]),
            {"revision": roster.revision, "name": "Still typing", "game_size": "medium"},
        )
    DBTaskResult.objects.update(run_after=timezone.now())  # due, but the roster was saved just now
    work()
    later = DBTaskResult.objects.filter(status="READY").get()
    assert later.task_path == "roster.sheets.queue.prepare_sheet"
    assert later.run_after > timezone.now()
    assert SheetJob.objects.count() == 0


def test_strangers_cannot_follow_someone_elses_sheet(roster, bob):
    response = client_for(bob).get(reverse("roster-sheet-status", args=[roster.pk]))
    assert response.status_code == 404


def test_the_status_page_of_a_revoked_link_is_gone(roster, anon_client):
    link = ShareLink.objects.create(roster=roster, revoked=timezone.now())
    assert anon_client.get(reverse("shared-sheet-status", args=[link.token])).status_code == 404


def test_a_third_player_is_not_counted_twice(db):
    # Each player's first sheet goes before anyone's second, whoever asked first.
    players = [make_user(n) for n in ("p1", "p2", "p3")]
    rosters = {
        p.username: [northmen(p), create_roster(p, example("iron-and-honor-ghrim-company"))] for p in players
    }
    for name in ("p1", "p1", "p2", "p3", "p2"):
        roster = rosters[name].pop(0)
        queue.ask(roster, SheetInfo(owner=name))
    assert [j.owner.username for j in queue.fair_order(SheetJob.objects.select_related("owner"))] == [
        "p1",
        "p2",
        "p3",
        "p1",
        "p2",
    ]


def test_a_sheet_whose_wake_up_was_lost_is_rendered_when_the_worker_starts(roster, alice_client, monkeypatch):
    url = reverse("roster-sheet", args=[roster.pk])
    assert alice_client.get(url).status_code == 202
    # Its wake-up was queued by the release before, under an import path that is gone.
    DBTaskResult.objects.update(task_path="roster.printing.queue.render_sheets")
    work()  # the worker drops that task, and goes on
    assert DBTaskResult.objects.get().status == "FAILED"
    assert SheetJob.objects.get().status == SheetJob.QUEUED
    assert alice_client.get(url).status_code == 202  # asked again: the job is in hand, not queued twice
    DBTaskResult.objects.all().delete()  # (that ask's own wake-up, lost too)
    # The worker starting wakes itself for the job.
    monkeypatch.setattr(os, "nice", lambda increment: 0)  # (the worker lowers its own priority)
    handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT)}
    try:
        with mock.patch("django_tasks_db.management.commands.db_worker.close_old_connections"):
            call_command("sheet_worker", "--batch", verbosity=0)
    finally:
        for number, handler in handlers.items():
            signal.signal(number, handler)
    assert SheetJob.objects.count() == 0
    assert alice_client.get(url).status_code == 200


def test_the_sweep_wakes_the_worker_only_when_jobs_wait_unattended(roster, alice_client):
    assert not queue.sweep(starting=True)  # nothing queued
    assert alice_client.get(reverse("roster-sheet", args=[roster.pk])).status_code == 202
    DBTaskResult.objects.all().delete()  # its wake-up lost
    assert queue.sweep() and DBTaskResult.objects.count() == 1
    SheetJob.objects.update(status=SheetJob.RUNNING, started=timezone.now())
    SheetJob.objects.create(key="other", roster=roster, owner=roster.owner, options={})
    assert not queue.sweep()  # a worker is on a job: it takes the next one after
    assert queue.sweep(starting=True)  # a worker starting wakes anyway
    # A job that lost its worker is queued again, and woken.
    SheetJob.objects.filter(key="other").delete()
    SheetJob.objects.update(started=timezone.now() - timedelta(seconds=LOST_WORKER_SECONDS + 1))
    DBTaskResult.objects.all().delete()
    assert queue.sweep() and SheetJob.objects.get().status == SheetJob.QUEUED
    assert DBTaskResult.objects.count() == 1
