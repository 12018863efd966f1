"""Every change to a roster, in one place: the single writer of rosters.

Creating a roster (one, or a zip's all or none), saving a new revision (and thinning
the old ones), undo and redo, restoring a revision, deleting, pinning a supplement
version and the share links all happen here, and so does the rules data's loading
(``load_system``, ``refresh_digest``); roster.rosters.models holds data and queries only.

Views translate HTTP into the typed arguments below and the results back into pages;
they never edit a document themselves. Each operation takes the roster, its typed
input and the revision the player was looking at, writes one revision (or none when
nothing changed), and returns a :class:`Change` with the new Evaluation and the model
the change concerns (where the focus goes). A stale revision raises
:class:`StaleRevision`; a roster deleted meanwhile :class:`RosterGone`; a change the
roster cannot take (a 51st model, an unknown kind) raises :class:`Refused` with a message for the player.

See docs/editor.md.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from django.contrib.auth import get_user_model
from django.db import connection, models, transaction
from django.utils import timezone

from roster.rosters.catalogue import RulesDataEdited, catalogue_data, differences, digest_of, fixture_path
from roster.rosters.evaluation import (
    Evaluation,
    Rules,
    evaluate_roster,
    evaluate_stored,
    read_rules,
    roster_catalogue,
)
from roster.rosters.hooks import tell_roster_saved
from roster.rosters.models import CATALOGUE_TABLES, Revision, Roster, RuleSet, RuleSetVersion, ShareLink
from roster.rosters.revisions import unkept_revisions
from roster.rosters.systems import FieldErrors, ui_for
from roster.supplements.models import RosterSupplement, SupplementVersion
from roster.supplements.operations import adopt
from rules.document import DocumentError, dump_document, parse_document
from rules.registry import SYSTEMS
from rules.supplement import SupplementDocument

MAX_MODELS = 50
MAX_ROSTERS_PER_USER = 200


class TooManyRosters(Exception):
    """The player already keeps MAX_ROSTERS_PER_USER rosters (deleted ones do not count)."""

    message = (
        f"You have {MAX_ROSTERS_PER_USER} rosters, the most Muster keeps for one player. "
        "Delete one you no longer need, then try again."
    )

    def __init__(self) -> None:
        super().__init__(self.message)


class StaleRevision(Exception):
    """An edit was made against an old revision (another tab saved first)."""

    def __init__(self, current: Roster) -> None:
        super().__init__(f"roster {current.pk} is at revision {current.revision}")
        self.current = current


class RosterGone(Exception):
    """The roster was deleted while an edit was on its way (another tab's Delete, an
    administrator removing the row): nothing was saved. Also raised for a request to the
    owner's own deleted roster (roster.rosters.views.common). The web answers it as any missing
    roster (roster.project.middleware.RosterGoneMiddleware); ``pk`` is the roster's id."""

    message = "This roster was deleted (in another tab or window, or by an administrator)"

    def __init__(self, pk: int) -> None:
        super().__init__(f"roster {pk} was deleted")
        self.pk = pk


