"""The owner's join panel once the other side is held (templates/games/table.html,
static/css/play.css): closed, its summary keeps the ▸ marker beside its words at 360 px
rather than alone on a line above them."""

from __future__ import annotations

import pytest

from roster.games.models import Game
from tests.browser.test_play_live import start

pytestmark = pytest.mark.browser

# Where the summary's words start: beside the marker (to the right of the summary's
# left edge), not on a line of their own under it.
WORDS_LEFT = """s => {
  const text = [...s.childNodes].find(n => n.nodeType === 3 && n.data.trim());
  const range = document.createRange();
  range.selectNodeContents(text);
  const words = range.getClientRects()[0], box = s.getBoundingClientRect();
  return [words.left - box.left, words.top - box.top];
}"""


def test_the_held_join_panel_keeps_its_marker_beside_its_words_at_360(
    browser, live_server, rules_loaded, django_user_model
):
    game, a, b, w = start(browser, live_server, django_user_model, "beestwars-clovis-300")
    # B logged in: the summary names them and no longer fits one line at 360 px.
    Game.objects.filter(pk=game.pk).update(guest=django_user_model.objects.create_user("bartholomew"))
    a.page.reload()
    summary = a.page.locator("#join > summary")
    assert "the other side is played" in summary.inner_text()
    left, top = summary.evaluate(WORDS_LEFT)
    assert left > 8 and top < 12  # beside the marker, on the first line
    for p in (a, b, w):
        p.context.close()
