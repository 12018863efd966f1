"""Text is measured after NFC normalisation, the text that is stored (issue 22): U+FB2C
becomes three code points and U+0958 two, so a name within its limit as typed could be
stored past it, and every page reading the roster back then answered 500. Each way in
refuses such text at its field; text at the limit after normalising is taken and every
page reads it back."""

from __future__ import annotations

import io
import json
import unicodedata
import zipfile

import pytest
from django.urls import reverse

from roster.rosters.models import Roster, ShareLink
from roster.rosters.operations import create_roster
from roster.supplements.models import Supplement
from roster.supplements.operations import create_supplement
from rules.supplement import read_supplement
from tests.ih import example
from tests.supplements import brutality_roster, brutality_supplement
from tests.web.cast import model_post, snapshot

pytestmark = pytest.mark.django_db

SHIN = "\ufb2c"  # HEBREW LETTER SHIN WITH DAGESH AND SHIN DOT: 3 code points after NFC
QA = "\u0958"  # DEVANAGARI LETTER QA: 2 code points after NFC


def grown(char: str, limit: int) -> str:
    """The shortest run of ``char`` whose NFC form passes ``limit`` code points."""
    text = ""
    while len(unicodedata.normalize("NFC", text)) <= limit:
        text += char
    assert len(text) <= limit  # within the limit as typed
    return text


