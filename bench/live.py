"""`make bench` row for two phones, one game (issue 20, docs/play.md "Two phones"):
GAMES games on gunicorn, each with 2 players tapping every 2-5 s and 2 watchers, all
four polling the table's state ("changed since?", ETag / 304) every half second as
play.js does. Measured: "tap on one phone -> seen on the others" (the time from the
tap's POST being sent to another viewer's poll answering with that version or a later
one), p50 / p95, requests per second, errors, and the gunicorn workers' CPU.
Bounded: SECONDS of load after the set-up."""

from __future__ import annotations

import random
import re
import statistics
import threading
import time
import uuid
from pathlib import Path
from typing import Any

from bench import load, streams
from bench.play import start_game
from bench.server import Server

GAMES = 50
SECONDS = 60
POLL_S = 0.5
CODE = re.compile(r'class="play-code"[^>]*>([A-Z0-9]{5})<')
VERSION = re.compile(r"-v(\d+)")


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds of ``pids`` so far (Linux /proc)."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / 100  # clock ticks; 100 per second on Linux


class Game:
    """One game: the taps (version made, monotonic time sent, viewer) and each viewer's
    sightings (viewer -> [(version seen, monotonic time)])."""

    def __init__(self, pk: int, pace: tuple[float, float] = (2.0, 5.0)) -> None:
        self.pk = pk
        self.pace = pace  # each player taps once in this many seconds (at random between)
        self.taps: list[tuple[int, float, int]] = []
        self.sightings: dict[int, list[tuple[int, float]]] = {}
        self.etags: dict[int, str] = {}  # each viewer's latest ETag when the load stopped
        self.last: dict[int, int] = {}  # the version each viewer's last look shows
        self.lock = threading.Lock()

    def latencies(self) -> list[float]:
        """For each tap and each other viewer: the first sighting of its version or later."""
        out = []
        for version, sent, who in self.taps:
            for viewer, seen in self.sightings.items():
                if viewer == who:
                    continue
                first = next((t for v, t in seen if v >= version and t >= sent), None)
                if first is not None:
                    out.append(first - sent)
        return out

    def unseen(self) -> int:
        """(Tap, other viewer) pairs where the viewer never saw the tap, not even at
        their last poll after the load stopped."""
        missed = 0
        for version, sent, who in self.taps:
            for viewer, seen in self.sightings.items():
                if viewer == who or self.last.get(viewer, 0) >= version:
                    continue
                if not any(v >= version and t >= sent for v, t in seen):
                    missed += 1
        return missed


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.requests = 0
        self.errors: list[str] = []
        self.seconds: dict[str, list[float]] = {}

    def count(self, status: int, expected: tuple[int, ...], what: str, seconds: float) -> None:
        with self.lock:
            self.requests += 1
            self.seconds.setdefault(f"{what} {status}", []).append(seconds)
            if status not in expected:
                self.errors.append(f"{what} {status}")

    def merge(self, read: streams.Read) -> None:
        """Count what the stream readers saw: tables pushed, the pages' asks after bare
        events, and as errors a stream that broke or did not open."""
        for kind, n in read.counts.items():
            for seconds in read.seconds.get(kind, [0.0] * n):
                if kind.startswith("state "):
                    self.count(int(kind.split()[1]), (200, 304), "state", seconds)
                elif kind == "table pushed":
                    self.count(200, (200,), kind, seconds)
                else:
                    self.count(0, (200,), kind, seconds)

    def latencies(self) -> str:
        """Each kind of answer's count and p50 / p95 round trip, e.g. "state 304: 9000, 4/12 ms"."""
        parts = []
        for kind, times in sorted(self.seconds.items()):
            times = sorted(times)
            p95 = times[int(0.95 * (len(times) - 1))]
            parts.append(f"{kind}: {len(times)}, {statistics.median(times) * 1000:.0f}/{p95 * 1000:.0f} ms")
        return "; ".join(parts)


def tap(
    client: load.Client,
    game: Game,
    me: int,
    side: int,
    flip: bool,
    stats: Stats,
    seen: list[tuple[int, float]],
) -> bool:
    """One tap of player ``me`` (wound, or heal with ``flip`` off, their own first model),
    recorded in ``game``; True when it was answered with the table at its version. The
    answer draws the whole table at that version, the other side's latest taps included:
    this phone has seen them."""
    form = {"id": uuid.uuid4().hex, "side": str(side), "target": str(side), "model": "0"}
    form["do"] = "wound" if flip else "heal"
    sent = time.monotonic()
    status, _ = client.request("POST", f"/games/{game.pk}/act/", form, {"HX-Request": "true"})
    stats.count(status, (200,), "act", time.monotonic() - sent)
    found = VERSION.search(client.last_etag)
    if status != 200 or not found:
        return False
    answered = time.monotonic()
    with game.lock:
        game.taps.append((int(found.group(1)), sent, me))
        seen.append((int(found.group(1)), answered))
    return True


