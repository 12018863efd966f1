"""A part of the server gone for a moment (issue 39): the database or Redis unreachable
answers 503 with Retry-After, never a 500, and the next request after it is back works;
readiness (/readyz) names what is wrong. Real outages: the database's file or port made
unreachable for real, a real redis-server stopped and started again on its port."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator

import pytest
from django.db import OperationalError, connection
from django.test import Client, override_settings

from roster.core.outages import is_outage
from roster.sheets import heartbeat
from tests.servers import free_port, redis_server
from tests.web.cast import make_user


@contextlib.contextmanager
def database_gone() -> Iterator[None]:
    """The default database unreachable for real until the block ends: SQLite's file in a
    folder that does not exist, PostgreSQL's port one nothing listens on."""
    saved = dict(connection.settings_dict)
    connection.close()
    if connection.vendor == "sqlite":
        connection.settings_dict["NAME"] = "/nonexistent-muster-folder/db.sqlite3"
    else:
        connection.settings_dict["HOST"], connection.settings_dict["PORT"] = "127.0.0.1", str(free_port())
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict.clear()
        connection.settings_dict.update(saved)


def redis_caches(url: str) -> dict[str, dict[str, object]]:
    return {
        alias: {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": alias,
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
        }
        for alias in ("default", "ratelimit", "play")
    }


def test_an_outage_is_told_from_a_bug_through_the_exception_chain():
    assert is_outage(OperationalError("gone"))
    try:
        try:
            raise ConnectionRefusedError
        except ConnectionRefusedError as exc:
            raise RuntimeError("wrapped") from exc
    except RuntimeError as wrapped:
        assert is_outage(wrapped)
    assert not is_outage(ValueError("a bug"))
    assert not is_outage(None)


@pytest.mark.django_db(transaction=True)
def test_the_database_gone_is_a_503_with_retry_after_and_back_it_serves():
    user = make_user("ann")
    client = Client(raise_request_exception=False)
    client.force_login(user)
    assert client.get("/rosters/").status_code == 200
    with database_gone():
        answer = client.get("/rosters/")
        assert answer.status_code == 503, answer.status_code
        assert answer["Retry-After"].isdigit()
        assert b"Back in a moment" in answer.content
        ready = client.get("/readyz")
        assert ready.status_code == 503
        assert json.loads(ready.content)["checks"]["database"].startswith("unreachable")
    assert client.get("/rosters/").status_code == 200


@pytest.mark.django_db(transaction=True)
def test_redis_gone_is_a_503_and_back_on_its_port_it_serves():
    port = free_port()
    client = Client(raise_request_exception=False)
    make_user("ann")
    attempt = {"login": "ann", "password": "not-her-password"}  # counted in Redis
    with redis_server(port) as url, override_settings(CACHES=redis_caches(url)):
        assert client.post("/accounts/login/", attempt).status_code == 200
        heartbeat.beat()
        assert client.get("/readyz").status_code == 200
    # The server stopped: a log-in attempt is counted in Redis.
    with override_settings(CACHES=redis_caches(url)):
        answer = client.post("/accounts/login/", attempt)
        assert answer.status_code == 503 and answer["Retry-After"].isdigit()
        ready = json.loads(client.get("/readyz").content)
        assert ready["ready"] is False
        assert ready["checks"]["cache default"].startswith("unreachable")
        assert "127.0.0.1" not in json.dumps(ready)  # no address, no secret
        with redis_server(port):
            assert client.post("/accounts/login/", attempt).status_code == 200


@pytest.mark.django_db
def test_readiness_waits_for_a_sheet_worker_and_a_moving_queue(settings):
    settings.TASK_QUEUE = "database"
    settings.MUSTER_WORKER_STALE_SECONDS = 20
    client = Client()
    answer = client.get("/readyz")
    assert answer.status_code == 503
    assert json.loads(answer.content)["checks"]["sheet worker"] == "no sheet worker has reported"
    heartbeat.beat()
    answer = client.get("/readyz")
    assert answer.status_code == 200, answer.content
    assert json.loads(answer.content) == {
        "ready": True,
        "checks": {
            "database": "ok",
            "cache default": "ok",
            "cache ratelimit": "ok",
            "sheet queue": "ok",
            "sheet worker": "ok",
        },
    }
    heartbeat.beat(time.time() - 60)
    assert "for 60 s" in json.loads(client.get("/readyz").content)["checks"]["sheet worker"]


@pytest.mark.django_db(transaction=True)
def test_a_database_migrated_under_redis_gets_its_cache_tables(settings):
    """0007 makes only the configured caches' tables; 0010 makes both whatever CACHES says,
    so a database migrated with CACHE_URL set still serves without Redis."""
    from importlib import import_module

    migration = import_module("roster.rosters.migrations.0010_cache_tables_always")
    with connection.schema_editor() as editor:
        editor.execute("DROP TABLE muster_ratelimit")
    assert "muster_ratelimit" not in connection.introspection.table_names()
    settings.CACHES = redis_caches(f"redis://127.0.0.1:{free_port()}/0")  # nothing listens there
    with connection.schema_editor() as editor:
        migration.create_missing(None, editor)
    assert {"muster_cache", "muster_ratelimit"} <= set(connection.introspection.table_names())
