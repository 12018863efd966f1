"""The table read at a glance (issue 40 item 4), in the table's HTML: leaders, heroes and
standard bearers marked in words, the model's line on its row with unknown values as
"?", killed rows without tokens, "acting now" only during the activation, the question
after the row it is about, the mission's, region's and encounter's rules explained, the
rules list complete, and the table's words ("1 Wound left", ExP, "Reavers'")."""

from __future__ import annotations

import html as html_lib
import re
import uuid

import pytest

from roster.games import operations
from roster.games.display import _rules_shown, words
from roster.games.models import Game
from roster.games.systems import play_rules
from rules.play.core import Event, Snapshot
from rules.play.registry import typed_side
from tests.web.test_games_live import HTMX, seated, start, tap


def text_of(page: str) -> str:
    return html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def row(page: str, side: int, model: int) -> str:
    """The text of one model's row."""
    found = re.search(rf'<li class="play-row[^"]*" id="m-{side}-{model}">(.*?)</li>', page, re.S)
    assert found, f"row m-{side}-{model}"
    return text_of(found.group(1))


def line(page: str, side: int, model: int) -> str:
    """The model's line on its row (not the full line in its More menu)."""
    found = re.search(
        rf'id="m-{side}-{model}">.*?<span class="play-line-row">(.*?)</span></span>', page, re.S
    )
    return " ".join(text_of(found.group(1) + "</span>").split()) if found else ""


def table(client, game) -> str:
    return client.get(f"/games/{game.pk}/").content.decode()


def test_beestwars_rows_mark_heroes_and_the_standard_bearer_and_show_unknown_stats_as_unknown(
    alice_client, alice
):
    """Heroes (p.8) and the standard bearer (p.8) marked in words; the fighter's line on
    its row, what the profile does not give as "?" (never "None")."""
    game = start(alice_client, alice)
    page = table(alice_client, game)
    hero, bearer, satyr = row(page, 0, 0), row(page, 0, 8), row(page, 0, 3)
    assert "Hero" in hero and "None" not in page
    assert line(page, 0, 0).split() == ["Sk", "13", "Mt", "2d6", "T", "?", "Ma", "?", "D", "?"]
    assert "Standard bearer" in bearer and "Hero" not in bearer
    assert '<span aria-hidden="true">⚑ </span>Standard bearer' in page, "its own mark, in words too"
    assert "Hero" not in satyr and "Standard bearer" not in satyr and "T 5 Ma 4" in line(page, 0, 3)


def test_brutality_rows_mark_the_leader_and_a_killed_row_drops_its_tokens(alice_client, alice):
    game = start(alice_client, alice, "brutality-moderate-points")
    page = table(alice_client, game)
    assert "Leader" in row(page, 0, 0) and "Leader" not in row(page, 0, 1)
    assert line(page, 0, 0) == "Move 8 FS 7 Dex 6 Will 5 Atk 1 Save 3", "Hit Points counted once, as 3/3"
    assert tap(alice_client, game, "token:Bleeding", target=0, model=1).status_code == 200
    assert "Bleeding" in row(table(alice_client, game), 0, 1)
    for _ in range(3):
        assert tap(alice_client, game, "wound", target=0, model=1).status_code == 200
    killed = row(table(alice_client, game), 0, 1)
    assert "Killed" in killed and "Bleeding" not in killed and line(table(alice_client, game), 0, 1) == ""


def test_acting_now_ends_with_the_activation_iron_and_honor_p31(alice_client, alice):
    """The nominated model is "acting now" while it has action points; spent, its row says
    "activated" only (p.31)."""
    game = start(alice_client, alice, "iron-and-honor-northmen-raiding-party")
    assert tap(alice_client, game, "draw").status_code == 200
    drawn = operations.state_of(Game.objects.get(pk=game.pk)).public["drawn"]
    assert tap(alice_client, game, "activate", side=drawn, target=drawn, model=0).status_code == 200
    assert tap(alice_client, game, "roll:1", side=drawn).status_code == 200  # +1 Hero's Will: 1 point
    assert "acting now" in row(table(alice_client, game), drawn, 0)
    assert tap(alice_client, game, "ap:Walk", side=drawn).status_code == 200
    after = row(table(alice_client, game), drawn, 0)
    assert "acting now" not in after and "activated" in after


