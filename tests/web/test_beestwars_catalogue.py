"""Beestwars rules data in the database: load_rules, the admin, and validate_roster."""

import json
from io import StringIO

import pytest
from django.contrib import admin
from django.core.management import call_command

from roster.rosters.catalogue import current_digest, get_catalogue
from roster.rosters.models import BeestwarsAbility, BeestwarsProfile
from tests.beestwars import EXAMPLE, roster

pytestmark = pytest.mark.django_db


def run(*args):
    out, err = StringIO(), StringIO()
    try:
        call_command("validate_roster", *map(str, args), stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue(), err.getvalue()


def test_load_rules_fills_the_beestwars_tables():
    assert BeestwarsProfile.objects.count() == 18
    assert BeestwarsAbility.objects.count() == 15
    assert BeestwarsProfile.objects.get(slug="aari-keeneye").points is None
    catalogue = get_catalogue("beestwars")
    assert catalogue.profile("Slewdaar Stone Hoof").points == 48
    assert catalogue.froth.starting == 5


def test_loading_twice_changes_nothing(capsys):
    before = current_digest("beestwars")
    call_command("load_rules", "beestwars")
    assert "beestwars: unchanged" in capsys.readouterr().out
    assert current_digest("beestwars") == before
    assert BeestwarsProfile.objects.count() == 18


def test_the_beestwars_tables_are_in_the_admin():
    for model in (BeestwarsProfile, BeestwarsAbility):
        assert admin.site.is_registered(model)


def test_an_admin_edit_of_a_profile_reaches_the_rules(admin_client):
    profile = BeestwarsProfile.objects.get(slug="aari-keeneye")
    url = f"/admin/roster/beestwarsprofile/{profile.pk}/change/"
    page = admin_client.get(url)
    assert page.status_code == 200
    form = page.context["adminform"].form
    data = {k: form.initial.get(k) for k in form.fields}
    data = {k: ("" if v is None else json.dumps(v) if isinstance(v, list) else v) for k, v in data.items()}
    data = {k: v for k, v in data.items() if v is not False}
    data.update(points=44, ruleset=profile.ruleset_id)
    response = admin_client.post(url, data)
    assert response.status_code == 302, response.content[:2000]
    edited = get_catalogue("beestwars").profile("Aari Keeneye")
    assert (edited.points, edited.toughness, edited.unique) == (44, None, True)


def test_validate_roster_reports_the_example_as_legal():
    code, out, err = run(EXAMPLE, "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["system"] == "beestwars"
    assert data["legal"] is True
    assert data["totals"]["cost"] == 257
    assert data["totals"]["limit"] == 300
    assert data["totals"]["unit"] == "points"
    assert data["totals"]["heroes"] == 3
    assert data["models"][3]["name"] == "Pell"
    assert data["models"][3]["cost"] == 20


def test_validate_roster_text_output():
    code, out, _ = run(EXAMPLE)
    assert code == 0
    assert "257 / 300 points - legal" in out


def test_validate_roster_exits_one_for_too_many_heroes(tmp_path):
    path = tmp_path / "heroes.json"
    doc = roster(250, "Chardos the Destroyer", "Carnithau the Reborn", "Slewdaar Stone Hoof")
    path.write_text(json.dumps(doc))
    code, out, _ = run(path, "--json")
    assert code == 1
    assert "beestwars.heroes.too-many" in {i["code"] for i in json.loads(out)["issues"]}


def test_validate_roster_names_an_unknown_profile(tmp_path):
    path = tmp_path / "dragon.json"
    path.write_text(json.dumps(roster(300, "Satyr", "Dragon")))
    code, out, err = run(path)
    assert (code, out) == (2, "")
    assert "$.models[1].profile: unknown profile 'Dragon'" in err
