"""Every URL Muster serves, for the owner, a stranger, an anonymous visitor and a share-token
holder (anonymous, knowing the token), with the status each gets; and CSRF on every POST."""

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from roster.rosters.models import Roster, ShareLink
from roster.supplements.operations import create_supplement, share_supplement
from rules.supplement import read_supplement
from tests.supplements import brutality_supplement
from tests.web.cast import client_for, make_user, model_post, northmen

LOGIN = "login"  # a 302 to the log-in page
# name: (method, kwargs-kind, data-kind, {role: status})
# Roles: owner, stranger (logged in), anon, holder (anon with the token).
MATRIX = {
    "home": ("GET", None, None, {"owner": 302, "stranger": 302, "anon": 200, "holder": 200}),
    "healthz": ("GET", None, None, {"owner": 200, "stranger": 200, "anon": 200, "holder": 200}),
    # Readiness is public and says what is wrong: here no sheet worker beats (503).
    "readyz": ("GET", None, None, {"owner": 503, "stranger": 503, "anon": 503, "holder": 503}),
    # Metrics: the test client comes from 127.0.0.1, a scraper on this machine.
    "metrics": ("GET", None, None, {"owner": 200, "stranger": 200, "anon": 200, "holder": 200}),
    "favicon": ("GET", None, None, {"owner": 302, "stranger": 302, "anon": 302, "holder": 302}),
    "robots": ("GET", None, None, {"owner": 200, "stranger": 200, "anon": 200, "holder": 200}),
    "manifest": ("GET", None, None, {"owner": 200, "stranger": 200, "anon": 200, "holder": 200}),
    "offline": ("GET", None, None, {"owner": 200, "stranger": 200, "anon": 200, "holder": 200}),
    "signup": ("GET", None, None, {"owner": 302, "stranger": 302, "anon": 200, "holder": 200}),
    "login": ("GET", None, None, {"owner": 302, "stranger": 302, "anon": 200, "holder": 200}),
    "logout": ("POST", None, None, {"owner": 302, "stranger": 302, "anon": 302, "holder": 302}),
    "roster-list": ("GET", None, None, {"owner": 200, "stranger": 200, "anon": LOGIN, "holder": LOGIN}),
    "roster-new": ("GET", None, None, {"owner": 200, "stranger": 200, "anon": LOGIN, "holder": LOGIN}),
    "roster-import": ("GET", None, None, {"owner": 200, "stranger": 200, "anon": LOGIN, "holder": LOGIN}),
    "roster-from-example": (
        "POST",
        "example",
        None,
        {"owner": 302, "stranger": 302, "anon": LOGIN, "holder": LOGIN},
    ),
    "shared": ("GET", "token", None, {"owner": 200, "stranger": 200, "anon": 200, "holder": 200}),
    "shared-sheet": ("GET", "token", None, {"owner": 200, "stranger": 200, "anon": 200, "holder": 200}),
    "shared-sheet-status": (
        "GET",
        "token",
        None,
        {"owner": 200, "stranger": 200, "anon": 200, "holder": 200},
    ),
    "shared-copy": ("POST", "token", None, {"owner": 302, "stranger": 302, "anon": LOGIN, "holder": LOGIN}),
    "admin:index": ("GET", None, None, {"owner": 302, "stranger": 302, "anon": 302, "holder": 302}),
}
# Accounts (allauth's pages and Muster's account page): what a logged-in player, an
# anonymous visitor and a token holder get. A player's own account is the only one they see.
ANYONE = {"owner": 200, "stranger": 200, "anon": 200, "holder": 200}
PLAYER = {"owner": 200, "stranger": 200, "anon": LOGIN, "holder": LOGIN}
ENTRANCE = {"owner": 302, "stranger": 302, "anon": 200, "holder": 200}
ONLY_PLAYERS_ONWARD = {"owner": 302, "stranger": 302, "anon": LOGIN, "holder": LOGIN}
MATRIX.update(
    {
        "account": ("GET", None, None, PLAYER),
        "account-delete": ("GET", None, None, PLAYER),
        "account-rosters-zip": ("GET", None, None, PLAYER),
        "account_change_password": ("GET", None, None, PLAYER),
        "account_email": ("GET", None, None, PLAYER),
        "account_reauthenticate": ("GET", None, None, PLAYER),
        "account_set_password": ("GET", None, None, ONLY_PLAYERS_ONWARD),
        "account_request_reauthentication_code": ("GET", None, None, ONLY_PLAYERS_ONWARD),
        "account_confirm_reauthentication_code": ("GET", None, None, ONLY_PLAYERS_ONWARD),
        "account_login": ("GET", None, None, ENTRANCE),
        "account_signup": ("GET", None, None, ENTRANCE),
        "account_confirm_login_code": ("GET", None, None, {**ENTRANCE, "anon": 302, "holder": 302}),
        "account_logout": ("GET", None, None, {**ANYONE, "anon": 302, "holder": 302}),
        "account_inactive": ("GET", None, None, ANYONE),
        "account_email_verification_sent": ("GET", None, None, ANYONE),
        "account_confirm_email": ("GET", "email-key", None, ANYONE),
        "account_reset_password": ("GET", None, None, ANYONE),
        "account_reset_password_done": ("GET", None, None, ANYONE),
        "account_reset_password_from_key": ("GET", "reset-key", None, ANYONE),
        "account_reset_password_from_key_done": ("GET", None, None, ANYONE),
    }
)
OWNED_GET = [
    "model-open",
    "roster-edit",
    "roster-history",
    "roster-export-json",
    "roster-export-text",
    "roster-sheet",
    "roster-sheet-status",
]
OWNED_POST = {
    "roster-rename": {"name": "Renamed"},
    "roster-duplicate": {},
    "roster-delete": {},
    "roster-undelete": {},
    "roster-options": {"name": "N", "game_size": "large"},
    "model-add": {"kind": "follower"},
    "model-update": "model",
    "model-fill": "model",
    "model-remove": {},
    "model-duplicate": {},
    "model-move": {"direction": "up"},
    "roster-undo": {},
    "roster-redo": {},
    "roster-rules-seen": {},
    "roster-restore": {},
    "roster-share": {},
    "roster-share-revoke": {},
    "roster-share-restore": {},
}
for _name in OWNED_GET:
    MATRIX[_name] = ("GET", "roster", None, {"owner": 200, "stranger": 404, "anon": LOGIN, "holder": LOGIN})
