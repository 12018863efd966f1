"""The contract every game system plug-in keeps, checked for each registered system.

A system is complete when its editor parts load, its templates are where the convention
puts them, its rules data passes its schema, and whatever its editor adds is a document
its rules evaluate without raising, the total being the sum of the models' costs.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings as django_settings
from django.template.loader import get_template

from roster.rosters.systems import ui_for
from roster.rosters.systems.base import CONVENTIONAL_TEMPLATES
from rules.document import dump_document, parse_document
from rules.system import GameSystem


def _catalogue(system: GameSystem) -> object:
    return system.read_catalogue_file(system.rules_data_file(Path(django_settings.MUSTER_FIXTURES_DIR)))


def test_its_editor_parts_load_and_name_it(system: GameSystem) -> None:
    ui = ui_for(system.id)
    assert ui.system_id == system.id
    assert ui.blurb


def test_its_templates_are_found_by_convention(system: GameSystem) -> None:
    ui = ui_for(system.id)
    for attr in CONVENTIONAL_TEMPLATES:
        get_template(getattr(ui, attr))
    get_template(ui.add_template)
    get_template(f"systems/{system.id}/sheet.html")


def test_its_rules_data_passes_its_schema(system: GameSystem) -> None:
    assert isinstance(_catalogue(system), system.catalogue_model)


def test_its_supplement_schema_takes_an_empty_supplement(system: GameSystem) -> None:
    if system.supplement_model is None:
        return
    empty = {
        "format": "muster.supplement/1",
        "system": system.id,
        "name": "Empty",
        "values": {},
        "homebrew": {},
    }
    assert system.supplement_model.model_validate(empty).model_dump()["system"] == system.id


def test_what_its_editor_adds_is_a_document_its_rules_evaluate(system: GameSystem) -> None:
    ui, catalogue = ui_for(system.id), _catalogue(system)
    models: list[dict[str, object]] = []
    for kind, _label in ui.model_kinds(catalogue)[:12]:
        taken = {str(m.get("name", "")).casefold() for m in models}
        models.append(ui.new_model(kind, catalogue, taken))
    data = {
        "format": "muster.roster/1",
        "system": system.id,
        "name": "Contract",
        "options": ui.default_options(catalogue),
        "models": models,
    }
    document = parse_document(data, lambda _: catalogue)
    assert parse_document(dump_document(document)).model_dump() == document.model_dump()
    report = system.evaluate(document, catalogue)
    assert len(report.models) == len(models)
    costs = [m.cost for m in report.models]
    if None not in costs:
        assert report.totals["cost"] == sum(costs)
    assert all(issue.code.startswith(f"{system.id}.") for issue in report.issues)


def test_its_rules_of_play_if_any_are_its_own_and_read_its_rosters(system: GameSystem) -> None:
    from rules.play.core import PlayRules
    from rules.play.registry import PLAY_RULES, snapshot_side

    if system.play is None:  # cannot be played at the table: offered nowhere
        assert system.id not in PLAY_RULES
        return
    assert isinstance(system.play, PlayRules)
    assert system.play.system_id == system.id and PLAY_RULES[system.id] is system.play
    ui, catalogue = ui_for(system.id), _catalogue(system)
    models = [ui.new_model(kind, catalogue, set()) for kind, _label in ui.model_kinds(catalogue)[:1]]
    data = {
        "format": "muster.roster/1",
        "system": system.id,
        "name": "Contract",
        "options": ui.default_options(catalogue),
        "models": models,
    }
    document = parse_document(data, lambda _: catalogue)
    report = system.evaluate(document, catalogue)
    side = snapshot_side(system.id, "Contract", document, report)
    assert len(side.models) == len(models) == 1
    assert [m.name for m in side.models] == [m.name for m in report.models]
