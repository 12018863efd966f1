"""The poll's fast path (issue 20, roster.games.polling): "changed since?" answered 304
in one query, before sessions, users and templates, and only to the viewer whose ETag it
is; anything else (a stranger, a forged or an old ETag, a revoked side or watch link, a
new login) goes on to the state view, which answers as always."""

from __future__ import annotations

import pytest
from django.test import Client

from roster.games import operations
from roster.games.models import Game
from tests.web.test_games_live import HTMX, seated, tap

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_states():
    """Each test's database reuses game ids: forget the states other tests replayed."""
    operations._STATES.clear()


@pytest.fixture
def table(alice_client, alice):
    """A Beestwars game with both sides and a watcher (tests.web.test_games_live.seated)."""
    return seated(alice_client, alice)


def poll(client: Client, game: Game, etag: str | None = None):
    extra = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    return client.get(f"/games/{game.pk}/state/", **HTMX, **extra)


def test_every_viewer_gets_a_304_in_one_query_while_nothing_changes(table, django_assert_num_queries):
    game, owner, other, watcher = table
    for client in (owner, other, watcher):
        etag = poll(client, game)["ETag"]
        with django_assert_num_queries(1):
            again = poll(client, game, etag)
        assert again.status_code == 304
        assert again["ETag"] == etag
        assert "no-cache" in again["Cache-Control"] and "private" in again["Cache-Control"]


def test_a_change_ends_the_304_for_everyone(alice_client, alice):
    game, owner, other, watcher = seated(alice_client, alice, "brutality-moderate-points")
    etags = {c: poll(c, game)["ETag"] for c in (owner, other, watcher)}
    assert tap(owner, game, "wound", target=1, model=0).status_code == 200
    for client, etag in etags.items():
        assert poll(client, game, etag).status_code == 200


def no_table(response) -> bool:
    """Neither a 304 nor the table: a 404, or (no login, no seat) the log-in page."""
    if response.status_code == 302:
        return response["Location"].startswith("/accounts/login/")
    return response.status_code == 404


def test_each_viewers_etag_is_theirs_alone(table):
    game, _owner, other, watcher = table
    mine = poll(watcher, game)["ETag"]
    assert poll(other, game)["ETag"] != mine
    # A stranger replaying the watcher's ETag learns nothing: the state view sends a
    # logged-out request with no seat to log in, as for any game id.
    assert no_table(poll(Client(), game, mine))
    # The other side's phone, sending the watcher's ETag, gets its own table...
    assert poll(other, game, mine).status_code == 200
    # ...and an ETag with its signature changed is not honoured either.
    forged = mine[:-5] + ("0000" if not mine.endswith('0000"') else "1111") + '"'
    assert poll(watcher, game, forged).status_code == 200


def test_a_revoked_watch_link_or_side_is_never_answered_304(table):
    game, owner, other, watcher = table
    watching, playing = poll(watcher, game)["ETag"], poll(other, game)["ETag"]
    owner.post(f"/games/{game.pk}/revoke/", {"what": "watch"})
    assert no_table(poll(watcher, game, watching))
    owner.post(f"/games/{game.pk}/revoke/", {"what": "side"})
    assert no_table(poll(other, game, playing))


def test_logging_out_ends_the_fast_path(table):
    game, owner, _other, _watcher = table
    etag = poll(owner, game)["ETag"]
    owner.logout()
    assert poll(owner, game, etag).status_code in (302, 404)


def test_an_undo_that_keeps_the_length_of_the_log_is_a_change(alice_client, alice):
    game, owner, _other, watcher = seated(alice_client, alice, "brutality-moderate-points")
    assert tap(owner, game, "wound", target=1, model=0).status_code == 200
    assert tap(owner, game, "wound", target=1, model=1).status_code == 200
    etag = poll(watcher, game)["ETag"]  # the watcher has seen two wounds (version 2)
    first = Game.objects.get(pk=game.pk).event_models[0].id
    assert tap(owner, game, "wound", target=1, model=0).status_code == 200
    assert owner.post(f"/games/{game.pk}/undo/", {"event": first}, **HTMX).status_code == 200
    assert len(Game.objects.get(pk=game.pk).events) == 2  # the same length, another log
    assert poll(watcher, game, etag).status_code == 200


@pytest.mark.parametrize("pk", ["0", "9223372036854775808", "99999999999999999999999"])
def test_an_id_past_any_game_is_a_404_not_a_500(alice_client, pk):
    """A game id no database can hold (past 64 bits, where SQLite refuses the parameter)
    is no game, on the fast path (a well-formed signed ETag) and off it."""
    tag = f'"game-{pk}-v1-w1.0123456789abcdef0123456789abcdef"'
    polled = alice_client.get(f"/games/{pk}/state/", HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=tag)
    assert polled.status_code == 404
    assert alice_client.get(f"/games/{pk}/").status_code == 404
    assert alice_client.post(f"/games/{pk}/act/", {"do": "wound"}, HTTP_HX_REQUEST="true").status_code == 404
