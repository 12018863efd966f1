"""The table's fragment rendered once per (game, log, seat) and kept (roster.games.fragment,
docs/play.md "Speed"): viewers with the same eyes share one render, a kept fragment never
outlives the log it shows (an undo that leaves as many events is another log), the
refusal is never kept, and a game keeps one entry per seat."""

from __future__ import annotations

import re
import uuid

import pytest
from django.core.cache import caches
from django.test import Client

from roster.games import display, fragment, operations
from roster.games.models import Game
from roster.rosters.operations import create_roster
from tests.ih import example

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def forget():
    """Nothing kept in this process from another test (ids are reused)."""
    operations._STATES.clear()
    operations._LATEST.clear()
    fragment._LOCAL.clear()


@pytest.fixture
def renders(monkeypatch):
    """Count the fragment's renders."""
    calls: list[str] = []
    real = fragment.render

    def counting(name, context):
        calls.append(name)
        return real(name, context)

    monkeypatch.setattr(fragment, "render", counting)
    return calls


@pytest.fixture
def shared_play_cache(settings):
    """A "play" cache every worker shares, as Redis is with CACHE_URL (without it each
    worker keeps its own fragments only: roster/project/settings.py)."""
    settings.CACHES = {
        **settings.CACHES,
        "play": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "play-test"},
    }
    yield caches["play"]
    caches["play"].clear()


def seated(alice_client: Client, alice, slug: str = "brutality-moderate-points"):
    roster = create_roster(alice, example(slug))
    alice_client.post(
        f"/rosters/{roster.pk}/play/", {"opponent": "typed", "typed": "Bandit chief, 3\nBandit 2"}
    )
    game = Game.objects.filter(owner=alice).latest("pk")
    page = alice_client.get(f"/games/{game.pk}/").content.decode()
    code = re.search(r'class="play-code"[^>]*>([A-Z0-9]{5})<', page).group(1)  # type: ignore[union-attr]
    other, watchers = Client(), [Client(), Client()]
    assert other.post(f"/join/{code}/", {"choice": "side"}).status_code == 302
    for w in watchers:
        assert w.post(f"/join/{code}/", {"choice": "watch"}).status_code == 302
    return game, other, watchers


def tap(client: Client, game: Game, do: str, side: int = 0, **extra):
    data = {"id": extra.pop("id", uuid.uuid4().hex), "side": side, "do": do, **extra}
    return client.post(f"/games/{game.pk}/act/", data, **HTMX)


def state(client: Client, game: Game) -> str:
    response = client.get(f"/games/{game.pk}/state/", **HTMX)
    assert response.status_code == 200
    return response.content.decode()


def same(html: str) -> str:
    """``html`` without what each response makes afresh: event ids and the CSRF token."""
    html = re.sub(r'name="id" value="[0-9a-f]{32}"', "", html)
    return re.sub(r'csrfmiddlewaretoken" value="[^"]*"', "", html)


def wounds(html: str, side: int, model: int) -> str:
    row = html[html.index(f'id="m-{side}-{model}"') :]
    return re.search(r'class="play-wounds"[^>]*>([^<]*)<', row).group(1)  # type: ignore[union-attr]


def test_two_watchers_at_the_same_version_share_one_render(alice_client, alice, renders, shared_play_cache):
    game, other, (w1, w2) = seated(alice_client, alice)
    tap(alice_client, game, "wound", target=1, model=0)
    renders.clear()
    first, second = state(w1, game), state(w2, game)
    assert renders == [fragment.TEMPLATE]
    ids = re.compile(r'name="id" value="([0-9a-f]{32})"')
    assert same(first) == same(second)
    assert not set(ids.findall(first)) & set(ids.findall(second)), "each response has fresh event ids"
    # Another process (nothing kept locally) reads it from the shared cache.
    fragment._LOCAL.clear()
    assert same(state(w1, game)) == same(first)
    assert renders == [fragment.TEMPLATE]
    # Each seat sees its own: the other side renders its own; the owner's was kept when
    # its tap was answered.
    state(other, game)
    assert len(renders) == 2
    state(alice_client, game)
    assert len(renders) == 2


