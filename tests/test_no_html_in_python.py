"""HTML lives in templates: no Python file under roster/ or rules/ builds it in a string.

Every page, partial and sheet is a template (the Django template language, or Jinja2 for
the editor's hot partials, see docs/editor.md); a tag in a Python string would be markup
escaped by hand, out of sight of the snapshot tests.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TAGS = (
    "a|abbr|b|br|button|details|div|em|fieldset|form|h[1-6]|img|input|label|legend|li|ol|"
    "option|p|section|select|small|span|strong|summary|svg|table|td|textarea|th|title|tr|ul"
)
TAG = re.compile(rf"</?(?:{TAGS})(?=[\s>/])", re.IGNORECASE)
# Files that may hold a tag, with the reason. Keep it empty unless there is no other way.
ALLOWED: dict[str, str] = {}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes (they explain; they write no HTML)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _strings_with_tags(source: str) -> list[tuple[int, str]]:
    """(line, text) of every string literal (f-string parts too) holding an HTML tag."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skip
        and TAG.search(node.value)
    ]


def _python_files() -> list[Path]:
    return sorted(p for folder in ("roster", "rules") for p in (ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("path", _python_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_html_is_built_in_python(path: Path) -> None:
    name = str(path.relative_to(ROOT))
    if name in ALLOWED:
        return
    found = [f"{name}:{n}: {text.strip()[:120]!r}" for n, text in _strings_with_tags(path.read_text())]
    assert not found, "HTML in a Python string (write it in a template):\n" + "\n".join(found)


def test_the_check_finds_a_tag_in_strings_and_f_strings_but_not_in_docstrings() -> None:
    source = '''"""A <table> of <section>s."""
def f(cost):
    """Write <p>."""
    a = f'<span class="cost">{cost}</span>'
    return a + "<input type=hidden>" + "list[<model>]"
'''
    assert sorted({n for n, _ in _strings_with_tags(source)}) == [4, 5]
