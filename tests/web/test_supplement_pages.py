"""Supplement pages: create, fill what the rules data lacks, add homebrew, export/import,
share read-only, copy; access for the owner, a stranger and a link holder."""

from __future__ import annotations

import json

import pytest

from roster.supplements.models import Supplement
from roster.supplements.operations import create_supplement
from rules.supplement import read_supplement
from tests.supplements import RANGED, SUPPORT, brutality_supplement

pytestmark = pytest.mark.django_db


def new_supplement(client, system="brutality", name="My book"):
    response = client.post("/supplements/new/", {"system": system, "name": name})
    assert response.status_code == 302
    return Supplement.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def fill(values, prefix="classes__ranged"):
    out = {}
    for key, value in values.items():
        out[f"v__{prefix}__{key}"] = (
            {True: "yes", False: "no"}.get(value, value) if isinstance(value, bool) else value
        )
    return out


def test_the_form_lists_exactly_what_the_rules_data_lacks(alice_client):
    supplement = new_supplement(alice_client)
    page = alice_client.get(f"/supplements/{supplement.pk}/").content.decode()
    assert 'name="v__classes__ranged__FS"' in page
    assert 'name="v__upgrades__pistolier__Move"' in page
    assert 'name="v__model_abilities__clobber__summary"' in page
    assert 'name="v__classes__melee__FS"' not in page  # the book gives it
    assert "Ranged (class)" in page and "Add homebrew" in page


def test_saving_values_makes_a_new_version(alice_client):
    supplement = new_supplement(alice_client)
    post = {"name": "My book", **fill(RANGED), **fill(SUPPORT, "classes__support")}
    response = alice_client.post(f"/supplements/{supplement.pk}/", post)
    assert response.status_code == 302
    latest = supplement.latest
    assert latest.number == 2
    assert latest.data["values"]["classes"]["ranged"] == RANGED
    assert latest.data["values"]["classes"]["support"]["Armed"] is False
    again = alice_client.post(f"/supplements/{supplement.pk}/", post)
    assert again.status_code == 302 and supplement.latest.number == 2  # unchanged: no new version


def test_a_value_out_of_bounds_comes_back_at_its_field(alice_client):
    supplement = new_supplement(alice_client)
    response = alice_client.post(
        f"/supplements/{supplement.pk}/", {"name": "My book", "v__classes__ranged__FS": "12"}
    )
    assert response.status_code == 422
    page = response.content.decode()
    assert 'id="id_v__classes__ranged__FS-error"' in page
    assert "at most 8" in page
    assert 'value="12"' in page  # what was typed is kept
    assert supplement.latest.number == 1


def test_adding_and_removing_homebrew(alice_client):
    supplement = new_supplement(alice_client)
    post = {"name": "My book", **{f"h__classes__{k}": v for k, v in {**RANGED, "name": "Gunner"}.items()}}
    post["h__classes__Armed"] = "yes"
    post["h__model_traits__name"] = "Eagle Eye"
    post["h__model_traits__summary"] = "Sees far."
    post["h__model_traits__mod_Dex"] = "1"
    assert alice_client.post(f"/supplements/{supplement.pk}/", post).status_code == 302
    homebrew = supplement.latest.data["homebrew"]
    assert homebrew["classes"][0]["name"] == "Gunner"
    assert homebrew["model_traits"][0]["modifiers"] == {"Dex": 1}
    removed = alice_client.post(
        f"/supplements/{supplement.pk}/", {"name": "My book", "remove__classes__0": "on"}
    )
    assert removed.status_code == 302
    assert "classes" not in supplement.latest.data.get("homebrew", {})
    assert supplement.latest.number == 3


def test_homebrew_with_a_book_name_is_refused_at_the_form(alice_client):
    supplement = new_supplement(alice_client)
    post = {"name": "My book", **{f"h__classes__{k}": v for k, v in {**RANGED, "name": "Melee"}.items()}}
    post["h__classes__Armed"] = "yes"
    response = alice_client.post(f"/supplements/{supplement.pk}/", post)
    assert response.status_code == 422
    assert "names both" in response.content.decode()


