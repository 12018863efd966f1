"""Shared pydantic building blocks for roster documents and rules data."""

from __future__ import annotations

from typing import Annotated, Any, Protocol

from pydantic import BaseModel, ConfigDict, StringConstraints

FORMAT = "muster.roster/1"

# Free text a player types: trimmed, non-empty, bounded so a pasted novel is refused,
# and free of control characters (NUL, escape sequences, line breaks).
NO_CONTROL = r"^[^\x00-\x1f\x7f]*$"
Name = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100, pattern=NO_CONTROL)
]
RosterName = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200, pattern=NO_CONTROL)
]
Ref = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100, pattern=NO_CONTROL)
]
Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=60)]


class RosterDocument(Protocol):
    """What every system's roster document has in common."""

    format: str
    system: str
    name: str

    def model_dump(self, **kwargs: Any) -> dict[str, Any]: ...


class Strict(BaseModel):
    """Base of every schema: strict types, unknown keys are an error."""

    model_config = ConfigDict(strict=True, extra="forbid")


def json_path(loc: tuple[Any, ...]) -> str:
    """Turn a pydantic error location into a JSON path: ('models', 2, 'name') -> $.models[2].name."""
    out = "$"
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out
