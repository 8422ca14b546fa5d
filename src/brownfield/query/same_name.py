"""The resolved calls that land on another method of a method's name, which a "no resolved
caller" answer cannot rule out (an override or sibling a call through a base type may
dispatch to, an overload picked by its arguments), and those it can (a Ruby class method's
calls, made on the class, never reach its instance twin; a Go call of a concrete type's
method never reaches another type's)."""

from __future__ import annotations

from brownfield.graph.facts import SINGLETON, without_overload
from brownfield.graph.store import GraphStore
from brownfield.model import Citation, Edge, EdgeKind, Node, NodeKind
from brownfield.query.declarations import is_bodiless
from brownfield.query.freshness import repository_root
from brownfield.query.reaching_tests import is_constructor


def same_name_calls(store: GraphStore, node: Node) -> tuple[str, tuple[Citation, ...]]:
    """For a method: the resolved calls that land on another method of the same name (an
    override, an implementation, a sibling), which a call through a base type may dispatch
    to or from, and apart, those landing on its other overloads (picked by their arguments,
    never dispatched); what a "no resolved caller" answer cannot rule out. The calls of its
    Ruby twin (`m~self` of `m`, or `m` of `m~self`) are named as what they are: made on the
    class, or on instances, never reaching it."""
    if node.kind is not NodeKind.METHOD:
        return "", ()
    others = [i for i, kind, _ in store.definition_ids(node.name) if i != node.id]
    edges = [e for e in store.edges_into(others, [EdgeKind.CALLS]) if e.src != node.id]
    if not edges:
        return "", ()
    edges = sorted(edges, key=lambda e: (e.path, e.line or 0))
    # a Ruby class method and the instance method of its name are told apart by what they
    # are called on, the class or an instance: neither call reaches the other
    twin = node.id.removesuffix(SINGLETON) if node.id.endswith(SINGLETON) else node.id + SINGLETON
    apart = [e for e in edges if e.dst == twin]
    edges = [e for e in edges if e.dst != twin]
    # an overload is picked by the call's arguments (a constructor's too), never dispatched
    declared = without_overload(node.id)
    overloads = [e for e in edges if without_overload(e.dst) == declared]
    # a constructor runs when its own class is made: another class's is never dispatched to
    constructs = is_constructor(node) or without_overload(node.name) == _owner_name(node)
    dispatched = [] if constructs else [e for e in edges if without_overload(e.dst) != declared]
    if node.language == "go":  # a Go call dispatches only through an interface's method
        dispatched = [e for e in dispatched if _through_interface(store, e.dst)]
    notes = []
    if apart:
        kind, on = ("instance", "instances") if twin == declared else ("class", "the class")
        notes.append(
            f"; the {len(apart)} resolved call(s) of its {kind} method of the same name (e.g. "
            f"{_landing(store, apart[0])}) are made on {on} and never reach this one"
        )
    if overloads:
        notes.append(
            f"; but {len(overloads)} resolved call(s) land on its other overloads (e.g. "
            f"{_landing(store, overloads[0])}), which the graph tells apart by their number of "
            "arguments and the types they show: some may be calls of this one"
        )
    if dispatched:
        notes.append(
            f"; {'and' if overloads else 'but'} {len(dispatched)} resolved call(s) land on "
            f"other methods named `{node.name}` (e.g. {_landing(store, dispatched[0])}): "
            "through dynamic dispatch some may reach this one"
        )
    shown = (overloads[:3] + dispatched + apart)[:3]
    return "".join(notes), tuple(Citation(e.path, e.line or 1, None, node.name) for e in shown)


def _through_interface(store: GraphStore, method_id: str) -> bool:
    """Whether a Go call landing on this method may run another type's: the method of an
    interface (declared without a body), not of a concrete type (httputil's
    `ClientConn.Read`, called on a `*ClientConn`, never runs `ServerConn.Read`)."""
    method = store.node(method_id)
    return method is None or is_bodiless(repository_root(store), method)


def _owner_name(node: Node) -> str:
    """The simple name of the class holding a method (Java's constructor `A.A` bears it)."""
    return node.qualname.rpartition(".")[0].rpartition(".")[2]


def _landing(store: GraphStore, edge: Edge) -> str:
    callee = store.nodes([edge.dst]).get(edge.dst)
    return f"{callee.qualname if callee else edge.dst} at {edge.path}:{edge.line}"
