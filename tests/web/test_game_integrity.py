"""Games no one can cheat or corrupt (issue 29): one reproducer per finding, each of
which failed before the fix.

1. an undo then a tap (the log as long as before) let a request that read the log
   earlier write its stale log: acknowledged actions lost, undone ones back;
2. the account zip showed a card drawn for the other side before it was shown;
3. an undo moved a hidden card to the other phone;
4. an "another action?" answer could be undone after it told the table about the card;
5. the owner could free the guest's seat while the guest held a card, and nothing said so;
6. draws could be fished for: undoing an earlier action left a draw without effect, and
   after freeing the other seat the owner could undo the guest's draw;
7. Iron & Honor: the other phone could set aside, nominate or roll for your die;
8. a resent event id after its undo was applied again (and the per-process state cache
   was keyed by ids only);
12. a name holding one of the table's fragment marks was replaced with markup.
"""

from __future__ import annotations

import io
import json
import uuid
import zipfile

import pytest
from django.test import Client

from roster.games import operations
from roster.games.models import Game
from rules.play.core import Event
from tests.web.test_games_live import HTMX, code_of, join, seated, start, tap


@pytest.fixture(autouse=True)
def fresh_states():
    operations._STATES.clear()
    operations._LATEST.clear()


def ev(side: int, action: str, **more) -> Event:
    return Event(id=uuid.uuid4().hex, side=side, action=action, **more)


def ids(game: Game) -> list[str]:
    return [e["id"] for e in Game.objects.get(pk=game.pk).events]


def test_1_a_request_that_read_the_log_before_an_undo_and_a_tap_never_writes_it(alice_client, alice):
    game = start(alice_client, alice, "brutality-moderate-points")
    a, b, c, d = (ev(0, "score", value=1) for _ in range(4))
    operations.act(game, a)
    operations.act(game, b)
    stale = Game.objects.get(pk=game.pk)  # a request reads the log [a, b] ...
    now = Game.objects.get(pk=game.pk)
    operations.undo(now, b.id)  # ... meanwhile b is undone and c tapped: [a, c]
    operations.act(now, c)
    assert len(now.events) == len(stale.events), "the log is as long as the stale one"
    operations.act(stale, d)  # the stale request goes round again instead of writing [a, b, d]
    assert ids(game) == [a.id, c.id, d.id]
    assert operations.state_of(Game.objects.get(pk=game.pk)).sides[0].victory_points == 3


def draw_until_the_guest_holds_a_card(game, owner, other):
    """Play Beestwars activations until side 1 (the guest) has drawn a card it holds."""
    for _ in range(6):
        state = operations.state_of(Game.objects.get(pk=game.pk))
        drawer = state.public["drawer"]
        client = other if drawer == 1 else owner
        assert tap(client, game, "draw").status_code == 200
        if drawer == 1:
            return
        active = owner if state.public["next_active"] == 0 else other
        assert tap(active, game, "done", confirm="1").status_code == 200
    raise AssertionError("side 1 never drew")


def end_activation_and_free_the_side(game, owner, other) -> None:
    """The active commander ends the activation (the card is shown); the owner frees side 1."""
    active = operations.state_of(Game.objects.get(pk=game.pk)).active
    assert tap(owner if active == 0 else other, game, "done", confirm="1").status_code == 200
    owner.post(f"/games/{game.pk}/revoke/", {"what": "side"})


def test_2_the_account_zip_never_shows_a_card_held_by_the_other_side(alice_client, alice):
    game, owner, other, _ = seated(alice_client, alice)
    draw_until_the_guest_holds_a_card(game, owner, other)
    card = Game.objects.get(pk=game.pk).events[-1]["outcome"]["card"]
    archive = zipfile.ZipFile(io.BytesIO(alice_client.get("/accounts/rosters.zip").getvalue()))
    games = [n for n in archive.namelist() if n.startswith("games/") and n.endswith(f"-{game.pk}.json")]
    assert games, archive.namelist()
    exported = json.loads(archive.read(games[0]))
    assert exported["events"][-1]["action"] == "draw"
    assert exported["events"][-1]["outcome"] == {}, "the guest's card is not the owner's to see"
    # The guest's own export has it: the card is theirs.
    mine = json.loads(other.get(f"/games/{game.pk}/export.json").content)
    assert mine["events"][-1]["outcome"]["card"] == card


