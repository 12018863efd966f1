"""A newcomer's reading of the table's pages after the merges (issue 40: the words)."""

from __future__ import annotations

import re

from roster.games import operations
from roster.games.models import Game
from tests.web.test_games_live import end_agreed, seated, tap


def test_the_result_page_counts_one_victory_point_in_the_tables_words(alice_client, alice):
    """Brutality: one kill scores 1 Victory Point (Kill Points); the result page says
    so in the book's words, not "1 Victory Points"."""
    game, owner, other, _watcher = seated(alice_client, alice, "brutality-moderate-points")
    for _ in range(10):
        if operations.state_of(Game.objects.get(pk=game.pk)).sides[1].models[1].killed:
            break
        assert tap(owner, game, "wound", side=0, target=1, model=1).status_code == 200
    assert operations.state_of(Game.objects.get(pk=game.pk)).sides[0].victory_points == 1
    end_agreed(owner, other, game)
    page = owner.get(f"/games/{game.pk}/result/").content.decode()
    assert "<strong>1</strong> Victory Points" not in page
    assert "<strong>1</strong> Victory Point</span>" in page


def test_ending_a_beestwars_game_without_a_winner_offers_the_choice_on_the_same_page(alice_client, alice):
    """Beestwars: the commanders name the winner (p.9). "End the game" with "Not named"
    said "Not yet: name the side..." with only a way back to the table; the page now
    asks who won, and naming one goes on to the proposal."""
    game, owner, _other, _watcher = seated(alice_client, alice, "beestwars-clovis-300")
    page = owner.post(f"/games/{game.pk}/finish/", {"winner": ""}).content.decode()
    assert "Not yet:" in page and "Yes, ask the other player" not in page
    form = re.search(
        r'<form method="post" action="/games/\d+/finish/" class="play-finish play-end-winner">.*?</form>',
        page,
        re.S,
    )
    assert form, "a form naming the winner"
    names = re.findall(r'<option value="(\d)">([^<]+)</option>', form.group(0))
    assert [n for n, _ in names] == ["0", "1"]
    named = owner.post(f"/games/{game.pk}/finish/", {"winner": "0"}).content.decode()
    assert "Yes, ask the other player" in named and f"{names[0][1]} wins" in named


def test_brutality_the_side_after_the_acting_model_activates_next(alice_client, alice):
    """Brutality: a model of Ashen Reavers activates (Activation Phases); while it acts
    the head said "Bandits to act" beside its "acting now": Bandits activate next."""
    game, owner, _other, _watcher = seated(alice_client, alice, "brutality-moderate-points")
    assert tap(owner, game, "activate", side=0, target=0, model=1).status_code == 200
    page = owner.get(f"/games/{game.pk}/").content.decode()
    assert "acting now" in page
    assert "<strong>Bandits</strong> activates next" in page
    assert "<strong>Bandits</strong> to act" not in page
