"""The gunicorn worker for roster.project.asgi (README, Deploying; docs/live.md):
``gunicorn roster.project.asgi -k roster.project.worker.UvicornWorker``.

uvicorn's worker as it comes, except that a worker told to stop (a deploy, a restart,
gunicorn's SIGTERM) ends its open live streams after ``STREAMS_END_S`` seconds instead
of waiting for them: a stream lasts until its phone leaves, so uvicorn's default (wait
for every connection) held the worker until gunicorn killed it at ``--graceful-timeout``,
or left it running if gunicorn itself was killed first. Each phone's browser opens its
stream again on another worker (two seconds later: the stream's ``retry``), says what it
had seen (``Last-Event-ID``) and is sent its table (roster.games.stream)."""

from __future__ import annotations

from typing import Any, ClassVar

from uvicorn_worker import UvicornWorker as _UvicornWorker

#: Seconds a stopping worker gives its requests before it ends the streams still open.
STREAMS_END_S = 5


class UvicornWorker(_UvicornWorker):  # type: ignore[misc]  # (uvicorn_worker has no types)
    """uvicorn_worker.UvicornWorker with uvicorn's ``timeout_graceful_shutdown`` set to
    :data:`STREAMS_END_S` seconds."""

    CONFIG_KWARGS: ClassVar[dict[str, Any]] = {
        **_UvicornWorker.CONFIG_KWARGS,
        "timeout_graceful_shutdown": STREAMS_END_S,
    }
