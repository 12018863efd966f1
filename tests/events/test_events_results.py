"""Results nobody loses, told to everyone (issue 41): a dispute marked for the organiser and
both players at once and settled by the organiser (logged); mail for pairings posted, a
result to confirm and a dispute (Django's locmem backend in tests: mail.outbox); the
organiser's reset of a table (logged); the standings the organiser chooses through the
page; the event's stream on the game table's hub."""

from __future__ import annotations

import asyncio
import random

import pytest
from django.core import mail
from django.urls import reverse

from roster.events import operations
from roster.events.models import Entry, Pairing, TableLog
from roster.events.stream import version_and_games
from roster.games.live import Hub
from roster.games.models import Game
from roster.rosters.operations import Refused
from tests.events.test_events_web import accepted, new_event, two_paired
from tests.web.cast import client_for, make_user


@pytest.fixture
def organiser(db):
    user = make_user("olga")
    user.email = "olga@example.org"
    user.save()
    return user


@pytest.fixture
def event(organiser):
    return new_event(client_for(organiser))


def with_addresses(*users):
    for user in users:
        user.email = f"{user.username}@example.org"
        user.save()


def page(user, event):
    return client_for(user).get(reverse("event-page", args=[event.pk])).content.decode()


def test_a_dispute_is_marked_for_the_organiser_and_both_players_and_the_organiser_settles_it(
    event, organiser, django_capture_on_commit_callbacks
):
    pairing, first, second = two_paired(event)
    with_addresses(first, second)
    url = reverse("event-result", args=[event.pk, pairing.pk])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        client_for(first).post(url, {"winner": "a", "score_a": "12", "score_b": "4"})
    # The other player is asked to confirm, by mail.
    assert [m.to for m in mail.outbox] == [[second.email]]
    assert "a result to confirm" in mail.outbox[0].subject
    assert "won, 12-4" in mail.outbox[0].body and f"#pairing-{pairing.pk}" in mail.outbox[0].body
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        answer = client_for(second).post(url, {"winner": "b", "score_a": "4", "score_b": "12"}, follow=True)
    assert "is disputed" in answer.content.decode()
    pairing.refresh_from_db()
    assert pairing.disputed and not pairing.counted
    # The three are told at once, by mail, and each page marks the table disputed.
    assert sorted(address for m in mail.outbox for address in m.to) == sorted(
        [first.email, second.email, organiser.email]
    )
    assert all("is disputed" in m.subject for m in mail.outbox)
    for user in (organiser, first, second, None):
        assert '<span class="badge bad disputed">Disputed</span>' in page(user, event)
    assert "enter the result below to settle it" in page(organiser, event)
    assert "the organiser decides" in page(first, event)
    assert "Waiting for" not in page(organiser, event)
    # The screen too.
    assert "Disputed" in client_for(None).get(reverse("event-screen", args=[event.pk])).content.decode()
    # The organiser settles it: counted, no longer disputed, logged.
    client_for(organiser).post(url, {"winner": "b", "score_a": "5", "score_b": "12"})
    pairing.refresh_from_db()
    assert pairing.counted and pairing.by_organiser and not pairing.disputed
    log = list(TableLog.objects.filter(pairing=pairing).values_list("what", flat=True))
    assert log == ["disputed", "resolved"]
    shown = page(first, event)
    assert "The organiser resolved the dispute" in shown and "Disputed</span>" not in shown
    assert "The organiser resolved the dispute" not in page(make_user("stranger"), event)


def test_players_who_agree_after_a_dispute_end_it_themselves(event):
    pairing, first, second = two_paired(event)
    operations.record(pairing, first, "a", 3, 1)
    operations.record(pairing, second, "b", 1, 3)
    assert Pairing.objects.get(pk=pairing.pk).disputed
    operations.record(pairing, first, "b", 1, 3)
    stored = Pairing.objects.get(pk=pairing.pk)
    assert stored.counted and not stored.disputed and not stored.by_organiser
    assert list(stored.log.values_list("what", flat=True)) == ["disputed", "agreed"]


