"""The task queue on Redis (TASK_QUEUE=redis://..., README's scale-out; issue 39): with a
real redis-server on loopback, the settings load, `manage.py check`, `migrate` and
`load_rules` succeed (a task some backend refuses stopped each of them, and made every
request a 500), and a list pack of two chunks and a player's sheet asked for through the
web are built by `sheet_worker --batch` (RQ's burst mode, django-tasks-rq's job class),
the pack's chunks and the sheet in our own order; a task queued under an import path of
the release before is dropped by the worker, which goes on. The database is SQLite here,
a PostgreSQL database of its own in .ci/run's pass (DATABASE_URL); the cache is Redis
too, as the README deploys it."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from bench.server import ROOT, collected_static, environment, own_database
from tests.load.test_live_streams import redis_server

ASK = """
import json, os
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "roster.project.settings")
import django
django.setup()
import django_rq
from django.test import Client
from bench.events import _accepted_event
from roster.rosters.models import Roster
from roster.sheets.models import PackJob, SheetJob

# A wake-up of the release before (roster/printing/), which no longer imports: first in line.
django_rq.get_queue("default").enqueue("roster.printing.queue.render_sheets")
organiser, event = _accepted_event("Redis Cup", 5)  # five lists: two chunks of the pack
player = Roster.objects.exclude(owner=organiser).first()
web = Client(HTTP_HOST="localhost")
web.force_login(organiser)
answers = [web.get(f"/events/{event.pk}/lists.pdf").status_code]
web.force_login(player.owner)
answers.append(web.get(f"/rosters/{player.pk}/sheet.pdf").status_code)
print(json.dumps({"event": event.pk, "roster": player.pk, "answers": answers,
                  "jobs": [PackJob.objects.count(), SheetJob.objects.count()],
                  "queued": len(django_rq.get_queue("default"))}))
"""

DONE = """
import json, os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "roster.project.settings")
import django
django.setup()
import django_rq
from rq.registry import FailedJobRegistry
from roster.events import pack
from roster.events.models import Event
from roster.rosters.models import Roster
from roster.sheets import queue
from roster.sheets.models import PackJob, SheetJob

ids = json.loads(sys.argv[1])
event = Event.objects.get(pk=ids["event"])
roster = Roster.objects.get(pk=ids["roster"])
data = pack.pdf(event) or b""
sheet = queue.ask(roster, queue.default_info(roster), enqueue=False)
failed = FailedJobRegistry(queue=django_rq.get_queue("default"))
print(json.dumps({"pack": data[:5].decode("latin-1"), "pack_state": pack.state(event).ready,
                  "sheet": (sheet.pdf or b"")[:5].decode("latin-1"),
                  "jobs": [PackJob.objects.count(), SheetJob.objects.count()],
                  "failed": [failed.job_class.fetch(j, connection=failed.connection).func_name
                             for j in failed.get_job_ids()]}))
"""


def run(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, f"{args[:2]}: {done.stderr[-3000:]}"
    return done.stdout


@pytest.mark.live  # with the live run's Redis pass (`make test-live-redis`, .ci/run)
@pytest.mark.redis
def test_the_redis_queue_loads_migrates_and_builds_a_pack_and_a_sheet():
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(redis_server())
        database = stack.enter_context(own_database(os.environ.get("DATABASE_URL")))
        workdir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="muster-redis-")))
        env = environment(workdir, database) | {"TASK_QUEUE": url[:-1] + "1", "CACHE_URL": url}
        env["STATIC_ROOT"] = str(collected_static(env))  # the pages' static files (DEBUG off)
        assert "System check identified no issues" in run(env, "manage.py", "check")
        run(env, "manage.py", "migrate", "-v0")
        run(env, "manage.py", "load_rules", "-v0")
        asked = json.loads(run(env, "-c", ASK).strip().splitlines()[-1])
        # The web queued them (202: being prepared) and rendered nothing: two wake-ups and
        # the old task wait in Redis, the jobs in our tables.
        assert asked["answers"] == [202, 202] and asked["jobs"] == [1, 1] and asked["queued"] == 3, asked
        run(env, "manage.py", "sheet_worker", "--batch", "-v0")
        done = json.loads(run(env, "-c", DONE, json.dumps(asked)).strip().splitlines()[-1])
        assert done["pack"] == "%PDF-" and done["pack_state"], done
        assert done["sheet"] == "%PDF-" and done["jobs"] == [0, 0], done
        assert done["failed"] == ["roster.printing.queue.render_sheets"], done
