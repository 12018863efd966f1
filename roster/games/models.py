"""A game in progress, stored as its snapshot and its log of events (docs/play.md).

The state is never stored: it is the log replayed (rules.play.core.replay). ``version``
counts the writes of the log (each action and each undo adds one) and is the
compare-and-set guard of every write (roster.games.operations), so two phones appending
at once never overwrite each other, and an undo then a tap (the log as long as before,
other contents) never passes for the log a request read earlier.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any

from django.conf import settings
from django.db import connection, models

from rules.play.core import Event, Snapshot

MAX_EVENTS = 5000  # a long game is a few hundred taps; the cap bounds one replay
MAX_TRAIL = 2000  # undos and seat changes kept per game (Game.trail); more are refused
#: The join code's letters: no look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, G/6, Q),
#: easy to read aloud (docs/play.md "Two phones").
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY34679"
CODE_LENGTH = 5


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def write_mark(value: datetime) -> int:
    """A game's ``updated`` (its last write, an aware datetime) as whole microseconds
    since 1970: the ETag carries it, so a log that changed but kept its length (an undo
    of an older action, then a tap) is never "unchanged"."""
    return (value - _EPOCH) // timedelta(microseconds=1)


class Game(models.Model):
    """One game: who owns it, the system, the snapshot both sides started from, the log
    (a JSON list of rules.play.core.Event dumps, in order), ``version`` (the number of
    writes of the log: never the same twice) and ``trail``, what happened beside the log
    (undos and seat changes, :func:`trail_entry`). ``finished`` is set when the game ends
    (the result screen); the log stays whole."""

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
    # What My games shows without replaying the log: :func:`rules.play.format.list_summary`
    # of the state after the last write ({"turn", "finished", "winner", "sides": [{"name",
    # "victory_points"}]}); written with the log by roster.games.operations.
    summary = models.JSONField(null=True, blank=True)
    # Beside the log, in order: each undo (the event taken back, whose id can never be
    # sent again) and each seat freed or taken (docs/play.md "Fair between phones").
    trail = models.JSONField(default=list)
    # The version of the rules of play the game was started under (PlayRules.version;
    # blank for games from before it was recorded): a replay under another says so.
    rules_version = models.CharField(max_length=40, blank=True, default="")

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

    @property
    def undone_ids(self) -> set[str]:
        """The ids of the events undone in this game: a tap resent with one is refused."""
        return {str(t.get("event")) for t in self.trail if t.get("what") == "undo"}

    @staticmethod
    def dump_events(events: list[Event]) -> list[dict[str, Any]]:
        """The log as stored: each event's JSON dump."""
        return [e.model_dump(mode="json") for e in events]


def trail_entry(what: str, side: int | None, by: str, **more: Any) -> dict[str, Any]:
    """One line of ``Game.trail``: ``what`` ("undo", "free", "take"), the ``side`` it
    concerns, ``by`` whom ("owner", "guest", "one phone"), the time, and ``more`` (an
    undo's ``event`` id, ``action`` and ``text``)."""
    return {
        "what": what,
        "side": side,
        "by": by,
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        **more,
    }


#: What :func:`light_game` reads: every column but the log, the snapshot and the trail.
_LIGHT_FIELDS = [f for f in Game._meta.concrete_fields if f.name not in ("events", "snapshot", "trail")]
_LIGHT_NAMES = [f.attname for f in _LIGHT_FIELDS]
_LIGHT_SQL = "SELECT {} FROM {} WHERE {} = %s".format(
    ", ".join(connection.ops.quote_name(str(f.column)) for f in _LIGHT_FIELDS),
    connection.ops.quote_name(Game._meta.db_table),
    connection.ops.quote_name(str(Game._meta.pk.column)),
)


def light_game(pk: int) -> Game | None:
    """Game ``pk`` without its log and snapshot (deferred: read when first used, as
    ``.defer("events", "snapshot")`` would), or None when there is none. One plain SQL
    query, each value converted as the ORM converts it: building the ORM's query cost
    ten times the query itself, and every poll and tap of a game in play starts here
    (docs/play.md "Speed")."""
    if not 0 < pk < 2**63:  # no such id; SQLite refuses a parameter past 64 bits
        return None
    with connection.cursor() as cursor:
        cursor.execute(_LIGHT_SQL, [pk])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    for i, column, converters in _converters(connection.vendor):
        for convert in converters:
            values[i] = convert(values[i], column, connection)
    return Game.from_db(connection.alias, _LIGHT_NAMES, values)


@cache
def _converters(vendor: str) -> list[tuple[int, Any, list[Any]]]:
    """(index, column, converters) of each light field the database's values need
    converting for (as the ORM's compiler finds them), once per database vendor."""
    found = []
    for i, field in enumerate(_LIGHT_FIELDS):
        column = field.get_col(Game._meta.db_table)
        converters = [*connection.ops.get_db_converters(column), *field.get_db_converters(connection)]
        if converters:
            found.append((i, column, converters))
    return found