def test_export_and_import_round_trip(alice_client):
    supplement = new_supplement(alice_client)
    alice_client.post(f"/supplements/{supplement.pk}/", {"name": "My book", **fill(RANGED)})
    exported = alice_client.get(f"/supplements/{supplement.pk}/export.json")
    assert exported["Content-Type"].startswith("application/json")
    data = json.loads(exported.content)
    assert data["format"] == "muster.supplement/1"
    response = alice_client.post("/supplements/import/", {"text": exported.content.decode()})
    assert response.status_code == 302
    assert Supplement.objects.filter(owner__username="alice").count() == 2
    assert read_supplement(Supplement.objects.order_by("-pk").first().latest.data) == read_supplement(data)


def test_a_bad_import_says_where_and_keeps_the_text(alice_client):
    bad = brutality_supplement()
    bad["values"]["classes"]["Melee"] = {"FS": 2}
    response = alice_client.post("/supplements/import/", {"text": json.dumps(bad)})
    assert response.status_code == 422
    page = response.content.decode()
    assert "$.values.classes.Melee.FS" in page and "already gives" in page
    assert Supplement.objects.count() == 0


def test_a_roster_given_to_the_supplement_import_is_named_as_one(alice_client):
    from tests.ih import example

    response = alice_client.post(
        "/supplements/import/", {"text": json.dumps(example("iron-and-honor-sundered-elve"))}
    )
    assert response.status_code == 422
    assert "this is a roster, not a supplement" in response.content.decode()


def test_it_returns_404_to_strangers(alice_client, bob_client):
    supplement = new_supplement(alice_client)
    assert bob_client.get(f"/supplements/{supplement.pk}/").status_code == 404
    assert bob_client.get(f"/supplements/{supplement.pk}/export.json").status_code == 404
    assert bob_client.post(f"/supplements/{supplement.pk}/share/").status_code == 404


def test_a_shared_link_is_read_only_and_can_be_copied(alice_client, bob_client, anon_client):
    supplement = new_supplement(alice_client)
    alice_client.post(f"/supplements/{supplement.pk}/", {"name": "My book", **fill(RANGED)})
    alice_client.post(f"/supplements/{supplement.pk}/share/")
    supplement.refresh_from_db()
    url = f"/supplements/s/{supplement.share_token}/"
    page = anon_client.get(url)
    assert page.status_code == 200 and "ranged" in page.content.decode()
    assert 'name="v__' not in page.content.decode()  # nothing to edit
    copied = bob_client.post(url + "copy/")
    assert copied.status_code == 302
    mine = Supplement.objects.get(owner__username="bob")
    assert mine.copied_from == supplement
    assert mine.latest.data["values"] == supplement.latest.data["values"]
    alice_client.post(f"/supplements/{supplement.pk}/share/revoke/")
    assert anon_client.get(url).status_code == 404


def test_the_form_shows_the_stored_values_whatever_name_keys_them(alice_client, alice):
    supplement = create_supplement(alice, read_supplement(brutality_supplement()))  # keyed "Ranged"
    page = alice_client.get(f"/supplements/{supplement.pk}/").content.decode()
    assert 'name="v__classes__ranged__FS" value="3"' in page


def test_a_beestwars_supplement_fills_profiles_and_adds_one(alice_client):
    supplement = new_supplement(alice_client, "beestwars", "Beest notes")
    page = alice_client.get(f"/supplements/{supplement.pk}/").content.decode()
    assert 'name="v__profiles__satyr__defense"' in page
    assert 'name="v__profiles__satyr__might"' not in page  # the book gives Might
    post = {
        "name": "Beest notes",
        "v__profiles__satyr__defense": "-1",
        "v__profiles__aari-keeneye__points": "30",
    }
    troll = {"name": "Moss Troll", "faction": "Clovis", "skill": 10, "might": 3, "toughness": 12}
    post.update(
        {f"h__profiles__{k}": v for k, v in {**troll, "movement": 4, "defense": -1, "points": 40}.items()}
    )
    assert alice_client.post(f"/supplements/{supplement.pk}/", post).status_code == 302
    data = supplement.latest.data
    assert data["values"]["profiles"]["satyr"] == {"defense": -1}
    assert data["homebrew"]["profiles"][0]["name"] == "Moss Troll"


