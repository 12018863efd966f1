"""PDF roster sheets: content, pages, fonts, metadata, the fetch lock-down and the cache."""

import io

import pdfplumber
import pytest
from django.conf import settings
from django.core.cache import cache
from django.urls import reverse

from bench.workloads import iron_and_honor_nine
from roster.rosters.evaluation import evaluate_stored
from roster.rosters.models import ShareLink
from roster.rosters.operations import create_roster, save_revision, undo
from roster.sheets.cache import sheet_key
from roster.sheets.content import SheetInfo, StaticOnlyFetcher, render_pdf, sheet_html
from tests.ih import example
from tests.web import pdf as pdfs
from tests.web import sheet_layout

pytestmark = pytest.mark.django_db

IH_EXAMPLES = [
    "iron-and-honor-lantern-adventuring-co",
    "iron-and-honor-sundered-elve",
    "iron-and-honor-northmen-raiding-party",
    "iron-and-honor-ghrim-company",
]


def render(document, paper="a4", share_url=None, fetcher=None):
    html = sheet_html(evaluate_stored(document), SheetInfo(owner="alice", paper=paper, share_url=share_url))
    return render_pdf(html, fetcher)


@pytest.mark.parametrize("name", IH_EXAMPLES)
def test_every_model_cost_and_trait_is_on_the_sheet(name):
    document = example(name)
    report = evaluate_stored(document).report
    pdf = render(document)
    text = pdfs.text(pdf)
    for m in report.models:
        assert m.name in text
        assert f"{m.cost} ExP" in text
        for trait in m.derived["traits"]:
            assert trait["name"] in text
    assert f"{report.totals['cost']} / {report.totals['limit']} ExP" in text
    assert f"Fate Pool {report.totals['fate_pool']}" in text
    pages = pdfs.page_texts(pdf)
    assert 1 <= len(pages) <= 2
    assert all(page.strip() for page in pages)


def nine_models():
    return iron_and_honor_nine()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_models_fit_on_two_pages(paper):
    pdf = render(nine_models(), paper=paper)
    pages = pdfs.page_texts(pdf)
    assert len(pages) <= 2
    assert all(page.strip() for page in pages)
    width = float(pdfs.read(pdf).pages[0].mediabox.width)
    assert round(width) == (595 if paper == "a4" else 612)


def test_non_ascii_names_render_in_the_shipped_font():
    pdf = render(nine_models())
    text = pdfs.text(pdf)
    for name in ["Åsa Stormdóttir", "Müller", "Ægir", "Łucja", "Siobhán", "Þórr", "Zoë", "Ørjan", "Ğöktürk"]:
        assert name in text
    fonts = pdfs.font_names(pdf)
    # Only the shipped font (named by our @font-face): no glyph fell back to a system font.
    assert fonts and all("Muster-Sans" in f for f in fonts), fonts


def test_a_long_name_wraps_on_the_card():
    long_name = "Brother " + "Wolfgang-Amadeus " * 5 + "the Unreasonably Well-Named"
    document = nine_models()
    document["models"][1]["name"] = long_name[:100]
    pdf = render(document)
    assert "Wolfgang-Amadeus" in pdfs.text(pdf)
    assert len(pdfs.page_texts(pdf)) <= 2


def test_the_pdf_has_title_and_author():
    meta = pdfs.read(render(example("iron-and-honor-ghrim-company"))).metadata
    assert meta.title == "Ghrim Company · Iron & Honor roster"
    assert meta.author == "alice"


def test_the_share_link_is_on_the_sheet_as_a_qr_code():
    document = example("iron-and-honor-ghrim-company")
    html = sheet_html(
        evaluate_stored(document), SheetInfo(owner="a", share_url="http://127.0.0.1:8000/s/tok/")
    )
    assert "<svg" in html
    assert "Scan for the shared roster" in pdfs.text(
        render(document, share_url="http://127.0.0.1:8000/s/tok/")
    )


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:9/x.png",
        "https://example.com/a.css",
        "file:///etc/passwd",
        "data:image/png;base64,iVBORw0K",
        "muster-static:/../../etc/passwd",
        "muster-static:/../settings.py",
    ],
)
def test_the_fetcher_refuses_everything_but_our_static_files(url):
    fetcher = StaticOnlyFetcher()
    with pytest.raises(ValueError):
        fetcher.fetch(url)
    assert fetcher.refused == [url]


def test_the_fetcher_serves_our_fonts():
    response = StaticOnlyFetcher().fetch("muster-static:/fonts/DejaVuSansCondensed.ttf")
    assert response.read(4) == b"\x00\x01\x00\x00"


