"""Two phones, one game (issue 20): joining by code with no account, seats held by a
token cookie, watchers (403 on every action), the Beestwars card held back from the
other side and the watchers in every response, undo of one's own side only, revokes,
limits, and the writer under concurrent appends."""

from __future__ import annotations

import json
import re
import threading
import uuid

import pytest
from django.db import connection
from django.test import Client

from roster.games import operations
from roster.games.models import CODE_ALPHABET, Game
from roster.games.seats import MAX_LIVE_PER_BROWSER, SIDE_COOKIE, token_hash
from roster.rosters.operations import create_roster
from rules.play.core import Event
from tests.ih import example

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def fresh_states():
    """Each test's database reuses game ids: forget the states other tests replayed."""
    operations._STATES.clear()


def start(client: Client, user, slug: str = "beestwars-clovis-300") -> Game:
    roster = create_roster(user, example(slug))
    client.post(
        f"/rosters/{roster.pk}/play/",
        {"opponent": "typed", "typed_name": "Bandits", "typed": "Bandit chief, 3\nBandit 2"},
    )
    return Game.objects.filter(owner=user).latest("pk")


def code_of(client: Client, game: Game) -> str:
    page = client.get(f"/games/{game.pk}/").content.decode()
    found = re.search(r'class="play-code"[^>]*>([A-Z0-9]{5})<', page)
    assert found, "the owner's table shows the join code"
    return found.group(1)


def join(client: Client, code: str, choice: str):
    return client.post(f"/join/{code}/", {"choice": choice})


def tap(client: Client, game: Game, do: str, *, side: int = 0, **extra):
    data = {"id": uuid.uuid4().hex, "side": side, "do": do, **extra}
    return client.post(f"/games/{game.pk}/act/", data, **HTMX)


def end_agreed(proposer: Client, answerer: Client, game: Game, winner: str = "0") -> None:
    """With two phones a game ends when both agree (issue 40): ``proposer`` proposes
    (End the game, confirmed), the other phone accepts."""
    assert proposer.post(f"/games/{game.pk}/finish/", {"winner": winner, "confirm": "1"}).status_code == 302
    side = 1 if operations.state_of(Game.objects.get(pk=game.pk)).public["end_offer"]["side"] == 0 else 0
    assert tap(answerer, game, "accept-end", side=side).status_code == 204


def seated(alice_client, alice, slug: str = "beestwars-clovis-300"):
    """A game of alice's with the other side taken by an anonymous phone and one
    anonymous watcher: (game, owner, other side, watcher)."""
    game = start(alice_client, alice, slug)
    code = code_of(alice_client, game)
    other, watcher = Client(), Client()
    assert join(other, code, "side").status_code == 302
    assert join(watcher, code, "watch").status_code == 302
    return Game.objects.get(pk=game.pk), alice_client, other, watcher


@pytest.fixture
def table(alice_client, alice):
    """A Beestwars game with both sides and a watcher (see :func:`seated`)."""
    return seated(alice_client, alice)


def test_the_owner_sees_a_qr_code_a_link_and_a_short_code(alice_client, alice):
    game = start(alice_client, alice)
    page = alice_client.get(f"/games/{game.pk}/").content.decode()
    code = code_of(alice_client, game)
    assert len(code) == 5 and set(code) <= set(CODE_ALPHABET)
    assert "<svg" in page and f"/join/{code}/" in page
    join_page = Client().get(f"/join/{code}/").content.decode()
    assert "Play the other side" in join_page and "Watch" in join_page


def test_a_typed_code_opens_the_join_page_and_a_wrong_one_says_why(alice_client, alice):
    game = start(alice_client, alice)
    code = code_of(alice_client, game)
    response = Client().post("/join/", {"code": f" {code.lower()[:2]}-{code.lower()[2:]} "})
    assert response["Location"] == f"/join/{code}/"
    wrong = Client().post("/join/", {"code": "AAAA"})
    assert wrong.status_code == 422 and "5 letters" in wrong.content.decode()


