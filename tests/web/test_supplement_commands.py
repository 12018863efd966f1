"""validate_roster and render_sheet with --supplement, and rosters that embed theirs."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command

from tests.supplements import brutality_roster, brutality_supplement
from tests.web.pdf import text
from tests.web.test_validate_roster import run, write

pytestmark = pytest.mark.django_db

WARBAND = [
    {"name": "Ann", "class": "Ranged", "leader": True},
    {"name": "Bo", "class": "Ranged"},
    {"name": "Cy", "class": "Support"},
    {"name": "Di", "class": "Melee"},
    {"name": "Ed", "class": "Fast"},
    {"name": "Flo", "class": "Melee"},
]


def stats_of(model):
    return {s["key"]: s for s in model["stats"]}


def test_the_supplement_fills_the_lines_and_marks_them(tmp_path):
    roster = write(tmp_path, brutality_roster(WARBAND, limit=6))
    supplement = write(tmp_path, brutality_supplement(), "supplement.json")
    code, out, err = run(roster, "--json", "--supplement", supplement)
    data = json.loads(out)
    assert (code, err) == (0, "")
    assert data["supplement"]["name"] == "My Brutality book"
    assert len(data["supplement"]["digest"]) == 64
    ann = stats_of(data["models"][0])
    assert (ann["FS"]["value"], ann["FS"]["origin"]) == (3, "supplement My Brutality book")
    assert data["models"][2]["supplement"] == "My Brutality book"
    codes = [i["code"] for i in data["issues"]]
    assert "brutality.stats.unknown" not in codes
    assert codes.count("brutality.supplement.unchecked") == 3
    assert any("from supplement My Brutality book" in i["message"] for i in data["issues"])


def test_without_the_supplement_the_values_stay_unknown(tmp_path):
    code, out, _ = run(write(tmp_path, brutality_roster(WARBAND, limit=6)), "--json")
    data = json.loads(out)
    assert code == 0  # unknown values are warnings
    assert "supplement" not in data
    assert stats_of(data["models"][0])["FS"]["value"] is None
    assert "brutality.stats.unknown" in [i["code"] for i in data["issues"]]


def test_a_supplement_changes_the_fingerprint(tmp_path):
    roster = write(tmp_path, brutality_roster(WARBAND, limit=6))
    plain = json.loads(run(roster, "--json")[1])["fingerprint"]
    supplement = write(tmp_path, brutality_supplement(), "supplement.json")
    with_it = json.loads(run(roster, "--json", "--supplement", supplement)[1])["fingerprint"]
    assert plain != with_it


def test_an_embedded_supplement_is_used(tmp_path):
    roster = write(tmp_path, {**brutality_roster(WARBAND, limit=6), "supplement": brutality_supplement()})
    code, out, err = run(roster, "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["supplement"]["name"] == "My Brutality book"
    assert "with supplement My Brutality book" in run(roster)[1]


def test_a_broken_supplement_is_unreadable_with_its_path(tmp_path):
    bad = brutality_supplement()
    bad["values"]["classes"]["Melee"] = {"FS": 2}
    roster = write(tmp_path, brutality_roster(WARBAND, limit=6))
    code, out, err = run(roster, "--supplement", write(tmp_path, bad, "supplement.json"))
    assert (code, out) == (2, "")
    assert "$.values.classes.Melee.FS" in err and "already gives" in err


def test_an_embedded_broken_supplement_names_its_path(tmp_path):
    bad = brutality_supplement()
    bad["values"]["classes"]["Ranged"]["FS"] = 12
    roster = write(tmp_path, {**brutality_roster(WARBAND, limit=6), "supplement": bad})
    code, out, err = run(roster)
    assert (code, out) == (2, "")
    assert "$.supplement.values.classes.Ranged.FS" in err


def test_a_supplement_of_another_system_is_refused(tmp_path):
    other = {"format": "muster.supplement/1", "system": "beestwars", "name": "B"}
    roster = write(tmp_path, brutality_roster(WARBAND, limit=6))
    code, _, err = run(roster, "--supplement", write(tmp_path, other, "supplement.json"))
    assert code == 2
    assert "beestwars" in err


def test_homebrew_names_resolve_only_with_the_supplement(tmp_path):
    line = {"name": "Gunner", "Move": 5, "FS": 3, "Dex": 4, "HP": 2, "Will": 3, "Atk": 1, "Save": 4}
    supplement = brutality_supplement(homebrew={"classes": [{**line, "Armed": True, "Powers": 0}]})
    roster = write(tmp_path, brutality_roster([{"name": "Gil", "class": "Gunner", "leader": True}]))
    assert run(roster)[0] == 2
    code, out, _ = run(roster, "--json", "--supplement", write(tmp_path, supplement, "s.json"))
    assert code == 1  # readable; one Gunner alone is more than half the warband
    assert json.loads(out)["models"][0]["lines"][0]["label"] == "Basic Gunner (homebrew)"


def test_render_sheet_marks_the_supplement_values_as_the_players(tmp_path):
    roster = write(tmp_path, brutality_roster(WARBAND, limit=6))
    supplement = write(tmp_path, brutality_supplement(), "supplement.json")
    out = tmp_path / "sheet.pdf"
    call_command(
        "render_sheet", str(roster), "-o", str(out), "--supplement", str(supplement), stdout=StringIO()
    )
    words = text(out.read_bytes())
    assert "With supplement My Brutality book" in words
    assert "† from supplement My Brutality book, the player's values, not checked against the book" in words
    assert "Fighting Skill: 3" in words
