"""Editor behaviour a player relies on: steppers count every click, Enter does not step,
and a second tab recovers from a conflict."""

import pytest

from roster.rosters.models import Roster
from roster.rosters.operations import create_roster
from tests.browser.editor_helpers import HeldSaves, answered, saved
from tests.browser.test_build_northmen import change, settle
from tests.ih import example

pytestmark = pytest.mark.browser

REVISION_IS = "(n) => document.getElementById('roster-state').dataset.revision === n"


@pytest.fixture
def logged_in(page, django_user_model):
    user = django_user_model.objects.create_user("stepper", password="a-long-pass-phrase")
    roster = create_roster(user, example("iron-and-honor-northmen-raiding-party"))
    page.goto("/accounts/login/")
    page.fill("#id_username", "stepper")
    page.fill("#id_password", "a-long-pass-phrase")
    page.click("button:has-text('Log in')")
    page.wait_for_url("**/rosters/")
    return roster


def test_quick_stepper_clicks_each_count_and_never_overspend(page, logged_in):
    """Aurat has spent all 6 attribute points (p.16): + is off until a − frees one, and
    quick clicks, three down and three up, each count."""
    page.goto(f"/rosters/{logged_in.pk}/models/1/")
    statuses = []
    page.on("response", lambda r: statuses.append(r.status) if r.request.method == "POST" else None)
    assert page.locator("#m1-MA-up").is_disabled()  # no point left to spend
    for _ in range(3):  # as fast as a player can: no waiting for the answers in between
        page.click("#m1-PD-down", no_wait_after=True)
    for _ in range(3):
        page.click("#m1-MA-up", no_wait_after=True)
    assert (page.input_value("#m1-MA"), page.input_value("#m1-PD")) == ("5", "2")  # shown at once
    assert page.locator("#m1-RA-up").is_disabled()  # the freed points are spent again
    page.wait_for_function("() => document.querySelector('#m1-PD-down').disabled")  # saved and redrawn
    settle(page)
    fresh = Roster.objects.get(pk=logged_in.pk)
    assert fresh.document["models"][1]["attributes"] == {"MA": 5, "RA": 2, "PD": 2, "WP": 5}
    assert set(statuses) == {200}  # each click sent as it came, none refused
    assert page.locator("#m1-MA-up").is_disabled()  # a companion's maximum is 5
    assert "0 points left of 6" in page.inner_text("#m1-points")
    change(page, page.click, "#m1-MA-down")
    assert Roster.objects.get(pk=logged_in.pk).document["models"][1]["attributes"]["MA"] == 4
    assert page.locator("#m1-RA-up").is_enabled()


def steppers(page, index=1):
    """Which of the model's attribute steppers are on, and the points-left text."""
    return tuple(
        page.evaluate(
            """i => [[...document.querySelectorAll(`#model-form .attributes button[name=bump]`)]
                   .filter(b => !b.disabled).map(b => b.id.replace(`m${i}-`, '')).sort().join(' '),
                 document.getElementById(`m${i}-points`).textContent.split(' · ')[0]]""",
            index,
        )
    )


def test_an_answer_landing_between_quick_clicks_never_miscounts_the_points(page, logged_in):
    """Each answer to an earlier click is drawn while later clicks wait in the queue (the
    saves are held in the browser and let go one at a time): the points left, the text
    saying so and every stepper always follow the values shown, so no click is lost and
    none overspends (Iron & Honor p.16)."""
    page.goto(f"/rosters/{logged_in.pk}/models/1/")
    saves = HeldSaves(page, "/models/1/")
    try:
        assert steppers(page) == ("PD-down WP-down", "0 points left of 6")
        for _ in range(3):  # the first save is held, the next waits in the queue
            page.click("#m1-PD-down", no_wait_after=True)
        assert steppers(page) == ("MA-up PD-up RA-up WP-down", "3 points left of 6")
        saves.answer()  # PD 4 drawn while 2 is shown: still 3 left
        assert steppers(page) == ("MA-up PD-up RA-up WP-down", "3 points left of 6")
        for _ in range(3):
            page.click("#m1-MA-up", no_wait_after=True)
        assert (page.input_value("#m1-MA"), page.input_value("#m1-PD")) == ("5", "2")
        assert steppers(page) == ("MA-down WP-down", "0 points left of 6")  # all spent again
        saves.answer()  # PD 2 and MA 2 drawn while MA 5 is shown: none left, not 3
        assert steppers(page) == ("MA-down WP-down", "0 points left of 6")
        saves.answer()  # MA 5 saved
        answered(page)
        assert Roster.objects.get(pk=logged_in.pk).document["models"][1]["attributes"] == {
            "MA": 5,
            "RA": 2,
            "PD": 2,
            "WP": 5,
        }
        page.click("#m1-MA-down", no_wait_after=True)  # held: one point free
        assert steppers(page) == ("MA-down MA-up PD-up RA-up WP-down", "1 point left of 6")
        page.click("#m1-RA-up", no_wait_after=True)  # spent again, queued
        assert steppers(page) == ("MA-down RA-down WP-down", "0 points left of 6")
        saves.answer()  # MA 4 and RA 2 drawn while RA 3 is shown: none left, not 1
        assert steppers(page) == ("MA-down RA-down WP-down", "0 points left of 6")
        page.click("#m1-RA-down", no_wait_after=True)  # frees it: + is on at once
        assert steppers(page) == ("MA-down MA-up PD-up RA-up WP-down", "1 point left of 6")
        page.click("#m1-MA-up", no_wait_after=True)
        assert steppers(page) == ("MA-down WP-down", "0 points left of 6")
    finally:
        saves.stop()
    saved(page)
    assert Roster.objects.get(pk=logged_in.pk).document["models"][1]["attributes"] == {
        "MA": 5,
        "RA": 2,
        "PD": 2,
        "WP": 5,
    }
    assert steppers(page) == ("MA-down WP-down", "0 points left of 6")


