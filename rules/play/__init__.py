"""Play at the table: a game in progress as a log of events replayed by each system's
rules of play (``rules/<system>/play.py``). See docs/play.md and :mod:`rules.play.core`."""
