"""The live tables' hub (issue 30, roster/games/live.py): the bounds on open streams, and
a change waking exactly the streams waiting on its game, from another thread too."""

from __future__ import annotations

import asyncio
import threading

from roster.games.live import Hub


def test_the_bounds_refuse_past_each_limit_and_free_on_leave(settings):
    settings.LIVE_MAX_STREAMS, settings.LIVE_MAX_PER_ADDRESS, settings.LIVE_MAX_PER_GAME = 5, 3, 2
    hub = Hub()
    assert hub.admit("a", 1) and hub.admit("a", 1)
    assert not hub.admit("b", 1), "a third stream on one game"
    assert hub.admit("a", 2)
    assert not hub.admit("a", 3), "a fourth stream from one address"
    assert hub.admit("b", 3) and hub.admit("c", 4)
    assert not hub.admit("d", 5), "a sixth stream in the process"
    hub.leave("a", 1)
    assert hub.admit("d", 5)
    for address, game in (("a", 1), ("a", 2), ("b", 3), ("c", 4), ("d", 5)):
        hub.leave(address, game)
    assert hub.open == 0 and not hub.by_address and not hub.by_game


def test_a_watchers_streams_leave_room_for_the_players_phones(settings):
    """One watcher opening stream after stream fills the watchers' share of a game, not the
    game: the players' own phones still stream (issue 39: 50 streams of one watcher pushed
    them back to polling)."""
    settings.LIVE_MAX_STREAMS, settings.LIVE_MAX_PER_ADDRESS = 4000, 200
    settings.LIVE_MAX_PER_GAME, settings.LIVE_MAX_WATCHERS_PER_GAME = 50, 40
    hub = Hub()
    admitted = sum(hub.admit("watcher", 1, watcher=True) for _ in range(50))
    assert admitted == 40
    assert hub.admit("owner", 1) and hub.admit("guest", 1), "the players' phones still stream"
    assert not hub.admit("watcher-2", 1, watcher=True)
    hub.leave("watcher", 1, watcher=True)
    assert hub.admit("watcher-2", 1, watcher=True)
    for _ in range(39):
        hub.leave("watcher", 1, watcher=True)
    hub.leave("watcher-2", 1, watcher=True)
    hub.leave("owner", 1)
    hub.leave("guest", 1)
    assert hub.open == 0 and not hub.by_game and not hub.watchers


def test_a_change_wakes_the_streams_of_its_game_only_even_from_a_thread():
    async def scenario() -> tuple[list[int | None], int | None]:
        hub = Hub()
        hub.loop = asyncio.get_running_loop()
        waiting = [asyncio.create_task(hub.wait(7, timeout=30)) for _ in range(3)]
        other = asyncio.create_task(hub.wait(8, timeout=0.3))
        while len(hub.waiting.get(7, ())) < 3 or 8 not in hub.waiting:
            await asyncio.sleep(0)  # until all four wait
        threading.Thread(target=hub.wake_threadsafe, args=(7, 42)).start()
        woken = await asyncio.gather(*waiting)
        return woken, await other

    woken, other = asyncio.run(scenario())
    assert woken == [42, 42, 42]
    assert other is None, "another game's stream only times out"


def test_a_change_heard_while_a_stream_was_drawing_is_not_missed(settings):
    """A stream draws write 5; write 6 is announced before it waits again: its next wait
    returns 6 at once (without ``since`` it would wait for a seventh)."""

    async def scenario() -> tuple[int | None, int | None, int | None]:
        hub = Hub()
        hub.loop = asyncio.get_running_loop()
        assert hub.admit("a", 7)
        hub.wake(7, 6)  # nobody waiting at this instant: the stream is drawing write 5
        caught = await hub.wait(7, timeout=30, since=5)
        drawn_up = await hub.wait(7, timeout=0.2, since=6)  # nothing newer: it waits
        hub.leave("a", 7)
        forgotten = hub.latest.get(7)
        return caught, drawn_up, forgotten

    caught, drawn_up, forgotten = asyncio.run(scenario())
    assert caught == 6
    assert drawn_up is None
    assert forgotten is None, "a game no stream follows is forgotten"
