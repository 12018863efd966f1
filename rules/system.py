"""The interface every game system implements, and reading its rules data."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ValidationError

from rules.report import Report
from rules.schema import DocumentError, json_path
from rules.words import error_words

if TYPE_CHECKING:
    from rules.play.core import PlayRules


class CatalogueError(ValueError):
    """Rules data that fails its schema: names the file (or source) and the JSON path."""


class GameSystem(ABC):
    """One game system, the plug-in that carries everything Muster knows of it.

    Subclasses set ``id`` (as in documents), ``title``, ``book`` (for "p." sources),
    ``unit`` ("ExP" or "points"), ``document_model`` (the roster document schema),
    ``catalogue_model`` (the rules data schema), ``supplement_model`` (the supplement
    schema, None when the system takes no supplements) and ``editor`` (the dotted path
    "module:Class" of its editor parts, a ``roster.rosters.systems.base.SystemUI``, named as a
    string because ``rules`` never imports Django; None: Muster reads its rosters but
    cannot edit them) and ``play`` (its rules of play at the table, a
    :class:`rules.play.core.PlayRules` whose ``models`` reads a side from an evaluated
    roster; None: the system cannot be played at the table, and Muster offers no Play
    button for its rosters). The editor's templates and the sheet (``sheet.html``) are
    found by convention under ``templates/systems/<id>/``. One line of
    ``rules/registry.py`` registers it; the recipe is docs/new-system.md.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    book: ClassVar[str]
    unit: ClassVar[str]
    document_model: ClassVar[type[BaseModel]]
    catalogue_model: ClassVar[type[BaseModel]]
    supplement_model: ClassVar[type[BaseModel] | None] = None
    editor: ClassVar[str | None] = None
    play: ClassVar[PlayRules | None] = None
    # The book's words for its rules data, as supplements speak of it: what one entry of a
    # table is called ("Model Trait" for "model_traits"), a table's heading where its key
    # in words is not it ("Model Traits"), and a field in a sentence ("Armed in Melee").
    entry_words: ClassVar[dict[str, str]] = {}
    table_titles: ClassVar[dict[str, str]] = {}
    field_words: ClassVar[dict[str, str]] = {}

    def entry_word(self, table: str) -> str:
        """What one entry of the rules data table ``table`` is called ("profile")."""
        return self.entry_words.get(table, table.replace("_", " "))

    def table_title(self, table: str) -> str:
        """A rules data table's heading ("Model Traits"; by default "Profiles" for "profiles")."""
        return self.table_titles.get(table, table.replace("_", " ").capitalize())

    def field_word(self, key: str) -> str:
        """A rules data field in a sentence ("Powers known"); by default its key."""
        return self.field_words.get(key, key)

    def source(self, page: int | None) -> str:
        """Return the citation of a page: "Iron & Honor p.17" (no page: the book)."""
        return f"{self.book} p.{page}" if page is not None else self.book

    def fixture_name(self) -> str:
        """The rules data file under ``fixtures/``: "<id>.json"."""
        return f"{self.id}.json"

    def rules_data_file(self, fixtures_dir: Path) -> Path:
        """Where the reviewed rules data is: ``fixtures_dir/<id>.json`` unless the system
        keeps it in its own folder (a system defined outside the repository's packages)."""
        return fixtures_dir / self.fixture_name()

    def read_catalogue(self, data: Any, origin: str = "rules data") -> Any:
        """Validate rules data (parsed JSON) against the catalogue schema.

        Raises CatalogueError "<origin>: <json path>: <message>" for the first error.
        """
        try:
            return self.catalogue_model.model_validate(data)
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            raise CatalogueError(f"{origin}: {json_path(tuple(err['loc']))}: {error_words(err)}") from None

    def read_catalogue_file(self, path: Path) -> Any:
        """Read and validate a rules data file; raises CatalogueError naming the file."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise CatalogueError(f"{path}: cannot read rules data: {exc}") from None
        return self.read_catalogue(data, origin=str(path))

    @abstractmethod
    def check_references(self, document: Any, catalogue: Any) -> list[DocumentError]:
        """Return one DocumentError per catalogue name in ``document`` that does not resolve."""

    @abstractmethod
    def evaluate(self, document: Any, catalogue: Any) -> Report:
        """Price and check a document. Never raises on a document the schema accepts."""