def at_limit(limit: int) -> str:
    """A text of exactly ``limit`` code points after NFC, most of them grown from U+FB2C."""
    text = SHIN * (limit // 3)
    return text + "x" * (limit - len(unicodedata.normalize("NFC", text)))


@pytest.mark.parametrize(("char", "where", "limit"), [(SHIN, "name", 200), (QA, "model", 100)])
def test_import_refuses_text_that_grows_past_its_limit(alice_client, char, where, limit):
    document = example("iron-and-honor-northmen-raiding-party")
    if where == "name":
        document["name"] = grown(char, limit)
    else:
        document["models"][0]["name"] = grown(char, limit)
    response = alice_client.post(reverse("roster-import"), {"text": json.dumps(document)})
    assert response.status_code == 422
    assert f"at most {limit} characters" in response.content.decode()
    assert not Roster.objects.exists()


@pytest.mark.parametrize("char", [SHIN, QA])
def test_new_roster_refuses_a_name_that_grows_past_200(alice_client, char):
    response = alice_client.post(
        reverse("roster-new"), {"system": "iron-and-honor", "name": grown(char, 200), "game_size": "medium"}
    )
    assert response.status_code == 422
    assert "at most 200 characters" in response.content.decode()
    assert not Roster.objects.exists()


@pytest.mark.parametrize("char", [SHIN, QA])
def test_the_model_form_refuses_a_name_that_grows_past_100(alice_client, roster, char):
    before = snapshot(roster)
    response = alice_client.post(
        reverse("model-update", args=[roster.pk, 0]),
        model_post(roster, 0, name=grown(char, 100)),
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 422
    assert "at most 100 characters" in response.content.decode()
    assert snapshot(roster) == before


@pytest.mark.parametrize("char", [SHIN, QA])
def test_the_options_form_refuses_a_roster_name_that_grows_past_200(alice_client, roster, char):
    before = snapshot(roster)
    response = alice_client.post(
        reverse("roster-options", args=[roster.pk]),
        {"revision": roster.revision, "name": grown(char, 200), "game_size": "medium"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 422
    assert "at most 200 characters" in response.content.decode()
    assert snapshot(roster) == before


def test_text_at_the_limit_after_nfc_is_stored_and_every_page_reads_it(alice, alice_client, anon_client):
    document = example("iron-and-honor-northmen-raiding-party")
    document["name"] = at_limit(200)
    document["models"][0]["name"] = at_limit(100)
    response = alice_client.post(reverse("roster-import"), {"text": json.dumps(document)})
    assert response.status_code == 302
    roster = Roster.objects.get(owner=alice)
    assert len(roster.name) == 200 and len(roster.document["models"][0]["name"]) == 100
    link = ShareLink.objects.create(roster=roster)
    for client, url in [
        (alice_client, reverse("roster-list")),
        (alice_client, reverse("roster-edit", args=[roster.pk])),
        (alice_client, reverse("roster-export-json", args=[roster.pk])),
        (alice_client, reverse("roster-export-text", args=[roster.pk])),
        (alice_client, reverse("account-rosters-zip")),
        (anon_client, reverse("shared", args=[link.token])),
    ]:
        assert client.get(url).status_code == 200, url
    with zipfile.ZipFile(io.BytesIO(alice_client.get(reverse("account-rosters-zip")).getvalue())) as archive:
        assert len(archive.namelist()) == 1


@pytest.mark.parametrize("char", [SHIN, QA])
def test_a_supplement_name_that_grows_past_100_is_refused_everywhere(alice, alice_client, char):
    name = grown(char, 100)
    created = alice_client.post("/supplements/new/", {"system": "brutality", "name": name})
    assert created.status_code == 422
    assert "at most 100 characters" in created.content.decode()
    imported = alice_client.post("/supplements/import/", {"text": json.dumps(brutality_supplement(name))})
    assert imported.status_code == 422
    supplement = create_supplement(alice, read_supplement(brutality_supplement()))
    renamed = alice_client.post(f"/supplements/{supplement.pk}/", {"name": name})
    assert renamed.status_code == 422
    assert "at most 100 characters" in renamed.content.decode()
    assert supplement.latest.number == 1
    assert not Supplement.objects.exclude(pk=supplement.pk).exists()


def test_a_roster_pinning_a_supplement_named_at_the_limit_still_opens(alice, alice_client):
    supplement = create_supplement(alice, read_supplement(brutality_supplement(at_limit(100))))
    roster = create_roster(alice, brutality_roster([{"name": "Ann", "class": "Ranged", "leader": True}]))
    assert (
        alice_client.post(f"/rosters/{roster.pk}/supplement/", {"supplement": supplement.pk}).status_code
        == 302
    )
    for url in (
        reverse("roster-edit", args=[roster.pk]),
        reverse("roster-list"),
        reverse("roster-export-json", args=[roster.pk]),
        reverse("account-rosters-zip"),
    ):
        assert alice_client.get(url).status_code == 200, url


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("name", "Gun\u202ener", "invisible or control characters"),
        ("name", grown(SHIN, 60), "at most 60 characters"),
        ("section", "Home\u2066brew", "invisible or control characters"),
        ("note", "n" * 200_000, "at most 1000 characters"),
        ("aliases", ["a" * 100_000], "at most 60 characters"),
        ("aliases", ["al\u200bias"], "invisible or control characters"),
        ("summary", grown(QA, 300), "at most 300 characters"),
    ],
)
def test_homebrew_text_follows_the_text_policy(alice_client, field, value, words):
    homebrew = {"name": "Gunner", "Move": 5, "FS": 2, "Dex": 3, "HP": 2, "Will": 3, "Atk": 1, "Save": 4}
    homebrew.update({"Armed": True, "Powers": 0, field: value})
    document = brutality_supplement(homebrew={"classes": [homebrew]})
    response = alice_client.post("/supplements/import/", {"text": json.dumps(document)})
    assert response.status_code == 422
    assert words in response.content.decode()
    assert not Supplement.objects.exists()


@pytest.mark.parametrize(
    ("field", "value"),
    [("fighter", "Troll\u202e"), ("equipment", grown(SHIN, 60)), ("raw", "r\u200b"), ("name", "Moss\u2067")],
)
def test_beestwars_homebrew_text_follows_the_text_policy(alice_client, field, value):
    profile = {"name": "Moss Troll", "faction": "Clovis", "skill": 12, "might": 3, "toughness": 10}
    profile.update({"movement": 6, "defense": -1, "points": 40, field: value})
    document = {"format": "muster.supplement/1", "system": "beestwars", "name": "Trolls"}
    document["homebrew"] = {"profiles": [profile]}
    response = alice_client.post("/supplements/import/", {"text": json.dumps(document)})
    assert response.status_code == 422
    assert not Supplement.objects.exists()


def test_iron_and_honor_homebrew_source_and_aliases_follow_the_text_policy(alice_client):
    trait = {"name": "Sea Legs", "category": "common", "cost": 3, "summary": "Steady aboard."}
    for extra in ({"source": "Zine\u202e"}, {"aliases": ["s" * 61]}, {"note": "x" * 1001}):
        document = {"format": "muster.supplement/1", "system": "iron-and-honor", "name": "Seas"}
        document["homebrew"] = {"traits": [{**trait, **extra}]}
        response = alice_client.post("/supplements/import/", {"text": json.dumps(document)})
        assert response.status_code == 422, extra
    assert not Supplement.objects.exists()