for _name, _data in OWNED_POST.items():
    owner = 404 if _name == "roster-undelete" else 302  # undelete needs a deleted roster
    MATRIX[_name] = (
        "POST",
        "roster",
        _data,
        {"owner": owner, "stranger": 404, "anon": LOGIN, "holder": LOGIN},
    )

# Supplements (docs/supplements.md): the owner's pages, and a shared supplement's link.
OWNED = {"owner": 200, "stranger": 404, "anon": LOGIN, "holder": LOGIN}
OWNED_CHANGE = {"owner": 302, "stranger": 404, "anon": LOGIN, "holder": LOGIN}
MATRIX.update(
    {
        "supplement-list": ("GET", None, None, PLAYER),
        "supplement-import": ("GET", None, None, PLAYER),
        "supplement-new": ("POST", None, {"system": "brutality", "name": "N"}, ONLY_PLAYERS_ONWARD),
        "supplement-edit": ("GET", "supplement", None, OWNED),
        "supplement-export": ("GET", "supplement", None, OWNED),
        "supplement-share": ("POST", "supplement", {}, OWNED_CHANGE),
        "supplement-unshare": ("POST", "supplement", {}, OWNED_CHANGE),
        "supplement-shared": ("GET", "supplement-token", None, ANYONE),
        "supplement-copy": ("POST", "supplement-token", {}, ONLY_PLAYERS_ONWARD),
        "roster-supplement": ("GET", "roster", None, OWNED),
        "roster-supplement-accept": ("POST", "roster", {}, OWNED_CHANGE),
    }
)

