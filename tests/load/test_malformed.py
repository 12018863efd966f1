"""Under gunicorn as README deploys it, a body Django cannot read answers Muster's 400
page with its headers, not gunicorn's bare 500 (issue 22: 69 latin-1 form posts and 21
broken multipart bodies in a fuzz of 5,272). Bounded: one worker on 127.0.0.1."""

from __future__ import annotations

import http.client
import urllib.parse

from bench import load
from bench.server import Server, serve

BODIES = [
    (b"name=%E9", "application/x-www-form-urlencoded; charset=latin-1"),
    (b"a=b", "multipart/form-data"),
    (b"name=x", "application/x-www-form-urlencoded; charset=utf-16"),
]


def post(server: Server, path: str, body: bytes, content_type: str, cookies: dict[str, str] | None):
    parsed = urllib.parse.urlsplit(server.url)
    conn = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=300)
    headers = {"Content-Type": content_type}
    if cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    conn.request("POST", path, body=body, headers=headers)
    response = conn.getresponse()
    page = response.read().decode(errors="replace")
    conn.close()
    return response.status, response, page


def test_unreadable_bodies_get_muster_400_under_gunicorn():
    with serve(workers=1, rosters=1) as server:
        client = load.Client(server.url)
        client.log_in(server.seed["username"], server.seed["password"])
        roster = server.seed["rosters"][0]
        paths = ["/rosters/", f"/rosters/{roster}/options/", "/no/such/page/", "/accounts/login/"]
        seen = []
        for cookies in (None, client.cookies):
            for path in paths:
                for body, content_type in BODIES:
                    status, response, page = post(server, path, body, content_type, cookies)
                    seen.append((path, content_type, status))
                    assert status == 400, seen[-1]
                    assert "Muster could not read that request" in page, seen[-1]
                    assert "frame-ancestors 'none'" in (response.getheader("Content-Security-Policy") or "")
                    assert "no-store" in (response.getheader("Cache-Control") or "")
        client.close()
    assert len(seen) == 2 * len(paths) * len(BODIES)
