"""Fuzzing the events' forms (issue 39: a non-number in the organiser's swap form was a 500):
every events endpoint, as the organiser, a player and a visitor, with its fields replaced by
the strings that once broke Muster or by anything hypothesis makes up. Never a 500.

MUSTER_FUZZ_EXAMPLES requests in all, at most 1,000 (`make test` and .ci/run's PostgreSQL
pass both send 1,000: about a minute), on one event with four accepted players and round 1
paired.
"""

from __future__ import annotations

import collections
import os
import random
from typing import Any

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roster.events import operations
from roster.events.models import Entry, Event
from tests.events.test_events_web import accepted, new_event
from tests.web.cast import client_for, make_user
from tests.web.test_fuzz import HOSTILE

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

FUZZ_EXAMPLES = min(1000, int(os.environ.get("MUSTER_FUZZ_EXAMPLES", "1000")))
OK = {200, 204, 302, 400, 403, 404, 405, 409, 422, 429}
FIELDS = [
    "name", "system", "kind", "rounds", "game_size", "exp_limit", "mode", "points_limit", "model_count",
    "upgraded_count", "deadline", "lists_public_from", "first", "second", "roster", "text", "note",
    "decision", "winner", "score_a", "score_b", "back", "paper", "encounter", "mission", "region",
    "opponent", "closes", "tiebreaker", "bye_score", "extra", "sportsmanship-1", "painting-2",
]  # fmt: skip
junk = st.one_of(
    st.sampled_from(
        [*HOSTILE, "1", "2", "a", "b", "draw", "accept", "return", "A4", "letter", "wins", "h2h", "painting"]
    ),
    st.text(max_size=20),
    st.integers(-(10**30), 10**30).map(str),
)


def endpoints(event: Event) -> list[tuple[str, str, list[Any]]]:
    """(URL name, method, arguments) of every events URL for ``event``; row ids from the
    event itself, or ones no row has."""
    entry = event.entries.first()
    pairing = event.round_set.first().pairings.first()
    e, p = (entry.pk if entry else 1), (pairing.pk if pairing else 1)
    return [
        ("event-list", "GET", []),
        ("event-new", "POST", []),
        ("event-page", "GET", [event.pk]),
        ("event-version", "GET", [event.pk]),
        ("event-add-player", "POST", [event.pk]),
        ("event-open-round", "POST", [event.pk]),
        ("event-challenge", "POST", [event.pk]),
        ("event-pair", "POST", [event.pk]),
        ("event-review", "POST", [event.pk, e]),
        ("event-review", "POST", [event.pk, 10**9]),
        ("event-drop", "POST", [event.pk, e]),
        ("event-result", "POST", [event.pk, p]),
        ("event-result", "POST", [event.pk, 10**9]),
        ("event-reset", "POST", [event.pk, p]),
        ("event-reset", "POST", [event.pk, 10**9]),
        ("event-standings", "POST", [event.pk]),
        ("event-scores", "POST", [event.pk]),
        ("event-stream", "GET", [event.pk]),
        ("event-swap", "POST", [event.pk, 1]),
        ("event-swap", "POST", [event.pk, 7]),
        ("event-round-setup", "POST", [event.pk, 1]),
        ("event-pack-status", "GET", [event.pk]),
        ("event-screen", "GET", [event.pk]),
        ("event-standings-csv", "GET", [event.pk]),
        ("event-results-csv", "GET", [event.pk]),
        ("event-export-json", "GET", [event.pk]),
        ("event-register", "POST", [event.code]),
    ]


def test_every_events_endpoint_answers_without_a_server_error(settings: Any, capsys: Any) -> None:
    settings.MUSTER_RATES = {k: "1000000/m" for k in settings.MUSTER_RATES}
    organiser = make_user("olga")
    event = new_event(client_for(organiser))
    players = accepted(event, "ann", "ben", "cat", "dan")
    operations.pair_round(event, random.Random(5))
    clients = [client_for(organiser), client_for(players[0][0]), client_for(None)]
    statuses: collections.Counter[int] = collections.Counter()
    urls = endpoints(event)

    @settings_for_run
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        name, method, args = data.draw(st.sampled_from(urls), label="endpoint")
        client = data.draw(st.sampled_from(clients), label="who")
        form = {data.draw(st.sampled_from(FIELDS), label="key"): data.draw(junk) for _ in range(3)}
        url = reverse(name, args=args)
        answer = client.get(url, form) if method == "GET" else client.post(url, form)
        statuses[answer.status_code] += 1
        assert answer.status_code in OK, (name, answer.status_code, form)

    run()
    with capsys.disabled():
        print(f"\nfuzz events: {sum(statuses.values())} requests, statuses {dict(sorted(statuses.items()))}")
    assert statuses[500] == 0 and sum(statuses.values()) >= FUZZ_EXAMPLES
    assert Entry.objects.filter(event=event).count() >= 4  # the players are still there


settings_for_run = settings(
    max_examples=FUZZ_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None
)
