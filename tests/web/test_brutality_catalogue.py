"""load_rules loads the Brutality rules data: tables, admin, idempotent, nulls kept."""

import pytest
from django.contrib import admin
from django.core.management import call_command

from roster.rosters.catalogue import current_digest, get_catalogue
from roster.rosters.models import (
    BrutalityClass,
    BrutalityModelAbility,
    BrutalityModelTrait,
    BrutalityPower,
    BrutalityUpgrade,
    RuleSet,
)
from roster.rosters.operations import refresh_digest

pytestmark = pytest.mark.django_db


def test_the_catalogue_tables_hold_the_rules_data():
    assert BrutalityClass.objects.count() == 4
    assert BrutalityUpgrade.objects.count() == 3
    assert BrutalityModelTrait.objects.count() == 8
    assert BrutalityModelAbility.objects.count() == 12
    assert BrutalityPower.objects.count() == 10
    assert BrutalityUpgrade.objects.get(slug="berserker").Save == 3
    assert RuleSet.objects.get(system="brutality").settings["points"]["upgraded"] == 1.5


def test_unknown_values_stay_null_in_the_database():
    ranged = BrutalityClass.objects.get(slug="ranged")
    assert (ranged.Move, ranged.FS, ranged.Armed, ranged.Powers) == (None, None, None, None)
    assert get_catalogue("brutality").model_class("Ranged").HP is None
    assert get_catalogue("brutality").ability("Clobber").summary is None


def test_loading_twice_changes_nothing(capsys):
    before = current_digest("brutality")
    call_command("load_rules", "brutality")
    assert "brutality: unchanged" in capsys.readouterr().out
    assert current_digest("brutality") == before
    assert get_catalogue("brutality") == get_catalogue("brutality")


def test_an_edit_reaches_the_catalogue():
    BrutalityModelTrait.objects.filter(slug="plus-2-movement").update(modifiers={"Move": 3})
    refresh_digest("brutality")
    assert get_catalogue("brutality").trait("+2 Movement").modifiers == {"Move": 3}


def test_catalogue_tables_are_in_the_admin(admin_client):
    for model in (
        BrutalityClass,
        BrutalityUpgrade,
        BrutalityModelTrait,
        BrutalityModelAbility,
        BrutalityPower,
    ):
        assert admin.site.is_registered(model)
        name = model._meta.model_name
        assert admin_client.get(f"/admin/roster/{name}/").status_code == 200
    berserker = BrutalityUpgrade.objects.get(slug="berserker")
    assert admin_client.get(f"/admin/roster/brutalityupgrade/{berserker.pk}/change/").status_code == 200