def test_3_and_4_what_told_the_table_about_a_card_stands(alice_client, alice):
    game, owner, other, _ = seated(alice_client, alice)
    state = operations.state_of(game)
    drawer = state.public["drawer"]
    drawing, active = (owner, other) if drawer == 0 else (other, owner)
    tap(drawing, game, "draw")
    assert tap(active, game, "ask").status_code == 200
    asked = Game.objects.get(pk=game.pk).events[-1]["id"]
    refused = active.post(f"/games/{game.pk}/undo/", {"event": asked}, **HTMX)
    assert refused.status_code == 409 and "stands" in refused.content.decode()
    if operations.state_of(Game.objects.get(pk=game.pk)).active is None:
        # The card was a 3: "a fourth action? No" ended the activation. Another card.
        state = operations.state_of(Game.objects.get(pk=game.pk))
        drawing, active = (owner, other) if state.public["drawer"] == 0 else (other, owner)
        assert tap(drawing, game, "draw").status_code == 200
    assert tap(active, game, "done", confirm="1").status_code == 200
    done = Game.objects.get(pk=game.pk).events[-1]["id"]
    # Undoing one's own "done" would put the card back in play on the replayed drawer's
    # phone: it stands.
    assert active.post(f"/games/{game.pk}/undo/", {"event": done}, **HTMX).status_code == 409
    game = Game.objects.get(pk=game.pk)
    assert game.trail == [] or all(t["what"] != "undo" for t in game.trail)
    assert game.events[-1]["id"] == done


def test_5_a_seat_holding_a_card_is_not_freed_and_every_seat_change_is_in_the_trail(alice_client, alice):
    game, owner, other, _ = seated(alice_client, alice)
    draw_until_the_guest_holds_a_card(game, owner, other)
    held = Game.objects.get(pk=game.pk).side_hash
    page = owner.post(f"/games/{game.pk}/revoke/", {"what": "side"}, follow=True).content.decode()
    assert "not freed" in page and "holds a card" in page
    assert Game.objects.get(pk=game.pk).side_hash == held
    end_activation_and_free_the_side(game, owner, other)
    game = Game.objects.get(pk=game.pk)
    assert game.side_hash == ""
    assert [t["what"] for t in game.trail] == ["take", "free"]
    again = Client()
    assert join(again, code_of(owner, game), "side").status_code == 302
    assert [t["what"] for t in Game.objects.get(pk=game.pk).trail] == ["take", "free", "take"]
    exported = json.loads(owner.get(f"/games/{game.pk}/export.json").content)
    assert [t["what"] for t in exported["trail"]] == ["take", "free", "take"]


def ih_seated(alice_client, alice):
    return seated(alice_client, alice, "iron-and-honor-northmen-raiding-party")


def draw_die(game, owner, other):
    """Draw one Iron & Honor die: (its side, that side's client, the other client)."""
    assert tap(owner, game, "draw").status_code == 200
    side = Game.objects.get(pk=game.pk).events[-1]["outcome"]["side"]
    return (side, owner, other) if side == 0 else (side, other, owner)


def test_6_an_undo_that_would_leave_a_draw_without_effect_is_refused(alice_client, alice):
    game, owner, other, _ = ih_seated(alice_client, alice)
    side, mine, _theirs = draw_die(game, owner, other)
    assert tap(mine, game, "activate", side=side, target=side, model=0).status_code == 200
    nominated = Game.objects.get(pk=game.pk).events[-1]["id"]
    # The next die: fine once one was nominated, by the active player, who is asked first
    # (its model has not rolled: issue 40).
    assert tap(mine, game, "draw", confirm="1").status_code == 200
    # Undone, the nomination would leave the first die out, and the second draw no effect:
    # the draw could then be made again.
    refused = mine.post(f"/games/{game.pk}/undo/", {"event": nominated}, **HTMX)
    assert refused.status_code == 409 and "without effect" in refused.content.decode()
    assert nominated in ids(game)


