"""Brutality export and import: the JSON round trip and the plain text for chat."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from roster.rosters.models import Roster
from roster.rosters.operations import create_roster
from tests.brutality import example, leader, model, roster

pytestmark = pytest.mark.django_db


def test_export_import_export_is_identical(alice, alice_client):
    r = create_roster(alice, example("brutality-moderate-points"))
    first = alice_client.get(reverse("roster-export-json", args=[r.pk]))
    upload = SimpleUploadedFile("r.json", first.content, content_type="application/json")
    alice_client.post(reverse("roster-import"), {"file": upload})
    imported = Roster.objects.exclude(pk=r.pk).get(owner=alice)
    second = alice_client.get(reverse("roster-export-json", args=[imported.pk]))
    assert second.content == first.content
    assert json.loads(first.content) == example("brutality-moderate-points")


def test_plain_text_export(alice, alice_client):
    r = create_roster(alice, example("brutality-moderate-points"))
    text = alice_client.get(reverse("roster-export-text", args=[r.pk])).content.decode()
    lines = text.splitlines()
    assert lines[0] == "Ashen Reavers (Brutality Skirmish Wargame)"
    assert lines[2] == (
        'Mother Scald - Berserker (Melee), Leader, Move 8" FS 7 Dex 6 HP 3 Will 5 Atk 1 Save 3, '
        '+1 Fighting Skill, +1 Fighting Skill, +2" Movement, Sturdy - 1.5 points'
    )
    assert lines[5].endswith("Stealthy, Power: Curse - 1 point")
    assert lines[-1] == (
        "Total: 4.5 / 5 points; Moderate mode, points game; 4 models (1 Upgraded); Leader Mother Scald; legal"
    )


def test_plain_text_marks_the_players_values(alice, alice_client):
    shooter = model("Ranged", "Shooter", traits=[], supplied={"HP": 2})
    r = create_roster(alice, roster([leader(), model("Melee"), model("Fast", "Fast 1"), shooter]))
    text = alice_client.get(reverse("roster-export-text", args=[r.pk])).content.decode()
    assert (
        "Shooter - Basic Ranged, Move ? FS ? Dex ? HP 2* Will ? Atk ? Save ?, Sturdy, * player-supplied"
        in text
    )
