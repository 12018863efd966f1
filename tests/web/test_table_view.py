"""What a table shows (issue 28 item 7): each side is offered only the uses it has (no
Drain without a model with Drain, Iron & Honor pp.24-29), and each model's current line
is in its More menu with every changed stat saying what it was (a Wound Chart result or
Trauma read on a phone, never only in a hover title)."""

from __future__ import annotations

import re

from roster.games import operations
from tests.web.test_games_live import start, tap


def side_form(page: str, side: int) -> str:
    found = re.search(
        rf'<input type="hidden" name="side" value="{side}"><input type="hidden" name="target" value="{side}">'
        r"\s*(.*?)</form>",
        page,
        re.S,
    )
    assert found, f"side {side}'s actions"
    return found.group(1)


def test_each_side_is_offered_only_the_trait_uses_it_has_pp24_29(alice_client, alice):
    game = start(alice_client, alice, "iron-and-honor-northmen-raiding-party")
    state = operations.state_of(game)
    page = alice_client.get(f"/games/{game.pk}/").content.decode()
    for index, side in enumerate(state.sides):
        form = side_form(page, index)
        assert 'value="spend:Inner Reserve"' in form
        for use in ("Drain", "Healer", "Slayer", "Tough"):
            has = any(use.lower() in (r.lower() for r in m.rules) for m in side.models)
            assert (f'value="spend:{use}"' in form) == has, (side.name, use)
    assert 'value="spend:Drain"' not in side_form(page, 1), "a typed party has no traits"


def test_a_models_line_is_in_its_menu_with_what_changed(alice_client, alice):
    game = start(alice_client, alice, "brutality-moderate-points")
    before = operations.state_of(game).sides[0].models[1].stats["Save"]
    tap(alice_client, game, "token:Trauma: -3 Save", target=0, model=1)
    page = alice_client.get(f"/games/{game.pk}/").content.decode()
    menu = re.search(r'id="more-0-1".*?</details>', page, re.S).group(0)
    line = re.search(r'<p class="play-line">.*?</p>', menu, re.S).group(0)
    assert re.search(
        rf'class="play-changed">Save <strong>\d+</strong> <span class="muted">\(was {before}\)', line
    )
    assert "Move <strong>" in line  # the whole line, unchanged stats too
