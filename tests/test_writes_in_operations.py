"""Every write to the database is a function of its domain's ``operations.py``.

A view, a page helper, a signal, a model method or a management command asks an
operation (``roster/rosters/operations.py``, ``roster/games/operations.py``,
``roster/events/operations.py``, ``roster/supplements/operations.py``,
``roster/accounts/operations.py``) to write; it never calls the ORM's writers itself. So
each domain's rules (limits, compare-and-set, the trail, what a change announces) hold
for every path into it, and a GET can be seen to write nothing. Migrations are exempt.

What counts as a write, read from the syntax (no types): a call of ``.save()``,
``.create()``, ``.bulk_create()``, ``.bulk_update()``, ``.get_or_create()`` or
``.update_or_create()`` on anything; ``.delete()`` on anything but a cache or a session;
``.update(...)`` with keyword arguments only (a queryset's; ``dict.update`` and a hash's
take a positional argument, or are called on a plain name) on a manager
(``.objects``, ``._default_manager``), on a queryset method's result (``.filter(...)``,
``.exclude(...)``, ``.all()``...) or on a name bound to one of those in the same file. A
related manager's ``.add()``/``.remove()``/``.set()``/``.clear()`` is not looked for
(none is used), nor are the frameworks' own writes: Django's admin saving the rules data
rows an administrator edits (``roster/rosters/admin.py`` then asks
``operations.refresh_digest`` for the new version), allauth's sign-up and e-mail
addresses, and the session and cache backends.

The background workers write for their domain where they run: ``roster/sheets/queue.py``
is the sheets' writer (its SheetJob rows and the task results it prunes), and
``roster/events/pack.py`` the event pack's (it is allowed as a whole while it is being
reworked; today it writes only to the cache). They are in ALLOWED below, the only files
besides the ``operations.py`` modules that may write.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Files (besides every ``operations.py`` and the migrations) that may write, with why.
#: Keep it this short: a new entry needs a reason no operation can meet.
ALLOWED: dict[str, str] = {
    "roster/sheets/queue.py": "the sheets' background writer: the task worker's SheetJob rows and results",
    "roster/events/pack.py": "the event pack's background worker (being reworked; its writes stay with it)",
}

WRITES = {"save", "create", "bulk_create", "bulk_update", "get_or_create", "update_or_create"}
MANAGERS = {"objects", "_default_manager", "_base_manager"}
QUERYSET_METHODS = {
    "all",
    "annotate",
    "distinct",
    "exclude",
    "filter",
    "none",
    "only",
    "order_by",
    "select_for_update",
    "select_related",
    "using",
}
NOT_MODELS = ("cache", "session")  # .delete() on these is not a row's


def _root_name(node: ast.expr) -> str:
    """The last name of a receiver (``cache`` for ``cache``, ``caches["x"]`` and ``self.cache``)."""
    while isinstance(node, ast.Subscript | ast.Call):
        node = node.value if isinstance(node, ast.Subscript) else node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _queryset_like(node: ast.expr, querysets: set[str]) -> bool:
    """True for a manager, a queryset method's result, or a name bound to one."""
    if isinstance(node, ast.Attribute):
        return node.attr in MANAGERS
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr in QUERYSET_METHODS or _queryset_like(node.func.value, querysets)
    return isinstance(node, ast.Name) and node.id in querysets


def _querysets(tree: ast.AST) -> set[str]:
    """Names assigned a queryset anywhere in the file (``older = Revision.objects.filter(...)``)."""
    names: set[str] = set()
    for _ in range(2):  # a queryset built from another: ``b = a.filter(...)``
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and _queryset_like(node.value, names):
                names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def writes(source: str) -> list[tuple[int, str]]:
    """(line, the call's text) of every write in ``source`` (see the module's docstring)."""
    tree = ast.parse(source)
    querysets = _querysets(tree)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        method, receiver = node.func.attr, node.func.value
        if method in WRITES:
            hit = True
        elif method == "delete":
            hit = not any(word in _root_name(receiver).lower() for word in NOT_MODELS)
        elif method == "update":
            hit = not node.args and _queryset_like(receiver, querysets)
        else:
            hit = False
        if hit:
            found.append((node.lineno, ast.unparse(node)))
    return found


def _checked(path: Path) -> bool:
    name = path.relative_to(ROOT).as_posix()
    return path.name != "operations.py" and "/migrations/" not in name and name not in ALLOWED


def _python_files() -> list[Path]:
    return sorted(p for p in (ROOT / "roster").rglob("*.py") if _checked(p))


@pytest.mark.parametrize("path", _python_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_writes_are_operations(path: Path) -> None:
    name = path.relative_to(ROOT).as_posix()
    found = [f"{name}:{n}: {text[:120]}" for n, text in writes(path.read_text())]
    assert not found, "A write outside operations.py (make it an operation and call that):\n" + "\n".join(
        found
    )


def test_every_allowed_file_exists() -> None:
    missing = [name for name in ALLOWED if not (ROOT / name).is_file()]
    assert not missing, f"ALLOWED names files that are gone: {missing}"


def test_the_check_finds_each_kind_of_write_and_not_dicts_hashes_or_caches() -> None:
    source = """def view(request, game, roster):
    game.delete()
    Game.objects.filter(pk=game.pk).update(code=None)
    link = ShareLink.objects.create(roster=roster)
    Supplement.create(request.user, document)
    older = Revision.objects.filter(roster=roster)
    older.update(action="x")
    roster.share_links.filter(revoked__isnull=True).update(revoked=now)
    RuleSet.objects.get_or_create(system="x")
    form.save()
    context = {}
    context.update(join=link)
    digest.update(b"x")
    cache.delete("key")
    request.session.delete()
    return {"a": 1}.update({"b": 2})
"""
    assert [n for n, _ in writes(source)] == [2, 3, 4, 5, 7, 8, 9, 10]


def test_a_write_outside_operations_fails_with_its_file_and_line(tmp_path: Path) -> None:
    views = tmp_path / "views.py"
    views.write_text("def table(game):\n    game.save()\n")
    assert writes(views.read_text()) == [(2, "game.save()")]
    assert _checked(ROOT / "roster" / "games" / "forms.py")
    assert not _checked(ROOT / "roster" / "games" / "operations.py")
    assert not _checked(ROOT / "roster" / "games" / "migrations" / "0001_initial.py")
