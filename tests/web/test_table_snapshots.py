"""Snapshots of the table's HTML (templates/games/): every answer a player, the other
phone and a watcher get while a game of each system is played.

For each system's example roster against a typed opponent: the fragment at the start
(rule problems shown), each action's answer (the htmx fragment, refusals with their
reason), undo, then the other side taken and a watcher: the fragment and the whole page
as the owner, the other side and the watcher see it, and the Beestwars card held back
from all but its drawer. Random draws come from a seeded source.

Compared with ``tests/snapshots/table/<system>.txt`` after collapsing every run of
whitespace to one space (as the editor's snapshots are), with a line break before each
tag that opens a block or a button; the first answer is kept whole, each later one as
its difference from the one before (what an action changed, and a file a tenth of the
size). What differs from run to run is
replaced by a placeholder: the CSRF token, the ETag's signature, the fresh event id of each form (the only
part of a fragment made per response, see docs/play.md "Speed"), the game's id, the
join code and its QR code. After a deliberate change of the HTML, write them again with
``MUSTER_UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/web/test_table_snapshots.py``
and read the diff.
"""

from __future__ import annotations

import difflib
import os
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from roster.games import operations
from roster.games.models import Game
from roster.operations import create_roster
from tests.ih import example

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOTS = ROOT / "tests" / "snapshots" / "table"
HTMX = {"HTTP_HX_REQUEST": "true"}
EXAMPLES = {
    "iron-and-honor": "iron-and-honor-northmen-raiding-party",
    "brutality": "brutality-moderate-points",
    "beestwars": "beestwars-clovis-300",
}
# (side, target, model, do) taps, in order; a refused one is kept as its answer.
TAPS: dict[str, list[tuple[int, int | None, int | None, str]]] = {
    "iron-and-honor": [
        (0, 1, 0, "wound"),
        (0, 0, 0, "token:Stealth"),
        (0, 0, 1, "status:Stunned"),
        (0, 0, None, "spend:Winds of Kismet"),
        (0, 0, None, "score:2"),
        (0, None, None, "draw"),
        (0, 1, 1, "wound"),
        (0, 1, 1, "wound"),
        (0, 1, 1, "heal"),
        (0, 0, 2, "heal"),
        (0, None, None, "next-turn"),
    ],
    "brutality": [
        (0, 1, 0, "wound"),
        (0, 0, 0, "token:Bleeding"),
        (0, 0, 0, "token:Burning!"),
        (0, 0, 1, "token:Trauma: -3 Save"),
        (0, 0, 0, "staunch"),
        (0, 0, None, "spend:Free Action"),
        (0, 0, None, "summon:1"),
        (0, 1, 1, "wound"),
        (0, 1, 1, "wound"),
        (0, 1, 1, "heal"),
        (0, None, None, "next-turn"),
    ],
    "beestwars": [
        (0, 0, 0, "status:Engaged"),
        (0, 1, 1, "status:Stunned"),
        (0, 1, 1, "status:Stunned"),
        (0, 1, 1, "status:Ready"),
        (0, 0, None, "spend:Charge"),
        (0, 0, None, "gain:Enemy recovery roll of 16 or 17"),
        (0, 0, None, "standard"),
    ],
}
# After joining: (side, do) taps each seat makes (Beestwars: the deck drawn for the other).
SEATED: dict[str, list[tuple[int, str]]] = {
    "iron-and-honor": [(0, "draw"), (1, "next-turn")],
    "brutality": [(1, "next-turn")],
    "beestwars": [(1, "draw"), (0, "ask"), (1, "draw")],
}


def normalise(html: str) -> str:
    """What differs from run to run replaced by placeholders."""
    html = re.sub(
        r'name="csrfmiddlewaretoken" value="[^"]*"', 'name="csrfmiddlewaretoken" value="CSRF"', html
    )
    html = re.sub(r'"X-CSRFToken": "[^"]*"', '"X-CSRFToken": "CSRF"', html)
    html = re.sub(r'name="id" value="[0-9a-f]{32}"', 'name="id" value="ID"', html)
    html = re.sub(r"/games/\d+/", "/games/GAME/", html)
    html = re.sub(r'data-game="\d+"', 'data-game="GAME"', html)
    html = re.sub(r"game-\d+-v", "game-GAME-v", html)
    html = re.sub(r"(game-GAME-v\d+)-w\d+", r"\1", html)  # the ETag's last write (a time)
    html = re.sub(r"\.[0-9a-f]{32}&quot;", ".MAC&quot;", html)  # the signed ETag's HMAC
    html = re.sub(r"<svg.*?</svg>", "QR", html, flags=re.DOTALL)
    html = re.sub(r"/join/[A-Z0-9]{5}/", "/join/CODE/", html)
    return re.sub(r'class="play-code">[A-Z0-9]{5}<', 'class="play-code">CODE<', html)


def lines(html: str) -> list[str]:
    """Whitespace runs collapsed (the templates' layout is not what a player meets), one
    line per block or button."""
    text = re.sub(r"\s+", " ", html).strip()
    return re.sub(r" ?(<(?:li|form|section|details|div|p|button|h[12]|ol|ul|dl)[ >])", r"\n\1", text).split(
        "\n"
    )


