"""Light on the wire (issue 38 item 4): pages and partials gzipped when the browser asks,
the pushed tables' stream gzipped event by event, HEAD wherever GET is, robots.txt, a
meta description, and the pages that hold nothing private kept for Back and Forward."""

from __future__ import annotations

import asyncio
import gzip
import zlib

import pytest
from django.urls import reverse

from roster.games import stream
from roster.rosters.models import ShareLink
from tests.web.test_games import fake_rules, game  # noqa: F401  # fixtures

pytestmark = pytest.mark.django_db

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


def cache_control(response) -> set[str]:
    return {part.strip() for part in response["Cache-Control"].split(",")}


def test_the_home_page_and_a_table_are_gzipped_when_asked(anon_client, alice_client, game):  # noqa: F811
    for client, url in ((anon_client, reverse("home")), (alice_client, f"/games/{game.pk}/")):
        plain = client.get(url)
        packed = client.get(url, **GZIP)
        assert plain.status_code == packed.status_code == 200, url
        assert not plain.has_header("Content-Encoding")
        assert packed["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in packed["Vary"]
        assert b"</html>" in gzip.decompress(packed.content)
        assert len(packed.content) < len(plain.content), url
    table = alice_client.get(f"/games/{game.pk}/", **GZIP)
    assert len(table.content) * 4 < len(alice_client.get(f"/games/{game.pk}/").content)


def test_a_partial_is_gzipped_and_its_etag_still_answers_304(alice_client, game):  # noqa: F811
    state = f"/games/{game.pk}/state/"
    first = alice_client.get(state, HTTP_HX_REQUEST="true", **GZIP)
    assert first["Content-Encoding"] == "gzip"
    again = alice_client.get(state, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"], **GZIP)
    assert first["ETag"].startswith('"')  # as the view made it: the stream's events carry the same
    assert again.status_code == 304


def test_pdfs_and_zips_are_not_gzipped_again(alice_client, roster):
    sheet = alice_client.get(reverse("roster-sheet", args=[roster.pk]), **GZIP)
    assert sheet["Content-Type"] == "application/pdf"
    assert not sheet.has_header("Content-Encoding")


def test_the_stream_is_one_gzip_stream_readable_after_each_event() -> None:
    closed = []

    async def events():
        try:
            yield "retry: 2000\n\n"
            for n in range(3):
                yield f"event: table\nid: {n}\ndata: " + "<tr><td>Bandit chief</td></tr>" * 200 + "\n\n"
        finally:
            closed.append(True)

    async def read() -> list[bytes]:
        return [chunk async for chunk in stream._gzipped(events())]

    chunks = asyncio.run(read())
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    seen = [inflate.decompress(chunk) for chunk in chunks]
    # each event whole as soon as its chunk came: nothing waits in the compressor
    assert seen[0] == b"retry: 2000\n\n"
    for n in range(3):
        assert seen[1 + n].startswith(f"event: table\nid: {n}\n".encode()) and seen[1 + n].endswith(b"\n\n")
    assert inflate.eof and closed == [True]
    # a table like the one before it costs a fraction of its size
    assert len(chunks[2]) * 20 < len(seen[2])


def test_the_stream_closes_its_events_when_the_phone_leaves() -> None:
    closed = []

    async def events():
        try:
            while True:
                yield ": heartbeat\n\n"
        finally:
            closed.append(True)

    async def leave() -> None:
        packed = stream._gzipped(events())
        await packed.__anext__()
        await packed.aclose()

    asyncio.run(leave())
    assert closed == [True]


def test_head_is_answered_wherever_get_is(alice, alice_client, anon_client, roster, game):  # noqa: F811
    link = ShareLink.objects.create(roster=roster)
    for client, url in [
        (anon_client, reverse("healthz")),
        (anon_client, reverse("home")),
        (anon_client, reverse("robots")),
        (anon_client, reverse("login")),
        (anon_client, reverse("signup")),
        (anon_client, reverse("shared", args=[link.token])),
        (anon_client, reverse("shared-sheet-status", args=[link.token])),
        (anon_client, reverse("game-join-code")),
        (anon_client, reverse("game-join", args=[game.code])),
        (alice_client, reverse("roster-list")),
        (alice_client, reverse("roster-edit", args=[roster.pk])),
        (alice_client, reverse("roster-history", args=[roster.pk])),
        (alice_client, reverse("roster-export-json", args=[roster.pk])),
        (alice_client, reverse("game-list")),
        (alice_client, f"/games/{game.pk}/"),
        (alice_client, reverse("account")),
        (alice_client, reverse("roster-import")),
        (alice_client, reverse("supplement-import")),
    ]:
        got = client.get(url)
        head = client.head(url)
        assert head.status_code == got.status_code == 200, (url, head.status_code, got.status_code)
        assert head.content == b"", url


def test_robots_keeps_share_links_games_and_events_out_of_search_engines(anon_client):
    response = anon_client.get("/robots.txt")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    rules = response.content.decode().splitlines()
    for path in ("/s/", "/games/", "/join/", "/events/", "/register/", "/rosters/", "/accounts/"):
        assert f"Disallow: {path}" in rules, path
    assert "public" in cache_control(response)


def test_public_pages_have_a_description(anon_client):
    for url in (reverse("home"), reverse("login"), reverse("signup")):
        page = anon_client.get(url).content.decode()
        assert '<meta name="description" content="Muster builds warbands' in page, url


def test_pages_holding_nothing_private_are_kept_for_back_and_forward(anon_client, alice_client, roster):
    assert cache_control(anon_client.get(reverse("home"))) == {"private", "no-cache"}
    # the log-in form is allauth's never_cache (its CSRF token is replaced at log-in), and
    # every page of a logged-in player is not stored
    assert "no-store" in cache_control(anon_client.get(reverse("login")))
    assert "no-store" in cache_control(alice_client.get(reverse("roster-list")))
    assert alice_client.get(reverse("home")).status_code == 302


def test_head_of_the_new_roster_page_is_its_gets_without_a_body(rules_loaded_db):
    """The new-roster page (GET and POST in one view) answers HEAD as GET, not as a POST."""
    from django.contrib.auth.models import User

    from tests.web.cast import client_for

    client = client_for(User.objects.create_user("hana", password="hana-secret-pw-123"))
    got, head = client.get(reverse("roster-new")), client.head(reverse("roster-new"))
    assert head.status_code == got.status_code == 200 and head.content == b""