def test_an_undo_that_leaves_as_many_events_is_not_served_from_the_kept_fragment(alice_client, alice):
    game, _other, (watcher, _) = seated(alice_client, alice)
    tap(alice_client, game, "wound", target=1, model=0, id="first-wound")
    tap(alice_client, game, "wound", target=1, model=1)
    assert wounds(state(watcher, game), 1, 0) == "2/3"
    tap(alice_client, game, "status:Killed", target=1, model=1)
    assert alice_client.post(f"/games/{game.pk}/undo/", {"event": "first-wound"}, **HTMX).status_code == 200
    assert len(Game.objects.get(pk=game.pk).events) == 2, "as many events as the kept fragment's"
    html = state(watcher, game)
    assert wounds(html, 1, 0) == "3/3", "the first wound is undone"
    fragment._LOCAL.clear()
    assert wounds(state(watcher, game), 1, 0) == "3/3"


def test_the_refusal_is_the_senders_only_and_never_kept(alice_client, alice):
    game, other, (watcher, _) = seated(alice_client, alice)
    refused = tap(other, game, "heal", side=1, target=1, model=0)
    assert refused.status_code == 409
    assert "Not done:" in refused.content.decode()
    assert "Not done:" not in state(other, game)
    assert "Not done:" not in state(watcher, game)


def test_a_game_keeps_one_fragment_per_seat(alice_client, alice, shared_play_cache):
    game, other, (w1, w2) = seated(alice_client, alice)
    for n in range(4):
        tap(alice_client, game, "wound" if n % 2 == 0 else "heal", target=1, model=0)
        for client in (other, w1, w2):
            state(client, game)
    keys = [k for k in fragment._LOCAL if k.startswith(f"table:{game.pk}:")]
    assert sorted(keys) == [f"table:{game.pk}:{s}" for s in ("guest1", "one", "owner0", "watcher")]
    assert all(shared_play_cache.get(k) is not None for k in keys)


def test_without_a_shared_cache_a_worker_renders_once_per_version_and_seat(alice_client, alice, renders):
    """The default (no CACHE_URL): fragments are kept in the worker only, never written
    to the database (roster/project/settings.py); the worker still renders once per seat."""
    game, _other, (w1, w2) = seated(alice_client, alice)
    tap(alice_client, game, "wound", target=1, model=0)
    renders.clear()
    state(w1, game), state(w2, game)
    assert renders == [fragment.TEMPLATE]
    fragment._LOCAL.clear()  # another worker: renders its own
    state(w1, game)
    assert renders == [fragment.TEMPLATE] * 2


def test_a_row_is_rendered_once_per_model_state(alice_client, alice, monkeypatch):
    game, other, (watcher, _) = seated(alice_client, alice)
    state(watcher, game)
    display._ROWS.clear()
    drawn: list[int] = []
    real = display._row

    def counting(rules, m, *args):
        drawn.append(m.index)
        return real(rules, m, *args)

    monkeypatch.setattr(display, "_row", counting)
    tap(alice_client, game, "wound", target=1, model=0)
    every = len(drawn)
    assert every > 3
    drawn.clear()
    tap(alice_client, game, "wound", target=1, model=0)
    assert drawn == [0], "only the wounded model's row is drawn again"
    state(other, game)
    state(watcher, game)
    assert drawn == [0], "the other viewers' tables reuse the rows"


