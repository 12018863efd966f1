"""The account page: all my rosters as one zip the Import page takes whole, and deleting
the account with its rosters and share links."""

import io
import json
import zipfile

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from roster.accounts.archive import MAX_MEMBERS
from roster.rosters.evaluation import evaluate_stored
from roster.rosters.models import Revision, Roster, ShareLink
from roster.rosters.operations import create_roster
from roster.supplements.operations import create_supplement
from tests.beestwars import example as beestwars_example
from tests.ih import example
from tests.web.cast import client_for

pytestmark = pytest.mark.django_db

EXAMPLES = [
    "iron-and-honor-northmen-raiding-party",
    "iron-and-honor-lantern-adventuring-co",
    "iron-and-honor-ghrim-company",
    "brutality-moderate-points",
]


@pytest.fixture
def alice_rosters(alice):
    rosters = [create_roster(alice, example(name)) for name in EXAMPLES]
    rosters.append(create_roster(alice, beestwars_example()))
    return rosters


def download(client):
    response = client.get(reverse("account-rosters-zip"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert response["Content-Disposition"].startswith('attachment; filename="muster-rosters-alice-')
    return response.getvalue()


def upload(client, content, name="rosters.zip"):
    file = SimpleUploadedFile(name, content, content_type="application/zip")
    return client.post(reverse("roster-import"), {"file": file})


def zip_of(files):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return buffer.getvalue()


def test_the_account_page_shows_what_can_be_done(alice_client, alice_rosters):
    page = alice_client.get(reverse("account")).content.decode()
    for text in ("Change password", "Add an email", "Download all my rosters", "Delete my account"):
        assert text in page
    assert "You have 5 rosters. Download them all" in page


def test_the_zip_holds_every_roster_as_its_export(alice_client, alice_rosters):
    archive = zipfile.ZipFile(io.BytesIO(download(alice_client)))
    assert len(archive.namelist()) == 5
    for roster in alice_rosters:
        export = alice_client.get(reverse("roster-export-json", args=[roster.pk])).content
        (name,) = [n for n in archive.namelist() if n.endswith(f"-{roster.pk}.json")]
        assert archive.read(name) == export
        assert json.loads(export)["format"] == "muster.roster/1"


def test_the_zip_leaves_out_deleted_rosters_and_other_players(alice_client, alice_rosters, bob):
    create_roster(bob, example("iron-and-honor-sundered-elve"))
    Roster.objects.filter(pk=alice_rosters[0].pk).update(deleted="2026-01-01T00:00Z")
    archive = zipfile.ZipFile(io.BytesIO(download(alice_client)))
    assert len(archive.namelist()) == 4


def test_the_zip_imported_into_another_account_gives_identical_rosters(alice_client, alice_rosters, bob):
    content = download(alice_client)
    bob_client = client_for(bob)
    response = upload(bob_client, content)
    assert response["Location"] == reverse("roster-list")
    assert "Imported 5 rosters." in bob_client.get(reverse("roster-list")).content.decode()
    theirs = sorted(Roster.objects.filter(owner=bob), key=lambda r: r.name)
    ours = sorted(alice_rosters, key=lambda r: r.name)
    assert [r.document for r in theirs] == [r.document for r in ours]
    for mine, imported in zip(ours, theirs, strict=True):
        report = evaluate_stored(imported.document).report.as_json()
        assert report == evaluate_stored(mine.document).report.as_json()
        assert imported.summary == mine.summary


def test_a_bad_file_in_the_zip_imports_nothing_and_names_it(bob_client, bob):
    good = json.dumps(example("iron-and-honor-northmen-raiding-party"))
    bad = json.dumps({**example("iron-and-honor-ghrim-company"), "system": "chess"})
    response = upload(bob_client, zip_of({"a.json": good, "b.json": bad}))
    assert response.status_code == 422
    assert "Not imported: b.json:" in response.content.decode()
    assert not Roster.objects.filter(owner=bob).exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"PK\x03\x04 not really a zip", "not a readable zip"),
        (zip_of({}), "holds no roster files"),
        (zip_of({f"{i}.json": "{}" for i in range(MAX_MEMBERS + 1)}), f"at most {MAX_MEMBERS} can be"),
        (zip_of({"big.json": " " * 1_000_001}), "big.json: 1,000,001 bytes"),
        (zip_of({f"{i}.json": " " * 1_000_000 for i in range(21)}), "add up to 21,000,000 bytes"),
    ],
)
def test_unreadable_or_oversized_zips_are_refused(content, message, bob_client, bob):
    response = upload(bob_client, content)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Roster.objects.filter(owner=bob).exists()


