"""What one model edit reads and writes: the roster with its rules digest and pinned
supplement in one SELECT, the highest revision kept (``head``) so Redo needs no query,
only the models an edit changes are new objects, and every edit evaluates the roster
once (the writer's Evaluation is the one the answer is drawn from)."""

from __future__ import annotations

import copy

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from roster.rosters.evaluation import read_rules
from roster.rosters.models import Roster, RuleSet
from roster.rosters.operations import create_roster, pin_supplement
from roster.rosters.systems import ui_for
from roster.supplements.operations import create_supplement
from roster.supplements.pins import pinned_supplement
from rules.supplement import read_supplement
from tests.evaluations import count_evaluations
from tests.supplements import brutality_roster, brutality_supplement
from tests.web.cast import HX, make_user, model_form, post_model, snapshot


def edit(client, roster, index, **changes):
    return post_model(client, roster, index, fresh=True, **changes)


def test_for_editing_reads_the_rules_digest_and_no_pin(roster, alice):
    found = Roster.objects.for_editing(roster.pk, alice.pk)
    assert found.roster == roster
    assert found.roster.document == roster.document
    assert found.loaded_rules_digest == RuleSet.objects.get(system=roster.system).digest
    assert found.pinned_digest is None
    assert pinned_supplement(found) is None
    assert read_rules(found).supplement is None


def test_for_editing_reads_the_pinned_version_digest(alice):
    posse = create_roster(alice, brutality_roster([{"name": "Ann", "class": "Ranged", "leader": True}]))
    book = create_supplement(alice, read_supplement(brutality_supplement()))
    pin_supplement(posse, book.latest)
    found = Roster.objects.for_editing(posse.pk, alice.pk)
    assert found.pinned_digest == book.latest.digest
    assert pinned_supplement(found).name == read_supplement(brutality_supplement()).name
    assert read_rules(found).supplement == pinned_supplement(found)
    pin_supplement(found.roster, None)  # the read taken before is out of date; the roster is not
    assert pinned_supplement(found.roster) is None


def test_for_editing_finds_nothing_of_another_player_or_deleted(roster, alice, bob):
    assert Roster.objects.for_editing(roster.pk, bob.pk) is None
    Roster.objects.filter(pk=roster.pk).update(deleted=timezone.now())
    assert Roster.objects.for_editing(roster.pk, alice.pk) is None


