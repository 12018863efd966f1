"""Checking a PDF sheet's layout with pdfplumber: where every word's box lies."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import pdfplumber

MM = 72 / 25.4  # PDF points per millimetre


@dataclass(frozen=True)
class Word:
    page: int
    text: str
    x0: float
    x1: float
    top: float
    bottom: float


def pages(pdf: bytes) -> list[tuple[float, float, list[Word]]]:
    """(width, height, words) of every page, words as pdfplumber splits them."""
    out = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for n, page in enumerate(doc.pages, 1):
            words = [
                Word(n, w["text"], w["x0"], w["x1"], w["top"], w["bottom"])
                for w in page.extract_words(use_text_flow=False, keep_blank_chars=False)
            ]
            out.append((float(page.width), float(page.height), words))
    return out


def outside(pdf: bytes, margin_mm: float) -> list[Word]:
    """Words whose box leaves the page, or comes closer to its edge than ``margin_mm``
    (the page margin minus a tolerance: only the margin boxes' small print may sit there)."""
    bad = []
    for width, height, words in pages(pdf):
        m = margin_mm * MM
        bad += [w for w in words if w.x0 < m or w.x1 > width - m or w.top < 0 or w.bottom > height]
    return bad


def overlapping(pdf: bytes, slack: float = 0.4) -> list[tuple[Word, Word]]:
    """Pairs of words on one page whose boxes overlap by more than ``slack`` points both
    ways (neighbours on a line may touch)."""
    pairs = []
    for _, _, words in pages(pdf):
        ordered = sorted(words, key=lambda w: w.x0)
        for i, a in enumerate(ordered):
            for b in ordered[i + 1 :]:
                if b.x0 >= a.x1 - slack:
                    break
                if min(a.bottom, b.bottom) - max(a.top, b.top) > slack:
                    pairs.append((a, b))
    return pairs


def crossing(pdf: bytes, x_from: float, x_to: float, band: Any) -> list[Word]:
    """Words that start left of ``x_from`` and end right of ``x_to`` (points): text
    running across the gap between two columns of cards. ``band(page, height, words)``
    gives the (top, bottom) y range of the cards on a page, or None to skip the page."""
    bad = []
    for n, (_, height, words) in enumerate(pages(pdf), 1):
        limits = band(n, height, words)
        if limits is None:
            continue
        top, bottom = limits
        bad += [w for w in words if w.top > top and w.bottom < bottom and w.x0 < x_from and w.x1 > x_to]
    return bad
