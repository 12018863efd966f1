"""The sides a game starts from (rules.play.core.SideSnapshot): a Muster roster (mine,
or another player's through its share link), an uploaded roster export, or a typed
list of names with Wounds / Hit Points. The models' lines come from the rules side
(rules.play.registry.snapshot_side), from the same evaluation the editor shows."""

from __future__ import annotations

from typing import Any, Literal

from roster.catalogue import catalogue_and_digest
from roster.evaluation import Evaluation, evaluate_roster, evaluate_stored
from roster.games.forms import TypedLine
from roster.models import Roster
from roster.transfer import import_export
from rules.play.core import SideSnapshot
from rules.supplement import dump_supplement


def _issues(evaluation: Evaluation) -> list[str]:
    return [
        f"{i.model_name + ': ' if i.model_name else ''}{i.message} ({i.source})"
        for i in evaluation.report.issues
        if i.severity == "error"
    ]


def evaluated_side(
    evaluation: Evaluation,
    *,
    origin: Literal["roster", "export"],
    player: str = "",
    roster_id: int | None = None,
) -> SideSnapshot:
    """The side of an evaluated roster (rules.play.registry.snapshot_side): its
    document, rules data digest and pinned supplement as they are now, its errors
    (shown once at the start), and its models as the rules of play read them."""
    from rules.play.registry import snapshot_side

    supplement: dict[str, Any] | None = None
    if evaluation.supplement is not None:
        supplement = dump_supplement(evaluation.supplement)
    side = snapshot_side(
        evaluation.document.system,
        evaluation.document.name,
        evaluation.document,
        evaluation.report,
        origin=origin,
        roster_id=roster_id,
        rules_digest=evaluation.digest,
        supplement=supplement,
        player=player,
    )
    return side.model_copy(update={"issues": _issues(evaluation)})


def roster_side(roster: Roster, player: str = "") -> SideSnapshot:
    """A Muster roster as a side (raises DocumentError if its document no longer reads)."""
    return evaluated_side(evaluate_roster(roster), origin="roster", player=player, roster_id=roster.pk)


def export_side(raw: bytes) -> SideSnapshot:
    """An uploaded ``muster.roster/1`` export as a side (with the supplement it embeds).
    Raises DocumentError naming the JSON path."""
    document, supplement = import_export(raw, catalogue_and_digest)
    return evaluated_side(evaluate_stored(document, supplement=supplement), origin="export")


def typed_side(system_id: str, name: str, lines: list[TypedLine]) -> SideSnapshot:
    """An opponent who is not on Muster: the names and Wounds / Hit Points typed in."""
    from rules.play.registry import typed_side as typed

    return typed(system_id, name, [(line.name, line.wounds) for line in lines])