def as_diffs(parts: list[tuple[str, str]]) -> str:
    """The labelled answers: the first whole, each later one as a diff from the one before."""
    out: list[str] = []
    before: list[str] = []
    for n, (label, html) in enumerate(parts):
        now = lines(html)
        out.append(f"=== {label}")
        if n == 0:
            out += now
        else:
            out += [d for d in difflib.unified_diff(before, now, lineterm="", n=1)][2:]
        before = now
    return "\n".join(out) + "\n"


def fragment(html: str) -> str:
    """The table's fragment within a whole page (the join panel and the rules aside)."""
    start = html.index('<div id="table"')
    return html[start : html.index('<details class="play-rules">', start)]


class Recorder:
    """Numbered event ids and every answer, labelled."""

    def __init__(self) -> None:
        self.parts: list[tuple[str, str]] = []
        self.n = 0

    def id(self) -> str:
        self.n += 1
        return f"event-{self.n:04d}"

    def add(self, label: str, response: Any, whole: Callable[[str], str] | None = None) -> None:
        html = response.content.decode()
        if whole is not None:
            html = whole(html)
        self.parts.append((f"{label}: {response.status_code}", normalise(html)))


def tap(client: Client, game: Game, rec: Recorder, side: int, target: Any, model: Any, do: str) -> Any:
    data: dict[str, Any] = {"id": rec.id(), "side": side, "do": do}
    if target is not None:
        data["target"] = target
    if model is not None:
        data["model"] = model
    return client.post(f"/games/{game.pk}/act/", data, **HTMX)


def play(system: str, owner_client: Client, owner: Any) -> str:
    """Play the scenario of ``system``; every answer, normalised, in one text."""
    rec = Recorder()
    roster = create_roster(owner, example(EXAMPLES[system]))
    owner_client.post(
        f"/rosters/{roster.pk}/play/",
        {"opponent": "typed", "typed_name": "Bandits", "typed": "Bandit chief, 3\nBandit 2"},
    )
    game = Game.objects.filter(owner=owner).latest("pk")
    state = f"/games/{game.pk}/state/"
    rec.add("start", owner_client.get(state, **HTMX))
    for side, target, model, do in TAPS[system]:
        rec.add(f"{do} ({side}, {target}, {model})", tap(owner_client, game, rec, side, target, model, do))
    rec.add("undo latest", owner_client.post(f"/games/{game.pk}/undo/", {"event": ""}, **HTMX))
    rec.add("undo the first", owner_client.post(f"/games/{game.pk}/undo/", {"event": "event-0001"}, **HTMX))
    rec.add("unreadable", owner_client.post(f"/games/{game.pk}/act/", {"id": "x", "side": 0}, **HTMX))
    rec.add("page, one phone", owner_client.get(f"/games/{game.pk}/"), fragment)
    page = owner_client.get(f"/games/{game.pk}/").content.decode()
    found = re.search(r'class="play-code"[^>]*>([A-Z0-9]{5})<', page)
    assert found is not None
    other, watcher = Client(), Client()
    assert other.post(f"/join/{found.group(1)}/", {"choice": "side"}).status_code == 302
    assert watcher.post(f"/join/{found.group(1)}/", {"choice": "watch"}).status_code == 302
    seats = {"owner": owner_client, "other": other, "watcher": watcher}
    for side, do in SEATED[system]:
        mover = owner_client if side == 0 else other
        rec.add(f"{do} by side {side}", tap(mover, game, rec, side, None, None, do))
        for name, client in seats.items():
            rec.add(f"fragment, {name}", client.get(state, **HTMX))
    for name, client in seats.items():
        rec.add(f"page, {name}", client.get(f"/games/{game.pk}/"))
    rec.add("refused, other side", tap(other, game, rec, 1, 0, 0, "status:Bogus"))
    rec.add("watcher acts", tap(watcher, game, rec, 1, 0, 0, "wound"))
    return as_diffs(rec.parts)


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Draws from a seeded source, and no replayed state kept from another test."""
    monkeypatch.setattr(operations.secrets, "SystemRandom", lambda: random.Random(20))
    operations._STATES.clear()


@pytest.mark.parametrize("system", sorted(EXAMPLES))
def test_the_table_matches_its_snapshot(system: str, alice_client: Client, alice: Any, seeded: None) -> None:
    html = play(system, alice_client, alice)
    path = SNAPSHOTS / f"{system}.txt"
    if os.environ.get("MUSTER_UPDATE_SNAPSHOTS") or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(html)
    assert html == path.read_text(), f"{path.name} differs: rerun with MUSTER_UPDATE_SNAPSHOTS=1 and diff"


def test_each_form_gets_a_fresh_event_id(alice_client: Client, alice: Any, seeded: None) -> None:
    """The fresh ids the placeholders above hide are there, one per form, all different,
    and differ between two answers of the same state."""
    roster = create_roster(alice, example(EXAMPLES["brutality"]))
    alice_client.post(f"/rosters/{roster.pk}/play/", {"opponent": "typed", "typed": "Bandit, 2"})
    game = Game.objects.filter(owner=alice).latest("pk")
    first, second = (
        re.findall(
            r'name="id" value="([0-9a-f]{32})"', alice_client.get(f"/games/{game.pk}/state/").content.decode()
        )
        for _ in range(2)
    )
    forms = alice_client.get(f"/games/{game.pk}/state/").content.decode().count('name="id"')
    assert len(first) == len(set(first)) == forms > 5
    assert not set(first) & set(second)
