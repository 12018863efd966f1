"""The table's rows at 360 px (templates/games/_row.html, static/css/play.css): a model
whose row carries four buttons (Beestwars' Ready, Engaged, Stunned, Killed once it is
not Ready) keeps its name and status readable, the buttons going to a line of their own
instead of squeezing the name to a letter or two per line."""

from __future__ import annotations

import pytest

from tests.browser.test_play import start, state, tap

pytestmark = pytest.mark.browser

# Each word of the row's name and status in one piece (a word split over two lines has
# two client rects), and the status pill one line high.
WORDS_WHOLE = """row => {
  const broken = [];
  for (const el of row.querySelectorAll('.play-name, .play-status')) {
    const text = el.firstChild;
    let at = 0;
    for (const word of text.data.split(' ')) {
      const range = document.createRange();
      range.setStart(text, at); range.setEnd(text, at + word.length);
      if (word && range.getClientRects().length > 1) broken.push(word);
      at += word.length + 1;
    }
  }
  const pill = row.querySelector('.play-status');
  const line = parseFloat(getComputedStyle(pill).lineHeight);
  if (pill.getBoundingClientRect().height > 1.5 * line) broken.push('status pill: ' + pill.textContent);
  return broken;
}"""


def test_a_stunned_model_keeps_its_name_and_status_whole_at_360(phone, django_user_model):
    page = phone
    game = start(page, django_user_model, "beestwars")
    name = state(game).sides[0].models[0].name  # "Slewdaar Stone Hoof"
    tap(page, f"Stunned {name}")
    row = page.locator("#m-0-0")
    assert row.get_by_role("button", name=f"Ready {name}").count() == 1  # four buttons now
    assert row.evaluate(WORDS_WHOLE) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
