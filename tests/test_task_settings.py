"""TASK_QUEUE at start (roster/project/settings.py, roster.sheets.apps, docs/sheets.md):
every task Muster queues is one the RQ backend accepts (issue 39: a priority on the list
pack's task made every request answer 500 with TASK_QUEUE=redis://...), and a combination
Muster does not support stops the start with one line, never a request. `manage.py check`
in a process of its own, with the environment the deploy would set; no Redis is needed to
load the settings and the tasks (the queue is reached only when a task is enqueued)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow  # a Django start each, seconds on a busy machine


def check(**environment: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "TASK_QUEUE", "DEBUG")}
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=env | environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_every_task_is_one_the_redis_queue_accepts():
    # A port nothing listens on: loading the settings, the apps and the URLs (so every
    # module that declares a task) needs no Redis.
    done = check(TASK_QUEUE="redis://127.0.0.1:9/0")
    assert done.returncode == 0, done.stderr[-3000:]


def test_the_immediate_queue_with_debug_off_stops_the_start_with_one_line():
    done = check(TASK_QUEUE="immediate", DEBUG="false", SECRET_KEY="x" * 50)
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last == (
        "django.core.exceptions.ImproperlyConfigured: TASK_QUEUE=immediate renders sheets inside web "
        "requests: for tests only, not with DEBUG off"
    )