def test_a_player_confirming_while_disputed_is_told_the_other_can_end_it(event):
    # The dispute's first confirmation is cleared: the one who disputed and now confirms
    # the other's result waits for the other's confirmation (or the organiser), and is
    # told so, not that only the organiser decides.
    pairing, first, second = two_paired(event)
    url = reverse("event-result", args=[event.pk, pairing.pk])
    client_for(first).post(url, {"winner": "a", "score_a": "3", "score_b": "1"})
    client_for(second).post(url, {"winner": "b", "score_a": "1", "score_b": "3"})
    answer = client_for(second).post(url, {"winner": "a", "score_a": "3", "score_b": "1"}, follow=True)
    said = answer.content.decode()
    assert "is still disputed: it counts once the other player confirms the same result" in said
    stored = Pairing.objects.get(pk=pairing.pk)
    assert stored.disputed and not stored.counted
    client_for(first).post(url, {"winner": "a", "score_a": "3", "score_b": "1"})
    stored = Pairing.objects.get(pk=pairing.pk)
    assert stored.counted and not stored.disputed


def test_a_player_changing_their_own_unconfirmed_result_is_no_dispute(event):
    pairing, first, _ = two_paired(event)
    operations.record(pairing, first, "a", 3, 1)
    operations.record(pairing, first, "b", 1, 3)
    stored = Pairing.objects.get(pk=pairing.pk)
    assert not stored.disputed and stored.confirmed_a == (stored.a.player_id == first.pk)


def test_pairings_posted_are_mailed_to_each_player_with_an_address(
    event, organiser, django_capture_on_commit_callbacks
):
    players = accepted(event, "ann", "bob", "cy")
    with_addresses(players[0][0], players[1][0])  # cy has no address
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        client_for(organiser).post(reverse("event-pair", args=[event.pk]), {})
    assert sorted(m.to[0] for m in mail.outbox) == ["ann@example.org", "bob@example.org"]
    for message in mail.outbox:
        assert "round 1 is paired" in message.subject
        assert "table 1, against" in message.body or "the bye" in message.body


def test_nothing_is_mailed_for_a_write_that_was_refused(event, django_capture_on_commit_callbacks):
    pairing, first, second = two_paired(event)
    with_addresses(first, second)
    operations.record(pairing, first, "a", 3, 1)
    operations.record(pairing, second, "a", 3, 1)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(Refused):
        operations.record(pairing, second, "b", 1, 3)  # counts already
    assert mail.outbox == []


def test_the_organiser_resets_a_table_its_game_let_go_and_logged(event, organiser):
    pairing, first, second = two_paired(event)
    game = operations.start_table(pairing, first)
    url = reverse("event-reset", args=[event.pk, pairing.pk])
    # Neither player may reset it; their game cannot be deleted once it has an action.
    for user in (first, second):
        client_for(user).post(url)
        assert Pairing.objects.get(pk=pairing.pk).game_id == game.pk
    Game.objects.filter(pk=game.pk).update(events=[{"id": "x", "side": 0, "action": "end"}])
    answer = client_for(organiser).post(url, follow=True)
    assert "is reset" in answer.content.decode()
    stored = Pairing.objects.get(pk=pairing.pk)
    assert stored.game_id is None and not stored.winner
    assert Game.objects.filter(pk=game.pk).exists()  # kept in its owner's games
    assert list(stored.log.values_list("what", flat=True)) == ["reset"]
    assert f"its game (#{game.pk}" in stored.log.get().text
    # The players start it again: a new game.
    again = operations.start_table(Pairing.objects.get(pk=pairing.pk), second)
    assert again.pk != game.pk


def test_a_table_of_an_earlier_round_is_not_reset_once_the_next_is_paired(event, organiser):
    pairing, _, _ = two_paired(event)
    operations.record(pairing, organiser, "a", 3, 1)
    operations.pair_round(event, random.Random(2))
    with pytest.raises(Refused, match="later round"):
        operations.reset_table(pairing, organiser)