# Games (docs/play.md): only a seat (the owner, the other side's phone, a watcher) sees a
# game, anyone else gets 404; a logged-out visitor of a table, its state or its actions is
# sent to log in (the player's session may have ended: play.js keeps the taps); a plain
# form post is redirected back. The join pages are for anyone with the code.
NO_SEAT = {"stranger": 404, "anon": 404, "holder": 404}
NO_SEAT_LOG_IN = {"stranger": 404, "anon": LOGIN, "holder": LOGIN}
MATRIX.update(
    {
        "game-list": ("GET", None, None, PLAYER),
        "game-new": ("GET", "roster", None, OWNED),
        "game-table": ("GET", "game", None, OWNED),
        "game-state": ("GET", "game", None, {"owner": 200, **NO_SEAT_LOG_IN}),
        # 204 under the test server (WSGI: no stream; the page polls), after the seat check.
        "game-stream": ("GET", "game", None, {"owner": 204, **NO_SEAT}),
        "game-result": ("GET", "game", None, {"owner": 200, **NO_SEAT}),
        "game-export-json": ("GET", "game", None, {"owner": 200, **NO_SEAT}),
        "game-export-text": ("GET", "game", None, {"owner": 200, **NO_SEAT}),
        "game-act": (
            "POST",
            "game",
            {"id": "a" * 32, "side": 0, "target": 0, "do": "score"},
            {"owner": 302, **NO_SEAT_LOG_IN},
        ),
        "game-undo": ("POST", "game", {}, {"owner": 409, **NO_SEAT_LOG_IN}),  # nothing to undo yet
        "game-finish": ("POST", "game", {"confirm": "1"}, {"owner": 302, **NO_SEAT_LOG_IN}),
        # A game in progress is left as it is: back to the table.
        "game-reopen": ("POST", "game", {}, {"owner": 302, **NO_SEAT_LOG_IN}),
        "game-revoke": ("POST", "game", {"what": "side"}, {"owner": 302, **NO_SEAT}),
        "game-join": ("GET", "game-code", None, {"owner": 302, "stranger": 200, "anon": 200, "holder": 200}),
        "game-join-code": ("GET", None, None, ANYONE),
        "service-worker": ("GET", None, None, ANYONE),
        "game-delete": ("POST", "game", {}, OWNED_CHANGE),
    }
)

