"""The organiser's day through the pages (issue 41 item 1, docs/events.md "On the day"):
editing an event (its details, deadline and list limits while no list is accepted
against them), the capacity, late lists, closing and reopening, deleting (its games
kept) and check-in (no-shows left unpaired). Only the organiser edits, closes, reopens,
deletes or checks anyone in; bad input answers the form again with what was typed."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from roster.events import operations
from roster.events.models import Entry, Event, Pairing
from roster.games.models import Game
from roster.rosters.operations import Refused
from tests.events.test_events_web import accepted, new_event, player_with_list, register, two_paired
from tests.web.cast import client_for, make_user


@pytest.fixture
def organiser(db):
    return make_user("olga")


@pytest.fixture
def event(organiser):
    return new_event(client_for(organiser))


def edit_form(event, **changes):
    """The edit page's POST: the event as it is, with ``changes``."""
    form = {
        "name": event.name,
        "date": "",
        "venue": "",
        "description": "",
        "capacity": "",
        "rounds": str(event.rounds),
        "deadline": "",
        "iron-and-honor-game_size": event.options.get("game_size", ""),
    }
    return form | changes


def edit(client, event, **changes):
    return client.post(reverse("event-edit", args=[event.pk]), edit_form(event, **changes))


def page(client, event):
    return client.get(reverse("event-page", args=[event.pk])).content.decode()


def test_the_organiser_edits_the_name_details_deadline_and_limits(event, organiser):
    org = client_for(organiser)
    form = org.get(reverse("event-edit", args=[event.pk]))
    assert form.status_code == 200 and 'value="Winter Cup"' in form.content.decode()
    before = org.get(reverse("event-version", args=[event.pk])).content
    deadline = (timezone.now() + timedelta(days=2)).replace(second=0, microsecond=0)
    answer = edit(
        org,
        event,
        name="Winter Cup 2027",
        date="2027-01-16",
        venue="The Drill Hall, Leeds",
        description="Three rounds.\nBring dice.",
        capacity="16",
        deadline=deadline.strftime("%Y-%m-%dT%H:%M"),
        **{"iron-and-honor-game_size": "large"},
    )
    assert answer.status_code == 302
    event.refresh_from_db()
    assert event.name == "Winter Cup 2027" and event.venue == "The Drill Hall, Leeds"
    assert str(event.date) == "2027-01-16" and event.capacity == 16 and event.deadline == deadline
    assert event.description == "Three rounds.\nBring dice." and event.options == {"game_size": "large"}
    shown = page(client_for(None), event)
    assert "Saturday 16 January 2027" in shown and "The Drill Hall, Leeds" in shown
    assert "0 of 16 places taken" in shown and "Bring dice." in shown and "game size large" in shown
    # Open pages redraw: the version covers the details.
    assert org.get(reverse("event-version", args=[event.pk])).content != before


def test_only_the_organiser_edits_closes_deletes_or_opens_the_check_in_list(event):
    pat = client_for(make_user("pat"))
    for name in ("event-edit", "event-end", "event-check-in"):
        assert pat.get(reverse(name, args=[event.pk])).status_code == 404
    assert edit(pat, event, name="Hijacked").status_code == 404
    assert pat.post(reverse("event-end", args=[event.pk]), {"close": "1"}).status_code == 404
    assert pat.post(reverse("event-late", args=[event.pk]), {"accept": "1"}).status_code == 404
    assert pat.post(reverse("event-delete", args=[event.pk]), {"confirm": event.name}).status_code == 404
    # Anyone not logged in is sent to log in.
    assert client_for(None).post(reverse("event-delete", args=[event.pk])).status_code == 302
    event.refresh_from_db()
    assert event.name == "Winter Cup" and event.finished is None and not event.late_lists
    with pytest.raises(Refused, match="Only the organiser"):
        operations.edit_event(event, make_user("rae"), name="X")


