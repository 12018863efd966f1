"""Play at the table has no registry of its own: each system's rules of play are its
``GameSystem.play`` (docs/new-system.md, section 5), and ``rules`` imports neither
``roster`` nor Django, in whatever order its modules are first imported."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rules.play.registry import PLAY_RULES, get_rules
from rules.registry import SYSTEMS

ROOT = Path(__file__).resolve().parents[3]


def test_the_rules_of_play_are_the_registered_systems_own() -> None:
    assert list(PLAY_RULES) == [sid for sid, s in SYSTEMS.items() if s.play is not None]
    for sid, rules in PLAY_RULES.items():
        assert rules is SYSTEMS[sid].play and get_rules(sid) is rules and rules.system_id == sid


@pytest.mark.parametrize(
    "first",
    ["rules.play.registry", "rules.play.format", "rules.registry"]
    + [f"rules.{p}{m}" for p in ("iron_honor", "brutality", "beestwars") for m in ("", ".play")],
)
def test_rules_import_in_any_order_without_roster_or_django(first: str) -> None:
    code = (
        f"import sys, {first}, rules.play.registry\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'roster', 'django'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_no_rules_module_names_roster_in_an_import() -> None:
    for path in (ROOT / "rules").rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            imports = words[:1] in (["import"], ["from"])
            assert not (imports and words[1].startswith("roster")), f"{path}: {line}"
