"""The unresolved calls that may reach a definition: those carrying its name (`f()`,
`x.f()`), but its own call through `super`, which reaches a base's method, never itself,
and, for a method of a language whose methods are called on a receiver only, a bare call
(`f()`), which calls a function."""

from __future__ import annotations

from brownfield.graph.store import GraphStore
from brownfield.model import EdgeKind, Node, NodeKind, Unresolved

#: Languages whose methods are only ever called on a receiver (`self.f()`, `$this->f()`,
#: `x.f()`): a bare `f()` there is a function's call. Not Ruby, Java, C#, C++, whose
#: methods call each other by their bare names.
RECEIVER_ONLY = frozenset({"python", "javascript", "typescript", "tsx", "go", "rust", "php"})


#: Languages where what a file exports as a whole (`module.exports = function ...`) is a
#: definition named `exports`, called by the name each file requiring it binds it to.
WHOLE_EXPORTS = frozenset({"javascript", "typescript", "tsx"})


def call_names(store: GraphStore, node: Node) -> tuple[str, ...]:
    """The names a call of `node` carries: its own; for what a JavaScript or TypeScript
    file exports as a whole (`exports`), also those the files requiring it bind it to (qs's
    `var stringify = require('./stringify')`, called as `qs.stringify(...)`)."""
    if node.name != "exports" or node.language not in WHOLE_EXPORTS or not node.path:
        return (node.name,)
    bound: list[str] = []
    for edge in store.edges_into([node.path], [EdgeKind.IMPORTS]):
        for fact in store.imports(edge.path):
            alias = fact.alias if fact.name in (None, "default") else None
            if fact.line == edge.line and alias and alias not in bound:
                bound.append(alias)
    return (node.name, *sorted(bound))


def possible_calls(store: GraphStore, node: Node) -> list[Unresolved]:
    """The unresolved calls that may reach `node` (none for a module, which is not called):
    those carrying one of its `call_names`."""
    if node.kind in (NodeKind.MODULE, NodeKind.EXTERNAL):
        return []
    bare_is_none = node.kind is NodeKind.METHOD and node.language in RECEIVER_ONLY
    return [
        call
        for call in store.unresolved_named(*call_names(store, node))
        if not (call.src == node.id and call.callee.startswith("super"))
        and not (bare_is_none and call.callee == node.name)
    ]
