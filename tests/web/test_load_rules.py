"""load_rules: validated, idempotent, visible in the admin, and versioned by digest."""

import json

import pytest
from django.contrib import admin
from django.core.management import CommandError, call_command

from roster.rosters.catalogue import current_digest, get_catalogue
from roster.rosters.models import IronHonorSkill, IronHonorTrait, RuleSetVersion
from roster.rosters.operations import refresh_digest
from rules.system import CatalogueError

pytestmark = pytest.mark.django_db


def test_the_catalogue_tables_hold_the_rules_data():
    assert IronHonorTrait.objects.count() == 50
    assert IronHonorSkill.objects.get(slug="2h-edged").cost == 3
    assert get_catalogue("iron-and-honor").trait("Large").cost == 7


def test_loading_twice_changes_nothing(capsys):
    before = current_digest("iron-and-honor")
    call_command("load_rules")
    assert "unchanged" in capsys.readouterr().out
    assert current_digest("iron-and-honor") == before
    assert IronHonorTrait.objects.count() == 50


def test_an_edit_changes_the_digest_and_keeps_a_snapshot():
    before = current_digest("iron-and-honor")
    IronHonorTrait.objects.filter(slug="tough").update(cost=5)
    after = refresh_digest("iron-and-honor")
    assert after != before
    assert get_catalogue("iron-and-honor").trait("tough").cost == 5
    assert RuleSetVersion.objects.filter(system="iron-and-honor", digest=before).exists()
    assert RuleSetVersion.objects.get(digest=after).data["traits"][-3]["cost"] == 5


def test_an_edit_that_breaks_the_schema_is_refused():
    IronHonorTrait.objects.filter(slug="tough").update(category="legendary")
    with pytest.raises(CatalogueError) as info:
        refresh_digest("iron-and-honor")
    assert "category" in str(info.value)


def test_a_broken_data_file_fails_loudly(tmp_path, settings):
    data = json.loads((settings.MUSTER_FIXTURES_DIR / "iron-and-honor.json").read_text())
    data["skills"][2]["cost"] = "three"
    (tmp_path / "iron-and-honor.json").write_text(json.dumps(data))
    settings.MUSTER_FIXTURES_DIR = tmp_path
    with pytest.raises(CommandError) as info:
        call_command("load_rules")
    assert "iron-and-honor.json" in str(info.value)
    assert "$.skills[2].cost" in str(info.value)
    assert IronHonorSkill.objects.get(slug="2h-edged").cost == 3


def test_catalogue_tables_are_in_the_admin():
    for model in (IronHonorTrait, IronHonorSkill):
        assert admin.site.is_registered(model)


def test_admin_edit_bumps_the_digest(admin_client):
    before = current_digest("iron-and-honor")
    trait = IronHonorTrait.objects.get(slug="swift")
    url = f"/admin/roster/ironhonortrait/{trait.pk}/change/"
    page = admin_client.get(url)
    assert page.status_code == 200
    form = page.context["adminform"].form
    data = {k: form.initial.get(k) for k in form.fields}
    data = {k: ("" if v is None else json.dumps(v) if isinstance(v, list) else v) for k, v in data.items()}
    data.update(cost=5, ruleset=trait.ruleset_id)
    response = admin_client.post(url, data)
    assert response.status_code == 302, response.content[:2000]
    assert current_digest("iron-and-honor") != before
    assert get_catalogue("iron-and-honor").trait("swift").cost == 5


def test_an_admin_edit_is_shown_not_reverted_by_load_rules(admin_client):
    """The database holds the rules data; the file is the reviewed seed. load_rules after
    an admin edit lists the difference and changes nothing until --replace."""
    IronHonorTrait.objects.filter(slug="swift").update(cost=5)
    edited = refresh_digest("iron-and-honor")
    with pytest.raises(CommandError) as info:
        call_command("load_rules", "iron-and-honor")
    message = str(info.value)
    assert "traits swift: cost 5 in the database, 4 in the file" in message
    assert "load_rules --replace iron-and-honor" in message
    assert current_digest("iron-and-honor") == edited
    assert get_catalogue("iron-and-honor").trait("swift").cost == 5


def test_load_rules_replace_brings_the_seed_back_as_a_new_version(capsys):
    seed = current_digest("iron-and-honor")
    IronHonorTrait.objects.filter(slug="swift").update(cost=5)
    refresh_digest("iron-and-honor")
    call_command("load_rules", "iron-and-honor", "--replace")
    assert "iron-and-honor: loaded" in capsys.readouterr().out
    assert current_digest("iron-and-honor") == seed
    assert get_catalogue("iron-and-honor").trait("swift").cost == 4
    call_command("load_rules", "iron-and-honor")  # the seed again: nothing to ask
    assert "iron-and-honor: unchanged" in capsys.readouterr().out


def test_a_file_that_took_in_the_admin_edit_loads_without_asking(tmp_path, settings, capsys):
    IronHonorTrait.objects.filter(slug="swift").update(cost=5)
    edited = refresh_digest("iron-and-honor")
    data = json.loads((settings.MUSTER_FIXTURES_DIR / "iron-and-honor.json").read_text())
    next(t for t in data["traits"] if t["slug"] == "swift")["cost"] = 5
    (tmp_path / "iron-and-honor.json").write_text(json.dumps(data))
    settings.MUSTER_FIXTURES_DIR = tmp_path
    call_command("load_rules", "iron-and-honor")
    assert "iron-and-honor: unchanged" in capsys.readouterr().out
    assert current_digest("iron-and-honor") == edited
    IronHonorTrait.objects.filter(slug="swift").update(cost=6)
    refresh_digest("iron-and-honor")
    with pytest.raises(CommandError):  # a later edit is an edit again
        call_command("load_rules", "iron-and-honor")


def test_the_brutality_prices_shown_are_the_rules_data(alice_client, alice):
    """The model card and the options say the prices of the rules data, not copies."""
    from roster.rosters.models import RuleSet
    from tests.web.brutality_cast import reavers

    warband = reavers(alice)
    ruleset = RuleSet.objects.get(system="brutality")
    ruleset.settings = {**ruleset.settings, "points": {**ruleset.settings["points"], "upgraded": 2}}
    ruleset.save()
    refresh_digest("brutality")
    card = alice_client.get(f"/rosters/{warband.pk}/models/0/").content.decode()
    assert "(2 points instead of 1)" in card
    options = alice_client.get(f"/rosters/{warband.pk}/").content.decode()
    assert "Basic 1, Upgraded 2;" in options
