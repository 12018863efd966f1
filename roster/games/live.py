"""Live tables pushed (issue 30): each phone holds one Server-Sent Events stream, and
the moment a write commits every stream on that game is woken to send its phone that
phone's own table (roster.games.stream, drawn per seat as the poll's answer is, so hidden
information stays per seat); the poll stays as the fallback (docs/live.md).

Pieces:
- :class:`Hub`, one per process: the streams of this process waiting on each game.
  A write anywhere wakes them through :func:`changed`.
- Fan-out across processes and servers: ``LIVE_FANOUT`` "local" (one process: ``make
  run``), "redis" (pub/sub on the shared cache's Redis) or "postgres" (LISTEN/NOTIFY on
  the database). Each process has one listener, never one per stream.
- The async view that holds a phone's stream is roster.games.stream, within the bounds
  counted here (streams per process, per address and per game).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import Any

from django.conf import settings
from django.db import connection, transaction

log = logging.getLogger(__name__)

#: What a stream follows: a game (its id), or a topic another app announces on the same
#: hub and fan-out (a string such as "event-12": roster.events.stream, issue 41).
Key = int | str

#: A comment line this often keeps proxies and phones from dropping a quiet stream (s).
HEARTBEAT_S = 15.0
#: A stream with no change for this long ends; the browser opens it again (s).
IDLE_S = 300.0
#: The channel the writes are published on (Redis) / notified on (PostgreSQL).
CHANNEL = "muster_game"


class Hub:
    """The streams waiting in this process: game id -> the futures to wake on its next
    change, and the counts that bound them. Lives on the process's event loop; woken
    from any thread through :meth:`wake_threadsafe`."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.waiting: dict[Key, set[asyncio.Future[int]]] = defaultdict(set)
        self.open = 0
        self.by_address: dict[str, int] = defaultdict(int)
        self.by_game: dict[Key, int] = defaultdict(int)
        self.watchers: dict[Key, int] = defaultdict(int)  # game -> its watchers' streams
        self.latest: dict[Key, int] = {}  # game -> the latest write count heard of
        self.followed: dict[Key, int] = defaultdict(int)  # keys followed by wait_any's streams
        self.listener: asyncio.Task[None] | None = None

    def admit(self, address: str, game: Key, watcher: bool = False, cap: int | None = None) -> bool:
        """Count one more stream for ``address`` on ``game`` (``watcher``: a watcher's, not
        a seated player's); False (nothing counted) when a bound is reached
        (settings.LIVE_MAX_STREAMS, LIVE_MAX_PER_ADDRESS, LIVE_MAX_PER_GAME: 4,000, 200 and
        50 by default). Watchers have their own cap below the game's
        (LIVE_MAX_WATCHERS_PER_GAME, 40), so the rest is kept for the players' own phones:
        one watcher's many streams never push them back to polling (issue 39). ``cap``: the
        bound on ``game``'s streams instead of LIVE_MAX_PER_GAME (an event's page)."""
        if (
            self.open >= settings.LIVE_MAX_STREAMS
            or self.by_address.get(address, 0) >= settings.LIVE_MAX_PER_ADDRESS
            or self.by_game.get(game, 0) >= (settings.LIVE_MAX_PER_GAME if cap is None else cap)
            or (watcher and self.watchers.get(game, 0) >= settings.LIVE_MAX_WATCHERS_PER_GAME)
        ):
            return False
        self.open += 1
        self.by_address[address] += 1
        self.by_game[game] += 1
        if watcher:
            self.watchers[game] += 1
        return True

    def leave(self, address: str, game: Key, watcher: bool = False) -> None:
        """A stream admitted by :meth:`admit` (with the same ``watcher``) has ended."""
        if watcher:
            self.watchers[game] -= 1
            if self.watchers[game] <= 0:
                del self.watchers[game]
        self.open -= 1
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]
        self.by_game[game] -= 1
        if self.by_game[game] <= 0:
            del self.by_game[game]
            self.latest.pop(game, None)

    async def wait(self, game: Key, timeout: float, since: int | None = None) -> int | None:
        """The game's write count at its next change, or None after ``timeout`` seconds.
        With ``since`` (the write count the stream has drawn), a change heard of while
        the stream was drawing its last table is returned at once, not missed."""
        heard = self.latest.get(game)
        if since is not None and heard is not None and heard > since:
            return heard
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.waiting[game].add(future)
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            return None
        finally:
            waiters = self.waiting.get(game)
            if waiters is not None:
                waiters.discard(future)
                if not waiters:
                    del self.waiting[game]

    async def wait_any(self, keys: list[Key], timeout: float, since: dict[Key, int]) -> Key | None:
        """The first of ``keys`` to change, or None after ``timeout`` seconds. A change
        heard of after ``since`` (key -> the version the stream has seen; updated here)
        while the stream was busy is returned at once. The keys must be followed
        (:meth:`follow`) for such changes to be kept."""
        for key in keys:
            heard = self.latest.get(key)
            if heard is not None and heard > since.get(key, -1):
                since[key] = heard
                return key
        loop = asyncio.get_running_loop()
        futures = {key: loop.create_future() for key in keys}
        for key, future in futures.items():
            self.waiting[key].add(future)
        try:
            done, _ = await asyncio.wait(
                futures.values(), timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
            for key, future in futures.items():
                if future in done:
                    since[key] = max(since.get(key, -1), future.result())
                    return key
            return None
        finally:
            for key, future in futures.items():
                future.cancel()
                waiters = self.waiting.get(key)
                if waiters is not None:
                    waiters.discard(future)
                    if not waiters:
                        del self.waiting[key]

    def follow(self, keys: list[Key], by: int = 1) -> None:
        """Keep the latest version heard of each of ``keys`` (for :meth:`wait_any`);
        ``by`` -1 lets them go."""
        for key in keys:
            self.followed[key] += by
            if self.followed[key] <= 0:
                del self.followed[key]
                if not self.by_game.get(key):
                    self.latest.pop(key, None)

    def wake(self, game: Key, version: int) -> None:
        """On the hub's loop: every stream waiting on ``game`` learns ``version``."""
        if self.by_game.get(game) or self.followed.get(game):
            self.latest[game] = max(self.latest.get(game, version), version)
        for future in self.waiting.pop(game, ()):
            if not future.done():
                future.set_result(version)

    def wake_threadsafe(self, game: Key, version: int) -> None:
        """From any thread (a sync view's write): wake on the hub's loop, if it runs."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.wake, game, version)


HUB = Hub()


def fanout() -> str:
    """``settings.LIVE_FANOUT``: "local", "redis" or "postgres"."""
    return str(getattr(settings, "LIVE_FANOUT", "local"))


def changed(game: Key, version: int) -> None:
    """Tell every stream on ``game`` that it is now at write ``version``, once the
    current transaction commits (nothing is announced that a rollback takes back). Called
    by roster.games.operations after each write."""
    kind = fanout()
    if kind == "postgres" and connection.vendor == "postgresql":
        # NOTIFY is delivered at commit, to every listener, this process's included.
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, f"{game}:{version}"])
        return
    transaction.on_commit(lambda: _announce(kind, game, version))


def _announce(kind: str, game: Key, version: int) -> None:
    if kind == "redis":
        try:
            _redis().publish(CHANNEL, f"{game}:{version}")
            return
        except Exception:  # Redis away: this process's streams still hear it
            log.warning("live: Redis publish failed; only this process's streams are told", exc_info=True)
    HUB.wake_threadsafe(game, version)


_client_lock = threading.Lock()
_client: Any = None


def _redis() -> Any:
    """A synchronous Redis client on the cache's Redis (settings.LIVE_REDIS_URL)."""
    global _client
    with _client_lock:
        if _client is None:
            import redis

            _client = redis.Redis.from_url(settings.LIVE_REDIS_URL)
        return _client


def _parse(message: str | bytes) -> tuple[Key, int] | None:
    text = message.decode() if isinstance(message, bytes) else message
    game, _, version = text.partition(":")
    try:
        return (int(game) if game.isdigit() else game), int(version)
    except ValueError:
        return None


async def _keep_listening(what: str, once: Callable[[], Awaitable[None]]) -> None:
    """Run the listener ``once`` for good: lost (the server restarted, the network
    dropped), it starts again a second later. Changes meanwhile reach the pages by their
    15 s safety poll."""
    while True:
        try:
            await once()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.warning("live: %s lost; again in 1 s", what, exc_info=True)
        await asyncio.sleep(1)


async def _redis_once() -> None:
    """One subscriber per process: each published change wakes this process's streams."""
    import redis.asyncio as aioredis

    client = aioredis.Redis.from_url(settings.LIVE_REDIS_URL)
    async with client.pubsub() as pubsub:
        await pubsub.subscribe(CHANNEL)
        async for message in pubsub.listen():
            if message.get("type") == "message" and (parsed := _parse(message["data"])):
                HUB.wake(*parsed)


async def _postgres_once() -> None:
    """One LISTEN connection per process (not per stream)."""
    import psycopg

    async with await psycopg.AsyncConnection.connect(_pg_conninfo(), autocommit=True) as conn:
        await conn.execute(f"LISTEN {CHANNEL}")
        async for notice in conn.notifies():
            if parsed := _parse(notice.payload):
                HUB.wake(*parsed)


def _pg_conninfo() -> str:
    """The default database's connection string (libpq), for the LISTEN connection."""
    from psycopg.conninfo import make_conninfo

    db = settings.DATABASES["default"]
    parts: dict[str, object] = {"dbname": db.get("NAME"), "user": db.get("USER")}
    parts |= {"password": db.get("PASSWORD"), "host": db.get("HOST"), "port": db.get("PORT")}
    return make_conninfo(**{k: str(v) for k, v in parts.items() if v})


def start_listening() -> None:
    """Bind the hub to the running loop and start this process's listener (once)."""
    loop = asyncio.get_running_loop()
    if HUB.loop is not loop:
        HUB.loop = loop
        HUB.listener = None
    if HUB.listener is None:
        kind = fanout()
        if kind == "redis":
            HUB.listener = loop.create_task(_keep_listening("Redis subscription", _redis_once))
        elif kind == "postgres" and settings.DATABASES["default"]["ENGINE"].endswith("postgresql"):
            HUB.listener = loop.create_task(_keep_listening("PostgreSQL LISTEN", _postgres_once))
