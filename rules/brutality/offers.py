"""What a Brutality row offers now (rules.play.offers; issue 40 item 2): the model
activating may pray at or loot an objective, its Interact action (Scoring Points,
Activation Phases), which scores for it by name: 1 Victory Point, or in Base Assault a
Loot! of 2 by the Attacker's model and 1 by the Defender's (Missions). Not in the
missions scored only at the end (Taking Captives, Grab It!)."""

from __future__ import annotations

from typing import Any

from rules.play.core import ModelState, TableState
from rules.play.offers import Offer

ACTIONS = "Actions"
#: The missions scored only at the end (rules.brutality.play.END_SCORED).
END_SCORED = ("Taking Captives", "Grab It!")


def row_offers(rules: Any, state: TableState, side: int, model: ModelState) -> list[Offer]:
    """The offers of ``model``'s row (of ``side``) in ``state``: see the module. ``rules``
    the rules of play (rules.brutality.play.BrutalityPlay: its ``acting`` and
    ``blinded_now``)."""
    acting = rules.acting(state)
    mission = state.public.get("mission")
    if state.finished or acting is None or (acting[0], acting[1].index) != (side, model.index):
        return []
    if (
        model.killed
        or model.status == "unconscious"
        or mission in END_SCORED
        or rules.blinded_now(state) is not None
    ):
        return []
    defender = state.public.get("defender")
    points = (1 if side == defender else 2) if mission == "Base Assault" and defender in (0, 1) else 1
    plural = "s" if points > 1 else ""
    return [
        Offer(
            f"score:{points}",
            f"Prays or loots: {points} VP",
            f"{model.name} prays at or loots an objective, its Interact action: {points} Victory "
            f"Point{plural} (Scoring Points)",
            group=ACTIONS,
        )
    ]
