"""Bounded rendering (roster.sheets.rendering): a sheet past the CPU time or memory limit is
stopped and the player told why; missing glyphs make one log line per sheet."""

import logging
import multiprocessing

import pytest
from django.urls import reverse

from bench.worst import WORST
from roster.rosters.models import ShareLink
from roster.rosters.operations import create_roster
from roster.sheets import rendering
from tests.ih import example


@pytest.fixture
def heavy(alice):
    """The heaviest Iron & Honor roster the schema accepts (50 models, longest texts)."""
    return create_roster(alice, WORST["iron-and-honor"]("latin"))


def test_a_sheet_past_the_limit_is_stopped_with_a_message(heavy, alice_client, settings, caplog):
    settings.MUSTER_RENDER_SECONDS = 1
    url = reverse("roster-sheet", args=[heavy.pk])
    with caplog.at_level(logging.WARNING, logger="muster.sheets"):
        response = alice_client.get(url)
    assert response.status_code == 422
    assert "needs more than 1 seconds to print, so printing was stopped" in response.content.decode()
    assert [r.getMessage() for r in caplog.records if r.name == "muster.sheets"] == [
        f"roster {heavy.pk}: rendering stopped after 1 s of CPU (RENDER_SECONDS)"
    ]
    assert multiprocessing.active_children() == []  # the child was killed and reaped
    # Asked again, the same sheet is refused at once instead of burning another second.
    caplog.clear()
    again = alice_client.get(url)
    assert again.status_code == 422
    assert not [r for r in caplog.records if r.name == "muster.sheets"]


def test_a_sheet_past_the_memory_limit_is_stopped(alice, alice_client, settings):
    settings.MUSTER_RENDER_MEMORY_MB = 50
    roster = create_roster(alice, example("iron-and-honor-ghrim-company"))
    response = alice_client.get(reverse("roster-sheet", args=[roster.pk]))
    # WeasyPrint either raises MemoryError (the sheet is refused as too big) or, when the
    # allocation fails inside Pango, the child dies (a passing failure, tried again later).
    page = response.content.decode()
    if response.status_code == 422:
        assert "needs more memory to print than Muster gives one sheet" in page
    else:
        assert response.status_code == 503
        assert "could not be printed" in page
    assert multiprocessing.active_children() == []


def test_missing_glyphs_make_one_log_line_per_sheet(alice, anon_client, caplog):
    # CJK Extension C (U+2A700...) has a glyph in none of the fonts the project installs
    # (the Noto packages of scripts/system-deps.sh cover every other script we tried).
    document = example("iron-and-honor-ghrim-company")
    for i, model in enumerate(document["models"]):
        model["name"] = chr(0x2A700 + 2 * i) + chr(0x2A701 + 2 * i)
    roster = create_roster(alice, document)
    link = ShareLink.objects.create(roster=roster)
    with caplog.at_level(logging.WARNING):
        response = anon_client.get(reverse("shared-sheet", args=[link.token]))
    assert response.status_code == 200
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1, lines
    count = 2 * len(document["models"])
    assert lines[0].startswith(
        f"roster {roster.pk}: {count} characters have no glyph in the sheet fonts (U+2A700 "
    )


def _sleeps(sender):
    sender.close()
    import time

    time.sleep(60)  # hung: waits for something that never comes, using no CPU


def _works_then_answers(sender, seconds):
    import time

    used = time.process_time()
    while time.process_time() - used < seconds:  # CPU seconds, however busy the machine
        pass
    sender.send("done")


def test_a_renderer_that_uses_no_cpu_is_given_up_as_hung(monkeypatch):
    """No limit on the clock (issue #27): a child is stopped only when its CPU time stands
    still for STALL_SECONDS (here 1 s)."""
    monkeypatch.setattr(rendering, "STALL_SECONDS", 1.0)
    monkeypatch.setattr(rendering, "LOOK_SECONDS", 0.1)
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_sleeps, args=(sender,), daemon=True)
    child.start()
    try:
        assert rendering.wait_unless_hung(receiver, child.pid) is False
    finally:
        child.kill()
        child.join()


def test_a_renderer_that_works_longer_than_the_stall_limit_is_waited_for(monkeypatch):
    """A child busy for 3 CPU seconds, well past a 1 s stall limit, is waited for: only
    CPU time that stands still counts, never how long the machine took to give it."""
    monkeypatch.setattr(rendering, "STALL_SECONDS", 1.0)
    monkeypatch.setattr(rendering, "LOOK_SECONDS", 0.1)
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_works_then_answers, args=(sender, 3.0), daemon=True)
    child.start()
    try:
        assert rendering.wait_unless_hung(receiver, child.pid) is True
        assert receiver.recv() == "done"
    finally:
        child.join()


def test_cpu_seconds_reads_a_process_own_time():
    import os
    import time

    used = time.process_time()
    while time.process_time() - used < 0.3:
        pass
    assert rendering.cpu_seconds(os.getpid()) >= 0.3
    assert rendering.cpu_seconds(2**22 + 12345) is None  # no such process
