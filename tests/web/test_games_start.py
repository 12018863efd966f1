"""Starting a game (issue 19 item 1): from a roster of mine against another of mine, a
share link, an uploaded export or a typed list; the snapshot keeps the roster as it was."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from roster.games import operations
from roster.games.models import Game
from roster.rosters.models import ShareLink
from roster.rosters.operations import create_roster, save_revision
from tests.ih import example

EXAMPLES = {
    "iron-and-honor": "iron-and-honor-northmen-raiding-party",
    "brutality": "brutality-moderate-points",
    "beestwars": "beestwars-clovis-300",
}


@pytest.mark.parametrize("system", sorted(EXAMPLES))
def test_a_game_starts_from_a_roster_against_a_typed_list(alice_client, alice, system):
    roster = create_roster(alice, example(EXAMPLES[system]))
    assert alice_client.get(f"/rosters/{roster.pk}/play/").status_code == 200
    response = alice_client.post(
        f"/rosters/{roster.pk}/play/",
        {"opponent": "typed", "typed_name": "Bandits", "typed": "Bandit chief, 3\nBandit 2\n\nArcher"},
    )
    game = Game.objects.get(owner=alice)
    assert response["Location"] == f"/games/{game.pk}/"
    snapshot = game.snapshot_model
    assert snapshot.sides[0].origin == "roster" and snapshot.sides[0].roster_id == roster.pk
    assert snapshot.sides[0].document == roster.document
    assert snapshot.sides[0].rules_digest
    assert [m.name for m in snapshot.sides[1].models] == ["Bandit chief", "Bandit", "Archer"]
    page = alice_client.get(f"/games/{game.pk}/").content.decode()
    assert "Bandit chief" in page and 'id="table"' in page


def test_editing_the_roster_later_never_changes_the_game(alice_client, roster):
    alice_client.post(f"/rosters/{roster.pk}/play/", {"opponent": "typed", "typed": "Bandit, 2"})
    game = Game.objects.get()
    before = operations.state_of(game).sides[0].models[0].name
    document = {**roster.document, "models": roster.document["models"][1:]}
    save_revision(roster, document, "removed one", roster.revision)
    game = Game.objects.get()
    assert operations.state_of(game).sides[0].models[0].name == before


def test_the_opponent_through_a_share_link(alice_client, alice, bob, roster):
    theirs = create_roster(bob, example("iron-and-honor-ghrim-company"))
    link = ShareLink.objects.create(roster=theirs)
    response = alice_client.post(
        f"/rosters/{roster.pk}/play/", {"opponent": "link", "link": f"http://testserver/s/{link.token}/"}
    )
    assert response.status_code == 302
    side = Game.objects.get().snapshot_model.sides[1]
    assert side.roster_id == theirs.pk and side.player == "bob"


def test_a_link_that_is_not_shared_is_said_at_the_field(alice_client, roster):
    response = alice_client.post(f"/rosters/{roster.pk}/play/", {"opponent": "link", "link": "nothing-here"})
    assert response.status_code == 422
    assert "No roster is shared at that link" in response.content.decode()
    assert not Game.objects.exists()


def test_the_opponent_from_an_uploaded_export_and_from_my_rosters(alice_client, alice, roster):
    other = create_roster(alice, example("iron-and-honor-sundered-elve"))
    upload = SimpleUploadedFile("elves.json", json.dumps(other.document).encode(), "application/json")
    alice_client.post(f"/rosters/{roster.pk}/play/", {"opponent": "upload", "upload": upload})
    alice_client.post(f"/rosters/{roster.pk}/play/", {"opponent": "mine", "mine": other.pk})
    games = Game.objects.order_by("pk")
    assert [g.snapshot_model.sides[1].origin for g in games] == ["export", "roster"]


def test_an_upload_that_is_not_a_roster_is_said_at_the_field(alice_client, roster):
    upload = SimpleUploadedFile("x.json", b"{not json", "application/json")
    response = alice_client.post(f"/rosters/{roster.pk}/play/", {"opponent": "upload", "upload": upload})
    assert response.status_code == 422
    assert not Game.objects.exists()


def test_a_roster_of_another_game_cannot_be_the_opponent(alice_client, alice, roster):
    other = create_roster(alice, example("brutality-moderate-points"))
    response = alice_client.post(f"/rosters/{roster.pk}/play/", {"opponent": "mine", "mine": other.pk})
    assert response.status_code == 422
    assert not Game.objects.exists()


def test_strangers_cannot_start_a_game_from_my_roster(bob_client, roster):
    assert bob_client.get(f"/rosters/{roster.pk}/play/").status_code == 404


def test_an_illegal_roster_can_be_played_with_its_problems_shown_once(alice_client, alice):
    document = example("iron-and-honor-northmen-raiding-party")
    document["models"] = document["models"] * 3  # far over the game size
    roster = create_roster(alice, document)
    alice_client.post(f"/rosters/{roster.pk}/play/", {"opponent": "typed", "typed": "Bandit, 2"})
    game = Game.objects.get()
    assert game.snapshot_model.sides[0].issues
    page = alice_client.get(f"/games/{game.pk}/").content.decode()
    assert "Rule problems at the start" in page
    wound = {"id": "b" * 32, "side": 0, "do": "wound", "target": 1, "model": 0}
    answer = alice_client.post(f"/games/{game.pk}/act/", wound)
    assert answer.status_code == 302, re.findall("Not done: [^<]*", answer.content.decode())
    assert "Rule problems at the start" not in alice_client.get(f"/games/{game.pk}/").content.decode()


def test_my_rosters_and_the_editor_offer_play(alice_client, roster):
    assert f"/rosters/{roster.pk}/play/" in alice_client.get("/rosters/").content.decode()
    assert f"/rosters/{roster.pk}/play/" in alice_client.get(f"/rosters/{roster.pk}/").content.decode()


def test_a_game_exports_as_muster_game_json_that_replays(alice_client, roster):
    from rules.play.format import read_game, replay_game

    alice_client.post(f"/rosters/{roster.pk}/play/", {"opponent": "typed", "typed": "Bandit, 2"})
    game = Game.objects.get()
    wound = {"id": "c" * 32, "side": 0, "do": "wound", "target": 1, "model": 0}
    alice_client.post(f"/games/{game.pk}/act/", wound)
    response = alice_client.get(f"/games/{game.pk}/export.json")
    assert response["Content-Type"] == "application/json"
    exported = read_game(response.content)
    assert replay_game(exported).sides[1].models[0].wounds == 1


def test_the_account_zip_holds_the_games_and_imports_back_its_rosters(alice_client, alice, roster):
    import io
    import zipfile

    from roster.accounts.archive import read_archive
    from roster.rosters.catalogue import catalogue_and_digest

    alice_client.post(f"/rosters/{roster.pk}/play/", {"opponent": "typed", "typed": "Bandit, 2"})
    game = Game.objects.get()
    data = alice_client.get("/accounts/rosters.zip").getvalue()
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert f"games/{game.name.lower().replace(' ', '-')}-{game.pk}.json" in names
    assert len(read_archive(data, catalogue_and_digest)) == 1  # the rosters only


def test_a_typed_list_too_long_says_so_and_not_that_it_is_empty(alice_client, roster):
    typed = "Bandit, 2\n" * 500  # 5,000 characters: over the field's 4,000
    response = alice_client.post(f"/rosters/{roster.pk}/play/", {"opponent": "typed", "typed": typed})
    assert response.status_code == 422
    page = response.content.decode()
    assert "at most 4000 characters" in page
    assert "type at least one model" not in page
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("Grim, -4", "line 2: Wounds / Hit Points are 1 to 99"),
        ("Huge, 99999999999999999999", "line 2: Wounds / Hit Points are 1 to 99"),
        (", 5", "line 2: a model needs a name"),
        ("-- ; 2", "line 2: a model needs a name"),
    ],
)
def test_a_typed_line_with_a_bad_number_or_no_name_is_refused_at_its_line(alice_client, roster, line, said):
    response = alice_client.post(
        f"/rosters/{roster.pk}/play/", {"opponent": "typed", "typed": f"Bandit chief, 3\n{line}"}
    )
    assert response.status_code == 422
    assert said in response.content.decode()
    assert not Game.objects.exists()


def test_a_name_that_ends_in_a_number_keeps_it_when_wounds_follow(alice_client, roster):
    typed = "Raider 2, 1\nAgent 007 2"
    alice_client.post(f"/rosters/{roster.pk}/play/", {"opponent": "typed", "typed": typed})
    models = Game.objects.get().snapshot_model.sides[1].models
    assert [(m.name, m.wounds) for m in models] == [("Raider 2", 1), ("Agent 007", 2)]
