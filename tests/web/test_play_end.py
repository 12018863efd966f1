"""No turn, activation or game ended by the other phone unasked (issue 40 item 3), on
the web side: the question before a turn or an activation is cut short (a 409 with a
form that sends it again, confirmed; without JavaScript the same form in the page), the
side cut short undoes it, and with two phones a game ends only when both players agree
(End the game proposes, the other phone accepts or refuses); the result page follows a
reopen."""

from __future__ import annotations

import re
import uuid

from django.test import Client

from roster.games import operations
from roster.games.models import Game
from tests.web.test_games_live import HTMX, end_agreed, seated, tap
from tests.web.test_table_asks import confirm_fields


def state(game: Game):
    return operations.state_of(Game.objects.get(pk=game.pk))


def test_brutality_next_turn_by_the_other_phone_is_asked_named_and_undone_by_the_side_cut_short(
    alice_client, alice
):
    game, owner, other, _watcher = seated(alice_client, alice, "brutality-moderate-points")
    asked = tap(other, game, "next-turn", side=1)
    page = asked.content.decode()
    assert asked.status_code == 409 and "have not activated" in page and "End Turn 1?" in page
    assert "(Ashen Reavers) have not activated" in page and "(Bandits) have not activated" in page
    assert state(game).turn == 1 and not Game.objects.get(pk=game.pk).events, "nothing recorded"
    fields = {**confirm_fields(page), "id": uuid.uuid4().hex}
    assert other.post(f"/games/{game.pk}/act/", fields, **HTMX).status_code == 200
    after = state(game)
    assert after.turn == 2 and after.log[0].ended_for == [0, 1]
    event_id = Game.objects.get(pk=game.pk).events[-1]["id"]
    # The owner's table offers the Undo of the other phone's "Next turn" (its models waited).
    table = owner.get(f"/games/{game.pk}/state/", **HTMX).content.decode()
    assert re.search(rf'name="event" value="{event_id}"><button type="submit" class="link">Undo', table)
    assert owner.post(f"/games/{game.pk}/undo/", {"event": event_id}, **HTMX).status_code == 200
    game = Game.objects.get(pk=game.pk)
    assert state(game).turn == 1 and game.trail[-1]["what"] == "undo" and game.trail[-1]["by"] == "owner"


def test_without_javascript_the_question_is_a_confirmation_form(alice_client, alice):
    game, _owner, other, _watcher = seated(alice_client, alice, "brutality-moderate-points")
    data = {"id": uuid.uuid4().hex, "side": 1, "do": "next-turn"}
    asked = other.post(f"/games/{game.pk}/act/", data)  # a plain form post
    page = asked.content.decode()
    assert asked.status_code == 409 and "<html" in page and "End Turn 1?" in page
    fields = confirm_fields(page)
    assert fields["confirm"] == "1" and fields["do"] == "next-turn" and "csrfmiddlewaretoken" in fields
    fields["id"] = uuid.uuid4().hex
    assert other.post(f"/games/{game.pk}/act/", fields).status_code == 302
    assert state(game).turn == 2


def test_iron_honor_the_other_phone_cannot_draw_while_the_active_model_has_points(alice_client, alice):
    game, owner, other, _watcher = seated(alice_client, alice, "iron-and-honor-northmen-raiding-party")
    clients = {0: owner, 1: other}
    assert tap(owner, game, "draw").status_code == 200
    side = state(game).public["drawn"]
    mine, theirs = clients[side], clients[1 - side]
    assert tap(mine, game, "activate", side=side, target=side, model=0).status_code == 200
    assert tap(mine, game, "roll:6", side=side).status_code == 200
    points = state(game).public["activation"]["left"]
    assert points >= 2
    refused = tap(theirs, game, "draw", side=1 - side)
    assert refused.status_code == 409
    assert "ends its activation (p.32)" in refused.content.decode()
    asked = tap(mine, game, "draw", side=side)
    page = asked.content.decode()
    assert asked.status_code == 409 and f"has {points} action points left" in page
    assert "End its activation and draw the next die?" in page
    fields = {**confirm_fields(page), "id": uuid.uuid4().hex}
    assert mine.post(f"/games/{game.pk}/act/", fields, **HTMX).status_code == 200
    assert state(game).public["activation"] is None