def test_6_after_freeing_the_other_seat_the_owner_cannot_undo_the_guests_draw(alice_client, alice):
    game, owner, other, _ = seated(alice_client, alice)
    draw_until_the_guest_holds_a_card(game, owner, other)
    end_activation_and_free_the_side(game, owner, other)
    draws = [e["id"] for e in Game.objects.get(pk=game.pk).events if e["action"] == "draw"]
    for event in ("", draws[-1]):
        answer = owner.post(f"/games/{game.pk}/undo/", {"event": event}, **HTMX)
        assert answer.status_code == 409, event
    assert draws[-1] in ids(game)


def test_7_only_the_side_whose_die_is_out_sets_it_aside_nominates_or_rolls(alice_client, alice):
    game, owner, other, _ = ih_seated(alice_client, alice)
    side, mine, theirs = draw_die(game, owner, other)
    theirs_side = 1 - side
    assert tap(theirs, game, "pass", side=theirs_side).status_code == 409
    nominate = {"side": theirs_side, "target": side, "model": 0}
    answer = tap(theirs, game, "activate", **nominate)
    assert answer.status_code == 409 and "choice" in answer.content.decode()
    assert tap(mine, game, "activate", side=side, target=side, model=0).status_code == 200
    assert tap(theirs, game, "roll:6", side=theirs_side).status_code == 409
    assert tap(mine, game, "roll", side=side).status_code == 200
    rolled = Game.objects.get(pk=game.pk).events[-1]
    assert rolled["outcome"]["face"] in range(1, 7)
    line = operations.state_of(Game.objects.get(pk=game.pk)).log[-1].text
    assert "Muster rolls" in line
    # Muster's roll stands: undone, it could be rolled again.
    assert mine.post(f"/games/{game.pk}/undo/", {"event": rolled["id"]}, **HTMX).status_code == 409


def test_8_a_tap_resent_after_its_undo_is_refused(alice_client, alice):
    game, owner, _other, _watcher = seated(alice_client, alice, "brutality-moderate-points")
    first = uuid.uuid4().hex
    assert tap(owner, game, "score", id=first, value=2).status_code == 200
    assert owner.post(f"/games/{game.pk}/undo/", {"event": first}, **HTMX).status_code == 200
    resent = tap(owner, game, "score", id=first, value=2)
    assert resent.status_code == 409 and "undone" in resent.content.decode()
    game = Game.objects.get(pk=game.pk)
    assert first not in ids(game) and operations.state_of(game).sides[0].victory_points == 0
    assert [t["what"] for t in game.trail][-1] == "undo" and game.trail[-1]["event"] == first


def test_8_the_state_cache_key_changes_with_every_write_and_every_outcome(alice_client, alice):
    game = start(alice_client, alice, "brutality-moderate-points")
    operations.act(game, ev(0, "score", value=1))
    events = list(game.events)
    key = operations._log_key(game, events)
    game.version += 2  # the same ids after another undo and tap
    assert operations._log_key(game, events) != key
    changed = [{**events[0], "outcome": {"card": 1}}]
    assert operations._log_key(game, changed) != operations._log_key(game, events)


def test_12_a_name_holding_a_fragment_mark_is_shown_as_typed(alice_client, alice):
    from roster.rosters.operations import create_roster
    from tests.ih import example

    roster = create_roster(alice, example("brutality-moderate-points"))
    typed = "<@muster-csrf@>\n<@muster-event-id@> 3"
    alice_client.post(
        f"/rosters/{roster.pk}/play/", {"opponent": "typed", "typed_name": "@@muster-csrf@@", "typed": typed}
    )
    game = Game.objects.filter(owner=alice).latest("pk")
    page = alice_client.get(f"/games/{game.pk}/").content.decode()
    assert "&lt;@muster-csrf@&gt;" in page and "&lt;@muster-event-id@&gt;" in page
    assert "@@muster-csrf@@" in page


def test_10_join_codes_cannot_be_tried_one_get_at_a_time(alice_client, alice, settings):
    settings.MUSTER_RATES = {**settings.MUSTER_RATES, "join-miss": "5/h"}
    game, owner, _other, _ = seated(alice_client, alice, "brutality-moderate-points")
    prober = Client(REMOTE_ADDR="203.0.113.9")
    wrong = [
        code for code in ("AAAAA", "CCCCC", "DDDDD", "EEEEE", "FFFFF", "HHHHH", "JJJJJ") if code != game.code
    ]
    answers = [prober.get(f"/join/{code}/").status_code for code in wrong[:6]]
    assert answers == [404] * 5 + [429], answers
    # Typed into the code form, a miss counts too; and the limit is the address's alone.
    assert prober.post("/join/", {"code": "KKKKK"}).status_code == 429
    # Past the limit the live code is refused alike (issue 39: it answered 200, so a
    # guesser told it from the misses), typed or in a link.
    live = code_of(owner, game)
    assert prober.get(f"/join/{live}/").status_code == 429
    assert prober.post("/join/", {"code": live}).status_code == 429
    assert Client(REMOTE_ADDR="203.0.113.10").get(f"/join/{live}/").status_code == 200


