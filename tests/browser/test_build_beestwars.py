"""A player builds Stone Hoof's raiders (Beestwars) through the editor on a phone-sized
screen, supplies a lost value, and downloads the PDF sheet."""

import re

import pytest

from tests.beestwars import example
from tests.browser.test_build_northmen import back_to_warband, change, fill, text
from tests.web import pdf as pdfs

pytestmark = pytest.mark.browser

SLUGS = {
    "Slewdaar Stone Hoof": "slewdaar-stone-hoof",
    "Chardos the Destroyer": "chardos-the-destroyer",
    "Narbonensis the Mean": "narbonensis-the-mean",
    "Satyr": "satyr",
    "Minotaur Warrior (Weapon and Shield)": "minotaur-warrior-weapon-and-shield",
    "Minotaur Warrior (Large War-hammer)": "minotaur-warrior-large-war-hammer",
    "Ruukvere the Besieger": "ruukvere-the-besieger",
}


def log_in(page, django_user_model):
    django_user_model.objects.create_user("beestmaster", password="a-long-pass-phrase")
    page.goto("/accounts/login/")
    page.fill("#id_username", "beestmaster")
    page.fill("#id_password", "a-long-pass-phrase")
    page.click("button:has-text('Log in')")
    page.wait_for_url("**/rosters/")


def open_picker(page):
    back_to_warband(page)
    if page.locator("#add-model").get_attribute("open") is None:
        page.click("#add-model > summary")


def add_fighter(page, i, model):
    open_picker(page)
    change(page, page.click, f"#add-{SLUGS[model['profile']]}")
    page.wait_for_url(f"**/models/{i}/")
    assert page.locator("#model-open").is_visible()
    if "name" in model:
        fill(page, f"#m{i}-name", model["name"])
        assert text(page, f"#model-{i}-title") == model["name"]
        assert page.locator(f"#row-{i} .row-name").text_content() == model["name"]


def supply_and_remove_aari(page, i):
    """Aari Keeneye's points are lost: the card asks for them; a fourth Hero breaks the rules."""
    open_picker(page)
    change(page, page.click, "#add-aari-keeneye")
    assert "missing from the rules data" in page.locator("#model-open").inner_text()
    fill(page, f"#m{i}-supplied-points", "40")
    assert text(page, "#total-cost") == "297"
    assert "40* points" in text(page, "#model-open .card-head")
    assert "4 Heroes; a 300-point warband allows 3" in page.locator("#issues").text_content()
    assert text(page, "#legal-state").startswith("Not legal")
    change(page, page.click, "#model-open button:has-text('Remove')")
    assert page.locator(f"#row-{i}").count() == 0
    assert page.evaluate("() => document.activeElement.id") == f"row-{i - 1}"  # the focus stays near


def costs_in_rows(sheet_text, names):
    """Each fighter's row of the profile table, from its name to the next one: the cost ends it."""
    start = sheet_text.index("Fighter Sk Mt T Ma D")
    ends = []
    for name in names:
        start = sheet_text.index(name, start)
        ends.append(start)
        start += len(name)
    ends.append(sheet_text.index("? unknown:"))
    return [sheet_text[a : ends[n + 1]].strip() for n, a in enumerate(ends[:-1])]


def test_build_stone_hoofs_raiders_and_download_the_sheet(page, django_user_model):
    from roster.rosters.evaluation import evaluate_stored
    from roster.rosters.models import Roster

    document = example()
    log_in(page, django_user_model)
    page.click("text=New roster")
    page.click("#game-beestwars")
    page.fill("#name-beestwars", document["name"])
    page.fill("#beestwars-points-limit", "300")
    page.click("button:has-text('Create')")
    page.wait_for_url(re.compile(r".*/rosters/\d+/$"))
    assert text(page, "#total-cost") == "0"

    for i, model in enumerate(document["models"]):
        add_fighter(page, i, model)
    assert text(page, "#total-cost") == "257"
    assert text(page, "#total-limit") == "300"
    assert text(page, "#heroes") == "3"
    assert text(page, "#legal-state") == "Legal"
    open_picker(page)
    assert page.locator("#add-chardos-the-destroyer").is_disabled()
    assert "named fighters are unique" in text(page, "#add-chardos-the-destroyer-why")
    assert page.locator("#add-satyr").is_enabled()

    supply_and_remove_aari(page, len(document["models"]))
    assert text(page, "#total-cost") == "257"
    assert text(page, "#legal-state") == "Legal"

    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, f"the editor scrolls sideways on a phone ({width}px)"

    roster = Roster.objects.get(owner__username="beestmaster")
    assert roster.document == document

    href = page.get_attribute("a:has-text('Roster sheet (PDF')", "href")
    response = page.context.request.get(href)
    assert response.status == 200
    assert response.headers["content-type"] == "application/pdf"
    sheet = pdfs.text(response.body())
    assert "257 / 300 points" in sheet
    report = evaluate_stored(roster.document).report
    names = [m.name for m in report.models]
    costs = [m.cost for m in report.models]
    assert costs == [48, 34, 37, 20, 20, 20, 32, 28, 18]
    for name, cost, row in zip(names, costs, costs_in_rows(sheet, names), strict=True):
        assert row.startswith(name)
        assert row.endswith(f" {cost}"), f"{name}: {row[-40:]!r}"
