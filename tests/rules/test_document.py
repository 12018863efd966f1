"""The roster document schema: strict, unknown keys refused, errors name the JSON path."""

import copy

import pytest

from rules.document import DocumentError, dump_document, load_json, parse_document
from tests.ih import catalogue, example, medium


def parse(doc, refs=True):
    return parse_document(copy.deepcopy(doc), (lambda _: catalogue()) if refs else None)


def error_of(doc, refs=True):
    with pytest.raises(DocumentError) as info:
        parse(doc, refs)
    return info.value


def test_an_example_parses_and_dumps_back_identically():
    doc = example("iron-and-honor-ghrim-company")
    assert dump_document(parse(doc)) == doc


def test_plain_string_skill_and_dict_without_label_are_the_same():
    doc = medium()
    doc["models"][2]["skills"] = [{"skill": "Shield"}, "Shield"]
    assert dump_document(parse(doc))["models"][2]["skills"] == ["Shield", "Shield"]


def test_unknown_keys_are_an_error():
    doc = medium()
    doc["models"][1]["colour"] = "red"
    err = error_of(doc)
    assert err.path == "$.models[1].colour"
    assert "unknown key" in err.message


def test_wrong_types_are_not_coerced():
    doc = medium()
    doc["models"][0]["attributes"]["MA"] = "6"
    assert error_of(doc).path == "$.models[0].attributes.MA"


def test_booleans_are_not_numbers():
    doc = medium()
    doc["models"][0]["attributes"]["MA"] = True
    assert error_of(doc).path == "$.models[0].attributes.MA"


def test_absurd_attribute_is_structural():
    doc = medium()
    doc["models"][0]["attributes"]["WP"] = 99
    assert error_of(doc).path == "$.models[0].attributes.WP"


def test_overlong_name_is_refused():
    doc = medium()
    doc["models"][3]["name"] = "x" * 10_000
    err = error_of(doc)
    assert err.path == "$.models[3].name"
    assert "100" in err.message


def test_unknown_system_names_the_known_ones():
    doc = medium()
    doc["system"] = "warhammer"
    err = error_of(doc)
    assert err.path == "$.system"
    assert "iron-and-honor" in err.message


def test_system_id_is_case_insensitive():
    doc = medium()
    doc["system"] = "Iron-And-Honor"
    assert parse(doc).system == "iron-and-honor"


def test_wrong_format_is_refused():
    doc = medium()
    doc["format"] = "muster.roster/2"
    assert error_of(doc).path == "$.format"


def test_unknown_trait_names_its_path():
    doc = medium()
    doc["models"][2]["traits"] = ["Tough", "Flying Carpet"]
    err = error_of(doc)
    assert err.path == "$.models[2].traits[1]"
    assert "Flying Carpet" in err.message


def test_unknown_trait_passes_without_the_reference_check():
    doc = medium()
    doc["models"][2]["traits"] = ["Flying Carpet"]
    assert parse(doc, refs=False).models[2].traits[0].name == "Flying Carpet"


def test_custom_game_size_needs_an_exp_limit():
    doc = medium()
    doc["options"] = {"game_size": "custom"}
    assert error_of(doc).path == "$.options"
    doc["options"] = {"game_size": "medium", "exp_limit": 150}
    assert error_of(doc).path == "$.options"


def test_load_json_reports_line_and_column():
    with pytest.raises(DocumentError) as info:
        load_json('{"format": "muster.roster/1",\n  "name": }')
    assert info.value.path == "$"
    assert "line 2" in info.value.message


@pytest.mark.parametrize("raw", ["[1, 2]", '"text"', "null"])
def test_a_document_must_be_an_object(raw):
    with pytest.raises(DocumentError) as info:
        parse_document(load_json(raw))
    assert info.value.path == "$"


def test_nan_is_not_json():
    with pytest.raises(DocumentError):
        load_json('{"x": NaN}')


def test_oversize_input_is_refused_before_parsing():
    with pytest.raises(DocumentError) as info:
        load_json(b" " * 1_000_001)
    assert "limit" in info.value.message


def test_deep_nesting_is_refused():
    with pytest.raises(DocumentError):
        parse_document(load_json("[" * 100_000 + "]" * 100_000))


@pytest.mark.parametrize("raw", ['\ufeff{"a": 1}', b'\xef\xbb\xbf{"a": 1}'], ids=["text", "bytes"])
def test_a_byte_order_mark_before_the_json_is_read_past(raw):
    # Windows Notepad saves UTF-8 with a byte order mark; the file is still the player's JSON.
    assert load_json(raw) == {"a": 1}
