"""Reading PDFs in tests with pypdf: text per page, metadata, embedded fonts."""

from __future__ import annotations

import io

from pypdf import PdfReader


def read(pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(pdf))


def page_texts(pdf: bytes) -> list[str]:
    return [page.extract_text() or "" for page in read(pdf).pages]


def text(pdf: bytes) -> str:
    """All the text, with line breaks turned into spaces (names may wrap)."""
    return " ".join(" ".join(page_texts(pdf)).split())


def font_names(pdf: bytes) -> set[str]:
    names = set()
    for page in read(pdf).pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for ref in fonts.values():
            names.add(str(ref.get_object().get("/BaseFont")))
    return names
