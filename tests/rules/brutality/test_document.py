"""The Brutality roster document: options shapes, strict types, and a stable dump."""

import pytest

from rules.document import DocumentError, dump_document
from tests.brutality import example, model, parse, roster, warband


def error_of(doc):
    with pytest.raises(DocumentError) as info:
        parse(doc)
    return info.value


def test_the_example_parses_and_dumps_back_identically():
    doc = example("brutality-moderate-points")
    assert dump_document(parse(doc)) == doc


def test_a_points_game_or_a_points_free_game():
    assert parse(warband(points_limit=6.5)).options.points_game
    assert not parse(warband(model_count=4, upgraded_count=0)).options.points_game


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"points_limit": 6, "model_count": 4, "upgraded_count": 1},
        {"points_limit": 6, "model_count": 4},
        {"model_count": 4},
        {"upgraded_count": 1},
        {"model_count": 4, "upgraded_count": 5},
    ],
)
def test_exactly_one_option_shape(options):
    doc = roster([model()], **{"mode": "moderate"})
    doc["options"] = {"mode": "moderate", **options}
    assert error_of(doc).path == "$.options"


def test_mode_is_simple_or_moderate():
    doc = warband()
    doc["options"]["mode"] = "advanced"
    assert error_of(doc).path == "$.options.mode"


@pytest.mark.parametrize("limit", [0, -1, True, "6.5"])
def test_points_limit_is_a_positive_number(limit):
    assert error_of(warband(points_limit=limit)).path.startswith("$.options.points_limit")


def test_unknown_keys_are_an_error():
    doc = warband()
    doc["models"][1]["class_"] = "Melee"
    assert error_of(doc).path == "$.models[1].class_"


def test_leader_is_a_boolean():
    doc = warband()
    doc["models"][0]["leader"] = "yes"
    assert error_of(doc).path == "$.models[0].leader"
