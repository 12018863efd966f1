"""One press of "Add" adds one model: a second press while the first is on its way (a
double tap, an impatient click on a slow line) is dropped, on a phone and with a mouse.
"How many" is the way to add several (tests/browser/test_add_many.py)."""

from __future__ import annotations

import pytest

from roster.rosters.models import Roster
from roster.rosters.operations import create_roster
from tests.browser.editor_helpers import HeldSaves, login, saved
from tests.brutality import example

pytestmark = pytest.mark.browser


@pytest.fixture
def reavers(page, django_user_model):
    user = login(page, django_user_model, "adder")
    roster = create_roster(user, example("brutality-moderate-points"))
    page.goto(f"/rosters/{roster.pk}/")
    saved(page)
    return roster


def models(roster):
    return [m["name"] for m in Roster.objects.get(pk=roster.pk).document["models"]]


def test_a_double_click_on_add_adds_one_model(page, reavers):
    adds = HeldSaves(page, "/models/add/")
    try:
        page.click(".add-model button")  # held on its way: the answer cannot land in between
        page.click(".add-model button", no_wait_after=True)
        adds.release()
        page.wait_for_url("**/models/4/")
    finally:
        adds.stop()  # a second add, had one been sent, goes on now
    page.wait_for_timeout(500)  # a second add, had it been sent, would be answered by now
    saved(page)
    assert len(models(reavers)) == 5
    assert page.locator(".row-name").count() == 5


def test_a_double_click_on_add_after_typing_adds_one_model(page, reavers):
    # The add first sends the warband name's save; the second click lands while it waits.
    saves = HeldSaves(page, "/options/")
    try:
        page.fill("#roster-name", "Ashen Reavers II")
        page.click(".add-model button", no_wait_after=True)
        page.click(".add-model button", no_wait_after=True)
        saves.release()
        page.wait_for_url("**/models/4/")
        saved(page)
    finally:
        saves.stop()
    page.wait_for_timeout(500)
    saved(page)
    assert Roster.objects.get(pk=reavers.pk).name == "Ashen Reavers II"
    assert len(models(reavers)) == 5


def test_add_works_again_once_the_first_is_answered(page, reavers):
    page.click(".add-model button")
    page.wait_for_url("**/models/4/")
    saved(page)
    page.click("a:has-text('Back to the warband')")
    page.wait_for_selector("#add-model", state="visible")
    page.click(".add-model button")
    page.wait_for_url("**/models/5/")
    saved(page)
    assert len(models(reavers)) == 6
