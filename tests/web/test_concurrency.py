"""Two clients editing one roster at the same moment, each with its own database
connection: one update wins, the other gets the conflict, and nothing is lost silently.

CI runs this on SQLite and again on PostgreSQL (DATABASE_URL)."""

import threading

import pytest
from django.db import connection
from django.urls import reverse

from roster.rosters.models import Roster
from tests.web.cast import client_for, make_user, model_post, northmen


@pytest.mark.django_db(transaction=True)
def test_simultaneous_edits_never_lose_an_update_silently(rules_loaded_db):
    user = make_user("racer")
    roster = northmen(user)
    for round_ in range(5):
        base = Roster.objects.get(pk=roster.pk)
        barrier = threading.Barrier(2)
        results = {}

        def edit(index, name, base=base, barrier=barrier, results=results):
            client = client_for(user)
            data = model_post(base, index, name=name)
            try:
                barrier.wait(timeout=120)
                response = client.post(
                    reverse("model-update", args=[roster.pk, index]), data, HTTP_HX_REQUEST="true"
                )
                results[index] = response.status_code
            except Exception as exc:  # reported by the assertion below
                results[index] = repr(exc)
            finally:
                connection.close()

        names = {3: f"Sigrun {round_}", 4: f"Botmundr {round_}"}
        threads = [threading.Thread(target=edit, args=(i, n)) for i, n in names.items()]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=600)
        assert sorted(results.values()) == [200, 409], results
        after = Roster.objects.get(pk=roster.pk)
        winner = next(i for i, code in results.items() if code == 200)
        loser = next(i for i, code in results.items() if code == 409)
        assert after.revision == base.revision + 1
        assert after.document["models"][winner]["name"] == names[winner]
        assert after.document["models"][loser]["name"] == base.document["models"][loser]["name"]
        assert after.revisions.filter(number=after.revision).get().document == after.document