def test_a_member_that_inflates_past_its_header_is_cut_off(bob_client, bob):
    """A zip whose header understates a file's size (a zip bomb's trick) is read only to the limit."""
    content = bytearray(zip_of({"liar.json": " " * 2_000_000}))
    header_size = content.index(b"liar.json") - 8  # local header: uncompressed size 8 bytes before the name
    central = content.rindex(b"liar.json") - 22  # central directory: uncompressed size 22 bytes before
    for at in (header_size, central):
        content[at : at + 4] = (100).to_bytes(4, "little")
    response = upload(bob_client, bytes(content))
    assert response.status_code == 422
    assert "liar.json" in response.content.decode()
    assert not Roster.objects.filter(owner=bob).exists()


def test_the_zip_respects_the_roster_cap(bob_client, bob, monkeypatch):
    monkeypatch.setattr("roster.accounts.page.MAX_ROSTERS_PER_USER", 3)
    create_roster(bob, example("iron-and-honor-sundered-elve"))
    document = json.dumps(example("iron-and-honor-northmen-raiding-party"))
    response = upload(bob_client, zip_of({"a.json": document, "b.json": document, "c.json": document}))
    assert response.status_code == 422
    assert "Muster keeps at most 3" in response.content.decode()
    assert Roster.objects.filter(owner=bob).count() == 1


def test_a_single_json_still_imports_as_before(bob_client, bob):
    content = json.dumps(example("iron-and-honor-northmen-raiding-party")).encode()
    file = SimpleUploadedFile("r.json", content, content_type="application/json")
    response = bob_client.post(reverse("roster-import"), {"file": file})
    assert response["Location"] == reverse("roster-edit", args=[Roster.objects.get(owner=bob).pk])


def test_deleting_the_account_removes_rosters_and_share_links(alice, alice_client, alice_rosters, bob):
    bobs = create_roster(bob, example("iron-and-honor-sundered-elve"))
    link = ShareLink.objects.create(roster=alice_rosters[0])
    anyone = Client()
    assert anyone.get(reverse("shared", args=[link.token])).status_code == 200
    from roster.supplements.models import Supplement
    from rules.supplement import read_supplement
    from tests.supplements import brutality_supplement

    create_supplement(alice, read_supplement(brutality_supplement()))
    page = alice_client.get(reverse("account-delete")).content.decode()
    assert "5 rosters" in page and "1 share link" in page and "1 supplement with" in page

    response = alice_client.post(reverse("account-delete"), {"password": "alice-secret-pw-123"})

    assert response["Location"] == reverse("home")
    assert "Your account and its rosters are deleted." in alice_client.get(reverse("home")).content.decode()
    assert not Supplement.objects.filter(owner_id=alice.pk).exists()
    assert not User.objects.filter(username="alice").exists()
    assert not Roster.objects.filter(owner_id=alice.pk).exists()
    assert not Revision.objects.filter(roster_id__in=[r.pk for r in alice_rosters]).exists()
    assert not ShareLink.objects.filter(token=link.token).exists()
    assert anyone.get(reverse("shared", args=[link.token])).status_code == 404
    assert anyone.get(reverse("shared-sheet", args=[link.token])).status_code == 404
    assert alice_client.get(reverse("roster-list")).status_code == 302  # logged out
    assert Roster.objects.filter(pk=bobs.pk).exists()


def test_a_wrong_password_deletes_nothing(alice, alice_client, alice_rosters):
    response = alice_client.post(reverse("account-delete"), {"password": "not-it"})
    assert response.status_code == 422
    assert "That is not your password." in response.content.decode()
    assert Roster.objects.filter(owner=alice).count() == 5


def test_deleting_needs_a_csrf_token(alice, alice_rosters):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    response = client.post(reverse("account-delete"), {"password": "alice-secret-pw-123"})
    assert response.status_code == 403
    assert User.objects.filter(pk=alice.pk).exists()


def test_the_zip_needs_a_login(anon_client):
    response = anon_client.get(reverse("account-rosters-zip"))
    assert response["Location"].startswith(reverse("login"))


def test_guessing_the_password_on_the_delete_page_is_limited(alice, alice_client, settings):
    settings.MUSTER_RATES = {**settings.MUSTER_RATES, "login": "3/m"}
    statuses = [
        alice_client.post(reverse("account-delete"), {"password": f"guess-{i}"}).status_code for i in range(4)
    ]
    assert statuses[:3] == [422, 422, 422]
    assert statuses[3] == 429
    assert User.objects.filter(pk=alice.pk).exists()


def test_an_account_without_email_is_told_what_it_risks(alice_client):
    page = alice_client.get(reverse("account")).content.decode()
    assert "without one, a forgotten password cannot be reset" in page
