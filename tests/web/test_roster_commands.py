"""import_roster, export_roster and render_sheet (docs/formats.md)."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from roster.rosters.models import Roster
from roster.rosters.operations import create_roster
from tests.ih import EXAMPLES, example
from tests.web import pdf as pdfs

pytestmark = pytest.mark.django_db


def run(*args):
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_import_prints_the_id_and_share_path(alice):
    out = run(
        "import_roster", str(EXAMPLES / "iron-and-honor-ghrim-company.json"), "--owner", "alice", "--share"
    )
    roster_id, share_path = out.split()
    roster = Roster.objects.get(pk=int(roster_id))
    assert roster.owner == alice
    token = roster.share_links.get().token
    assert share_path == f"/s/{token}/"


def test_import_errors_name_the_path(alice, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**example("iron-and-honor-ghrim-company"), "system": "chess"}))
    with pytest.raises(CommandError, match=r"\$\.system: unknown system"):
        run("import_roster", str(bad), "--owner", "alice")


def test_import_needs_a_known_owner(db):
    with pytest.raises(CommandError, match="no user named 'nobody'"):
        run("import_roster", str(EXAMPLES / "iron-and-honor-ghrim-company.json"), "--owner", "nobody")


def test_export_prints_the_document(alice):
    roster = create_roster(alice, example("iron-and-honor-sundered-elve"))
    assert json.loads(run("export_roster", str(roster.pk))) == example("iron-and-honor-sundered-elve")


def test_render_sheet_from_a_file_and_from_an_id(alice, tmp_path):
    out = tmp_path / "file.pdf"
    run("render_sheet", str(EXAMPLES / "iron-and-honor-lantern-adventuring-co.json"), "-o", str(out))
    assert "Morgain of Locksey" in pdfs.text(out.read_bytes())
    roster = create_roster(alice, example("iron-and-honor-sundered-elve"))
    out2 = tmp_path / "id.pdf"
    run("render_sheet", str(roster.pk), "-o", str(out2), "--paper", "letter")
    assert "Lady Eike" in pdfs.text(out2.read_bytes())
    assert pdfs.read(out2.read_bytes()).metadata.author == "alice"