def test_the_question_is_drawn_after_the_row_it_is_about(alice_client, alice):
    """ "The other phone has just recorded this: record it again?" under the tapped row,
    not at the top of the table (off-screen when the row is low)."""
    game, owner, other, _watcher = seated(alice_client, alice)
    assert tap(owner, game, "status:Stunned", target=1, model=1).status_code == 200
    asked = tap(other, game, "status:Stunned", side=1, target=1, model=1)
    page = asked.content.decode()
    assert asked.status_code == 409
    at_row = page.index('id="m-1-1"')
    ask = page.index('class="notice conflict play-refused play-ask"')
    assert ask > at_row and ask > page.index('class="play-rows"'), "the question follows its row"
    assert page.index("</li>", at_row) < ask < page.index("</ol>", at_row)
    assert 'data-row="m-1-1"' in page


def test_a_refusal_without_a_row_stays_at_the_top(alice_client, alice):
    game = start(alice_client, alice)
    page = tap(alice_client, game, "done").content.decode()
    assert page.index("play-refused") < page.index('class="play-rows"')


def brutality_game(user, **setup) -> Game:
    snapshot = Snapshot(
        system="brutality",
        sides=(
            typed_side("brutality", "Ashen Reavers", [("Mother Scald", 3), ("Brakk", 3)]),
            typed_side("brutality", "Bandits", [("Bandit chief", 3), ("Bandit", 2)]),
        ),
        setup=setup,
    )
    return operations.start_game(user, snapshot, "Ashen Reavers v Bandits")


@pytest.mark.parametrize(
    ("mission", "said"),
    [
        ("Basic Scenario", "five objectives"),
        ("Base Assault", "Sabotaged"),
        ("Behemoth Encounter", "exactly 10"),
        ("Taking Captives", "Unconscious"),
        ("Grab It!", "within 6"),
        ("I Smell A Rat", "traitor"),
    ],
)
def test_the_missions_rules_are_explained_on_the_table_missions(alice_client, alice, mission, said):
    game = brutality_game(alice, mission=mission, region="Psycho-Tropics")
    page = text_of(table(alice_client, game))
    assert f"Mission: {mission}" in page and said in page
    assert "Region: Psycho-Tropics" in page and "Confused token" in page and "Region Effects" in page


def test_a_mission_not_transcribed_says_so():
    rules = play_rules("brutality")
    (mission,) = rules.setup_rules({"mission": "Mission 7"})
    assert "Not in the transcription" in mission.summary and mission.section == "Missions"


def test_the_infiltrator_is_named_and_the_defender_only_in_base_assault(alice_client, alice):
    game = brutality_game(alice, mission="I Smell A Rat", infiltrator=1)
    page = text_of(table(alice_client, game))
    assert "the Infiltrator: Bandits" in page and "Infiltrator 1" not in page
    rules = play_rules("brutality")
    import random

    assert rules.roll_setup("defender", {"mission": "Basic Scenario"}, random.Random(1)) == {}
    assert rules.roll_setup("defender", {"mission": "Base Assault"}, random.Random(1))["defender"] in (0, 1)
    assert rules.roll_setup("infiltrator", {"mission": "Grab It!"}, random.Random(1)) == {}


def test_the_encounter_is_explained_on_the_table_p47(alice_client, alice):
    game = start(alice_client, alice, "iron-and-honor-northmen-raiding-party")
    page = text_of(table(alice_client, game))
    assert "Encounter: Engagement" in page and "the hero 3, a companion 2, a follower 1" in page
    assert "Iron & Honor p.47" in page


