"""manage.py validate_roster reports Brutality rosters like any other; costs are exact halves."""

import json

import pytest

from tests.brutality import EXAMPLES, leader, model, roster
from tests.web.test_validate_roster import run, write

pytestmark = pytest.mark.django_db
EXAMPLE = EXAMPLES / "brutality-moderate-points.json"


def test_the_example_is_legal_at_four_and_a_half_points():
    code, out, err = run(EXAMPLE, "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["legal"] is True
    assert data["system"] == "brutality"
    assert data["totals"]["cost"] == 4.5
    assert data["totals"]["limit"] == 5
    assert data["totals"]["unit"] == "points"
    assert '"cost": 4.5' in out
    assert data["models"][0]["name"] == "Mother Scald"
    assert data["models"][0]["cost"] == 1.5
    fs = next(s for s in data["models"][0]["stats"] if s["key"] == "FS")
    assert fs["value"] == 7


def test_the_text_report_prints_halves():
    code, out, _ = run(EXAMPLE)
    assert code == 0
    assert "Ashen Reavers: 4.5 / 5 points - legal" in out
    assert "Mother Scald: 1.5 points" in out


def test_six_and_a_half_prints_as_six_and_a_half(tmp_path):
    berserker = {"upgrade": "Berserker"}
    models = [leader("Melee", **berserker), model("Melee", "B", **berserker), model("Fast", "C")]
    models += [model("Fast", "D", upgrade="Ambusher"), model("Ranged", "E")]
    code, out, _ = run(write(tmp_path, roster(models, points_limit=6.5)), "--json")
    data = json.loads(out)
    assert '"cost": 6.5' in out
    assert data["totals"]["cost"] == 6.5
    assert data["totals"]["limit"] == 6.5
    assert code == 0, data["issues"]


def test_an_illegal_roster_exits_one_with_its_codes(tmp_path):
    doc = roster([model("Melee", "A"), model("Melee", "B"), model("Melee", "C"), model("Fast", "D")])
    code, out, _ = run(write(tmp_path, doc), "--json")
    assert code == 1
    found = {i["code"] for i in json.loads(out)["issues"]}
    assert {"brutality.leader.missing", "brutality.classes.over-half"} <= found


def test_an_unknown_trait_is_unreadable_with_its_path(tmp_path):
    doc = roster([leader("Melee", traits=["+1 Save", "Laser Eyes"])])
    code, out, err = run(write(tmp_path, doc))
    assert (code, out) == (2, "")
    assert "$.models[0].traits[1]: unknown Model Trait 'Laser Eyes'" in err
