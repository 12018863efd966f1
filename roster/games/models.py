"""A game in progress, stored as its snapshot and its log of events (docs/play.md).

The state is never stored: it is the log replayed (rules.play.core.replay). ``version``
counts the events and is the compare-and-set guard of every write
(roster.games.operations), so two phones appending at once never overwrite each other.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.dateparse import parse_datetime

from rules.play.core import Event, Snapshot

MAX_EVENTS = 5000  # a long game is a few hundred taps; the cap bounds one replay
#: The join code's letters: no look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, G/6, Q),
#: easy to read aloud (docs/play.md "Two phones").
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY34679"
CODE_LENGTH = 5


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def write_mark(value: datetime | str) -> int:
    """A game's ``updated`` (its last write) as whole microseconds since 1970, the same
    from the ORM (an aware datetime) and from a raw cursor (naive UTC, or text on
    SQLite): the ETag carries it, so a log that changed but kept its length (an undo
    of an older action, then a tap) is never "unchanged"."""
    when = parse_datetime(value) if isinstance(value, str) else value
    if when is None:
        raise ValueError(f"not a time: {value!r}")
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return (when - _EPOCH) // timedelta(microseconds=1)


class Game(models.Model):
    """One game: who owns it, the system, the snapshot both sides started from, the log
    (a JSON list of rules.play.core.Event dumps, in order) and its length ``version``.
    ``finished`` is set when the game ends (the result screen); the log stays whole."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="games")
    system = models.CharField(max_length=40)
    name = models.CharField(max_length=200)
    snapshot = models.JSONField()
    events = models.JSONField(default=list)
    version = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    finished = models.DateTimeField(null=True, blank=True)
    # Two phones (issue 20, docs/play.md): the join code, the second side's holder (a
    # SHA-256 of the random token kept in that phone's cookie, and the account when the
    # opponent was logged in), and the watch link's token (a new one revokes the old).
    code = models.CharField(max_length=CODE_LENGTH, unique=True, null=True, blank=True)
    guest = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="guest_games"
    )
    side_hash = models.CharField(max_length=64, blank=True, default="")
    watch_token = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["-updated", "-id"]

    def __str__(self) -> str:
        return self.name

    @property
    def snapshot_model(self) -> Snapshot:
        """The stored snapshot, parsed (rules.play.core.Snapshot)."""
        return Snapshot.model_validate(self.snapshot)

    @property
    def event_models(self) -> list[Event]:
        """The stored log, parsed (rules.play.core.Event each)."""
        return [Event.model_validate(e) for e in self.events]

    @staticmethod
    def dump_events(events: list[Event]) -> list[dict[str, Any]]:
        """The log as stored: each event's JSON dump."""
        return [e.model_dump(mode="json") for e in events]
