"""The table's layout at 360x640 (static/css/play.css, templates/games/): the sticky
action bar keeps to two rows at most in every game, so the warband stays in view, with
every game action still one tap away."""

from __future__ import annotations

import pytest

from tests.browser.test_play import EXAMPLES, start

pytestmark = pytest.mark.browser

# The distinct rows of the bar's controls (buttons and disclosures), by their tops.
BAR_ROWS = """() => {
  const bar = document.querySelector('.play-bar');
  const tops = new Set();
  for (const el of bar.querySelectorAll(':scope > form > button, :scope > form > details > summary')) {
    const r = el.getBoundingClientRect();
    if (r.width) tops.add(Math.round(r.top));
  }
  return tops.size;
}"""


@pytest.mark.parametrize("system", sorted(EXAMPLES))
def test_the_action_bar_keeps_to_two_rows_at_360(phone, django_user_model, system):
    page = phone
    game = start(page, django_user_model, system)
    assert page.evaluate(BAR_ROWS) <= 2
    bar = page.locator(".play-bar")
    assert bar.evaluate("b => b.getBoundingClientRect().height") <= 2 * 44 + 24
    # Every game action that makes sense now (PlayRules.offered) is on the bar, a button
    # or a disclosure, in view; the others are not (issue 28: a short bar, one hand).
    from roster.games import operations
    from roster.games.systems import play_rules

    rules = play_rules(system)
    state = operations.state_of(type(game).objects.get(pk=game.pk))
    for a in rules.trackers.actions:
        if a.scope == "game" and a.name != "end":
            control = bar.locator("button, summary").filter(has_text=a.label)
            if rules.offered(state, a.name):
                assert control.first.is_visible(), a.label
            else:
                assert control.count() == 0, a.label
    assert bar.get_by_role("button", name="Undo", exact=True).is_visible()


def test_a_stunned_model_is_set_ready_in_one_tap(phone, django_user_model):
    """Iron & Honor: a Stunned model shakes it off at its activation (p.43), so its status
    is a button setting it Ready, as a token's chip takes the token off; the full list of
    statuses stays behind the row's More."""
    from tests.browser.test_play import state, tap

    page = phone
    game = start(page, django_user_model, "iron-and-honor")
    name = state(game).sides[0].models[1].name
    page.locator("#more-0-1 > summary").click()
    tap(page, f"Stunned (Status, {name})")
    assert state(game).sides[0].models[1].status == "stunned"
    tap(page, f"Stunned (set {name} Ready)")
    assert state(game).sides[0].models[1].status == "ready"
    assert page.locator("#m-0-1 .play-status").inner_text() == "Ready"
