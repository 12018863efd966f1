"""The table's web side (issue 19): one POST per action with a client-made id (applied
once), refusals with the reason and nothing changed, undo, ETag / 304, access, finish.
Runs against a tiny system's rules of play (tests/web/play_fake.py)."""

from __future__ import annotations

import uuid

import pytest

from roster.games import operations
from roster.games.models import Game
from tests.systems.tiny.register import registered
from tests.systems.tiny.rules import SYSTEM as TINY
from tests.web.play_fake import FakeRules, snapshot

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def fake_rules(settings, monkeypatch):
    """Tiny Skirmish registered, with the fake rules of play as its ``play``."""
    rules = FakeRules()
    with registered(settings, monkeypatch):
        monkeypatch.setattr(TINY, "play", rules)
        yield rules


@pytest.fixture
def game(alice, fake_rules):
    return operations.start_game(alice, snapshot(), "Raiders v Opponents")


def tap(client, game, do, *, model=None, target=None, side=0, id=None, htmx=True):
    data = {"id": id or uuid.uuid4().hex, "side": side, "do": do}
    if model is not None:
        data.update(model=model, target=0 if target is None else target)
    elif target is not None:
        data["target"] = target
    return client.post(f"/games/{game.pk}/act/", data, **(HTMX if htmx else {}))


def stored(game):
    return Game.objects.get(pk=game.pk)


def test_an_action_answers_with_the_tables_fragment(alice_client, game):
    response = tap(alice_client, game, "wound", model=0)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="table"')
    assert 'data-version="1"' in html
    assert "1/2" in html
    assert len(stored(game).events) == 1


def test_a_resent_action_is_applied_once(alice_client, game):
    same = uuid.uuid4().hex
    assert tap(alice_client, game, "wound", model=0, id=same).status_code == 200
    assert tap(alice_client, game, "wound", model=0, id=same).status_code == 200
    fresh = stored(game)
    assert len(fresh.events) == 1
    assert operations.state_of(fresh).sides[0].models[0].wounds == 1


def test_a_plain_post_is_redirected_back_to_the_table(alice_client, game):
    response = tap(alice_client, game, "wound", model=1, htmx=False)
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/"
    page = alice_client.get(f"/games/{game.pk}/").content.decode()
    assert "Bera loses a wound" in page


def test_a_refused_action_answers_the_reason_and_changes_nothing(alice_client, game):
    tap(alice_client, game, "wound", model=0)
    tap(alice_client, game, "wound", model=0)
    response = tap(alice_client, game, "wound", model=0)
    assert response.status_code == 409
    assert "Aldric is already killed" in response.content.decode()
    assert len(stored(game).events) == 2
    plain = tap(alice_client, game, "heal", model=1, htmx=False)
    assert plain.status_code == 409
    assert "Bera has every wound" in plain.content.decode()
    assert len(stored(game).events) == 2


def test_a_consequence_is_shown_as_a_notice(alice_client, game):
    tap(alice_client, game, "status:Stunned", model=2)
    html = tap(alice_client, game, "status:Stunned", model=2).content.decode()
    assert "Cole is killed: a second Stunned (p.2)" in html


def test_killed_models_are_at_the_bottom(alice_client, game):
    tap(alice_client, game, "wound", model=0)
    html = tap(alice_client, game, "wound", model=0).content.decode()
    assert html.index('id="m-0-1"') < html.index('id="m-0-2"') < html.index('id="m-0-0"')
    assert 'class="play-row killed" id="m-0-0"' in html


def test_a_form_that_does_not_read_is_422(alice_client, game):
    response = alice_client.post(f"/games/{game.pk}/act/", {"id": "short", "side": 0, "do": "wound"}, **HTMX)
    assert response.status_code == 422
    assert len(stored(game).events) == 0


def test_undo_takes_back_the_named_action_once(alice_client, game):
    tap(alice_client, game, "wound", model=0)
    tap(alice_client, game, "spend:Luck", target=0)
    latest = stored(game).events[-1]["id"]
    assert alice_client.post(f"/games/{game.pk}/undo/", {"event": latest}, **HTMX).status_code == 200
    again = alice_client.post(f"/games/{game.pk}/undo/", {"event": latest}, **HTMX)
    assert again.status_code == 409
    fresh = stored(game)
    assert len(fresh.events) == 1
    state = operations.state_of(fresh)
    assert state.sides[0].resources["Fate"] == 2
    assert state.sides[0].models[0].wounds == 1


