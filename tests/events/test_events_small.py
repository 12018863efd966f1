"""The small things of an event (issue 41 item 5, docs/events.md): the register page's
limits, problems naming their model, what changed compared by contents, names unique in
an event and renaming, the player's own table first, the way back to registration after
signing up, times with their zone, the standings region, a version that reveals nothing,
"Add a player" rate-limited, CSV cells disarmed, and Brutality's rolled mission warned."""

from __future__ import annotations

import copy
import csv
import hashlib
import io
import json
import random
import re
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse
from django.utils import timezone

from roster.events import operations, transfer, views
from roster.events.changes import list_changes
from roster.events.models import Entry, Event, Pairing
from roster.rosters.operations import Refused, create_roster
from tests.events.test_events_web import accepted, new_event, player_with_list, register
from tests.ih import example
from tests.web.cast import client_for, make_user

NORTHMEN = "iron-and-honor-northmen-raiding-party"
PASSWORD = "a-long-pass-phrase"


@pytest.fixture
def organiser(db):
    return make_user("olga")


@pytest.fixture
def event(organiser):
    return new_event(client_for(organiser))


def page_of(client, event):
    return client.get(reverse("event-page", args=[event.pk])).content.decode()


def test_the_register_page_shows_the_events_list_limits(event):
    user, _ = player_with_list("pat")
    page = client_for(user).get(reverse("event-register", args=[event.code])).content.decode()
    assert "lists: game size medium" in page


def test_a_problem_names_the_model_it_is_about(event):
    document = example(NORTHMEN)
    document["models"][1]["type"] = "hero"  # two heroes: the second is refused (p.15)
    problems = operations.check_list(event, document).problems
    second = document["models"][1]["name"]
    assert f"{second} (model 2): Only one model may be the hero. (Iron & Honor p.15)" in problems
    # The same words on the event page, for the player and the organiser.
    user, roster = player_with_list("pat", document)
    register(user, roster, event)
    assert f"{second} (model 2): Only one model may be the hero." in page_of(client_for(user), event)


def test_what_changed_compares_the_models_contents_and_costs(event, organiser):
    user, roster = player_with_list("pat")
    register(user, roster, event)
    document = copy.deepcopy(roster.document)
    first = document["models"][0]
    name = first["name"]
    first["attributes"]["MA"] -= 1
    first["traits"] = [t for t in first["traits"] if t != "Slayer"]
    roster.document = document
    roster.save()
    register(user, roster, event)
    entry = Entry.objects.get(player=user)
    (line,) = operations.changes(entry)
    # The same model by name: its attribute, its traits and its cost, nothing else.
    # (The fields in the stored document's order: PostgreSQL's JSON keeps another one.)
    head, _, rest = line.partition(": ")
    assert head == name
    assert set(rest.split("; ")[:2]) == {"attributes MA 6 → 5", "traits -Slayer"}, line
    assert rest.split("; ")[2].startswith("cost "), line
    assert re.search(r"cost (\d+) → (\d+) ExP$", line), line
    was, now = map(int, re.search(r"cost (\d+) → (\d+)", line).groups())
    assert now < was
    assert line in page_of(client_for(organiser), event)
    # The same list again: said so, not "the same models".
    register(user, roster, event)
    assert operations.changes(Entry.objects.get(player=user)) == ["nothing (the same list submitted again)"]


def test_list_changes_words():
    before = {"name": "A", "options": {"mode": "moderate"}, "models": [{"name": "Bo", "traits": ["x", "x"]}]}
    after = {
        "name": "B",
        "options": {"mode": "brutal"},
        "models": [{"name": "bo", "traits": ["x"], "powers": ["Curse"]}, {"name": "Cy"}],
    }
    assert list_changes(before, after, [3], [2, 4], "points") == [
        "list name A → B",
        "options mode moderate → brutal",
        "added Cy (4 points)",
        "bo: traits -x; powers none → Curse; cost 3 → 2 points",
    ]
    two = {"models": [{"name": "A"}, {"name": "B"}]}
    assert list_changes(two, {"models": [{"name": "B"}, {"name": "A"}]}) == ["the models in another order"]
    assert list_changes(two, two) == []


def test_two_players_cannot_share_a_name_in_an_event(event, organiser):
    pat, roster = player_with_list("pat")
    assert register(pat, roster, event).status_code == 302
    other, theirs = player_with_list("quinn")
    answer = client_for(other).post(
        reverse("event-register", args=[event.code]), {"roster": theirs.pk, "name": "PAT"}
    )
    assert answer.status_code == 422
    assert "Someone in the event is already called pat" in answer.content.decode()
    assert Entry.objects.filter(player=other).count() == 0
    # A player added without an account: the same rule, case and punctuation aside.
    with pytest.raises(Refused, match="already called pat"):
        operations.add_player(event, "Pat.", json.dumps(example(NORTHMEN)))
    # With a name of their own, Quinn is in.
    link = reverse("event-register", args=[event.code])
    client_for(other).post(link, {"roster": theirs.pk, "name": "Pat B"})
    assert Entry.objects.get(player=other).name == "Pat B"


