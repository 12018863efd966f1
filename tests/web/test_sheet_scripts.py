"""Every script a player can type prints on the sheet with a real glyph, never a box.

The sheet's own fonts are DejaVu (static/fonts); other scripts come from the Noto fonts
that scripts/system-deps.sh installs (fonts-noto-core, fonts-noto-cjk,
fonts-noto-color-emoji), found by Pango through fontconfig.
"""

import io

import pdfplumber
import pytest

from roster.rosters.evaluation import evaluate_stored
from roster.sheets.content import SheetInfo, StaticOnlyFetcher, render_pdf, sheet_html
from tests.ih import example
from tests.web import pdf as pdfs

pytestmark = pytest.mark.django_db

NAME = "Königin Åsa – Schwärm 蜂 🐝"
MODEL_NAMES = {
    "Greek": "Αλέξανδρος",
    "Cyrillic": "Владимир",
    "Arabic": "سلمى",
    "Hebrew": "דוד",
    "Devanagari": "अर्जुन",
    "CJK": "武田信玄",
    "Emoji": "Ash 🐺🔥",
}


def sheet() -> bytes:
    document = example("iron-and-honor-ghrim-company")  # six models
    document["name"] = NAME
    followers = [m for m in document["models"] if m["type"] == "follower"]
    extra = dict(followers[0])
    document["models"].append(extra)
    for model, name in zip(document["models"], MODEL_NAMES.values(), strict=True):
        model["name"] = name
    html = sheet_html(evaluate_stored(document), SheetInfo(owner="alice"))
    return render_pdf(html, StaticOnlyFetcher())


@pytest.fixture(scope="module")
def pdf(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        return sheet()


def characters(text: str) -> set[str]:
    return {c for c in text if not c.isspace()}


def test_every_character_of_every_script_is_in_the_sheets_text(pdf):
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        drawn = "".join(c["text"] for page in doc.pages for c in page.chars)
    for text in [NAME, *MODEL_NAMES.values()]:
        assert characters(text) <= set(drawn), text


@pytest.mark.parametrize("script", [*MODEL_NAMES, "name"])
def test_every_character_is_drawn_with_a_real_glyph(pdf, script):
    text = NAME if script == "name" else MODEL_NAMES[script]
    glyphs = pdfs.glyphs(pdf)
    for char in characters(text):
        drawn = glyphs.get(char, [])
        assert drawn, f"{char!r} ({script}) is drawn by no font"
        assert all(name not in (".notdef", "missing") for _, name, _ in drawn), (char, drawn)
        if not any(ink for _, _, ink in drawn):
            # A colour emoji: its glyph has no outline, WeasyPrint paints it as an image.
            assert all("Emoji" in font for font, _, _ in drawn), (char, drawn)


def test_emoji_are_painted_as_images_where_they_stand(pdf):
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        bee = next(c for c in page.chars if c["text"] == "🐝")
        assert any(overlaps(image, bee) for image in page.images)


def overlaps(a, b) -> bool:
    return a["x0"] <= b["x1"] and a["x1"] >= b["x0"] and a["top"] <= b["bottom"] and a["bottom"] >= b["top"]


def test_the_sheet_stays_small(pdf):
    # The fonts are subset: a CJK font is megabytes whole.
    assert len(pdf) < 250_000
