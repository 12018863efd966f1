"""A broken rules data file fails loudly, naming the file and the field."""

import json

import pytest

from rules.iron_honor import SYSTEM
from rules.system import CatalogueError
from tests.ih import ROOT


def broken(tmp_path, mutate):
    data = json.loads((ROOT / "fixtures" / "iron-and-honor.json").read_text())
    mutate(data)
    path = tmp_path / "iron-and-honor.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CatalogueError) as info:
        SYSTEM.read_catalogue_file(path)
    return str(info.value)


def test_the_shipped_data_is_valid():
    catalogue = SYSTEM.read_catalogue_file(ROOT / "fixtures" / "iron-and-honor.json")
    assert len(catalogue.traits) == 50
    assert len(catalogue.skills) == 10


def test_a_wrong_type_names_file_and_field(tmp_path):
    message = broken(tmp_path, lambda d: d["traits"][3].update(cost="five"))
    assert "iron-and-honor.json" in message
    assert "$.traits[3].cost" in message


def test_an_unknown_key_is_refused(tmp_path):
    message = broken(tmp_path, lambda d: d["skills"][0].update(colour="red"))
    assert "$.skills[0].colour" in message


def test_two_entries_may_not_share_a_name(tmp_path):
    message = broken(tmp_path, lambda d: d["traits"][1].update(aliases=["Arcane Armor"]))
    assert "arcane armor" in message


def test_unreadable_json_names_the_file(tmp_path):
    path = tmp_path / "iron-and-honor.json"
    path.write_text("{not json")
    with pytest.raises(CatalogueError) as info:
        SYSTEM.read_catalogue_file(path)
    assert str(path) in str(info.value)


@pytest.mark.parametrize(
    ("slug", "cost"),
    [
        ("large", 7),
        ("monstrous", 5),
        ("good-karma", 7),
        ("gargantuan", 10),
        ("witch-hunter", 3),
        ("ambush", 4),
        ("infiltration", 7),
    ],
)
def test_decided_trait_costs(slug, cost):
    # docs/rules-decisions.md: the trait entries (pp.23-29) win over the summary tables (pp.51-52).
    assert SYSTEM.read_catalogue_file(ROOT / "fixtures" / "iron-and-honor.json").trait(slug).cost == cost
