"""How a class nothing constructs is used: the resolved calls its members receive from
outside it (a class of static methods), which a "no resolved caller" answer about the class
should say rather than leave to where its name is written."""

from __future__ import annotations

from brownfield.graph.store import GraphStore
from brownfield.model import DYNAMIC_DISPATCH, EdgeKind, Node, NodeKind


def members_called(store: GraphStore, node: Node, constructors: list[str]) -> str:
    """For a class nothing constructs: the resolved calls of its other members from outside
    it (a class of static methods, jdk.httpserver's `ServerConfig.getIdleInterval()`), said,
    not cited (a fact's later citations are read as its callers); "" when none. A call
    through an interface that may dispatch to one of them (net/http's `rt.RoundTrip(req)`
    for a test's `RoundTripper`) is none: it says nothing of the class being used."""
    if node.kind is not NodeKind.CLASS:
        return ""
    inside = f"{node.id}."
    members = [
        e.dst
        for e in store.edges_out_of([node.id], [EdgeKind.CONTAINS])
        if e.dst not in constructors
    ]
    edges = sorted(
        (
            e
            for e in store.edges_into(members, [EdgeKind.CALLS])
            if e.src != node.id
            and not e.src.startswith(inside)
            and e.resolution not in DYNAMIC_DISPATCH  # a call that may reach it, or not
        ),
        key=lambda e: (e.path, e.line or 0),
    )
    if not edges:
        return ""
    first = store.node(edges[0].dst)
    return (
        f"; but its members are called from {len(edges)} place(s) outside it, e.g. "
        f"{first.qualname if first else edges[0].dst} at {edges[0].path}:{edges[0].line}"
    )
