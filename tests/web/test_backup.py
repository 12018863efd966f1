"""Backup and restore with Django's dumpdata and loaddata, as the README describes."""

import pytest
from django.core.management import call_command

from roster.rosters.models import Revision, Roster, ShareLink
from roster.rosters.operations import create_roster, save_revision
from tests.ih import example

BACKUP = [
    "--natural-foreign",
    "--natural-primary",
    "-e",
    "contenttypes",
    "-e",
    "auth.permission",
    "-e",
    "admin.logentry",
    "-e",
    "sessions",
]


@pytest.mark.django_db(transaction=True)
def test_dump_flush_and_load_gives_back_every_roster(tmp_path, rules_loaded_db, django_user_model):
    user = django_user_model.objects.create_user("keeper", password="a-long-pass-phrase")
    roster = create_roster(user, example("iron-and-honor-ghrim-company"))
    save_revision(roster, {**roster.document, "name": "Ghrim Company II"}, "Renamed", roster.revision)
    link = ShareLink.objects.create(roster=roster)
    before = (
        roster.document,
        roster.revision,
        list(roster.revisions.values_list("number", "action")),
    )
    backup = tmp_path / "backup.json.gz"
    call_command("dumpdata", *BACKUP, "-o", str(backup), verbosity=0)
    call_command("flush", "--noinput", verbosity=0)
    assert not Roster.objects.exists()
    call_command("loaddata", str(backup), verbosity=0)
    restored = Roster.objects.get(pk=roster.pk)
    assert (
        restored.document,
        restored.revision,
        list(restored.revisions.values_list("number", "action")),
    ) == before
    assert restored.owner.check_password("a-long-pass-phrase")
    assert ShareLink.objects.get(roster=restored).token == link.token
    assert Revision.objects.count() == 2
