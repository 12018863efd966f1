"""Snapshots of the editor's HTML on the example rosters: every card, row and picker.

Each example roster of ``fixtures/examples/`` is rendered, as the editor's views render
it, in every state a player can meet: the warband overview (also with every option field
refused); for each model its picker open, its card with every field refused (values with
``<&"'``), and its card as an edit answers it (the card with its actions, and the totals,
overview rows and rule check out of band). The same again for a broken copy of each
roster (a model with ``<&"'`` in its name, a copy of the first model, the smallest limit),
so the rows carry error markers and the cards their issues; and each system's empty
roster.

The output is compared with ``tests/snapshots/editor/<example>.html`` after collapsing
every run of whitespace to one space (whitespace between tags that the templates' layout
writes is not something a player meets; every other byte must match). The CSRF token and
the roster's id, which differ from run to run, are replaced by placeholders.

After a deliberate change of the HTML, write the snapshots again with
``MUSTER_UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/web/test_snapshots.py``
and read the diff before committing it.
"""

from __future__ import annotations

import copy
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.template.loader import render_to_string
from django.test import RequestFactory

from roster.evaluation import read_rules
from roster.models import Roster
from roster.operations import create_roster
from roster.systems import ui_for
from roster.views.common import card, editor_context, panel_context

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "fixtures" / "examples").glob("*.json"))
SNAPSHOTS = ROOT / "tests" / "snapshots" / "editor"
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


def _compare(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


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
    """Renders the editor's partials for one stored roster as its views do."""

    def __init__(self, owner: User, document: dict[str, Any]) -> None:
        stored = create_roster(owner, document)
        read = Roster.objects.for_editing(stored.pk, owner.pk)
        assert read is not None
        self.roster = read.roster
        self.rules = read_rules(read)
        self.request = RequestFactory().get("/")
        self.request.user = owner
        self.parts: list[str] = []

    def add(self, state: str, template: str, context: dict[str, Any]) -> None:
        html = render_to_string(template, context, request=self.request)
        self.parts.append(f"<!-- state: {state} -->\n{_normalise(html)}\n")

    def all_states(self, label: str) -> None:
        roster = self.roster
        context = editor_context(roster, rules=self.rules)
        self.add(f"{label} overview", "roster/editor.html#editor", context)
        refused = {k: f"bad {k} {HOSTILE} (not saved: the stored options are kept)" for k in OPTION_FIELDS}
        context.update(option_errors=refused, submitted_options={**context["options"], "name": HOSTILE})
        self.add(f"{label} overview, every option refused", "roster/editor.html#editor", context)
        evaluation = context["evaluation"]
        for i, model in enumerate(roster.document["models"]):
            picker = PICKERS.get(roster.system)
            if picker:
                ctx = editor_context(roster, evaluation, open_index=i, picker=picker)
                self.add(f"{label} model {i} {picker} picker", "roster/editor.html#model-card", ctx)
            values = {**model, "name": HOSTILE}
            errors = {k: f"bad {k} {HOSTILE}" for k in MODEL_FIELDS}
            ctx = editor_context(roster, evaluation, open_index=i, submitted=(i, values, errors))
            self.add(f"{label} model {i} every field refused", "roster/editor.html#model-card", ctx)
            ctx = panel_context(roster, evaluation, undo_redo=(True, False))
            ctx.update(
                card=card(roster, evaluation, i, None, {}), open_index=i, oob=True, toolbar_changed=True
            )
            self.add(f"{label} model {i} edit answer", "roster/editor.html#model-update", ctx)


def _render_all(owner: User, path: Path) -> str:
    document = json.loads(path.read_text())
    out: list[str] = []
    for label, doc in (("example", document), ("broken", _broken(document))):
        renderer = Renderer(owner, doc)
        renderer.all_states(label)
        out += renderer.parts
    return "".join(out)


def _check(name: str, html: str) -> None:
    path = SNAPSHOTS / f"{name}.html"
    if os.environ.get("MUSTER_UPDATE_SNAPSHOTS") or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(html)
    stored = path.read_text()
    assert _compare(html) == _compare(stored), (
        f"{path.name} differs: rerun with MUSTER_UPDATE_SNAPSHOTS=1 and diff"
    )


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_card_row_and_picker_matches_its_snapshot(db: Any, path: Path) -> None:
    owner = User.objects.create_user("snap", password="snap-secret-pw-123")
    _check(path.stem, _render_all(owner, path))


@pytest.mark.parametrize("system", ["iron-and-honor", "brutality", "beestwars"])
def test_an_empty_roster_matches_its_snapshot(db: Any, system: str) -> None:
    from roster.catalogue import get_catalogue

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
    renderer.all_states("empty")
    _check(f"empty-{system}", "".join(renderer.parts))
