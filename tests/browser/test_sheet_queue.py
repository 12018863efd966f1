"""Print with the sheet queue (docs/sheets.md): the page says the sheet is being
prepared, then, without a reload, offers it once the task worker has rendered it."""

import pytest

from tests.browser.editor_helpers import login, northmen
from tests.web.test_sheet_queue import work

pytestmark = pytest.mark.browser
SHOTS = "/work/shots/queue"


@pytest.fixture
def database_queue(settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def test_print_says_being_prepared_then_offers_the_sheet_without_a_reload(
    page, django_user_model, database_queue
):
    roster = northmen(login(page, django_user_model, "printer"))
    page.goto(f"/rosters/{roster.pk}/")
    page.get_by_role("link", name="Roster sheet (PDF, A4)").click()
    status = page.locator("#sheet-status")
    assert "Your sheet is being prepared." in status.inner_text()
    page.evaluate("() => { window.stillHere = true; }")  # gone if the page reloads

    work()  # the task worker renders it

    link = page.get_by_role("link", name="Open the sheet (PDF)")
    link.wait_for()
    assert "Your sheet is ready." in status.inner_text()
    assert page.evaluate("() => window.stillHere") is True
    sheet = page.request.get(link.get_attribute("href"))
    assert sheet.status == 200
    assert sheet.headers["content-type"] == "application/pdf"


@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize("size", [(1280, 800), (360, 640)])
def test_the_page_of_a_sheet_being_prepared_looks_right(
    browser, live_server, rules_loaded, django_user_model, database_queue, dark, size
):
    from pathlib import Path

    from axe_playwright_python.sync_playwright import Axe

    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        base_url=live_server.url,
        color_scheme="dark" if dark else "light",
    )
    page = context.new_page()
    roster = northmen(login(page, django_user_model, f"looker{size[0]}{int(dark)}"))
    page.goto(f"/rosters/{roster.pk}/sheet.pdf")
    page.locator("#sheet-status").wait_for()
    violations = [v for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]
    assert violations == []
    if Path(SHOTS).is_dir():
        name = f"{SHOTS}/preparing-{size[0]}-{'dark' if dark else 'light'}.png"
        page.screenshot(path=name, full_page=True)
    work()
    page.get_by_role("link", name="Open the sheet (PDF)").wait_for()
    if Path(SHOTS).is_dir():
        page.screenshot(path=f"{SHOTS}/ready-{size[0]}-{'dark' if dark else 'light'}.png", full_page=True)
    context.close()
