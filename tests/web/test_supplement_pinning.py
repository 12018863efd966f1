"""A roster uses one supplement of its system at a pinned version: the editor, the shared
page, the sheet, the text and JSON exports use it; a newer version waits for the owner."""

from __future__ import annotations

import json

import pytest

from roster.rosters.models import Roster, ShareLink
from roster.rosters.operations import create_roster
from roster.supplements.models import Supplement
from roster.supplements.operations import create_supplement, save_version
from roster.supplements.pins import pinned_version
from rules.supplement import read_supplement
from tests.supplements import RANGED, brutality_roster, brutality_supplement
from tests.web.pdf import text

pytestmark = pytest.mark.django_db

MODELS = [
    {"name": "Ann", "class": "Ranged", "leader": True},
    {"name": "Bo", "class": "Ranged"},
    {"name": "Cy", "class": "Support"},
    {"name": "Di", "class": "Melee"},
    {"name": "Ed", "class": "Fast"},
    {"name": "Flo", "class": "Melee"},
]


@pytest.fixture
def book(alice):
    return create_supplement(alice, read_supplement(brutality_supplement()))


@pytest.fixture
def posse(alice):
    return create_roster(alice, brutality_roster(MODELS, limit=6))


def choose(client, roster, supplement):
    return client.post(
        f"/rosters/{roster.pk}/supplement/", {"supplement": supplement.pk if supplement else ""}
    )


def test_choosing_a_supplement_pins_its_latest_version(alice_client, posse, book):
    page = alice_client.get(f"/rosters/{posse.pk}/supplement/").content.decode()
    assert "My Brutality book" in page
    assert choose(alice_client, posse, book).status_code == 302
    assert pinned_version(posse) == book.latest
    editor = alice_client.get(f"/rosters/{posse.pk}/").content.decode()
    assert "Supplement: <strong>My Brutality book</strong>, version 1" in editor
    assert "from supplement My Brutality book" in editor  # the issue list names the values as the player's
    assert "not in Muster&#x27;s copy of the book" not in editor
    posse.refresh_from_db()
    assert posse.summary["legal"] is True


def test_only_the_owners_supplements_of_the_rosters_system_are_offered(alice_client, bob, posse):
    theirs = create_supplement(bob, read_supplement(brutality_supplement("Bob's")))
    other = {"format": "muster.supplement/1", "system": "beestwars", "name": "Beests"}
    create_supplement(posse.owner, read_supplement(other))
    page = alice_client.get(f"/rosters/{posse.pk}/supplement/").content.decode()
    assert "Bob&#x27;s" not in page and "Beests" not in page
    assert choose(alice_client, posse, theirs).status_code == 422
    assert pinned_version(posse) is None


def test_a_new_version_waits_until_the_owner_accepts_it(alice_client, posse, book):
    choose(alice_client, posse, book)
    changed = brutality_supplement()
    changed["values"]["classes"]["Ranged"]["FS"] = 4
    save_version(book, read_supplement(changed))
    assert pinned_version(posse).number == 1
    report = json.loads(alice_client.get(f"/rosters/{posse.pk}/export.json").content)
    assert report["supplement"]["values"]["classes"]["Ranged"]["FS"] == 3  # still the pinned version
    editor = alice_client.get(f"/rosters/{posse.pk}/").content.decode()
    assert "Version 2 is available" in editor
    page = alice_client.get(f"/rosters/{posse.pk}/supplement/").content.decode()
    assert "Ranged (class) FS: 3 -&gt; 4" in page
    assert alice_client.post(f"/rosters/{posse.pk}/supplement/accept/").status_code == 302
    assert pinned_version(posse).number == 2
    assert "Version 2 is available" not in alice_client.get(f"/rosters/{posse.pk}/").content.decode()


def test_a_shared_roster_shows_the_values_of_its_pinned_version(alice_client, anon_client, posse, book):
    choose(alice_client, posse, book)
    link = ShareLink.objects.create(roster=posse)
    changed = brutality_supplement()
    changed["values"]["classes"]["Ranged"]["FS"] = 6
    save_version(book, read_supplement(changed))
    page = anon_client.get(f"/s/{link.token}/").content.decode()
    assert "Fighting Skill 3" in page and "Fighting Skill 6" not in page
    assert "Supplement My Brutality book, version 1" in page
    assert "FS 3" in page and "FS 6" not in page  # the values it used, frozen at its version
    pdf = text(anon_client.get(f"/s/{link.token}/sheet.pdf").content)
    assert "With supplement My Brutality book" in pdf
    assert "Fighting Skill: 3" in pdf and "Fighting Skill: 6" not in pdf


