"""The Jinja2 environment of the editor's hot partials, and the bridge from the Django
template language to them.

Every model edit answers with the open card, its actions and the overview rows; the
Django template language renders them in about 1 ms, Jinja2 (through Django's own
``django.template.backends.jinja2.Jinja2`` backend, the second entry of ``TEMPLATES``) in
about a third of that. Those partials are ``*.jinja`` files beside the other templates
(``templates/roster/``, ``templates/systems/<id>/``, the field macro ``templates/_field.jinja``);
see docs/editor.md.

Values are escaped as Django escapes them (``conditional_escape``: ``'`` becomes ``&#x27;``,
not Jinja's ``&#39;``), so a partial writes the same bytes in either engine.
"""

from __future__ import annotations

import html
from decimal import Decimal
from typing import Any

from django.template import engines
from django.template.backends.jinja2 import Jinja2
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify
from jinja2 import Environment
from markupsafe import Markup

from rules.report import json_number


def number(value: Any) -> Any:
    """An exact cost as players write it: Decimal 5.0 -> 5, 4.5 -> 4.5; other values unchanged."""
    return json_number(value) if isinstance(value, Decimal) else value


def _finalize(value: Any) -> Any:
    """Escape each printed value the way Django does (Jinja's autoescape then leaves it):
    what is already HTML as it is, anything else as ``django.utils.html.escape`` writes
    it (``html.escape`` of its text, ``'`` as ``&#x27;``), without Django's lazy-string
    wrapper, since the table's fragment prints a thousand values."""
    if hasattr(value, "__html__"):
        return value
    return Markup(html.escape(str(value)))


def environment(**options: Any) -> Environment:
    """The Jinja2 environment for ``TEMPLATES`` (Django's Jinja2 backend calls it with its
    options): Django's escaping, and the filters the partials use."""
    env = Environment(**options, finalize=_finalize)
    env.filters.update(number=number, slugify=slugify)
    return env


def render(name: str, context: dict[str, Any]) -> SafeString:
    """``templates/<name>`` (a Jinja2 template) rendered with ``context``; raises
    TemplateDoesNotExist for an unknown name. The result is escaped HTML."""
    html = engines["jinja2"].get_template(name).render(context)
    return mark_safe(html)  # the template escaped every value


def macro(name: str, macro_name: str) -> Any:
    """The Jinja2 macro ``macro_name`` of template ``name`` (for the ``{% field %}`` tag)."""
    backend = engines["jinja2"]
    assert isinstance(backend, Jinja2)
    return getattr(backend.env.get_template(name).module, macro_name)
