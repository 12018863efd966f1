"""Fuzzing every editing endpoint and import with hypothesis: never a 500, a message for
every refusal, and the stored roster unchanged after a rejected request."""

import itertools

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roster.models import Roster
from tests.ih import example
from tests.web.cast import client_for, make_user

pytestmark = pytest.mark.django_db

FIELDS = [
    "name",
    "type",
    "MA",
    "RA",
    "PD",
    "WP",
    "skill",
    "label",
    "trait",
    "bump",
    "remove_skill",
    "choice__pet",
    "choice__blessed-weapon",
    "game_size",
    "exp_limit",
    "kind",
    "direction",
    "class",
    "upgrade",
    "leader",
    "ability",
    "power",
    "mode",
    "game",
    "points_limit",
    "model_count",
    "upgraded_count",
    "profile",
    "supplied__points",
    "supplied__HP",
    "text",
    "revision",
]
junk = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        ["", "0", "-1", "999999999999", "1.5", "abc", "hero", "Tough", "MA:1", "x" * 300, "\x00", "NaN"]
    ),
)
forms = st.dictionaries(
    st.one_of(st.sampled_from(FIELDS), st.text(max_size=8)),
    st.one_of(junk, st.lists(junk, max_size=4)),
    max_size=12,
)
EXAMPLES = ["iron-and-honor-northmen-raiding-party", "brutality-moderate-points", "beestwars-clovis-300"]
EDITS = [
    "model-update",
    "model-remove",
    "model-duplicate",
    "model-move",
    "roster-options",
    "model-add",
    "roster-rename",
    "roster-undo",
    "roster-redo",
    "roster-restore",
]
OK = {200, 302, 404, 409, 422}
SERIAL = itertools.count()


def url_for(name, roster):
    kwargs = {"pk": roster.pk}
    if name in ("model-update", "model-remove", "model-duplicate", "model-move"):
        kwargs["index"] = 0
    if name == "roster-restore":
        kwargs["number"] = 1
    return reverse(name, kwargs=kwargs)


@pytest.mark.parametrize("system_example", EXAMPLES)
@pytest.mark.parametrize("edit", EDITS)
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=forms, htmx=st.booleans(), current_revision=st.booleans())
def test_editing_endpoints_never_fail(system_example, edit, data, htmx, current_revision):
    user = make_user(f"fuzz{next(SERIAL)}")
    client = client_for(user)
    roster = Roster.create(user, example(system_example))
    if current_revision:
        data = {**data, "revision": str(roster.revision)}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.post(url_for(edit, roster), data, **headers)
    assert response.status_code in OK, response.status_code
    after = Roster.objects.get(pk=roster.pk)
    if response.status_code >= 400:
        body = response.content.decode()
        if response.status_code != 404:
            assert "field-error" in body or 'role="alert"' in body
        assert (after.document, after.revision) == (roster.document, roster.revision)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    text=st.one_of(
        st.text(max_size=200),
        st.builds(
            str,
            st.recursive(
                st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                lambda inner: (
                    st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
                ),
                max_leaves=10,
            ),
        ).map(
            lambda s: (
                s.replace("'", '"').replace("None", "null").replace("True", "true").replace("False", "false")
            )
        ),
    )
)
def test_import_never_fails(text):
    user = make_user(f"imp{next(SERIAL)}")
    client = client_for(user)
    response = client.post(reverse("roster-import"), {"text": text})
    assert response.status_code in (302, 422)
    if response.status_code == 422:
        assert "field-error" in response.content.decode()
        assert not Roster.objects.filter(owner=user).exists()
