"""The list pack of an event (issue 31, docs/events.md): every accepted list's sheet as
submitted, in one PDF after a contents page, built by the task worker (the real
WeasyPrint, in its bounded child), and who may print it."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from roster.events import operations, pack
from roster.events.models import Entry
from roster.sheets import queue
from roster.sheets.content import SheetInfo
from roster.sheets.models import PackJob, SheetJob
from tests.events.test_events_web import accepted, new_event, player_with_list, register
from tests.web import pdf as pdfs
from tests.web.cast import client_for, make_user
from tests.web.test_sheet_queue import work


@pytest.fixture
def organiser(db):
    return make_user("olga")


def three_accepted_and_one_waiting(event):
    """Ann, Ben and Cat accepted; Dan's list waits for the organiser: the entries."""
    for name in ("ann", "ben", "cat", "dan"):
        user, roster = player_with_list(name)
        register(user, roster, event)
    Entry.objects.exclude(name="dan").update(status=Entry.ACCEPTED)
    return {e.name: e for e in Entry.objects.all()}


def test_the_pack_holds_every_accepted_list_as_submitted_after_its_contents(organiser):
    event = new_event(client_for(organiser))
    entries = three_accepted_and_one_waiting(event)
    url = reverse("event-pack", args=[event.pk])
    # Before round 1 the lists are hidden: only the organiser prints them.
    assert client_for(None).get(url).status_code == 404
    assert client_for(entries["ann"].player).get(url).status_code == 404
    page = client_for(organiser).get(reverse("event-page", args=[event.pk])).content.decode()
    assert url in page
    answer = client_for(organiser).get(url)  # the tests' task backend builds it at once
    assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf"
    data = answer.content
    texts = pdfs.page_texts(data)
    contents = " ".join(texts[0].split())
    assert "Winter Cup: the lists" in contents
    for name in ("ann", "ben", "cat"):
        assert name in contents and entries[name].fingerprint in contents
    assert "dan" not in contents
    # Each list's sheet follows, carrying its fingerprint; a bookmark each.
    reader = pdfs.read(data)
    outline = [item.title for item in reader.outline]
    assert outline[0] == "Contents" and [o.split(":")[0] for o in outline[1:]] == ["ann", "ben", "cat"]
    starts = [reader.get_destination_page_number(item) for item in reader.outline]
    assert starts[:2] == [0, 1] and starts == sorted(starts) and len(reader.pages) > starts[-1]
    for item, start in zip(reader.outline[1:], starts[1:], strict=True):
        entry = entries[item.title.split(":")[0]]
        assert entry.fingerprint in texts[start] and f"by {entry.name}" in " ".join(texts[start].split())
    # The page numbers on the contents are where the sheets start.
    for item, start in zip(reader.outline[1:], starts[1:], strict=True):
        assert f"{entries[item.title.split(':')[0]].fingerprint} {start + 1}" in contents


def test_the_pack_follows_the_lists_and_opens_to_everyone_with_round_1(organiser):
    event = new_event(client_for(organiser))
    entries = three_accepted_and_one_waiting(event)
    first = pack.ask(event)
    assert first.ready and first.total == 3
    # Dan's list accepted: a new pack (the old one is never served for the new lists).
    Entry.objects.filter(pk=entries["dan"].pk).update(status=Entry.ACCEPTED)
    now = pack.state(event)
    assert now.key != first.key and not now.ready and not now.queued
    operations.pair_round(event, random.Random(2))
    answer = client_for(None).get(reverse("event-pack", args=[event.pk]) + "?paper=letter")
    assert answer.status_code == 200
    assert "dan" in pdfs.page_texts(answer.content)[0]
    width, height = pdfs.read(answer.content).pages[1].mediabox.upper_right
    assert (round(float(width)), round(float(height))) == (612, 792)  # US Letter


def test_the_worker_builds_the_pack_a_few_sheets_at_a_time(organiser, settings, monkeypatch):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    monkeypatch.setattr(pack, "CHUNK", 2)
    event = new_event(client_for(organiser))
    three_accepted_and_one_waiting(event)
    client = client_for(organiser)
    url = reverse("event-pack", args=[event.pk])
    status = reverse("event-pack-status", args=[event.pk])
    answer = client.get(url)
    assert answer.status_code == 202 and "0 of 3 sheets printed" in answer.content.decode()
    # Asked again, still one job and one wake-up: the status page never queues.
    client.get(url)
    assert client.get(status, HTTP_HX_REQUEST="true").content.decode().count("being prepared") == 1
    from django_tasks_db.models import DBTaskResult

    assert PackJob.objects.count() == 1 and DBTaskResult.objects.count() == 1
    assert DBTaskResult.objects.get().task_path == "roster.sheets.queue.render_sheets"
    # The wake-up claims the pack twice: two sheets, back in line, the last sheet and the join.
    work()
    assert [r.return_value for r in DBTaskResult.objects.all()] == [{"later": 1, "ready": 1}]
    assert PackJob.objects.count() == 0
    ready = client.get(status, HTTP_HX_REQUEST="true").content.decode()
    assert "The pack is ready" in ready and url in ready
    assert client.get(url)["Content-Type"] == "application/pdf"