def viewer(
    client: load.Client, game: Game, me: int, side: int, tapping: bool, stats: Stats, stop: float
) -> None:
    """Poll every POLL_S; a player also taps (wound / heal their own first model) every
    2-5 s. Records the taps' versions and this viewer's sightings in ``game``."""
    rng = random.Random(me)
    etag = game.etags.get(me, "")  # the table this phone opened (live_row's warm-up)
    seen: list[tuple[int, float]] = []
    with game.lock:
        game.sightings[me] = seen
    next_tap = time.monotonic() + rng.uniform(0, game.pace[1])  # (players are not in step)
    flip = False
    time.sleep(rng.uniform(0, POLL_S))  # phones are not in step with each other
    while time.monotonic() < stop:
        now = time.monotonic()
        if tapping and now >= next_tap:
            flip = not flip
            if tap(client, game, me, side, flip, stats, seen):
                etag = client.last_etag  # as play.js: the answer is the table at that version
            next_tap = time.monotonic() + rng.uniform(*game.pace)
            continue
        headers = {"HX-Request": "true", **({"If-None-Match": etag} if etag else {})}
        status, _ = client.request("GET", f"/games/{game.pk}/state/", None, headers)
        got = time.monotonic()
        stats.count(status, (200, 304), "state", got - now)
        if status == 200:
            etag = client.last_etag
            found = VERSION.search(etag)
            if found:
                with game.lock:
                    seen.append((int(found.group(1)), got))
        time.sleep(max(0.0, POLL_S - (time.monotonic() - now)))
    with game.lock:
        game.etags[me] = etag


def streamer(
    client: load.Client,
    game: Game,
    me: int,
    side: int,
    tapping: bool,
    stats: Stats,
    stop: float,
) -> None:
    """A phone on a pushed stream (issue 30, docs/live.md): its stream is read by
    :mod:`bench.streams`' readers (a process of their own), its sightings added after
    the load; a player also taps every so often (``game.pace``), from a connection of
    its own, as :func:`viewer` does, and sees the table its tap's answer draws."""
    seen: list[tuple[int, float]] = []
    with game.lock:
        game.sightings[me] = seen
    rng = random.Random(me)
    flip = False
    wait = rng.uniform(0, game.pace[1])  # the first tap: players are not in step
    while tapping and time.monotonic() < stop:
        time.sleep(min(wait, max(0.0, stop - time.monotonic())))
        wait = rng.uniform(*game.pace)
        if time.monotonic() >= stop:
            break
        flip = not flip
        tap(client, game, me, side, flip, stats, seen)


def last_look(client: load.Client, game: Game, me: int, stats: Stats) -> None:
    """One more poll by viewer ``me`` once every tap is answered: what it has not seen
    by now, it never will (Game.unseen)."""
    etag = game.etags.get(me, "")
    headers = {"HX-Request": "true", **({"If-None-Match": etag} if etag else {})}
    started = time.monotonic()
    status, _ = client.request("GET", f"/games/{game.pk}/state/", None, headers)
    stats.count(status, (200, 304), "last look", time.monotonic() - started)
    found = VERSION.search(client.last_etag if status == 200 else etag)
    with game.lock:
        game.last[me] = int(found.group(1)) if found else 0


def heavy_user(server: Server, stop: float, done: dict[str, int]) -> None:
    """One account working as hard as it may beside the games (issue 29 item 14): edits
    each of its four 50-model rosters (MUSTER_SEED_QUEUE=1) so that its sheet is no longer
    kept, asks for that sheet (the sheet worker renders it), and imports a 50-model roster
    pasted as JSON, in a loop until ``stop``. Counts what it did in ``done``."""
    client = load.Client(*server.urls)
    client.log_in(server.seed["username"], server.seed["password"])
    rosters = server.seed["heavy"]
    _, document = client.request("GET", f"/rosters/{rosters[0]}/export.json")
    editors = [load.Editor(client, pk) for pk in rosters]
    turn = 0
    while time.monotonic() < stop:
        editor = editors[turn % len(editors)]
        turn += 1
        editor.edit(f"Heavy {turn}")
        status, _ = client.request("GET", f"/rosters/{editor.roster_id}/sheet.pdf")
        done[f"sheet {status}"] = done.get(f"sheet {status}", 0) + 1
        status, _ = client.request("POST", "/rosters/import/", {"text": document})
        done[f"import {status}"] = done.get(f"import {status}", 0) + 1