def test_11_logging_out_leaves_no_seat_and_clears_the_play_cache(alice_client, alice):
    game, _owner, other, _watcher = seated(alice_client, alice, "brutality-moderate-points")
    # The guest's seat on a club tablet, with an account logged in there.
    other.force_login(alice)
    side_cookie = f"muster_side_{game.pk}"
    assert side_cookie in other.cookies
    answer = other.post("/accounts/logout/")
    assert answer.status_code == 302
    assert answer["Clear-Site-Data"] == '"cache", "storage"'
    assert answer.cookies[side_cookie].value == "" and answer.cookies[side_cookie]["max-age"] == 0
    assert other.get(f"/games/{game.pk}/").status_code in (302, 404), "the next person holds no seat"


@pytest.mark.parametrize(
    ("field", "text"),
    [
        ("typed_name", "Bandits\u202e"),  # a bidi override
        ("typed", "Boss\u200b, 3"),  # a zero-width space
        ("typed", "Boss\ue000 2"),  # private use
        ("typed", "Boss\U000e0041, 3"),  # a tag character
        ("typed", "Bo\x07ss, 3"),  # a control character
    ],
)
def test_12_typed_names_go_through_the_text_policy(alice_client, alice, field, text):
    from roster.rosters.operations import create_roster
    from tests.ih import example

    roster = create_roster(alice, example("brutality-moderate-points"))
    data = {"opponent": "typed", "typed_name": "Bandits", "typed": "Boss, 3", field: text}
    before = Game.objects.count()
    answer = alice_client.post(f"/rosters/{roster.pk}/play/", data)
    assert answer.status_code == 422
    page = answer.content.decode()
    assert "invisible or control characters" in page or "invisible joiner" in page
    assert Game.objects.count() == before


def test_9_an_account_keeps_a_bounded_number_of_games_and_says_so(alice_client, alice, settings):
    settings.MUSTER_KEPT_GAMES = 2
    start(alice_client, alice, "brutality-moderate-points")
    start(alice_client, alice, "brutality-moderate-points")
    from roster.rosters.operations import create_roster
    from tests.ih import example

    roster = create_roster(alice, example("brutality-moderate-points"))
    answer = alice_client.post(
        f"/rosters/{roster.pk}/play/", {"opponent": "typed", "typed_name": "Bandits", "typed": "Boss, 3"}
    )
    assert answer.status_code == 422 and "You keep 2 games" in answer.content.decode()
    assert Game.objects.filter(owner=alice).count() == 2
    Game.objects.filter(owner=alice).first().delete()
    answer = alice_client.post(
        f"/rosters/{roster.pk}/play/", {"opponent": "typed", "typed_name": "Bandits", "typed": "Boss, 3"}
    )
    assert answer.status_code == 302


def test_9_my_games_is_paged(alice_client, alice):
    from roster.games.views import GAMES_PER_PAGE

    first = start(alice_client, alice, "brutality-moderate-points")
    snapshot = first.snapshot
    Game.objects.bulk_create(
        [
            Game(owner=alice, system=first.system, name=f"Game {i}", snapshot=snapshot)
            for i in range(GAMES_PER_PAGE)
        ]
    )
    page = alice_client.get("/games/").content.decode()
    assert page.count('class="roster-row"') == GAMES_PER_PAGE
    assert f"Page 1 of 2 ({GAMES_PER_PAGE + 1} games)" in page
    second = alice_client.get("/games/?page=2").content.decode()
    assert second.count('class="roster-row"') == 1
    assert alice_client.get("/games/?page=99").status_code == 200


