"""Missing values filled in place (Chromium): a Ranged model from scratch in at most 8 taps
when the player's supplement has its line, and the card's "Save for all my rosters" flow.

Set MUSTER_SHOTS to a folder to also save screenshots of the flow and of a book example's
explanation at 360x640, light and dark.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from roster.rosters.models import Roster
from roster.rosters.operations import create_roster
from roster.supplements.models import Supplement
from roster.supplements.operations import create_supplement
from roster.supplements.pins import pinned_version
from rules.supplement import read_supplement
from tests.browser.editor_helpers import PASSWORD, saved
from tests.brutality import example

pytestmark = pytest.mark.browser

RANGED = {"Move": 5, "FS": 3, "Dex": 4, "HP": 2, "Will": 3, "Atk": 1, "Save": 4, "Armed": True, "Powers": 0}
SUPPLEMENT = {
    "format": "muster.supplement/1",
    "system": "brutality",
    "name": "My book",
    "values": {"classes": {"Ranged": RANGED}},
}


class Taps:
    """Counts the player's taps: a click, or a choice in a select (one tap on a phone's picker)."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def click(self, selector):
        self.count += 1
        self.page.click(selector)
        saved(self.page)

    def choose(self, selector, value):
        self.count += 1
        self.page.select_option(selector, value)
        saved(self.page)


def context(browser, live_server, dark=False):
    return browser.new_context(
        viewport={"width": 360, "height": 640},
        color_scheme="dark" if dark else "light",
        base_url=live_server.url,
    )


def log_in(page, user):
    page.goto("/accounts/login/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.click("button:has-text('Log in')")
    page.wait_for_url("**/rosters/")


def shoot(page, name):
    folder = os.environ.get("MUSTER_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        # The viewport, as the player sees it (a full-page shot draws the sticky totals mid-page).
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def test_a_ranged_model_from_scratch_takes_at_most_eight_taps(
    browser, live_server, rules_loaded, django_user_model
):
    user = django_user_model.objects.create_user("alice", password=PASSWORD)
    create_supplement(user, read_supplement(SUPPLEMENT))
    ctx = context(browser, live_server)
    page = ctx.new_page()
    log_in(page, user)
    page.goto("/rosters/new/?system=brutality")
    page.fill("#name-brutality", "Gunline")
    page.click("button:has-text('Create')")
    page.wait_for_selector("#add-model")
    taps = Taps(page)
    taps.choose("#add-kind", "ranged")
    taps.click(".add-model button")
    page.wait_for_url("**/models/0/")
    taps.click("#m0-pick-traits")
    taps.click("#m0-pick-plus-1-dexterity")
    taps.click("#m0-pick-ranged-weapon-6")
    taps.choose("#m0-ability", "Stealthy")
    assert taps.count <= 8
    roster = Roster.objects.get(name="Gunline")
    assert pinned_version(roster) is not None
    model = roster.document["models"][0]
    assert model["class"] == "Ranged" and len(model["traits"]) == 2 and model["ability"] == "Stealthy"
    assert "supplied" not in model
    card = page.locator("#model-open")
    assert card.locator("[data-code='brutality.stats.unknown']").count() == 0
    assert "from supplement My book" in card.inner_text()
    assert card.locator(".card-issues .sev-error, .card-issues .sev-warning").count() == 0
    ctx.close()


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_card_fills_a_missing_line_for_all_rosters(
    browser, live_server, rules_loaded, django_user_model, dark
):
    user = django_user_model.objects.create_user("alice", password=PASSWORD)
    document = example("brutality-moderate-points")
    document["models"][2] = {"name": "Shooter", "class": "Ranged"}
    roster = create_roster(user, document)
    ctx = context(browser, live_server, dark)
    page = ctx.new_page()
    log_in(page, user)
    page.goto(f"/rosters/{roster.pk}/models/2/")
    page.wait_for_selector("#m2-supplied")
    scheme = "dark" if dark else "light"
    for key, value in RANGED.items():
        if key == "Armed":
            page.select_option("#m2-s-Armed", "yes")
        else:
            page.fill(f"#m2-s-{key}", str(value))
    saved(page)
    page.locator("#m2-fill").scroll_into_view_if_needed()
    shoot(page, f"fill-before-360-{scheme}")
    page.click("#m2-fill")
    page.wait_for_selector("text=Saved to your supplement")
    saved(page)
    assert page.locator("#m2-supplied").count() == 0  # nothing left to ask
    assert "from supplement My Brutality Skirmish Wargame book" in page.locator("#model-open").inner_text()
    shoot(page, f"fill-after-360-{scheme}")
    supplement = Supplement.objects.get(owner=user)
    assert supplement.latest.data["values"]["classes"]["Ranged"] == RANGED
    ctx.close()


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_book_example_explains_its_total(browser, live_server, rules_loaded, django_user_model, dark):
    user = django_user_model.objects.create_user("alice", password=PASSWORD)
    ctx = context(browser, live_server, dark)
    page = ctx.new_page()
    log_in(page, user)
    page.click("form[action$='/iron-and-honor-lantern-adventuring-co/'] button")
    page.wait_for_selector("#book-example")
    text = " ".join(page.locator("#book-example").inner_text().split())
    assert "the book prints 123 ExP (p.18); Muster counts 126 ExP" in text
    assert "−1 ExP: The party page prints 123 ExP" in text
    page.locator("#book-example").scroll_into_view_if_needed()
    shoot(page, f"example-lantern-360-{'dark' if dark else 'light'}")
    ctx.close()


def test_every_script_shows_on_the_page(browser, live_server, rules_loaded, django_user_model):
    """The page draws the names in every script (fonts from the system, as the sheet's)."""
    from tests.ih import example as ih_example

    user = django_user_model.objects.create_user("alice", password=PASSWORD)
    document = ih_example("iron-and-honor-ghrim-company")
    document["name"] = "Königin Åsa – Schwärm 蜂 🐝"
    for model, name in zip(
        document["models"], ["Αλέξανδρος", "Владимир", "سلمى", "דוד", "अर्जुन", "武田信玄"], strict=True
    ):
        model["name"] = name
    roster = create_roster(user, document)
    ctx = context(browser, live_server)
    page = ctx.new_page()
    log_in(page, user)
    page.goto(f"/rosters/{roster.pk}/")
    assert "武田信玄" in page.locator("#model-rows").inner_text()
    shoot(page, "scripts-360-light")
    ctx.close()
