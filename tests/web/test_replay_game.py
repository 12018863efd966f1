"""``manage.py replay_game FILE [--json]`` (docs/formats.md, section 4): no database
needed (these tests use none), exit 2 and one line on stderr for unreadable input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.rules.play.games import GAMES


def run(*args: str) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    try:
        call_command("replay_game", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("system_id", ["iron-and-honor", "brutality", "beestwars"])
def test_it_prints_the_state_of_an_example_game(system_id: str) -> None:
    code, out, err = run(str(GAMES / f"{system_id}.json"))
    assert code == 0 and err == ""
    assert "finished" in out and " wins" in out


def test_replay_names_the_events_it_refused_and_why(tmp_path: Path) -> None:
    """`log` in --json, one line each in the text (issue #28 item 2): an event appended
    after the game's end is refused on replay, and said so."""
    data = json.loads((GAMES / "iron-and-honor.json").read_text(encoding="utf-8"))
    data["events"].append({"id": "after-the-end-01", "side": 0, "action": "wound", "target": 1, "model": 0})
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(str(path), "--json")
    log = json.loads(out)["log"]
    assert code == 0 and len(log) == len(data["events"])
    assert [e["id"] for e in log if e["refused"]] == ["after-the-end-01"]
    reason = log[-1]["refused"]
    code, text, _ = run(str(path))
    assert text.rstrip().splitlines()[-1] == f"refused: after-the-end-01 (wound): {reason}"


def test_json_has_the_contract_shape() -> None:
    code, out, _ = run(str(GAMES / "brutality.json"), "--json")
    data = json.loads(out)
    assert code == 0
    assert {"system", "turn", "finished", "winner", "sides"} <= set(data)
    assert data["system"] == "brutality" and data["turn"] == 4 and data["finished"] is True
    side = data["sides"][0]
    assert {"name", "resources", "victory_points", "models"} <= set(side)
    assert {"name", "status"} <= set(side["models"][0])
    assert side["resources"] == {"Command Token": 0}


def test_json_of_beestwars_shows_froth() -> None:
    data = json.loads(run(str(GAMES / "beestwars.json"), "--json")[1])
    assert set(data["sides"][0]["resources"]) == {"Froth"}
    assert data["winner"] == 0


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{", "not JSON"),
        (b'{"format": "muster.roster/1"}', "$.format"),
        (b"\xff", "not UTF-8"),
    ],
)
def test_unreadable_input_exits_2_with_the_reason_on_stderr(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    code, out, err = run(str(path))
    assert code == 2 and out == ""
    assert message in err and str(path) in err


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    code, out, err = run(str(tmp_path / "nothing.json"))
    assert code == 2 and out == "" and "cannot read" in err


def test_it_works_on_a_database_nobody_migrated(tmp_path: Path) -> None:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'never-migrated.sqlite3'}"}
    done = subprocess.run(
        [sys.executable, "manage.py", "replay_game", str(GAMES / "iron-and-honor.json"), "--json"],
        cwd=GAMES.parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["finished"] is True