def test_html_that_asks_for_urls_gets_nothing():
    fetcher = StaticOnlyFetcher()
    html = (
        '<link rel="stylesheet" href="http://127.0.0.1:9/evil.css"><img src="file:///etc/hostname">'
        '<img src="data:image/svg+xml,<svg></svg>"><p style="background: url(http://127.0.0.1:9/bg)">x</p>'
    )
    render_pdf(html, fetcher)
    assert set(fetcher.refused) >= {"http://127.0.0.1:9/evil.css", "file:///etc/hostname"}
    assert any(u.startswith("data:") for u in fetcher.refused)


HOSTILE = [
    "<script>alert(1)</script>",
    "<img src=http://127.0.0.1:9/x>",
    '"><link rel=stylesheet href=file:///etc/passwd>',
]


def test_hostile_names_are_text_on_the_sheet_and_fetch_nothing():
    document = example("iron-and-honor-ghrim-company")
    for i, name in enumerate(HOSTILE):
        document["models"][i]["name"] = name
    document["name"] = "</title><script>x</script>"
    fetcher = StaticOnlyFetcher()
    pdf = render(document, fetcher=fetcher)
    assert fetcher.refused == []
    text = pdfs.text(pdf)
    for name in HOSTILE:
        assert name.replace(" ", "") in text.replace(" ", "")


def test_a_sheet_is_cached_by_its_content_so_an_edit_or_undo_never_serves_a_stale_one(alice_client, alice):
    r = create_roster(alice, example("iron-and-honor-ghrim-company"))
    url = reverse("roster-sheet", args=[r.pk])
    first = alice_client.get(url)
    assert first["Content-Type"] == "application/pdf"
    assert alice_client.get(url).content == first.content
    save_revision(r, {**r.document, "name": "Renamed Company"}, "Renamed", r.revision)
    renamed = alice_client.get(url).content
    assert "Renamed Company" in pdfs.text(renamed)
    assert undo(r, r.revision).saved
    assert alice_client.get(url).content == first.content
    save_revision(r, {**r.document, "name": "Other Company"}, "Renamed", r.revision)
    assert "Other Company" in pdfs.text(alice_client.get(url).content)


def test_the_sheet_key_ignores_the_host_header_and_holds_every_option(alice_client, alice):
    r = create_roster(alice, example("iron-and-honor-ghrim-company"))
    link = ShareLink.objects.create(roster=r)
    url = reverse("roster-sheet", args=[r.pk])
    one = alice_client.get(url, HTTP_HOST="127.0.0.1:1234")
    other = alice_client.get(url, HTTP_HOST="localhost:5678")
    assert one.content == other.content
    evaluation = evaluate_stored(r.document)
    canonical = f"{settings.MUSTER_SITE_URL}/s/{link.token}/"
    info = SheetInfo(owner="alice", share_url=canonical)
    assert cache.get(sheet_key(r.document, evaluation.digest, info)) == one.content
    base = SheetInfo(owner="alice", share_url="http://a/")
    keys = {
        sheet_key(r.document, evaluation.digest, base),
        sheet_key(
            r.document, evaluation.digest, SheetInfo(owner="alice", paper="letter", share_url="http://a/")
        ),
        sheet_key(r.document, evaluation.digest, SheetInfo(owner="alice", share_url="http://b/")),
        sheet_key(r.document, "another rules digest", base),
        sheet_key({**r.document, "name": "x"}, evaluation.digest, base),
    }
    assert len(keys) == 5


def test_letter_paper(alice_client, alice):
    r = create_roster(alice, example("iron-and-honor-ghrim-company"))
    pdf = alice_client.get(reverse("roster-sheet", args=[r.pk]) + "?paper=letter").content
    assert round(float(pdfs.read(pdf).pages[0].mediabox.width)) == 612


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_qr_code_and_its_caption_sit_above_the_heading_rule(paper):
    # The caption wraps to two lines; its second line once sat under the rule below the title.
    document = example("iron-and-honor-lantern-adventuring-co")
    pdf = render(document, share_url="http://127.0.0.1:8000/s/tok/", paper=paper)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        rules = [
            e["top"]
            for e in page.edges
            if e["orientation"] == "h"
            and e["x1"] - e["x0"] > 0.8 * (page.width - 2 * 9 * sheet_layout.MM)
            and e["top"] < page.height / 3
        ]
    rule = max(rules)  # the heading's bottom border (the sheet's first full-width line)
    _, _, words = sheet_layout.pages(pdf)[0]
    caption = [w for w in words if w.text in ("Scan", "for", "the", "shared", "roster") and w.top < rule + 30]
    assert {w.text for w in caption} == {"Scan", "for", "the", "shared", "roster"}
    assert all(w.bottom <= rule for w in caption), [(w.text, w.bottom, rule) for w in caption]