@pytest.mark.parametrize("width", [360, 1280])
def test_an_answer_never_moves_a_stepper_from_under_the_finger(page, logged_in, width):
    """Taps at one spot of the screen, as a thumb taps, with answers landing between them:
    the first answer adds "3 of 6 attribute points left to spend" above the card's
    steppers and the last takes it away again, and every tap still lands on the stepper
    it was aimed at (none lost on the row below, Iron & Honor p.16)."""
    page.set_viewport_size({"width": width, "height": 780})
    page.goto(f"/rosters/{logged_in.pk}/models/1/")
    saves = HeldSaves(page, "/models/1/")

    def spot(selector):
        box = page.locator(selector).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    try:
        pd_down = spot("#m1-PD-down")
        page.mouse.click(*pd_down)  # PD 4, its save held
        saves.answer()  # the card's issues now sit above the steppers
        assert page.locator("#model-open .card-issues").is_visible()
        page.mouse.click(*pd_down)
        page.mouse.click(*pd_down)
        assert page.input_value("#m1-PD") == "2"
        saves.answer()  # PD 3
        saves.answer()  # PD 2, the save that waited in the queue
        ma_up, ma_down = spot("#m1-MA-up"), spot("#m1-MA-down")
        for _ in range(3):
            page.mouse.click(*ma_up)
            saves.answer()  # the last one takes the card's issues away
        assert page.locator("#model-open .card-issues").count() == 0
        page.mouse.click(*ma_down)
        assert (page.input_value("#m1-MA"), page.input_value("#m1-PD")) == ("4", "2")
    finally:
        saves.stop()
    saved(page)
    assert Roster.objects.get(pk=logged_in.pk).document["models"][1]["attributes"] == {
        "MA": 4,
        "RA": 2,
        "PD": 2,
        "WP": 5,
    }


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
    page.wait_for_selector("#model-open .notice.conflict")
    answered(page)
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
    at the field with the limit, the stored name stays as it was.

    Each step waits for the answer the player waits for: the cleared name's save (sent
    after the typing pause) is answered "required" before the paste, so that answer can
    never land after it and be taken for the paste's."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"/rosters/{logged_in.pk}/models/6/")
    page.evaluate("text => navigator.clipboard.writeText(text)", "Frokn" * 1000)
    change(page, page.fill, "#m6-name", "")
    assert "required" in page.inner_text("#m6-name-error")
    page.focus("#m6-name")
    with page.expect_response(lambda r: r.url.endswith("/models/6/") and r.request.method == "POST"):
        page.keyboard.press("Control+V")
        assert len(page.input_value("#m6-name")) == 5000  # the whole paste, as the player pasted it
    answered(page)
    error = page.locator("#m6-name-error")
    assert error.count() == 1, "the paste's save was not refused at the field"
    assert "at most 100 characters" in error.inner_text()
    assert len(page.input_value("#m6-name")) == 5000
    settle(page)
    assert Roster.objects.get(pk=logged_in.pk).document["models"][6]["name"] == "Frokn"
    page.fill("#m6-name", "Frokn the Short")  # typing a fitting name saves again
    saved(page)
    assert Roster.objects.get(pk=logged_in.pk).document["models"][6]["name"] == "Frokn the Short"
    assert page.locator("#m6-name-error").count() == 0


