"""The sheet's download: named after the roster, full or compact, and the fingerprint
that ties a printed sheet to the submitted file (README, Commands; docs/rules-decisions.md)."""

import json
from io import StringIO
from urllib.parse import quote

import pytest
from django.core.management import call_command
from django.urls import reverse

from roster.rosters.evaluation import evaluate_stored
from roster.rosters.operations import create_roster
from roster.sheets.names import sheet_disposition, sheet_filename
from tests.ih import EXAMPLES, example
from tests.web import pdf as pdfs

pytestmark = pytest.mark.django_db


def test_the_file_name_is_the_rosters_with_an_ascii_fallback():
    assert sheet_filename("Stone Hoof's raiders") == ("stone-hoofs-raiders.pdf", "Stone Hoof's raiders.pdf")
    assert sheet_filename("Ærøskøbing Wölfe", "letter", True) == (
        "rskbing-wolfe-compact-letter.pdf",
        "Ærøskøbing Wölfe-compact-letter.pdf",
    )


def test_a_hostile_name_cannot_break_the_header_or_the_path():
    header = sheet_disposition('a"; filename=evil.exe\r\n/../x\u202e')
    fallback, name = sheet_filename('a"; filename=evil.exe\r\n/../x\u202e')
    assert "\r" not in header and "\n" not in header
    assert header == f"inline; filename=\"{fallback}\"; filename*=UTF-8''{quote(name, safe='')}"
    assert "/" not in name and '"' not in name and "\u202e" not in name
    assert sheet_filename("   ") == ("roster.pdf", "roster.pdf")


def test_the_download_is_named_after_the_roster(alice, alice_client):
    warband = create_roster(alice, example("beestwars-clovis-300"))
    response = alice_client.get(reverse("roster-sheet", args=[warband.pk]))
    assert response["Content-Disposition"] == (
        "inline; filename=\"stone-hoofs-raiders.pdf\"; filename*=UTF-8''Stone%20Hoof%27s%20raiders.pdf"
    )
    compact = alice_client.get(reverse("roster-sheet", args=[warband.pk]) + "?compact=1")
    assert 'filename="stone-hoofs-raiders-compact.pdf"' in compact["Content-Disposition"]


def test_the_compact_sheet_leaves_out_the_rule_summaries(alice, alice_client):
    warband = create_roster(alice, example("iron-and-honor-northmen-raiding-party"))
    url = reverse("roster-sheet", args=[warband.pk])
    full = pdfs.text(alice_client.get(url).content)
    compact = pdfs.text(alice_client.get(url + "?compact=1").content)
    summary = "Ignores movement penalties for rough terrain"  # Ranger's, p.28
    assert summary in full
    assert summary not in compact
    assert "compact sheet (rule summaries left out)" in compact
    assert "Traits: Arcane Armor, Ranger, Slayer, Hard Charger" in compact
    for name in ("Raensleyar", "Sigrun", "Frokn"):
        assert name in compact


@pytest.mark.parametrize("example_name", ["iron-and-honor-northmen-raiding-party", "beestwars-clovis-300"])
def test_sheet_shared_page_and_validate_roster_print_one_fingerprint(
    example_name, alice, alice_client, anon_client
):
    out = StringIO()
    call_command("validate_roster", str(EXAMPLES / f"{example_name}.json"), "--json", stdout=out)
    fingerprint = json.loads(out.getvalue())["fingerprint"]
    warband = create_roster(alice, example(example_name))
    sheet = pdfs.text(alice_client.get(reverse("roster-sheet", args=[warband.pk])).content)
    assert f"Fingerprint {fingerprint}" in sheet
    alice_client.post(reverse("roster-share", args=[warband.pk]))
    token = warband.share_links.get().token
    shared = anon_client.get(reverse("shared", args=[token])).content.decode()
    assert f'Fingerprint <strong class="fingerprint">{fingerprint}</strong>' in shared
    assert reverse("shared-sheet", args=[token]) + "?compact=1" in shared


def test_an_edit_changes_the_fingerprint(alice):
    warband = create_roster(alice, example("iron-and-honor-northmen-raiding-party"))
    first = evaluate_stored(warband.document).fingerprint
    document = json.loads(json.dumps(warband.document))
    document["models"][0]["name"] = "Raensleyar the Bold"
    assert evaluate_stored(document).fingerprint != first
    assert evaluate_stored(json.loads(json.dumps(warband.document))).fingerprint == first


def test_render_sheet_compact(tmp_path):
    full, compact = tmp_path / "full.pdf", tmp_path / "compact.pdf"
    source = str(EXAMPLES / "brutality-moderate-points.json")
    call_command("render_sheet", source, "-o", str(full), stdout=StringIO())
    call_command("render_sheet", source, "-o", str(compact), "--compact", stdout=StringIO())
    full_text, compact_text = pdfs.text(full.read_bytes()), pdfs.text(compact.read_bytes())
    assert "Wound Chart" in full_text
    assert "Wound Chart" not in compact_text
    assert "Command Token:" in full_text
    assert "Mother Scald" in compact_text
    assert "compact sheet (rule summaries left out)" in compact_text
