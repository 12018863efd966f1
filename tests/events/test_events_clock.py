"""The round's clock (issue 41, docs/events.md "The round's clock"): the organiser
starts, pauses, resumes and resets it; it is stored as the instant it ends; every page
shows the time left and the end with its time zone; only the organiser runs it."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from roster.events import operations
from roster.events.clock import clock_of, clock_text
from roster.events.models import Round
from roster.rosters.operations import Refused
from tests.events.test_events_web import accepted, new_event
from tests.web.cast import client_for, make_user


@pytest.fixture
def organiser(db):
    return make_user("olga")


@pytest.fixture
def paired(organiser):
    """An event of four accepted players with round 1 paired: (event, its round, a player)."""
    event = new_event(client_for(organiser))
    players = accepted(event, "pat", "quinn", "rae", "sam")
    operations.pair_round(event, random.Random(3))
    return event, Round.objects.get(event=event, number=1), players[0][0]


def post(client, event, number, **data):
    return client.post(reverse("event-clock", args=[event.pk, number]), data)


def test_the_organiser_starts_pauses_resumes_and_resets_the_clock(paired, organiser):
    event, round_, _ = paired
    client = client_for(organiser)
    before = timezone.now()
    answer = post(client, event, 1, action="start", minutes="90")
    assert answer.status_code == 302
    round_.refresh_from_db()
    # Stored as the instant it ends, not a ticking value.
    assert round_.clock_seconds == 90 * 60 and round_.clock_left is None
    assert before + timedelta(minutes=90) <= round_.clock_ends <= timezone.now() + timedelta(minutes=90)
    page = client.get(reverse("event-page", args=[event.pk])).content.decode()
    ends = timezone.localtime(round_.clock_ends).strftime("%H:%M")
    assert "left · ends</span> <time datetime=" in page and f"{ends} UTC</time>" in page
    assert "Round 1&#x27;s clock runs: it ends" in page
    assert 'data-clock-ends="' in page and "Pause" in page
    # Paused 30 minutes later: 60 minutes left, kept as seconds, no end instant.
    operations.pause_clock(round_, now=round_.clock_ends - timedelta(minutes=60))
    round_.refresh_from_db()
    assert round_.clock_ends is None and round_.clock_left == 3600
    page = client.get(reverse("event-page", args=[event.pk])).content.decode()
    assert ">1:00:00<" in page and "left · paused" in page and 'data-clock-ends="' not in page
    # Resumed: it ends 60 minutes from now.
    assert post(client, event, 1, action="resume").status_code == 302
    round_.refresh_from_db()
    assert round_.clock_left is None
    assert abs((round_.clock_ends - timezone.now()) - timedelta(minutes=60)) < timedelta(seconds=5)
    # Reset: no clock anywhere.
    post(client, event, 1, action="reset")
    round_.refresh_from_db()
    assert (round_.clock_seconds, round_.clock_ends, round_.clock_left) == (None, None, None)
    assert "data-clock" not in client.get(reverse("event-page", args=[event.pk])).content.decode()


def test_only_the_organiser_runs_the_clock(paired):
    event, round_, pat = paired
    assert post(client_for(pat), event, 1, action="start", minutes="60").status_code == 404
    anonymous = post(client_for(None), event, 1, action="start", minutes="60")
    assert anonymous.status_code == 302 and "/login" in anonymous["Location"]
    assert post(client_for(make_user("zoe")), event, 1, action="start", minutes="60").status_code == 404
    round_.refresh_from_db()
    assert round_.clock_ends is None and round_.clock_seconds is None
    # The players and the public see the organiser's clock, not its controls.
    operations.start_clock(round_, 45)
    for client in (client_for(pat), client_for(None)):
        page = client.get(reverse("event-page", args=[event.pk])).content.decode()
        assert "data-clock-ends" in page and "UTC</time>" in page
        assert reverse("event-clock", args=[event.pk, 1]) not in page


def test_a_bad_length_is_refused_and_changes_nothing(paired, organiser):
    event, round_, _ = paired
    client = client_for(organiser)
    operations.start_clock(round_, 30)
    round_.refresh_from_db()
    kept = round_.clock_ends
    for minutes in ("0", "-5", "abc", "1441", "1e9"):
        answer = post(client, event, 1, action="start", minutes=minutes)
        assert answer.status_code == 302
        round_.refresh_from_db()
        assert round_.clock_ends == kept and round_.clock_seconds == 30 * 60
    page = client.get(reverse("event-page", args=[event.pk])).content.decode()
    assert "Give the round&#x27;s length in whole minutes, 1 to 1440." in page
    # Start without a length, resume without a paused clock, pause when none runs.
    assert post(client, event, 1, action="start").status_code == 302
    round_.refresh_from_db()
    assert round_.clock_ends == kept
    operations.reset_clock(round_)
    with pytest.raises(Refused, match="Give the round's length"):
        operations.start_clock(round_)
    with pytest.raises(Refused, match="not running"):
        operations.pause_clock(round_)
    assert post(client, event, 9, action="start", minutes="10").status_code == 404  # no round 9


def test_the_clock_runs_out_and_shows_it(paired, organiser):
    event, round_, _ = paired
    operations.start_clock(round_, 10, now=timezone.now() - timedelta(minutes=11))
    round_.refresh_from_db()
    shown = clock_of(round_)
    assert shown is not None and shown.up and shown.left == 0
    page = client_for(None).get(reverse("event-screen", args=[event.pk])).content.decode()
    assert "Time is up" in page and "ended" in page
    assert [clock_text(s) for s in (0, 9, 65, 3600, 5400 + 7)] == [
        "0:00",
        "0:09",
        "1:05",
        "1:00:00",
        "1:30:07",
    ]


def test_the_clock_changes_the_pages_version(paired, organiser):
    event, round_, _ = paired
    url = reverse("event-version", args=[event.pk])
    client = client_for(None)
    first = client.get(url).content
    operations.start_clock(round_, 20)
    second = client.get(url).content
    operations.pause_clock(round_)
    third = client.get(url).content
    assert len({first, second, third}) == 3
