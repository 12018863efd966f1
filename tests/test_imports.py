"""The modules of rules/ and roster/ import each other without a cycle, direct or
through other modules, function-level and type-checking imports included (issue 23).
The layers themselves (rules never imports roster or Django; views -> operations ->
evaluation -> models) are import-linter's contracts in pyproject.toml (`make lint`)."""

from __future__ import annotations

import grimp


def cycles(graph: grimp.ImportGraph) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = set()
            while True:
                member = stack.pop()
                component.add(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(component)

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_rules_and_roster_have_no_import_cycle():
    graph = grimp.build_graph("rules", "roster", cache_dir=None)
    assert cycles(graph) == []


def test_a_cycle_is_found():
    graph = grimp.ImportGraph()
    for name in ("a", "b", "c", "d"):
        graph.add_module(name)
    graph.add_import(importer="a", imported="b")
    graph.add_import(importer="b", imported="c")
    graph.add_import(importer="c", imported="a")
    graph.add_import(importer="c", imported="d")
    assert cycles(graph) == [{"a", "b", "c"}]