# Events (docs/events.md "Who sees what"): the owner organises the cast's event, in which
# two other players are paired; the stranger is in no role of it.
ORGANISER_ONLY = {"owner": 302, "stranger": 404, "anon": LOGIN, "holder": LOGIN}
ORGANISER_PAGE = {**ORGANISER_ONLY, "owner": 200}
# A table's result or game by someone else is refused with the reason, back on the page.
TABLE_ACTION = {"owner": 302, "stranger": 302, "anon": LOGIN, "holder": LOGIN}
ORGANISER_GET = {"owner": 200, "stranger": 404, "anon": 404, "holder": 404}
MATRIX.update(
    {
        "event-list": ("GET", None, None, PLAYER),
        "event-new": ("GET", None, None, PLAYER),
        "event-page": ("GET", "event", None, ANYONE),
        "event-screen": ("GET", "event", None, ANYONE),
        "event-version": ("GET", "event", None, ANYONE),
        "event-pack": ("GET", "event", None, ANYONE),
        "event-pack-status": ("GET", "event", None, ANYONE),
        "event-standings-csv": ("GET", "event", None, ANYONE),
        "event-results-csv": ("GET", "event", None, ANYONE),
        "event-export-json": ("GET", "event", None, ANYONE),
        "event-register": ("GET", "event-code", None, PLAYER),
        "event-pair": ("POST", "event", {}, ORGANISER_ONLY),
        "event-open-round": ("POST", "event", {"closes": "2030-01-01T10:00"}, ORGANISER_ONLY),
        "event-challenge": ("POST", "event", {"opponent": "1"}, TABLE_ACTION),
        "event-review": ("POST", "event-entry", {"answer": "accept"}, ORGANISER_ONLY),
        "event-drop": ("POST", "event-entry", {}, TABLE_ACTION),
        "event-rename": ("POST", "event-entry", {"name": "Zed"}, TABLE_ACTION),
        "event-swap": ("POST", "event-round", {}, ORGANISER_ONLY),
        "event-round-setup": ("POST", "event-round", {}, ORGANISER_ONLY),
        "event-add-player": ("POST", "event", {"name": "Zed"}, ORGANISER_ONLY),
        "event-result": ("POST", "event-pairing", {"winner": "a"}, TABLE_ACTION),
        "event-game": ("POST", "event-pairing", {}, TABLE_ACTION),
        # The organiser's day (issue 41): their pages and writes; a check-in by the
        # player or the organiser (refused with the reason otherwise, back on the page).
        "event-edit": ("GET", "event", None, ORGANISER_PAGE),
        "event-end": ("GET", "event", None, ORGANISER_PAGE),
        "event-check-in": ("GET", "event", None, ORGANISER_PAGE),
        "event-late": ("POST", "event", {"accept": "1"}, ORGANISER_ONLY),
        # Without the event's name typed: the confirmation page again, nothing deleted.
        "event-delete": ("POST", "event", {}, {**ORGANISER_ONLY, "owner": 422}),
        "event-checked-in": ("POST", "event-entry", {}, TABLE_ACTION),
        # Results and standings (issue 41): the organiser's choices, scores and resets;
        # the event's stream, 204 under the test server (WSGI: no stream; the page polls).
        "event-standings": ("POST", "event", {"tiebreaker": "score"}, ORGANISER_ONLY),
        "event-scores": ("POST", "event", {}, ORGANISER_ONLY),
        "event-reset": ("POST", "event-pairing", {}, ORGANISER_ONLY),
        "event-stream": ("GET", "event", None, {"owner": 204, "stranger": 204, "anon": 204, "holder": 204}),
        "event-clock": ("POST", "event-round", {"action": "start", "minutes": "30"}, ORGANISER_ONLY),
        # The table slips are the organiser's (pairings and standings: anyone's, tests/events).
        "event-print": ("GET", "event-print-slips", None, ORGANISER_GET),
        "event-print-pdf": ("GET", "event-print-slips", None, ORGANISER_GET),
        "event-print-status": ("GET", "event-print-slips", None, ORGANISER_GET),
    }
)


def all_url_names(resolver=None, namespace=""):
    names = set()
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            if entry.namespace == "admin":
                names.add("admin:index")
            else:
                names |= all_url_names(entry, namespace)
        elif isinstance(entry, URLPattern) and entry.name:
            names.add(entry.name)
    return names


def test_the_matrix_covers_every_url():
    assert set(MATRIX) == all_url_names()


@pytest.fixture
def cast(db):
    alice, bob = make_user("alice"), make_user("bob")
    roster = northmen(alice)
    link = ShareLink.objects.create(roster=roster)
    holder = Client()
    holder.get(reverse("shared", args=[link.token]))
    supplement = create_supplement(alice, read_supplement(brutality_supplement()))
    from roster.games import operations
    from roster.games.sides import roster_side
    from rules.play.core import Snapshot
    from rules.play.registry import typed_side

    sides = (roster_side(roster), typed_side(roster.system, "Bandits", [("Bandit", 2)]))
    game = operations.start_game(alice, Snapshot(system=roster.system, sides=sides), "Northmen v Bandits")
    import random

    from roster.events import operations as events
    from roster.events.models import Entry

    event = events.create_event(alice, "iron-and-honor", "Club night", options={"game_size": "medium"})
    for name in ("carol", "dave"):
        user = make_user(name)
        events.submit(event, user, northmen(user))
    Entry.objects.update(status=Entry.ACCEPTED)
    pairing = events.pair_round(event, random.Random(1)).pairings.get()
    return {
        "event": event,
        "event_entry": pairing.a,
        "event_pairing": pairing,
        "game": game,
        "game_code": game.code,
        "roster": roster,
        "token": link.token,
        "supplement": supplement,
        "supplement_token": share_supplement(supplement),
        "clients": {
            "owner": client_for(alice),
            "stranger": client_for(bob),
            "anon": Client(),
            "holder": holder,
        },
    }


