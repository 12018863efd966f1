"""Options (issue #11 item 4): a named game size takes its own limit; only a typed ExP
limit makes a custom game; a decimal comma is read where halves are."""

import pytest

from roster.rosters.models import Roster
from tests.browser.editor_helpers import login, northmen, saved, stored
from tests.web.brutality_cast import reavers

pytestmark = pytest.mark.browser


def test_game_sizes_set_their_own_limits_and_a_typed_limit_makes_custom(page, django_user_model):
    roster = northmen(login(page, django_user_model, "sizer"))
    page.goto(f"/rosters/{roster.pk}/")
    game_size = page.get_by_label("Game size")
    for size, limit in (("small", "125"), ("large", "275"), ("medium", "200")):
        game_size.select_option(size)
        saved(page)
        assert page.locator("#total-limit").inner_text() == limit
        assert game_size.input_value() == size
        page.reload()
        assert page.get_by_label("Game size").input_value() == size
        assert stored(roster)["options"] == {"game_size": size}
    page.fill("#roster-exp-limit", "180")
    saved(page)
    assert page.get_by_label("Game size").input_value() == "custom"
    assert stored(roster)["options"] == {"game_size": "custom", "exp_limit": 180}


def test_a_decimal_comma_is_a_half_point(page, django_user_model):
    user = login(page, django_user_model, "halves")
    roster = reavers(user)
    page.goto(f"/rosters/{roster.pk}/")
    page.fill("#roster-points-limit", "6,5")
    saved(page)
    assert page.locator("#total-limit").inner_text() == "6.5"
    assert Roster.objects.get(pk=roster.pk).document["options"]["points_limit"] == 6.5
    page.check("#roster-game-count")
    saved(page)
    assert page.locator("#roster-model-count").is_visible()  # the points-free fields appear
    assert page.locator("#roster-points-limit").count() == 0
