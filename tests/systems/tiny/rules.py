"""Tiny Skirmish, a made-up game system that exists only in the test suite.

It proves the recipe of docs/new-system.md: a system is its own folder (here
``tests/systems/tiny/``: rules, rules data, editor parts, templates) plus one line that
registers it. A warband is a list of fighters, each bought for the points of its kind;
their sum may not pass the agreed points limit. The players also agree the terrain, an
option no book's game has; a supplement adds homebrew kinds of fighter, each at home on
a terrain.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from rules.document import DocumentError
from rules.homebrew import MAX_HOMEBREW, SlugFromName
from rules.names import name_key
from rules.report import CostLine, Issue, ModelReport, Report
from rules.schema import Marked, Name, Ref, RosterName, Slug, Strict
from rules.system import GameSystem

HERE = Path(__file__).resolve().parent


#: Where the game is fought (the roster's ``terrain``), and where a kind is at home.
Terrain = Literal["open", "ruins"]
TERRAINS = {"open": "Open ground", "ruins": "Ruins"}


class Kind(Marked):
    """A kind of fighter: its name, its price in points and the terrain it is at home on."""

    slug: Slug
    name: Name
    points: int = Field(ge=0, le=100)
    terrain: Terrain | None = None
    page: int | None = None


class TinyCatalogue(Strict):
    """Tiny Skirmish's rules data: the kinds of fighter."""

    kinds: list[Kind]

    def kind(self, ref: str) -> Kind | None:
        """The kind named or slugged ``ref`` (any case), or None."""
        key = name_key(ref)
        return next((k for k in self.kinds if key in (name_key(k.name), k.slug)), None)


class TinyModel(Strict):
    """One fighter: its own name and its kind."""

    name: Name
    kind: Ref


class TinyOptions(Strict):
    """The agreed points limit and terrain."""

    points_limit: int = Field(ge=1, le=1000)
    terrain: Terrain = "open"


class TinyRoster(Strict):
    """A whole Tiny Skirmish roster document."""

    format: Literal["muster.roster/1"] = "muster.roster/1"
    system: Literal["tiny"] = "tiny"
    name: RosterName
    options: TinyOptions
    models: list[TinyModel] = Field(default_factory=list, max_length=50)


class HomebrewKind(SlugFromName, Kind):
    """A homebrew kind of fighter: a name and its points (the slug made from the name)."""


class TinyValues(Strict):
    """Tiny Skirmish's rules data lacks no value: nothing to fill."""


class TinyHomebrew(Strict):
    """Homebrew kinds of fighter."""

    kinds: list[HomebrewKind] = Field(default_factory=list, max_length=MAX_HOMEBREW)


class TinySupplement(Strict):
    """A Tiny Skirmish supplement document (muster.supplement/1)."""

    format: Literal["muster.supplement/1"]
    system: Literal["tiny"]
    name: Name
    values: TinyValues = Field(default_factory=TinyValues)
    homebrew: TinyHomebrew = Field(default_factory=TinyHomebrew)


class TinySystem(GameSystem):
    """Tiny Skirmish: points per fighter, a points limit."""

    id = "tiny"
    title = "Tiny Skirmish"
    book = "Tiny Skirmish"
    unit = "points"
    document_model = TinyRoster
    catalogue_model = TinyCatalogue
    supplement_model = TinySupplement
    entry_words = {"kinds": "kind of fighter"}
    editor = "tests.systems.tiny.editor:TinyUI"

    def rules_data_file(self, fixtures_dir: Path) -> Path:
        """Its rules data lives in its own folder, not in ``fixtures/``."""
        return HERE / "rules-data.json"

    def check_references(self, document: Any, catalogue: Any) -> list[DocumentError]:
        """A DocumentError at "$.models[i].kind" for each kind not in the rules data."""
        return [
            DocumentError(f"$.models[{i}].kind", f"unknown kind {m.kind!r}")
            for i, m in enumerate(document.models)
            if catalogue.kind(m.kind) is None
        ]

    def evaluate(self, document: Any, catalogue: Any) -> Report:
        """Each fighter costs its kind's points; an error when the sum passes the limit."""
        models, total = [], 0
        for i, m in enumerate(document.models):
            kind = catalogue.kind(m.kind)
            cost = kind.points if kind else None
            total += cost or 0
            derived = {"kind": kind.name if kind else m.kind}
            models.append(ModelReport(i, m.name, cost, [CostLine(derived["kind"], cost)], derived))
        limit = document.options.points_limit
        issues = []
        if total > limit:
            message = f"{total} points is over the limit of {limit}"
            issues.append(Issue.of(self.id, "error", "points.over-limit", message, self.source(1)))
        totals = {"cost": total, "limit": limit, "unit": self.unit}
        return Report(self.id, document.name, models, totals, issues)


SYSTEM = TinySystem()