def test_a_missing_homebrew_value_is_named_at_its_field(alice_client):
    supplement = new_supplement(alice_client, "beestwars", "Beest notes")
    post = {"name": "Beest notes", "h__profiles__name": "Moss Troll", "h__profiles__faction": "Clovis"}
    response = alice_client.post(f"/supplements/{supplement.pk}/", post)
    assert response.status_code == 422
    page = response.content.decode()
    assert 'id="id_h__profiles__skill-error"' in page
    assert '<details class="supplement-add" open>' in page  # the entry being added stays open
    assert 'value="Moss Troll"' in page


def test_an_iron_and_honor_supplement_adds_a_homebrew_trait(alice_client):
    supplement = new_supplement(alice_client, "iron-and-honor", "House rules")
    page = alice_client.get(f"/supplements/{supplement.pk}/").content.decode()
    assert "gives every value a roster needs" in page
    post = {
        "name": "House rules",
        "h__traits__name": "Lucky Charm",
        "h__traits__category": "common",
        "h__traits__cost": "3",
        "h__traits__summary": "Reroll one die a game.",
    }
    assert alice_client.post(f"/supplements/{supplement.pk}/", post).status_code == 302
    assert supplement.latest.data["homebrew"]["traits"][0]["cost"] == 3


def test_a_player_keeps_at_most_fifty_supplements(alice_client, alice):
    from roster.rosters.views.supplements import MAX_SUPPLEMENTS_PER_USER

    for n in range(MAX_SUPPLEMENTS_PER_USER):
        create_supplement(alice, read_supplement(brutality_supplement(f"Book {n}")))
    response = alice_client.post("/supplements/new/", {"system": "brutality", "name": "One more"})
    assert response.status_code == 422
    assert "as many as Muster keeps" in response.content.decode()
    imported = alice_client.post("/supplements/import/", {"text": json.dumps(brutality_supplement())})
    assert imported.status_code == 422
    assert Supplement.objects.filter(owner=alice).count() == MAX_SUPPLEMENTS_PER_USER


def form_values(page):
    """What a browser would post from the supplement form: every named input, select
    and ticked box with its current value."""
    from html.parser import HTMLParser

    form = page[
        page.index('class="supplement-form"') : page.index("</form>", page.index('class="supplement-form"'))
    ]
    values: dict[str, str] = {}

    class Reader(HTMLParser):
        select: str | None = None

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if tag == "input" and a.get("name") and (a.get("type") != "checkbox" or "checked" in a):
                values[a["name"]] = a.get("value") or ""
            elif tag == "select":
                self.select = a.get("name")
                values.setdefault(self.select, "")
            elif tag == "option" and self.select and "selected" in a:
                values[self.select] = a.get("value") or ""

        def handle_endtag(self, tag):
            if tag == "select":
                self.select = None

    Reader().feed(form)
    values.pop("csrfmiddlewaretoken", None)
    return values


def test_a_homebrew_entry_is_changed_in_place(alice_client):
    supplement = new_supplement(alice_client)
    post = {"name": "My book", **{f"h__classes__{k}": v for k, v in {**RANGED, "name": "Gunner"}.items()}}
    post.update(
        {"h__classes__Armed": "yes", "h__model_traits__name": "Eagle Eye", "h__model_traits__mod_Dex": "1"}
    )
    post["h__model_traits__summary"] = "Sees far."
    assert alice_client.post(f"/supplements/{supplement.pk}/", post).status_code == 302
    page = alice_client.get(f"/supplements/{supplement.pk}/").content.decode()
    assert "Change Gunner (homebrew class)" in page
    values = form_values(page)
    assert values["e__classes__0__FS"] == str(RANGED["FS"])  # the stored values, ready to change
    assert values["e__model_traits__0__mod_Dex"] == "1"
    values.update(
        {"e__classes__0__FS": "6", "e__classes__0__name": "Long Gunner", "e__model_traits__0__mod_Dex": ""}
    )
    values["e__model_traits__0__mod_Will"] = "2"
    assert alice_client.post(f"/supplements/{supplement.pk}/", values).status_code == 302
    homebrew = supplement.latest.data["homebrew"]
    assert [c["name"] for c in homebrew["classes"]] == ["Long Gunner"]
    assert homebrew["classes"][0]["FS"] == 6 and homebrew["classes"][0]["Move"] == RANGED["Move"]
    assert homebrew["model_traits"][0]["modifiers"] == {"Will": 2}
    assert supplement.latest.number == 3


