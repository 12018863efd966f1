"""Export and import: JSON round trips exactly, plain text for chat, clear import errors."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roster.rosters.catalogue import get_catalogue
from roster.rosters.models import Roster
from roster.rosters.operations import create_roster
from roster.rosters.transfer import export_json, import_document
from tests.hypothesis_counts import examples
from tests.ih import catalogue, example
from tests.text import free_text

pytestmark = pytest.mark.django_db

IH_EXAMPLES = [
    "iron-and-honor-lantern-adventuring-co",
    "iron-and-honor-sundered-elve",
    "iron-and-honor-northmen-raiding-party",
    "iron-and-honor-ghrim-company",
]


@pytest.mark.parametrize("name", [*IH_EXAMPLES, "beestwars-clovis-300"])
def test_export_import_export_is_identical(name, alice, alice_client):
    r = create_roster(alice, example(name))
    first = alice_client.get(reverse("roster-export-json", args=[r.pk]))
    assert first["Content-Disposition"].startswith("attachment;")
    upload = SimpleUploadedFile("r.json", first.content, content_type="application/json")
    response = alice_client.post(reverse("roster-import"), {"file": upload})
    imported = Roster.objects.exclude(pk=r.pk).get(owner=alice)
    assert response["Location"] == reverse("roster-edit", args=[imported.pk])
    second = alice_client.get(reverse("roster-export-json", args=[imported.pk]))
    assert second.content == first.content
    assert json.loads(first.content) == example(name)


CAT = catalogue()
names = free_text(30).filter(lambda s: s.strip() == s)
skill = st.one_of(
    st.sampled_from([s.name for s in CAT.skills]),
    st.fixed_dictionaries({"skill": st.sampled_from([s.name for s in CAT.skills]), "label": names}),
)
trait = st.one_of(
    st.sampled_from([t.name for t in CAT.traits]),
    st.fixed_dictionaries(
        {"name": st.sampled_from([t.name for t in CAT.traits if t.choice]), "choice": names}
    ),
)
attr = st.integers(1, 10)
documents = st.fixed_dictionaries(
    {
        "format": st.just("muster.roster/1"),
        "system": st.just("iron-and-honor"),
        "name": names,
        "options": st.sampled_from(
            [{"game_size": "small"}, {"game_size": "large"}, {"game_size": "custom", "exp_limit": 99}]
        ),
        "models": st.lists(
            st.fixed_dictionaries(
                {
                    "name": names,
                    "type": st.sampled_from(["hero", "companion", "follower"]),
                    "attributes": st.fixed_dictionaries({"MA": attr, "RA": attr, "PD": attr, "WP": attr}),
                    "skills": st.lists(skill, max_size=4),
                    "traits": st.lists(trait, max_size=5),
                }
            ),
            max_size=9,
        ),
    }
)


@settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(documents)
def test_export_import_export_is_identical_for_generated_rosters(alice, document):
    first = export_json(import_document(json.dumps(document), get_catalogue))
    again = export_json(import_document(first, get_catalogue))
    assert again == first
    stored = create_roster(alice, json.loads(first))
    assert export_json(stored.document) == first


def test_plain_text_export(alice, alice_client):
    r = create_roster(alice, example("iron-and-honor-sundered-elve"))
    text = alice_client.get(reverse("roster-export-text", args=[r.pk])).content.decode()
    lines = text.splitlines()
    assert lines[0] == "Sundered Elve Warband (Iron & Honor)"
    assert (
        "Lady Eike - Hero, MA 4 RA 3 PD 5 WP 6 WO 5, Sword (1H Edged), Shield, Arcane Resistance, Slayer, "
        "Witch Hunter - 13 ExP" in lines
    )
    assert lines[-1] == "Total: 130 / 200 ExP; Medium game; Fate Pool 5; 5 models; legal"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '{"format": "muster.roster/1",\n "name": }',
            "the document: not JSON: Expecting value at line 2 column 10",
        ),
        ("[]", "the document: a roster document must be a JSON object"),
        (
            json.dumps({**example("iron-and-honor-sundered-elve"), "colour": "red"}),
            "colour: unknown key",
        ),
        (
            json.dumps(example("iron-and-honor-sundered-elve")).replace('"Reach"', '"Rech"', 1),
            "model 3, traits, entry 2: unknown trait &#x27;Rech&#x27; (at $.models[2].traits[1])",
        ),
        ("", "Choose a file or paste a roster."),
        (
            json.dumps({"format": "muster.supplement/1", "system": "brutality", "name": "Mine"}),
            "this is a supplement, not a roster: import it on the Supplements page",
        ),
    ],
)
def test_import_errors_name_the_line_or_path(text, message, alice, alice_client):
    response = alice_client.post(reverse("roster-import"), {"text": text})
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Roster.objects.filter(owner=alice).exists()


def test_import_refuses_more_than_one_megabyte(alice, alice_client):
    upload = SimpleUploadedFile("big.json", b" " * 1_000_001, content_type="application/json")
    response = alice_client.post(reverse("roster-import"), {"file": upload})
    assert response.status_code == 422
    assert "the limit is 1,000,000" in response.content.decode()


def test_a_system_without_an_editor_is_not_imported(alice, alice_client, monkeypatch):
    from rules.registry import SYSTEMS

    monkeypatch.setattr(SYSTEMS["beestwars"], "editor", None)
    response = alice_client.post(
        reverse("roster-import"), {"text": json.dumps(example("beestwars-clovis-300"))}
    )
    assert response.status_code == 422
    assert "Muster cannot edit The Denizens of the Beestwars rosters yet" in response.content.decode()


def test_a_file_saved_with_a_byte_order_mark_imports(alice, alice_client):
    # A roster file edited in Windows Notepad starts with a UTF-8 byte order mark.
    raw = b"\xef\xbb\xbf" + json.dumps(example("iron-and-honor-lantern-adventuring-co")).encode()
    upload = SimpleUploadedFile("lantern.json", raw, content_type="application/json")
    response = alice_client.post(reverse("roster-import"), {"file": upload})
    imported = Roster.objects.get(owner=alice)
    assert response["Location"] == reverse("roster-edit", args=[imported.pk])
    assert imported.document == example("iron-and-honor-lantern-adventuring-co")
