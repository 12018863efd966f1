"""Editor behaviour a player relies on: steppers count every click, Enter does not step,
and a second tab recovers from a conflict."""

import pytest

from roster.models import Roster
from tests.browser.editor_helpers import saved
from tests.browser.test_build_northmen import change, settle
from tests.ih import example

pytestmark = pytest.mark.browser


@pytest.fixture
def logged_in(page, django_user_model):
    user = django_user_model.objects.create_user("stepper", password="a-long-pass-phrase")
    roster = Roster.create(user, example("iron-and-honor-northmen-raiding-party"))
    page.goto("/accounts/login/")
    page.fill("#id_username", "stepper")
    page.fill("#id_password", "a-long-pass-phrase")
    page.click("button:has-text('Log in')")
    page.wait_for_url("**/rosters/")
    return roster


def test_quick_stepper_clicks_each_count(page, logged_in):
    page.goto(f"/rosters/{logged_in.pk}/models/1/")
    for _ in range(3):  # as fast as a player can: no waiting for the answers in between
        page.click("#m1-MA-up", no_wait_after=True)
    assert page.input_value("#m1-MA") == "5"  # shown at once
    page.wait_for_function("() => document.querySelector('#m1-MA-up').disabled")  # saved and redrawn
    settle(page)
    fresh = Roster.objects.get(pk=logged_in.pk)
    assert fresh.document["models"][1]["attributes"]["MA"] == 5  # Aurat: 2 + 3 clicks
    assert fresh.revision == 2  # one save after the clicks stopped
    assert page.locator("#m1-MA-up").is_disabled()  # a companion's maximum is 5
    change(page, page.click, "#m1-MA-down")
    assert Roster.objects.get(pk=logged_in.pk).document["models"][1]["attributes"]["MA"] == 4


def test_enter_in_a_field_saves_without_stepping(page, logged_in):
    page.goto(f"/rosters/{logged_in.pk}/models/6/")
    page.fill("#m6-name", "Frokn Greybeard")
    change(page, page.press, "#m6-name", "Enter")
    fresh = Roster.objects.get(pk=logged_in.pk)
    assert fresh.document["models"][6]["name"] == "Frokn Greybeard"
    assert fresh.document["models"][6]["attributes"] == {"MA": 4, "RA": 2, "PD": 3, "WP": 3}


def test_a_stale_tab_shows_the_refusal_in_view_and_applies_on_top(page, logged_in):
    page.goto(f"/rosters/{logged_in.pk}/models/6/")
    other = page.context.new_page()
    other.goto(f"/rosters/{logged_in.pk}/models/0/")
    other.fill("#m0-name", "Raensleyar the Wolf")
    saved(other)
    page.fill("#m6-name", "Frokn Late")
    saved(page)
    notice = page.locator("#model-open .notice.conflict")
    assert "changed in another tab" in notice.inner_text()
    assert notice.is_visible()
    box = notice.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]  # in view
    assert page.input_value("#m6-name") == "Frokn Late"  # the typed value is kept
    assert Roster.objects.get(pk=logged_in.pk).document["models"][6]["name"] == "Frokn"
    page.click("button:has-text('Apply my change on top')")
    saved(page)
    fresh = Roster.objects.get(pk=logged_in.pk)
    assert fresh.document["models"][0]["name"] == "Raensleyar the Wolf"
    assert fresh.document["models"][6]["name"] == "Frokn Late"
    assert page.locator(".notice.conflict").count() == 0


def test_a_name_pasted_over_the_limit_is_refused_at_the_field_not_cut(page, logged_in):
    """A 5,000-character paste is not cut to the field's 100 without a word: it comes back
    at the field with the limit, the stored name stays as it was."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"/rosters/{logged_in.pk}/models/6/")
    page.evaluate("text => navigator.clipboard.writeText(text)", "Frokn" * 1000)
    page.fill("#m6-name", "")
    page.focus("#m6-name")
    page.keyboard.press("Control+V")
    assert len(page.input_value("#m6-name")) == 5000  # the whole paste, as the player pasted it
    page.wait_for_selector("#m6-name-error")
    assert "at most 100 characters" in page.inner_text("#m6-name-error")
    assert len(page.input_value("#m6-name")) == 5000
    settle(page)
    assert Roster.objects.get(pk=logged_in.pk).document["models"][6]["name"] == "Frokn"
    page.fill("#m6-name", "Frokn the Short")  # typing a fitting name saves again
    saved(page)
    assert Roster.objects.get(pk=logged_in.pk).document["models"][6]["name"] == "Frokn the Short"