@pytest.mark.parametrize("size", [{"width": 360, "height": 640}, {"width": 1280, "height": 800}])
def test_apply_on_top_keeps_what_the_other_tab_saved_in_other_fields(page, logged_in, size):
    """Tab B only presses PD + on Frokn while tab A renames him: the refusal comes into
    view, B's form shows A's name with B's PD, and "Apply" keeps both."""
    page.set_viewport_size(size)
    page.goto(f"/rosters/{logged_in.pk}/models/6/")
    other = page.context.new_page()
    other.goto(f"/rosters/{logged_in.pk}/models/6/")
    other.fill("#m6-name", "Frokn Renamed")
    saved(other)
    page.locator("#m6-WP-down").scroll_into_view_if_needed()
    page.click("#m6-MA-down")  # frees a point: MA 4 -> 3
    page.wait_for_selector("#model-open .notice.conflict")
    answered(page)
    box = page.locator("#model-open .notice.conflict").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]  # in view
    assert page.input_value("#m6-name") == "Frokn Renamed"  # what the other tab saved
    assert page.input_value("#m6-MA") == "3"  # the player's own change, kept, unsaved
    assert Roster.objects.get(pk=logged_in.pk).document["models"][6]["attributes"]["MA"] == 4
    page.click("button:has-text('Apply my change on top')")
    saved(page)
    model = Roster.objects.get(pk=logged_in.pk).document["models"][6]
    assert (model["name"], model["attributes"]["MA"]) == ("Frokn Renamed", 3)


def test_back_right_after_typing_saves_first(page, logged_in):
    """Back before the save's pause is over sends the save, then shows the page history
    moved to, with the new name."""
    page.goto(f"/rosters/{logged_in.pk}/")
    page.click("#row-6")
    page.wait_for_url("**/models/6/")
    answered(page)
    page.fill("#m6-name", "Frokn Backwards")
    page.go_back()  # within the 400 ms pause
    page.wait_for_url(f"**/rosters/{logged_in.pk}/")
    page.wait_for_load_state()
    answered(page)
    assert Roster.objects.get(pk=logged_in.pk).document["models"][6]["name"] == "Frokn Backwards"
    assert "Frokn Backwards" in page.inner_text("#row-6")


def test_the_trait_search_keeps_filtering_after_a_pick(page, logged_in):
    page.goto(f"/rosters/{logged_in.pk}/models/6/?pick=traits")
    page.fill("#m6-pick-search", "tough")
    visible = "() => [...document.querySelectorAll('#m6-picker [data-name]')].filter(r => !r.hidden).length"
    assert page.evaluate(visible) == 1
    page.click("#m6-picker button[value=tough]")
    saved(page)
    assert "Tough" in Roster.objects.get(pk=logged_in.pk).document["models"][6]["traits"]
    assert page.input_value("#m6-pick-search") == "tough"
    assert page.evaluate(visible) <= 1  # the rows drawn again are filtered again


