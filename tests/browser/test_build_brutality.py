"""A player builds the Ashen Reavers (the Brutality example warband) through the editor,
on a phone-sized screen: 4.5 of 5 points, legal, Mother Scald a Berserker with FS 7, Move 8"."""

import json
import re
from pathlib import Path

import pytest

from tests.browser.test_build_northmen import back_to_warband, change, fill, pick, settle, text

pytestmark = pytest.mark.browser

EXAMPLE = json.loads(
    (Path(__file__).resolve().parents[2] / "fixtures/examples/brutality-moderate-points.json").read_text()
)
# (class, name, upgrade, leader, trait slugs in the order ticked ("+" ticks the second box), ability, powers)
REAVERS = [
    (
        "melee",
        "Mother Scald",
        "Berserker",
        True,
        ["plus-1-fighting-skill", "+plus-1-fighting-skill", "plus-2-movement"],
        "Sturdy",
        [],
    ),
    ("melee", "Brakk", None, False, ["plus-1-save", "flight-agile"], "Defensive Training", []),
    ("fast", "Quill", None, False, ["plus-1-dexterity", "ranged-weapon-6"], "Lightning Fast", []),
    ("fast", "Vesk", None, False, ["a-power", "plus-1-willpower"], "Stealthy", ["curse"]),
]


def build_model(page, i, kind, name, upgrade, leader, traits, ability, powers):
    back_to_warband(page)
    change(page, lambda: (page.select_option("#add-kind", kind), page.click(".add-model button")))
    page.wait_for_url(f"**/models/{i}/")
    fill(page, f"#m{i}-name", name)
    if upgrade:
        page.select_option(f"#m{i}-upgrade", upgrade)
        settle(page)
    if leader:
        page.check(f"#m{i}-leader")
        settle(page)
    for slug in traits:
        pick(page, i, slug.lstrip("+"))
        page.wait_for_selector(f"#m{i}-t2-{slug[1:]}" if slug.startswith("+") else f"#m{i}-t-{slug}")
    page.select_option(f"#m{i}-ability", ability)
    settle(page)
    for slug in powers:
        if page.locator(f"#m{i}-picker").count():
            page.click(f"#m{i}-picker a:has-text('Done')")
            page.wait_for_selector(f"#m{i}-picker", state="detached")
        pick(page, i, slug, "powers")
        page.wait_for_selector(f"#m{i}-p-{slug}")


def sign_up(page):
    page.goto("/")
    page.click("text=Sign up")
    page.fill("#id_username", "scald")
    page.fill("#id_password1", "a-long-pass-phrase")
    page.fill("#id_password2", "a-long-pass-phrase")
    page.click("button:has-text('Create account')")
    page.wait_for_url("**/rosters/")


def test_build_the_ashen_reavers(page):
    sign_up(page)
    page.click("text=New roster")
    page.click("#game-brutality")
    page.fill("#name-brutality", "Ashen Reavers")
    page.select_option("#brutality-mode", "moderate")
    page.check("#brutality-game-points")
    page.fill("#brutality-points-limit", "5")
    page.click("button:has-text('Create')")
    page.wait_for_url(re.compile(r".*/rosters/\d+/$"))
    assert text(page, "#total-cost") == "0"

    for i, spec in enumerate(REAVERS):
        build_model(page, i, *spec)
        if i == 0:
            assert text(page, "#total-cost") == "1.5"
            # A Basic Melee model may not take the Fast upgrade: shown, disabled, with the reason.
            assert page.locator("#m0-upgrade option[value='Ambusher']").is_disabled()
            assert "for Fast models only" in text(page, "#m0-upgrade option[value='Ambusher']")
    assert text(page, "#total-cost") == "4.5"
    assert text(page, "#total-limit") == "5"
    assert text(page, "#leader-name") == "Mother Scald"
    assert text(page, "#legal-state") == "Legal"
    page.goto(page.url.split("/models/")[0] + "/models/0/")
    assert text(page, "#m0-stat-FS") == "7"
    assert text(page, "#m0-stat-Move") == '8"'

    # Powers for a model without access are disabled with the reason, not hidden.
    page.goto(page.url.split("/models/")[0] + "/models/1/?pick=powers")
    assert page.locator("#m1-pick-curse").is_disabled()
    assert "no access to Powers" in page.locator("#m1-pick-curse-why").text_content()

    # A second Leader may be ticked; the rule check says why that is not legal.
    page.check("#m1-leader")
    settle(page)
    assert "Only one model may be the Leader." in page.locator("#issues").text_content()
    assert text(page, "#legal-state").startswith("Not legal")
    page.uncheck("#m1-leader")
    settle(page)
    assert text(page, "#legal-state") == "Legal"

    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, f"the editor scrolls sideways on a phone ({width}px)"

    page.reload()
    settle(page)
    assert text(page, "#total-cost") == "4.5"
    back_to_warband(page)
    names = page.locator(".row-name").all_inner_texts()
    assert names == [m["name"] for m in EXAMPLE["models"]]

    from roster.rosters.models import Roster

    stored = Roster.objects.get(name="Ashen Reavers").document
    assert stored["options"] == EXAMPLE["options"]
    for built, expected in zip(stored["models"], EXAMPLE["models"], strict=True):
        assert sorted(built["traits"]) == sorted(expected["traits"])
        assert {k: v for k, v in built.items() if k != "traits"} == {
            k: v for k, v in expected.items() if k != "traits"
        }
