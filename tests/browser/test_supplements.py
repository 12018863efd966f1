"""Supplements in a real Chromium: a player fills a Brutality supplement once (the Ranged
and Support stat lines), then builds a warband of two Ranged and one Support model
without typing any value per model; the PDF sheet marks those values as the player's.
Every supplement page is axe-clean and fits at 1280 and 360 px (screenshots in
/work/shots/supplements/, or MUSTER_SUPPLEMENT_SHOTS)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from roster.rosters.models import Roster, ShareLink
from roster.rosters.operations import create_roster, pin_supplement
from roster.supplements.models import Supplement
from roster.supplements.operations import create_supplement, save_version, share_supplement
from rules.supplement import read_supplement
from tests.browser.test_accounts import PASSWORD, SIZES, log_in, new_page, serious
from tests.browser.test_build_northmen import change, settle
from tests.supplements import RANGED, SUPPORT, brutality_roster, brutality_supplement
from tests.web.pdf import text

pytestmark = pytest.mark.browser

SHOTS = Path(os.environ.get("MUSTER_SUPPLEMENT_SHOTS", "/work/shots/supplements"))
LABELS = {
    "Move": "Movement",
    "FS": "Fighting Skill",
    "Dex": "Dexterity",
    "HP": "Hit Points",
    "Will": "Willpower",
    "Atk": "Attacks",
    "Save": "Save",
    "Powers": "Powers known",
}


@pytest.fixture
def player(rules_loaded, django_user_model):
    return django_user_model.objects.create_user("gunsmith", password=PASSWORD)


def fill_line(page, legend, values):
    group = page.locator("fieldset", has=page.locator("legend", has_text=legend))
    for key, value in values.items():
        if key == "Armed":
            group.get_by_label("Armed in Melee").select_option("yes" if value else "no")
        else:
            group.get_by_label(LABELS[key], exact=False).first.fill(str(value))


def add_model(page, kind):
    change(
        page, lambda: (page.get_by_label("Add a model").select_option(kind), page.click(".add-model button"))
    )


def test_fill_once_then_build_without_typing(browser, live_server, player):
    page = new_page(browser, live_server, "1280")
    log_in(page, "gunsmith", PASSWORD)
    page.wait_for_url("**/rosters/")

    page.goto("/supplements/")
    page.get_by_label("Game system").select_option("brutality")
    page.get_by_label("Name", exact=True).fill("My Brutality book")
    page.get_by_role("button", name="Create").click()
    page.wait_for_url(re.compile(r".*/supplements/\d+/$"))
    fill_line(page, "Ranged (class)", RANGED)
    fill_line(page, "Support (class)", SUPPORT)
    page.get_by_role("button", name="Save").click()
    page.get_by_text("Saved as version 2").wait_for()
    supplement = Supplement.objects.get(owner=player)
    assert supplement.latest.data["values"]["classes"]["ranged"] == RANGED

    roster = create_roster(player, brutality_roster([], limit=4))
    page.goto(f"/rosters/{roster.pk}/")
    page.get_by_role("link", name="Choose a supplement").click()
    page.get_by_label("Supplement").select_option(label="My Brutality book")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(f"**/rosters/{roster.pk}/")
    for kind in ("ranged", "ranged", "support", "melee"):
        add_model(page, kind)
    settle(page)
    page.goto(f"/rosters/{roster.pk}/")  # the warband's settings, where the supplement is named
    assert page.get_by_text("Supplement: My Brutality book, version 2").count() == 1
    body = page.locator("#editor").inner_text()
    assert "not in Muster's copy of the book" not in body  # nothing left to type per model
    cards = []
    for i in range(4):
        page.goto(f"/rosters/{roster.pk}/models/{i}/")
        cards.append(page.locator("#model-open").inner_text())
    # Each Ranged and Support card names its values as the player's; the Melee card has the book's.
    assert ["from supplement My Brutality book" in c for c in cards] == [True, True, True, False]

    stored = Roster.objects.get(pk=roster.pk)
    assert [m.get("supplied") for m in stored.document["models"]] == [None] * 4  # no per-model typing
    response = page.request.get(f"/rosters/{roster.pk}/sheet.pdf")
    assert response.status == 200
    words = text(response.body())
    assert "With supplement My Brutality book" in words
    assert words.count("† from supplement My Brutality book, the player's values") == 3
    assert 'Movement: 5", Fighting Skill: 3' in words  # Ranged
    assert "Fighting Skill: 2, Dexterity: 3" in words  # Support
    page.context.close()


PAGES = [
    ("list", "/supplements/"),
    ("edit", "/supplements/{s}/"),
    ("import", "/supplements/import/"),
    ("shared", "/supplements/s/{token}/"),
    ("roster", "/rosters/{r}/supplement/"),
    ("editor", "/rosters/{r}/"),
    ("shared-roster", "/s/{link}/"),
]


@pytest.mark.parametrize("size", ["1280", "360"])
def test_supplement_pages_are_axe_clean_and_fit(browser, live_server, player, size):
    SHOTS.mkdir(parents=True, exist_ok=True)
    supplement = create_supplement(player, read_supplement(brutality_supplement()))
    changed = brutality_supplement()
    changed["values"]["classes"]["Ranged"]["FS"] = 4
    roster = create_roster(player, brutality_roster([{"name": "Ann", "class": "Ranged", "leader": True}]))
    pin_supplement(roster, supplement.latest)
    save_version(supplement, read_supplement(changed))  # a newer version waits
    token = share_supplement(supplement)
    link = ShareLink.objects.create(roster=roster)
    page = new_page(browser, live_server, size)
    log_in(page, "gunsmith", PASSWORD)
    page.wait_for_url("**/rosters/")
    axe = Axe()
    found = {}
    for name, path in PAGES:
        page.goto(path.format(s=supplement.pk, token=token, r=roster.pk, link=link.token))
        found[name] = serious(axe.run(page))
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES[size]["width"], (name, width)
        page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=True)
    page.context.close()
    assert {name: v for name, v in found.items() if v} == {}
