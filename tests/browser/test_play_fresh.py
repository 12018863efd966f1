"""A newcomer's table after the merges (issue 40): what a fresh pair of eyes found."""

from __future__ import annotations

from typing import Any

import pytest

from roster.games import operations
from roster.games.models import Game
from tests.browser.test_play_glance import do, log_in, look, two_examples

pytestmark = pytest.mark.browser


def test_the_question_of_a_bar_tap_is_brought_into_view(
    browser, live_server, rules_loaded, django_user_model
):
    """Iron & Honor: a model acting with action points left, the player scrolled down the
    table and taps the bar's "Draw a die": the question (asked at the top of the table)
    is scrolled into view, not left above the screen (p.32)."""
    page: Any = look(browser, live_server.url, 360, 740, False, [])
    user = log_in(page, django_user_model)
    game = two_examples(user, "iron-and-honor")
    game = do(game, "draw", 0)
    whose = int(operations.state_of(Game.objects.get(pk=game.pk)).public["drawn"])
    do(game, "activate", whose, whose, 6)
    do(game, "roll", whose, value=6)
    page.goto(f"/games/{game.pk}/")
    page.wait_for_selector("#table")
    page.locator(f"#m-{1 - whose}-6").scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.locator(".play-bar").get_by_role("button", name="Draw a die", exact=True).click()
    ask = page.locator(".play-ask")
    ask.wait_for()
    box = ask.bounding_box()
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= 740, box


# Where a summary's words start, from the summary's left edge (px): past the marker when
# they are beside it, 0 when they went to a line of their own under it.
WORDS_LEFT = """s => { const r = document.createRange(); r.selectNodeContents(s);
  return r.getClientRects()[0].left - s.getBoundingClientRect().left; }"""


def test_the_mission_and_region_read_beside_their_marker_at_360(
    browser, live_server, rules_loaded, django_user_model
):
    """Brutality's "Mission: Basic Scenario · Region: ..." is longer than a 360 px line:
    its words wrap beside the ▸, not on a line of their own under it (a lone marker)."""
    page: Any = look(browser, live_server.url, 360, 740, False, [])
    user = log_in(page, django_user_model)
    game = two_examples(user, "brutality")
    game.snapshot = {**game.snapshot, "setup": {**game.snapshot.get("setup", {}), "region": "Psycho-Tropics"}}
    game.save(update_fields=["snapshot"])
    page.goto(f"/games/{game.pk}/")
    summary = page.locator(".play-setup > summary")
    summary.wait_for()
    assert "Region: Psycho-Tropics" in summary.inner_text()
    assert summary.evaluate(WORDS_LEFT) > 8


def test_a_beestwars_fighters_buttons_fit_one_line_at_360_in_an_activation(
    browser, live_server, rules_loaded, django_user_model
):
    """Beestwars, a card drawn (p.4): a Ready Hero's row offers Move, the three statuses
    and More; at 360 px they are one line (More went to a line of its own, a row taller:
    four rows on the first screen instead of five)."""
    page: Any = look(browser, live_server.url, 360, 740, False, [])
    user = log_in(page, django_user_model)
    game = two_examples(user, "beestwars")
    state = operations.state_of(Game.objects.get(pk=game.pk))
    do(game, "draw", int(state.public["drawer"]))
    active = int(operations.state_of(Game.objects.get(pk=game.pk)).active)
    page.goto(f"/games/{game.pk}/")
    buttons = page.locator(f"#m-{active}-0 .play-buttons > *")
    buttons.first.wait_for()
    assert "Move" in buttons.first.inner_text()
    tops = buttons.evaluate_all("bs => bs.map(b => Math.round(b.getBoundingClientRect().top))")
    assert len(tops) == 5 and len(set(tops)) == 1, tops


def test_the_result_says_game_over_and_the_turns_on_one_line_at_360(
    browser, live_server, rules_loaded, django_user_model
):
    """The result's head is a flex line: "· 2 turns played · Brutality Skirmish
    Wargame" was one item, so at 360 px it went whole under "Game over", a line
    starting with "·"; now the turns stay beside it and only the book's name wraps."""
    page: Any = look(browser, live_server.url, 360, 740, False, [])
    user = log_in(page, django_user_model)
    game = two_examples(user, "brutality")
    operations.finish(Game.objects.get(pk=game.pk))
    page.goto(f"/games/{game.pk}/result/")
    # The top of the words "turn played" themselves (a range), against "Game over".
    drop = page.locator("p.play-turn").evaluate(
        """p => { const w = document.createTreeWalker(p, NodeFilter.SHOW_TEXT); let n;
          while ((n = w.nextNode()) && !n.data.includes("turn played")) {}
          const r = document.createRange(); const at = n.data.indexOf("turn played");
          r.setStart(n, at); r.setEnd(n, at + 4);
          return r.getBoundingClientRect().top - p.querySelector("strong").getBoundingClientRect().top; }"""
    )
    assert abs(drop) < 6, drop


def test_the_model_acting_now_is_not_dimmed_as_done(browser, live_server, rules_loaded, django_user_model):
    """Brutality: the model acting now is also "activated" this turn; its name was
    dimmed like a model whose activation is over, beside its "acting now"."""
    page: Any = look(browser, live_server.url, 360, 740, True, [])
    user = log_in(page, django_user_model)
    game = two_examples(user, "brutality")
    do(game, "activate", 0, 0, 1)
    page.goto(f"/games/{game.pk}/")
    name = page.locator(".play-row.play-acting .play-name")
    name.wait_for()
    assert name.evaluate("n => getComputedStyle(n).opacity") == "1"
