"""Merging a supplement into a system's rules data (rules.supplement)."""

from __future__ import annotations

import pytest

from rules.document import DocumentError, parse_document
from rules.registry import SYSTEMS
from rules.supplement import gaps, merge, read_supplement
from tests.supplements import RANGED, book, brutality_roster, brutality_supplement

BRUTALITY = SYSTEMS["brutality"]


def merged(data):
    return merge(SYSTEMS[data["system"]], book(data["system"]), read_supplement(data))


def evaluate(doc, data):
    return BRUTALITY.evaluate(parse_document(doc), merged(data))


def stat(report, index, key):
    return next(s for s in report.models[index].derived["stats"] if s["key"] == key)


def test_supplement_values_are_used_and_marked_as_the_players():
    doc = brutality_roster([{"name": "Ann", "class": "Ranged", "leader": True}])
    report = evaluate(doc, brutality_supplement())
    fs = stat(report, 0, "FS")
    assert (fs["base"], fs["source"], fs["origin"]) == (3, "supplement", "supplement My Brutality book")
    assert report.models[0].derived["supplement"] == "My Brutality book"
    assert 'Movement: 5"' in report.models[0].derived["supplement_words"]
    assert "brutality.supplement.unchecked" in [i.code for i in report.issues]
    assert "brutality.stats.unknown" not in [i.code for i in report.issues]


def test_a_models_own_supplied_value_wins_over_the_supplement():
    doc = brutality_roster([{"name": "Ann", "class": "Ranged", "leader": True, "supplied": {"HP": 6}}])
    report = evaluate(doc, brutality_supplement())
    hp = stat(report, 0, "HP")
    assert (hp["base"], hp["source"]) == (6, "player")
    assert "Hit Points: 2" not in report.models[0].derived["supplement_words"]


def test_the_book_still_wins_where_it_gives_the_value():
    doc = brutality_roster([{"name": "Bo", "class": "Melee", "leader": True}])
    fs = stat(evaluate(doc, brutality_supplement()), 0, "FS")
    assert fs["source"] == "class"


def test_merge_leaves_the_rules_data_alone():
    catalogue = book("brutality")
    merge(BRUTALITY, catalogue, read_supplement(brutality_supplement()))
    assert catalogue.model_class("Ranged").FS is None
    assert catalogue.model_class("Ranged").supplement_of("FS") is None


def test_a_value_the_book_gives_is_refused_with_its_path():
    data = brutality_supplement()
    data["values"]["classes"]["Melee"] = {"FS": 4}
    with pytest.raises(DocumentError) as caught:
        merged(data)
    assert caught.value.path == "$.values.classes.Melee.FS"
    assert "already gives" in caught.value.message


def test_a_value_for_an_entry_the_rules_data_lacks_is_refused():
    data = brutality_supplement()
    data["values"]["classes"]["Sniper"] = dict(RANGED)
    with pytest.raises(DocumentError) as caught:
        merged(data)
    assert caught.value.path == "$.values.classes.Sniper"


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"FS": 9}, "$.values.classes.Ranged.FS"),
        ({"Move": 0}, "$.values.classes.Ranged.Move"),
        ({"Wings": 2}, "$.values.classes.Ranged.Wings"),
        ({"FS": "3"}, "$.values.classes.Ranged.FS"),
    ],
)
def test_values_keep_the_bounds_of_supplied_values(change, path):
    data = brutality_supplement()
    data["values"]["classes"]["Ranged"].update(change)
    with pytest.raises(DocumentError) as caught:
        read_supplement(data)
    assert caught.value.path == path
    assert "{" not in caught.value.message  # player words, not validator text


def test_unknown_keys_and_formats_are_refused():
    with pytest.raises(DocumentError) as caught:
        read_supplement({**brutality_supplement(), "extra": 1})
    assert caught.value.path == "$.extra"
    with pytest.raises(DocumentError) as caught:
        read_supplement({**brutality_supplement(), "format": "muster.roster/1"})
    assert caught.value.path == "$.format"


