"""Tiny Skirmish, registered by the recipe alone, is made, edited and printed like the
books' games: through the new-roster page, the editor's forms and the sheet command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from roster.rosters.models import Roster
from roster.rosters.operations import create_roster, load_system
from tests.web import pdf as pdfs


def _player(db: Any) -> tuple[User, Client]:
    user = User.objects.create_user("tinkerer", password="tinkerer-secret-pw-123")
    client = Client()
    client.force_login(user)
    return user, client


def test_a_tiny_roster_is_built_in_the_editor_and_printed(tiny: None, db: Any, tmp_path: Path) -> None:
    load_system("tiny")
    user, client = _player(db)
    response = client.get(reverse("roster-new") + "?system=tiny")
    assert "Tiny Skirmish" in response.content.decode()
    response = client.post(
        reverse("roster-new"), {"system": "tiny", "name": "Pocket army", "points_limit": "10"}
    )
    roster = Roster.objects.get(owner=user)
    assert response.status_code == 302 and roster.system == "tiny"
    for kind in ("scout", "brute", "brute"):
        revision = Roster.objects.get(pk=roster.pk).revision
        client.post(reverse("model-add", args=[roster.pk]), {"kind": kind, "revision": revision})
    page = client.get(reverse("model-open", args=[roster.pk, 0])).content.decode()
    assert '<span class="row-cost">3 points</span>' in page
    assert "13 points is over the limit of 10" in page
    assert 'id="m0-name"' in page and 'value="Scout 1"' in page
    revision = Roster.objects.get(pk=roster.pk).revision
    client.post(reverse("model-open", args=[roster.pk, 0]), {"name": "Pell", "revision": revision})
    assert Roster.objects.get(pk=roster.pk).document["models"][0] == {"name": "Pell", "kind": "Scout"}

    out = tmp_path / "tiny.pdf"
    call_command("render_sheet", str(roster.pk), "-o", str(out))
    text = pdfs.text(out.read_bytes())
    assert "Pell" in text and "Brute 2" in text and "13 / 10 points" in text


def test_a_refused_name_comes_back_at_its_field(tiny: None, db: Any) -> None:
    load_system("tiny")
    user, client = _player(db)
    roster = create_roster(
        user,
        {
            "format": "muster.roster/1",
            "system": "tiny",
            "name": "Pocket army",
            "options": {"points_limit": 10},
            "models": [{"name": "Pell", "kind": "Scout"}],
        },
    )
    url = reverse("model-open", args=[roster.pk, 0])
    response = client.post(url, {"name": "", "revision": roster.revision})
    page = response.content.decode()
    assert response.status_code == 422
    assert 'aria-invalid="true" aria-describedby="m0-name-error"' in page
    assert 'id="m0-name-error" role="alert">Name: ' in page


def test_without_rules_of_play_it_offers_no_play_and_says_why(tiny: None, db: Any) -> None:
    from rules.play.registry import PLAY_RULES, get_rules

    load_system("tiny")
    user, client = _player(db)
    roster = create_roster(
        user,
        {
            "format": "muster.roster/1",
            "system": "tiny",
            "name": "Pocket army",
            "options": {"points_limit": 10},
            "models": [{"name": "Pell", "kind": "Scout"}],
        },
    )
    play = reverse("game-new", args=[roster.pk])
    assert "tiny" not in PLAY_RULES and "iron-and-honor" in PLAY_RULES
    assert play not in client.get(reverse("roster-list")).content.decode()
    assert play not in client.get(reverse("roster-edit", args=[roster.pk])).content.decode()
    response = client.get(play)
    assert response.status_code == 404
    assert "no rules of play at the table for Tiny Skirmish" in response.content.decode()
    try:
        get_rules("tiny")
    except KeyError as exc:
        assert "Tiny Skirmish has no rules of play" in str(exc)
    else:
        raise AssertionError("Tiny Skirmish has no rules of play")