def test_the_organiser_chooses_the_tiebreakers_and_the_page_follows(event, organiser):
    # Four players, one round: the two winners and the two losers are tied on wins.
    players = accepted(event, "ann", "bob", "cy", "dee")
    operations.pair_round(event, random.Random(3))
    tables = list(Pairing.objects.filter(round__event=event).select_related("a", "b"))
    operations.record(tables[0], organiser, "a", 5, 4)
    operations.record(tables[1], organiser, "a", 9, 0)
    winner_low, winner_high = tables[0].a, tables[1].a
    names = [e.name for e in Entry.objects.filter(event=event)]
    assert len(names) == 4 and players
    # Wins alone: the two winners share the first rank, shown "1=".
    url = reverse("event-standings", args=[event.pk])
    client_for(organiser).post(url, {"tiebreaker": ["wins", "", ""]})
    event.refresh_from_db()
    lines = operations.event_standings(event)
    assert [s.rank for s in lines] == [1, 1, 3, 3]
    shown = page(None, event)
    assert '1<abbr title="tied">=</abbr>' in shown and "Ranked by wins" in shown
    # Wins then the score: the 9-0 winner first.
    client_for(organiser).post(url, {"tiebreaker": ["wins", "score"]})
    event.refresh_from_db()
    lines = operations.event_standings(event)
    assert [s.player for s in lines][:2] == [winner_high.pk, winner_low.pk]
    assert [s.rank for s in lines] == [1, 2, 3, 4]
    # The score first: the 5-4 loser (4) above... the 9-0 loser (0); 5 and 9 above 4.
    client_for(organiser).post(url, {"tiebreaker": ["score", "wins"]})
    event.refresh_from_db()
    scores = [s.score for s in operations.event_standings(event)]
    assert scores == [9, 5, 4, 0]
    # Refusals keep what was stored.
    answer = client_for(organiser).post(url, {"tiebreaker": ["wins", "wins"]}, follow=True)
    assert "Each tiebreaker once" in answer.content.decode()
    answer = client_for(organiser).post(url, {"tiebreaker": ["magic"]}, follow=True)
    assert "from the list" in answer.content.decode()
    answer = client_for(organiser).post(url, {"tiebreaker": ["wins"], "bye_score": "x"}, follow=True)
    assert "whole numbers" in answer.content.decode()
    event.refresh_from_db()
    assert event.tiebreakers == ["score", "wins"]
    # Nobody else chooses them.
    assert client_for(players[0][0]).post(url, {"tiebreaker": ["wins"]}).status_code == 404


def test_sportsmanship_and_painting_are_extra_columns_the_organiser_fills_in(event, organiser):
    accepted(event, "ann", "bob")
    ann = Entry.objects.get(name="ann")
    client_for(organiser).post(
        reverse("event-standings", args=[event.pk]), {"tiebreaker": ["wins"], "extra": ["painting"]}
    )
    scores = reverse("event-scores", args=[event.pk])
    client_for(organiser).post(scores, {f"painting-{ann.pk}": "17"})
    ann.refresh_from_db()
    assert ann.painting == 17 and ann.sportsmanship is None
    shown = page(None, event)
    assert '<th scope="col">Painting</th>' in shown and "<td>17</td>" in shown
    assert "Sportsmanship</th>" not in shown
    answer = client_for(organiser).post(scores, {f"painting-{ann.pk}": "-3"}, follow=True)
    assert "whole numbers" in answer.content.decode()
    ann.refresh_from_db()
    assert ann.painting == 17


