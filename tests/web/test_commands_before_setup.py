"""validate_roster and render_sheet on a fresh checkout: before any ``migrate`` (no
tables) and before ``load_rules`` (no rules data), they read the rules data from
fixtures/ and never end in a traceback (README, Commands; docs/rules-decisions.md)."""

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from roster.rosters.catalogue import current_digest, fixture_catalogue
from roster.rosters.models import RuleSet
from tests.ih import EXAMPLES, ROOT
from tests.web import pdf as pdfs

NORTHMEN = EXAMPLES / "iron-and-honor-northmen-raiding-party.json"
LANTERN = EXAMPLES / "iron-and-honor-lantern-adventuring-co.json"
CLOVIS = EXAMPLES / "beestwars-clovis-300.json"
POSSE = EXAMPLES / "brutality-moderate-points.json"
pytestmark = pytest.mark.slow  # a manage.py process (Django, WeasyPrint) per test


def manage(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run manage.py in a child process against a brand-new, never migrated SQLite file."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'never-migrated.sqlite3'}"}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )


def test_validate_roster_works_on_a_database_nobody_migrated(tmp_path):
    legal = manage(tmp_path, "validate_roster", str(NORTHMEN), "--json")
    assert (legal.returncode, legal.stderr) == (0, "")
    data = json.loads(legal.stdout)
    assert (data["legal"], data["totals"]["cost"], data["totals"]["fate_pool"]) == (True, 200, 8)
    assert len(data["fingerprint"]) == 12
    illegal = manage(tmp_path, "validate_roster", str(LANTERN))
    assert illegal.returncode == 1
    assert "Traceback" not in illegal.stderr
    assert "126 / 125 ExP" in illegal.stdout
    assert "iron-and-honor.exp.example-price" in illegal.stdout


def test_render_sheet_works_on_a_database_nobody_migrated(tmp_path):
    out = tmp_path / "clovis.pdf"
    done = manage(tmp_path, "render_sheet", str(CLOVIS), "-o", str(out))
    assert (done.returncode, done.stderr) == (0, "")
    text = pdfs.text(out.read_bytes())
    assert "Stone Hoof's raiders" in text
    assert "257 / 300 points" in text


def test_render_sheet_by_id_without_a_database_says_so_in_one_line(tmp_path):
    done = manage(tmp_path, "render_sheet", "7", "-o", str(tmp_path / "x.pdf"))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "the database is not set up (run `manage.py migrate`)" in done.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_an_unreadable_file_before_setup_is_exit_2_not_a_traceback(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    done = manage(tmp_path, "validate_roster", str(bad))
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert "not JSON" in done.stderr


@pytest.mark.django_db
def test_without_rules_data_in_a_migrated_database_the_fixtures_are_read(tmp_path):
    loaded = StringIO()
    call_command("validate_roster", str(POSSE), "--json", stdout=loaded)
    before = json.loads(loaded.getvalue())
    RuleSet.objects.all().delete()
    empty = StringIO()
    call_command("validate_roster", str(POSSE), "--json", stdout=empty)
    assert json.loads(empty.getvalue()) == before
    out = tmp_path / "posse.pdf"
    call_command("render_sheet", str(POSSE), "-o", str(out), stdout=StringIO())
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.django_db
def test_the_fixture_digest_is_the_loaded_digest():
    for system in ("iron-and-honor", "brutality", "beestwars"):
        assert fixture_catalogue(system)[1] == current_digest(system)


@pytest.mark.parametrize(
    "args",
    [("import_roster", str(NORTHMEN), "--owner", "alice"), ("export_roster", "1")],
    ids=["import", "export"],
)
def test_commands_that_need_the_database_say_so_in_one_line(tmp_path, args):
    done = manage(tmp_path, *args)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert (
        "the database is not set up: run `manage.py migrate` and `manage.py load_rules` first" in done.stderr
    )
