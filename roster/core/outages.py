"""What a server Muster needs being gone looks like, as an exception (docs/operations.md):
the database or Redis unreachable, as opposed to a bug. Used by the 500 handler (a 503
instead, roster.project.outage) and the sheet worker (it waits and tries again)."""

from __future__ import annotations

from django.db import InterfaceError, OperationalError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

OUTAGES: tuple[type[BaseException], ...] = (
    OperationalError,
    InterfaceError,
    RedisConnectionError,
    RedisTimeoutError,
    ConnectionRefusedError,
)


def is_outage(exc: BaseException | None) -> bool:
    """True when ``exc``, or an exception it was raised from, says a server Muster needs
    could not be reached (rather than a bug)."""
    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, OUTAGES):
            return True
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return False