def test_homebrew_class_is_priced_by_the_book_and_marked_homebrew():
    line = dict(RANGED, name="Gunner")
    data = brutality_supplement(homebrew={"classes": [line]})
    doc = brutality_roster([{"name": "Gil", "class": "gunner", "leader": True}])
    report = evaluate(doc, data)
    model = report.models[0]
    assert model.cost == 1
    assert model.lines[0].label == "Basic Gunner (homebrew)"
    assert model.derived["homebrew"]["class"] == "My Brutality book"
    assert "brutality.supplement.homebrew" in [i.code for i in report.issues]


def test_homebrew_with_a_book_name_is_refused():
    data = brutality_supplement(homebrew={"classes": [dict(RANGED, name="Melee")]})
    with pytest.raises(DocumentError) as caught:
        merged(data)
    assert caught.value.path == "$.homebrew"


def test_homebrew_upgrade_of_an_unknown_class_is_refused():
    upgrade = dict(RANGED, name="Sharpshooter", for_class="nowhere")
    with pytest.raises(DocumentError) as caught:
        merged(brutality_supplement(homebrew={"upgrades": [upgrade]}))
    assert caught.value.path == "$.homebrew"
    assert "nowhere" in caught.value.message


def test_gaps_list_exactly_what_the_rules_data_lacks():
    found = {(g.table, g.slug, g.field) for g in gaps("brutality", book("brutality"))}
    assert ("classes", "ranged", "FS") in found
    assert ("model_abilities", "clobber", "summary") in found
    assert not any(slug == "melee" for _, slug, _ in found)
    filled = merged(brutality_supplement())
    left = {(g.slug, g.field) for g in gaps("brutality", filled)}
    assert ("ranged", "FS") not in left
    assert ("ambusher", "FS") in left


def test_iron_and_honor_homebrew_trait_costs_its_exp():
    data = {
        "format": "muster.supplement/1",
        "system": "iron-and-honor",
        "name": "House rules",
        "homebrew": {
            "traits": [{"name": "Lucky Charm", "category": "common", "cost": 3, "summary": "Reroll."}]
        },
    }
    catalogue = merged(data)
    trait = catalogue.trait("lucky charm")
    assert (trait.cost, trait.homebrew, trait.source) == (3, "House rules", "supplement House rules")
    assert gaps("iron-and-honor", catalogue) == []


def test_beestwars_values_fill_a_profile_and_homebrew_adds_one():
    data = {
        "format": "muster.supplement/1",
        "system": "beestwars",
        "name": "Beest notes",
        "values": {"profiles": {"Satyr": {"defense": -1}, "Aari Keeneye": {"points": 30}}},
        "homebrew": {
            "profiles": [
                {
                    "name": "Moss Troll",
                    "faction": "Clovis",
                    "skill": 10,
                    "might": 3,
                    "toughness": 12,
                    "movement": 4,
                    "defense": -1,
                    "points": 40,
                }
            ]
        },
    }
    catalogue = merged(data)
    doc = parse_document(
        {
            "format": "muster.roster/1",
            "system": "beestwars",
            "name": "Raid",
            "options": {"points_limit": 300},
            "models": [{"profile": "Satyr"}, {"profile": "Aari Keeneye"}, {"profile": "moss troll"}],
        }
    )
    report = SYSTEMS["beestwars"].evaluate(doc, catalogue)
    satyr, aari, troll = report.models
    assert satyr.derived["stats"]["defense"]["from"] == "supplement"
    assert satyr.derived["stats"]["might"]["from"] == "book"
    assert aari.cost == 30 and "supplement Beest notes" in aari.lines[0].label
    assert troll.cost == 40 and troll.derived["homebrew"] == "Beest notes"
    assert "beestwars.points.unknown" not in [i.code for i in report.issues]


def test_the_example_in_the_docs_reads_and_merges():
    import json
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs/supplements.md").read_text()
    example = json.loads(re.search(r"```json\n(.*?)```", doc, re.S).group(1))
    catalogue = merged(example)
    assert catalogue.model_class("Gunner").homebrew == "My Brutality book"
    assert catalogue.trait("Eagle Eye").modifiers == {"Dex": 1}


def test_a_line_the_book_says_knows_powers_needs_one_or_more():
    data = brutality_supplement()
    data["values"]["classes"]["Support"]["Powers"] = 0
    with pytest.raises(DocumentError) as caught:
        merged(data)
    assert caught.value.path == "$.values.classes.Support.Powers"
    assert "knows Powers" in caught.value.message