def test_9_the_account_zip_streams_from_disk_and_is_rate_limited(alice_client, alice, settings, monkeypatch):
    from roster.accounts import page as account_page

    settings.MUSTER_RATES = {**settings.MUSTER_RATES, "zip": "2/h"}
    start(alice_client, alice, "brutality-moderate-points")
    monkeypatch.setattr(account_page, "SPOOL_BYTES", 100)
    big = alice_client.get("/accounts/rosters.zip")
    assert big.streaming, "past SPOOL_BYTES the zip is streamed from its file"
    archive = zipfile.ZipFile(io.BytesIO(big.getvalue()))
    assert any(n.startswith("games/") for n in archive.namelist())
    again = alice_client.get("/accounts/rosters.zip")
    assert again.status_code == 200 and again.getvalue()  # read whole: its file is closed then
    assert alice_client.get("/accounts/rosters.zip").status_code == 429


def test_no_export_path_shows_a_held_card_to_any_other_viewer(alice_client, alice):
    """Every way out of a game (table page, its polled fragment, result page, JSON and
    text exports, the owner's account zip), for every viewer: the card the guest holds
    reaches the guest only, also after refused undos and a refused seat change. The
    service worker keeps only pages its own seat was served, and logging out clears it
    (test_11)."""
    from tests.web.test_games_live import responses

    game, owner, other, watcher = seated(alice_client, alice)
    draw_until_the_guest_holds_a_card(game, owner, other)
    draw = Game.objects.get(pk=game.pk).events[-1]
    card = draw["outcome"]["card"]
    owner.post(f"/games/{game.pk}/undo/", {"event": draw["id"]}, **HTMX)
    owner.post(f"/games/{game.pk}/revoke/", {"what": "side"})
    for viewer in (owner, watcher):
        for body in responses(viewer, game):
            assert "play-card-value" not in body
            assert f'"card": {card}' not in body and f"card was {card}" not in body
    zipped = zipfile.ZipFile(io.BytesIO(owner.get("/accounts/rosters.zip").getvalue()))
    (name,) = [n for n in zipped.namelist() if n.startswith("games/") and n.endswith(f"-{game.pk}.json")]
    held = [e for e in json.loads(zipped.read(name))["events"] if e["id"] == draw["id"]]
    assert held == [{**draw, "outcome": {}}]
    mine = responses(other, game)
    assert any("play-card-value" in body for body in mine)
    assert any(f'"card": {card}' in body for body in mine)


def test_14_a_second_zip_import_meanwhile_is_asked_to_wait(alice_client, alice):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from roster.accounts import page as account_page
    from roster.rosters.operations import create_roster
    from tests.ih import example

    create_roster(alice, example("brutality-moderate-points"))
    zipped = alice_client.get("/accounts/rosters.zip").getvalue()
    assert account_page._IMPORTING.acquire(blocking=False)  # another thread is importing
    try:
        upload = SimpleUploadedFile("rosters.zip", zipped, content_type="application/zip")
        busy = alice_client.post("/rosters/import/", {"file": upload})
    finally:
        account_page._IMPORTING.release()
    assert busy.status_code == 503 and busy["Retry-After"] == "5"
    assert "another zip is being imported" in busy.content.decode()
    upload = SimpleUploadedFile("rosters.zip", zipped, content_type="application/zip")
    assert alice_client.post("/rosters/import/", {"file": upload}).status_code == 302


def test_9_a_long_games_result_page_stays_small(alice_client, alice):
    from roster.games.display import RESULT_LOG_SHOWN

    game = start(alice_client, alice, "brutality-moderate-points")
    events = [
        Event(id=f"long-{i:06d}", side=i % 2, action="score", value=1, target=i % 2).model_dump(mode="json")
        for i in range(RESULT_LOG_SHOWN + 40)
    ]
    Game.objects.filter(pk=game.pk).update(events=events, version=1)
    page = alice_client.get(f"/games/{game.pk}/result/").content.decode()
    assert f"The latest {RESULT_LOG_SHOWN} actions" in page and "The first 40 actions are in the" in page
    assert page.count("Victory Point") < RESULT_LOG_SHOWN + 50
    assert 'start="41"' in page
    text = alice_client.get(f"/games/{game.pk}/export.txt").content.decode()
    assert f"{RESULT_LOG_SHOWN + 40}. " in text  # the whole log is in the export