def live_row(
    server: Server,
    games: int = GAMES,
    seconds: int = SECONDS,
    heavy: bool = False,
    stream: bool = False,
    pace: tuple[float, float] = (2.0, 5.0),
) -> dict[str, Any]:
    """Set up ``games`` games with both sides and two watchers, run the load, report.
    With ``heavy``, one more account prints big sheets and imports rosters all along
    (:func:`heavy_user`; the server needs MUSTER_SEED_QUEUE=1 and a sheet worker). With
    ``stream`` the phones follow by pushed streams (:func:`streamer`; the server must be
    ASGI) instead of the half-second poll; the load generator's own CPU is reported.
    ``pace``: each player taps once every so many seconds (issue 20's 2-5 s: a table taps
    every 1.75 s on average, far faster than a game is played)."""
    owner = load.Client(*server.urls)
    owner.log_in(server.seed["username"], server.seed["password"])
    stats = Stats()
    plan: list[tuple[load.Client, Game, int, bool]] = []  # client, game, side (-1 watcher), taps
    for i in range(games):
        pk = start_game(owner, server.seed["rosters"][i % len(server.seed["rosters"])])
        _, page = owner.request("GET", f"/games/{pk}/")
        found = CODE.search(page)
        if found is None:
            raise RuntimeError("the owner's table shows no join code")
        code = found.group(1)
        game = Game(pk, pace)
        mine = load.Client(*server.urls)
        mine.cookies = dict(owner.cookies)
        plan.append((mine, game, 0, True))
        for choice in ("side", "watch", "watch"):
            client = load.Client(*server.urls)
            client.request("GET", f"/join/{code}/")
            status, _ = client.request("POST", f"/join/{code}/", {"choice": choice})
            if status != 302:
                raise RuntimeError(f"joining answered {status}")
            plan.append((client, game, 1 if choice == "side" else -1, choice == "side"))
    # Every phone has the game open before the load starts: its first poll carries the
    # table's ETag, as play.js's does (otherwise 200 viewers ask for the whole table in
    # the same instant, a burst no table of phones makes).
    for n, (client, game, _, _) in enumerate(plan):
        client.request("GET", f"/games/{game.pk}/state/", None, {"HX-Request": "true"})
        game.etags[n] = client.last_etag
    # Each phone's stream open before the load starts, as each page opens its own when it
    # is shown (2,000 opened in the same instant are no table's).
    readers = None
    if stream:
        phones = [
            streams.Phone(
                [(c.host, c.port) for c in client.conns], game.pk, dict(client.cookies), game.etags[n]
            )
            for n, (client, game, _, _) in enumerate(plan)
        ]
        readers = streams.Readers(phones)
        readers.open()
    workers = server.worker_pids()
    cpu_before, wall_before = cpu_seconds(workers), time.monotonic()
    own_before = time.process_time()
    stop = time.monotonic() + seconds
    if readers:
        readers.follow(stop)
    threads = [
        threading.Thread(
            target=streamer if stream else viewer, args=(c, g, n, side, tapping, stats, stop), daemon=True
        )
        for n, (c, g, side, tapping) in enumerate(plan)
    ]
    heavy_done: dict[str, int] = {}
    if heavy:
        threads.append(threading.Thread(target=heavy_user, args=(server, stop, heavy_done), daemon=True))
    for t in threads:
        t.start()
    # The figures over the load's own time (streams still closing after it are not load).
    time.sleep(max(0.0, stop - time.monotonic()))
    wall = time.monotonic() - wall_before
    cpu = cpu_seconds(workers) - cpu_before
    own = time.process_time() - own_before
    for t in threads:
        t.join(seconds + 60)
    if readers:
        read = readers.result()
        own += read.cpu  # the readers' process, over the load's time
        stats.merge(read)
        for n, (_, game, _, _) in enumerate(plan):
            with game.lock:
                game.sightings[n] = sorted(game.sightings[n] + read.sightings[n], key=lambda seen: seen[1])
                game.etags[n] = read.etags[n]
    requests = stats.requests
    for n, (client, game, _, _) in enumerate(plan):
        last_look(client, game, n, stats)
    kinds = f" ({', '.join(sorted(set(stats.errors))[:3])})" if stats.errors else ""
    lat = sorted(x for _, g, _, _ in plan[::4] for x in g.latencies())
    unseen = sum(g.unseen() for _, g, _, _ in plan[::4])
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p95 = lat[int(0.95 * (len(lat) - 1))] * 1000 if lat else float("nan")
    servers = f", {len(server.urls)} app servers" if len(server.urls) > 1 else ""
    beside = ", beside one account printing 50-model sheets and importing rosters" if heavy else ""
    did = f"; the heavy account's answers: {heavy_done}" if heavy else ""
    how = "pushed streams" if stream else "polling every 0.5 s"
    # Issue 20's budget for the poll; issue 30's targets for the streams.
    budget = (150 if games <= GAMES else 500) if stream else 1000
    return {
        "measure": f"two phones, {how}: tap -> seen on the others "
        f"({games} games, 2 players + 2 watchers each, each player tapping every "
        f"{pace[0]:g}-{pace[1]:g} s{servers}{beside})",
        "value": round(p95, 1),
        "unit": "ms p95",
        "detail": f"p50 {p50:.0f} ms over {len(lat)} sightings ({unseen} taps never seen); "
        f"{requests / wall:.0f} req/s; "
        f"{len(stats.errors)} errors{kinds}; "
        f"workers' CPU {cpu / wall:.2f} cores ({len(workers)} workers) over {wall:.0f} s; "
        f"the load generator's own CPU {own / wall:.2f} cores; "
        f"round trips (count, p50/p95): {stats.latencies()}{did}",
        "budget": f"p95 <= {budget} ms, 0 errors, every tap seen",
        "met": bool(lat) and p95 <= budget and not stats.errors and not unseen,
        "errors": len(stats.errors),
        "unseen": unseen,
        "taps": sum(len(g.taps) for _, g, _, _ in plan[::4]),
    }