def test_an_entry_is_renamed_by_its_player_or_the_organiser(event, organiser):
    (pat, _), (quinn, _) = accepted(event, "pat", "quinn")
    entry = Entry.objects.get(player=pat)
    url = reverse("event-rename", args=[event.pk, entry.pk])
    assert "Change your name in the event" in page_of(client_for(pat), event)
    client_for(pat).post(url, {"name": "Pat the Bold"})
    entry.refresh_from_db()
    assert entry.name == "Pat the Bold"
    # Not onto another player's name; not by another player.
    answer = client_for(pat).post(url, {"name": "Quinn"}, follow=True)
    assert "Someone in the event is already called quinn" in answer.content.decode()
    client_for(quinn).post(url, {"name": "Loser"})
    entry.refresh_from_db()
    assert entry.name == "Pat the Bold"
    # The organiser renames anyone, after round 1 too; the pairings say the new name.
    operations.pair_round(event, random.Random(1))
    client_for(organiser).post(url, {"name": "Patricia"})
    entry.refresh_from_db()
    assert entry.name == "Patricia"
    assert "<strong>Patricia</strong>" in page_of(client_for(None), event)


def test_a_players_own_table_comes_before_the_player_list(event):
    (pat, _), _, _ = accepted(event, "pat", "quinn", "rex")
    operations.pair_round(event, random.Random(3))
    mine = next(p for p in Pairing.objects.all() if pat.pk in (p.a.player_id, p.b.player_id if p.b else None))
    page = page_of(client_for(pat), event)
    assert 'id="your-table"' in page
    assert page.index('id="your-table"') < page.index('id="players-head"') < page.index('id="round-1"')
    table = page[page.index('id="your-table"') : page.index('id="players-head"')]
    if mine.b_id:
        assert f"Table {mine.table}" in table and f'href="#pairing-{mine.pk}"' in table
    else:
        assert "You have the bye" in table
    # A visitor has no table of their own.
    assert 'id="your-table"' not in page_of(client_for(None), event)


def test_a_newcomer_from_the_registration_link_comes_back_to_it_after_signing_up(event, client):
    link = reverse("event-register", args=[event.code])
    answer = client.get(link)
    assert answer.status_code == 302
    login = answer["Location"]
    assert parse_qs(urlsplit(login).query)["next"] == [link]
    page = client.get(login).content.decode()
    signup = re.search(r'No account yet\? <a href="([^"]*)">Sign up</a>', page).group(1).replace("&amp;", "&")
    assert parse_qs(urlsplit(signup).query)["next"] == [link]
    # The header's Sign up link too, whichever the newcomer taps.
    header = re.findall(r'<a href="([^"]*)">Sign up</a>', page)
    assert len(header) == 2 and all(parse_qs(urlsplit(h).query)["next"] == [link] for h in header)
    form = client.get(signup).content.decode()
    assert f'name="next" value="{link}"' in form
    answer = client.post(
        signup,
        {"username": "newbie", "password1": PASSWORD, "password2": PASSWORD, "next": link},
    )
    assert answer.status_code == 302 and answer["Location"] == link
    assert "Register for Winter Cup" in client.get(link).content.decode()


def test_times_are_shown_with_their_time_zone(event, organiser):
    event.deadline = timezone.now() + timedelta(days=2)
    event.save()
    zoned = event.deadline.strftime("%H:%M") + " UTC"
    for page in (
        page_of(client_for(organiser), event),
        client_for(organiser).get(reverse("event-register", args=[event.code])).content.decode(),
    ):
        assert f'lists lock <time datetime="{event.deadline.isoformat()}">' in page
        assert zoned in page


def test_the_standings_are_a_labelled_region_the_keyboard_can_scroll(event):
    accepted(event, "pat", "quinn")
    page = page_of(client_for(None), event)
    assert '<div class="table-wrap" tabindex="0" role="region" aria-label="Standings table">' in page


def test_the_version_is_keyed_and_a_hidden_list_cannot_be_tried_against_it(event, settings):
    accepted(event, "pat", "quinn")
    version = client_for(None).get(reverse("event-version", args=[event.pk])).content.decode()
    # Issue 41's attack: the page's content is public but the fingerprints; a plain hash
    # of it let a player try the book's warbands' fingerprints until one matched.
    tables = Pairing.objects.filter(round__event=event).order_by("pk")
    guessed = [
        [event.name, event.rounds, event.deadline, event.lists_open_to(None), event.finished],
        list(
            event.entries.order_by("pk").values_list("pk", "name", "status", "fingerprint", "note", "dropped")
        ),
        list(event.round_set.values_list("number", "setup", "closes", "started")),
        list(tables.values_list("pk")),
    ]
    plain = hashlib.sha256(json.dumps(guessed, default=str, separators=(",", ":")).encode()).hexdigest()[:16]
    assert re.fullmatch(r"[0-9a-f]{16}", version) and version != plain
    # Keyed by the site's secret: another key, another version of the same event.
    settings.SECRET_KEY = "another-secret-key-for-this-test-only-0123456789"
    assert views.version_of(event) != version


