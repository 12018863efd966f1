"""Snapshots that review (issue #27): a missing snapshot fails rather than being written,
the parts are cut out of a page exactly, and all of them stay small enough to read."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.snapshot_html import lines, part

SNAPSHOTS = Path(__file__).parent / "web" / "__snapshots__"
PAGE = """<main><section id="summary" class="totals-bar"><p>200 <b>ExP</b></p><input id="x">
<div><div>inner</div></div></section><p id="after">after</p><br><img id="pic" alt=""></main>"""


def test_a_missing_snapshot_fails_and_is_not_written(tmp_path: Path) -> None:
    test = tmp_path / "test_new.py"
    test.write_text("def test_new_part(snapshot):\n    assert '<p>new</p>' == snapshot\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DJANGO_"))}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:django", "-p", "no:cacheprovider", "-q", str(test)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 1, run.stdout
    assert "1 snapshot failed" in run.stdout
    assert not (tmp_path / "__snapshots__").exists() or not any((tmp_path / "__snapshots__").iterdir())


def test_a_part_is_the_element_whole_and_nothing_else() -> None:
    summary = part(PAGE, id="summary")
    assert summary.startswith('<section id="summary"') and summary.endswith("</div></div></section>")
    assert "after" not in summary
    assert part(PAGE, class_="totals-bar") == summary
    assert part(PAGE, id="x") == '<input id="x">'
    assert part(PAGE, id="pic") == '<img id="pic" alt="">'
    assert lines(summary).split("\n")[:2] == [
        '<section id="summary" class="totals-bar">',
        '<p>200 <b>ExP</b></p><input id="x">',
    ]


def test_a_part_that_is_not_there_says_which() -> None:
    try:
        part(PAGE, id="nowhere")
    except AssertionError as error:
        assert "{'id': 'nowhere'}" in str(error)
    else:
        raise AssertionError("a missing part was not reported")


def test_the_snapshots_stay_under_300_kb_in_all() -> None:
    files = list(SNAPSHOTS.glob("*.ambr"))
    assert files, "the snapshots are in tests/web/__snapshots__"
    assert sum(f.stat().st_size for f in files) <= 300 * 1024
