"""The law every system's issues obey, shared by the property tests."""

import re

from rules.report import Report


def assert_issues_well_formed(report: Report, model_count: int, code: re.Pattern[str], source: str) -> None:
    """Every issue has a namespaced code matching ``code``, a source matching ``source``,
    a message, and names a model that exists (or none)."""
    for issue in report.issues:
        assert code.match(issue.code), issue.code
        assert re.fullmatch(source, issue.source), issue.source
        assert issue.message
        assert issue.model is None or 0 <= issue.model < model_count