def test_undo_of_any_action_from_the_log(alice_client, game):
    tap(alice_client, game, "wound", model=0)
    first = stored(game).events[0]["id"]
    tap(alice_client, game, "wound", model=1)
    alice_client.post(f"/games/{game.pk}/undo/", {"event": first}, **HTMX)
    state = operations.state_of(stored(game))
    assert [m.wounds for m in state.sides[0].models] == [2, 1, 2]


def test_the_state_carries_its_version_as_etag_and_answers_304(alice_client, game):
    first = alice_client.get(f"/games/{game.pk}/state/")
    assert first.status_code == 200
    etag = first["ETag"]
    assert etag.startswith(f'"game-{game.pk}-v0-w')  # the last write, signed (roster.games.polling)
    unchanged = alice_client.get(f"/games/{game.pk}/state/", HTTP_IF_NONE_MATCH=etag)
    assert unchanged.status_code == 304
    tap(alice_client, game, "wound", model=0)
    changed = alice_client.get(f"/games/{game.pk}/state/", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"].startswith(f'"game-{game.pk}-v1-w')


def test_random_outcomes_are_decided_on_the_server(alice_client, game):
    tap(alice_client, game, "draw", side=0)
    outcome = stored(game).events[0]["outcome"]
    assert outcome["die"] in (0, 1)


@pytest.mark.parametrize(
    "url",
    ["/games/{pk}/", "/games/{pk}/state/", "/games/{pk}/result/", "/games/{pk}/export.txt"],
)
def test_it_returns_404_to_strangers(bob_client, game, url):
    assert bob_client.get(url.format(pk=game.pk)).status_code == 404


@pytest.mark.parametrize("action", ["act", "undo", "finish", "delete"])
def test_strangers_cannot_act(bob_client, game, action):
    response = bob_client.post(
        f"/games/{game.pk}/{action}/", {"id": uuid.uuid4().hex, "side": 0, "do": "draw"}
    )
    assert response.status_code == 404
    assert len(stored(game).events) == 0
    assert stored(game).finished is None


def test_anonymous_visitors_are_sent_to_log_in(anon_client, game):
    response = anon_client.get(f"/games/{game.pk}/")
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_finish_shows_the_result_and_keeps_the_log(alice_client, game):
    tap(alice_client, game, "wound", model=0)
    tap(alice_client, game, "wound", model=0)
    response = alice_client.post(f"/games/{game.pk}/finish/", {"confirm": "1"})
    assert response["Location"] == f"/games/{game.pk}/result/"
    page = alice_client.get(f"/games/{game.pk}/result/").content.decode()
    assert "Game over" in page
    assert "Casualties</strong> (1 of 3): Aldric (turn 1)" in page
    assert "Aldric loses a wound" in page
    assert alice_client.get(f"/games/{game.pk}/").status_code == 302  # the table sends to the result
    late = tap(alice_client, game, "wound", model=1)
    assert late.status_code == 409
    assert len(stored(game).events) == 2
    listing = alice_client.get("/games/").content.decode()
    assert "Raiders v Opponents" in listing and "Finished" in listing


def test_the_rules_finishing_the_game_sends_htmx_to_the_result(alice_client, game):
    for _ in range(3):
        tap(alice_client, game, "next-turn")
    last = tap(alice_client, game, "next-turn")
    assert last.status_code == 204
    assert last["HX-Redirect"] == f"/games/{game.pk}/result/"
    assert stored(game).finished is not None


def test_plain_text_export(alice_client, game):
    tap(alice_client, game, "wound", model=0)
    response = alice_client.get(f"/games/{game.pk}/export.txt")
    assert response["Content-Type"].startswith("text/plain")
    text = response.content.decode()
    # The fake rules declare no "score": no Victory Points line (PlayRules.victory_points).
    assert "\nRaiders\n" in text and "Victory Points" not in text
    assert "1. Raiders: Aldric loses a wound" in text


def test_deleting_the_account_deletes_its_games(alice, game):
    alice.delete()
    assert not Game.objects.filter(pk=game.pk).exists()
