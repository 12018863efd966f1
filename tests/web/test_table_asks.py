"""Nothing irreversible in one tap, and no hit counted twice (issue 28 items 5 and 6):
the table asks before Brutality's last "Next turn" while models still wait, and before a
second phone records the same hit on the same model the other phone has just recorded;
the answer carries the same action again to confirm, and nothing is recorded meanwhile."""

from __future__ import annotations

import re
import uuid

from roster.games import operations
from roster.games.models import Game
from tests.web.test_games_live import HTMX, end_agreed, seated, start, tap


def confirm_fields(html: str) -> dict[str, str]:
    """The hidden fields of the question's form in an answer."""
    form = re.search(r'<div class="notice conflict play-refused play-ask".*?</form>', html, re.S)
    assert form, "the answer asks, with a form"
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form.group(0)))


def test_the_last_next_turn_asks_while_models_wait_then_ends_the_game(alice_client, alice):
    game = start(alice_client, alice, "brutality-moderate-points")
    for _ in range(3):
        assert tap(alice_client, game, "next-turn", confirm="1").status_code == 200
    asked = tap(alice_client, game, "next-turn")
    page = asked.content.decode()
    assert asked.status_code == 409 and "have not activated" in page and "ends the game" in page
    game = Game.objects.get(pk=game.pk)
    assert game.finished is None and operations.state_of(game).turn == 4
    fields = confirm_fields(page)
    assert fields["do"] == "next-turn" and fields["confirm"] == "1"
    fields["id"] = uuid.uuid4().hex
    done = alice_client.post(f"/games/{game.pk}/act/", fields, **HTMX)
    assert done.status_code == 204 and done["HX-Redirect"] == f"/games/{game.pk}/result/"
    assert Game.objects.get(pk=game.pk).finished is not None


def test_the_same_stunned_from_both_phones_is_held_for_the_second_to_confirm(alice_client, alice):
    game, owner, other, _watcher = seated(alice_client, alice)
    assert tap(owner, game, "status:Stunned", target=1, model=0).status_code == 200
    asked = tap(other, game, "status:Stunned", side=1, target=1, model=0)
    page = asked.content.decode()
    assert asked.status_code == 409 and "the other phone has just recorded this" in page
    game = Game.objects.get(pk=game.pk)
    assert len(game.events) == 1
    assert operations.state_of(game).sides[1].models[0].status == "stunned", "not killed by a double"
    fields = {**confirm_fields(page), "id": uuid.uuid4().hex}
    assert other.post(f"/games/{game.pk}/act/", fields, **HTMX).status_code == 200
    assert operations.state_of(Game.objects.get(pk=game.pk)).sides[1].models[0].killed


def test_a_different_hit_or_one_after_a_while_is_not_asked_about(alice_client, alice):
    game, owner, other, _watcher = seated(alice_client, alice)
    assert tap(owner, game, "status:Stunned", target=1, model=0).status_code == 200
    assert tap(other, game, "status:Engaged", side=1, target=1, model=1).status_code == 200
    events = Game.objects.get(pk=game.pk).events
    events[0]["at"] = "2026-01-01T00:00:00+00:00"  # long ago
    Game.objects.filter(pk=game.pk).update(events=events)
    assert tap(other, game, "status:Stunned", side=1, target=1, model=0).status_code == 200


def test_ending_asks_with_the_result_it_will_record_and_the_owner_can_reopen(alice_client, alice):
    game = start(alice_client, alice, "iron-and-honor-northmen-raiding-party")
    tap(alice_client, game, "score:2")
    asked = alice_client.post(f"/games/{game.pk}/finish/", {"winner": ""})
    page = asked.content.decode()
    assert asked.status_code == 200 and "End the game?" in page
    assert "Ending now records:" in page and "wins</strong>" in page and "2" in page
    assert Game.objects.get(pk=game.pk).finished is None, "nothing ended by the first tap"
    assert alice_client.post(f"/games/{game.pk}/finish/", {"winner": "", "confirm": "1"}).status_code == 302
    game = Game.objects.get(pk=game.pk)
    assert game.finished is not None and operations.state_of(game).finished
    result = alice_client.get(f"/games/{game.pk}/result/").content.decode()
    assert "Reopen the game" in result
    assert alice_client.post(f"/games/{game.pk}/reopen/").status_code == 302
    game = Game.objects.get(pk=game.pk)
    state = operations.state_of(game)
    assert game.finished is None and not state.finished and state.winner is None
    assert state.log[-1].text == "The game is reopened"
    assert game.trail[-1]["what"] == "reopen"
    assert tap(alice_client, game, "score:1").status_code == 200  # play goes on
    # The replay of the export agrees: the end, then the reopen, then the score.
    exported = alice_client.get(f"/games/{game.pk}/export.json").json()
    assert [e["action"] for e in exported["events"]][-3:] == ["end", "reopen", "score"]
    assert exported["result"]["finished"] is False


def test_only_the_owner_reopens(alice_client, alice):
    game, owner, other, watcher = seated(alice_client, alice, "brutality-moderate-points")
    end_agreed(owner, other, game)
    assert "Reopen the game" not in other.get(f"/games/{game.pk}/result/").content.decode()
    for stranger in (other, watcher):
        assert stranger.post(f"/games/{game.pk}/reopen/").status_code in (302, 404)
    assert Game.objects.get(pk=game.pk).finished is not None


def test_each_game_records_its_rules_of_play_version_and_a_changed_replay_says_so(
    alice_client, alice, tmp_path
):
    """Issue 28 item 10: replaying a game under changed rules says so rather than
    silently changing the result."""
    import json as jsonlib

    from django.core.management import call_command

    from roster.games.systems import play_rules

    game = start(alice_client, alice, "brutality-moderate-points")
    assert game.rules_version == play_rules(game.system).version != ""
    tap(alice_client, game, "score:2")
    page = alice_client.get(f"/games/{game.pk}/").content.decode()
    assert "rules of play changed" not in page
    exported = alice_client.get(f"/games/{game.pk}/export.json").json()
    assert exported["rules_version"] == game.rules_version
    # As if recorded under other rules that scored the game differently.
    summary = {**Game.objects.get(pk=game.pk).summary}
    summary["sides"] = [{**summary["sides"][0], "victory_points": 5}, summary["sides"][1]]
    Game.objects.filter(pk=game.pk).update(rules_version="0123456789ab", summary=summary)
    for url in (f"/games/{game.pk}/", f"/games/{game.pk}/result/"):
        page = alice_client.get(url).content.decode()
        assert "rules of play changed since this game was played (version 0123456789ab" in page, url
    path = tmp_path / "game.json"
    path.write_text(jsonlib.dumps({**exported, "rules_version": "0123456789ab"}))
    from io import StringIO

    out = StringIO()
    call_command("replay_game", str(path), "--json", stdout=out)
    replayed = jsonlib.loads(out.getvalue())
    assert replayed["rules_changed"] is True and replayed["played_under"] == "0123456789ab"
    out = StringIO()
    call_command("replay_game", str(path), stdout=out)
    assert "played under rules of play 0123456789ab, replayed under" in out.getvalue()
