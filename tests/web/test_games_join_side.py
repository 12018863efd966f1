"""The joiner plays their own warband (issue 20 item 1, docs/play.md "Two phones"): on the
join page, "Play the other side" keeps the list the owner set up in one tap, or the
joiner replaces side 1 with one of their rosters, a share link, an uploaded export or a
typed list (the game start's SideForm, roster.games.sides.chosen_side). Only while the
game has no action; a roster of another game system, a stopped share link, another
player's roster id and a bad upload are refused at the field with nothing changed."""

from __future__ import annotations

import json
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from roster.games import operations
from roster.games.models import Game
from roster.rosters.models import ShareLink
from roster.rosters.operations import create_roster, save_revision
from tests.ih import example
from tests.web.cast import make_user

BEESTWARS = "beestwars-clovis-300"


@pytest.fixture(autouse=True)
def fresh_states():
    """Each test's database reuses game ids: forget the states other tests replayed."""
    operations._STATES.clear()


@pytest.fixture
def game(alice_client, alice) -> Game:
    """Alice's Beestwars game against a typed list (Bandits), with its join code."""
    roster = create_roster(alice, example(BEESTWARS))
    alice_client.post(
        f"/rosters/{roster.pk}/play/",
        {"opponent": "typed", "typed_name": "Bandits", "typed": "Bandit chief, 3\nBandit 2"},
    )
    alice_client.get("/games/")  # nothing yet
    made = Game.objects.get(owner=alice)
    alice_client.get(f"/games/{made.pk}/")  # the owner's table gives it a code
    return Game.objects.get(pk=made.pk)


def raiders(name: str = "Stone Hoof's raiders") -> dict:
    document = example(BEESTWARS)
    document["name"] = name
    return document


def own(client: Client, game: Game, **data):
    return client.post(f"/join/{game.code}/", {"choice": "own", **data})


def first_action(client: Client, game: Game) -> None:
    """The owner's first action: a card drawn from the Beestwars activation deck."""
    response = client.post(f"/games/{game.pk}/act/", {"id": uuid.uuid4().hex, "side": 0, "do": "draw"})
    assert response.status_code == 302 and len(Game.objects.get(pk=game.pk).events) == 1


def side_1(game: Game):
    return Game.objects.get(pk=game.pk).snapshot_model.sides[1]


def unchanged(game: Game) -> bool:
    stored = Game.objects.get(pk=game.pk)
    return stored.snapshot == game.snapshot and not stored.side_hash and stored.guest_id is None


def test_the_join_page_offers_the_set_up_list_in_one_tap_and_my_own_warband(game):
    page = Client().get(f"/join/{game.code}/").content.decode()
    assert "Play the other side: Bandits" in page and "Play my own warband instead" in page
    assert 'value="link"' in page and 'value="mine"' not in page  # no account: no rosters
    response = Client().post(f"/join/{game.code}/", {"choice": "side"})
    assert response.status_code == 302
    assert side_1(game).name == "Bandits"


def test_a_logged_in_joiner_plays_one_of_their_rosters_as_it_is_now(alice_client, game, bob, bob_client):
    mine = create_roster(bob, raiders())
    create_roster(bob, example("brutality-moderate-points"))  # another system: not offered
    page = bob_client.get(f"/join/{game.code}/").content.decode()
    assert "Stone Hoof&#x27;s raiders" in page and "Sheriff" not in page
    response = own(bob_client, game, opponent="mine", mine=mine.pk)
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    side = side_1(game)
    assert (side.origin, side.roster_id, side.player) == ("roster", mine.pk, "bob")
    assert side.document == mine.document
    stored = Game.objects.get(pk=game.pk)
    # the owner plays the same warband: the second is told apart (sides.told_apart)
    assert stored.guest == bob and stored.name.endswith(" v Stone Hoof's raiders (2)")
    assert (
        stored.summary["sides"][1]["name"] == "Stone Hoof's raiders (2)"
    )  # My games names the joiner's side
    assert f"/games/{game.pk}/" in bob_client.get("/games/").content.decode()  # under My games
    assert (
        "You play <strong>Stone Hoof&#x27;s raiders" in bob_client.get(f"/games/{game.pk}/").content.decode()
    )
    # editing the roster later never changes the game
    save_revision(mine, {**mine.document, "models": mine.document["models"][1:]}, "cut", mine.revision)
    assert len(operations.state_of(Game.objects.get(pk=game.pk)).sides[1].models) == len(side.models)


