"""The last place of an event taken once (issue 41 item 1): two players registering at
the same moment for an event with one place left, on real concurrent connections
(threads, each with its own database connection), 20 times. The capacity is counted under
the event's row lock (roster.events.operations.submit): exactly one gets in each time, the
other is told the event is full."""

from __future__ import annotations

import pytest

from roster.events import operations
from roster.events.models import Entry
from roster.events.operations import Refused
from tests.events.test_events_races import at_once
from tests.events.test_events_web import player_with_list
from tests.web.cast import make_user

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
ROUNDS = 20


def test_two_players_registering_for_the_last_place_at_once_one_gets_it():
    organiser = make_user("olga")
    first, second, third = (player_with_list(name) for name in ("pat", "quinn", "rae"))
    full = 0
    for n in range(ROUNDS):
        event = operations.create_event(
            organiser, "iron-and-honor", f"Cup {n}", options={"game_size": "medium"}, capacity=2
        )
        operations.submit(event, *first)
        raised = at_once(
            lambda event=event: operations.submit(event, *second),
            lambda event=event: operations.submit(event, *third),
        )
        assert Entry.objects.filter(event=event).count() == 2, (n, raised)
        refused = [r for r in raised if r is not None]
        assert len(refused) == 1 and isinstance(refused[0], Refused), (n, raised)
        assert "The event is full: it takes 2 players" in str(refused[0])
        full += 1
    assert full == ROUNDS