def rss_kib(pids: list[int]) -> int:
    """The resident memory of ``pids`` together, in KiB (Linux /proc VmRSS)."""
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


def stream_cost_row(
    server: Server, streams: int = 2000, games: int = 40, seconds: int = 20
) -> dict[str, Any]:
    """What an open stream costs the workers (issue 30): their memory and idle CPU
    (heartbeats only) with ``streams`` streams open on ``games`` games of the owner,
    against the same workers with none open, measured over ``seconds`` each. The server
    needs LIVE_MAX_PER_ADDRESS and LIVE_MAX_PER_GAME above ``streams`` / ``games``."""
    owner = load.Client(*server.urls)
    owner.log_in(server.seed["username"], server.seed["password"])
    pks = [start_game(owner, server.seed["rosters"][i % len(server.seed["rosters"])]) for i in range(games)]
    workers = server.worker_pids()
    time.sleep(2)  # the set-up's requests done
    cpu_before, rss_before = cpu_seconds(workers), rss_kib(workers)
    time.sleep(seconds)
    idle_cpu = (cpu_seconds(workers) - cpu_before) / seconds
    opened = [load.Stream(owner, f"/games/{pks[i % games]}/stream/", timeout=60) for i in range(streams)]
    refused = sum(s.status != 200 for s in opened)
    time.sleep(2)  # the streams' first lines sent
    cpu_before = cpu_seconds(workers)
    time.sleep(seconds)
    open_cpu = (cpu_seconds(workers) - cpu_before) / seconds
    rss_after = rss_kib(workers)
    for s in opened:
        s.close()
    per_stream = (rss_after - rss_before) / max(1, streams - refused)
    per_thousand = (open_cpu - idle_cpu) / max(1, streams - refused) * 1000  # cores
    return {
        "measure": f"one open stream: the workers' memory and idle CPU ({streams} streams on {games} games, "
        f"{len(workers)} workers)",
        "value": round(per_stream, 1),
        "unit": "KiB per stream",
        "detail": f"RSS {rss_before / 1024:.0f} MiB with no stream, "
        f"{rss_after / 1024:.0f} MiB with {streams - refused} open ({refused} refused); "
        f"the workers' CPU {idle_cpu:.3f} cores with none, {open_cpu:.3f} with them open "
        f"and quiet (a heartbeat each every 15 s): {per_thousand:.3f} cores per 1,000 streams",
        "budget": "report",
        "met": refused == 0,
        "errors": refused,
    }
