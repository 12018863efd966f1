"""The share panel (issue #11 item 9): "Copy link" copies and says so; without
JavaScript the link is plain text to select."""

import pytest

from tests.browser.editor_helpers import login, northmen

pytestmark = pytest.mark.browser


def test_copy_link_copies_and_says_so(page, django_user_model):
    roster = northmen(login(page, django_user_model, "sharer"))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"/rosters/{roster.pk}/")
    page.click("button:has-text('Create a read-only link')")
    page.wait_for_selector("#share-url")
    link = page.input_value("#share-url")
    assert "/s/" in link
    page.get_by_role("button", name="Copy link").click()
    page.wait_for_function("() => document.querySelector('#share-copied').textContent !== ''")
    assert page.locator("#share-copied").inner_text() == "Link copied."
    assert page.evaluate("() => navigator.clipboard.readText()") == link


def test_without_javascript_the_link_is_text_to_select(browser, live_server, rules_loaded, django_user_model):
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    roster = northmen(login(page, django_user_model, "plain"))
    page.goto(f"/rosters/{roster.pk}/")
    page.click("button:has-text('Create a read-only link')")
    page.wait_for_selector("#share-url")
    assert "/s/" in page.input_value("#share-url")
    assert page.get_attribute("#share-url", "readonly") is not None
    assert not page.get_by_role("button", name="Copy link").is_visible()  # nothing that cannot work
    context.close()