def test_bad_input_answers_the_form_again_with_what_was_typed(event, organiser):
    org = client_for(organiser)
    past = (timezone.now() - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    answer = edit(org, event, name="Typed name", venue="Typed venue", capacity="1", deadline=past)
    text = answer.content.decode()
    assert answer.status_code == 422
    assert 'value="Typed name"' in text and 'value="Typed venue"' in text and 'value="1"' in text
    assert "greater than or equal to 2" in text
    # A refusal of the operation (fewer places than players) keeps the typing too.
    accepted(event, "pat", "quinn", "rae")
    answer = edit(org, event, name="Typed again", capacity="2")
    text = answer.content.decode()
    assert answer.status_code == 422 and "below the 3 players registered" in text
    assert 'value="Typed again"' in text
    answer = edit(org, event, name="Late", deadline=past)
    assert answer.status_code == 422 and "The new deadline must be later than now." in answer.content.decode()
    event.refresh_from_db()
    assert event.name == "Winter Cup" and event.capacity is None and event.deadline is None


def test_limits_are_read_only_once_a_list_is_accepted_against_them(event, organiser):
    org = client_for(organiser)
    pat, roster = player_with_list("pat")
    register(pat, roster, event)
    # Submitted, not accepted: the limits still change.
    assert edit(org, event, **{"iron-and-honor-game_size": "large"}).status_code == 302
    event.refresh_from_db()
    assert event.options == {"game_size": "large"}
    Entry.objects.update(status=Entry.ACCEPTED)
    text = org.get(reverse("event-edit", args=[event.pk])).content.decode()
    assert "a list is accepted against them" in text and "(read only)" in text
    # A forged change of the limits leaves them as they are; the rest is saved.
    assert edit(org, event, name="Renamed", **{"iron-and-honor-game_size": "small"}).status_code == 302
    event.refresh_from_db()
    assert event.name == "Renamed" and event.options == {"game_size": "large"}
    with pytest.raises(Refused, match="A list is accepted against the list limits"):
        operations.edit_event(event, organiser, options={"game_size": "small"})


def test_the_capacity_is_enforced_at_registration_with_a_clear_message(event, organiser):
    event = operations.edit_event(event, organiser, capacity=2)
    for name in ("pat", "quinn"):
        user, roster = player_with_list(name)
        assert register(user, roster, event).status_code == 302
    rae, roster = player_with_list("rae")
    answer = register(rae, roster, event)
    assert answer.status_code == 422
    assert "The event is full: it takes 2 players" in answer.content.decode()
    with pytest.raises(Refused, match="The event is full: it takes 2 players, and 2 are registered"):
        operations.submit(event, rae, roster)
    assert (
        "every place is taken"
        in client_for(rae).get(reverse("event-register", args=[event.code])).content.decode()
    )
    # A registered player still submits again; the organiser cannot add a third either.
    pat = Entry.objects.get(player__username="pat")
    assert register(pat.player, pat.roster, event).status_code == 302
    with pytest.raises(Refused, match="The event is full"):
        operations.add_player(event, "Sol", "{}")
    assert event.entries.count() == 2


def test_a_late_list_at_the_organisers_say(event, organiser):
    org = client_for(organiser)
    Event.objects.filter(pk=event.pk).update(deadline=timezone.now() - timedelta(minutes=5))
    pat, roster = player_with_list("pat")
    assert register(pat, roster, event).status_code == 422  # locked
    assert "Accept a late list" in page(org, event)
    org.post(reverse("event-late", args=[event.pk]), {"accept": "1"})
    assert register(pat, roster, event).status_code == 302
    entry = Entry.objects.get(player=pat)
    assert entry.late
    text = page(org, event)
    assert "Late list" in text and "late lists are accepted" in text
    # Stopped again: locked; the late list stays, to be reviewed.
    org.post(reverse("event-late", args=[event.pk]), {"accept": "0"})
    quinn, theirs = player_with_list("quinn")
    assert register(quinn, theirs, event).status_code == 422
    assert event.entries.count() == 1


def test_a_closed_event_takes_nothing_more_until_reopened(event, organiser):
    pairing, first, _second = two_paired(event)
    org = client_for(organiser)
    text = org.get(reverse("event-end", args=[event.pk])).content.decode()
    assert "Close the event" in text and "final standings" in text
    assert org.post(reverse("event-end", args=[event.pk]), {"close": "1"}).status_code == 302
    event.refresh_from_db()
    assert event.finished is not None
    assert "Final standings" in page(client_for(None), event)
    assert "This event is closed" in page(client_for(first), event)
    answer = client_for(first).post(reverse("event-result", args=[event.pk, pairing.pk]), {"winner": "a"})
    assert answer.status_code == 302
    pairing.refresh_from_db()
    assert pairing.winner == ""
    for write in (
        lambda: operations.record(pairing, organiser, "a", None, None),
        lambda: operations.start_table(pairing, first),
        lambda: operations.edit_event(event, organiser, name="X"),
        lambda: operations.check_in(pairing.a, organiser),
    ):
        with pytest.raises(Refused, match="closed"):
            write()
    rae, roster = player_with_list("rae")
    assert "The event is closed." in register(rae, roster, event).content.decode()
    # Reopened: everything as before.
    org.post(reverse("event-end", args=[event.pk]), {"close": "0"})
    event.refresh_from_db()
    assert event.finished is None
    operations.record(pairing, organiser, "a", None, None)
    assert Pairing.objects.get(pk=pairing.pk).counted


def test_deleting_an_event_keeps_its_games_as_ordinary_games(event, organiser):
    pairing, first, _second = two_paired(event)
    game = operations.start_table(pairing, first)
    org = client_for(organiser)
    text = org.get(reverse("event-end", args=[event.pk])).content.decode()
    assert "The 1 game played at its tables is <strong>kept</strong>" in text
    assert "2 players" in text and "It cannot be undone." in text
    # The wrong name: nothing deleted, the typing kept.
    answer = org.post(reverse("event-delete", args=[event.pk]), {"confirm": "Winter"})
    assert answer.status_code == 422 and 'value="Winter"' in answer.content.decode()
    assert Event.objects.filter(pk=event.pk).exists()
    answer = org.post(reverse("event-delete", args=[event.pk]), {"confirm": "Winter Cup"})
    assert answer.status_code == 302 and answer["Location"] == reverse("event-list")
    assert not Event.objects.filter(pk=event.pk).exists()
    assert not Entry.objects.exists() and not Pairing.objects.exists()
    assert Game.objects.filter(pk=game.pk, owner=first).exists()
    # Its table page no longer links an event.
    assert client_for(first).get(reverse("game-table", args=[game.pk])).status_code == 200


def test_check_in_leaves_the_no_show_unpaired_and_shown_as_such(event, organiser):
    operations.edit_event(event, organiser, check_in=True)
    players = accepted(event, "pat", "quinn", "rae", "sol")
    pat, quinn, rae, sol = (Entry.objects.get(player=u) for u, _ in players)
    # Pat on their phone, Quinn and Rae by the organiser; Sol does not come.
    me = client_for(pat.player)
    assert "Check in for round 1" in page(me, event)
    me.post(reverse("event-checked-in", args=[event.pk, pat.pk]))
    org = client_for(organiser)
    assert org.get(reverse("event-check-in", args=[event.pk])).status_code == 200
    for entry in (quinn, rae):
        org.post(reverse("event-checked-in", args=[event.pk, entry.pk]), {"next": "check-in"})
    # A player cannot check in someone else.
    client_for(quinn.player).post(reverse("event-checked-in", args=[event.pk, sol.pk]))
    text = org.get(reverse("event-check-in", args=[event.pk])).content.decode()
    assert "3 of 4" in text
    assert Entry.objects.get(pk=sol.pk).checked_in == 0
    answer = org.post(reverse("event-pair", args=[event.pk]), follow=True)
    assert "Round 1 is paired. 1 player not checked in is left unpaired." in answer.content.decode()
    seated = {e for p in Pairing.objects.all() for e in (p.a_id, p.b_id)}
    assert seated == {pat.pk, quinn.pk, rae.pk, None}  # three checked in: one table and a bye
    shown = page(client_for(None), event)
    assert 'id="no-shows-1"' in shown and "Not checked in: <strong>sol</strong>" in shown
    # Too late for Sol to check in alone; the organiser checks them in for round 2.
    with pytest.raises(Refused, match="ask the organiser"):
        operations.check_in(sol, sol.player)
    # Check-in turned off and on again under way: whoever sat at a table is checked in.
    Entry.objects.filter(pk=pat.pk).update(checked_in=0)
    operations.edit_event(operations.edit_event(event, organiser, check_in=False), organiser, check_in=True)
    assert Entry.objects.get(pk=pat.pk).checked_in == 1 and Entry.objects.get(pk=sol.pk).checked_in == 0
    for p in Pairing.objects.filter(b__isnull=False):
        operations.record(p, organiser, "a", None, None)
    operations.check_in(sol, organiser)
    operations.pair_round(event, random.Random(2))
    assert (
        Pairing.objects.filter(round__number=2).filter(a=sol).exists()
        or Pairing.objects.filter(round__number=2, b=sol).exists()
    )


def test_pairing_needs_two_players_checked_in(event, organiser):
    operations.edit_event(event, organiser, check_in=True)
    players = accepted(event, "pat", "quinn")
    operations.check_in(Entry.objects.get(player=players[0][0]), organiser)
    with pytest.raises(Refused, match="two players with accepted lists have checked in"):
        operations.pair_round(event, random.Random(1))
    # Without check-in, every accepted player is paired as before.
    operations.edit_event(event, organiser, check_in=False)
    assert operations.pair_round(event, random.Random(1)).pairings.count() == 1


def test_a_league_checks_in_for_each_round(organiser):
    league = new_event(client_for(organiser), kind="league")
    league = operations.edit_event(league, organiser, check_in=True)
    (pat, _), (quinn, _) = accepted(league, "pat", "quinn")
    mine, theirs = (Entry.objects.get(player=u) for u in (pat, quinn))
    with pytest.raises(Refused, match="No round is open"):
        operations.check_in(mine, pat)
    now = timezone.now()
    operations.open_round(league, now + timedelta(days=7), now=now)
    operations.check_in(mine, pat)
    with pytest.raises(Refused, match="quinn has not checked in for round 1"):
        operations.challenge(league, pat, theirs)
    operations.check_in(theirs, quinn)
    assert operations.challenge(league, pat, theirs).round.number == 1
    # Round 2: a new check-in.
    operations.open_round(league, now + timedelta(days=14))
    with pytest.raises(Refused, match="Check in for round 2 first"):
        operations.challenge(league, pat, theirs)
    assert "Check in for round 2" in page(client_for(pat), league)


def test_details_given_at_creation_and_exported(organiser):
    client = client_for(organiser)
    event = new_event(
        client, date="2027-02-06", venue="Club hall", description="Bring\nterrain", capacity="8"
    )
    assert (str(event.date), event.venue, event.description, event.capacity) == (
        "2027-02-06",
        "Club hall",
        "Bring\nterrain",
        8,
    )
    # A venue with a direction-reversing character is refused, with what was typed kept.
    answer = edit(client, event, venue="Hall\u202e", name="Typed")
    assert answer.status_code == 422 and "The venue" in answer.content.decode()
    assert 'value="Typed"' in answer.content.decode()
    operations.close_event(event, organiser)
    data = client.get(reverse("event-export-json", args=[event.pk])).json()["event"]
    assert data["venue"] == "Club hall" and data["capacity"] == 8 and data["date"] == "2027-02-06"
    assert data["closed"] is not None and data["check_in"] is False
