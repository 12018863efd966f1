"""Acting, undoing and resending in random interleavings from several threads against a
real server (gunicorn, two workers; SQLite in `make test`, PostgreSQL in .ci/run's engine
pass), issue 29: every acknowledged action is in the log exactly once, no undone action
comes back, and every viewer's state is the log replayed.

Two phones of the owner and one of the guest each send, in a random order of their own,
new taps (a Victory Points / ExP score of 1 for their side), undos of one of their own
acknowledged taps, and resends of an id they sent before (acknowledged, or undone: the
latter must be refused). Bounded: ROUNDS requests per phone."""

from __future__ import annotations

import json
import os
import random
import re
import threading
import uuid

from bench import load
from bench.play import start_game
from bench.server import serve

ROUNDS = 45
PHONES = ((0, 1), (0, 2), (1, 3))  # (side, seed): two owner phones and the guest's
CODE = re.compile(r'class="play-code"[^>]*>([A-Z0-9]{5})<')
VP = re.compile(r'class="play-vp"><strong>(-?\d+)</strong>')
HTMX = {"HX-Request": "true"}


class Ledger:
    """What the phones were told: taps acknowledged, undos acknowledged, and any answer
    that broke the contract."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.acked: dict[str, int] = {}  # event id -> side
        self.undone: set[str] = set()
        self.wrong: list[str] = []


def phone(client: load.Client, pk: int, side: int, seed: int, ledger: Ledger) -> None:
    rng = random.Random(seed)
    mine: list[str] = []  # acknowledged and not undone by this phone
    sent: list[str] = []
    for _ in range(ROUNDS):
        roll = rng.random()
        if roll < 0.6 or not sent:
            event = uuid.uuid4().hex
            form = {"id": event, "side": str(side), "target": str(side), "do": "score", "value": "1"}
            status, _ = client.request("POST", f"/games/{pk}/act/", form, HTMX)
            sent.append(event)
            if status == 200:
                mine.append(event)
                with ledger.lock:
                    ledger.acked[event] = side
            elif status != 409:  # 409: another phone kept winning; nothing written
                with ledger.lock:
                    ledger.wrong.append(f"tap answered {status}")
        elif roll < 0.8 and mine:
            event = mine.pop(rng.randrange(len(mine)))
            status, _ = client.request("POST", f"/games/{pk}/undo/", {"event": event}, HTMX)
            if status == 200:
                with ledger.lock:
                    ledger.undone.add(event)
            else:
                mine.append(event)
                if status != 409:
                    with ledger.lock:
                        ledger.wrong.append(f"undo answered {status}")
        else:
            event = rng.choice(sent)
            form = {"id": event, "side": str(side), "target": str(side), "do": "score", "value": "1"}
            status, _ = client.request("POST", f"/games/{pk}/act/", form, HTMX)
            with ledger.lock:
                if event in ledger.undone and status != 409:
                    ledger.wrong.append(f"a resent undone tap answered {status}")
                if event in ledger.acked and event not in ledger.undone and status != 200:
                    ledger.wrong.append(f"a resent acknowledged tap answered {status}")
                if status == 200 and event not in ledger.acked:
                    ledger.acked[event] = side  # its first answer was lost to a retry
                    mine.append(event)


def test_acting_undoing_and_resending_from_several_phones_loses_nothing_and_brings_nothing_back():
    settings = {"RATE_PLAY": "100000/m", "RATE_JOIN": "100000/m"}
    database = os.environ.get("DATABASE_URL")
    with serve(workers=2, rosters=1, database_url=database, settings=settings) as server:
        owner = load.Client(server.url)
        owner.log_in(server.seed["username"], server.seed["password"])
        pk = start_game(owner, server.seed["rosters"][0])
        _, page = owner.request("GET", f"/games/{pk}/")
        code = CODE.search(page)
        assert code, "the owner's table shows the join code"
        guest, watcher = load.Client(server.url), load.Client(server.url)
        for client in (guest, watcher):
            client.request("GET", f"/join/{code.group(1)}/")  # its CSRF cookie, as a browser
        assert guest.request("POST", f"/join/{code.group(1)}/", {"choice": "side"})[0] == 302
        assert watcher.request("POST", f"/join/{code.group(1)}/", {"choice": "watch"})[0] == 302
        ledger = Ledger()
        clients = []
        for side, _seed in PHONES:
            client = load.Client(server.url)
            client.cookies = dict((owner if side == 0 else guest).cookies)
            clients.append(client)
        threads = [
            threading.Thread(target=phone, args=(client, pk, side, seed, ledger), daemon=True)
            for client, (side, seed) in zip(clients, PHONES, strict=True)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=600)  # a hang guard, never a measure
        assert not any(t.is_alive() for t in threads), "a phone hung"
        assert ledger.wrong == [], ledger.wrong[:10]

        status, text = owner.request("GET", f"/games/{pk}/export.json")
        assert status == 200
        exported = json.loads(text)
        log = [e["id"] for e in exported["events"]]
        assert len(log) == len(set(log)), "an event twice in the log"
        expected = set(ledger.acked) - ledger.undone
        assert set(log) == expected, (
            f"lost {len(expected - set(log))} acknowledged, back {len(set(log) & ledger.undone)} undone"
        )
        assert len(ledger.undone) > 5 and len(log) > 20, (len(ledger.undone), len(log))
        undone_in_trail = {t["event"] for t in exported.get("trail", []) if t["what"] == "undo"}
        assert undone_in_trail == ledger.undone
        # Every viewer's table is the log replayed: each side's score counts its taps.
        scores = [sum(1 for e in exported["events"] if e["side"] == side) for side in (0, 1)]
        assert [s["victory_points"] for s in exported["result"]["sides"]] == scores
        for viewer, order in ((owner, scores), (guest, scores[::-1]), (watcher, scores)):
            _, table = viewer.request("GET", f"/games/{pk}/")
            assert [int(v) for v in VP.findall(table)] == order  # each phone shows its own side first