def test_the_owners_table_learns_of_the_new_side_without_a_reload(alice_client, game, bob, bob_client):
    before = alice_client.get(f"/games/{game.pk}/state/")  # replayed and cached with Bandits
    assert "Bandit chief" in before.content.decode()
    own(bob_client, game, opponent="mine", mine=create_roster(bob, raiders()).pk)
    after = alice_client.get(f"/games/{game.pk}/state/", HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    body = after.content.decode()
    assert "Stone Hoof&#x27;s raiders" in body and "Bandit chief" not in body


def test_a_share_link_an_upload_and_a_typed_list(game, bob):
    shared = create_roster(bob, raiders("Shared raiders"))
    link = ShareLink.objects.create(roster=shared)
    assert own(Client(), game, opponent="link", link=f"http://testserver/s/{link.token}/").status_code == 302
    side = side_1(game)
    assert (side.origin, side.roster_id, side.player, side.name) == (
        "roster",
        shared.pk,
        "bob",
        "Shared raiders",
    )

    Game.objects.filter(pk=game.pk).update(side_hash="")  # the owner freed the side
    upload = SimpleUploadedFile("r.json", json.dumps(raiders("Uploaded")).encode(), "application/json")
    assert own(Client(), game, opponent="upload", upload=upload).status_code == 302
    assert (side_1(game).origin, side_1(game).name) == ("export", "Uploaded")

    Game.objects.filter(pk=game.pk).update(side_hash="")
    typed = {"opponent": "typed", "typed_name": "Goblins", "typed": "Boss, 4\nGrunt 2"}
    assert own(Client(), game, **typed).status_code == 302
    assert [(m.name, m.wounds) for m in side_1(game).models] == [("Boss", 4), ("Grunt", 2)]
    assert Game.objects.get(pk=game.pk).name.endswith(" v Goblins")


def test_after_the_first_action_the_side_is_kept_and_the_choice_refused(alice_client, game, bob, bob_client):
    first_action(alice_client, game)
    game = Game.objects.get(pk=game.pk)
    assert len(game.events) == 1
    page = Client().get(f"/join/{game.code}/").content.decode()
    assert "Play my own warband" not in page and "The game has begun" in page
    response = own(bob_client, game, opponent="mine", mine=create_roster(bob, raiders()).pk)
    assert response.status_code == 422 and "The game has begun" in response.content.decode()
    assert unchanged(game)
    assert Client().post(f"/join/{game.code}/", {"choice": "side"}).status_code == 302  # keeping still works


def test_an_action_between_the_page_and_the_choice_refuses_it_too(alice_client, game, bob, bob_client):
    """The compare-and-set of seats.take_side: the game read at version 0, an action lands."""
    from roster.games.seats import take_side

    roster = create_roster(bob, raiders())
    stale = Game.objects.get(pk=game.pk)
    first_action(alice_client, game)
    from django.http import HttpResponse
    from django.test import RequestFactory

    from roster.games.sides import roster_side

    request = RequestFactory().post("/")
    request.user = bob
    assert not take_side(request, stale, HttpResponse(), roster_side(roster))
    assert Game.objects.get(pk=game.pk).snapshot_model.sides[1].name == "Bandits"


def test_a_roster_of_another_game_system_is_refused(game, bob, bob_client):
    brutality = create_roster(bob, example("brutality-moderate-points"))
    link = ShareLink.objects.create(roster=brutality)
    response = own(Client(), game, opponent="link", link=link.token)
    body = response.content.decode()
    assert response.status_code == 422
    assert "That roster is for Brutality" in body and "this game is The Denizens" in body
    assert 'id="id_link_error"' in body and link.token in body  # at the field, what was typed kept
    upload = SimpleUploadedFile("b.json", json.dumps(brutality.document).encode(), "application/json")
    assert own(Client(), game, opponent="upload", upload=upload).status_code == 422
    assert own(bob_client, game, opponent="mine", mine=brutality.pk).status_code == 422
    assert unchanged(game)


def test_a_bad_upload_is_said_at_the_field(game):
    upload = SimpleUploadedFile("x.json", b"{not json", "application/json")
    response = own(Client(), game, opponent="upload", upload=upload)
    body = response.content.decode()
    assert response.status_code == 422 and 'id="id_upload_error"' in body
    assert '<details class="play-own" open>' in body  # the form stays open with its message
    assert unchanged(game)


def test_a_bad_typed_list_keeps_what_was_typed(game):
    response = own(Client(), game, opponent="typed", typed_name="Goblins", typed="Boss, 400")
    body = response.content.decode()
    assert response.status_code == 422 and "Wounds / Hit Points are 1 to 99" in body
    assert "Boss, 400" in body and 'value="Goblins"' in body
    assert unchanged(game)


def test_a_stopped_share_link_is_refused(game, bob):
    link = ShareLink.objects.create(roster=create_roster(bob, raiders()), revoked=timezone.now())
    response = own(Client(), game, opponent="link", link=link.token)
    assert response.status_code == 422 and "No roster is shared at that link" in response.content.decode()
    assert unchanged(game)


def test_another_players_roster_id_is_refused_without_a_word_of_it(game, bob, bob_client):
    carol = make_user("carol")
    hers = create_roster(carol, raiders("Carol's secret raiders"))
    for client in (bob_client, Client()):
        response = own(client, game, opponent="mine", mine=hers.pk)
        body = response.content.decode()
        assert response.status_code == 422 and "secret" not in body
    assert unchanged(game)


def test_a_held_side_cannot_be_replaced_by_another_phone(game, bob):
    assert Client().post(f"/join/{game.code}/", {"choice": "side"}).status_code == 302
    response = own(Client(), game, opponent="typed", typed="Boss, 4")
    assert response.status_code == 422 and "already holds" in response.content.decode()
    assert side_1(game).name == "Bandits"


def test_the_rule_problems_of_the_joiners_roster_are_shown_once(alice_client, game, bob, bob_client):
    document = raiders("Far too many")
    document["models"] = document["models"] * 4
    document["options"] = {"points_limit": 200}
    roster = create_roster(bob, document)
    own(bob_client, game, opponent="mine", mine=roster.pk)
    assert side_1(game).issues
    for client in (alice_client, bob_client):
        page = client.get(f"/games/{game.pk}/").content.decode()
        assert "Rule problems at the start" in page and "Far too many:" in page


def test_choosing_my_own_warband_counts_as_a_join(settings, game):
    settings.MUSTER_RATES = {**settings.MUSTER_RATES, "join": "2/h"}
    phone = Client()
    bad = {"opponent": "typed", "typed": ""}
    assert [own(phone, game, **bad).status_code for _ in range(3)] == [422, 422, 429]
    assert unchanged(game)


def test_an_action_read_against_the_old_side_goes_round_again(game, bob):
    """The owner's tap read the game before the joiner replaced side 1 (same version 0):
    the writer's compare-and-set sees the new holder and judges the tap, and answers the
    state, on the new side (a tap that made no sense there would be refused, not kept)."""
    from django.http import HttpResponse
    from django.test import RequestFactory

    from roster.games.seats import take_side
    from roster.games.sides import roster_side
    from rules.play.core import Event

    stale = Game.objects.get(pk=game.pk)
    request = RequestFactory().post("/")
    request.user = bob
    assert take_side(request, stale, HttpResponse(), roster_side(create_roster(bob, raiders())))
    stale.refresh_from_db(fields=["events"])  # the log only: as a tap in flight had it
    stunned = Event(id=uuid.uuid4().hex, side=0, action="status", target=1, model=0, value="Stunned")
    played = operations.act(stale, stunned)  # model 0 is on both sides: valid either way
    assert played.applied and played.state.sides[1].name == "Stone Hoof's raiders (2)"
    assert operations.state_of(Game.objects.get(pk=game.pk)).sides[1].models[0].status == "stunned"


def test_a_visitor_logs_in_from_the_join_page_and_comes_back_to_it(game, bob):
    page = Client().get(f"/join/{game.code}/").content.decode()
    login = f"/accounts/login/?next=/join/{game.code}/"
    assert login in page
    phone = Client()
    response = phone.post(login, {"login": "bob", "password": "bob-secret-pw-123"})
    assert response.status_code == 302 and response["Location"] == f"/join/{game.code}/"