def test_undo_on_the_warband_stays_on_the_warband(page, logged_in):
    """On a phone Undo is on the warband only: pressing it twice takes two taps, no model
    opens in between."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"/rosters/{logged_in.pk}/models/6/")
    page.fill("#m6-name", "Frokn One")
    saved(page)
    page.fill("#m6-name", "Frokn Two")
    saved(page)
    page.click("a:has-text('Back to the warband')")
    page.wait_for_url(f"**/rosters/{logged_in.pk}/")
    for _ in range(2):
        page.get_by_role("button", name="Undo").click()
        answered(page)
        assert page.url.endswith(f"/rosters/{logged_in.pk}/")
        assert page.evaluate("() => document.activeElement.id") == "row-6"
    assert Roster.objects.get(pk=logged_in.pk).document["models"][6]["name"] == "Frokn"


@pytest.mark.parametrize("width", [360, 1280])
def test_quick_undo_presses_each_count_none_refused(page, logged_in, width):
    """Six Ctrl+Z 30 ms apart undo six edits: each press waits for the answer before it,
    so none is sent with a revision the one before had just moved on."""
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(f"/rosters/{logged_in.pk}/models/6/")
    for n in range(6):
        page.fill("#m6-name", f"Frokn {n}")
        saved(page)
    if width == 360:
        page.click("a:has-text('Back to the warband')")
        answered(page)
    else:
        page.locator("#model-6-title").click()  # focus out of the text field
    statuses = []
    page.on("response", lambda r: statuses.append(r.status) if "/undo/" in r.url else None)
    for _ in range(6):
        page.keyboard.press("Control+z")
        page.wait_for_timeout(30)
    page.wait_for_function("() => document.getElementById('roster-state').dataset.revision === '1'")
    answered(page)
    assert statuses == [200] * 6
    assert Roster.objects.get(pk=logged_in.pk).document["models"][6]["name"] == "Frokn"


def test_the_keyboard_keeps_its_place(page, logged_in):
    """A stepper pressed until it turns off leaves the focus at its field; Escape in the
    picker returns it to "Add a trait…"; on a phone, Enter on a row focuses the sheet."""
    page.goto(f"/rosters/{logged_in.pk}/models/6/")
    page.focus("#m6-PD-down")  # Frokn's PD 3, a follower's base 2: one step to the floor
    page.keyboard.press("Enter")
    saved(page)
    assert page.locator("#m6-PD-down").is_disabled()
    assert page.evaluate("() => document.activeElement.id") == "m6-PD"
    page.focus("#m6-pick-traits")
    page.keyboard.press("Enter")
    page.wait_for_selector("#m6-pick-search")
    answered(page)
    page.keyboard.press("Escape")
    page.wait_for_selector("#m6-pick-search", state="detached")
    answered(page)
    assert page.evaluate("() => document.activeElement.id") == "m6-pick-traits"
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"/rosters/{logged_in.pk}/")
    page.focus("#row-2")
    page.keyboard.press("Enter")
    page.wait_for_url("**/models/2/")
    answered(page)
    assert page.evaluate("() => document.activeElement.id") == "model-2-title"


def test_a_search_that_matches_nothing_says_so(page, logged_in):
    page.goto(f"/rosters/{logged_in.pk}/models/6/?pick=traits")
    page.fill("#m6-pick-search", "zzz")
    assert page.inner_text("#m6-picker .pick-none") == "No name holds \u201czzz\u201d: try fewer letters."
    page.fill("#m6-pick-search", "tou")
    assert page.locator("#m6-picker .pick-none").is_hidden()


def test_escape_on_a_phone_sheet_goes_back_to_the_warband(page, logged_in):
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"/rosters/{logged_in.pk}/models/2/")
    page.locator("#model-2-title").focus()
    page.keyboard.press("Escape")
    page.wait_for_url(f"**/rosters/{logged_in.pk}/")
    answered(page)
    assert page.locator("#row-2").is_visible()


def test_a_long_warband_name_keeps_the_phone_heading_short(page, logged_in):
    Roster.objects.filter(pk=logged_in.pk).update(name="A warband with a very long name " * 5)
    document = Roster.objects.get(pk=logged_in.pk).document
    Roster.objects.filter(pk=logged_in.pk).update(
        document={**document, "name": "A warband with a very long name " * 5}
    )
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"/rosters/{logged_in.pk}/")
    title = page.locator(".roster-title a").bounding_box()
    assert 44 <= title["height"] < 640 * 0.4, title  # a 44 px target, not most of the screen


@pytest.mark.parametrize("size", [{"width": 360, "height": 640}, {"width": 1280, "height": 800}])
def test_after_a_conflict_nothing_refused_is_saved_until_apply(page, logged_in, size):
    """Issue #21 item 9: tab B's name is refused (tab A saved first). B's next edits (a
    stepper, a typed label) are saved; B's refused name is not, though it stays in the
    form with the refusal and its button, until "Apply my change on top" is pressed."""
    page.set_viewport_size(size)
    page.goto(f"/rosters/{logged_in.pk}/models/6/")
    other = page.context.new_page()
    other.goto(f"/rosters/{logged_in.pk}/models/0/")
    other.fill("#m0-name", "Raensleyar the Wolf")
    saved(other)
    page.fill("#m6-name", "Frokn Late")
    page.wait_for_selector("#model-open .notice.conflict")
    answered(page)
    revision = Roster.objects.get(pk=logged_in.pk).revision
    page.click("#m6-MA-down")  # the next edit: a choice, sent at once
    page.wait_for_function(REVISION_IS, arg=str(revision + 1))
    answered(page)
    page.fill("#m6-label-0", "Axe of Ages")  # and typing in another field
    page.locator("#m6-label-0").blur()
    page.wait_for_function(REVISION_IS, arg=str(revision + 2))
    answered(page)
    model = Roster.objects.get(pk=logged_in.pk).document["models"][6]
    assert (model["name"], model["attributes"]["MA"]) == ("Frokn", 3)  # the refused name is not saved
    assert model["skills"][0]["label"] == "Axe of Ages"
    assert page.input_value("#m6-name") == "Frokn Late"  # still offered, unsaved
    assert page.locator("#model-open .notice.conflict").is_visible()
    page.click("button:has-text('Apply my change on top')")
    saved(page)
    fresh = Roster.objects.get(pk=logged_in.pk).document
    assert (fresh["models"][6]["name"], fresh["models"][6]["attributes"]["MA"]) == ("Frokn Late", 3)
    assert fresh["models"][0]["name"] == "Raensleyar the Wolf"
    assert page.locator(".notice.conflict").count() == 0