def test_a_bad_value_in_a_homebrew_entry_comes_back_at_its_field(alice_client):
    supplement = new_supplement(alice_client)
    post = {"name": "My book", **{f"h__classes__{k}": v for k, v in {**RANGED, "name": "Gunner"}.items()}}
    post["h__classes__Armed"] = "yes"
    alice_client.post(f"/supplements/{supplement.pk}/", post)
    values = form_values(alice_client.get(f"/supplements/{supplement.pk}/").content.decode())
    values["e__classes__0__FS"] = "99"
    response = alice_client.post(f"/supplements/{supplement.pk}/", values)
    assert response.status_code == 422
    page = response.content.decode()
    assert 'id="id_e__classes__0__FS-error"' in page
    assert 'value="99"' in page  # what was typed stays
    assert (
        supplement.latest.number == 2
        and supplement.latest.data["homebrew"]["classes"][0]["FS"] == RANGED["FS"]
    )


def test_a_rules_line_is_a_text_field_and_is_saved(alice_client):
    """ "Rules (one line)" takes text: the Brutality classes' and abilities' summaries are
    text fields (the schema's string constraint once read as a number field)."""
    supplement = new_supplement(alice_client)
    page = alice_client.get(f"/supplements/{supplement.pk}/").content.decode()
    for name in ("h__classes__summary", "h__upgrades__summary", "v__model_abilities__clobber__summary"):
        field = page[page.index(f'name="{name}"') - 200 : page.index(f'name="{name}"') + 100]
        assert 'type="text"' in field, name
    values = form_values(page)
    values["v__model_abilities__clobber__summary"] = "Hits hard, knocks down."
    assert alice_client.post(f"/supplements/{supplement.pk}/", values).status_code == 302
    assert (
        supplement.latest.data["values"]["model_abilities"]["clobber"]["summary"] == "Hits hard, knocks down."
    )


def test_what_changed_between_versions_is_said_in_the_books_words():
    from roster.supplements.changes import version_changes

    # As stored: each version names its system, whose words these are.
    old = {"system": "brutality", "name": "My book", "values": {"classes": {"ranged": {"FS": 3}}}}
    new = {
        "system": "brutality",
        "name": "My book",
        "values": {"classes": {"ranged": {"FS": 4}, "support": {"Armed": False}}},
        "homebrew": {"model_traits": [{"name": "Eagle Eye", "summary": "Sees far."}]},
    }
    assert version_changes(old, new) == [
        "Ranged (class) FS: 3 -> 4",
        "Support (class) Armed in Melee: no (new)",
        "homebrew Model Trait Eagle Eye added",
    ]
    assert version_changes(new, new) == []


def test_the_contents_name_each_table_as_the_book_does(alice_client):
    supplement = new_supplement(alice_client)
    post = {"name": "My book", "h__model_traits__name": "Eagle Eye", "h__model_traits__summary": "Sees far."}
    assert alice_client.post(f"/supplements/{supplement.pk}/", post).status_code == 302
    alice_client.post(f"/supplements/{supplement.pk}/share/")
    page = alice_client.get(f"/supplements/s/{Supplement.objects.get(pk=supplement.pk).share_token}/")
    html = page.content.decode()
    assert "<h3>Model Traits</h3>" in html and "Modeltraits" not in html