def test_the_sheet_and_text_mark_the_supplement_values(alice_client, posse, book):
    choose(alice_client, posse, book)
    pdf = text(alice_client.get(f"/rosters/{posse.pk}/sheet.pdf").content)
    assert "† from supplement My Brutality book, the player's values, not checked against the book" in pdf
    plain = alice_client.get(f"/rosters/{posse.pk}/export.txt").content.decode()
    assert "from supplement My Brutality book, the player's values, not checked" in plain


def test_a_models_own_value_still_wins_in_the_editor(alice_client, alice, book):
    models = [dict(MODELS[0], supplied={"HP": 5}), *MODELS[1:]]
    roster = create_roster(alice, brutality_roster(models, limit=6))
    choose(alice_client, roster, book)
    from roster.rosters.evaluation import evaluate_roster

    ann = evaluate_roster(roster).report.models[0].derived
    hp = next(s for s in ann["stats"] if s["key"] == "HP")
    assert (hp["value"], hp["source"]) == (5, "player")
    fs = next(s for s in ann["stats"] if s["key"] == "FS")
    assert fs["source"] == "supplement"


def test_export_then_import_brings_the_supplement_along(alice_client, bob_client, posse, book):
    choose(alice_client, posse, book)
    exported = alice_client.get(f"/rosters/{posse.pk}/export.json").content.decode()
    response = bob_client.post("/rosters/import/", {"text": exported})
    assert response.status_code == 302
    theirs = Roster.objects.get(owner__username="bob")
    version = pinned_version(theirs)
    assert version.supplement.owner.username == "bob"
    assert version.digest == book.latest.digest
    assert theirs.summary == Roster.objects.get(pk=posse.pk).summary
    again = bob_client.post("/rosters/import/", {"text": exported})
    assert again.status_code == 302
    assert Supplement.objects.filter(owner__username="bob").count() == 1  # the same content is reused


def test_copying_a_shared_roster_keeps_its_supplement(alice_client, bob_client, posse, book):
    choose(alice_client, posse, book)
    link = ShareLink.objects.create(roster=posse)
    assert bob_client.post(f"/s/{link.token}/copy/").status_code == 302
    copy = Roster.objects.get(owner__username="bob")
    assert pinned_version(copy).digest == book.latest.digest


def test_choosing_none_drops_the_supplement(alice_client, posse, book):
    choose(alice_client, posse, book)
    choose(alice_client, posse, None)
    assert pinned_version(posse) is None
    posse.refresh_from_db()
    editor = alice_client.get(f"/rosters/{posse.pk}/").content.decode()
    assert "No supplement: the book's values only." in editor


def test_the_roster_supplement_page_is_the_owners_only(bob_client, posse):
    assert bob_client.get(f"/rosters/{posse.pk}/supplement/").status_code == 404
    assert bob_client.post(f"/rosters/{posse.pk}/supplement/accept/").status_code == 404


def test_a_supplement_the_rules_data_outgrew_is_set_aside_with_a_warning(alice_client, posse, book):
    choose(alice_client, posse, book)
    version = book.latest
    version.data["values"]["classes"]["Melee"] = dict(RANGED)  # the book gives Melee's line
    version.digest = "0" * 64  # as a stored version the rules data outgrew would read
    version.save()
    editor = alice_client.get(f"/rosters/{posse.pk}/")
    assert editor.status_code == 200
    assert "no longer fits the rules data" in editor.content.decode()


