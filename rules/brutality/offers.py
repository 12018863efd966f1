"""What a Brutality row offers now (rules.play.offers; issue 40 item 2): the model
activating may pray at or loot an objective, its Interact action (Scoring Points,
Activation Phases), which scores for it by name: 1 Victory Point, or in Base Assault a
Loot! of 2 by the Attacker's model and 1 by the Defender's (Missions). Not in the
missions scored only at the end (Taking Captives, Grab It!)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.play.core import ModelState, TableState
from rules.play.offers import Offer

if TYPE_CHECKING:
    from rules.brutality.play import BrutalityPlay

ACTIONS = "Actions"


def row_offers(rules: BrutalityPlay, state: TableState, side: int, model: ModelState) -> list[Offer]:
    """The offers of ``model``'s row (of ``side``) in ``state``: see the module."""
    from rules.brutality.play import END_SCORED, out_of_play

    acting = rules.acting(state)
    mission = state.public.get("mission")
    if state.finished or acting is None or (acting[0], acting[1].index) != (side, model.index):
        return []
    if out_of_play(model) or mission in END_SCORED or rules.blinded_now(state) is not None:
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