def test_the_other_side_is_held_by_a_random_token_and_acts_as_side_1(table):
    game, owner, other, _watcher = table
    cookie = other.cookies[SIDE_COOKIE.format(pk=game.pk)]
    assert len(cookie.value) >= 32 and cookie["httponly"]
    assert game.side_hash == token_hash(cookie.value)
    assert "You play" in other.get(f"/games/{game.pk}/").content.decode()
    tap(other, game, "spend:+1 Skill", side=0, target=1)  # the form says 0
    assert Game.objects.get(pk=game.pk).event_models[-1].side == 1
    # a second phone cannot take the side any more
    third = Client()
    response = join(third, code_of(owner, game), "side")
    assert response.status_code == 422 and "already" in response.content.decode()


def test_watchers_see_the_table_and_every_action_url_is_403(table):
    game, _owner, _other, watcher = table
    page = watcher.get(f"/games/{game.pk}/").content.decode()
    assert "Watching" in page and "Bandit chief" in page
    for action in ("act", "undo", "finish"):
        response = watcher.post(
            f"/games/{game.pk}/{action}/", {"id": uuid.uuid4().hex, "side": 0, "do": "draw"}
        )
        assert response.status_code == 403, action
    assert len(Game.objects.get(pk=game.pk).events) == 0
    assert watcher.post(f"/games/{game.pk}/delete/").status_code in (302, 404)
    assert Game.objects.filter(pk=game.pk).exists()


def responses(client: Client, game: Game) -> list[str]:
    """Every response a viewer can get about the game."""
    urls = ["/", "/state/", "/result/", "/export.json", "/export.txt"]
    out = []
    for url in urls:
        response = client.get(f"/games/{game.pk}{url}", **(HTMX if url == "/state/" else {}))
        assert response.status_code in (200, 302), (url, response.status_code)
        out.append(response.content.decode())
    return out


def test_the_card_drawn_is_seen_by_the_drawer_only_until_the_activation_ends(table):
    game, owner, other, watcher = table
    state = operations.state_of(game)
    drawer = state.public["drawer"]
    drawer_client, active_client = (owner, other) if drawer == 0 else (other, owner)
    answer = tap(drawer_client, game, "draw")
    assert answer.status_code == 200
    game = Game.objects.get(pk=game.pk)
    card = game.event_models[-1].outcome["card"]
    mine = drawer_client.get(f"/games/{game.pk}/").content.decode()
    assert re.search(rf'play-card-value">{card}<', mine)
    exported = json.loads(drawer_client.get(f"/games/{game.pk}/export.json").content)
    assert exported["events"][-1]["outcome"]["card"] == card
    for viewer in (active_client, watcher):
        for body in responses(viewer, game):
            assert "play-card-value" not in body
            assert f'"card": {card}' not in body and f"card was {card}" not in body
        data = json.loads(viewer.get(f"/games/{game.pk}/export.json").content)
        assert data["events"][-1]["outcome"] == {}
    # the active commander asks, one step at a time; then the activation ends: shown to all
    tap(active_client, game, "ask")
    tap(active_client, game, "done")
    game = Game.objects.get(pk=game.pk)
    if operations.state_of(game).phase == "draw":
        for viewer in (active_client, watcher, drawer_client):
            assert f"the card was {card}" in viewer.get(f"/games/{game.pk}/").content.decode()


