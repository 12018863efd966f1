"""Editor behaviour a player relies on: steppers count every click, Enter does not step,
and a second tab recovers from a conflict."""

import pytest

from roster.models import Roster
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
    page.goto(f"/rosters/{logged_in.pk}/")
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
    page.goto(f"/rosters/{logged_in.pk}/")
    page.fill("#m6-name", "Frokn Greybeard")
    change(page, page.press, "#m6-name", "Enter")
    fresh = Roster.objects.get(pk=logged_in.pk)
    assert fresh.document["models"][6]["name"] == "Frokn Greybeard"
    assert fresh.document["models"][6]["attributes"] == {"MA": 4, "RA": 2, "PD": 3, "WP": 3}


def test_a_stale_tab_gets_the_current_roster_and_can_go_on(page, logged_in):
    page.goto(f"/rosters/{logged_in.pk}/")
    other = page.context.new_page()
    other.goto(f"/rosters/{logged_in.pk}/")
    other.fill("#m0-name", "Raensleyar the Wolf")
    change(other, other.press, "#m0-name", "Tab")
    page.fill("#m6-name", "Frokn Late")
    change(page, page.press, "#m6-name", "Tab")
    assert "changed in another tab" in page.locator(".notice.conflict").inner_text()
    assert page.locator("#editor").count() == 1
    assert page.input_value("#m0-name") == "Raensleyar the Wolf"
    page.fill("#m6-name", "Frokn Again")
    change(page, page.press, "#m6-name", "Tab")
    fresh = Roster.objects.get(pk=logged_in.pk)
    assert fresh.document["models"][0]["name"] == "Raensleyar the Wolf"
    assert fresh.document["models"][6]["name"] == "Frokn Again"
