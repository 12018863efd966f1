"""Prepare a benchmark database: rules data, one user, rosters and a share link.

Run as ``python -m bench.seed N`` with the server's environment; prints JSON:
{"username", "password", "rosters": [ids], "token", "beestwars": id, ...}.
"""

from __future__ import annotations

import json
import os
import sys


def main(count: int) -> None:
    """Create ``count`` Northmen rosters for the user "bench" and share the first."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "roster.project.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from roster.rosters.models import ShareLink
    from roster.rosters.operations import create_roster

    call_command("migrate", verbosity=0)
    call_command("load_rules", verbosity=0)
    examples = settings.MUSTER_FIXTURES_DIR / "examples"
    document = json.loads((examples / "iron-and-honor-northmen-raiding-party.json").read_text())
    user, _ = User.objects.get_or_create(username="bench")
    user.set_password("bench-password-123")
    user.save()
    rosters = [create_roster(user, {**document, "name": f"Bench {i}"}) for i in range(count)]
    link = ShareLink.objects.create(roster=rosters[0])
    # With MUSTER_SEED_WORST=1: the heaviest Iron & Honor rosters (bench.worst), shared.
    worst = []
    if os.environ.get("MUSTER_SEED_WORST") == "1":
        from bench.worst import WORST

        for script in ("latin", "wide"):
            heavy = create_roster(user, WORST["iron-and-honor"](script))
            worst.append(ShareLink.objects.create(roster=heavy).token)
    # With MUSTER_SEED_QUEUE=1: four 50-model rosters of "bench" (the Northmen's models
    # over and over) and a player "other" with the seven-model Northmen, for the sheet
    # queue's load test.
    heavy: list[int] = []
    other: dict[str, object] = {}
    if os.environ.get("MUSTER_SEED_QUEUE") == "1":
        models = document["models"]
        fifty = [{**models[i % len(models)], "name": f"Raider {i + 1}"} for i in range(50)]
        for i in range(4):
            heavy.append(create_roster(user, {**document, "name": f"Horde {i}", "models": fifty}).pk)
        second, _ = User.objects.get_or_create(username="other")
        second.set_password("other-password-123")
        second.save()
        other = {
            "username": "other",
            "password": "other-password-123",
            "roster": create_roster(second, {**document, "name": "Other's raiders"}).pk,
        }
    # One Beestwars warband of "bench": a game with a hidden card (the live tables' tests).
    clovis = json.loads((examples / "beestwars-clovis-300.json").read_text())
    beestwars = create_roster(user, clovis).pk
    print(
        json.dumps(
            {
                "username": "bench",
                "password": "bench-password-123",
                "rosters": [r.pk for r in rosters],
                "token": link.token,
                "worst": worst,
                "heavy": heavy,
                "other": other,
                "beestwars": beestwars,
            }
        )
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
