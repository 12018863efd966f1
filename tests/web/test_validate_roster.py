"""manage.py validate_roster: exit codes, JSON shape, and bad input (docs/formats.md)."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from tests.ih import EXAMPLES, medium

pytestmark = pytest.mark.django_db


def run(*args):
    out, err = StringIO(), StringIO()
    try:
        call_command("validate_roster", *map(str, args), stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue(), err.getvalue()


def write(tmp_path, content, name="roster.json"):
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return path


def test_a_legal_roster_exits_zero():
    code, out, err = run(EXAMPLES / "iron-and-honor-northmen-raiding-party.json")
    assert (code, err) == (0, "")
    assert "200 / 200 ExP" in out
    assert "Fate Pool 8" in out


def test_an_illegal_roster_exits_one_and_names_the_problem():
    code, out, _ = run(EXAMPLES / "iron-and-honor-lantern-adventuring-co.json")
    assert code == 1
    assert "iron-and-honor.exp.over-limit" in out


def test_json_output_shape():
    code, out, _ = run(EXAMPLES / "iron-and-honor-lantern-adventuring-co.json", "--json")
    assert code == 1
    data = json.loads(out)
    assert set(data) == {"system", "name", "legal", "totals", "models", "issues", "fingerprint"}
    assert data["totals"]["cost"] == 126
    assert data["totals"]["limit"] == 125
    assert data["totals"]["unit"] == "ExP"
    assert data["totals"]["fate_pool"] == 6
    assert data["models"][1]["name"] == "Morgain of Locksey"
    assert data["models"][1]["cost"] == 36
    assert data["issues"][0] == {
        "severity": "error",
        "code": "iron-and-honor.exp.over-limit",
        "message": "126 ExP spent: 1 over the limit of 125.",
        "model": None,
        "model_index": None,
        "source": "Iron & Honor p.15",
    }


def test_several_files_print_one_json_object_each():
    files = sorted(EXAMPLES.glob("iron-and-honor-*.json"))
    code, out, _ = run(*files, "--json")
    assert code == 1
    assert [json.loads(line)["name"] for line in out.splitlines()] == [
        "Ghrim Company",
        "Lantern Adventuring Co.",
        "Northmen Raiding Party",
        "Sundered Elve Warband",
    ]


def assert_unreadable(tmp_path, path, json_path, words):
    code, out, err = run(path, "--json")
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert str(path) in lines[0]
    assert json_path in lines[0]
    assert words in lines[0]
    assert "Traceback" not in err


def test_not_json(tmp_path):
    assert_unreadable(tmp_path, write(tmp_path, "{nope"), ": $:", "not JSON")


def test_wrong_types(tmp_path):
    doc = medium()
    doc["models"][2]["attributes"]["PD"] = "three"
    assert_unreadable(tmp_path, write(tmp_path, doc), "$.models[2].attributes.PD", "a whole number is needed")


def test_unknown_system(tmp_path):
    doc = medium()
    doc["system"] = "chess"
    assert_unreadable(tmp_path, write(tmp_path, doc), "$.system", "unknown system")


def test_unknown_trait(tmp_path):
    doc = medium()
    doc["models"][4]["traits"] = ["Veteran", "Laser Eyes"]
    assert_unreadable(tmp_path, write(tmp_path, doc), "$.models[4].traits[1]", "unknown trait")


def test_missing_file(tmp_path):
    assert_unreadable(tmp_path, tmp_path / "nowhere.json", ": $:", "cannot read")


def test_fifty_megabyte_file(tmp_path):
    path = tmp_path / "big.json"
    with path.open("wb") as f:
        f.truncate(50 * 1024 * 1024)
    assert_unreadable(tmp_path, path, ": $:", "limit")


def test_one_bad_file_among_good_ones_writes_nothing(tmp_path):
    bad = write(tmp_path, "[]")
    code, out, err = run(EXAMPLES / "iron-and-honor-ghrim-company.json", bad)
    assert code == 2
    assert out == ""
    assert "a roster document must be a JSON object" in err


def test_the_real_command_line_exits_two_without_a_traceback(tmp_path):
    import subprocess
    import sys

    from django.conf import settings

    bad = write(tmp_path, '{"format": "muster.roster/1", "system": 3}')
    env = {"PATH": "/usr/bin:/bin", "SQLITE_PATH": str(tmp_path / "none.sqlite3")}
    result = subprocess.run(
        [sys.executable, str(settings.BASE_DIR / "manage.py"), "validate_roster", str(bad)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip() == f"validate_roster: {bad}: $.system: required: the game system's id"
