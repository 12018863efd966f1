"""The joiner plays their own warband (issue 20 item 1), in a real Chromium at 360x640:
two browser contexts, the owner (logged in, the table open) and the joiner (logged in
as another player). The joiner opens the join link, opens "Play my own warband
instead", picks one of their rosters with the keyboard and plays it; the owner's phone
shows that warband without a reload. The join page is axe clean with 44 px targets and
nothing wider than the phone, light and dark. Screenshots go to MUSTER_SHOTS when set."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from roster.games.models import Game
from roster.rosters.operations import create_roster
from tests.browser.editor_helpers import PATIENCE_MS, measure_targets
from tests.browser.test_accessibility import serious
from tests.browser.test_play_join import shot, wide
from tests.ih import example

pytestmark = pytest.mark.browser


def phone(browser: Any, base_url: str, user: Any, scheme: str) -> Any:
    """A 360x640 context logged in as ``user``, in ``scheme``; its page."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, base_url=base_url, color_scheme=scheme
    )
    context.set_default_timeout(PATIENCE_MS)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base_url}])
    return context.new_page()


def fits(page: Any, scope: str = "main") -> None:
    assert not wide(page)
    assert measure_targets(page, scope) == []
    assert serious(page) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_joiner_picks_their_roster_and_the_owner_sees_it_live(
    browser, live_server, rules_loaded, django_user_model, scheme
):
    owner = django_user_model.objects.create_user(f"owner-{scheme}")
    joiner = django_user_model.objects.create_user(f"joiner-{scheme}")
    roster = create_roster(owner, example("beestwars-clovis-300"))
    theirs = example("beestwars-clovis-300")
    theirs["name"] = "Pell's raiders"
    create_roster(joiner, theirs)
    a = phone(browser, live_server.url, owner, scheme)
    a.goto(f"/rosters/{roster.pk}/play/")
    a.get_by_label("A list I type in").check()
    a.get_by_label("Opponent's warband name").fill("Bandits")
    a.get_by_label("Models, one a line", exact=False).fill("Bandit chief, 3\nBandit, 2")
    a.get_by_role("button", name="Start the game").click()
    a.wait_for_selector("#table")
    game = Game.objects.get(owner=owner)
    code = a.locator(".play-code").inner_text()
    a.locator("#join").evaluate("d => { d.open = true; }")
    a.evaluate("() => window.scrollTo(0, 0)")
    shot(a, f"join-side-qr-360-{scheme}")

    b = phone(browser, live_server.url, joiner, scheme)
    b.goto("/join/")
    b.get_by_label("Game code").fill(code)
    shot(b, f"join-side-code-360-{scheme}")
    b.get_by_role("button", name="Open the game").click()
    assert b.get_by_role("button", name="Play the other side: Bandits").is_visible()
    fits(b)
    shot(b, f"join-side-choice-360-{scheme}")

    # keyboard only: open the details, choose the roster, play it
    summary = b.get_by_text("Play my own warband instead")
    summary.focus()
    b.keyboard.press("Enter")
    mine = b.get_by_label("One of my rosters")
    assert mine.is_checked()  # a logged-in joiner with rosters starts there
    b.get_by_label("A share link").check()
    b.get_by_role("button", name="Play my warband").click()  # no link pasted
    assert "Paste the share link" in b.locator(".field-error").inner_text()
    assert Game.objects.get(pk=game.pk).side_hash == ""
    fits(b)
    b.get_by_role("textbox", name="Share link", exact=False).scroll_into_view_if_needed()
    shot(b, f"join-side-error-360-{scheme}")
    mine.check()
    b.get_by_label("Roster", exact=True).select_option(label="Pell's raiders")
    fits(b)
    shot(b, f"join-side-pick-360-{scheme}")
    b.set_viewport_size({"width": 360, "height": 1400})
    shot(b, f"join-side-pick-whole-360-{scheme}")
    b.set_viewport_size({"width": 1280, "height": 800})
    fits(b)
    shot(b, f"join-side-pick-1280-{scheme}")
    b.set_viewport_size({"width": 360, "height": 640})
    b.get_by_role("button", name="Play my warband").focus()
    b.keyboard.press("Enter")
    b.wait_for_selector("#table")
    assert "You play Pell's raiders" in b.locator(".play-who-am-i").inner_text()
    shot(b, f"join-side-table-360-{scheme}")

    # the owner's phone, never reloaded, polls the new side in
    a.wait_for_function("() => document.querySelector('#table h1').textContent.includes(\"Pell's raiders\")")
    assert a.locator("#table").get_by_text("Bandit chief").count() == 0
    assert Game.objects.get(pk=game.pk).snapshot_model.sides[1].name == "Pell's raiders"
    a.evaluate("() => window.scrollTo(0, 0)")
    shot(a, f"join-side-owner-after-360-{scheme}")
    a.context.close()
    b.context.close()


def test_a_bad_typed_list_is_said_at_the_field_without_javascript(
    browser, live_server, rules_loaded, django_user_model
):
    owner = django_user_model.objects.create_user("owner-nojs")
    roster = create_roster(owner, example("beestwars-clovis-300"))
    client = Client()
    client.force_login(owner)
    client.post(
        f"/rosters/{roster.pk}/play/", {"opponent": "typed", "typed_name": "Bandits", "typed": "Bandit, 2"}
    )
    game = Game.objects.get(owner=owner)
    client.get(f"/games/{game.pk}/")
    game.refresh_from_db()
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, base_url=live_server.url, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(f"/join/{game.code}/")
    page.get_by_text("Play my own warband instead").click()
    page.get_by_label("A list I type in").check()
    page.get_by_label("Your warband's name").fill("Goblins")
    page.get_by_label("Models, one a line", exact=False).fill("Boss, 400")
    page.get_by_role("button", name="Play my warband").click()
    assert "Wounds / Hit Points are 1 to 99" in page.locator(".field-error").inner_text()
    assert page.get_by_label("Models, one a line", exact=False).input_value() == "Boss, 400"
    assert page.get_by_label("A list I type in").is_checked()
    shot(page, "join-side-error-360-light")
    page.get_by_label("Models, one a line", exact=False).fill("Boss, 4")
    page.get_by_role("button", name="Play my warband").click()
    assert "You play Goblins" in page.locator(".play-who-am-i").inner_text()
    context.close()
