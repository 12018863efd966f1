"""load_rules: validated, idempotent, visible in the admin, and versioned by digest."""

import json

import pytest
from django.contrib import admin
from django.core.management import CommandError, call_command

from roster.catalogue import current_digest, get_catalogue, refresh_digest
from roster.models import IronHonorSkill, IronHonorTrait, RuleSetVersion
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
