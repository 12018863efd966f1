"""What an Iron & Honor row offers now (rules.play.offers): an activation in fewer taps
and the log fields only a row can name (issue 40 items 2 and 4).

- Activate on a row of the side whose die is out nominates the model and has Muster roll
  its activation die, the two events the Activate and "Muster rolls it" buttons sent
  (p.31); when only this side's dice are left in the bag the draw is no choice, and the
  row's Activate draws it too. "Activate, roll at the table" (More) nominates only: the
  face rolled at the table is then typed in the bar's Activation roll, and Greater
  Purpose or Cursed Hand may still be spent before it (p.9).
- The model spending action points (the acting one, or the friend given Heroic
  Impetus's point) has its likely actions on its row: Shake Off, the attacks, Walk
  (pp.33-35); every other action stays in the bar's Action menu.
- During a Healer's activation, each friend's More offers its Heal (the patient, p.25);
  during its hero's, Heroic Impetus given to that friend (p.11); Rescue's Prisoner's
  More offers "Rescued" to the Rescuer's player (p.48).
"""

from __future__ import annotations

from typing import Any

from rules.play.core import ModelState, TableState
from rules.play.offers import Offer

#: The actions put on the row of the model spending action points, in this order, at
#: most :data:`QUICK_SHOWN` of those it can take now (pp.33-35).
QUICK_AP = ("Shake Off", "Close Combat Attack", "Ranged Attack", "Walk", "Charge")
QUICK_SHOWN = 3
ACTIONS = "Actions"


def row_offers(rules: Any, state: TableState, side: int, model: ModelState) -> list[Offer]:
    """The offers of ``model``'s row (of ``side``) in ``state``: see the module. ``rules``
    the rules of play (rules.iron_honor.play.IronHonorPlay: its ``ap_refusal``,
    ``prisoner``, ``impetus_of`` and the ``ap`` action's costs)."""
    costs = next(a.amounts for a in rules.trackers.actions if a.name == "ap")

    if state.finished or model.killed:
        return []
    pub = state.public
    out: list[Offer] = []
    act = pub.get("activation")
    held = rules.prisoner(state)
    if not model.activated and model is not held:
        bag = pub.get("bag") or {}
        only_mine = pub.get("drawn") is None and bag.get(str(side), 0) > 0 and not bag.get(str(1 - side))
        waiting = act is not None and act.get("action_points") is None
        if (pub.get("drawn") == side or only_mine) and not waiting:
            draw = "=draw;" if only_mine else ""
            why = " (only its dice are left in the bag)" if only_mine else ""
            out.append(
                Offer(
                    f"{draw}activate;=roll",
                    "Activate",
                    f"Nominate {model.name} for the die{why} and Muster rolls its activation die (p.31)",
                    quick=True,
                )
            )
            out.append(
                Offer(
                    f"{draw}activate",
                    "Activate, roll at the table",
                    "Nominate the model; type the face rolled in the bar's Activation roll (p.31)",
                    group=ACTIONS,
                )
            )
    granted = rules.impetus_of(state)
    spender: ModelState | None = None
    spender_side = -1
    if granted is not None:
        spender, spender_side = granted, granted_side(state)
    elif act is not None and act.get("action_points") is not None and int(act.get("left", 0)) > 0:
        spender_side = int(act["side"])
        spender = state.sides[spender_side].models[int(act["model"])]
    if spender is model and spender_side == side:
        shown = [a for a in QUICK_AP if rules.ap_refusal(state, a) is None][:QUICK_SHOWN]
        out += [
            Offer(
                f"=ap:{a}",
                a,
                f"{model.name}: {a}, {costs.get(a, 1)} action point(s) (pp.33-35)",
                quick=True,
            )
            for a in shown
        ]
    elif spender is not None and spender_side == side and rules.ap_refusal(state, "Heal") is None:
        out.append(
            Offer(
                "ap:Heal",
                f"Healed by {spender.name}",
                f"{spender.name} heals {model.name}: Muster rolls a d6, 5-6 (3-6 with Fate spent on "
                "Healer) gives a Wound back (pp.25-26)",
                group=ACTIONS,
            )
        )
    if act is not None and int(act["side"]) == side:
        hero = state.sides[side].models[int(act["model"])]
        flags = state.sides[side].flags
        if "hero" in hero.tags and hero is not model and not flags.get("heroic_impetus") and granted is None:
            out.append(
                Offer(
                    "impetus",
                    "Heroic Impetus to this model",
                    f"{hero.name} gives {model.name} one free action point, once per game (p.11)",
                    group=ACTIONS,
                )
            )
    rescue = pub.get("rescue")
    if held is model and rescue and int(rescue["side"]) == side and not rescue.get("called"):
        out.append(
            Offer(
                "status:Rescued",
                "Rescued",
                "A Rescuer's model in base contact, no enemy within 3\": "
                "rescued at the Maintenance Phase (p.48)",
                group=ACTIONS,
            )
        )
    return out


def granted_side(state: TableState) -> int:
    """The side of the model given Heroic Impetus's point (p.11)."""
    act = state.public.get("activation") or {}
    return int((act.get("impetus") or {}).get("side", act.get("side", 0)))
