"""The unresolved calls that may reach a definition: those carrying its name (`f()`,
`x.f()`), but its own call through `super`, which reaches a base's method, never itself,
and, for a method of a language whose methods are called on a receiver only, a bare call
(`f()`), which calls a function."""

from __future__ import annotations

from brownfield.graph.store import GraphStore
from brownfield.model import Node, NodeKind, Unresolved

#: Languages whose methods are only ever called on a receiver (`self.f()`, `$this->f()`,
#: `x.f()`): a bare `f()` there is a function's call. Not Ruby, Java, C#, C++, whose
#: methods call each other by their bare names.
RECEIVER_ONLY = frozenset({"python", "javascript", "typescript", "tsx", "go", "rust", "php"})


def possible_calls(store: GraphStore, node: Node) -> list[Unresolved]:
    """The unresolved calls that may reach `node` (none for a module, which is not called)."""
    if node.kind in (NodeKind.MODULE, NodeKind.EXTERNAL):
        return []
    bare_is_none = node.kind is NodeKind.METHOD and node.language in RECEIVER_ONLY
    return [
        call
        for call in store.unresolved_named(node.name)
        if not (call.src == node.id and call.callee.startswith("super"))
        and not (bare_is_none and call.callee == node.name)
    ]
