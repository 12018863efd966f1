"""The table's hot part: a model's row, rendered once per model state and kept.

Every tap answers with the whole table, but most rows did not change; a row's HTML is
kept per (game, side, model state) and only its CSRF field and a fresh event id are
filled in per page (templates/games/_row.html)."""

from __future__ import annotations

import hashlib
import uuid
from collections import OrderedDict
from typing import Any

from django import template
from django.template import Context
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

register = template.Library()
_ROWS: OrderedDict[str, str] = OrderedDict()
ROWS_KEPT = 512


def _csrf_input(context: Context) -> str:
    token = context.get("csrf_token")
    if not token or token == "NOTPROVIDED":
        return ""
    return render_to_string("games/_csrf_field.html", {"token": token})


@register.simple_tag(takes_context=True)
def play_row(context: Context, game: Any, side_index: int, row: dict[str, Any]) -> SafeString:
    """One model's row (templates/games/_row.html) with this page's CSRF field and a
    fresh event id. ``row`` comes from roster.games.display.table_context."""
    rules = context.get("rules")
    key_text = "\n".join(
        [
            str(game.pk),
            str(game.created),
            str(side_index),
            row["m"].model_dump_json(),
            str(context.get("act_url")),
        ]
    )
    key = hashlib.blake2b(key_text.encode(), digest_size=16).hexdigest()
    html = _ROWS.get(key)
    if html is None:
        html = render_to_string(
            "games/_row.html",
            {"row": row, "side_index": side_index, "rules": rules, "act_url": context.get("act_url")},
        )
        _ROWS[key] = html
        while len(_ROWS) > ROWS_KEPT:
            _ROWS.popitem(last=False)
    else:
        _ROWS.move_to_end(key)
    filled = html.replace("@@muster-csrf@@", _csrf_input(context)).replace(
        "@@muster-event-id@@", uuid.uuid4().hex
    )
    return mark_safe(filled)  # rendered by the template engine, escaped there
