"""An event for the dispute's browser test (issue 41), made in a bench server's database:
run as ``python -m tests.browser.event_seed`` with the server's environment; prints JSON
{"event", "pairing", "password"}. Six accepted Northmen lists (three tables), round 1 paired with Pat
against Quinn at one table and the other two tables entered by the organiser; the
organiser's standings: wins, then the ExP scored, then the opponents' ExP, then
head-to-head; a bye scores 0; sportsmanship and painting columns."""

from __future__ import annotations

import json
import os
import random


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "roster.project.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.db.models import Q

    from roster.events import operations
    from roster.events.models import Entry, Pairing
    from roster.rosters.operations import create_roster

    password = "a-long-pass-phrase"
    document = json.loads(
        (settings.MUSTER_FIXTURES_DIR / "examples" / "iron-and-honor-northmen-raiding-party.json").read_text()
    )
    users = {}
    for name in ("olga", "pat", "quinn", "ann", "bob", "cy", "dee"):
        users[name] = User.objects.create_user(name, f"{name}@example.org", password)
    event = operations.create_event(
        users["olga"], "iron-and-honor", "Winter Cup", options={"game_size": "medium"}, rounds=3
    )
    for name in ("pat", "quinn", "ann", "bob", "cy", "dee"):
        roster = create_roster(users[name], {**document, "name": f"{name.title()}'s Raiders"})
        operations.submit(event, users[name], roster, name.title())
    Entry.objects.filter(event=event).update(status=Entry.ACCEPTED)
    round_ = operations.pair_round(event, random.Random(5))
    pat = Entry.objects.get(event=event, player=users["pat"])
    quinn = Entry.objects.get(event=event, player=users["quinn"])
    table = Pairing.objects.get(Q(a=pat) | Q(b=pat), round=round_)
    if quinn.pk not in (table.a_id, table.b_id):
        operations.swap(round_, quinn, table.b if table.a_id == pat.pk else table.a)
    table = Pairing.objects.get(round=round_, a__in=[pat, quinn], b__in=[pat, quinn])
    for other in Pairing.objects.filter(round=round_).exclude(pk=table.pk):
        operations.record(other, users["olga"], "a", 10, 4)  # the same result: equal lines tie
    operations.set_standings(event, ["wins", "score", "opp_score", "h2h"], 0, ["sportsmanship", "painting"])
    operations.set_extra_scores(
        event, {e.pk: {"sportsmanship": 5, "painting": 3 * n} for n, e in enumerate(event.entries.all())}
    )
    print(json.dumps({"event": event.pk, "pairing": table.pk, "password": password}))


if __name__ == "__main__":
    main()
