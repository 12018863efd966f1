"""`make bench` never loses its report (issue #27): a measurement that fails gives its rows
as "not measured: <why>", and the rows measured before and after it still print and are
saved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import run


def test_a_failed_measurement_gives_its_rows_as_not_measured(capsys: pytest.CaptureFixture[str]) -> None:
    def crashes() -> list[run.Row]:
        raise TimeoutError("Timeout 15000ms exceeded.\nwaiting for function")

    rows = run.measured(["tap to redraw", "fragment"], crashes)
    assert [row["measure"] for row in rows] == ["tap to redraw", "fragment"]
    assert {row["detail"] for row in rows} == {"not measured: TimeoutError: Timeout 15000ms exceeded."}
    assert {row["value"] for row in rows} == {None}
    assert "not measured: tap to redraw, fragment" in capsys.readouterr().out


def test_the_other_rows_still_print_and_are_saved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = {
        "measure": "evaluate()",
        "value": 0.4,
        "unit": "ms median",
        "detail": "",
        "budget": "< 1 ms",
        "met": True,
    }
    rows = [good, *run.measured(["sheet"], lambda: 1 / 0), *run.measured(["memory"], lambda: [good])]
    path = run.write_report(rows, 12.0, out=tmp_path)
    printed = capsys.readouterr().out
    assert "evaluate()" in printed and "not measured: ZeroDivisionError: division by zero" in printed
    saved = json.loads(path.read_text())["rows"]
    assert [row["measure"] for row in saved] == ["evaluate()", "sheet", "evaluate()"]
    assert saved[1]["detail"].startswith("not measured: ZeroDivisionError")


def test_a_server_that_does_not_start_leaves_every_row_of_it_not_measured(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken_serve(**_: object) -> None:
        raise RuntimeError("the server did not answer")

    monkeypatch.setattr(run, "serve", broken_serve)
    rows = run.one_server_rows("PostgreSQL", "postgres://nowhere")
    assert [row["measure"] for row in rows] == [
        "htmx edit round trip (PostgreSQL)",
        "shared page, 1 client (PostgreSQL)",
        "shared page, 8 clients (PostgreSQL)",
    ]
    assert all(row["detail"] == "not measured: RuntimeError: the server did not answer" for row in rows)
