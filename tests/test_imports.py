"""The shape of the code (issue 37, docs/new-system.md "Layers"): the modules of rules/ and
roster/ import each other without a cycle, direct or through other modules, function-level
and type-checking imports included, but for the plug-in registry (rules.registry imports
every system, and the systems reach it back); roster/ has one folder per concern and at
most two loose modules. The layers themselves are import-linter's contracts in
pyproject.toml (`make lint`)."""

from __future__ import annotations

from pathlib import Path

import grimp
import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
REGISTRY = "rules.registry"


def import_cycles(graph: grimp.ImportGraph, *, beside: str | None = None) -> list[set[str]]:
    """The strongly connected components of more than one module in ``graph`` (networkx),
    with ``beside`` (a module) and its imports left out."""
    digraph = nx.DiGraph()
    for module in graph.modules:
        if module == beside:
            continue
        digraph.add_node(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported != beside:
                digraph.add_edge(module, imported)
    return [set(c) for c in nx.strongly_connected_components(digraph) if len(c) > 1]


def test_rules_and_roster_have_no_import_cycle_but_through_the_registry():
    graph = grimp.build_graph("rules", "roster", cache_dir=None)
    assert import_cycles(graph, beside=REGISTRY) == []


def test_a_cycle_is_found():
    graph = grimp.ImportGraph()
    for name in ("a", "b", "c", "d"):
        graph.add_module(name)
    graph.add_import(importer="a", imported="b")
    graph.add_import(importer="b", imported="c")
    graph.add_import(importer="c", imported="a")
    graph.add_import(importer="c", imported="d")
    assert import_cycles(graph) == [{"a", "b", "c"}]
    assert import_cycles(graph, beside="b") == []


def test_roster_is_one_folder_per_concern():
    """At most two loose modules at roster/'s root (__init__.py, and apps.py should Django
    need it) and fewer than 15 entries there in all."""
    entries = [p for p in (ROOT / "roster").iterdir() if p.name != "__pycache__"]
    loose = sorted(p.name for p in entries if p.is_file() and p.suffix == ".py")
    assert len(loose) <= 2, loose
    assert len(entries) < 15, sorted(p.name for p in entries)
    assert {p.name for p in entries if p.is_dir()} >= {
        "project",
        "core",
        "rosters",
        "sheets",
        "games",
        "events",
        "accounts",
        "supplements",
    }
