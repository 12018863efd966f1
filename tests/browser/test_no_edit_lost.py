"""No edit is ever lost (issue #11 item 3): quick sequences of edits all land, in
order, and are still there after a reload; a bad value never holds back the others."""

import pytest

from tests.browser.editor_helpers import login, northmen, saved, stored

pytestmark = pytest.mark.browser


@pytest.fixture
def roster(page, django_user_model):
    return northmen(login(page, django_user_model, "keeper"))


def traits(model):
    return [t if isinstance(t, str) else t["name"] for t in model["traits"]]


def test_typing_then_clicking_a_checkbox_within_100ms_keeps_both(page, roster):
    page.goto(f"/rosters/{roster.pk}/models/6/")
    # Typed in, then the box clicked 50 ms later: timed in the page itself, since the
    # test runner's own round trips take longer than that.
    gap = page.evaluate(
        """() => new Promise((done) => {
          const name = document.querySelector('#m6-name');
          name.focus();
          name.value = 'Frokn Stonefist';
          name.dispatchEvent(new InputEvent('input', {bubbles: true}));
          const typed = performance.now();
          setTimeout(() => {
            document.querySelector('#m6-t-veteran').click();
            done(performance.now() - typed);
          }, 50);
        })"""
    )
    # Meant 50 ms apart; what the test needs is that the click came while the typed name
    # still waited for its typing pause (300 ms in muster.js), even on a busy machine.
    assert gap < 300
    saved(page)
    page.reload()
    assert page.input_value("#m6-name") == "Frokn Stonefist"
    assert not page.locator("#m6-t-veteran").count()
    frokn = stored(roster)["models"][6]
    assert (frokn["name"], traits(frokn)) == ("Frokn Stonefist", ["Ranger"])


def test_which_weapon_then_a_stepper_keeps_both(page, roster):
    page.goto(f"/rosters/{roster.pk}/models/0/?pick=traits")
    assert page.locator("#m0-pick-blessed-weapon-why").inner_text() != ""
    assert page.locator("#m0-pick-blessed-weapon").is_disabled()  # Arcane Armor is his Heroic trait
    # A click, then what it changed: the answer no longer draws the box (an unchosen
    # trait is offered in the picker instead), so Playwright's uncheck(), which reads the
    # box again after its click, waited 60 s for it whenever the answer came first.
    page.click("#m0-t-arcane-armor")
    saved(page)
    assert page.locator("#m0-t-arcane-armor").count() == 0
    assert page.locator("#m0-pick-blessed-weapon").is_enabled()  # Heroic trait free again
    page.fill("#m0-pick-search", "bless")
    assert page.locator("#m0-pick-inspiring").is_hidden()  # the search hides what does not match
    page.click("#m0-pick-blessed-weapon")
    saved(page)
    page.fill("#m0-choice-blessed-weapon", "Grandfather's axe")
    page.click("#m0-PD-down")  # his points are all spent (p.16): a stepper down, then
    saved(page)
    page.reload()
    assert page.input_value("#m0-choice-blessed-weapon") == "Grandfather's axe"
    assert page.input_value("#m0-PD") == "3"
    hero = stored(roster)["models"][0]
    assert {"name": "Blessed Weapon", "choice": "Grandfather's axe"} in hero["traits"]
    assert hero["attributes"]["PD"] == 3


def test_three_stepper_clicks_then_a_checkbox_all_land(page, roster):
    page.goto(f"/rosters/{roster.pk}/models/1/")
    for _ in range(3):  # Aurat's points are all spent (p.16): three steps down
        page.click("#m1-PD-down", no_wait_after=True)
    page.click("#m1-t-ranger")  # (not uncheck(): the answer drops the box, see above)
    assert page.input_value("#m1-PD") == "2"  # shown at once
    saved(page)
    page.reload()
    assert page.input_value("#m1-PD") == "2"
    aurat = stored(roster)["models"][1]
    assert aurat["attributes"]["PD"] == 2
    assert "Ranger" not in traits(aurat)


def test_typing_in_two_fields_of_one_model_keeps_both(page, roster):
    page.goto(f"/rosters/{roster.pk}/models/6/")
    page.fill("#m6-name", "Frokn Two")
    page.fill("#m6-label-0", "Axe of Ages")
    saved(page)
    page.reload()
    assert page.input_value("#m6-name") == "Frokn Two"
    assert page.input_value("#m6-label-0") == "Axe of Ages"
    frokn = stored(roster)["models"][6]
    assert frokn["name"] == "Frokn Two"
    assert frokn["skills"] == [{"skill": "2H Edged", "label": "Axe of Ages"}]


def test_typing_in_two_models_keeps_both(page, roster):
    page.goto(f"/rosters/{roster.pk}/models/6/")
    page.fill("#m6-name", "Frokn Left")
    page.click("text=Back to the warband")  # at once: the pending save goes first
    page.click("#row-5")
    page.wait_for_selector("#m5-name")
    page.fill("#m5-name", "Bothvatr Right")
    saved(page)
    assert page.url.endswith(f"/rosters/{roster.pk}/models/5/")
    page.reload()
    assert page.input_value("#m5-name") == "Bothvatr Right"
    models = stored(roster)["models"]
    assert (models[5]["name"], models[6]["name"]) == ("Bothvatr Right", "Frokn Left")


def test_a_bad_value_is_kept_and_explained_and_the_rest_is_saved(page, roster):
    page.goto(f"/rosters/{roster.pk}/models/6/")
    page.fill("#m6-name", "")
    page.click("#m6-MA-down")
    saved(page)
    error = page.locator("#m6-name-error")
    assert "not saved" in error.inner_text()
    assert page.input_value("#m6-name") == ""  # what was typed stays, marked as not saved
    assert page.input_value("#m6-MA") == "3"
    frokn = stored(roster)["models"][6]
    assert (frokn["name"], frokn["attributes"]["MA"]) == ("Frokn", 3)
    page.fill("#m6-name", "Frokn Again")
    saved(page)
    page.reload()
    assert page.input_value("#m6-name") == "Frokn Again"
    assert page.input_value("#m6-MA") == "3"