def test_a_model_edit_makes_one_read_of_the_roster_and_two_writes(roster, alice_client):
    edit(alice_client, roster, 6, name="Frokn I")  # warm the catalogue cache
    with CaptureQueriesContext(connection) as ctx:
        assert edit(alice_client, roster, 6, name="Frokn II").status_code == 200
    statements = [q["sql"].split()[0].upper() for q in ctx.captured_queries]
    statements = [s for s in statements if s not in ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE")]
    # The test's own Roster.objects.get, then the session, the user, the roster (with its
    # rules digest and pin), the roster's UPDATE and the revision's INSERT.
    assert statements == ["SELECT", "SELECT", "SELECT", "SELECT", "UPDATE", "INSERT"], ctx.captured_queries


def _post(client, roster, url_name, *args, htmx=True, **data):
    fresh = Roster.objects.get(pk=roster.pk)
    url = reverse(url_name, args=[roster.pk, *args])
    return client.post(url, {"revision": fresh.revision, **data}, **(HX if htmx else {}))


def _removed(client, roster):
    _post(client, roster, "model-remove", 6)


def _undone(client, roster):
    _removed(client, roster)
    _post(client, roster, "roster-undo")


# Each edit of the editor: (what it is, what comes before it, the URL's name and
# arguments, the form posted).
EDITS = [
    ("model", None, "model-update", [6], None),
    ("options", None, "roster-options", [], {"name": "Raiders", "game_size": "medium"}),
    ("add", None, "model-add", [], {"kind": "follower"}),
    ("add many", None, "model-add", [], {"kind": "follower", "count": "2"}),
    ("remove", None, "model-remove", [6], {}),
    ("duplicate", None, "model-duplicate", [1], {}),
    ("move", None, "model-move", [1], {"direction": "down"}),
    ("undo", _removed, "roster-undo", [], {}),
    ("undo, a model open", _removed, "roster-undo", [], {"open": "1"}),
    ("redo", _undone, "roster-redo", [], {}),
    ("restore", _removed, "roster-restore", [1], {}),
    ("restore an undone", _undone, "roster-restore", [2], {}),
]


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
@pytest.mark.parametrize(("kind", "before", "name", "args", "data"), EDITS, ids=[edit[0] for edit in EDITS])
def test_an_edit_evaluates_the_roster_once_and_reads_it_once(
    roster, alice_client, monkeypatch, htmx, kind, before, name, args, data
):
    """The answer to an edit (the editor drawn for htmx, a redirect otherwise) is drawn
    from the Evaluation the writer made of the new document: one evaluation a request,
    and the roster with its rules digest read once (never the rules data again)."""
    if before is not None:
        before(alice_client, roster)
    saved = snapshot(roster)
    fresh = Roster.objects.get(pk=roster.pk)
    if data is None:
        url, form = reverse(name, args=[roster.pk, *args]), model_form(fresh, *args, name="Frokn II")
    else:
        url, form = reverse(name, args=[roster.pk, *args]), {"revision": fresh.revision, **data}
    evaluations = count_evaluations(monkeypatch)
    with CaptureQueriesContext(connection) as ctx:
        response = alice_client.post(url, form, **(HX if htmx else {}))
    assert response.status_code == (200 if htmx else 302), response.content.decode()[:500]
    assert snapshot(roster) != saved  # the edit was made
    assert len(evaluations) == 1, kind
    reads = [q["sql"] for q in ctx.captured_queries if q["sql"].startswith("SELECT")]
    assert len([sql for sql in reads if 'FROM "roster_roster"' in sql]) == 1, reads
    assert len([sql for sql in reads if 'FROM "roster_ruleset"' in sql]) == 1, reads


def test_head_follows_edits_undos_and_the_edit_that_drops_them(roster, alice_client):
    for name in ("One", "Two", "Three"):
        edit(alice_client, roster, 6, name=name)
    for _ in range(2):
        fresh = Roster.objects.get(pk=roster.pk)
        alice_client.post(reverse("roster-undo", args=[roster.pk]), {"revision": fresh.revision}, **HX)
    fresh = Roster.objects.get(pk=roster.pk)
    assert (fresh.revision, fresh.head, fresh.can_redo) == (2, 4, True)
    edit(alice_client, roster, 6, name="Other")
    fresh = Roster.objects.get(pk=roster.pk)
    assert (fresh.revision, fresh.head, fresh.can_redo) == (3, 3, False)
    assert list(fresh.revisions.values_list("number", flat=True)) == [1, 2, 3]
    assert fresh.document["models"][6]["name"] == "Other"


def test_an_edit_leaves_the_stored_document_as_it_was(roster):
    """A rename carries to the Pet that follows the model (p.27) in a new model dict:
    the document read from the database, whose other models the edit shares, is not
    changed in place."""
    ui = ui_for(roster.system)
    document = copy.deepcopy(roster.document)
    hero = document["models"][0]["name"]
    document["models"][3]["traits"] = [*document["models"][3]["traits"], {"name": "Pet", "choice": hero}]
    before = copy.deepcopy(document)
    edited = {**document, "models": list(document["models"])}
    changed = ui.rename_references(edited, hero, "New Name")
    assert changed and edited["models"][3]["traits"][-1] == {"name": "Pet", "choice": "New Name"}
    assert document == before


@pytest.mark.django_db(transaction=True)
def test_the_head_migration_takes_the_highest_revision(rules_loaded_db):
    roster = create_roster(
        make_user("carol"), brutality_roster([{"name": "Ann", "class": "Ranged", "leader": True}])
    )
    for number in (2, 3):
        roster.revisions.create(number=number, document=roster.document, action="edit")
    executor = MigrationExecutor(connection)
    executor.migrate([("roster", "0007_cache_tables")])
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert Roster.objects.values_list("revision", "head").get(pk=roster.pk) == (1, 3)
