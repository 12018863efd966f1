"""Bounded rendering (roster.rendering): a sheet past the time limit is stopped and the
player told why; a busy renderer says so; missing glyphs make one log line per sheet."""

import logging
import multiprocessing

import pytest
from django.urls import reverse

from bench.worst import WORST
from roster import rendering
from roster.models import ShareLink
from roster.operations import create_roster
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
    assert response.status_code == 503
    assert "needs more than 1 seconds to print, so printing was stopped" in response.content.decode()
    assert [r.getMessage() for r in caplog.records if r.name == "muster.sheets"] == [
        f"roster {heavy.pk}: rendering stopped after 1 s (MUSTER_RENDER_SECONDS)"
    ]
    assert multiprocessing.active_children() == []  # the child was killed and reaped
    # Asked again, the same sheet is refused at once instead of burning another second.
    caplog.clear()
    again = alice_client.get(url)
    assert again.status_code == 503
    assert not [r for r in caplog.records if r.name == "muster.sheets"]


def test_a_busy_renderer_asks_to_retry(alice, alice_client, settings):
    settings.MUSTER_RENDER_SECONDS = 1
    roster = create_roster(alice, example("iron-and-honor-ghrim-company"))
    slots = rendering._slot_pool()
    assert slots.acquire(timeout=5)
    try:
        response = alice_client.get(reverse("roster-sheet", args=[roster.pk]))
    finally:
        slots.release()
    assert response.status_code == 503
    assert response["Retry-After"] == "10"
    assert "printing other sheets" in response.content.decode()
    settings.MUSTER_RENDER_SECONDS = 10
    assert alice_client.get(reverse("roster-sheet", args=[roster.pk])).status_code == 200


def test_missing_glyphs_make_one_log_line_per_sheet(alice, anon_client, caplog):
    roster = create_roster(alice, WORST["beestwars"]("wide"))
    link = ShareLink.objects.create(roster=roster)
    with caplog.at_level(logging.WARNING):
        response = anon_client.get(reverse("shared-sheet", args=[link.token]))
    assert response.status_code == 200
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"roster {roster.pk}: 19 characters have no glyph in the sheet fonts (U+5317 ")
