"""Accounts in a real Chromium: the whole forgotten-password path, and every account page
axe-clean in light and dark at 1280 and 360 px (screenshots in /work/shots/accounts/,
or MUSTER_SHOTS)."""

import os
import re
from pathlib import Path

import pytest
from allauth.account.models import EmailAddress
from axe_playwright_python.sync_playwright import Axe
from django.core import mail

from roster.rosters.models import Roster, ShareLink
from roster.rosters.operations import create_roster
from tests.browser.editor_helpers import PATIENCE_MS
from tests.ih import example

pytestmark = pytest.mark.browser

SHOTS = Path(os.environ.get("MUSTER_SHOTS", "/work/shots/accounts"))
PASSWORD = "a-long-pass-phrase"
SIZES = {"1280": {"width": 1280, "height": 800}, "360": {"width": 360, "height": 640}}


@pytest.fixture
def player(rules_loaded, django_user_model):
    user = django_user_model.objects.create_user("forgetful", password=PASSWORD)
    EmailAddress.objects.create(user=user, email="forgetful@example.org", primary=True, verified=True)
    create_roster(user, example("iron-and-honor-northmen-raiding-party"))
    return user


def new_page(browser, live_server, size="360", scheme="light"):
    context = browser.new_context(viewport=SIZES[size], color_scheme=scheme, base_url=live_server.url)
    context.set_default_timeout(PATIENCE_MS)
    return context.new_page()


def log_in(page, login, password):
    page.goto("/accounts/login/")
    page.get_by_label("Username or email").fill(login)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()


def test_a_forgotten_password_is_replaced_through_the_mailed_link(browser, live_server, player, settings):
    settings.MUSTER_SITE_URL = live_server.url  # mailed links are built on SITE_URL
    page = new_page(browser, live_server)
    page.goto("/accounts/login/")
    page.get_by_role("link", name="Forgot your password?").click()
    page.get_by_label("Email").fill("forgetful@example.org")
    page.get_by_role("button", name="Send the link").click()
    page.get_by_role("heading", name="Check your mail").wait_for()

    (message,) = mail.outbox
    assert message.to == ["forgetful@example.org"]
    link = re.search(r"https?://\S+/accounts/password/reset/key/\S+", message.body).group(0)
    page.goto(link)
    page.get_by_role("heading", name="Choose a new password").wait_for()
    page.get_by_label("New Password", exact=True).fill("remembered-at-last")
    page.get_by_label("New Password (again)").fill("remembered-at-last")
    page.get_by_role("button", name="Save the new password").click()
    page.get_by_role("heading", name="Password changed").wait_for()

    log_in(page, "forgetful", PASSWORD)  # the old password no longer works
    page.get_by_role("alert").wait_for()
    assert page.url.endswith("/accounts/login/")
    log_in(page, "forgetful@example.org", "remembered-at-last")
    page.wait_for_url("**/rosters/")
    assert page.get_by_text("Northmen Raiding Party").count() >= 1
    page.context.close()


def test_deleting_the_account_in_the_browser_ends_its_share_links(browser, live_server, player):
    link = ShareLink.objects.create(roster=Roster.objects.get(owner=player))
    page = new_page(browser, live_server)
    log_in(page, "forgetful", PASSWORD)
    page.wait_for_url("**/rosters/")
    page.get_by_role("link", name="Account").click()
    page.get_by_role("link", name="Delete my account…").click()
    assert page.get_by_text("1 roster (the trash included)").count() == 1
    page.get_by_label("Your password").fill(PASSWORD)
    page.get_by_role("button", name="Delete my account and its rosters").click()
    page.get_by_text("Your account and its rosters are deleted.").wait_for()
    response = page.goto(f"/s/{link.token}/")
    assert response.status == 404
    page.context.close()


def test_the_rosters_zip_downloads_and_imports_whole_into_another_account(
    browser, live_server, player, django_user_model, tmp_path
):
    create_roster(player, example("iron-and-honor-ghrim-company"))
    page = new_page(browser, live_server)
    log_in(page, "forgetful", PASSWORD)
    page.wait_for_url("**/rosters/")
    page.get_by_role("link", name="Account").click()
    with page.expect_download() as download:
        page.get_by_role("link", name="Download all my rosters (.zip)").click()
    archive = tmp_path / download.value.suggested_filename
    download.value.save_as(archive)
    assert archive.name.startswith("muster-rosters-forgetful-") and archive.suffix == ".zip"
    page.context.clear_cookies()  # logged out

    django_user_model.objects.create_user("heir", password=PASSWORD)
    log_in(page, "heir", PASSWORD)
    page.wait_for_url("**/rosters/")
    page.goto("/rosters/import/")
    page.get_by_label("Roster file").set_input_files(str(archive))
    page.get_by_role("button", name="Import").click()
    page.get_by_text("Imported 2 rosters.").wait_for()
    heirs = Roster.objects.filter(owner__username="heir")
    mine = Roster.objects.filter(owner=player)
    assert sorted(r.summary["cost"] for r in heirs) == sorted(r.summary["cost"] for r in mine)
    assert sorted(r.name for r in heirs) == ["Ghrim Company", "Northmen Raiding Party"]
    page.context.close()


def serious(results):
    return [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


PAGES_OUT = [
    ("login", "/accounts/login/"),
    ("signup", "/accounts/signup/"),
    ("password-reset", "/accounts/password/reset/"),
    ("password-reset-done", "/accounts/password/reset/done/"),
]
PAGES_IN = [
    ("account", "/accounts/"),
    ("email", "/accounts/email/"),
    ("password-change", "/accounts/password/change/"),
    ("delete", "/accounts/delete/"),
    ("import", "/rosters/import/"),
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["1280", "360"])
def test_account_pages_are_axe_clean_and_fit(browser, live_server, player, size, scheme):
    SHOTS.mkdir(parents=True, exist_ok=True)
    axe = Axe()
    page = new_page(browser, live_server, size, scheme)
    found = {}

    def check(name, path, prepare=None):
        page.goto(path)
        if prepare:
            prepare()
        found[name] = serious(axe.run(page))
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES[size]["width"], (name, width)  # nothing sideways at 360 px
        page.screenshot(path=str(SHOTS / f"{name}-{size}-{scheme}.png"), full_page=True)

    for name, path in PAGES_OUT:
        check(name, path)

    def bad_signup():
        page.get_by_label("Username").fill("forgetfu1")
        page.get_by_label("Password", exact=True).fill("short")
        page.get_by_label("Password (again)").fill("other")
        page.get_by_role("button", name="Create account").click()
        page.get_by_text("looks too much like one already in use").wait_for()

    check("signup-errors", "/accounts/signup/", bad_signup)
    log_in(page, "forgetful", PASSWORD)
    page.wait_for_url("**/rosters/")
    for name, path in PAGES_IN:
        check(name, path)

    def pending_email():
        page.get_by_label("Email").fill("new@example.org")
        page.get_by_role("button", name="Change email").click()
        page.get_by_text("not verified yet").wait_for()

    check("email-pending", "/accounts/email/", pending_email)
    page.context.close()
    assert {name: v for name, v in found.items() if v} == {}