def test_two_wounds_from_two_phones_are_two_wounds_and_undo_is_ones_own(alice_client, alice):
    game, owner, other, _watcher = seated(alice_client, alice, "brutality-moderate-points")
    wounds = operations.state_of(game).sides[1].models[0].wounds
    assert wounds is not None, operations.state_of(game).sides[1].models[0]
    tap(owner, game, "wound", target=1, model=0)
    # the same wound from the other phone a moment later is asked about (issue 28) ...
    assert tap(other, game, "wound", target=1, model=0).status_code == 409
    assert tap(other, game, "wound", target=1, model=0, confirm="1").status_code == 200  # ... and confirmed
    game = Game.objects.get(pk=game.pk)
    assert operations.state_of(game).sides[1].models[0].wounds == wounds - 2
    other.post(f"/games/{game.pk}/undo/", {"event": ""}, **HTMX)
    game = Game.objects.get(pk=game.pk)
    assert [e.side for e in game.event_models] == [0]
    assert operations.state_of(game).sides[1].models[0].wounds == wounds - 1
    # The wound the owner's phone recorded is on side 1's model: its player may take it
    # back (issue 28: the model's owner undoes an effect on their own model) ...
    owners = game.event_models[0].id
    assert other.post(f"/games/{game.pk}/undo/", {"event": owners}, **HTMX).status_code == 200
    assert operations.state_of(Game.objects.get(pk=game.pk)).sides[1].models[0].wounds == wounds
    # ... but never a choice of the other side (the owner's Command Token, a score).
    tap(owner, game, "score", value=1)
    scored = Game.objects.get(pk=game.pk).event_models[-1].id
    refused = other.post(f"/games/{game.pk}/undo/", {"event": scored}, **HTMX)
    assert refused.status_code == 409 and "other side" in refused.content.decode()


def test_the_owner_revokes_the_side_and_the_watchers(table):
    game, owner, other, watcher = table
    old_code = game.code
    owner.post(f"/games/{game.pk}/revoke/", {"what": "side"})
    # No seat left, and no login: sent to log in, as at the table itself (views.login_when_seatless).
    assert other.get(f"/games/{game.pk}/state/")["Location"].startswith("/accounts/login/")
    assert tap(other, game, "wound", target=1, model=0)["Location"].startswith("/accounts/login/")
    owner.post(f"/games/{game.pk}/revoke/", {"what": "watch"})
    assert watcher.get(f"/games/{game.pk}/state/")["Location"].startswith("/accounts/login/")
    assert Client().get(f"/join/{old_code}/").status_code == 404
    assert code_of(owner, game) != old_code
    assert other.post(f"/games/{game.pk}/revoke/", {"what": "side"}).status_code == 404


def test_a_game_gets_its_code_and_watch_token_at_the_start_and_its_table_writes_nothing(alice_client, alice):
    game = start(alice_client, alice)
    assert game.code and game.watch_token
    fields = ("code", "watch_token", "version", "updated")
    before = Game.objects.values(*fields).get(pk=game.pk)
    assert code_of(alice_client, game) == game.code
    assert Game.objects.values(*fields).get(pk=game.pk) == before  # a GET writes nothing


def test_stopping_the_watchers_renews_the_code_and_the_watch_token_in_one_post(table):
    game, owner, _other, _watcher = table
    owner.post(f"/games/{game.pk}/revoke/", {"what": "watch"})
    renewed = Game.objects.get(pk=game.pk)
    assert renewed.code and renewed.code != game.code
    assert renewed.watch_token and renewed.watch_token != game.watch_token


def test_a_game_without_a_code_gets_one_from_the_new_code_button(alice_client, alice):
    game = start(alice_client, alice)
    Game.objects.filter(pk=game.pk).update(code=None)  # a game from before codes came at the start
    page = alice_client.get(f"/games/{game.pk}/").content.decode()
    assert "no join code yet" in page and 'class="play-code"' not in page
    assert Game.objects.get(pk=game.pk).code is None
    alice_client.post(f"/games/{game.pk}/revoke/", {"what": "watch"})
    assert code_of(alice_client, game) == Game.objects.get(pk=game.pk).code


def test_a_logged_in_opponent_finds_the_game_under_my_games(alice_client, alice, bob_client):
    game = start(alice_client, alice)
    join(bob_client, code_of(alice_client, game), "side")
    assert f"/games/{game.pk}/" in bob_client.get("/games/").content.decode()
    assert "You play" in bob_client.get(f"/games/{game.pk}/").content.decode()


def test_a_finished_game_is_read_only_for_both(table):
    game, owner, other, _watcher = table
    end_agreed(owner, other, game)
    response = tap(other, game, "wound", target=1, model=0)
    assert response.status_code == 409 and "over" in response.content.decode()
    assert Client().get(f"/join/{game.code}/").status_code == 404


