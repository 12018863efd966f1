"""My games (issue #28 item 9): each game with its system, both sides, its result, the
score where the system counts Victory Points, and its dates, read from the summary the
operations write with the log (no replay when the list is shown)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from roster.games.models import Game
from tests.web.test_games_live import start


def row_of(page: str, game: Game) -> str:
    start = page.index(f'href="/games/{game.pk}/')
    return page[start : page.index("</li>", start)]


def test_each_game_shows_its_system_sides_result_score_and_dates(alice_client: Client, alice: Any) -> None:
    game = start(alice_client, alice, "iron-and-honor-northmen-raiding-party")
    row = row_of(alice_client.get("/games/").content.decode(), game)
    assert "Iron &amp; Honor" in row and "Not started" in row
    alice_client.post(f"/games/{game.pk}/act/", {"id": "score-ih-0001", "side": 0, "do": "score:2"})
    row = row_of(alice_client.get("/games/").content.decode(), game)
    assert "Northmen Raiding Party v Bandits</a>" in row  # the game's name gives both sides
    assert '<span class="game-result"><strong>In progress, turn 1</strong> · 2 – 0 ExP' in row
    assert alice_client.post(f"/games/{game.pk}/finish/", {"winner": "0", "confirm": "1"}).status_code == 302
    row = row_of(alice_client.get("/games/").content.decode(), game)
    assert "<strong>Northmen Raiding Party won</strong> · 2 – 0 ExP" in row
    game.refresh_from_db()
    assert f"finished {game.finished:%-d %b %Y}" in row
    assert game.summary == {
        "turn": 1,
        "actions": 2,
        "finished": True,
        "winner": 0,
        "sides": [
            {"name": "Northmen Raiding Party", "victory_points": 2},
            {"name": "Bandits", "victory_points": 0},
        ],
    }


def test_a_game_without_victory_points_shows_no_score_and_who_won(alice_client: Client, alice: Any) -> None:
    game = start(alice_client, alice, "beestwars-clovis-300")
    assert alice_client.post(f"/games/{game.pk}/finish/", {"winner": "1", "confirm": "1"}).status_code == 302
    row = row_of(alice_client.get("/games/").content.decode(), game)
    assert "The Denizens of the Beestwars" in row
    assert "<strong>Bandits won</strong></span>" in row  # no score: the book counts no Victory Points


def test_a_game_renamed_still_names_both_sides(alice_client: Client, alice: Any) -> None:
    game = start(alice_client, alice, "iron-and-honor-northmen-raiding-party")
    Game.objects.filter(pk=game.pk).update(name="Friday at the club")
    row = row_of(alice_client.get("/games/").content.decode(), game)
    assert "Northmen Raiding Party v Bandits: <strong>Not started</strong>" in row


def test_a_game_ended_with_no_winner_says_so(alice_client: Client, alice: Any) -> None:
    game = start(alice_client, alice, "brutality-moderate-points")
    alice_client.post(f"/games/{game.pk}/finish/", {"confirm": "1"})
    row = row_of(alice_client.get("/games/").content.decode(), game)
    assert "Brutality" in row
    assert "<strong>No winner named</strong> · 0 – 0 Victory Points" in row


@pytest.mark.django_db(transaction=True)
def test_games_made_before_the_summary_get_one_when_migrating(rules_loaded_db: None) -> None:
    """roster/games/migrations/0005 replays each game once to write its summary."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    from rules.play.format import read_game
    from tests.rules.play.games import GAMES

    exported = read_game((GAMES / "iron-and-honor.json").read_bytes())
    executor = MigrationExecutor(connection)
    old = executor.migrate([("muster_games", "0004_drop_play_cache")]).apps
    owner = old.get_model("auth", "User").objects.create(username="veteran")
    pk = (
        old.get_model("muster_games", "Game")
        .objects.create(
            owner=owner,
            system="iron-and-honor",
            name="An old game",
            snapshot=exported.snapshot.model_dump(mode="json"),
            events=[e.model_dump(mode="json") for e in exported.events],
            version=len(exported.events),
        )
        .pk
    )
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    summary = Game.objects.get(pk=pk).summary
    assert summary is not None and summary["finished"] is True
    assert [side["victory_points"] for side in summary["sides"]] == [
        side["victory_points"] for side in exported.result["sides"]
    ]
