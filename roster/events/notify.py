"""Telling an event's people what changed (issue 41, docs/events.md "Told at once"):
every open event page and big screen by its pushed stream (roster.events.stream, on the
game table's hub and fan-out, roster.games.live), and by email, where the player's
account has an address, the three things a player must act on: a round paired (where
they play), a result to confirm, a dispute (to both players and the organiser).

Everything here runs once the write's transaction commits: a write rolled back tells
nobody. A mail that cannot be sent is logged and never undoes the write."""

from __future__ import annotations

import logging
import time
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.urls import reverse

from roster.core.site import absolute
from roster.games import live

log = logging.getLogger(__name__)


def topic(event_id: int) -> str:
    """The hub's key for an event's streams ("event-12")."""
    return f"event-{event_id}"


def changed(event_id: int) -> None:
    """Every stream on the event learns that it changed, once the write commits. Its
    version is the time in microseconds (events keep no write count): a later change
    always announces a larger one."""
    live.changed(topic(event_id), time.time_ns() // 1000)


def _address(user: Any) -> str:
    return str(getattr(user, "email", "") or "") if user is not None else ""


def _send(messages: list[tuple[str, str, str]]) -> None:
    """Send (address, subject, body) each as one mail, after the commit."""
    wanted = [m for m in messages if m[0]]
    if not wanted:
        return

    def send() -> None:
        prefix = getattr(settings, "ACCOUNT_EMAIL_SUBJECT_PREFIX", "")
        mails = [EmailMessage(prefix + subject, body, to=[to]) for to, subject, body in wanted]
        try:
            get_connection().send_messages(mails)
        except Exception:  # the write stands; the page shows it anyway
            log.warning("events: %d mail(s) not sent", len(mails), exc_info=True)

    transaction.on_commit(send)


def _page(event: Any, pairing: Any = None) -> str:
    url = absolute(reverse("event-page", args=[event.pk]))
    return f"{url}#pairing-{pairing.pk}" if pairing is not None else url


def result_words(pairing: Any, winner: str, score_a: int | None, score_b: int | None) -> str:
    """A result in words: "Ann won, 12-7", "a draw"."""
    said = {"a": f"{pairing.a.name} won", "b": f"{pairing.b.name} won"}.get(winner, "a draw")
    return f"{said}, {score_a}-{score_b}" if score_a is not None and score_b is not None else said


def pairings_posted(round_: Any) -> None:
    """Each paired player with an address is told where they play in ``round_``."""
    event = round_.event
    messages = []
    for p in round_.pairings.select_related("a__player", "b__player"):
        seats = [(p.a, p.b)] + ([(p.b, p.a)] if p.b is not None else [])
        for me, other in seats:
            where = (
                f"table {p.table}, against {other.name}"
                if other is not None
                else "the bye (it counts as a win)"
            )
            body = (
                f"Round {round_.number} of {event.name} is paired: you play {where}.\n\n"
                f"The event page: {_page(event, p)}\n"
            )
            messages.append((_address(me.player), f"{event.name}: round {round_.number} is paired", body))
    _send(messages)


def to_confirm(pairing: Any, by_side: str) -> None:
    """The other player of ``pairing`` is asked to confirm the result ``by_side`` recorded."""
    other = pairing.b if by_side == "a" else pairing.a
    mine = pairing.a if by_side == "a" else pairing.b
    event = pairing.round.event
    words = result_words(pairing, pairing.winner, pairing.score_a, pairing.score_b)
    body = (
        f"{mine.name} recorded the result of round {pairing.round.number}, table {pairing.table} "
        f"of {event.name}: {words}.\n\nConfirm it, or say otherwise, on the event page: "
        f"{_page(event, pairing)}\n"
    )
    _send([(_address(other.player), f"{event.name}: a result to confirm", body)])


def disputed(pairing: Any, first: str, second: str) -> None:
    """Both players and the organiser are told that the table's two players said
    different results (``first``: the result confirmed before, ``second``: the one said
    now, in words)."""
    event = pairing.round.event
    body = (
        f"The players of round {pairing.round.number}, table {pairing.table} of {event.name} "
        f"({pairing.a.name} against {pairing.b.name}) said different results: first {first}, "
        f"then {second}.\n\nThe table is marked disputed until the organiser enters the result "
        f"(or both players confirm the same one): {_page(event, pairing)}\n"
    )
    subject = f"{event.name}: table {pairing.table}'s result is disputed"
    people = [pairing.a.player, pairing.b.player, event.owner]
    addresses = list(dict.fromkeys(_address(p) for p in people))
    _send([(to, subject, body) for to in addresses])


def table_made(pairing: Any) -> None:
    """A league's table: the player challenged (``pairing.b``) is told who made it."""
    event = pairing.round.event
    body = (
        f"{pairing.a.name} made a table with you in round {pairing.round.number} of {event.name} "
        f"(table {pairing.table}).\n\nThe event page: {_page(event, pairing)}\n"
    )
    _send([(_address(pairing.b.player), f"{event.name}: {pairing.a.name} plays you", body)])