def test_a_browser_holds_at_most_n_sides(alice_client, alice, bob):
    phone = Client()
    for _ in range(MAX_LIVE_PER_BROWSER):
        game = Game.objects.create(owner=bob, system="beestwars", name="g", snapshot={}, code=None)
        Game.objects.filter(pk=game.pk).update(side_hash="x")
        phone.cookies[SIDE_COOKIE.format(pk=game.pk)] = "x"
    game = start(alice_client, alice)
    response = join(phone, code_of(alice_client, game), "side")
    assert response.status_code == 422 and "finish one first" in response.content.decode()


def test_an_account_starts_at_most_n_games_in_progress(alice_client, alice):
    for _ in range(MAX_LIVE_PER_BROWSER):
        Game.objects.create(owner=alice, system="beestwars", name="g", snapshot={})
    roster = create_roster(alice, example("beestwars-clovis-300"))
    response = alice_client.post(
        f"/rosters/{roster.pk}/play/", {"opponent": "typed", "typed_name": "B", "typed": "Bandit, 2"}
    )
    assert response.status_code == 422 and "finish one first" in response.content.decode()
    assert Game.objects.filter(owner=alice).count() == MAX_LIVE_PER_BROWSER


@pytest.mark.django_db(transaction=True)
def test_concurrent_appends_are_all_kept(alice, rules_db=None):
    from django.core.management import call_command

    call_command("load_rules", verbosity=0)
    client = Client()
    client.force_login(alice)
    game = start(client, alice, "brutality-moderate-points")
    hp = operations.state_of(game).sides[1].models[0].wounds
    errors: list[BaseException] = []

    def hit() -> None:
        try:
            g = Game.objects.get(pk=game.pk)
            operations.act(g, Event(id=uuid.uuid4().hex, side=0, action="wound", target=1, model=0))
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()  # this thread's own connection (PostgreSQL drops the test database after)

    threads = [threading.Thread(target=hit) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    game = Game.objects.get(pk=game.pk)
    assert len(game.events) == 2
    assert operations.state_of(game).sides[1].models[0].wounds == hp - 2


def test_the_other_phone_is_sent_to_the_result_when_the_game_ends(table):
    game, owner, other, watcher = table
    etags = {c: c.get(f"/games/{game.pk}/state/", **HTMX)["ETag"] for c in (other, watcher)}
    end_agreed(owner, other, game)
    for client, etag in etags.items():
        polled = client.get(f"/games/{game.pk}/state/", HTTP_IF_NONE_MATCH=etag, **HTMX)
        assert polled.status_code == 204
        assert polled["HX-Redirect"] == f"/games/{game.pk}/result/"


def test_a_freed_phone_is_told_why_it_lost_its_place(table):
    game, owner, other, watcher = table
    owner.post(f"/games/{game.pk}/revoke/", {"what": "side"})
    owner.post(f"/games/{game.pk}/revoke/", {"what": "watch"})
    for client in (other, watcher):
        page = client.get(f"/games/{game.pk}/")
        assert page.status_code == 404
        assert "No longer at this table" in page.content.decode()
    # A stranger with no seat cookie still learns nothing (the log-in page).
    assert Client().get(f"/games/{game.pk}/").status_code == 302


def test_the_join_link_is_on_site_url_not_the_host_header(alice_client, alice, settings):
    settings.MUSTER_SITE_URL = "https://muster.example"
    settings.ALLOWED_HOSTS = ["testserver", "evil.example"]
    game = start(alice_client, alice)
    page = alice_client.get(f"/games/{game.pk}/", HTTP_HOST="evil.example").content.decode()
    assert "https://muster.example/join/" in page
    assert "evil.example" not in page


def test_with_two_phones_only_the_drawer_draws_and_only_the_active_commander_asks(table):
    game, owner, other, _watcher = table
    drawer = operations.state_of(game).public["drawer"]
    drawer_client, active_client = (owner, other) if drawer == 0 else (other, owner)
    refused = tap(active_client, game, "draw")
    assert refused.status_code == 409 and "draws this card (p.4)" in refused.content.decode()
    assert tap(drawer_client, game, "draw").status_code == 200
    for action in ("ask", "done"):
        refused = tap(drawer_client, game, action)
        assert refused.status_code == 409
        assert "who is active, asks or ends it (p.4)" in refused.content.decode()
    assert len(Game.objects.get(pk=game.pk).events) == 1
    assert tap(active_client, game, "done", confirm="1").status_code == 200


@pytest.mark.parametrize("slug", ["beestwars-clovis-300", "iron-and-honor-northmen-raiding-party"])
def test_with_two_phones_a_draw_stands_and_is_not_drawn_again(alice_client, alice, slug):
    """QA at the table: the drawer undid the card they had drawn and drew again until they
    liked it (4, 5, 4, 3, 4 in a row). With two phones what Muster drew (a card, a die
    out of the bag, a roll) stands; other actions are undone as before."""
    game, owner, other, _watcher = seated(alice_client, alice, slug)
    public = operations.state_of(game).public
    drawer = public.get("drawer", 0)
    drawer_client = owner if drawer == 0 else other
    assert tap(drawer_client, game, "draw", side=drawer).status_code == 200
    game = Game.objects.get(pk=game.pk)
    drawn = game.event_models[-1]
    for named in ("", drawn.id):
        refused = drawer_client.post(f"/games/{game.pk}/undo/", {"event": named}, **HTMX)
        assert refused.status_code == 409
        assert "stands" in refused.content.decode()
    game = Game.objects.get(pk=game.pk)
    assert [e.id for e in game.event_models] == [drawn.id]
    assert game.event_models[-1].outcome == drawn.outcome


def test_with_two_phones_each_player_spends_their_own_froth(table):
    """QA at the table: the other phone spent the owner's Froth (its side's Spend Froth
    was offered to both phones), and the owner could not undo it (only the side that
    tapped undoes). With two phones each player takes their own side's actions."""
    game, owner, other, _watcher = table
    refused = tap(other, game, "spend:+1 Skill", side=1, target=0)
    assert refused.status_code == 409
    assert "own side" in refused.content.decode()
    game = Game.objects.get(pk=game.pk)
    assert len(game.events) == 0
    assert operations.state_of(game).sides[0].resources["Froth"] == 5
    assert tap(other, game, "spend:+1 Skill", side=1, target=1).status_code == 200
    assert operations.state_of(Game.objects.get(pk=game.pk)).sides[1].resources["Froth"] == 4
    # each phone is offered its own side's actions only; one phone (or a watcher) as before
    for client, forms in ((owner, 1), (other, 1), (_watcher, 2)):
        page = client.get(f"/games/{game.pk}/").content.decode()
        assert page.count("play-side-acts") == forms


def test_the_public_line_names_the_activated_model_and_its_modifiers(alice_client, alice):
    """QA at the table: after an Iron & Honor activation roll the public line read
    "Activation side: 1, model: 0, modifiers: ["Hero's Will", 1], ['Cursed Hand', -1]":
    side and model numbers and Python lists. It names them now (p.31)."""
    game = start(alice_client, alice, "iron-and-honor-northmen-raiding-party")
    assert tap(alice_client, game, "draw").status_code == 200
    game = Game.objects.get(pk=game.pk)
    drawn = operations.state_of(game).public["drawn"]
    tap(alice_client, game, f"spend:{'Cursed Hand'}", side=1 - drawn, target=1 - drawn)
    assert tap(alice_client, game, "activate", side=drawn, target=drawn, model=0).status_code == 200
    assert tap(alice_client, game, "roll:4", side=drawn).status_code == 200
    game = Game.objects.get(pk=game.pk)
    state = operations.state_of(game)
    hero = state.sides[drawn].models[0].name
    page = alice_client.get(f"/games/{game.pk}/").content.decode()
    public = re.search(r'<dl class="play-public">(.*?)</dl>', page, re.S)
    assert public, page
    line = re.sub(r"<[^>]+>", " ", public.group(1))
    assert f"{hero} ({state.sides[drawn].name})" in line.replace("&#x27;", "'")
    assert "Hero&#x27;s Will +1" in line and "Cursed Hand -1" in line
    assert "side:" not in line and "model:" not in line and "[" not in line


def test_the_public_line_keeps_counts_of_0_and_1_as_numbers():
    """The bag's count of one die is a number, not side 1's name; a Beestwars standard
    held by side 1 (its index as text) is that side's name."""
    from roster.games.display import _plain
    from rules.play.core import SideState

    sides = [SideState(name="Northmen", models=[]), SideState(name="Bandits", models=[])]
    shown = dict(
        _plain({"bag": {"0": 1, "1": 0}, "drawn": 1, "standard": {"0": "1"}, "kismet_barred": 0}, sides)
    )
    assert shown == {
        "Bag": "Northmen: 1, Bandits: 0",
        "Drawn": "Bandits",
        "Standard": "Northmen: Bandits",
        "Kismet barred": "Northmen",
    }


def test_ending_a_beestwars_battle_names_the_winner_the_commanders_agree_on(table):
    """QA at the table: Beestwars has no Victory Points; the battle ends when the
    commanders agree that one side has won (p.9), but "End the game" could not say which,
    so every such result read "No winner named". The end form asks who won."""
    game, owner, other, _watcher = table
    page = owner.get(f"/games/{game.pk}/").content.decode()
    assert 'name="winner"' in page and "Bandits" in page
    wrong = owner.post(f"/games/{game.pk}/finish/", {"winner": "7", "confirm": "1"})
    assert wrong.status_code == 422 and "winner" in wrong.content.decode()
    assert Game.objects.get(pk=game.pk).finished is None
    end_agreed(owner, other, game, "1")
    game = Game.objects.get(pk=game.pk)
    state = operations.state_of(game)
    assert state.finished and state.winner == 1
    assert "Winner: <strong>Bandits</strong>" in owner.get(f"/games/{game.pk}/result/").content.decode()


def test_two_sides_with_the_same_name_are_told_apart(alice_client, alice):
    """QA at the table: both players brought the book's example warband, so the table read
    "Stone Hoof's raiders v Stone Hoof's raiders" and "Stone Hoof's raiders's commander
    draws this card": nobody could tell whose turn it was. The second side is named
    "<name> (2)", at the game's start and when a joiner brings their own warband."""
    roster = create_roster(alice, example("beestwars-clovis-300"))
    alice_client.post(f"/rosters/{roster.pk}/play/", {"opponent": "mine", "mine": roster.pk})
    game = Game.objects.filter(owner=alice).latest("pk")
    names = [side.name for side in game.snapshot_model.sides]
    assert names == ["Stone Hoof's raiders", "Stone Hoof's raiders (2)"]
    assert game.name == "Stone Hoof's raiders v Stone Hoof's raiders (2)"
    # a joiner who types a list named as the owner's side
    game = start(alice_client, alice)
    code = code_of(alice_client, game)
    joined = Client().post(
        f"/join/{code}/",
        {"choice": "own", "opponent": "typed", "typed_name": "stone hoof's raiders", "typed": "Grok\nHook"},
    )
    assert joined.status_code == 302
    names = [side.name for side in Game.objects.get(pk=game.pk).snapshot_model.sides]
    assert names == ["Stone Hoof's raiders", "stone hoof's raiders (2)"]


def test_the_public_line_says_each_systems_keys_in_its_own_words():
    """The status line's words are the system's rules of play's (PlayRules.public_labels,
    public_words, public_unset, public_side_lists): Iron & Honor's activation (p.31),
    Brutality's last activated side; without them, the keys in words."""
    from roster.games.display import _plain
    from rules.brutality.play import PLAY as BRUTALITY
    from rules.iron_honor.play import PLAY as IRON_AND_HONOR
    from rules.play.core import SideState

    sides = [SideState(name="Northmen", models=[]), SideState(name="Bandits", models=[])]
    activation = {"activation": {"action_points": None, "roll": 4, "resolution_fate": [1]}}
    assert _plain(activation, sides, IRON_AND_HONOR) == [
        ("Activation", "action points: to roll, rolled: 4, Inner Reserve / Hand of Fortune used by: Bandits")
    ]
    assert _plain(activation, sides) == [("Activation", "roll: 4, resolution fate: 1")]
    assert _plain({"last_activated": 1}, sides, BRUTALITY) == [("Activated last", "Bandits")]
