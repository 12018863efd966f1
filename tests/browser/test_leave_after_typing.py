"""Typing in the editor and at once following a plain link (Print, History, Play, an
export) keeps the edit: the waiting save is sent first, then the link is followed. Before,
the warband's name or points limit typed within the save's pause was silently dropped
(only a model card's pending save made the browser ask before leaving)."""

import pytest

from tests.browser.editor_helpers import login, northmen, stored

pytestmark = pytest.mark.browser


@pytest.fixture
def roster(page, django_user_model):
    return northmen(login(page, django_user_model, "leaver"))


def type_then_click(page, field, value, link):
    """Type ``value`` into ``field`` and click ``link`` in the same task, well within
    the save's pause."""
    page.evaluate(
        """([field, value, link]) => {
          const el = document.querySelector(field);
          el.focus();
          el.value = value;
          el.dispatchEvent(new InputEvent('input', {bubbles: true}));
          document.querySelector(link).click();
        }""",
        [field, value, link],
    )


def test_warband_name_typed_then_history_clicked_is_saved(page, roster):
    page.goto(f"/rosters/{roster.pk}/")
    field = "form.options input[name=name]"
    with page.expect_navigation(url=f"**/rosters/{roster.pk}/history/"):
        type_then_click(page, field, "Renamed at once", "a[href$='/history/']")
    page.wait_for_load_state()
    assert stored(roster)["name"] == "Renamed at once"


def test_model_name_typed_then_history_clicked_is_saved(page, roster):
    page.goto(f"/rosters/{roster.pk}/models/6/")
    with page.expect_navigation(url=f"**/rosters/{roster.pk}/history/"):
        type_then_click(page, "#m6-name", "Frokn Quickfoot", "a[href$='/history/']")
    page.wait_for_load_state()
    assert stored(roster)["models"][6]["name"] == "Frokn Quickfoot"
