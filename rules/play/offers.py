"""What a model's row offers now, beyond the declared actions (issue 40 item 4: fewer
taps; item 2: the log fields the table could not send).

A system's rules of play may define ``row_offers(state, side, model) -> list[Offer]``
(its own module: rules/<system>/offers.py); the table (roster/games/display.py) puts the
``quick`` offers on the row itself, before its other buttons, and the rest in the row's
More menu, grouped by ``group``. Each offer is one button of the row's form: ``do`` is
what it sends (roster.games.forms.ActionForm reads it):

- ``"action"`` or ``"action:value"``: one event about the row's model (its side as
  ``target``, its index as ``model``), as every row button;
- a step starting with ``=`` is sent without the row's ``target`` and ``model`` (a game
  action, as Iron & Honor's roll or an ``ap`` of the acting model);
- steps joined by ``;`` are sent as that many events, in order, each with an id of its
  own (the first the form's): Iron & Honor's ``activate;=roll`` is the two events the
  Activate and "Muster rolls it" buttons sent one after the other.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Offer:
    """One button a row offers: ``do`` (see the module), its ``label``, the ``title``
    saying what it does and where the book says so, ``quick`` (on the row itself, else
    behind More), the More menu's ``group`` heading it goes under."""

    do: str
    label: str
    title: str = ""
    quick: bool = False
    group: str = ""

    def key(self) -> str:
        """The offer as text, for the cache key of a rendered row."""
        return f"{self.do}|{self.label}|{self.quick}|{self.group}"
