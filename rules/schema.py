"""Shared pydantic building blocks for roster documents and rules data."""

from __future__ import annotations

from typing import Annotated, Any, Protocol, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, PrivateAttr, StringConstraints

from rules.names import name_key
from rules.text import text_of_at_most

FORMAT = "muster.roster/1"

# Free text a player types: trimmed, NFC-normalised, non-empty, bounded (measured after
# normalising: the stored text) so a pasted novel is refused, and free of characters that
# are invisible or reorder the text around them (rules.text.clean_text says which and why).
NAME_MAX = 100
LABEL_MAX = 100
ROSTER_NAME_MAX = 200
SHORT_MAX = 60
SUMMARY_MAX = 300
NOTE_MAX = 1000
_TRIMMED = StringConstraints(strip_whitespace=True, min_length=1)
Name = Annotated[str, _TRIMMED, AfterValidator(text_of_at_most(NAME_MAX))]
# What a player writes beside a catalogue name: the item a skill stands for ("Sword"),
# the weapon a trait blesses.
Label = Annotated[str, _TRIMMED, AfterValidator(text_of_at_most(LABEL_MAX))]
RosterName = Annotated[str, _TRIMMED, AfterValidator(text_of_at_most(ROSTER_NAME_MAX))]
Ref = Annotated[str, _TRIMMED, AfterValidator(text_of_at_most(NAME_MAX))]
# A homebrew entry's printed name, alias, fighter and equipment: as long as the book's own
# (60, the rules data tables' limit); its one-line rules, source and transcription (300);
# a note beside it (1,000).
ShortText = Annotated[str, _TRIMMED, AfterValidator(text_of_at_most(SHORT_MAX))]
SummaryText = Annotated[str, _TRIMMED, AfterValidator(text_of_at_most(SUMMARY_MAX))]
NoteText = Annotated[str, _TRIMMED, AfterValidator(text_of_at_most(NOTE_MAX))]
SectionText = Annotated[str, _TRIMMED, AfterValidator(text_of_at_most(NAME_MAX))]
Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=60)]


class DocumentError(ValueError):
    """A roster document (or supplement) that cannot be read, raised by rules.document and each
    system's schema checks: ``path`` is a JSON path ("$.models[2].traits[1]")."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


class RosterDocument(Protocol):
    """What every system's roster document has in common."""

    format: str
    system: str
    name: str

    def model_dump(self, **kwargs: Any) -> dict[str, Any]: ...


class Strict(BaseModel):
    """Base of every schema: strict types, unknown keys are an error."""

    model_config = ConfigDict(strict=True, extra="forbid")


class Marked(Strict):
    """Base of a catalogue entry a supplement can fill or add (rules.supplement).

    The marks are private: never part of the rules data, its dump or its digest. An
    entry of the book carries none; :func:`rules.supplement.merge` marks the fields a
    supplement filled and the entries it added (homebrew).
    """

    _filled_by: dict[str, str] = PrivateAttr(default_factory=dict)
    _homebrew_of: str | None = PrivateAttr(default=None)

    def supplement_of(self, field: str) -> str | None:
        """The name of the supplement that gave ``field`` its value; None for the book's
        own values (or a value still unknown). Every field of a homebrew entry is the
        supplement's."""
        # Read the private slot directly: pydantic's attribute lookup for private fields
        # costs about 4 µs, and the rules engines ask this for every stat of every model.
        private = self.__pydantic_private__ or {}
        homebrew: str | None = private.get("_homebrew_of")
        return homebrew or private.get("_filled_by", {}).get(field)

    @property
    def homebrew(self) -> str | None:
        """The name of the supplement this entry comes from, None for the book's entries."""
        homebrew: str | None = (self.__pydantic_private__ or {}).get("_homebrew_of")
        return homebrew

    def mark(self, supplement: str, fields: list[str] | None) -> None:
        """Record that ``supplement`` gave ``fields`` (None: the whole entry is homebrew)."""
        if fields is None:
            self._homebrew_of = supplement
        else:
            self._filled_by.update(dict.fromkeys(fields, supplement))


def json_path(loc: tuple[Any, ...]) -> str:
    """Turn a pydantic error location into a JSON path: ('models', 2, 'name') -> $.models[2].name."""
    out = "$"
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


class Named(Protocol):
    """A catalogue entry a document can name: by slug, printed name or alias."""

    @property
    def slug(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def aliases(self) -> list[str]: ...


N = TypeVar("N", bound=Named)


def index_entries(kind: str, entries: list[N]) -> dict[str, N]:
    """Map every name key (slug, name, aliases) of ``entries`` to its entry.

    Raises ValueError when two entries share a key ("<kind>: 'x' names both a and b").
    """
    index: dict[str, N] = {}
    for entry in entries:
        for key in {name_key(n) for n in (entry.slug, entry.name, *entry.aliases)}:
            if key in index and index[key] is not entry:
                raise ValueError(f"{kind}: {key!r} names both {index[key].slug} and {entry.slug}")
            index[key] = entry
    return index
