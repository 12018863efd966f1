"""Every change to a roster, in one place: the single writer of roster documents.

Views translate HTTP into the typed arguments below and the results back into pages;
they never edit a document themselves. Each operation takes the roster, its typed
input and the revision the player was looking at, writes one revision (or none when
nothing changed), and returns a :class:`Change` with the new Evaluation and the model
the change concerns (where the focus goes). A stale revision raises
:class:`roster.models.StaleRevision`; a change the roster cannot take (a 51st model, an
unknown kind) raises :class:`Refused` with a message for the player.

See docs/editor.md.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Literal

from roster.evaluation import Evaluation, evaluate_roster, roster_catalogue
from roster.models import Roster
from roster.systems import FieldErrors, ui_for
from rules.document import DocumentError, parse_document

MAX_MODELS = 50


class Refused(Exception):
    """The roster cannot take this change. ``message`` says why, in the player's words;
    ``field`` names the form field it concerns ("name", "options"), when there is one."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Change:
    """The result of one operation.

    ``evaluation`` is the roster's evaluation after the change (saved or not);
    ``model`` the index of the model the change concerns (None: the roster as a whole);
    ``saved`` False when nothing needed writing (no revision was added).
    """

    roster: Roster
    evaluation: Evaluation
    model: int | None
    saved: bool = True


@dataclass(frozen=True)
class ModelEdit:
    """A model form read from a POST.

    ``saved`` is what gets stored: the typed values, except that every field with an
    error keeps its stored value; ``shown`` is what the form shows again (the typed
    values, bad ones included); ``errors`` the message of each field that was not saved.
    """

    saved: dict[str, Any]
    shown: dict[str, Any]
    errors: FieldErrors


def _commit(
    roster: Roster, document: dict[str, Any], action: str, revision: int, model: int | None
) -> Change:
    return Change(roster, roster.commit(document, action, revision), model)


def _unchanged(roster: Roster, model: int | None) -> Change:
    return Change(roster, evaluate_roster(roster), model, saved=False)


def update_model(roster: Roster, index: int, edit: ModelEdit, revision: int) -> Change:
    """Store ``edit.saved`` as model ``index`` (0-based). A new name is carried to what
    refers to the model by name (an Iron & Honor Pet's master, p.27).

    Raises IndexError for a model the roster does not have, StaleRevision when stale.
    """
    current = roster.document["models"][index]
    if edit.saved == current:
        return _unchanged(roster, index)
    ui = ui_for(roster.system)
    # Only the document and its list of models are new; the other models are shared with
    # the stored document, which nothing changes in place (rename_references replaces
    # the models it changes).
    document = {**roster.document, "models": list(roster.document["models"])}
    document["models"][index] = edit.saved
    action = ui.describe_change(current, edit.saved)
    old_name, new_name = current.get("name"), edit.saved.get("name")
    if old_name and new_name and old_name != new_name:
        also = ui.rename_references(document, str(old_name), str(new_name))
        action = "; ".join([action, *also])
    return _commit(roster, document, action, revision, index)


def update_options(roster: Roster, name: str, options: dict[str, Any], revision: int) -> Change:
    """Rename the warband and set the system's options (game size, points limit...).

    Raises Refused (with the field, "name" or "options", as ``exc.args[1]``) when the
    document would not be a roster document; StaleRevision when stale.
    """
    document = {**copy.deepcopy(roster.document), "name": name.strip(), "options": options}
    try:
        parse_document(document)
    except DocumentError as exc:
        raise Refused(exc.message, "name" if exc.path == "$.name" else "options") from None
    if document == roster.document:
        return _unchanged(roster, None)
    return _commit(roster, document, options_change(roster.document, document), revision, None)


def add_model(roster: Roster, kind: str, revision: int, count: int = 1) -> Change:
    """Add ``count`` fresh models of ``kind`` (hero, companion, follower; a class; a
    profile slug) at the end, in one revision; the change concerns the last one added.
    Raises Refused for an unknown kind, a count below 1 or one the roster has no room
    for (MAX_MODELS), StaleRevision."""
    ui = ui_for(roster.system)
    catalogue = roster_catalogue(roster)
    kinds = dict(ui.model_kinds(catalogue))
    models = roster.document.get("models", [])
    if kind not in kinds:
        choices = ", ".join(kinds.values()) if len(kinds) <= 5 else "one from the list"
        raise Refused(f"Choose what to add: {choices}.")
    room = MAX_MODELS - len(models)
    if room <= 0:
        raise Refused(f"A roster holds at most {MAX_MODELS} models.")
    if count < 1:
        raise Refused("Add at least 1 model.")
    if count > room:
        raise Refused(f"A roster holds at most {MAX_MODELS} models: there is room for {room} more.")
    document = copy.deepcopy(roster.document)
    names = {str(m.get("name", "")).casefold() for m in models}
    for _ in range(count):
        model = ui.new_model(kind, catalogue, names)
        names.add(str(model.get("name", "")).casefold())
        document["models"].append(model)
    label = ui.model_label(document["models"][-1])
    action = f"Added {label}" if count == 1 else f"Added {count} × {label}"
    return _commit(roster, document, action, revision, len(document["models"]) - 1)


