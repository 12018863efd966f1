"""Bounded storage (issue 22): a roster keeps at most KEEP_NEWEST + KEEP_DAILY revisions
whatever the number of edits, and History says so; undeleting counts against the roster
cap like every other way in; the account zip import writes each roster in its own short
transaction (no write lock held across the whole zip), all or nothing still."""

from __future__ import annotations

import copy
import datetime
import io
import json
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.db.models.signals import pre_save
from django.urls import reverse

from bench import worst
from roster.rosters import revisions
from roster.rosters.models import Revision, Roster
from roster.rosters.operations import TooManyRosters, create_roster, save_revision
from tests.ih import example
from tests.web.cast import client_for, make_user


def edit(roster: Roster, times: int) -> None:
    for i in range(times):
        document = copy.deepcopy(roster.document)
        document["models"][i % len(document["models"])]["name"] = f"Edit {i}"
        save_revision(roster, document, f"Edit {i}", roster.revision)


def stored_bytes(roster: Roster) -> int:
    """The JSON stored for a roster's revisions, in bytes (what the database keeps)."""
    documents = Revision.objects.filter(roster=roster).values_list("document", flat=True)
    return sum(len(json.dumps(d, ensure_ascii=False).encode()) for d in documents)


@pytest.mark.slow  # a hundred edits of a 50-model roster
@pytest.mark.django_db
def test_revisions_per_roster_are_bounded_and_history_says_so(capsys, monkeypatch):
    owner = make_user("alice")
    document = worst.iron_and_honor()
    assert len(document["models"]) == 50
    unbounded = create_roster(owner, document)
    monkeypatch.setattr(revisions, "KEEP_NEWEST", 10_000)
    edit(unbounded, 100)
    before = stored_bytes(unbounded)
    monkeypatch.undo()
    bounded = create_roster(owner, document)
    edit(bounded, 100)
    after = stored_bytes(bounded)
    kept = list(bounded.revisions.order_by("-number").values_list("number", flat=True))
    with capsys.disabled():
        print(
            f"\nstorage per 100 edits of a 50-model roster: {before / 1e6:.2f} MB in "
            f"{unbounded.revisions.count()} revisions before, {after / 1e6:.2f} MB in {len(kept)} after"
        )
    assert kept[: revisions.KEEP_NEWEST] == list(range(101, 101 - revisions.KEEP_NEWEST, -1))
    assert len(kept) <= revisions.KEEP_NEWEST + revisions.KEEP_DAILY
    assert after < before / 2
    page = client_for(owner).get(reverse("roster-history", args=[bounded.pk])).content.decode()
    assert f"keeps the newest {revisions.KEEP_NEWEST} changes" in page
    assert "Some older changes of this roster have been removed" in page


@pytest.mark.django_db
def test_older_revisions_keep_the_last_of_each_day(roster, monkeypatch):
    monkeypatch.setattr(revisions, "KEEP_NEWEST", 10_000)
    edit(roster, 35)  # revisions 1..36, none thinned yet
    monkeypatch.undo()
    start = datetime.datetime(2026, 1, 1, 12, tzinfo=datetime.UTC)
    for number in range(1, 7):  # two a day: 1-2 on Jan 1, 3-4 on Jan 2, 5-6 on Jan 3
        Revision.objects.filter(roster=roster, number=number).update(
            created=start + datetime.timedelta(days=(number - 1) // 2, minutes=number)
        )
    edit(roster, 1)
    kept = set(roster.revisions.values_list("number", flat=True))
    assert {2, 4, 6} <= kept and not {1, 3, 5} & kept
    assert set(range(roster.revision - revisions.KEEP_NEWEST + 1, roster.revision + 1)) <= kept


@pytest.mark.django_db
def test_undelete_counts_against_the_roster_cap(alice, alice_client, monkeypatch):
    monkeypatch.setattr("roster.rosters.operations.MAX_ROSTERS_PER_USER", 2)
    first = create_roster(alice, example("iron-and-honor-northmen-raiding-party"))
    create_roster(alice, example("iron-and-honor-sundered-elve"))
    alice_client.post(reverse("roster-delete", args=[first.pk]), {"revision": first.revision})
    create_roster(alice, example("iron-and-honor-ghrim-company"))
    response = alice_client.post(reverse("roster-undelete", args=[first.pk]), follow=True)
    assert TooManyRosters.message.split(",")[0] in response.content.decode()
    assert Roster.objects.filter(owner=alice, deleted__isnull=True).count() == 2
    assert Roster.objects.get(pk=first.pk).deleted is not None


def zip_of(documents: list[dict]) -> SimpleUploadedFile:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for i, document in enumerate(documents):
            archive.writestr(f"{i}.json", json.dumps(document))
    return SimpleUploadedFile("rosters.zip", buffer.getvalue(), content_type="application/zip")


@pytest.mark.django_db(transaction=True)
def test_the_zip_import_writes_each_roster_in_its_own_short_transaction(rules_loaded_db):
    bob = make_user("bob")
    depths: list[int] = []

    def record(sender, instance, **kwargs):
        depths.append(len(connection.atomic_blocks))

    pre_save.connect(record, sender=Roster, dispatch_uid="depth-probe")
    try:
        documents = [example("iron-and-honor-northmen-raiding-party")] * 5
        response = client_for(bob).post(reverse("roster-import"), {"file": zip_of(documents)})
    finally:
        pre_save.disconnect(dispatch_uid="depth-probe", sender=Roster)
    assert response.status_code == 302
    assert Roster.objects.filter(owner=bob).count() == 5
    # Each roster's transaction is the outermost one: committed before the next begins,
    # so the write lock is let go between rosters (before: one transaction, depth 2).
    assert depths == [1] * 5


@pytest.mark.django_db(transaction=True)
def test_a_zip_import_that_cannot_finish_leaves_nothing(rules_loaded_db, monkeypatch):
    bob = make_user("bob")
    calls = []

    def third_fails(owner, document, action="Created"):
        calls.append(1)
        if len(calls) == 3:  # another tab filled the list meanwhile
            raise TooManyRosters()
        return create_roster(owner, document, action)

    monkeypatch.setattr("roster.rosters.operations.create_roster", third_fails)
    documents = [example("iron-and-honor-northmen-raiding-party")] * 4
    response = client_for(bob).post(reverse("roster-import"), {"file": zip_of(documents)})
    assert response.status_code == 422
    assert not Roster.objects.filter(owner=bob).exists()
