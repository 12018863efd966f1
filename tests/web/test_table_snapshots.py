"""Snapshots of the table's parts (templates/games/; syrupy:
tests/web/__snapshots__/test_table_snapshots.ambr): what a player, the other phone and a
watcher get while a game of each system is played.

For each system's example roster against a typed opponent: the start, each action's
answer (refusals with their reason), undo, then the other side taken and a watcher. Of
each answer only the parts the action concerns are kept, one block or button a line: the
table's head (turn, public information, notices and refusals), the row of the model
acted on, the head of the side acted for, the action bar for a game action; and for each
seat its head and action bar (the Beestwars card held back from all but its drawer).
Random draws come from a seeded source. What differs from run to run is replaced by a
placeholder: the CSRF token, the ETag's signature, the fresh event id of each form (the
only part of a fragment made per response, see docs/play.md "Speed"), the game's id, the
join code and its QR code.

A snapshot missing or different fails. After a deliberate change of the HTML, write them
again with ``.venv/bin/python -m pytest tests/web/test_table_snapshots.py --snapshot-update``
and read the diff (docs/testing.md).
"""

from __future__ import annotations

import difflib
import random
import re
from typing import Any

import pytest
from django.test import Client

from roster.games import operations
from roster.games.models import Game
from roster.rosters.operations import create_roster
from tests.ih import example
from tests.snapshot_html import lines, part

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
        (0, 0, None, "spend:+1 Might"),
        (0, 1, 0, "status:Stunned"),
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


def maybe(html: str, **attrs: str) -> list[str]:
    """The part's lines, or ["(none)"] when the answer has no such element."""
    try:
        return lines(part(html, **attrs)).split("\n")
    except AssertionError:
        return ["(none)"]


class Recorder:
    """Numbered event ids and, of every answer, the parts it concerns, labelled: each part
    whole the first time a seat gets it, then as its difference from the last time."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.seen: dict[str, list[str]] = {}
        self.n = 0

    def id(self) -> str:
        self.n += 1
        return f"event-{self.n:04d}"

    def keep(self, key: str, now: list[str]) -> None:
        before = self.seen.get(key)
        self.seen[key] = now
        if before is None:
            self.out += [f"--- {key}", *now]
        elif before != now:
            self.out += [
                f"--- {key} (changed)",
                *list(difflib.unified_diff(before, now, lineterm="", n=1))[2:],
            ]

    def add(self, label: str, response: Any, seat: str = "owner", **concerns: Any) -> None:
        """The answer's parts: the head, notices and refusal always; ``target`` and
        ``model``'s row, ``target``'s side head, and with ``bar`` the action bar."""
        html = normalise(response.content.decode())
        self.out.append(f"=== {label}: {response.status_code}")
        if 'class="play-head"' not in html:  # not a table: a refusal page or a short answer
            self.out.append(lines(html)[:2000])
            return
        target, model = concerns.get("target"), concerns.get("model")
        self.keep(f"{seat}: head", maybe(html, class_="play-head"))
        self.keep(f"{seat}: notices", maybe(html, class_="notice play-notices", role="status"))
        self.keep(f"{seat}: refused", maybe(html, class_="notice conflict play-refused"))
        if model is not None:
            self.keep(f"{seat}: row m-{target}-{model}", maybe(html, id=f"m-{target}-{model}"))
        elif target is not None:
            side = part(html, aria_labelledby=f"side-{target}")
            self.keep(f"{seat}: side {target} head", maybe(side, class_="play-side-head"))
        if concerns.get("bar") or (model is None and target is None):
            self.keep(f"{seat}: action bar", maybe(html, class_="play-bar"))

    def text(self) -> str:
        return "\n".join(self.out) + "\n"


def tap(client: Client, game: Game, rec: Recorder, side: int, target: Any, model: Any, do: str) -> Any:
    data: dict[str, Any] = {"id": rec.id(), "side": side, "do": do}
    if target is not None:
        data["target"] = target
    if model is not None:
        data["model"] = model
    return client.post(f"/games/{game.pk}/act/", data, **HTMX)


def play(system: str, owner_client: Client, owner: Any) -> str:
    """Play the scenario of ``system``; the parts of every answer, normalised, in one text."""
    rec = Recorder()
    roster = create_roster(owner, example(EXAMPLES[system]))
    owner_client.post(
        f"/rosters/{roster.pk}/play/",
        {"opponent": "typed", "typed_name": "Bandits", "typed": "Bandit chief, 3\nBandit 2"},
    )
    game = Game.objects.filter(owner=owner).latest("pk")
    state = f"/games/{game.pk}/state/"
    rec.add("start", owner_client.get(state, **HTMX), target=0, model=0, bar=True)
    for side, target, model, do in TAPS[system]:
        answer = tap(owner_client, game, rec, side, target, model, do)
        rec.add(f"{do} ({side}, {target}, {model})", answer, target=target, model=model)
    rec.add("undo latest", owner_client.post(f"/games/{game.pk}/undo/", {"event": ""}, **HTMX))
    rec.add("undo the first", owner_client.post(f"/games/{game.pk}/undo/", {"event": "event-0001"}, **HTMX))
    rec.add("unreadable", owner_client.post(f"/games/{game.pk}/act/", {"id": "x", "side": 0}, **HTMX))
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
            rec.add(f"fragment, {name}", client.get(state, **HTMX), name, bar=True)
    for name, client in seats.items():
        rec.add(f"page, {name}", client.get(f"/games/{game.pk}/"), name, target=1, bar=True)
    rec.add("refused, other side", tap(other, game, rec, 1, 0, 0, "status:Bogus"), "other", target=0, model=0)
    rec.add("watcher acts", tap(watcher, game, rec, 1, 0, 0, "wound"), "watcher", target=0, model=0)
    return rec.text()


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Draws from a seeded source, and no replayed state kept from another test."""
    monkeypatch.setattr(operations.secrets, "SystemRandom", lambda: random.Random(20))
    operations._STATES.clear()


@pytest.mark.parametrize("system", sorted(EXAMPLES))
def test_the_table_parts_match_their_snapshot(
    system: str, alice_client: Client, alice: Any, seeded: None, snapshot: Any
) -> None:
    assert play(system, alice_client, alice) == snapshot


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
