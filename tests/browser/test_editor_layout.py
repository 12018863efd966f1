"""The editor as a player lives in it (issue #11 items 1, 6 and 7): the overview with one
model open at its own URL, the totals always in view, 44 px targets, no sideways
scrolling, "Add a model" a few Tabs away, the focus after each change, and both colour
schemes. The figures are measured here and printed (run with -s to read them).

Set MUSTER_SHOTS to a folder to also save screenshots of each system's editor.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from roster.rosters.models import Roster
from roster.rosters.operations import create_roster
from tests.beestwars import example as beestwars_example
from tests.browser.editor_helpers import PASSWORD, PATIENCE_MS, measure_targets, saved
from tests.ih import example

pytestmark = pytest.mark.browser

EXAMPLES = {
    "iron-and-honor": ("iron-and-honor-northmen-raiding-party", 6),
    "brutality": ("brutality-moderate-points", 1),
    "beestwars": ("beestwars-clovis-300", 3),
}
SIZES = {"wide": (1280, 800), "phone": (360, 640)}


def _document(system):
    name, _ = EXAMPLES[system]
    return beestwars_example() if system == "beestwars" else example(name)


@pytest.fixture
def player(django_user_model):
    return django_user_model.objects.create_user("layout", password=PASSWORD)


@pytest.fixture
def open_page(browser, live_server, rules_loaded, player):
    """A factory: a logged-in page at (width, height), light or dark, with or without JS."""
    contexts = []

    def make(size="phone", dark=False, js=True):
        width, height = SIZES[size]
        context = browser.new_context(
            viewport={"width": width, "height": height},
            base_url=live_server.url,
            color_scheme="dark" if dark else "light",
            java_script_enabled=js,
        )
        context.set_default_timeout(PATIENCE_MS)
        contexts.append(context)
        page = context.new_page()
        page.goto("/accounts/login/")
        page.fill("#id_username", "layout")
        page.fill("#id_password", PASSWORD)
        page.click("button:has-text('Log in')")
        page.wait_for_url("**/rosters/")
        return page

    yield make
    for context in contexts:
        context.close()


def shoot(page, name):
    folder = os.environ.get("MUSTER_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def test_opening_a_model_is_a_link_kept_by_reload_and_back(open_page, player):
    roster = create_roster(player, _document("iron-and-honor"))
    page = open_page("wide")
    page.goto(f"/rosters/{roster.pk}/")
    page.click("#row-2")
    page.wait_for_url(f"**/rosters/{roster.pk}/models/2/")
    assert page.input_value("#m2-name") == "Alfgrim"
    assert page.locator("#row-2").get_attribute("aria-current") == "page"
    page.reload()
    assert page.input_value("#m2-name") == "Alfgrim"
    page.click("#row-4")
    page.wait_for_url("**/models/4/")
    page.go_back()
    page.wait_for_url("**/models/2/")
    page.wait_for_selector("#m2-name")
    assert page.input_value("#m2-name") == "Alfgrim"


def test_without_javascript_a_model_opens_and_saves(open_page, player):
    roster = create_roster(player, _document("iron-and-honor"))
    page = open_page("phone", js=False)
    page.goto(f"/rosters/{roster.pk}/")
    page.click("#row-6")
    page.wait_for_url("**/models/6/")
    page.fill("#m6-name", "Frokn Plain")
    page.click("#model-form noscript button, #model-form button:has-text('Save Frokn')")
    page.wait_for_url("**/models/6/")
    assert page.input_value("#m6-name") == "Frokn Plain"
    page.goto(f"/rosters/{roster.pk}/models/6/?pick=traits")
    page.click("#m6-pick-tough")
    page.wait_for_url("**/models/6/?pick=traits")
    assert page.locator("#m6-t-tough").is_checked()
    assert "Tough" in Roster.objects.get(pk=roster.pk).document["models"][6]["traits"]


@pytest.mark.parametrize("system", sorted(EXAMPLES))
@pytest.mark.parametrize("size", sorted(SIZES))
def test_totals_stay_in_view_and_every_target_is_big_enough(open_page, player, system, size):
    roster = create_roster(player, _document(system))
    _, index = EXAMPLES[system]
    figures = {}
    for dark in (False, True):
        page = open_page(size, dark=dark)
        for label, url in (
            ("overview", f"/rosters/{roster.pk}/"),
            ("model", f"/rosters/{roster.pk}/models/{index}/"),
            ("picker", f"/rosters/{roster.pk}/models/{index}/?pick=traits"),
        ):
            page.goto(url)
            shoot(page, f"{system}-{size}-{'dark' if dark else 'light'}-{label}")
            width, height = SIZES[size]
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
            figures[label] = round(page.evaluate("() => document.documentElement.scrollHeight") / height, 1)
            if size == "phone":
                assert measure_targets(page) == []
                figures.setdefault("small targets", 0)
            bar = page.locator("#summary").bounding_box()
            assert bar["height"] <= 0.15 * 640, f"the totals bar is {bar['height']} px tall"
        # Every field of the open model, focused in turn: the totals stay on screen.
        page.goto(f"/rosters/{roster.pk}/models/{index}/")
        fields = page.locator("#model-open input:not([type=hidden]), #model-open select, #model-open button")
        for n in range(fields.count()):
            field = fields.nth(n)
            if not field.is_visible():
                continue
            field.scroll_into_view_if_needed()
            bar = page.locator("#summary").bounding_box()
            assert bar["y"] >= 0 and bar["y"] + bar["height"] <= SIZES[size][1]
    print(f"\n{system} {size}: page height in viewports {figures}")


TINY_LINK = (
    "() => document.querySelector('#toolbar')"
    ".append(Object.assign(document.createElement('a'), {href: '#', textContent: 'x'}))"
)


def test_the_target_measure_finds_a_small_control(open_page, player):
    roster = create_roster(player, _document("iron-and-honor"))
    page = open_page("phone")
    page.goto(f"/rosters/{roster.pk}/")
    page.evaluate(TINY_LINK)
    assert len(measure_targets(page)) == 1


def test_add_a_model_is_a_few_tabs_away(open_page, player):
    roster = create_roster(player, _document("iron-and-honor"))
    page = open_page("phone")
    page.goto(f"/rosters/{roster.pk}/")
    presses = 0
    while page.evaluate("() => document.activeElement.id") != "add-kind" and presses < 40:
        page.keyboard.press("Tab")
        presses += 1
    print(f"\nTab presses to 'Add a model': {presses}")
    assert presses <= 10
    assert page.get_by_label("Add a model").evaluate("el => el === document.activeElement")
    page.goto(f"/rosters/{roster.pk}/")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.textContent") == "Skip to Add a model"


def test_the_focus_lands_on_the_changed_model(open_page, player):
    roster = create_roster(player, _document("iron-and-honor"))
    page = open_page("phone")
    page.goto(f"/rosters/{roster.pk}/")
    page.select_option("#add-kind", "follower")
    page.click(".add-model button")
    page.wait_for_url("**/models/7/")
    saved(page)
    assert page.evaluate("() => document.activeElement.id") == "m7-name"  # after add
    page.get_by_role("button", name="Remove Follower").click()
    page.wait_for_url(f"**/rosters/{roster.pk}/")
    saved(page)
    assert page.evaluate("() => document.activeElement.id") == "row-6"  # after remove
    page.get_by_role("button", name="Undo").click()  # pressed on the warband: stays there
    page.wait_for_selector("#row-7")
    saved(page)
    assert page.url.endswith(f"/rosters/{roster.pk}/")
    assert page.evaluate("() => document.activeElement.id") == "row-7"  # after undo
    page.get_by_role("button", name="Redo").click()  # removes the follower again
    saved(page)
    assert page.url.endswith(f"/rosters/{roster.pk}/")  # the warband stays in view
    assert page.evaluate("() => document.activeElement.id") == "row-6"


def test_dark_mode_follows_the_system_setting_on_every_page(open_page, player):
    roster = create_roster(player, _document("iron-and-honor"))
    from roster.rosters.models import ShareLink

    link = ShareLink.objects.create(roster=roster)
    for dark, expected in ((False, "rgb(246, 246, 248)"), (True, "rgb(20, 22, 27)")):
        page = open_page("phone", dark=dark)
        for url in ("/rosters/", "/rosters/new/", f"/rosters/{roster.pk}/", f"/s/{link.token}/"):
            page.goto(url)
            background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
            assert background == expected, url


def test_the_share_button_says_what_it_does_after_each_click(open_page, player):
    """The pressed button is the focused element; the answer's morph must still relabel it."""
    roster = create_roster(player, _document("iron-and-honor"))
    page = open_page("phone")
    page.goto(f"/rosters/{roster.pk}/")
    page.get_by_role("button", name="Create a read-only link").click()
    page.wait_for_selector("#share-url")
    saved(page)
    assert page.locator("#share button[type=submit]").inner_text() == "Stop sharing"
    page.get_by_role("button", name="Stop sharing").click()
    page.wait_for_selector("#share-url", state="detached")
    saved(page)
    buttons = page.locator("#share button[type=submit]").all_inner_texts()
    assert buttons == ["Undo: share the same link again", "Create a read-only link"]
    page.get_by_role("button", name="Undo: share the same link again").click()
    page.wait_for_selector("#share-url")
    saved(page)
    assert page.locator("#share button[type=submit]").inner_text() == "Stop sharing"


