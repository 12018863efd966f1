"""An event out of Muster (docs/events.md "Exports"): standings and results as CSV, the
whole event as muster.event/1 (lists only where the reader may see them), the big screen,
and the events in the account's zip."""

from __future__ import annotations

import csv
import io
import json
import random
import zipfile

import pytest
from django.urls import reverse

from roster.events import operations
from roster.events.models import Entry, Pairing
from tests.events.test_events_web import new_event, player_with_list, register
from tests.web.cast import client_for, make_user


@pytest.fixture
def played(db):
    """An Iron & Honor event of three players (one with a formula for a name), round 1
    paired and its one game entered by the organiser: (event, organiser, players)."""
    organiser = make_user("olga")
    event = new_event(client_for(organiser))
    players = [player_with_list(n) for n in ("ann", "ben", "cat")]
    for user, roster in players:
        register(user, roster, event)
    Entry.objects.filter(player=players[2][0]).update(name="=HYPERLINK(1)")
    Entry.objects.update(status=Entry.ACCEPTED)
    operations.pair_round(event, random.Random(5))
    game = Pairing.objects.exclude(b=None).get()
    operations.record(game, organiser, "a", 9, 3)
    return event, organiser, [u for u, _ in players]


def test_standings_csv_ranks_every_player_and_disarms_formulas(played):
    event, _, _ = played
    answer = client_for(None).get(reverse("event-standings-csv", args=[event.pk]))
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(answer.content.decode())))
    assert [r["rank"] for r in rows] == ["1", "2", "3"]
    top = rows[0]
    assert top["wins"] == "1" and top["score"] == "9" and top["won"] == "1"
    assert any(r["player"] == "'=HYPERLINK(1)" for r in rows)
    assert all(len(r["fingerprint"]) == 12 for r in rows)


def test_results_csv_has_every_table_and_the_bye(played):
    event, _, _ = played
    rows = list(
        csv.DictReader(
            io.StringIO(client_for(None).get(reverse("event-results-csv", args=[event.pk])).content.decode())
        )
    )
    assert len(rows) == 2
    game = next(r for r in rows if r["player_b"])
    bye = next(r for r in rows if not r["player_b"])
    assert (game["score_a"], game["score_b"], game["counted"], game["entered_by_organiser"]) == (
        "9",
        "3",
        "yes",
        "yes",
    )
    assert bye["winner"] == bye["player_a"] and bye["counted"] == "yes"


def test_the_json_export_shows_lists_only_to_whom_the_page_does(played):
    event, organiser, _ = played
    url = reverse("event-export-json", args=[event.pk])
    data = json.loads(client_for(None).get(url).content)
    assert data["format"] == "muster.event/1" and data["event"]["system"] == "iron-and-honor"
    assert len(data["entries"]) == 3 and len(data["rounds"]) == 1 and len(data["standings"]) == 3
    assert all(e["document"] is not None for e in data["entries"])  # round 1 paired: open
    assert "note" not in data["entries"][0] and "problems" not in data["entries"][0]
    # Before round 1, a stranger gets no list, a player only their own.
    fresh = new_event(client_for(organiser), name="Spring Cup")
    ann, roster = player_with_list("anna")
    register(ann, roster, fresh)
    ben, theirs = player_with_list("benno")
    register(ben, theirs, fresh)
    url = reverse("event-export-json", args=[fresh.pk])
    stranger = json.loads(client_for(None).get(url).content)
    assert all(e["document"] is None for e in stranger["entries"])
    own = json.loads(client_for(ann).get(url).content)
    shown = {e["name"]: e["document"] is not None for e in own["entries"]}
    assert shown == {"anna": True, "benno": False}


def test_the_big_screen_shows_the_round_and_redraws_itself(played):
    event, _, _ = played
    page = client_for(None).get(reverse("event-screen", args=[event.pk])).content.decode()
    assert "Round 1 of 3" in page and "Bye" in page and "Result in" in page
    # It follows the event (and each game) as the event page does: one small client.
    assert f'data-follow="/events/{event.pk}/version/?screen=1"' in page and "Standings" in page


def test_the_account_zip_carries_organised_events_and_own_entries(played):
    event, organiser, players = played
    archive = zipfile.ZipFile(io.BytesIO(client_for(organiser).get(reverse("account-rosters-zip")).content))
    names = [n for n in archive.namelist() if n.startswith("events/")]
    assert len(names) == 1
    assert json.loads(archive.read(names[0]))["format"] == "muster.event/1"
    archive = zipfile.ZipFile(io.BytesIO(client_for(players[0]).get(reverse("account-rosters-zip")).content))
    (entry,) = [n for n in archive.namelist() if n.startswith("events/")]
    mine = json.loads(archive.read(entry))
    assert mine["event"] == event.name and mine["document"]["name"] == "Northmen Raiding Party"


def test_the_standings_csv_keeps_hidden_lists_hidden(db):
    organiser = make_user("olga")
    event = new_event(client_for(organiser))
    players = [player_with_list(n) for n in ("ann", "ben")]
    for user, roster in players:
        register(user, roster, event)
    Entry.objects.update(status=Entry.ACCEPTED)
    url = reverse("event-standings-csv", args=[event.pk])

    def rows(user):
        return list(csv.DictReader(io.StringIO(client_for(user).get(url).content.decode())))

    # Before round 1: no list name nor fingerprint for the public; a player sees their own.
    assert {(r["list"], r["fingerprint"]) for r in rows(None)} == {("", "")}
    mine = {r["player"]: r for r in rows(players[0][0])}
    assert mine["ann"]["fingerprint"] and not mine["ben"]["fingerprint"]
    assert all(r["fingerprint"] for r in rows(organiser))
    exported = json.loads(client_for(None).get(reverse("event-export-json", args=[event.pk])).content)
    assert {e["fingerprint"] for e in exported["entries"]} == {None}
    operations.pair_round(event, random.Random(1))
    assert all(len(r["fingerprint"]) == 12 and r["list"] for r in rows(None))
