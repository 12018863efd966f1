"""Fill a gap of the rules data from a model's card, once for all of the player's rosters.

The card's "Save for all my rosters" button posts the model's form here: the model is
saved as by any edit, the values it supplies for its line's gaps go into the player's
supplement (roster.rosters.fill), and the model leaves them to the supplement.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.views.decorators.http import require_POST

from roster.core.http import HtmxHttpRequest, player
from roster.rosters import operations
from roster.rosters.evaluation import roster_catalogue
from roster.rosters.fill import fill
from roster.rosters.forms import read_model
from roster.rosters.operations import ModelEdit, StaleRevision
from roster.rosters.systems import ui_for
from roster.rosters.views.common import (
    after_edit,
    get_roster_and_rules,
    model_index,
    posted_revision,
    respond_conflict,
    respond_editor,
)
from roster.rosters.views.editor import CONFLICT, update_model
from rules.document import DocumentError
from rules.registry import SYSTEMS


@require_POST
@login_required
def fill_gaps(request: HtmxHttpRequest, pk: int, index: int) -> HttpResponse:
    """Save model ``index`` and write the values it supplies for its line's gaps into the
    player's supplement; the roster (and their others on that supplement) use them at once."""
    roster, rules = get_roster_and_rules(request, pk)
    model_index(roster, index)
    ui = ui_for(roster.system)
    catalogue = roster_catalogue(rules)
    edit = read_model(ui, request.POST, roster.document["models"][index], catalogue)
    target = None if edit.errors else ui.fill_target(catalogue, edit.saved)
    if target is None:
        return update_model(request, pk, index)  # nothing to fill: an ordinary save
    table, entry, values = target
    try:
        version = fill(player(request), roster, table, entry, values)
    except (DocumentError, ValueError) as exc:
        message = exc.message if isinstance(exc, DocumentError) else str(exc)
        return respond_editor(request, roster, status=422, open_index=index, notice=message)
    # The values now live in the supplement; the model's own copies would shadow later changes.
    saved = dict(edit.saved)
    own = {k: v for k, v in (saved.pop("supplied", None) or {}).items() if k not in values}
    if own:
        saved["supplied"] = own
    try:  # the rules are read again: the roster may pin a new supplement version now
        change = operations.update_model(roster, index, ModelEdit(saved, saved, {}), posted_revision(request))
    except StaleRevision as exc:
        return respond_conflict(request, exc.current, CONFLICT, index)
    kind = SYSTEMS[roster.system].entry_word(table)
    notice = (
        f"Saved to your supplement {version.supplement.name} (version {version.number}): "
        f"the values of {entry} ({kind}) are now used in every roster of yours "
        "that uses it, marked as yours."
    )
    if not request.htmx:
        messages.success(request, notice)
    return (
        after_edit(request, roster, index)
        if not request.htmx
        else respond_editor(request, roster, evaluation=change.evaluation, open_index=index, notice=notice)
    )
