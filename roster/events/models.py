"""An event (issue 31, docs/events.md): a tournament or league for one system, its
entries (each player's submitted list, kept as submitted), its rounds and their
pairings. Every write goes through roster.events.operations."""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone


def new_event_code() -> str:
    """The registration link's token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


class Event(models.Model):
    """One event. ``options`` are the list limits every entry's roster must have, in the
    roster document's own terms (``options`` of muster.roster/1, as the system's plug-in
    names them: SystemUI.limit_fields);
    ``rounds`` the number of rounds; ``deadline`` when lists lock (None: they lock when
    round 1 is paired); ``lists_public``: whether anyone may read the accepted lists
    before round 1 is paired (after it, always), or ``lists_public_from`` from when.
    The details players read (issue 41): ``date``, ``venue``, ``description`` and
    ``capacity`` (the most players it takes; None: up to MAX_ENTRIES). ``late_lists``:
    the organiser accepts lists after the deadline (until round 1 is paired);
    ``check_in``: players check in on the day, and only those checked in are paired
    (Entry.checked_in). ``finished``: when the organiser closed the event (None: open):
    nothing more is registered, paired or recorded, and its standings are final."""

    TOURNAMENT, LEAGUE = "tournament", "league"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="events")
    system = models.CharField(max_length=40)
    name = models.CharField(max_length=200)
    kind = models.CharField(
        max_length=12, default=TOURNAMENT, choices=[(TOURNAMENT, "Tournament"), (LEAGUE, "League")]
    )
    options = models.JSONField(default=dict)
    rounds = models.PositiveSmallIntegerField(default=3)
    deadline = models.DateTimeField(null=True, blank=True)
    lists_public = models.BooleanField(default=False)
    lists_public_from = models.DateTimeField(
        null=True, blank=True, help_text="When anyone may read the accepted lists, if before round 1."
    )
    code = models.CharField(max_length=32, unique=True, default=new_event_code)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True, help_text="When the organiser closed it.")
    date = models.DateField(null=True, blank=True, help_text="The day it is played (its first day).")
    venue = models.CharField(max_length=200, blank=True, default="")
    description = models.TextField(max_length=2000, blank=True, default="")
    capacity = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The most players.")
    late_lists = models.BooleanField(default=False, help_text="Lists accepted after the deadline.")
    check_in = models.BooleanField(default=False, help_text="Only players checked in are paired.")
    #: The organiser's tiebreakers after wins, in order (roster.events.pairing.TIEBREAKERS
    #: keys); empty: the default order (pairing.DEFAULT_TIEBREAKERS).
    tiebreakers = models.JSONField(default=list, blank=True)
    #: The system's score a bye gives (Iron & Honor ExP, Brutality VP); None: 0.
    bye_score = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The organiser's extra columns shown in the standings: "sportsmanship", "painting".
    extra_scores = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    @property
    def closed(self) -> bool:
        """Whether the organiser closed the event (``finished`` set)."""
        return self.finished is not None

    def lists_open_to(self, viewer: Any, now: datetime | None = None) -> bool:
        """Whether ``viewer`` (a User, or None for anyone) may read every accepted list:
        the organiser always; anyone once round 1 is paired, or before when the organiser
        made the lists public (at once, or from ``lists_public_from``). One query at most."""
        if viewer is not None and viewer.pk == self.owner_id:
            return True
        if self.lists_public:
            return True
        if self.lists_public_from is not None and (now or timezone.now()) >= self.lists_public_from:
            return True
        return self.round_set.exists()


class Entry(models.Model):
    """One player in an event with the list they submitted: ``document`` is the roster
    document as submitted (later edits of the roster do not change it), with its
    ``fingerprint`` (12 hex digits, as printed on its sheet), the rules data
    ``rules_digest`` it was checked with and the ``supplement`` its roster pinned (its
    document as it was then, None without one: the player's own values for what the book
    leaves unknown, docs/supplements.md). ``status``: submitted (waiting for the
    organiser), accepted, or returned (sent back with ``note``). ``history``: the
    earlier submissions, oldest first, each ``{"fingerprint", "submitted", "models"}``.
    ``player`` is None for a player without an account the organiser added. ``late``:
    submitted after the deadline (the organiser accepted late lists). ``checked_in``: the
    round the player checked in for (0: not checked in; a tournament's check-in is for
    round 1 and holds for the rest, a league's is each round's)."""

    SUBMITTED, ACCEPTED, RETURNED = "submitted", "accepted", "returned"
    STATUSES = [(SUBMITTED, "Waiting for the organiser"), (ACCEPTED, "Accepted"), (RETURNED, "Sent back")]

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="event_entries",
    )
    name = models.CharField(max_length=150, help_text="The player's name in the event.")
    roster = models.ForeignKey("roster.Roster", null=True, blank=True, on_delete=models.SET_NULL)
    document = models.JSONField()
    fingerprint = models.CharField(max_length=12)
    rules_digest = models.CharField(max_length=64, blank=True)
    supplement = models.JSONField(
        null=True,
        blank=True,
        help_text="The supplement the list was checked with (muster.supplement/1), as it was then.",
    )
    status = models.CharField(max_length=10, choices=STATUSES, default=SUBMITTED)
    note = models.CharField(max_length=500, blank=True, default="")
    submitted = models.DateTimeField()
    history = models.JSONField(default=list)
    dropped = models.BooleanField(default=False)
    late = models.BooleanField(default=False)
    checked_in = models.PositiveSmallIntegerField(default=0)
    #: The organiser's sportsmanship and painting scores (whole numbers, None: not given).
    sportsmanship = models.PositiveSmallIntegerField(null=True, blank=True)
    painting = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "player"],
                condition=models.Q(player__isnull=False),
                name="one_entry_per_player",
            )
        ]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    """Round ``number`` (1 first) of an event, with its ``setup`` (the game set-up every
    table of the round plays: {} for the table to choose or roll) and when it was paired
    and ``started`` (pairings are fixed then; until, the organiser may swap them). A
    league's round is a window that ``closes`` at a time: until then its players pair
    themselves, each two once a round."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    setup = models.JSONField(default=dict)
    paired = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    closes = models.DateTimeField(null=True, blank=True, help_text="A league's round: its window's end.")
    #: The round's clock (issue 41, operations.start_clock): its length in seconds, the
    #: instant it ends while it runs, the seconds left while it is paused. All None: no
    #: clock. Stored as an end instant, never a ticking value.
    clock_seconds = models.PositiveIntegerField(null=True, blank=True)
    clock_ends = models.DateTimeField(null=True, blank=True)
    clock_left = models.PositiveIntegerField(null=True, blank=True)
    #: Not stored: the set-up in words (operations.setup_text), set by the event page.
    setup_lines: list[str] | None = None
    #: Not stored: whether a table of the round has begun its game (its set-up is fixed
    #: then), set by the event page.
    fixed: bool = False
    #: Not stored: the accepted players left unpaired as not checked in (no-shows), set
    #: by the event page.
    absent: list[Any] | None = None

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_round_number")]

    def __str__(self) -> str:
        return f"Round {self.number}"

    def clock_left_now(self, now: datetime | None = None) -> int | None:
        """Whole seconds left on the round's clock at ``now`` (0 once it ran out; None:
        no clock). Running, counted down to :attr:`clock_ends`; paused, what was left."""
        if self.clock_ends is not None:
            left = (self.clock_ends - (now or timezone.now())).total_seconds()
            return max(0, int(left + 0.999))
        return self.clock_left

    @property
    def clock_running(self) -> bool:
        """Whether the round's clock runs (it has an end instant)."""
        return self.clock_ends is not None