@pytest.mark.parametrize("system", ["iron-and-honor", "brutality", "beestwars"])
def test_a_state_carried_on_from_an_earlier_log_equals_the_whole_replay(alice, system, monkeypatch):
    """Another worker appended events: this process applies only those to the state it
    had (operations.state_of), and gets what replaying the whole log gives, at every
    step of each example game, with some steps skipped (two taps answered elsewhere)."""
    from rules.play.core import replay
    from rules.play.format import read_game
    from tests.rules.play.games import GAMES

    export = read_game((GAMES / f"{system}.json").read_text())
    rules = operations.play_rules(system)
    game = operations.start_game(alice, export.snapshot, "Example")
    dumped = Game.dump_events(export.events)
    replays: list[int] = []

    def counted(rules, snapshot, events):
        replays.append(len(events))
        return replay(rules, snapshot, events)

    monkeypatch.setattr(operations.core, "replay", counted)
    for n in [n for n in range(1, len(dumped) + 1) if n % 3 != 1]:
        Game.objects.filter(pk=game.pk).update(events=dumped[:n], version=n)
        state = operations.state_of(Game.objects.get(pk=game.pk))
        whole = replay(rules, export.snapshot, export.events[:n])
        assert state.model_dump() == whole.model_dump(), f"after {n} events"
    assert replays == [2], "only the first state is replayed whole"
    # An undo (a log that is not a continuation) replays the whole log.
    shorter = dumped[1:5]
    Game.objects.filter(pk=game.pk).update(events=shorter, version=len(shorter))
    state = operations.state_of(Game.objects.get(pk=game.pk))
    assert state.model_dump() == replay(rules, export.snapshot, export.events[1:5]).model_dump()
    assert replays == [2, 4]


def test_a_joiner_bringing_their_own_warband_is_not_hidden_by_a_kept_fragment(alice_client, alice):
    """Before the first action a joiner may replace side 1 (roster.games.seats); freed and
    taken again, the game keeps its version and may keep held, but the holder differs."""
    roster = create_roster(alice, example("beestwars-clovis-300"))
    alice_client.post(f"/rosters/{roster.pk}/play/", {"opponent": "typed", "typed": "Bandit chief, 3"})
    game = Game.objects.filter(owner=alice).latest("pk")
    alice_client.get(f"/games/{game.pk}/")  # the code
    code = Game.objects.get(pk=game.pk).code
    typed = {"choice": "own", "opponent": "typed", "typed_name": "Goblins", "typed": "Boss, 4"}
    assert Client().post(f"/join/{code}/", typed).status_code == 302
    assert "Boss" in state(alice_client, game)
    Game.objects.filter(pk=game.pk).update(side_hash="")  # the owner freed the side
    again = {**typed, "typed_name": "Kobolds", "typed": "Chieftain, 2"}
    assert Client().post(f"/join/{code}/", again).status_code == 302
    html = state(alice_client, game)
    assert "Chieftain" in html and "Boss" not in html


def test_a_page_s_forms_carry_the_csrf_field_an_htmx_answer_s_do_not(alice, alice_client):
    """Without JavaScript the page's forms are posted as they are, so each carries the
    CSRF field; an htmx answer's forms are posted by play.js, which sends the page's
    token in a header (no field: masking one draws 32 random characters)."""
    game, _other, _watchers = seated(alice_client, alice)
    page = alice_client.get(f"/games/{game.pk}/").content.decode()
    forms = page.count('class="inline play-form"') + page.count('class="play-form')
    assert forms > 3
    assert page.count('name="csrfmiddlewaretoken"') >= forms
    answer = state(alice_client, game)
    assert 'name="csrfmiddlewaretoken"' not in answer
    assert answer.count('name="id" value="') > 3, "each form still has its own event id"
    ids = re.findall(r'name="id" value="([0-9a-f]{32})"', answer)
    assert len(set(ids)) == len(ids)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    token = re.search(r'"X-CSRFToken": "([^"]+)"', strict.get(f"/games/{game.pk}/").content.decode())
    assert token is not None
    sent = strict.post(
        f"/games/{game.pk}/act/",
        {"id": uuid.uuid4().hex, "side": 0, "do": "wound", "target": 1, "model": 0},
        HTTP_X_CSRFTOKEN=token.group(1),
        **HTMX,
    )
    assert sent.status_code == 200
    assert (
        strict.post(f"/games/{game.pk}/act/", {"id": uuid.uuid4().hex, "side": 0}, **HTMX).status_code == 403
    )
