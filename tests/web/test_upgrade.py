"""An upgrade loses nothing (issue 39, docs/operations.md): a database holding a roster, a
game in progress and an event with a paired round is taken back to the previous release's
migrations (the last ones before issue 37) and migrated forward again to this release's;
the roster still evaluates, the game takes its next tap where it was, the event page
shows its table."""

from __future__ import annotations

import random
import uuid

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from roster.events import operations as events
from roster.events.models import Entry, Pairing
from roster.games import operations as games
from roster.games.models import Game
from roster.rosters.evaluation import evaluate_roster
from roster.rosters.models import Roster
from tests.events.test_events_web import new_event, player_with_list, register
from tests.web.cast import HX, client_for, make_user

# The newest migration of each app at the previous release (commit 77e4893).
PREVIOUS_RELEASE = [
    ("roster", "0009_ruleset_seed_digest"),
    ("muster_printing", "0001_sheet_jobs"),
    ("muster_games", "0007_rules_version"),
    ("muster_events", "0002_entry_supplement_lists_public_from"),
    ("muster_supplements", "0001_supplements"),
    ("muster_accounts", "0005_username_keys_again"),
]


def migrate(targets: list[tuple[str, str]]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def latest() -> list[tuple[str, str]]:
    executor = MigrationExecutor(connection)
    return [node for node in executor.loader.graph.leaf_nodes() if node[0] in dict(PREVIOUS_RELEASE)]


@pytest.mark.django_db(transaction=True)
def test_rosters_games_and_events_continue_across_the_upgrade():
    organiser = make_user("olga")
    event = new_event(client_for(organiser))
    (pat, roster), (quinn, theirs) = player_with_list("pat"), player_with_list("quinn")
    register(pat, roster, event)
    register(quinn, theirs, event)
    Entry.objects.update(status=Entry.ACCEPTED)
    events.pair_round(event, random.Random(1))
    pairing = Pairing.objects.get()
    first = pairing.a.player
    game = events.start_table(pairing, first)
    player = client_for(first)
    tap = {"id": uuid.uuid4().hex, "side": 0, "do": "wound", "model": 0, "target": 0}
    assert player.post(f"/games/{game.pk}/act/", tap, **HX).status_code == 200
    stored = Game.objects.get(pk=game.pk)
    wounds = games.state_of(stored).sides[0].models[0].wounds
    before = (stored.version, Roster.objects.get(pk=roster.pk).document)

    migrate(PREVIOUS_RELEASE)
    migrate(latest())

    after = Roster.objects.get(pk=roster.pk)
    assert after.document == before[1]
    assert evaluate_roster(after).report.totals
    game = Game.objects.get(pk=game.pk)
    assert game.version == before[0] and game.finished is None
    assert games.state_of(game).sides[0].models[0].wounds == wounds
    tap = {"id": uuid.uuid4().hex, "side": 0, "do": "wound", "model": 0, "target": 0}
    assert player.post(f"/games/{game.pk}/act/", tap, **HX).status_code == 200
    assert Game.objects.get(pk=game.pk).version == before[0] + 1
    page = client_for(organiser).get(reverse("event-page", args=[event.pk]))
    assert Pairing.objects.get().game_id == game.pk
    assert page.status_code == 200 and {"pat", "quinn"} <= set(page.content.decode().split())