def test_the_editor_offers_and_prices_a_homebrew_class(alice_client, alice):
    line = {"name": "Gunner", "Move": 5, "FS": 3, "Dex": 4, "HP": 2, "Will": 3, "Atk": 1, "Save": 4}
    data = brutality_supplement(homebrew={"classes": [{**line, "Armed": True, "Powers": 0}]})
    supplement = create_supplement(alice, read_supplement(data))
    roster = create_roster(alice, brutality_roster([{"name": "Gil", "class": "Gunner", "leader": True}]))
    choose(alice_client, roster, supplement)
    card = alice_client.get(f"/rosters/{roster.pk}/models/0/").content.decode()
    assert '<option value="Gunner" selected>Gunner</option>' in card  # the card's class select
    assert "Gunner is homebrew from supplement My Brutality book" in card
    assert (
        "homebrew (not in the book): Gunner"
        in alice_client.get(f"/rosters/{roster.pk}/export.txt").content.decode()
    )
    roster.refresh_from_db()
    assert roster.summary["cost"] == 1
    # "Add a model" offers it too, after the book's four classes, marked as the player's.
    editor = alice_client.get(f"/rosters/{roster.pk}/").content.decode()
    add = editor[editor.index('id="add-kind"') :].split("</select>")[0]
    assert add.index(">Support<") < add.index('<option value="gunner">Gunner †</option>')
    added = alice_client.post(
        f"/rosters/{roster.pk}/models/add/", {"revision": roster.revision, "kind": "gunner"}
    )
    assert added.status_code == 302
    roster.refresh_from_db()
    assert [m["class"] for m in roster.document["models"]] == ["Gunner", "Gunner"]


def test_the_export_validates_to_the_fingerprint_the_shared_page_prints(
    alice_client, anon_client, posse, book, tmp_path
):
    from tests.web.test_validate_roster import run, write

    choose(alice_client, posse, book)
    link = ShareLink.objects.create(roster=posse)
    exported = alice_client.get(f"/rosters/{posse.pk}/export.json").content.decode()
    code, out, _ = run(write(tmp_path, exported), "--json")
    assert code == 0
    fingerprint = json.loads(out)["fingerprint"]
    assert fingerprint in anon_client.get(f"/s/{link.token}/").content.decode()
    assert fingerprint in text(anon_client.get(f"/s/{link.token}/sheet.pdf").content)


def test_old_versions_no_roster_pins_are_dropped(alice_client, posse, book):
    from roster.supplements.models import KEPT_VERSIONS

    choose(alice_client, posse, book)  # pins version 1
    for n in range(KEPT_VERSIONS + 5):
        changed = brutality_supplement()
        changed["values"]["classes"]["Ranged"]["Move"] = 1 + n % 30
        changed["values"]["classes"]["Ranged"]["Atk"] = 1 + n // 30
        save_version(book, read_supplement(changed))
    numbers = sorted(book.versions.values_list("number", flat=True))
    assert len(numbers) == KEPT_VERSIONS + 1
    assert numbers[0] == 1  # pinned: kept
    assert numbers[-1] == KEPT_VERSIONS + 6
    assert pinned_version(posse).number == 1


def test_the_open_model_and_the_shared_page_mark_supplement_stats_as_the_players(alice_client, posse, book):
    choose(alice_client, posse, book)
    card = alice_client.get(f"/rosters/{posse.pk}/models/0/").content.decode()  # Ann, Ranged
    assert "title=\"From supplement My Brutality book: the player's value" in card
    assert 'id="m0-stat-FS" class="player"' in card
    assert "† from supplement My Brutality book" in card
    link = ShareLink.objects.create(roster=posse)
    shared = alice_client.get(f"/s/{link.token}/").content.decode()
    assert "† from supplement My Brutality book" in shared


def test_a_beestwars_card_marks_supplement_values_as_the_players(alice, alice_client):
    data = {
        "format": "muster.supplement/1",
        "system": "beestwars",
        "name": "My Beestwars book",
        "values": {"profiles": {"Minotaur Warrior (Two Weapons)": {"toughness": 9}}},
    }
    beests = create_supplement(alice, read_supplement(data))
    document = {
        "format": "muster.roster/1",
        "system": "beestwars",
        "name": "Horns",
        "options": {"points_limit": 300},
        "models": [{"profile": "Minotaur Warrior (Two Weapons)"}],
    }
    roster = create_roster(alice, document)
    choose(alice_client, roster, beests)
    card = alice_client.get(f"/rosters/{roster.pk}/models/0/").content.decode()
    marked = '<span class="player" title="from the roster\'s supplement: the player\'s value, not checked">'
    assert f"{marked}9†</span>" in card
    assert "</span> from supplement My Beestwars book: your values" in card
