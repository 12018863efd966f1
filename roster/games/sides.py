"""The sides a game starts from (rules.play.core.SideSnapshot): a Muster roster (mine,
or another player's through its share link), an uploaded roster export, or a typed
list of names with Wounds / Hit Points. The models' lines come from the rules side
(rules.play.registry.snapshot_side), from the same evaluation the editor shows.

:func:`chosen_side` is the one place a side chosen on a form (roster.games.forms.SideForm)
becomes a side: the game's start (the opponent) and the join page (the side the second
phone plays, docs/play.md "Two phones") both go through it."""

from __future__ import annotations

from typing import Any, Literal

from roster.games.forms import SideForm, TypedLine
from roster.rosters.catalogue import catalogue_and_digest
from roster.rosters.evaluation import Evaluation, evaluate_roster, evaluate_stored
from roster.rosters.models import Roster, ShareLink
from roster.rosters.transfer import import_export
from rules.document import DocumentError
from rules.play.core import SideSnapshot
from rules.registry import SYSTEMS
from rules.supplement import dump_supplement


class SideRefused(Exception):
    """A side chosen on a SideForm that cannot be played: ``field`` is the form field the
    ``message`` belongs at (None: the form as a whole)."""

    def __init__(self, field: str | None, message: str) -> None:
        super().__init__(field, message)
        self.field = field
        self.message = message


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


def rosters_of(owner: Any, system_id: str) -> list[tuple[int, str]]:
    """(id, name) of ``owner``'s undeleted rosters of ``system_id``, by name: the "One of
    my rosters" choices of a SideForm (empty for a visitor with no account)."""
    if owner is None or getattr(owner, "pk", None) is None:
        return []
    found = Roster.objects.filter(owner=owner, system=system_id, deleted__isnull=True)
    return [(r.pk, r.name) for r in found.order_by("name").only("pk", "name")]


def _title(system_id: object) -> str:
    system = SYSTEMS.get(str(system_id))
    return system.title if system is not None else str(system_id)


def chosen_side(form: SideForm, owner: Any, system_id: str, *, player: str = "") -> SideSnapshot:
    """The side ``form`` (valid) describes, for a game of ``system_id``: one of
    ``owner``'s undeleted rosters of that system (``owner`` a User, or None for a
    visitor with no account), the roster behind a share link that is not stopped, an
    uploaded export, or the typed list. ``player`` names who plays it (a share link
    names the roster's owner instead). Raises :class:`SideRefused` at the field: another
    player's or a deleted roster (said as "choose one of your rosters": ids leak
    nothing), a link that shares nothing, an export that does not read (or is over 1 MB),
    a roster of another game system."""
    kind = form.cleaned_data["opponent"]
    try:
        side = _read_choice(form, kind, owner, system_id, player)
    except DocumentError as exc:
        raise SideRefused(kind if kind in form.fields else None, exc.message) from None
    theirs = (side.document or {}).get("system")
    if side.document is not None and theirs != system_id:
        raise SideRefused(
            kind, f"That roster is for {_title(theirs)}; this game is {_title(system_id)}: choose another."
        )
    return side


def _read_choice(form: SideForm, kind: str, owner: Any, system_id: str, player: str) -> SideSnapshot:
    if kind == "mine":
        roster = None
        if owner is not None and getattr(owner, "pk", None) is not None:
            roster = Roster.objects.filter(
                pk=form.cleaned_data["mine"], owner=owner, system=system_id, deleted__isnull=True
            ).first()
        if roster is None:
            raise SideRefused("mine", "Choose one of your rosters.")
        return roster_side(roster, player=player)
    if kind == "link":
        link = (
            ShareLink.objects.select_related("roster", "roster__owner")
            .filter(token=form.link_token(), revoked__isnull=True, roster__deleted__isnull=True)
            .first()
        )
        if link is None:
            raise SideRefused("link", "No roster is shared at that link (it may have been stopped).")
        return roster_side(link.roster, player=link.roster.owner.get_username())
    if kind == "upload":
        # import_export refuses more than 1 MB: read no more than it needs to say so
        return export_side(form.cleaned_data["upload"].read(1_000_001)).model_copy(update={"player": player})
    name = form.cleaned_data.get("typed_name") or "Opponent"
    return typed_side(system_id, name, form.cleaned_data["typed_lines"]).model_copy(update={"player": player})


def side_from_form(form: SideForm, owner: Any, system_id: str, *, player: str = "") -> SideSnapshot | None:
    """:func:`chosen_side` for a view: the side, or None with the reason added to
    ``form`` at its field (what was typed stays in the form)."""
    try:
        return chosen_side(form, owner, system_id, player=player)
    except SideRefused as exc:
        form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        return None


def told_apart(own: SideSnapshot, other: SideSnapshot) -> SideSnapshot:
    """``other`` named "<name> (2)" when it has ``own``'s name (case and spaces aside):
    two players with the same warband (the book's example) could not tell whose turn,
    card or Froth a line meant. Otherwise ``other`` as it is."""
    if " ".join(own.name.casefold().split()) != " ".join(other.name.casefold().split()):
        return other
    return other.model_copy(update={"name": f"{other.name} (2)"})
