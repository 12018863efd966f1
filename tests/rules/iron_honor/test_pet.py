"""A Pet is attached to the hero or a companion. Source: Iron & Honor p.27."""

from typing import Any

from tests.ih import evaluate, medium, model, model_codes

NOT_FOUND = "iron-and-honor.traits.pet-master-not-found"
MISSING = "iron-and-honor.traits.pet-without-master"


def pet_issues(pet: Any) -> list[tuple[str, str, str]]:
    """(severity, code, source) of the issues about a follower with the Pet trait ``pet``
    in a legal Medium warband whose hero is "Raensleyar" and companion "Aurat"."""
    doc = medium(model("follower", name="Sigrun", traits=[pet]))
    doc["models"][0]["name"] = "Raensleyar"
    doc["models"][1]["name"] = "Aurat"
    report = evaluate(doc)
    return [(i.severity, i.code, i.source) for i in report.issues if i.model == 5]


def test_a_pet_attached_to_the_hero_is_legal():
    assert pet_issues({"name": "Pet", "choice": "Raensleyar"}) == []


def test_a_pet_attached_to_a_companion_is_legal_whatever_the_case():
    assert pet_issues({"name": "Pet", "choice": "aurat"}) == []


def test_a_pet_without_a_master_is_an_error():
    assert pet_issues("Pet") == [("error", MISSING, "Iron & Honor p.27")]


def test_a_pet_whose_master_is_not_in_the_warband_is_an_error():
    assert pet_issues({"name": "Pet", "choice": "Nobody"}) == [("error", NOT_FOUND, "Iron & Honor p.27")]


def test_a_pet_attached_to_a_follower_is_an_error():
    assert pet_issues({"name": "Pet", "choice": "Follower"}) == [("error", NOT_FOUND, "Iron & Honor p.27")]


def test_the_master_is_named_in_the_message():
    doc = medium(model("follower", name="Sigrun", traits=[{"name": "Pet", "choice": "Nobody"}]))
    report = evaluate(doc)
    assert not report.legal
    assert NOT_FOUND in model_codes(report, 5)
    assert "'Nobody' is not the hero or a companion" in report.errors[0].message
