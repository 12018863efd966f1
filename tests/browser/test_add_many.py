"""Adding many models on a phone without leaving the warband (issue #21 item 6): a count
of 2 or more adds them all in one change, stays on the warband with the new rows in view
and the focus on the last one; without JavaScript too (a plain POST)."""

import pytest

from roster.rosters.models import Roster
from roster.rosters.operations import create_roster
from tests.browser.editor_helpers import answered, login
from tests.ih import example

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}
IN_VIEW = """(id) => {
  const box = document.getElementById(id).getBoundingClientRect();
  const bar = document.getElementById('summary').getBoundingClientRect();
  return box.top >= bar.bottom - 1 && box.bottom <= window.innerHeight + 1;
}"""


def make(django_user_model, page, system_example, username="adder"):
    user = login(page, django_user_model, username)
    return create_roster(user, example(system_example))


def test_a_phone_adds_three_fighters_and_stays_on_the_warband(page, django_user_model):
    roster = make(django_user_model, page, "beestwars-clovis-300")
    before = len(roster.document["models"])
    page.set_viewport_size(PHONE)
    page.goto(f"/rosters/{roster.pk}/")
    page.click("#add-model > summary")
    page.fill("#add-count", "3")
    pick = page.locator("#add-profiles button:not([disabled])").first
    kind = pick.get_attribute("value")
    pick.click()
    page.wait_for_selector(f"#row-{before + 2}")
    answered(page)
    assert page.url.endswith(f"/rosters/{roster.pk}/")  # still the warband, no model sheet
    models = Roster.objects.get(pk=roster.pk).document["models"]
    assert len(models) == before + 3
    assert {m["profile"].lower() for m in models[before:]} == {kind.lower()}
    last = f"row-{before + 2}"
    assert page.evaluate("() => document.activeElement.id") == last
    assert page.evaluate(IN_VIEW, last)  # in view, not under the totals bar
    assert page.locator("#add-count").input_value() == "1"  # ready for the next pick
    page.keyboard.press("Enter")  # the focused row opens as usual
    page.wait_for_url(f"**/models/{before + 2}/")


def test_a_count_of_one_opens_the_new_model_as_before(page, django_user_model):
    roster = make(django_user_model, page, "iron-and-honor-northmen-raiding-party")
    page.goto(f"/rosters/{roster.pk}/")
    page.select_option("#add-kind", "follower")
    page.click("#add-model button[type=submit]")
    page.wait_for_url("**/models/7/")
    assert len(Roster.objects.get(pk=roster.pk).document["models"]) == 8


def test_a_count_over_the_room_left_is_refused_in_words(page, django_user_model):
    roster = make(django_user_model, page, "iron-and-honor-northmen-raiding-party")
    page.goto(f"/rosters/{roster.pk}/")
    page.fill("#add-count", "50")
    page.click("#add-model button[type=submit]")
    page.wait_for_selector("#add-error")
    assert "room for 43 more" in page.inner_text("#add-error")
    assert len(Roster.objects.get(pk=roster.pk).document["models"]) == 7


@pytest.mark.parametrize("system_example", ["iron-and-honor-northmen-raiding-party", "beestwars-clovis-300"])
def test_adding_many_works_without_javascript(
    browser, live_server, rules_loaded, django_user_model, system_example
):
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    try:
        roster = make(django_user_model, page, system_example, username="nojs-adder")
        before = len(roster.document["models"])
        page.goto(f"/rosters/{roster.pk}/")
        if page.locator("#add-kind").count():
            page.select_option("#add-kind", "follower")
            page.fill("#add-count", "2")
            page.click("#add-model button[type=submit]")
        else:
            page.click("#add-model > summary")
            page.fill("#add-count", "2")
            page.locator("#add-profiles button:not([disabled])").first.click()
        page.wait_for_url(f"**/rosters/{roster.pk}/#row-{before + 1}")
        assert len(Roster.objects.get(pk=roster.pk).document["models"]) == before + 2
        assert page.evaluate(IN_VIEW, f"row-{before + 1}")  # the browser scrolled to it
    finally:
        context.close()
