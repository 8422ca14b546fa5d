"""The resolved calls that land on another method of a method's name, which a "no resolved
caller" answer cannot rule out (an override or sibling a call through a base type may
dispatch to, an overload picked by its arguments), and those it can (a Ruby class method's
calls, made on the class, never reach its instance twin; a Go call of a concrete type's
method never reaches another type's; a Java, C#, C++ or Rust call reaches only the
overrides below the class (or the implementations of the trait) it lands on)."""

from __future__ import annotations

from typing import NamedTuple

from brownfield.graph.facts import SINGLETON, without_overload
from brownfield.graph.store import GraphStore
from brownfield.model import Citation, Edge, EdgeKind, Node, NodeKind, Resolution
from brownfield.query.declarations import ancestors, is_bodiless
from brownfield.query.freshness import repository_root
from brownfield.query.reaching_tests import is_constructor

#: Languages whose call, resolved to a class's method by its receiver's declared type, runs
#: at most an override of it in a class deriving from that one (never an unrelated class's
#: method of the same name: Java's `Matcher.matches` never runs `Pattern.matches`); in Rust,
#: an implementation of the trait whose method it lands on (rust-csv's
#: `WriterBuilder::from_path` never runs `Reader::from_path`).
NOMINAL = frozenset({"java", "csharp", "cpp", "rust"})


class Landings(NamedTuple):
    """The resolved calls landing on a method's namesakes, sorted by what they may be to it."""

    apart: list[Edge]  # on its Ruby twin: made on the class, or on instances, never on it
    overloads: list[Edge]  # on its other overloads: picked by their arguments
    dispatched: list[Edge]  # on a method a call may dispatch from to this one
    typed: list[Edge]  # on an unrelated type's method, by the receiver's type: never this one
    ruled_out: list[Edge]  # on a method whose calls never run this one (`apart` among them)


def landings(store: GraphStore, node: Node) -> Landings:
    """For a method, the resolved calls that land on another method of the same name (an
    override, an implementation, a sibling, an overload, its Ruby twin); none else."""
    if node.kind is not NodeKind.METHOD:
        return Landings([], [], [], [], [])
    others = [i for i, kind, _ in store.definition_ids(node.name) if i != node.id]
    edges = [e for e in store.edges_into(others, [EdgeKind.CALLS]) if e.src != node.id]
    edges = sorted(edges, key=lambda e: (e.path, e.line or 0))
    # a Ruby class method and the instance method of its name are told apart by what they
    # are called on, the class or an instance: neither call reaches the other
    twin = node.id.removesuffix(SINGLETON) if node.id.endswith(SINGLETON) else node.id + SINGLETON
    apart = [e for e in edges if e.dst == twin]
    # an overload is picked by the call's arguments (a constructor's too), never dispatched
    declared = without_overload(node.id)
    overloads = [e for e in edges if e.dst != twin and without_overload(e.dst) == declared]
    # a constructor runs when its own class is made: another class's is never dispatched to
    constructs = is_constructor(node) or without_overload(node.name) == _owner_name(node)
    dispatched = (
        []
        if constructs
        else [e for e in edges if e.dst != twin and without_overload(e.dst) != declared]
    )
    candidates = dispatched
    bases = set(ancestors(store, _owner(node.id)))
    if node.language == "go":  # a Go call dispatches only through an interface's method
        dispatched = [e for e in dispatched if _through_interface(store, e.dst)]
    if node.language in NOMINAL:  # only through a method of one of its class's bases
        dispatched = [
            e
            for e in dispatched
            if _owner(e.dst) in bases or e.resolution is Resolution.UNIQUE_NAME  # a guess
        ]
    dispatched = [e for e in dispatched if _on_itself(store, e) in (None, *bases)]
    typed = [e for e in candidates if e not in dispatched]
    ruled_out = [e for e in edges if e not in overloads and e not in dispatched]
    return Landings(apart, overloads, dispatched, typed, ruled_out)


def same_name_calls(store: GraphStore, node: Node) -> tuple[str, tuple[Citation, ...]]:
    """For a method: the resolved calls that land on another method of the same name (an
    override, an implementation, a sibling), which a call through a base type may dispatch
    to or from, and apart, those landing on its other overloads (picked by their arguments,
    never dispatched); what a "no resolved caller" answer cannot rule out. The calls of its
    Ruby twin (`m~self` of `m`, or `m` of `m~self`) are named as what they are: made on the
    class, or on instances, never reaching it; so are those made on unrelated types (a Go
    concrete type's, a Java class's not deriving from its own: `typed`)."""
    apart, overloads, dispatched, typed, _ = landings(store, node)
    notes = []
    if apart:
        singleton = node.id.endswith(SINGLETON)  # its twin is the instance method
        kind, on = ("instance", "instances") if singleton else ("class", "the class")
        notes.append(
            f"; the {len(apart)} resolved call(s) of its {kind} method of the same name (e.g. "
            f"{_landing(store, apart[0])}) are made on {on} and never reach this one"
        )
    if typed:  # said, not cited: a fact's citations after the first are read as callers
        notes.append(
            f"; the {len(typed)} resolved call(s) named `{node.name}` (e.g. "
            f"{_landing(store, typed[0])}) are made on other types and never run this one"
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


def _on_itself(store: GraphStore, edge: Edge) -> str | None:
    """For a call made on the instance itself (`self.m()`, `$this->m()`, `self::m()`), the
    class it is made in or lands on, which only that class or one deriving from it answers
    (never an unrelated class's method of the name): the class of the method it lands on,
    or for an override it may run, the class of the method making it; None for any other
    call."""
    if edge.resolution is Resolution.SELF:
        return _owner(edge.dst)
    if edge.resolution is Resolution.OVERRIDE:
        made_in = store.node(_owner(edge.src))
        return made_in.id if made_in is not None and made_in.kind is NodeKind.CLASS else None
    return None


def _owner(method_id: str) -> str:
    """The id of the class holding a method (`a/B.java::B.m~2` -> `a/B.java::B`)."""
    path, _, qualname = without_overload(method_id).partition("::")
    return f"{path}::{qualname.rpartition('.')[0]}"


def _owner_name(node: Node) -> str:
    """The simple name of the class holding a method (Java's constructor `A.A` bears it)."""
    return node.qualname.rpartition(".")[0].rpartition(".")[2]


def _landing(store: GraphStore, edge: Edge) -> str:
    callee = store.nodes([edge.dst]).get(edge.dst)
    return f"{callee.qualname if callee else edge.dst} at {edge.path}:{edge.line}"
