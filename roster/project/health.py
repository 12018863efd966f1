"""Liveness and readiness (docs/operations.md).

``/healthz`` (roster.accounts.views.healthz) is liveness: the process answers. ``/readyz``
is readiness: it asks the database, each shared cache (Redis or the database's tables), the
sheet queue's oldest waiting job and the sheet worker's heartbeat, and answers 200 when all
are well or 503 naming what is not, as JSON: ``{"ready": bool, "checks": {name: "ok" or
what is wrong}}``. What is wrong names the part and the kind of failure, never an address,
a user or a message from the driver (those can carry secrets).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.crypto import constant_time_compare
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from django_prometheus.exports import ExportToDjangoView

from roster.sheets import heartbeat


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:
        connection.close_if_unusable_or_obsolete()
        return f"unreachable ({type(exc).__name__})"
    return "ok"


def _cache(alias: str) -> Callable[[], str]:
    def check() -> str:
        try:
            cache = caches[alias]
            cache.set("muster:ready", "1", 30)
            if cache.get("muster:ready") != "1":
                return "does not keep what is written"
        except Exception as exc:
            return f"unreachable ({type(exc).__name__})"
        return "ok"

    return check


def _queue() -> str:
    try:
        waited = heartbeat.oldest_waiting()
    except Exception as exc:
        return f"cannot be read ({type(exc).__name__})"
    limit = settings.MUSTER_QUEUE_STALE_SECONDS
    if waited is not None and waited > limit:
        return f"the oldest sheet has waited {waited:.0f} s (more than {limit} s)"
    return "ok"


def _worker() -> str:
    try:
        last = heartbeat.last_beat()
    except Exception as exc:
        return f"heartbeat cannot be read ({type(exc).__name__})"
    limit = settings.MUSTER_WORKER_STALE_SECONDS
    if last is None:
        return "no sheet worker has reported"
    silent = time.time() - last
    if silent > limit:
        return f"no sheet worker has reported for {silent:.0f} s (more than {limit} s)"
    return "ok"


def checks() -> dict[str, Callable[[], str]]:
    """The readiness checks by name, in the order they run."""
    found: dict[str, Callable[[], str]] = {"database": _database}
    for alias in ("default", "ratelimit"):
        found[f"cache {alias}"] = _cache(alias)
    found["sheet queue"] = _queue
    if settings.TASK_QUEUE != "immediate":  # immediate: tasks run in the web process
        found["sheet worker"] = _worker
    return found


@require_safe
@never_cache
def readyz(request: HttpRequest) -> JsonResponse:
    """Readiness: 200 when every check says "ok", else 503 with each check's answer."""
    answers = {name: check() for name, check in checks().items()}
    ready = all(answer == "ok" for answer in answers.values())
    response = JsonResponse({"ready": ready, "checks": answers}, status=200 if ready else 503)
    if not ready:
        response["Retry-After"] = "10"
    return response


LOOPBACK = ("127.0.0.1", "::1")


def _may_scrape(request: HttpRequest) -> bool:
    """A scraper on this machine (loopback, no proxy header: through the proxy every
    request comes from loopback) or one with the bearer token METRICS_TOKEN."""
    token = settings.METRICS_TOKEN
    if token and constant_time_compare(request.headers.get("Authorization", ""), f"Bearer {token}"):
        return True
    proxied = "X-Forwarded-For" in request.headers or "X-Real-IP" in request.headers
    return request.META.get("REMOTE_ADDR") in LOOPBACK and not proxied


@require_safe
@never_cache
def metrics(request: HttpRequest) -> HttpResponse:
    """Prometheus metrics (django-prometheus: requests by view and status, latencies,
    database and cache calls), for :func:`_may_scrape` only; 404 for anyone else."""
    if not _may_scrape(request):
        raise Http404("no such page")
    response: HttpResponse = ExportToDjangoView(request)
    return response