def request_for(name, cast):
    method, kind, data, _ = MATRIX[name]
    roster = cast["roster"]
    kwargs = {}
    if kind == "roster":
        kwargs = {"pk": roster.pk}
        if name.startswith("model-") and name != "model-add":
            kwargs["index"] = 1
        if name == "roster-restore":
            kwargs["number"] = 1
    elif kind == "game":
        kwargs = {"pk": cast["game"].pk}
    elif kind == "game-code":
        kwargs = {"code": cast["game_code"]}
    elif kind == "token":
        kwargs = {"token": cast["token"]}
    elif kind == "supplement":
        kwargs = {"pk": cast["supplement"].pk}
    elif kind == "supplement-token":
        kwargs = {"token": cast["supplement_token"]}
    elif kind == "email-key":
        kwargs = {"key": "not-a-key"}
    elif kind == "reset-key":
        kwargs = {"uidb36": "1", "key": "not-a-key"}
    elif kind == "event":
        kwargs = {"pk": cast["event"].pk}
    elif kind == "event-round":
        kwargs = {"pk": cast["event"].pk, "number": 1}
    elif kind == "event-print-slips":
        kwargs = {"pk": cast["event"].pk, "what": "slips"}
    elif kind == "event-code":
        kwargs = {"code": cast["event"].code}
    elif kind == "event-entry":
        kwargs = {"pk": cast["event"].pk, "entry": cast["event_entry"].pk}
    elif kind == "event-pairing":
        kwargs = {"pk": cast["event"].pk, "pairing": cast["event_pairing"].pk}
    elif kind == "example":
        kwargs = {"slug": "iron-and-honor-ghrim-company"}
    url = reverse(name, kwargs=kwargs)
    if data == "model":
        data = model_post(Roster.objects.get(pk=roster.pk), 1, name="Aurat the Wise")
    elif data is not None:
        data = {"revision": Roster.objects.get(pk=roster.pk).revision, **data}
    return method, url, data or {}


@pytest.mark.parametrize("role", ["owner", "stranger", "anon", "holder"])
@pytest.mark.parametrize("name", sorted(MATRIX))
def test_access(name, role, cast):
    method, url, data = request_for(name, cast)
    client = cast["clients"][role]
    response = client.get(url) if method == "GET" else client.post(url, data)
    expected = MATRIX[name][3][role]
    if expected == LOGIN:
        assert response.status_code == 302, (name, role, response.status_code)
        assert response["Location"].startswith(reverse("login"))
    else:
        assert response.status_code == expected, (name, role, response.status_code)


@pytest.mark.parametrize("name", sorted(n for n, spec in MATRIX.items() if spec[0] == "POST"))
def test_every_post_needs_a_csrf_token(name, cast):
    alice = cast["roster"].owner
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    before = Roster.objects.get(pk=cast["roster"].pk)
    _, url, data = request_for(name, cast)
    response = client.post(url, data)
    assert response.status_code == 403, (name, response.status_code)
    assert "That form has expired" in response.content.decode()
    after = Roster.objects.get(pk=cast["roster"].pk)
    assert (after.document, after.revision, after.deleted) == (
        before.document,
        before.revision,
        before.deleted,
    )