def test_the_bye_scores_what_the_organiser_sets(organiser):
    event = new_event(client_for(organiser))
    accepted(event, "ann", "bob", "cy")
    operations.pair_round(event, random.Random(4))
    bye = Pairing.objects.get(round__event=event, b=None)
    before = {s.player: s.score for s in operations.event_standings(event)}
    assert before[bye.a_id] == 0
    client_for(organiser).post(
        reverse("event-standings", args=[event.pk]), {"tiebreaker": ["wins", "score"], "bye_score": "8"}
    )
    event.refresh_from_db()
    after = {s.player: s.score for s in operations.event_standings(event)}
    assert after[bye.a_id] == 8
    assert "a bye scores 8 ExP" in page(None, event)


def test_a_dispute_changes_the_version_the_stream_sends(event):
    pairing, first, second = two_paired(event)
    before, games = version_and_games(event.pk, False)
    operations.record(pairing, first, "a", 3, 1)
    operations.record(pairing, second, "b", 1, 3)
    after, _ = version_and_games(event.pk, False)
    assert after != before and games == []


def test_an_event_stream_is_woken_by_its_event_or_by_one_of_its_games():
    async def scenario():
        hub = Hub()
        hub.loop = asyncio.get_running_loop()
        keys = ["event-3", 41, 42]
        hub.follow(keys)
        since: dict = {}
        woke = asyncio.create_task(hub.wait_any(keys, 30, since))
        while len(hub.waiting) < 3:
            await asyncio.sleep(0)
        hub.wake(42, 7)
        first = await woke
        # A change heard while the stream was busy is returned at once, not missed.
        hub.wake("event-3", 1000)
        second = await hub.wait_any(keys, 30, since)
        nothing = await hub.wait_any(keys, 0.05, since)
        hub.follow(keys, by=-1)
        return first, second, nothing, dict(hub.waiting), dict(hub.latest)

    first, second, nothing, waiting, latest = asyncio.run(scenario())
    assert (first, second, nothing) == (42, "event-3", None)
    assert waiting == {} and latest == {}


def test_the_event_stream_is_404_for_no_event_and_204_where_the_server_does_not_stream(event):
    assert client_for(None).get("/events/999999/stream/").status_code == 404
    answer = client_for(None).get(reverse("event-stream", args=[event.pk]))
    assert answer.status_code == 204  # under WSGI (tests): the page polls the version instead
    shown = page(None, event)
    assert f'data-stream="/events/{event.pk}/stream/"' in shown


def test_a_league_player_is_told_who_made_a_table_with_them(organiser, django_capture_on_commit_callbacks):
    from datetime import timedelta

    from django.utils import timezone

    event = new_event(client_for(organiser), kind="league")
    (ann, _), (bob, _) = accepted(event, "ann", "bob")
    with_addresses(ann, bob)
    operations.open_round(event, timezone.now() + timedelta(days=7))
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        operations.challenge(event, ann, Entry.objects.get(player=bob))
    assert [m.to for m in mail.outbox] == [["bob@example.org"]]
    assert "ann plays you" in mail.outbox[0].subject


def test_the_exports_carry_ties_disputes_and_the_organisers_choices(event, organiser):
    import csv
    import io
    import json

    pairing, first, second = two_paired(event)
    operations.record(pairing, first, "a", 3, 3)
    operations.record(pairing, second, "draw", 3, 3)
    operations.set_standings(event, ["wins", "h2h"], 2, ["painting"])
    rows = list(
        csv.reader(
            io.StringIO(
                client_for(None).get(reverse("event-standings-csv", args=[event.pk])).content.decode()
            )
        )
    )
    assert rows[0][-3:] == ["schedule", "tied", "painting"]
    assert [row[0] for row in rows[1:]] == ["1", "1"] and [row[-2] for row in rows[1:]] == ["yes", "yes"]
    data = json.loads(client_for(None).get(reverse("event-export-json", args=[event.pk])).content)
    assert data["event"]["tiebreakers"] == ["wins", "h2h"] and data["event"]["bye_score"] == 2
    assert data["event"]["extra_scores"] == ["painting"]
    assert data["rounds"][0]["tables"][0]["disputed"] is True
    assert [s["tied"] for s in data["standings"]] == [True, True]
