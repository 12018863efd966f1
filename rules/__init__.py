"""Muster's rules engine: pure Python, no Django.

A game system is a package under ``rules/`` registered once in :mod:`rules.registry`.
Each system parses its catalogue (the rules data in ``fixtures/``) and evaluates a
roster document into a :class:`rules.report.Report`.
"""

from rules.document import DocumentError, parse_document
from rules.registry import SYSTEMS, get_system
from rules.report import Issue, ModelReport, Report

__all__ = [
    "SYSTEMS",
    "DocumentError",
    "Issue",
    "ModelReport",
    "Report",
    "get_system",
    "parse_document",
]
