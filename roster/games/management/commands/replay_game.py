"""``manage.py replay_game FILE [--json]`` (README, Commands; docs/formats.md, section 4).

Replays a ``muster.game/1`` export and prints the state its events lead to: the turn,
whether the game is over and who won, and each side's resources, Victory Points and
models, then one line per event refused on replay. ``--json`` prints the object of
:func:`rules.play.format.state_summary`, whose ``log`` says each event's fate.

Exit 0, or 2 for a file that cannot be read (one line on stderr, nothing on stdout).
Needs no database: the rules of play are plain Python, so it works before ``migrate``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from rules.document import DocumentError
from rules.play.core import TableState
from rules.play.format import MAX_GAME_BYTES, read_game, replay_game, state_summary
from rules.play.registry import get_rules


def read_game_file(path: Path) -> bytes:
    """The bytes of a game file of at most 4 MB; DocumentError at "$" otherwise."""
    try:
        size = path.stat().st_size
        if size > MAX_GAME_BYTES:
            raise DocumentError("$", f"the file is {size:,} bytes; the limit is {MAX_GAME_BYTES:,}")
        return path.read_bytes()
    except OSError as exc:
        raise DocumentError("$", f"cannot read the file: {exc.strerror or exc}") from None


def format_state(state: TableState) -> str:
    """The state as text: a headline, then per side its resources and models."""
    rules = get_rules(state.system)
    over = "finished" if state.finished else "in progress"
    winner = (
        ""
        if not state.finished
        else (", a draw" if state.winner is None else f", {state.sides[state.winner].name} wins")
    )
    lines = [f"{rules.book}: turn {state.turn}, {over}{winner} ({state.version} events)"]
    for side in state.sides:
        res = ", ".join(f"{k} {v}" for k, v in side.resources.items())
        lines.append(f"{side.name}: {side.victory_points} Victory Points" + (f"; {res}" if res else ""))
        for m in side.models:
            wounds = f" {m.wounds}/{m.max_wounds}" if m.max_wounds is not None else ""
            tokens = (
                f" [{', '.join(t.name + (': ' + t.detail if t.detail else '') for t in m.tokens)}]"
                if m.tokens
                else ""
            )
            lines.append(f"  {m.name}: {m.status}{wounds}{tokens}")
    return "\n".join(lines)


class Command(BaseCommand):
    help = "Replay a muster.game/1 export and print its state. Exit 0, or 2 for an unreadable file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a game export (muster.game/1 JSON)")
        parser.add_argument("--json", action="store_true", help="print the state as one JSON object")

    def handle(self, *args: Any, **options: Any) -> None:
        name = options["file"]
        try:
            game = read_game(read_game_file(Path(name)))
        except DocumentError as exc:
            self.stderr.write(f"replay_game: {name}: {exc.path}: {exc.message}")
            sys.exit(2)
        state = replay_game(game)
        summary = state_summary(state, game.events)
        # Which rules of play replayed it, and whether the file was played under others.
        current = get_rules(game.system).version
        summary["rules_version"] = current
        summary["played_under"] = game.rules_version
        summary["rules_changed"] = bool(game.rules_version) and game.rules_version != current
        if options["json"]:
            self.stdout.write(json.dumps(summary, ensure_ascii=False))
        else:
            refused = [
                f"refused: {e['id']} ({e['action']}): {e['refused']}" for e in summary["log"] if e["refused"]
            ]
            changed = (
                [f"played under rules of play {game.rules_version}, replayed under {current}"]
                if summary["rules_changed"]
                else []
            )
            self.stdout.write("\n".join([format_state(state), *refused, *changed]))
