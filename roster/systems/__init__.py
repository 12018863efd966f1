"""The per-system parts of the editor behind one small interface.

The editor's core (views, history, sharing) never looks inside a model; it asks the
system's :class:`SystemUI` for forms, templates and the words describing a change.
Adding a system means one module here and one line in :data:`UIS`.
"""

from __future__ import annotations

from roster.systems.base import FieldErrors, SystemUI
from roster.systems.beestwars import BeestwarsUI
from roster.systems.brutality import BrutalityUI
from roster.systems.iron_honor import IronHonorUI

UIS: dict[str, SystemUI] = {ui.system_id: ui for ui in (IronHonorUI(), BrutalityUI(), BeestwarsUI())}


def ui_for(system_id: str) -> SystemUI:
    """The editor interface of a system; raises KeyError for an unknown id."""
    return UIS[system_id]


__all__ = ["UIS", "FieldErrors", "SystemUI", "ui_for"]