def test_ending_a_game_with_two_phones_is_a_proposal_the_other_phone_answers(alice_client, alice):
    game, owner, other, watcher = seated(alice_client, alice, "iron-and-honor-northmen-raiding-party")
    page = owner.post(f"/games/{game.pk}/finish/", {"winner": "0"}).content.decode()
    assert "Propose to end the game?" in page and "Yes, ask the other player" in page
    assert owner.post(f"/games/{game.pk}/finish/", {"winner": "0", "confirm": "1"}).status_code == 302
    assert Game.objects.get(pk=game.pk).finished is None, "not ended by one phone"
    theirs = other.get(f"/games/{game.pk}/state/", **HTMX).content.decode()
    assert "proposes to end the game: <strong>Northmen Raiding Party wins</strong>" in theirs
    assert 'value="accept-end"' in theirs and 'value="refuse-end"' in theirs
    mine = owner.get(f"/games/{game.pk}/state/", **HTMX).content.decode()
    assert "You proposed to end the game" in mine and 'value="accept-end"' not in mine
    watching = watcher.get(f"/games/{game.pk}/state/", **HTMX).content.decode()
    assert "proposes to end the game" in watching and 'value="accept-end"' not in watching
    # The other phone cannot end it alone either, nor accept for the proposer.
    assert tap(other, game, "end:1", side=1).status_code == 409
    assert tap(owner, game, "accept-end").status_code == 409
    assert tap(other, game, "refuse-end", side=1).status_code == 200
    assert Game.objects.get(pk=game.pk).finished is None and "end_offer" not in state(game).public
    end_agreed(owner, other, game, "1")
    game = Game.objects.get(pk=game.pk)
    assert game.finished is not None and state(game).winner == 1
    for client in (owner, other, watcher):
        assert client.get(f"/games/{game.pk}/state/", **HTMX)["HX-Redirect"] == f"/games/{game.pk}/result/"


def test_on_one_phone_the_player_ends_alone(alice_client, alice):
    from tests.web.test_games_live import start

    game = start(alice_client, alice, "iron-and-honor-northmen-raiding-party")
    page = alice_client.post(f"/games/{game.pk}/finish/", {"winner": "1"}).content.decode()
    assert "End the game?" in page and "Propose" not in page
    assert alice_client.post(f"/games/{game.pk}/finish/", {"winner": "1", "confirm": "1"}).status_code == 302
    assert Game.objects.get(pk=game.pk).finished is not None and state(game).winner == 1


def test_brutality_before_turn_4_is_stopped_without_a_result(alice_client, alice):
    game, owner, other, _watcher = seated(alice_client, alice, "brutality-moderate-points")
    page = owner.post(f"/games/{game.pk}/finish/", {"winner": "0"}).content.decode()
    assert "the game ends at the end of Turn 4 (Game Length)" in page and "stop here without a result" in page
    end_agreed(owner, other, game)
    result = other.get(f"/games/{game.pk}/result/").content.decode()
    assert "without a result" in result and "Winner:" not in result
    assert state(game).public["stopped"] is True


def test_beestwars_a_proposal_names_the_winner(alice_client, alice):
    game, owner, _other, _watcher = seated(alice_client, alice)
    page = owner.post(f"/games/{game.pk}/finish/", {"winner": ""}).content.decode()
    assert "agree has won (p.9)" in page and "Yes, ask the other player" not in page
    refused = owner.post(f"/games/{game.pk}/finish/", {"winner": "", "confirm": "1"})
    assert refused.status_code == 409 and Game.objects.get(pk=game.pk).finished is None


def test_the_result_page_follows_the_game_for_a_reopen(alice_client, alice):
    game, owner, other, watcher = seated(alice_client, alice, "iron-and-honor-northmen-raiding-party")
    end_agreed(owner, other, game)
    for client in (other, watcher):
        page = client.get(f"/games/{game.pk}/result/").content.decode()
        assert f'data-state="/games/{game.pk}/state/"' in page and f'data-table="/games/{game.pk}/"' in page
        assert "js/play-result.js" in page
        assert client.get(f"/games/{game.pk}/state/", **HTMX).status_code == 204
    assert owner.post(f"/games/{game.pk}/reopen/").status_code == 302
    for client in (other, watcher):
        assert client.get(f"/games/{game.pk}/state/", **HTMX).status_code == 200


def test_a_proposal_is_not_read_by_an_unseated_client(alice_client, alice):
    game, owner, _other, _watcher = seated(alice_client, alice, "iron-and-honor-northmen-raiding-party")
    assert owner.post(f"/games/{game.pk}/finish/", {"winner": "0", "confirm": "1"}).status_code == 302
    stranger = Client()
    assert stranger.get(f"/games/{game.pk}/state/", **HTMX).status_code in (302, 404)


def test_on_one_phone_brutality_before_turn_4_is_stopped_and_the_log_says_both_agreed(alice_client, alice):
    from tests.web.test_games_live import start

    game = start(alice_client, alice, "brutality-moderate-points")
    page = alice_client.post(f"/games/{game.pk}/finish/", {"winner": ""}).content.decode()
    assert "Ending now <strong>stops it here without a result</strong>" in page
    assert alice_client.post(f"/games/{game.pk}/finish/", {"winner": "", "confirm": "1"}).status_code == 302
    game = Game.objects.get(pk=game.pk)
    assert [e["action"] for e in game.events] == ["propose-end", "accept-end"]
    after = state(game)
    assert game.finished is not None and after.finished and after.winner is None and after.public["stopped"]
    # The export replays to the same stop (replay_game reads the events only).
    exported = alice_client.get(f"/games/{game.pk}/export.json").json()
    assert exported["result"]["finished"] is True and exported["result"]["winner"] is None
