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


def _to_unicode(font) -> dict[int, str]:
    """A Type0 font's ToUnicode CMap as {CID: text} (bfchar and bfrange entries)."""
    import re

    cmap = font["/ToUnicode"].get_object().get_data().decode("latin-1")
    out: dict[int, str] = {}

    def text(hexes: str) -> str:
        return bytes.fromhex(hexes).decode("utf-16-be") if hexes else ""

    for block in re.findall(r"beginbfchar(.*?)endbfchar", cmap, re.S):
        for cid, dst in re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>", block):
            out[int(cid, 16)] = text(dst)
    for block in re.findall(r"beginbfrange(.*?)endbfrange", cmap, re.S):
        for lo, hi, dst in re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>", block):
            start = int(dst, 16)
            for n, cid in enumerate(range(int(lo, 16), int(hi, 16) + 1)):
                out[cid] = chr(start + n)
    return out


def glyphs(pdf: bytes) -> dict[str, list[tuple[str, str, bool]]]:
    """For every character drawn in the PDF, the glyphs that draw it:
    ``{char: [(font name, glyph name, has an outline)]}``.

    Reads each embedded font program with fontTools. WeasyPrint embeds Type0 fonts with
    Identity CID-to-GID maps, so a CID is the glyph id; glyph 0 is .notdef (the box a
    font draws for a character it lacks) and is reported as ".notdef". A colour emoji
    font's glyphs have no outline: WeasyPrint paints their bitmaps as images.
    """
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.ttLib import TTFont

    found: dict[str, list[tuple[str, str, bool]]] = {}
    for page in read(pdf).pages:
        for ref in page.get("/Resources", {}).get("/Font", {}).values():
            font = ref.get_object()
            if font.get("/Subtype") != "/Type0":
                continue
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
            program = descriptor.get("/FontFile2") or descriptor.get("/FontFile3")
            ttf = TTFont(io.BytesIO(program.get_object().get_data()))
            order, glyph_set = ttf.getGlyphOrder(), ttf.getGlyphSet()
            for cid, drawn in _to_unicode(font).items():
                if cid >= len(order):
                    name, ink = "missing", False
                elif cid == 0:
                    name, ink = ".notdef", False
                else:
                    name = order[cid]
                    pen = BoundsPen(glyph_set)
                    glyph_set[name].draw(pen)
                    ink = pen.bounds is not None
                for char in drawn:
                    found.setdefault(char, []).append((str(font["/BaseFont"]), name, ink))
    return found
