"""axe-core on the game pages (issue 19 item 7): no serious or critical violation on the
start page, the table of each game, My games and the result, light and dark, at 360 px
and 1280 px; every control of the table at least 44x44 px."""

from __future__ import annotations

import pytest

from roster.games import operations
from roster.rosters.operations import create_roster
from rules.play.registry import typed_side
from tests.browser.editor_helpers import PASSWORD, measure_targets
from tests.browser.test_accessibility import LOOKS, SIZES, serious
from tests.browser.test_play import EXAMPLES
from tests.ih import example

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("size", "dark"), LOOKS)
def test_game_pages_have_no_serious_violations(
    browser, live_server, rules_loaded, django_user_model, size, dark
):
    from roster.games.sides import roster_side
    from rules.play.core import Snapshot

    width, height = SIZES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height},
        base_url=live_server.url,
        color_scheme="dark" if dark else "light",
    )
    page = context.new_page()
    user = django_user_model.objects.create_user("axe", password=PASSWORD)
    urls = []
    for system, slug in sorted(EXAMPLES.items()):
        roster = create_roster(user, example(slug))
        snapshot = Snapshot(
            system=system,
            sides=(roster_side(roster), typed_side(system, "Bandits", [("Bandit chief", 3), ("Bandit", 2)])),
        )
        game = operations.start_game(user, snapshot, f"{roster.name} v Bandits")
        urls += [f"/rosters/{roster.pk}/play/", f"/games/{game.pk}/", f"/games/{game.pk}/result/"]
    urls.append("/games/")
    page.goto("/accounts/login/")
    page.fill("#id_username", "axe")
    page.fill("#id_password", PASSWORD)
    page.click("button:has-text('Log in')")
    page.wait_for_url("**/rosters/")
    problems = {}
    small = {}
    for url in urls:
        page.goto(url)
        problems[url] = serious(page)
        if "/games/" in url and url.count("/") == 3:
            page.locator("details.play-more").first.locator("summary").click()
            problems[url + " (More open)"] = serious(page)
            small[url] = measure_targets(page, "#table")
    assert {u: p for u, p in problems.items() if p} == {}
    assert {u: s for u, s in small.items() if s} == {}
    context.close()


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_tables_mid_game_and_after_kills_have_no_serious_violations_at_360(
    browser, live_server, rules_loaded, django_user_model, dark
):
    """Issue 40 item 5: axe on each system's table mid-game (a wound, a token or status,
    a model acting) and after kills, in both themes at 360x740: a killed row's dimmed
    text keeps its contrast, the notices are a live region (not a list with a role), the
    page has its <h1>; then a model opened in the editor on a phone keeps one too."""
    from tests.browser.test_play_glance import log_in, mid_game, two_examples

    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        base_url=live_server.url,
        color_scheme="dark" if dark else "light",
    )
    page = context.new_page()
    user = log_in(page, django_user_model)
    problems = {}
    for system in sorted(EXAMPLES):
        game = mid_game(two_examples(user, system))
        page.goto(f"/games/{game.pk}/")
        page.wait_for_selector(".play-row.killed")
        page.locator(".play-notices details > summary, .play-setup > summary").first.click()
        problems[system] = serious(page) + headings(page)
        killed = page.locator(".play-row.killed .play-name").first
        assert killed.evaluate("e => getComputedStyle(e.closest('.play-row')).opacity") == "1"
        assert page.locator('ul[role="status"]').count() == 0
    roster = create_roster(user, example(EXAMPLES["brutality"]))
    page.goto(f"/rosters/{roster.pk}/models/0/")
    problems["editor model"] = serious(page) + headings(page)
    assert page.locator("h1").first.is_visible()
    assert {k: v for k, v in problems.items() if v} == {}
    context.close()


def headings(page):
    """axe's page-has-heading-one (a moderate rule serious() leaves out)."""
    from tests.browser.test_accessibility import AXE

    results = AXE.run(page)
    return [v["id"] for v in results.response["violations"] if v["id"] == "page-has-heading-one"]
