"""The shared cast for web tests: alice owns, bob is a stranger, anonymous is logged out."""

from __future__ import annotations

import copy
from typing import Any

from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from roster.rosters.models import Roster
from roster.rosters.operations import create_roster
from tests.ih import example


def make_user(name: str) -> User:
    return User.objects.create_user(name, password=f"{name}-secret-pw-123")


# The header htmx sends with every request it makes (django-htmx reads it).
HX = {"HTTP_HX_REQUEST": "true"}


def client_for(user: User | None, htmx: bool = False) -> Client:
    """A test client logged in as ``user`` (None: anonymous); with ``htmx`` every request
    it makes carries htmx's header."""
    client = Client(**(HX if htmx else {}))
    if user is not None:
        client.force_login(user)
    return client


def northmen(owner: User) -> Roster:
    """Alice's copy of the Northmen Raiding Party (200 ExP, legal)."""
    return create_roster(owner, example("iron-and-honor-northmen-raiding-party"))


def model_post(roster: Roster, index: int, **changes: Any) -> dict[str, Any]:
    """The form a browser would post for model ``index`` as stored, with ``changes`` applied."""
    model = roster.document["models"][index]
    skills = [s if isinstance(s, dict) else {"skill": s, "label": ""} for s in model["skills"]]
    traits = [t if isinstance(t, dict) else {"name": t} for t in model["traits"]]
    data: dict[str, Any] = {
        "revision": roster.revision,
        "name": model["name"],
        "type": model["type"],
        **{k: str(v) for k, v in model["attributes"].items()},
        "skill": [s["skill"] for s in skills] + [""],
        "label": [s.get("label", "") for s in skills] + [""],
        "trait": [t["name"] for t in traits],
    }
    for t in traits:
        if t.get("choice"):
            data[f"choice__{t['name'].lower()}"] = t["choice"]
    data.update(changes)
    return data


def snapshot(roster: Roster) -> tuple[int, Any, int]:
    """(revision, document, number of revisions) as stored now."""
    fresh = Roster.objects.get(pk=roster.pk)
    return fresh.revision, copy.deepcopy(fresh.document), fresh.revisions.count()


def clovis(owner: User) -> Roster:
    """Alice's copy of Stone Hoof's raiders (Beestwars, 257 of 300 points, legal)."""
    from tests.beestwars import example as beestwars_example

    return create_roster(owner, beestwars_example())


def fighter_post(roster: Roster, index: int, **changes: Any) -> dict[str, Any]:
    """The Beestwars fighter form as a browser would post it: the name and the values
    the player supplied, with ``changes`` applied."""
    model = roster.document["models"][index]
    data: dict[str, Any] = {"revision": roster.revision, "name": model.get("name", "")}
    data.update({f"supplied_{k}": str(v) for k, v in (model.get("supplied") or {}).items()})
    data.update(changes)
    return data


def model_form(roster: Roster, index: int, **changes: Any) -> dict[str, Any]:
    """The model form of ``roster``'s system for model ``index``, as a browser would post it."""
    from tests.web.brutality_cast import brutality_post

    form = {"iron-and-honor": model_post, "brutality": brutality_post, "beestwars": fighter_post}
    return form[roster.system](roster, index, **changes)


def post_model(
    client: Client, roster: Roster, index: int, hx: bool = True, fresh: bool = False, **changes: Any
) -> HttpResponse:
    """Post model ``index``'s form (:func:`model_form`, ``changes`` applied) to its update
    URL, as htmx does unless ``hx`` is False. With ``fresh`` the form is built from the
    roster as stored now, not from the (possibly older) ``roster`` object."""
    if fresh:
        roster = Roster.objects.get(pk=roster.pk)
    url = reverse("model-update", args=[roster.pk, index])
    response: HttpResponse = client.post(url, model_form(roster, index, **changes), **(HX if hx else {}))
    return response