def test_undoing_an_add_on_a_phone_stays_on_the_warband(open_page, player):
    roster = create_roster(player, _document("iron-and-honor"))
    page = open_page("phone")
    page.goto(f"/rosters/{roster.pk}/")
    page.select_option("#add-kind", "follower")
    page.click(".add-model button")
    page.wait_for_url("**/models/7/")
    saved(page)
    page.click("a:has-text('Back to the warband')")
    page.wait_for_url(f"**/rosters/{roster.pk}/")
    saved(page)
    page.get_by_role("button", name="Undo").click()
    saved(page)
    assert len(Roster.objects.get(pk=roster.pk).document["models"]) == 7
    assert page.url.endswith(f"/rosters/{roster.pk}/")
    assert page.evaluate("() => document.activeElement.id") == "row-6"
    assert page.get_by_role("button", name="Redo").is_visible()


def test_the_trait_picker_works_from_the_keyboard(open_page, player):
    roster = create_roster(player, _document("iron-and-honor"))
    page = open_page("wide")
    page.goto(f"/rosters/{roster.pk}/models/6/")
    page.focus("#m6-pick-traits")
    page.keyboard.press("Enter")
    page.wait_for_selector("#m6-pick-search")
    saved(page)
    assert page.evaluate("() => document.activeElement.id") == "m6-pick-search"
    page.keyboard.type("agil")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    saved(page)
    assert "Agile" in Roster.objects.get(pk=roster.pk).document["models"][6]["traits"]
    assert page.evaluate("() => document.activeElement.id") == "m6-pick-search"
    page.keyboard.press("Escape")
    page.wait_for_selector("#m6-pick-search", state="detached")
    assert "pick=" not in page.url


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_an_empty_warband_says_so_readably_in_the_totals_bar(open_page, player, dark):
    roster = create_roster(player, {**beestwars_example(), "name": "Nobody yet", "models": []})
    page = open_page("phone", dark=dark)
    page.goto(f"/rosters/{roster.pk}/")
    assert page.inner_text("#legal-state") == "No models yet"
    ink, ground = page.evaluate(
        """() => {
          const link = document.querySelector('#summary .legal');
          let el = link, bg = 'rgba(0, 0, 0, 0)';
          while (el && (bg === 'rgba(0, 0, 0, 0)' || bg === 'transparent')) {
            bg = getComputedStyle(el).backgroundColor; el = el.parentElement;
          }
          return [getComputedStyle(link).color, bg];
        }"""
    )
    assert ink != ground