def _stale(roster: Roster) -> StaleRevision | RosterGone:
    """Why a conditional write matched no row: another revision (StaleRevision with the
    roster as it is now), or no roster left to write to (RosterGone)."""
    current = Roster.objects.filter(pk=roster.pk, deleted__isnull=True).first()
    return RosterGone(roster.pk) if current is None else StaleRevision(current)


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
    ``saved`` False when nothing needed writing (no revision was added);
    ``dropped_redo`` True when the change dropped undone revisions (Redo was possible
    before it).
    """

    roster: Roster
    evaluation: Evaluation
    model: int | None
    saved: bool = True
    dropped_redo: bool = False


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


def create_roster(owner: Any, document: dict[str, Any], action: str = "Created") -> Roster:
    """Store a new roster from a structurally valid document, with revision 1.

    Every way of making a roster (new, example, duplicate, import, copy of a shared
    roster, the import command) comes through here, so the cap holds for all: raises
    TooManyRosters when ``owner`` already has MAX_ROSTERS_PER_USER undeleted rosters.
    The owner's row is locked while counting, so concurrent requests cannot pass the
    cap together. The document is stored in its canonical form; raises DocumentError
    if it is not a roster document.
    """
    evaluation = evaluate_stored(document)
    document = dump_document(evaluation.document)
    with transaction.atomic():
        _check_room(owner.pk)
        roster = Roster.objects.create(
            owner=owner,
            system=document["system"],
            name=document["name"],
            document=document,
            rules_digest=evaluation.digest,
            summary=evaluation.summary,
        )
        Revision.objects.create(
            roster=roster, number=1, document=document, rules_digest=evaluation.digest, action=action
        )
        tell_roster_saved(roster, None)
    return roster


def import_rosters(
    owner: Any, documents: Iterable[tuple[dict[str, Any], SupplementDocument | None]]
) -> list[Roster]:
    """A roster of ``owner`` for each (document, supplement) of ``documents`` (a zip's:
    canonical roster documents, each with the supplement it carried or None), made as
    "Imported", each pinned to the owner's version of its supplement (made when the
    owner has none with that content). All or none: raises TooManyRosters when the cap
    is reached part way, with the rosters made before it deleted (the supplements taken
    are kept, as any other supplement of the owner's).

    One short transaction per roster (create_roster's own), never one around the whole
    zip: on SQLite a transaction holds the database's one write lock, and 200 rosters
    evaluated inside one kept every other player's edit waiting for seconds."""
    made: list[Roster] = []
    try:
        for document, supplement in documents:
            roster = create_roster(owner, document, action="Imported")
            made.append(roster)
            if supplement is not None:  # the export carried its supplement: the same numbers
                pin_supplement(roster, adopt(owner, supplement))
    except TooManyRosters:  # another tab filled the list meanwhile: nothing imported
        Roster.objects.filter(pk__in=[r.pk for r in made]).delete()
        raise
    return made


def _check_room(owner_id: Any) -> None:
    """Raise TooManyRosters when the owner already keeps MAX_ROSTERS_PER_USER undeleted
    rosters. Locks the owner's row first (inside the caller's transaction), so two
    requests (new, import, undelete...) cannot pass the cap together."""
    list(get_user_model().objects.select_for_update().filter(pk=owner_id).values_list("pk"))
    if Roster.objects.filter(owner_id=owner_id, deleted__isnull=True).count() >= MAX_ROSTERS_PER_USER:
        raise TooManyRosters()


def save_revision(
    roster: Roster,
    document: dict[str, Any],
    action: str,
    expected_revision: int,
    rules: Rules | None = None,
    model: int | None = None,
) -> Change:
    """Save an edited document as the next revision, concerning ``model`` (an index or
    None). Revisions after the current one (undone edits) are dropped, as in any editor;
    the Change's ``dropped_redo`` says whether there were any. ``rules`` are the
    request's (:func:`roster.rosters.evaluation.read_rules`), read when not given. Raises
    StaleRevision when the roster moved on since ``expected_revision``, RosterGone when
    it was deleted meanwhile.
    """
    number = expected_revision + 1
    # Evaluated before the transaction, so nothing in it can fail but the database;
    # a stale revision writes nothing, so no savepoint is needed to undo it.
    evaluation = evaluate_roster(roster, document, rules)
    undone = roster.head >= number  # revisions from ``number`` on were undone
    with transaction.atomic(savepoint=False):
        written = _write(roster, evaluation, number, expected_revision, number)
        if written:
            if undone:
                Revision.objects.filter(roster=roster, number__gte=number).delete()
            Revision.objects.create(
                roster=roster,
                number=number,
                document=roster.document,
                rules_digest=evaluation.digest,
                action=action,
            )
            unkept_revisions(roster).delete()  # bounded storage: roster/rosters/revisions.py
    if not written:
        raise _stale(roster)
    return Change(roster, evaluation, model, dropped_redo=undone)


def _become(
    roster: Roster, document: dict[str, Any], revision: int, expected_revision: int, rules: Rules | None
) -> Evaluation:
    """Make ``document`` current as ``revision``, if the roster is still at
    ``expected_revision``: one conditional UPDATE, so two concurrent edits can never
    both pass (the second matches no row). Raises StaleRevision otherwise (RosterGone
    when the roster was deleted meanwhile)."""
    evaluation = evaluate_roster(roster, document, rules)
    if not _write(roster, evaluation, revision, expected_revision, roster.head):
        raise _stale(roster)
    return evaluation


def _write(roster: Roster, evaluation: Evaluation, revision: int, expected_revision: int, head: int) -> bool:
    """The conditional UPDATE of :func:`_become`, making ``head`` the highest revision
    kept; False (nothing written) when stale: the revision or the head moved on."""
    # Stored in canonical form (NFC names, plain strings for bare picks) whatever
    # the caller built.
    document = dump_document(evaluation.document)
    fields = {
        "document": document,
        "name": document["name"],
        "revision": revision,
        "head": head,
        "rules_digest": evaluation.digest,
        "summary": evaluation.summary,
        "updated": timezone.now(),
    }
    if not _update_if_current(roster.pk, expected_revision, roster.head, fields):
        return False
    previous = roster.updated
    for key, value in fields.items():
        setattr(roster, key, value)
    tell_roster_saved(roster, previous)
    return True


def _update_if_current(pk: int, revision: int, head: int, fields: dict[str, Any]) -> bool:
    """``UPDATE`` roster ``pk`` with ``fields`` (field name: value) if it is still at
    ``revision`` and ``head`` and not deleted; True when it was. What
    ``Roster.objects.filter(pk=, revision=, head=).update(**fields)`` does, with each
    value prepared by its field as the ORM would, written out because every edit makes
    it (the ORM's compiling took a tenth of a millisecond more)."""
    quote = connection.ops.quote_name
    columns = [_column(name) for name in fields]
    sets = ", ".join(f"{quote(str(field.column))} = %s" for field in columns)
    values = [
        field.get_db_prep_save(value, connection)
        for field, value in zip(columns, fields.values(), strict=True)
    ]
    sql = (
        f"UPDATE {quote(Roster._meta.db_table)} SET {sets}"
        f" WHERE {quote('id')} = %s AND {quote('revision')} = %s AND {quote('head')} = %s"
        f" AND {quote('deleted')} IS NULL"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, pk, revision, head])
        return bool(cursor.rowcount)


def _column(name: str) -> models.Field[Any, Any]:
    field = Roster._meta.get_field(name)
    if not isinstance(field, models.Field):
        raise TypeError(f"{name} is not a column of the roster table")
    return field


def pin_supplement(roster: Roster, version: SupplementVersion | None) -> None:
    """Make the roster use ``version`` (None: no supplement), and bring the roster list's
    summary (cost, legal) up to date with it. Cached sheets need nothing: their key holds
    the supplement's digest (roster.sheets.queue.key_of)."""
    if version is None:
        RosterSupplement.objects.filter(roster=roster).delete()
    else:
        RosterSupplement.objects.update_or_create(roster=roster, defaults={"version": version})
    roster.summary = evaluate_roster(roster).summary
    Roster.objects.filter(pk=roster.pk).update(summary=roster.summary)


def delete_roster(roster: Roster) -> None:
    """Delete the roster recoverably: it leaves the player's list, and
    :func:`undelete_roster` brings it back as it was."""
    Roster.objects.filter(pk=roster.pk).update(deleted=timezone.now())


def undelete_roster(roster: Roster) -> None:
    """Bring a deleted roster back, if its owner has room for one more: the cap counts
    every way back into the list (docs/security.md, "Limits"). Raises TooManyRosters."""
    with transaction.atomic():
        _check_room(roster.owner_id)
        Roster.objects.filter(pk=roster.pk).update(deleted=None)
    roster.deleted = None


def share_roster(roster: Roster) -> ShareLink | None:
    """Give ``roster`` a read-only share link (/s/<token>/): the new link, or None when
    it has one not revoked already (nothing written)."""
    if roster.share_links.filter(revoked__isnull=True).exists():
        return None
    return ShareLink.objects.create(roster=roster)


def stop_sharing(roster: Roster) -> int:
    """Revoke every share link of ``roster`` (they answer 404 from now on); how many were
    live (0: nothing written)."""
    return int(roster.share_links.filter(revoked__isnull=True).update(revoked=timezone.now()))


def restore_sharing(roster: Roster, link: ShareLink) -> bool:
    """Undo "Stop sharing": ``link`` (one of ``roster``'s, revoked) works again at the same
    address. False (nothing written) when the link is another roster's or not revoked, or
    the roster has a live link already."""
    if link.roster_id != roster.pk or roster.share_links.filter(revoked__isnull=True).exists():
        return False
    return bool(ShareLink.objects.filter(pk=link.pk, revoked__isnull=False).update(revoked=None))


def acknowledge_rules(roster: Roster, digest: str) -> None:
    """The player has read what changed in the rules data up to ``digest``: the roster
    counts as saved with it, and the change is no longer shown."""
    Roster.objects.filter(pk=roster.pk).update(rules_digest=digest)
    roster.rules_digest = digest


def _unchanged(roster: Roster, model: int | None, rules: Rules | None) -> Change:
    return Change(roster, evaluate_roster(roster, rules=rules), model, saved=False)


def update_model(
    roster: Roster, index: int, edit: ModelEdit, revision: int, *, rules: Rules | None = None
) -> Change:
    """Store ``edit.saved`` as model ``index`` (0-based). A new name is carried to what
    refers to the model by name (an Iron & Honor Pet's master, p.27).

    Raises IndexError for a model the roster does not have, StaleRevision when stale, RosterGone when deleted.
    """
    current = roster.document["models"][index]
    if edit.saved == current:
        return _unchanged(roster, index, rules)
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
    return save_revision(roster, document, action, revision, rules, index)


def update_options(
    roster: Roster, name: str, options: dict[str, Any], revision: int, *, rules: Rules | None = None
) -> Change:
    """Rename the warband and set the system's options (game size, points limit...).

    Raises Refused (with the field, "name" or "options", as ``exc.args[1]``) when the
    document would not be a roster document; StaleRevision when stale, RosterGone when deleted.
    """
    document = {**copy.deepcopy(roster.document), "name": name.strip(), "options": options}
    try:
        parse_document(document)
    except DocumentError as exc:
        raise Refused(exc.message, "name" if exc.path == "$.name" else "options") from None
    if document == roster.document:
        return _unchanged(roster, None, rules)
    return save_revision(roster, document, options_change(roster.document, document), revision, rules, None)


def add_model(
    roster: Roster, kind: str, revision: int, count: int = 1, *, rules: Rules | None = None
) -> Change:
    """Add ``count`` fresh models of ``kind`` (hero, companion, follower; a class; a
    profile slug) at the end, in one revision; the change concerns the last one added.
    Raises Refused for an unknown kind, a count below 1 or one the roster has no room
    for (MAX_MODELS), StaleRevision, RosterGone."""
    ui = ui_for(roster.system)
    rules = rules or read_rules(roster)
    catalogue = roster_catalogue(rules)
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
    return save_revision(roster, document, action, revision, rules, len(document["models"]) - 1)


def remove_model(roster: Roster, index: int, revision: int, *, rules: Rules | None = None) -> Change:
    """Remove model ``index``; the change concerns the model now in its place (or the
    last one). Undo brings it back. Raises IndexError, StaleRevision, RosterGone."""
    document = copy.deepcopy(roster.document)
    removed = document["models"].pop(index)
    remaining = len(document["models"])
    focus = min(index, remaining - 1) if remaining else None
    label = ui_for(roster.system).model_label(removed)
    return save_revision(roster, document, f"Removed {label}", revision, rules, focus)


def duplicate_model(roster: Roster, index: int, revision: int, *, rules: Rules | None = None) -> Change:
    """Copy model ``index`` just below itself, named "... (copy)". Raises Refused for a
    full roster, IndexError, StaleRevision, RosterGone."""
    document = copy.deepcopy(roster.document)
    if len(document["models"]) >= MAX_MODELS:
        raise Refused(f"A roster holds at most {MAX_MODELS} models.")
    label = ui_for(roster.system).model_label
    clone = copy.deepcopy(document["models"][index])
    clone["name"] = f"{label(clone)[:93]} (copy)"
    document["models"].insert(index + 1, clone)
    return save_revision(
        roster, document, f"Duplicated {label(document['models'][index])}", revision, rules, index + 1
    )


def move_model(
    roster: Roster,
    index: int,
    direction: Literal["up", "down"],
    revision: int,
    *,
    rules: Rules | None = None,
) -> Change:
    """Swap model ``index`` with its neighbour above or below; at either end nothing
    changes. Raises IndexError, StaleRevision, RosterGone."""
    models = roster.document["models"]
    target = index - 1 if direction == "up" else index + 1
    if not 0 <= target < len(models) or not 0 <= index < len(models):
        return _unchanged(roster, index, rules)
    document = copy.deepcopy(roster.document)
    document["models"][index], document["models"][target] = models[target], models[index]
    label = ui_for(roster.system).model_label(models[index])
    return save_revision(roster, document, f"Moved {label}", revision, rules, target)


def _step(roster: Roster, delta: int, revision: int, rules: Rules | None) -> Change:
    """Undo (delta -1) or redo (+1): make the document equal a neighbouring revision;
    ``saved`` False when there is none. Raises StaleRevision, RosterGone."""
    before = roster.document
    with transaction.atomic():
        target = Revision.objects.filter(roster=roster, number=revision + delta).first()
        if target is None:
            if not Roster.objects.filter(pk=roster.pk, revision=revision, deleted__isnull=True).exists():
                raise _stale(roster)
        else:
            evaluation = _become(roster, target.document, target.number, revision, rules)
    if target is None:
        return _unchanged(roster, None, rules)
    return Change(roster, evaluation, changed_model(before, roster.document))


def undo(roster: Roster, revision: int, *, rules: Rules | None = None) -> Change:
    """Step back one revision (``saved`` False when there is nothing to undo)."""
    return _step(roster, -1, revision, rules)


def redo(roster: Roster, revision: int, *, rules: Rules | None = None) -> Change:
    """Step forward to the revision that was undone (``saved`` False when none)."""
    return _step(roster, +1, revision, rules)


def restore(roster: Roster, number: int, revision: int, *, rules: Rules | None = None) -> Change:
    """Make revision ``number`` current again. An earlier one comes back as a new
    revision on top (nothing is lost); an undone one (above ``revision``) is stepped
    forward to, as Redo pressed until there would do, so the revisions after it stay
    undone and can still be redone.

    Raises Revision.DoesNotExist for an unknown number, StaleRevision when stale, RosterGone when deleted."""
    before = roster.document
    old = Revision.objects.get(roster=roster, number=number)
    if number > roster.revision:
        evaluation = _become(roster, old.document, number, revision, rules)
    else:
        evaluation = save_revision(
            roster, old.document, f"Restored revision {number}", revision, rules
        ).evaluation
    return Change(roster, evaluation, changed_model(before, roster.document))


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


# The rules data (docs/new-system.md): the reviewed seed brought in by ``load_rules``, and
# a new version after each edit in the admin. Reads are roster.rosters.catalogue's.


def load_system(system_id: str, path: Path | None = None, replace: bool = False) -> tuple[str, bool]:
    """Validate a rules data file (the reviewed seed) and bring it into the catalogue
    tables as a new rules data version.

    Idempotent: rows are matched by slug, updated in place, and rows missing from the
    file are deleted; when the file is the one loaded last and nothing was edited since
    (its digest is both ``digest`` and ``seed_digest``), no row is written at all. An
    edit made in the admin since the last load is never reverted silently: unless
    ``replace``, raises RulesDataEdited listing how the file differs (a file that equals
    the edited data is taken as its review). Returns (digest, changed). Raises
    CatalogueError naming the file and the JSON path of the first schema error.
    """
    system = SYSTEMS[system_id]
    path = path or fixture_path(system_id)
    catalogue = system.read_catalogue_file(path)
    data = catalogue.model_dump(mode="json")
    tables = CATALOGUE_TABLES.get(system_id, {})  # a system may keep all its rules data in settings
    with transaction.atomic():
        ruleset, _ = RuleSet.objects.select_for_update().get_or_create(
            system=system_id, defaults={"title": system.title}
        )
        before = ruleset.digest
        if before and before == ruleset.seed_digest == digest_of(data) and ruleset.title == system.title:
            return before, False  # the file was loaded last and nothing was edited since
        edited = bool(before) and before != ruleset.seed_digest
        if edited and not replace and digest_of(data) != before:
            raise RulesDataEdited(system_id, path, differences(catalogue_data(ruleset), data, tables))
        ruleset.title = system.title
        ruleset.settings = {k: v for k, v in data.items() if k not in tables}
        ruleset.save()
        for key, model in tables.items():
            rows = data[key]
            model._default_manager.filter(ruleset=ruleset).exclude(
                slug__in=[r["slug"] for r in rows]
            ).delete()
            for position, row in enumerate(rows):
                model._default_manager.update_or_create(
                    ruleset=ruleset, slug=row["slug"], defaults={**row, "position": position}
                )
        digest = refresh_digest(system_id)
        RuleSet.objects.filter(pk=ruleset.pk).update(seed_digest=digest)
    return digest, digest != before


def refresh_digest(system_id: str) -> str:
    """Recompute a system's digest from the database and snapshot a new version.

    Called after loading and after every admin edit. Raises CatalogueError if the
    edited data no longer passes the schema (the edit's transaction is rolled back).
    """
    ruleset = RuleSet.objects.select_for_update().get(system=system_id)
    data = catalogue_data(ruleset)
    SYSTEMS[system_id].read_catalogue(data, origin=f"{system_id} rules data in the database")
    digest = digest_of(data)
    if digest != ruleset.digest:
        RuleSetVersion.objects.get_or_create(system=system_id, digest=digest, defaults={"data": data})
        RuleSet.objects.filter(pk=ruleset.pk).update(digest=digest)
    return digest