def test_the_bag_is_counted_once_in_each_sides_head_p6(alice_client, alice):
    game = start(alice_client, alice, "iron-and-honor-northmen-raiding-party")
    page = table(alice_client, game)
    head = text_of(re.search(r'<div class="play-head">(.*?)<div class="play-bar">', page, re.S).group(1))
    assert "Bag" not in head and "Dice" not in head
    assert text_of(page).count("Bag 7 of 7") == 1 and text_of(page).count("Bag 2 of 2") == 1


@pytest.mark.parametrize(
    ("system", "names"),
    [
        (
            "iron-and-honor",
            ["The activation bag", "Move actions", "Fate: Winds of Kismet", "Death of a Hero", "Terror"],
        ),
        (
            "beestwars",
            ["The activation deck", "Recovery", "The standard", "Charge", "The first Active Commander"],
        ),
        ("brutality", ["First activation each turn", "Kill Points", "Summoned models", "Region effects"]),
    ],
)
def test_the_rules_list_is_complete_from_the_books(system, names):
    """ "The rules on this table": every declared rule, the book's other rules of play
    (Iron & Honor had 22, Beestwars 15) and Muster's readings, each with its source."""
    shown = _rules_shown(play_rules(system))
    titles = [x.get("name") or x["r"].name for x in shown]
    for name in names:
        assert name in titles
    assert any(t.startswith("Muster's reading: ") for t in titles)
    assert len(titles) == len(set(titles))
    assert all(x["source"] for x in shown)
    assert len(shown) >= {"iron-and-honor": 33, "beestwars": 21, "brutality": 41}[system]


def test_the_tables_words(alice_client, alice):
    """ "1 Wound left" in the singular; Iron & Honor scores in ExP as its table does
    (p.46); a name ending in s takes an apostrophe only."""
    game = start(alice_client, alice, "iron-and-honor-northmen-raiding-party")
    tap(alice_client, game, "wound", target=1, model=0)
    tap(alice_client, game, "wound", target=1, model=0)
    tap(alice_client, game, "score:2", target=0)
    page = text_of(table(alice_client, game))
    assert (
        "(1 Wound left)" in page and "Wounds left" not in page.split("Latest actions")[1].split("(1 Wound")[0]
    )
    assert "scores +2 ExP" in page and "Victory Points" not in page.split("Latest actions")[1]
    assert words("Ashen Reavers's Leader is dead") == "Ashen Reavers' Leader is dead"
    assert words("Brakk's Bleeding") == "Brakk's Bleeding"


def test_the_beestwars_standard_line_names_each_side_when_both_warbands_share_a_name(alice_client, alice):
    """Two warbands of one name: "side 1" / "side 2" tell whose standard fell (p.8)."""
    from roster.games.sides import roster_side
    from roster.rosters.operations import create_roster
    from tests.ih import example

    one = roster_side(create_roster(alice, example("beestwars-clovis-300")))
    snapshot = Snapshot(system="beestwars", sides=(one, one))
    game = operations.start_game(alice, snapshot, "mirror")
    operations.act(
        game, Event(id=uuid.uuid4().hex, side=0, action="status", target=0, model=8, value="Killed")
    )
    page = text_of(table(alice_client, Game.objects.get(pk=game.pk)))
    assert "Standards Stone Hoof's raiders (side 1): fallen" in page


def test_killed_rows_and_notices_for_assistive_technology(alice_client, alice):
    """The notices are a live region div, not a list with a role."""
    game = start(alice_client, alice)
    page = tap(alice_client, game, "status:Killed", target=1, model=1).content.decode()
    assert '<div class="notice play-notices" role="status" aria-live="polite">' in page
    assert '<ul class="notice play-notices"' not in page and 'role="status"><li' not in page
    assert "Bandit is killed" in page and HTMX