def test_a_players_sheet_goes_between_the_chunks_of_a_pack(organiser, settings, monkeypatch):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    monkeypatch.setattr(pack, "CHUNK", 2)
    event = new_event(client_for(organiser))
    three_accepted_and_one_waiting(event)
    assert pack.ask(event).queued
    first = queue.claim_next()
    assert isinstance(first, PackJob)
    assert queue.work_pack(first) == "later"
    assert PackJob.objects.get().progress == {"done": 2}
    assert (
        "2 of 3 sheets printed"
        in client_for(organiser).get(reverse("event-pack-status", args=[event.pk])).content.decode()
    )
    # Meanwhile a player presses Print: their sheet goes before the pack's next chunk.
    _, roster = player_with_list("eve")
    queue.ask(roster, SheetInfo(owner="eve"))
    nxt = queue.claim_next()
    assert isinstance(nxt, SheetJob) and nxt.roster_id == roster.pk
    assert queue.render_job(nxt) == "ready"
    last = queue.claim_next()
    assert isinstance(last, PackJob) and last.chunks == 1
    assert queue.work_pack(last) == "ready"
    assert pack.state(event).ready


def test_packs_of_different_organisers_take_turns(organiser, monkeypatch):
    # Olga asks for three packs (three events), then Zoe for one: Zoe's first chunk goes
    # second, and then the two organisers alternate; Olga's packs wait behind each other.
    monkeypatch.setattr(queue, "wake", lambda: None)  # no worker: the test claims
    zoe = make_user("zoe")
    olgas = [new_event(client_for(organiser)) for _ in range(3)]
    zoes = new_event(client_for(zoe))
    for n, event in enumerate([*olgas, zoes]):
        accepted(event, f"player{n}")
        assert pack.ask(event).queued
    names = {e.pk: f"olga{n}" for n, e in enumerate(olgas)} | {zoes.pk: "zoe"}
    taken = []
    for _ in range(6):
        job = queue.claim_next()
        assert isinstance(job, PackJob)
        taken.append(names[job.args["event"]])
        PackJob.objects.filter(pk=job.pk).update(status=PackJob.QUEUED)  # a chunk, back in line
    assert taken == ["olga0", "zoe", "olga0", "zoe", "olga0", "zoe"]


def test_a_list_too_slow_to_print_is_left_out_and_named(organiser, settings):
    event = new_event(client_for(organiser))
    entries = three_accepted_and_one_waiting(event)
    from roster.sheets.cache import refuse_sheet
    from roster.sheets.content import SheetInfo

    info = SheetInfo(owner="ben")
    key, _ = pack._sheet(entries["ben"], info, pack.current_digest(event.system))
    refuse_sheet(key, "This sheet needs more than 20 seconds to print.")
    data = client_for(organiser).get(reverse("event-pack", args=[event.pk])).content
    contents = " ".join(pdfs.page_texts(data)[0].split())
    assert "not printed: This sheet needs more than 20 seconds" in contents
    assert [o.title.split(":")[0] for o in pdfs.read(data).outline] == ["Contents", "ann", "cat"]
    page = client_for(organiser).get(reverse("event-pack-status", args=[event.pk])).content.decode()
    assert "Left out of the pack" in page and "ben: This sheet needs more" in page


def test_a_sheet_culled_from_the_cache_before_the_join_is_fetched_again_then_given_up(organiser, monkeypatch):
    from roster.sheets.content import SheetInfo

    event = new_event(client_for(organiser))
    entries = three_accepted_and_one_waiting(event)
    bens, _ = pack._sheet(entries["ben"], SheetInfo(owner="ben"), pack.current_digest(event.system))
    real = pack.get_sheet
    lost = {"times": 1}

    def culled(key):  # Ben's sheet is gone when the join reads it, ``times`` times
        if key == bens and lost["times"]:
            lost["times"] -= 1
            return None
        return real(key)

    monkeypatch.setattr(pack, "get_sheet", culled)
    assert pack.ask(event).ready and lost["times"] == 0
    # A cache that never keeps it: the pack gives up (and says so) rather than loop.
    Entry.objects.filter(name="dan").update(status=Entry.ACCEPTED)
    lost["times"] = 10**6
    state = pack.ask(event)
    assert not state.ready and not state.queued and "did not fit the cache" in (state.failed or "")
