"""No import cycles between the modules of brikwars_gui (docs/architecture.md): the module graph is
built with grimp (the library import-linter uses); imports under `if TYPE_CHECKING:` are left out
(no dependency at run time), imports inside functions count. A failure names each cycle."""

from __future__ import annotations

import grimp

Graph = dict[str, set[str]]


def import_graph() -> Graph:
    graph = grimp.build_graph("brikwars_gui", exclude_type_checking_imports=True, cache_dir=None)
    return {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}


def strongly_connected(graph: Graph) -> list[list[str]]:
    """Tarjan's components of more than one module (iterative: no recursion limit)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def one_cycle(graph: Graph, component: list[str]) -> list[str]:
    """A shortest cycle through the component's first module, as the modules in import order."""
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & members):
                if child == start:
                    return [*paths[node], start]
                if child not in paths:
                    paths[child] = [*paths[node], child]
                    following.append(child)
        frontier = following
    raise AssertionError(f"no cycle through {start}")  # a component always has one


def describe(graph: Graph) -> list[str]:
    return [" -> ".join(one_cycle(graph, c)) for c in strongly_connected(graph)]


def test_the_cycle_finder_names_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert describe(graph) == ["a -> b -> c -> a"]


def test_brikwars_gui_has_no_import_cycles() -> None:
    assert describe(import_graph()) == []
