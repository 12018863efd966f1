"""The Beestwars roster document: strict, unknown keys refused, errors name the JSON path."""

import pytest

from rules.document import DocumentError, dump_document, parse_document
from tests.beestwars import catalogue, roster


def error_of(doc):
    with pytest.raises(DocumentError) as info:
        parse_document(doc, lambda _: catalogue())
    return info.value


def test_supplied_values_survive_dump_and_parse():
    doc = roster(300, {"profile": "Aari Keeneye", "name": "Aari", "supplied": {"points": 40}})
    assert dump_document(parse_document(doc, lambda _: catalogue())) == doc


def test_an_unknown_supplied_key_is_an_error():
    doc = roster(300, {"profile": "Aari Keeneye", "supplied": {"HP": 3}})
    assert error_of(doc).path == "$.models[0].supplied.HP"


def test_the_points_limit_is_required_and_a_whole_number():
    doc = roster(300, "Satyr")
    doc["options"] = {}
    assert error_of(doc).path == "$.options.points_limit"
    doc["options"] = {"points_limit": "300"}
    assert error_of(doc).path == "$.options.points_limit"
