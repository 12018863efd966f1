"""Nothing irreversible in one tap, and no hit counted twice (issue 28 items 5 and 6):
the table asks before Brutality's last "Next turn" while models still wait, and before a
second phone records the same hit on the same model the other phone has just recorded;
the answer carries the same action again to confirm, and nothing is recorded meanwhile."""

from __future__ import annotations

import re
import uuid

from roster.games import operations
from roster.games.models import Game
from tests.web.test_games_live import HTMX, seated, start, tap


def confirm_fields(html: str) -> dict[str, str]:
    """The hidden fields of the question's form in an answer."""
    form = re.search(r'<div class="notice conflict play-refused play-ask".*?</form>', html, re.S)
    assert form, "the answer asks, with a form"
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form.group(0)))


def test_the_last_next_turn_asks_while_models_wait_then_ends_the_game(alice_client, alice):
    game = start(alice_client, alice, "brutality-moderate-points")
    for _ in range(3):
        assert tap(alice_client, game, "next-turn").status_code == 200
    asked = tap(alice_client, game, "next-turn")
    page = asked.content.decode()
    assert asked.status_code == 409 and "still waiting to activate" in page and "ends the game" in page
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