class Pairing(models.Model):
    """One table of a round: ``a`` against ``b`` (None: ``a`` has the bye). The result:
    ``winner`` "a", "b", "draw" or "" (not played yet); each side's score (the system's
    count: Iron & Honor encounter ExP, Brutality Victory Points; None where the system
    keeps none or it was not given). A result counts once both players confirmed it
    (``confirmed_a`` / ``confirmed_b``), or the organiser entered it (``by_organiser``)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    table = models.PositiveSmallIntegerField()
    a = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    b = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    winner = models.CharField(max_length=4, blank=True, default="")
    score_a = models.IntegerField(null=True, blank=True)
    score_b = models.IntegerField(null=True, blank=True)
    confirmed_a = models.BooleanField(default=False)
    confirmed_b = models.BooleanField(default=False)
    by_organiser = models.BooleanField(default=False)
    #: The two players said different results: marked for them and the organiser until the
    #: organiser enters the result (or both confirm one).
    disputed = models.BooleanField(default=False)
    game = models.ForeignKey(
        "muster_games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: Not stored: what the table's finished game says ({"winner", "score_a", "score_b"}),
    #: set by the event page for its result form.
    proposed: dict[str, Any] | None = None
    #: Not stored: whether the page's viewer plays at this table (set by the event page).
    seated: bool = False

    class Meta:
        ordering = ["table"]

    def __str__(self) -> str:
        return f"Table {self.table}"

    @property
    def counted(self) -> bool:
        """Whether the result counts in the standings: a bye always; a game once both
        players confirmed it or the organiser entered it."""
        if self.b_id is None:
            return True
        return bool(self.winner) and (self.by_organiser or (self.confirmed_a and self.confirmed_b))


class TableLog(models.Model):
    """What happened to a table's result, for the organiser: a dispute, its resolution,
    the organiser's entry or correction, a game reset. ``what`` is a short word
    ("disputed", "resolved", "entered", "reset", "agreed"), ``text`` the line shown."""

    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="log")
    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    what = models.CharField(max_length=12)
    text = models.CharField(max_length=300)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.text
