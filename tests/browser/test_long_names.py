"""Long single words at 360x640: a model or warband name with no space in it (a
42-letter German compound) never makes a page wider than the phone, on the editor, the
shared page, My rosters, My games, the game's start, table, join and result pages, light
and dark; a name cut short in the editor's totals bar keeps its whole text as its title."""

from __future__ import annotations

from typing import Any

import pytest

from roster.games import operations
from roster.games.models import Game
from roster.rosters.models import ShareLink
from roster.rosters.operations import create_roster
from rules.play.core import Snapshot
from rules.play.registry import typed_side
from tests.beestwars import example as beestwars_example
from tests.browser.editor_helpers import PASSWORD
from tests.browser.test_play import EXAMPLES
from tests.ih import example

pytestmark = pytest.mark.browser

LONG = "Donaudampfschifffahrtsgesellschaftskapitän"  # 42 letters, no space
WARBAND = "Kriegsbandenzusammengehörigkeitsgefühlsverein"

# Every rendered element sticking out of the viewport (the skip links sit off-screen on
# purpose, visually hidden text is clipped), as "tag.class: text" lines.
TOO_WIDE = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.matches('.skip') || el.closest('.visually-hidden')) continue;
    let clipped = false;  // cut short inside a box that hides its overflow (an ellipsis)
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const hides = getComputedStyle(up).overflowX !== 'visible';
      if (hides && up.getBoundingClientRect().right <= width + 0.5) clipped = true;
    }
    if (clipped) continue;
    const r = el.getBoundingClientRect();
    if (r.width && (r.right > width + 0.5 || r.left < -0.5)) {
      out.push(`${el.tagName.toLowerCase()}.${el.className}: ${el.textContent.trim().slice(0, 40)}`);
    }
  }
  const scrolled = document.documentElement.scrollWidth;
  if (scrolled > width) out.push(`scrollWidth ${scrolled}`);
  return out;
}"""


def long_named(system: str) -> dict[str, Any]:
    """The system's example roster, its name and its first two models' names long words."""
    document = beestwars_example() if system == "beestwars" else example(EXAMPLES[system])
    models = [dict(m) for m in document["models"]]
    models[0]["name"] = LONG
    models[1]["name"] = LONG + "Zwei"
    return {**document, "name": WARBAND, "models": models}


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_long_words_never_widen_a_page_at_360(browser, live_server, rules_loaded, django_user_model, dark):
    from roster.games.sides import roster_side

    user = django_user_model.objects.create_user("long", password=PASSWORD)
    urls = ["/rosters/", "/games/"]
    for system in sorted(EXAMPLES):
        roster = create_roster(user, long_named(system))
        opponent = typed_side(system, WARBAND + "Gegner", [(LONG + "Chef", 3), ("Bandit", 2)])
        snapshot = Snapshot(system=system, sides=(roster_side(roster), opponent))
        game = operations.start_game(user, snapshot, WARBAND)
        finished = operations.start_game(user, snapshot, WARBAND)
        operations.finish(Game.objects.get(pk=finished.pk))
        link = ShareLink.objects.create(roster=roster)
        urls += [
            f"/rosters/{roster.pk}/",
            f"/rosters/{roster.pk}/models/0/",
            f"/rosters/{roster.pk}/history/",
            f"/rosters/{roster.pk}/play/",
            f"/s/{link.token}/",
            f"/games/{game.pk}/",
            f"/games/{finished.pk}/result/",
        ]
    context = browser.new_context(
        viewport={"width": 360, "height": 640},
        base_url=live_server.url,
        color_scheme="dark" if dark else "light",
    )
    page = context.new_page()
    page.goto("/accounts/login/")
    page.fill("#id_username", "long")
    page.fill("#id_password", PASSWORD)
    page.click("button:has-text('Log in')")
    page.wait_for_url("**/rosters/")
    games = list(Game.objects.filter(finished__isnull=True))
    for game in games:
        page.goto(f"/games/{game.pk}/")  # the table gives the game its join code
    urls += [f"/join/{Game.objects.get(pk=game.pk).code}/" for game in games]
    wide = {}
    for url in urls:
        page.goto(url)
        wide[url] = page.evaluate(TOO_WIDE)
        for more in page.locator("details:not([open]) > summary").all():
            if more.is_visible():
                more.click()
        wide[url + " (everything open)"] = page.evaluate(TOO_WIDE)
    assert {url: found for url, found in wide.items() if found} == {}
    # The Brutality Leader's name, cut short in the totals bar, is whole in its title.
    brutality = [u for u in urls if u.endswith("/models/0/")][1]
    page.goto(brutality)
    assert page.locator(".totals-bar .sum-name").get_attribute("title") == f"Leader: {LONG}"
    context.close()
