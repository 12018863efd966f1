"""Rescue's roles chosen at the start (p.48; issue 40 item 2): the Kidnapper is the
player with the higher d6, +1 for the side whose hero has the higher WP, rolled again on
a tie (or the players say who); the Prisoner is one follower of the Rescuer's party
chosen at random by Muster. Stored in ``Snapshot.setup`` as ``kidnapper`` (the side,
with the dice in ``kidnapper_rolls``) and ``prisoner`` (the index of the Rescuer's
model): rules.iron_honor.play reads them (set_up_rescue)."""

from __future__ import annotations

import random
from typing import Any

from rules.play.core import SetupChoice, SideSnapshot

KIDNAPPER = SetupChoice(
    key="kidnapper",
    label="Rescue: the Kidnapper",
    values=["0", "1"],
    summary="Rescue only: each player rolls 1d6, +1 for the hero with the higher WP; the higher "
    "result is the Kidnapper. Muster then picks the Prisoner, a follower of the Rescuer, at random.",
    page=48,
)


def _hero_wp(side: SideSnapshot) -> int | None:
    """The WP of ``side``'s hero (the first model tagged "hero"), or None when unknown."""
    for m in side.models:
        if "hero" in m.tags:
            wp = m.stats.get("WP")
            return wp if isinstance(wp, int) and not isinstance(wp, bool) else None
    return None


def roles(
    setup: dict[str, Any],
    sides: tuple[SideSnapshot, SideSnapshot],
    rng: random.Random,
    changed: int | None = None,
) -> dict[str, Any]:
    """``setup`` with Rescue's roles where the encounter is Rescue: the Kidnapper rolled
    (when the players left it to Muster: not given, or "roll") and the Prisoner drawn
    among the Rescuer's followers (any model but its hero when it has none; none when it
    has a single model). Other encounters: ``setup`` unchanged, a stray kidnapper
    dropped. ``changed``: the side whose list was just replaced (a joiner's own warband
    before the first action): its Prisoner, if it is the Rescuer, is drawn again."""
    out = dict(setup)
    if out.get("encounter") != "Rescue":
        out.pop("kidnapper", None)
        return out
    kidnapper = out.get("kidnapper")
    if kidnapper not in (0, 1, "0", "1"):
        a_wp, b_wp = _hero_wp(sides[0]), _hero_wp(sides[1])
        bonus = [0, 0]
        if a_wp is not None and b_wp is not None and a_wp != b_wp:
            bonus[0 if a_wp > b_wp else 1] = 1
        while True:
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            if a + bonus[0] != b + bonus[1]:
                break
        said = " (+1 for the hero's higher WP)" if any(bonus) else ""
        out["kidnapper"] = 0 if a + bonus[0] > b + bonus[1] else 1
        out["kidnapper_rolls"] = f"{a + bonus[0]} v {b + bonus[1]}{said}"
        rolled = [k for k in str(out.get("rolled") or "").split(",") if k and k != "kidnapper"]
        out["rolled"] = ",".join([*rolled, "kidnapper"])
    rescuer = sides[1 - int(out["kidnapper"])]
    if changed is not None and changed == 1 - int(out["kidnapper"]):
        out.pop("prisoner", None)
    if "prisoner" not in out:
        followers = [i for i, m in enumerate(rescuer.models) if not {"hero", "companion"} & set(m.tags)]
        others = [i for i, m in enumerate(rescuer.models) if "hero" not in m.tags]
        pool = followers or others
        if pool and len(rescuer.models) > 1:
            out["prisoner"] = rng.choice(pool)
    return out
