"""docs/play-rules.md, the table of every rule of play (issue 28), stays true: each test
it names exists, each row says how Muster treats the rule, and the counts under each
table are the rows'."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "play-rules.md"
KINDS = ("enforced", "reminded", "left to players")


def test_every_test_the_rules_table_names_exists():
    text = DOC.read_text()
    sources = "\n".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))
    named = set(re.findall(r"`(?:[\w/]+\.py::)?(test_\w+)`", text))
    assert len(named) > 60
    missing = sorted(n for n in named if f"def {n}(" not in sources)
    assert missing == []
    for path in re.findall(r"`(tests/[\w/]+\.py)", text):
        assert (ROOT / path).exists(), path


def test_every_row_says_how_muster_treats_it_and_the_counts_add_up():
    for part in re.split(r"^## ", DOC.read_text(), flags=re.M)[1:]:
        rows = [line for line in part.splitlines() if line.startswith("| ") and not line.startswith("| Rule")]
        counts = dict.fromkeys(KINDS, 0)
        for row in rows:
            treatment = row.split("|")[3].strip()
            kind = next((k for k in KINDS if treatment.startswith(k)), None)
            assert kind, row
            counts[kind] += 1
        said = re.search(r"Rows: (\d+) — enforced (\d+), reminded (\d+), left to players (\d+)\.", part)
        assert said, part.splitlines()[0]
        assert [int(x) for x in said.groups()] == [len(rows), *counts.values()], part.splitlines()[0]
