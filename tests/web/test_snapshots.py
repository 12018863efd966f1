"""Snapshots of the editor's parts (syrupy: tests/web/__snapshots__/test_snapshots.ambr).

One example roster per system is rendered as the editor's views render it, and a few
parts of it are kept, each one block or button a line: the totals bar, a model's row, the
rule check, the warband's options (also with every option refused), a model's card with
every field refused (values with ``<&"'``), the picker, and the totals and row an edit
answers out of band. The same but the picker and the options refused for a broken copy (a
model with ``<&"'`` in its name, a copy of the first model, the smallest limit: the rows
carry error markers and the card its issues), and each system's empty roster (its empty
state). The CSRF token and the
roster's id, which differ from run to run, are replaced by placeholders.

A snapshot missing or different fails. After a deliberate change of the HTML, write them
again with ``.venv/bin/python -m pytest tests/web/test_snapshots.py --snapshot-update``
and read the diff before committing it (docs/testing.md).
"""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.template.loader import render_to_string
from django.test import RequestFactory

from roster.rosters.evaluation import read_rules
from roster.rosters.models import Roster
from roster.rosters.operations import create_roster
from roster.rosters.systems import ui_for
from roster.rosters.views.common import card, editor_context, panel_context
from tests.ih import example
from tests.snapshot_html import lines, part

EXAMPLES = {
    "iron-and-honor": "iron-and-honor-northmen-raiding-party",
    "brutality": "brutality-moderate-points",
    "beestwars": "beestwars-clovis-300",
}
HOSTILE = '<b>O\'Neil & "Co"</b>'
PICKERS = {"iron-and-honor": "traits", "brutality": "powers"}
# Every field a model form of any system can refuse; a system ignores the others.
MODEL_FIELDS = [
    "form", "name", "type", "class", "upgrade", "ability", "skills", "traits", "powers",
    "MA", "RA", "PD", "WP",
    *(f"supplied__{k}" for k in ("Movement", "Fighting Skill", "Armour", "Hit Points", "Save", "Armed")),
    *(f"supplied_{k}" for k in ("points", "Mt", "Sk", "To", "Wo", "Ag", "Mv")),
]  # fmt: skip
OPTION_FIELDS = [
    "name",
    "options",
    "game_size",
    "exp_limit",
    "mode",
    "points_limit",
    "model_count",
    "upgraded_count",
]


def _normalise(html: str) -> str:
    html = re.sub(
        r'name="csrfmiddlewaretoken" value="[^"]*"', 'name="csrfmiddlewaretoken" value="CSRF"', html
    )
    return re.sub(r"/rosters/\d+/", "/rosters/ID/", html)


def _broken(document: dict[str, Any]) -> dict[str, Any]:
    """A copy that breaks rules: a hostile name, the first model twice, the smallest limit."""
    doc = copy.deepcopy(document)
    models = doc["models"]
    models.append(copy.deepcopy(models[0]))
    key = "profile" if doc["system"] == "beestwars" and "name" not in models[-1] else "name"
    if key == "name":
        models[-1]["name"] = HOSTILE
    options = doc["options"]
    if "points_limit" in options:
        options["points_limit"] = 1
    if "game_size" in options:
        options["game_size"] = "small"
    doc["name"] = f"{doc['name']} {HOSTILE}"
    return doc


class Renderer:
    """Renders the editor's partials for one stored roster as its views do, and keeps the
    parts asked for, labelled."""

    def __init__(self, owner: User, document: dict[str, Any]) -> None:
        stored = create_roster(owner, document)
        read = Roster.objects.for_editing(stored.pk, owner.pk)
        assert read is not None
        self.roster = read.roster
        self.rules = read_rules(read)
        self.request = RequestFactory().get("/")
        self.request.user = owner
        self.parts: list[str] = []

    def keep(self, state: str, template: str, context: dict[str, Any], *wanted: dict[str, str]) -> None:
        html = _normalise(render_to_string(template, context, request=self.request))
        for attrs in wanted:
            label = " ".join(f"{k}={v}" for k, v in attrs.items())
            self.parts.append(f"=== {state}: {label}\n{lines(part(html, **attrs))}\n")

    def states(self, label: str, model: int, every: bool = True) -> None:
        """The parts in each state; without ``every``, not the picker nor the options all
        refused (the broken copy: the same as the example's)."""
        roster = self.roster
        context = editor_context(roster, rules=self.rules)
        last = len(roster.document["models"]) - 1
        rows = [{"id": f"row-{i}"} for i in sorted({0, last}) if last >= 0] or [{"id": "model-rows"}]
        self.keep(f"{label} overview", EDITOR, context, {"id": "summary"}, *rows, {"id": "issues"}, OPTIONS)
        if every:
            refused = {
                k: f"bad {k} {HOSTILE} (not saved: the stored options are kept)" for k in OPTION_FIELDS
            }
            context.update(option_errors=refused, submitted_options={**context["options"], "name": HOSTILE})
            self.keep(f"{label} overview, every option refused", EDITOR, context, OPTIONS)
        if last < 0:
            return
        evaluation = context["evaluation"]
        picker = PICKERS.get(roster.system)
        if picker and every:
            ctx = editor_context(roster, evaluation, open_index=model, picker=picker)
            self.keep(f"{label} model {model} {picker} picker", CARD, ctx, {"id": f"m{model}-picker"})
        values = {**roster.document["models"][model], "name": HOSTILE}
        errors = {k: f"bad {k} {HOSTILE}" for k in MODEL_FIELDS}
        ctx = editor_context(roster, evaluation, open_index=model, submitted=(model, values, errors))
        self.keep(f"{label} model {model} every field refused", CARD, ctx, {"id": "model-open"})
        ctx = panel_context(roster, evaluation, undo_redo=(True, False))
        ctx.update(
            card=card(roster, evaluation, model, None, {}), open_index=model, oob=True, toolbar_changed=True
        )
        answer = f"{label} model {model} edit answer"
        self.keep(answer, ANSWER, ctx, {"id": "summary"}, {"id": f"row-{model}"})


EDITOR = "roster/editor.html#editor"
CARD = "roster/editor.html#model-card"
ANSWER = "roster/editor.html#model-update"
OPTIONS = {"class": "card roster-head"}


@pytest.mark.parametrize("system", sorted(EXAMPLES))
def test_the_editor_parts_match_their_snapshot(db: Any, system: str, snapshot: Any) -> None:
    owner = User.objects.create_user("snap", password="snap-secret-pw-123")
    document = example(EXAMPLES[system])
    example_parts = Renderer(owner, document)
    example_parts.states("example", 0)
    broken = Renderer(owner, _broken(document))
    broken.states("broken", len(broken.roster.document["models"]) - 1, every=False)
    assert "".join(example_parts.parts + broken.parts) == snapshot


@pytest.mark.parametrize("system", ["iron-and-honor", "brutality", "beestwars"])
def test_an_empty_roster_matches_its_snapshot(db: Any, system: str, snapshot: Any) -> None:
    from roster.rosters.catalogue import get_catalogue

    owner = User.objects.create_user("snap", password="snap-secret-pw-123")
    options = ui_for(system).default_options(get_catalogue(system))
    document = {
        "format": "muster.roster/1",
        "system": system,
        "name": "Empty",
        "options": options,
        "models": [],
    }
    renderer = Renderer(owner, document)
    renderer.states("empty", 0)
    assert "".join(renderer.parts) == snapshot
