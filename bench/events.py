"""`make bench` rows for events (issue 31, docs/events.md): pairing 256 players against
pairing a club's 16, the event page of a 64-player, 6-round event against the trivial
view, and the list pack of 64 lists against one sheet, all in this process (Django's
test client and the real WeasyPrint, on the bench's own database)."""

from __future__ import annotations

import random
import statistics
from typing import Any

from bench.timing import ms, paired_timings, timings
from bench.workloads import NINE_MODEL_ROSTERS

Row = dict[str, Any]


def _played(players: int, rounds: int, rng: random.Random) -> tuple[list[int], set[frozenset[int]], set[int]]:
    """A random event after ``rounds`` rounds: (ranked players, pairs met, byes had)."""
    from roster.events.pairing import Result, pair, standings

    everyone = list(range(players))
    results: list[Result] = []
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    for _ in range(rounds):
        ranked = [s.player for s in standings(everyone, results, scored=True)]
        done = pair(ranked, met, byes)
        for a, b in done.tables:
            met.add(frozenset((a, b)))
            results.append(Result(a, b, rng.choice([a, b]), rng.randint(0, 12), rng.randint(0, 12)))
    ranked = [s.player for s in standings(everyone, results, scored=True)]
    return ranked, met, byes


def pairing_rows() -> list[Row]:
    """Round 4 of a 256-player event against round 4 of a 16-player one."""
    from roster.events.pairing import pair

    rng = random.Random(31)
    big = _played(256, 3, rng)
    small = _played(16, 3, rng)
    large, base = paired_timings(lambda: pair(*big), lambda: pair(*small), rounds=5, seconds=60)
    ratio = statistics.median(large) / statistics.median(base)
    between = []
    for players in (64, 128):
        event = _played(players, 3, rng)
        between.append(
            f"{players} players {ms(timings(lambda e=event: pair(*e), rounds=5, seconds=30)):.0f} ms"
        )
    return [
        {
            "measure": "event: pairing round 4 of 256 players (networkx maximum weight matching)",
            "value": round(ms(large), 1),
            "unit": "ms median",
            "detail": f"16 players {ms(base):.1f} ms; ratio {ratio:.0f}x (16 times the players); "
            + "; ".join(between),
            "budget": "report (the organiser's one tap per round)",
            "met": True,
        }
    ]


def _accepted_event(name: str, players: int) -> tuple[Any, Any]:
    """(the organiser, an Iron & Honor event of 6 rounds with ``players`` accepted nine-model
    lists)."""
    from django.contrib.auth.models import User

    from roster.events import operations
    from roster.events.models import Entry
    from roster.rosters.operations import create_roster

    organiser, _ = User.objects.get_or_create(username="bench-organiser")
    event = operations.create_event(organiser, "iron-and-honor", name, rounds=6, options={})
    document = NINE_MODEL_ROSTERS["iron-and-honor"]
    for n in range(players):
        user, _ = User.objects.get_or_create(username=f"bench-player-{n}")
        operations.submit(event, user, create_roster(user, document), f"Player {n}")
    Entry.objects.filter(event=event).update(status=Entry.ACCEPTED)
    return organiser, event


def pack_rows() -> list[Row]:
    """The list pack of a 64-player event built cold (64 nine-model sheets, each in its
    bounded WeasyPrint child, a contents page, joined by pypdf) against one such sheet
    rendered cold. Built here as the sheet worker builds it (roster.sheets.queue): asked
    for (a PackJob), then claimed a chunk of CHUNK sheets at a time, back in line after
    each, until it is ready; on a worker players' sheets go between the chunks."""
    from django.core.cache import cache

    from roster.events import pack
    from roster.rosters.evaluation import evaluate_stored
    from roster.sheets import queue
    from roster.sheets.content import SheetInfo, sheet_html
    from roster.sheets.models import PackJob
    from roster.sheets.rendering import render_bounded

    _, event = _accepted_event("Bench Pack", 64)
    html = sheet_html(evaluate_stored(NINE_MODEL_ROSTERS["iron-and-honor"]), SheetInfo(owner="Player 0"))
    one = timings(lambda: render_bounded(html, "bench sheet"), rounds=5, seconds=60)
    size = 0

    def build() -> None:
        nonlocal size
        cache.clear()  # every sheet cold
        PackJob.objects.all().delete()
        pack.ask(event, "a4")  # the wake-up it enqueues waits in the bench's database queue
        while isinstance(job := queue.claim_next(), PackJob):
            queue.work_pack(job)
        if not pack.state(event, "a4").ready:
            raise RuntimeError("the pack was not built")
        size = len(pack.pdf(event, "a4") or b"")

    whole = timings(build, rounds=2, seconds=300)
    ratio = statistics.median(whole) / statistics.median(one)
    return [
        {
            "measure": "event list pack: 64 lists, cold (task worker)",
            "value": round(ms(whole) / 1000, 1),
            "unit": "s median",
            "detail": f"one sheet cold {ms(one):.0f} ms; ratio {ratio:.0f}x (64 sheets and a contents "
            f"page); {size / 1e6:.1f} MB",
            "budget": "report (built in the background; the page follows it)",
            "met": True,
        }
    ]


def standings_rows() -> list[Row]:
    """The event page (players, 6 rounds of pairings, standings) of a 64-player event,
    as its public sees it, against /healthz."""
    from django.test import Client

    from roster.events import operations

    organiser, event = _accepted_event("Bench Cup", 64)
    rng = random.Random(6)
    for _ in range(6):
        round_ = operations.pair_round(event, rng)
        for table in round_.pairings.exclude(b=None):
            operations.record(table, organiser, rng.choice("ab"), rng.randint(0, 12), rng.randint(0, 12))
    client = Client(HTTP_HOST="localhost")
    path = f"/events/{event.pk}/"
    if client.get(path).status_code != 200:
        raise RuntimeError("the event page did not answer 200")
    page, base = paired_timings(
        lambda: client.get(path), lambda: client.get("/healthz"), rounds=40, seconds=60
    )
    ratio = statistics.median(page) / statistics.median(base)
    return [
        {
            "measure": "event page: 64 players, 6 rounds, standings (public view)",
            "value": round(ms(page), 1),
            "unit": "ms median",
            "detail": f"trivial view {ms(base):.2f} ms; ratio {ratio:.0f}x",
            "budget": "report",
            "met": True,
        }
    ]
