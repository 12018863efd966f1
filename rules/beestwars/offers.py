"""What a Beestwars row offers now (rules.play.offers; issue 40 items 2 and 4).

- During an activation, each of the active commander's fighters has its likely action on
  its row, by its status (p.4): a Ready fighter Moves, an Engaged one Attacks, a Stunned
  one tries to Recover (pp.5-6), when the card and its two actions still allow it; the
  rest (Charge, Recover by the standard, Bodyguard link, Cavalry attack, Two Weapons
  attack...) are in its Action menu.
- The Action menu of a fighter lists only what its abilities and equipment allow
  (rules.beestwars.play.BeestwarsPlay.model_offers: Wallop p.9, Bodyguard and Cavalry
  p.7, Two Weapons p.8, a shield for a Shieldbash and a ranged weapon for shooting p.6);
  a fighter whose profile Muster does not know keeps every one.
- A fallen standard (or its own, taken and dropped) is picked up by a fighter of the
  active commander as an action: "Pick up the standard" in its More (p.8).
"""

from __future__ import annotations

from typing import Any

from rules.play.core import ModelState, SideIndex, TableState
from rules.play.offers import Offer

#: The action on a fighter's row by its status, and its page (pp.5-6).
LIKELY = {"ready": ("Move", 5), "engaged": ("Attack", 5), "stunned": ("Recover", 6)}
#: Picking up a fallen standard, as rules.beestwars.play names the action (p.8).
PICK_UP = "Pick up the standard"
ACTIONS = "Actions"


def row_offers(rules: Any, state: TableState, side: int, model: ModelState) -> list[Offer]:
    """The offers of ``model``'s row (of ``side``) in ``state``: see the module. ``rules``
    the rules of play (rules.beestwars.play.BeestwarsPlay: its ``held`` and
    ``act_refusal``)."""
    if state.finished or model.killed or rules.held(state) is None or state.active != side:
        return []
    whose: SideIndex = 0 if side == 0 else 1
    out: list[Offer] = []
    likely, page = LIKELY.get(model.status, ("", 0))
    if likely and rules.act_refusal(state, whose, model, likely) is None:
        out.append(
            Offer(
                f"act:{likely}", likely, f"{model.name}: {likely}, one of the card's actions (p.{page})", True
            )
        )
    if can_pick_up(state, side) and rules.act_refusal(state, whose, model, PICK_UP) is None:
        out.append(
            Offer(
                "standard",
                "Pick up the standard",
                f"{model.name} picks up the fallen standard: an action (p.8)",
                group=ACTIONS,
            )
        )
    return out


def can_pick_up(state: TableState, side: int) -> bool:
    """Whether ``side`` has a standard to pick up (p.8): the enemy's or its own fallen, or
    its own held by the enemy with nobody carrying it (as act_standard reads it)."""
    standards = state.public.get("standard", {})
    foe = str(1 - side)
    carried = state.public.get("standard_carried_by", {})
    if standards.get(foe) == "fallen" or standards.get(str(side)) == "fallen":
        return True
    return standards.get(str(side)) == foe and str(side) not in carried