def test_adding_players_is_rate_limited(event, organiser, settings):
    settings.MUSTER_RATES = {**settings.MUSTER_RATES, "import": "2/m"}
    url = reverse("event-add-player", args=[event.pk])
    text = json.dumps(example(NORTHMEN))
    answers = [client_for(organiser).post(url, {"name": f"P{n}", "text": text}).status_code for n in range(3)]
    assert answers == [302, 302, 429]
    assert Entry.objects.filter(event=event).count() == 2


@pytest.mark.parametrize(
    ("typed", "cell"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("＝1+1", "'＝1+1"),
        ("＋1", "'＋1"),
        ("－1", "'－1"),
        ("＠x", "'＠x"),
        ("  =1", "'  =1"),
        ('"=1', "'\"=1"),
        ("' =1", "'' =1"),
        ("\u3000＝1", "'\u3000＝1"),
        ("x;=1+1", "x;'=1+1"),
        ("x; -1", "x;' -1"),
        ("Ann", "Ann"),
        ("Ann-Marie", "Ann-Marie"),
        ("x=1", "x=1"),
    ],
)
def test_csv_cells_are_disarmed(typed, cell):
    assert transfer._cell(typed) == cell


def test_the_csv_quotes_text_so_a_semicolon_never_splits_a_cell(event):
    Entry.objects.create(
        event=event, name="x;=1+1", document=example(NORTHMEN), fingerprint="0" * 12, submitted=timezone.now()
    )
    Entry.objects.update(status=Entry.ACCEPTED)
    text = client_for(None).get(reverse("event-standings-csv", args=[event.pk])).content.decode()
    assert '"x;\'=1+1"' in text
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows[0]["player"] == "x;'=1+1" and rows[0]["rank"] == "1"
    for line in text.splitlines()[1:]:
        # Split on semicolons, as a comma-decimal spreadsheet would: no piece is a formula.
        for piece in line.split(";")[1:]:
            assert not piece.lstrip(' "').startswith(tuple("=+-@"))


def test_brutalitys_rolled_mission_warns_the_organiser_before_pairing(organiser):
    brutality = operations.create_event(organiser, "brutality", "Pit Fight", options={})
    page = page_of(client_for(organiser), brutality)
    assert "Mission, if rolled" in page and "Missions 6-10" in page
    # Iron & Honor's encounters are all transcribed: no warning.
    iron = operations.create_event(organiser, "iron-and-honor", "Cup", options={})
    assert "if rolled" not in page_of(client_for(organiser), iron)
    assert Event.objects.count() == 2


def test_the_pack_counts_every_accepted_list_and_lists_dropped_players_apart(event, organiser):
    from tests.web import pdf as pdfs

    accepted(event, "ann", "ben", "cat")
    operations.pair_round(event, random.Random(1))
    ben = Entry.objects.get(name="ben")
    operations.drop(ben, ben.player)
    answer = client_for(organiser).get(reverse("event-pack", args=[event.pk]))
    assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf"
    contents = " ".join(pdfs.page_texts(answer.content)[0].split())
    assert "3 accepted lists (1 of player who dropped out, listed apart)" in contents
    apart = contents.index("Players who dropped out")
    assert contents.index("ann") < apart and contents.index("cat") < apart
    assert contents.index(ben.fingerprint, apart) > apart and "ben" in contents[apart:]
    outline = [item.title for item in pdfs.read(answer.content).outline]
    assert [o.split(":")[0] for o in outline[1:]] == ["ann", "cat", "ben (dropped out)"]


def test_a_newcomer_without_a_roster_is_led_back_to_the_registration(event):
    link = reverse("event-register", args=[event.code])
    newbie = make_user("newbie")
    client = client_for(newbie)
    page = client.get(link).content.decode()
    assert "You have no Iron &amp; Honor roster yet" in page and "/rosters/new/?system=iron-and-honor" in page
    assert "go back to the registration" not in page  # not on the registration itself
    # Every other page links back until the list is in.
    rosters = client.get(reverse("roster-list")).content.decode()
    back = f'Registering for <strong>Winter Cup</strong>: once your roster is ready, <a href="{link}">'
    assert back in rosters
    roster = create_roster(newbie, example(NORTHMEN))
    assert client.post(link, {"roster": roster.pk, "name": ""}).status_code == 302
    assert "Registering for" not in client.get(reverse("roster-list")).content.decode()
