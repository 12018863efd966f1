"""The round's clock as a page shows it (issue 41, docs/events.md "The round's clock").

Reads only: the clock is written by roster.events.operations (start_clock, pause_clock,
reset_clock) and stored as the instant it ends, so every page (the players' phones, the
big screen, a page without JavaScript) shows the same time: the end instant in the
site's time zone with its name ("ends 14:35 UTC"), the time left when drawn, and with
JavaScript (static/js/events.js) a count-down to that instant.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from roster.events.models import Round


@dataclass(frozen=True)
class Clock:
    """Round ``number``'s clock at ``now``: ``running`` toward ``ends`` (an aware
    datetime), or paused with ``left`` seconds; ``left`` is the whole seconds left when
    drawn (0: time is up); ``minutes`` its length."""

    number: int
    minutes: int
    left: int
    running: bool
    ends: datetime | None
    now: datetime

    @property
    def up(self) -> bool:
        """Whether the time is up (a running clock past its end)."""
        return self.running and self.left == 0

    @property
    def left_text(self) -> str:
        """The time left as the clock face shows it: "1:05:00", "34:12", "0:09"."""
        return clock_text(self.left)


def clock_text(seconds: int) -> str:
    """``seconds`` (>= 0) as h:mm:ss from an hour, else m:ss."""
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def clock_of(round_: Round | None, now: datetime | None = None) -> Clock | None:
    """The clock of ``round_`` at ``now``, or None when it has none (never started, or
    reset)."""
    if round_ is None or round_.clock_seconds is None:
        return None
    left = round_.clock_left_now(now := now or timezone.now())
    if left is None:
        return None
    return Clock(
        round_.number, round_.clock_seconds // 60, left, round_.clock_running, round_.clock_ends, now
    )
