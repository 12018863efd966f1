"""A bounded load run on loopback under gunicorn: the shared page and the htmx edit
endpoint answer every request without an error. At most about 25 seconds in all."""

import os

from bench import load
from bench.server import serve


def test_shared_page_and_edits_under_load_have_no_errors(capsys):
    with serve(workers=2, rosters=4, database_url=os.environ.get("DATABASE_URL")) as server:
        token = server.seed["token"]

        def reader(_):
            client = load.Client(server.url)
            return lambda: client.request("GET", f"/s/{token}/")[0]

        def editor(i):
            client = load.Client(server.url)
            client.log_in(server.seed["username"], server.seed["password"])
            player = load.Editor(client, server.seed["rosters"][i])
            return player.edit

        shared = load.run(reader, clients=8, seconds=5, max_requests=5000)
        edits = load.run(editor, clients=4, seconds=5, max_requests=2000)
    with capsys.disabled():
        print(
            f"\nload: shared page {shared.rps:.0f} req/s (8 clients, {shared.requests} requests), "
            f"htmx edits {edits.rps:.0f} req/s (4 clients, {edits.requests} requests)"
        )
    assert shared.requests > 0 and edits.requests > 0
    assert shared.errors == 0, shared.statuses
    assert edits.errors == 0, edits.statuses
    assert set(shared.statuses) == {200}, shared.statuses
    assert set(edits.statuses) == {200}, edits.statuses
