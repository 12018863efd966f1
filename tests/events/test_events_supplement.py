"""A list whose roster pins a supplement (the player's own values for what the book
leaves unknown, docs/supplements.md) is kept with that supplement as it was: checked,
played and printed with it, its fingerprint the one the player's sheet prints."""

from __future__ import annotations

import pytest
from django.urls import reverse

from roster.events import operations, pack
from roster.events.models import Entry
from roster.rosters.evaluation import evaluate_roster
from roster.rosters.operations import create_roster, pin_supplement
from roster.supplements.operations import create_supplement, save_version
from rules.supplement import dump_supplement, read_supplement
from tests.events.test_events_web import new_event, register
from tests.supplements import brutality_roster, brutality_supplement
from tests.web import pdf as pdfs
from tests.web.cast import client_for, make_user

MODELS = [{"name": "Ann", "class": "Ranged", "leader": True}, {"name": "Cy", "class": "Support"}]


@pytest.fixture
def event(db):
    organiser = make_user("olga")
    return new_event(
        client_for(organiser), system="brutality", game_size="", mode="moderate", points_limit="2"
    )


def pinned_player(name):
    user = make_user(name)
    roster = create_roster(user, brutality_roster(MODELS, limit=2))
    supplement = create_supplement(user, read_supplement(brutality_supplement(f"{name}'s values")))
    pin_supplement(roster, supplement.latest)
    return user, roster, supplement


def test_a_list_keeps_its_supplement_as_it_was_submitted(event):
    ann, roster, supplement = pinned_player("ann")
    register(ann, roster, event)
    entry = Entry.objects.get()
    evaluation = evaluate_roster(roster)
    assert entry.supplement == dump_supplement(evaluation.supplement)
    assert entry.fingerprint == evaluation.fingerprint
    # Checked with it: the same fingerprint, not the book alone's.
    with_it = operations.check_list(event, entry.document, supplement=entry.supplement)
    book_alone = operations.check_list(event, entry.document)
    assert with_it.fingerprint == entry.fingerprint != book_alone.fingerprint
    page = client_for(ann).get(reverse("event-page", args=[event.pk])).content.decode()
    for problem in set(book_alone.problems) - set(with_it.problems):
        assert problem not in page
    # A new version of the supplement, pinned by the roster, changes nothing kept.
    changed = brutality_supplement("ann's values")
    changed["values"]["classes"]["Ranged"]["Move"] = 7
    pin_supplement(roster, save_version(supplement, read_supplement(changed)))
    assert evaluate_roster(roster).fingerprint != entry.fingerprint
    assert Entry.objects.get().supplement == entry.supplement


def test_the_game_and_the_pack_use_the_kept_supplement(event):
    players = [pinned_player(n) for n in ("ann", "ben")]
    for user, roster, _ in players:
        register(user, roster, event)
    Entry.objects.update(status=Entry.ACCEPTED)
    round_ = operations.pair_round(event)
    table = round_.pairings.get()
    game = operations.start_table(table, table.a.player)
    # Two lists of one name: the second side is told apart by its player's name.
    assert [side["name"] for side in game.snapshot["sides"]] == ["Posse", f"Posse ({table.b.name})"]
    ranged = next(m for m in game.snapshot["sides"][0]["models"] if m["name"] == "Ann")
    assert ranged["stats"]["Move"] == 5  # the supplement's value: the book has none
    data = pack.ask(event) and pack.pdf(event)
    texts = pdfs.page_texts(data)
    for entry in Entry.objects.all():
        assert any(entry.fingerprint in t for t in texts[1:])