def remove_model(roster: Roster, index: int, revision: int) -> Change:
    """Remove model ``index``; the change concerns the model now in its place (or the
    last one). Undo brings it back. Raises IndexError, StaleRevision."""
    document = copy.deepcopy(roster.document)
    removed = document["models"].pop(index)
    remaining = len(document["models"])
    focus = min(index, remaining - 1) if remaining else None
    label = ui_for(roster.system).model_label(removed)
    return _commit(roster, document, f"Removed {label}", revision, focus)


def duplicate_model(roster: Roster, index: int, revision: int) -> Change:
    """Copy model ``index`` just below itself, named "... (copy)". Raises Refused for a
    full roster, IndexError, StaleRevision."""
    document = copy.deepcopy(roster.document)
    if len(document["models"]) >= MAX_MODELS:
        raise Refused(f"A roster holds at most {MAX_MODELS} models.")
    label = ui_for(roster.system).model_label
    clone = copy.deepcopy(document["models"][index])
    clone["name"] = f"{label(clone)[:93]} (copy)"
    document["models"].insert(index + 1, clone)
    return _commit(roster, document, f"Duplicated {label(document['models'][index])}", revision, index + 1)


def move_model(roster: Roster, index: int, direction: Literal["up", "down"], revision: int) -> Change:
    """Swap model ``index`` with its neighbour above or below; at either end nothing
    changes. Raises IndexError, StaleRevision."""
    models = roster.document["models"]
    target = index - 1 if direction == "up" else index + 1
    if not 0 <= target < len(models) or not 0 <= index < len(models):
        return _unchanged(roster, index)
    document = copy.deepcopy(roster.document)
    document["models"][index], document["models"][target] = models[target], models[index]
    label = ui_for(roster.system).model_label(models[index])
    return _commit(roster, document, f"Moved {label}", revision, target)


def _step(roster: Roster, delta: int, revision: int) -> Change:
    before = roster.document
    if not roster.step(delta, revision):
        return _unchanged(roster, None)
    return Change(roster, evaluate_roster(roster), changed_model(before, roster.document))


def undo(roster: Roster, revision: int) -> Change:
    """Step back one revision (``saved`` False when there is nothing to undo)."""
    return _step(roster, -1, revision)


def redo(roster: Roster, revision: int) -> Change:
    """Step forward to the revision that was undone (``saved`` False when none)."""
    return _step(roster, +1, revision)


def restore(roster: Roster, number: int, revision: int) -> Change:
    """Make revision ``number`` current again, as a new revision. Raises
    Revision.DoesNotExist for an unknown number, StaleRevision when stale."""
    before = roster.document
    roster.restore(number, revision)
    return Change(roster, evaluate_roster(roster), changed_model(before, roster.document))


def changed_model(before: dict[str, Any], after: dict[str, Any]) -> int | None:
    """The first model that differs between two documents (the focus after an undo),
    or None when the models are the same (only options changed) or there are none."""
    old, new = before.get("models", []), after.get("models", [])
    for i, (a, b) in enumerate(zip(old, new, strict=False)):
        if a != b:
            return i
    if len(old) != len(new) and new:
        return min(len(old), len(new)) if len(new) > len(old) else len(new) - 1
    return None


def options_change(old: dict[str, Any], new: dict[str, Any]) -> str:
    """A history line for the warband name and options ("Renamed to X; game size medium -> large")."""
    parts = [f"Renamed to {new['name']}"] if old.get("name") != new.get("name") else []
    before, after = old.get("options", {}), new.get("options", {})
    for key in sorted(set(before) | set(after)):
        if before.get(key) != after.get(key):
            parts.append(f"{key.replace('_', ' ')} {before.get(key, '-')} -> {after.get(key, '-')}")
    return "; ".join(parts) or "Saved the options"
