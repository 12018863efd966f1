"""Muster installable as an app (issue 38 item 3), in a real Chromium on the live server
(127.0.0.1: a secure context): the manifest every page links, its icons, the service
worker registered for the whole site and controlling the page, Chromium's own
installability check, and the offline page for a page asked for without network."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.editor_helpers import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

MANIFEST = """async () => {
  const link = document.querySelector('link[rel="manifest"]');
  const manifest = await (await fetch(link.href)).json();
  const sizes = [];
  for (const icon of manifest.icons) {
    const response = await fetch(new URL(icon.src, link.href));
    if (icon.type === 'image/png') {
      const image = await createImageBitmap(await response.blob());
      sizes.push([icon.sizes, icon.purpose, response.status, image.width + 'x' + image.height]);
    } else {
      sizes.push([icon.sizes, icon.purpose, response.status, icon.type]);
    }
  }
  const touch = await fetch(document.querySelector('link[rel="apple-touch-icon"]').href);
  const themes = [...document.querySelectorAll('meta[name="theme-color"]')].map((m) => [m.media, m.content]);
  return {manifest, sizes, touch: touch.status, themes};
}"""


def test_the_manifest_its_icons_and_the_worker_make_muster_installable(page: Any) -> None:
    page.goto("/")
    found = page.evaluate(MANIFEST)
    manifest = found["manifest"]
    assert manifest["name"] == manifest["short_name"] == "Muster"
    assert (manifest["start_url"], manifest["display"]) == ("/", "standalone")
    assert manifest["theme_color"] and manifest["background_color"]
    assert ["192x192", "any", 200, "192x192"] in found["sizes"]
    assert ["512x512", "any", 200, "512x512"] in found["sizes"]
    assert ["512x512", "maskable", 200, "512x512"] in found["sizes"]
    assert found["touch"] == 200
    assert [media for media, _ in found["themes"]] == [
        "(prefers-color-scheme: light)",
        "(prefers-color-scheme: dark)",
    ]
    # the worker registered by every page controls it (not only the game table)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    assert page.evaluate("() => navigator.serviceWorker.controller.scriptURL").endswith("/sw.js")
    # Chromium's own installability check (what its install prompt asks); a Playwright
    # context is an incognito one, the one thing a player's browser is not
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []


def test_a_page_asked_for_without_network_shows_the_offline_page(page: Any) -> None:
    page.goto("/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_function("async () => Boolean(await caches.match('/offline/'))")
    page.context.set_offline(True)
    page.goto("/accounts/login/")
    assert page.get_by_role("heading", level=1).inner_text() == "Offline"
    assert "Log out" not in page.content()  # the same page for everyone
    page.context.set_offline(False)
    page.get_by_role("link", name="Try again").click()
    page.wait_for_selector("#id_password")


FROM_CACHE = """() => {
  const entry = performance.getEntriesByType('navigation')[0];
  return {type: entry.type, transferSize: entry.transferSize};
}"""


def test_back_to_a_page_holding_nothing_private_comes_from_the_browser(
    page: Any, django_user_model: Any
) -> None:
    page.goto("/")
    # (again: the first answer set the CSRF cookie, and a copy is kept per cookies sent, Vary: Cookie)
    page.goto("/")
    page.get_by_role("link", name="Log in").first.click()
    page.wait_for_selector("#id_password")
    page.go_back()
    back = page.evaluate(FROM_CACHE)
    assert back == {"type": "back_forward", "transferSize": 0}  # the browser's copy, no request
    # a logged-in player's page is no-store: Back asks the server again
    django_user_model.objects.create_user("player", password=PASSWORD)
    page.goto("/accounts/login/")
    page.fill("#id_username", "player")
    page.fill("#id_password", PASSWORD)
    page.click("button:has-text('Log in')")
    page.wait_for_url("**/rosters/")
    page.get_by_role("link", name="Account").click()
    page.wait_for_url("**/accounts/")
    page.go_back()
    mine = page.evaluate(FROM_CACHE)
    assert mine["type"] == "back_forward" and mine["transferSize"] > 0
