"""axe-core on every page (issue #11 item 10): no serious or critical violation, in the
light and the dark colour scheme, at 360 px and at 1280 px."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from roster.rosters.models import Roster, ShareLink
from roster.rosters.operations import create_roster
from tests.beestwars import example as beestwars_example
from tests.browser.editor_helpers import PASSWORD
from tests.ih import example

pytestmark = pytest.mark.browser

AXE = Axe()
SIZES = {"phone": (360, 640), "wide": (1280, 800)}
# Each theme once and each width once (issue #27: one case per kind): the colours axe
# checks depend on the theme, the layout on the width, not on the two together.
LOOKS = [pytest.param("phone", True, id="phone-dark"), pytest.param("wide", False, id="wide-light")]


def serious(page):
    """The serious and critical axe violations on the page, as "rule: selector" lines."""
    results = AXE.run(page)
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in ("serious", "critical"):
            found += [f"{violation['id']}: {node['target']}" for node in violation["nodes"]]
    return found


@pytest.mark.parametrize(("size", "dark"), LOOKS)
def test_no_serious_violations_on_any_page(browser, live_server, rules_loaded, django_user_model, size, dark):
    width, height = SIZES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height},
        base_url=live_server.url,
        color_scheme="dark" if dark else "light",
    )
    page = context.new_page()
    user = django_user_model.objects.create_user("axe", password=PASSWORD)
    ih = create_roster(user, example("iron-and-honor-northmen-raiding-party"))
    brutality = create_roster(user, example("brutality-moderate-points"))
    beestwars = create_roster(user, beestwars_example())
    empty = create_roster(user, {**beestwars_example(), "name": "Nobody yet", "models": []})
    lantern = create_roster(
        user,
        {
            **example("iron-and-honor-lantern-adventuring-co"),
            "example": "iron-and-honor-lantern-adventuring-co",
        },
    )
    ranged = example("brutality-moderate-points")
    ranged["models"][2] = {"name": "Shooter", "class": "Ranged"}
    gaps = create_roster(user, ranged)  # its card asks for the Ranged line, "Save for all my rosters"
    link = ShareLink.objects.create(roster=ih)
    damaged = create_roster(user, example("iron-and-honor-sundered-elve"))
    Roster.objects.filter(pk=damaged.pk).update(document={**damaged.document, "models": [{"bogus": 1}]})
    problems = {}
    for url in (
        "/",
        "/accounts/signup/",
        "/accounts/login/",
        f"/s/{link.token}/",
        f"/s/{link.token}/?sheet=0123456789ab",
    ):
        page.goto(url)
        problems[url] = serious(page)
    page.goto("/accounts/login/")
    page.fill("#id_username", "axe")
    page.fill("#id_password", PASSWORD)
    page.click("button:has-text('Log in')")
    page.wait_for_url("**/rosters/")
    urls = ["/rosters/", "/rosters/new/", "/rosters/new/?system=brutality", "/rosters/import/"]
    urls += [
        f"/rosters/{empty.pk}/",
        "/supplements/",
        f"/rosters/{lantern.pk}/",
        f"/rosters/{gaps.pk}/models/2/",
    ]  # an empty warband: "No models yet" is read too
    urls.append(f"/rosters/{damaged.pk}/")  # the damaged-roster page
    for roster, index, picker in ((ih, 6, "traits"), (brutality, 1, "powers"), (beestwars, 3, None)):
        urls += [f"/rosters/{roster.pk}/", f"/rosters/{roster.pk}/models/{index}/"]
        if picker:
            urls.append(f"/rosters/{roster.pk}/models/{index}/?pick={picker}")
        urls.append(f"/rosters/{roster.pk}/history/")
    for url in urls:
        page.goto(url)
        problems[url] = serious(page)
    page.goto(f"/rosters/{beestwars.pk}/")
    page.click("#add-model > summary")  # the Beestwars profile picker, open
    problems["beestwars picker"] = serious(page)
    context.close()
    assert {url: found for url, found in problems.items() if found} == {}


def test_the_check_finds_a_serious_violation(page, live_server):
    page.goto("/")
    page.evaluate("() => document.querySelector('main').append(document.createElement('img'))")
    assert any(line.startswith("image-alt") for line in serious(page))
