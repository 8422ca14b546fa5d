"""Walks over the graph: callers, callees, and what depends on a file, to a depth.

A callers or callees answer says how complete it is: the calls that may reach the
definition only through dynamic dispatch (`override`, `dispatch`) are listed apart from
the static ones, and the unresolved call sites that share the definition's name (for
callers) or that the definition makes (for callees) are counted, and listed on request."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from brownfield.errors import SymbolError, UsageError
from brownfield.graph.store import GraphStore
from brownfield.model import (
    CONFIDENCE_ORDER,
    DYNAMIC_DISPATCH,
    Citation,
    Edge,
    EdgeKind,
    Node,
    Resolution,
    Unresolved,
)
from brownfield.query.declarations import outside_bases
from brownfield.query.exports import exported_by
from brownfield.query.freshness import stale_paths
from brownfield.query.possible_calls import call_names, possible_calls
from brownfield.query.symbols import expand_targets, find_symbol

#: The deepest walk asked for: far beyond any real call chain, small enough that every
#: loop over distances stays instant (a larger depth is a usage error).
MAX_DEPTH = 1000


def check_depth(depth: int) -> int:
    """`depth` if it is between 0 and `MAX_DEPTH`; a `UsageError` otherwise."""
    if depth < 0:
        raise UsageError(f"depth must be 0 or more, not {depth}")
    if depth > MAX_DEPTH:
        raise UsageError(f"depth must be at most {MAX_DEPTH}, not {depth}")
    return depth


@dataclass(frozen=True)
class Hop:
    """One edge reached by a walk: `node` is `distance` hops from the start, through `via`."""

    distance: int
    node: Node
    via: str
    relation: EdgeKind
    site: Citation | None
    resolution: Resolution | None

    def to_json(self) -> dict[str, Any]:
        return {
            "distance": self.distance,
            "id": self.node.id,
            "symbol": self.node.qualname,
            "kind": self.node.kind.value,
            "path": self.node.path,
            "line": self.node.line,
            "relation": self.relation.value,
            "via": self.via,
            "site": None if self.site is None else str(self.site),
            "resolution": None if self.resolution is None else self.resolution.value,
        }


@dataclass
class Completeness:
    """What a callers/callees answer may be missing: unresolved call sites that share the
    definition's name (callers) or that it makes (callees); `sites` only when asked for."""

    name: str  # the name the unresolved calls were matched on ("" for callees)
    count: int
    sites: list[Unresolved] | None = None
    #: callers: the bases from outside the repository whose code may call the method, which
    #: says it overrides one of theirs (`declarations.outside_bases`)
    outside: list[str] = field(default_factory=list)
    #: callers: the Go, Java or Python package or Rust crate that exports the function to
    #: code outside the repository (`exports.exported_by`), "" for none
    exported: str = ""
    #: callers: every name the unresolved calls were matched on, `name` first (what a
    #: JavaScript file exports as a whole, `exports`, is called by the names its importers
    #: bind it to: `possible_calls.call_names`)
    names: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "names": self.names or ([self.name] if self.name else []),
            "count": self.count,
            "outside": self.outside,
            "exported": self.exported or None,
            "sites": [
                {"src": u.src, "callee": u.callee, "site": f"{u.path}:{u.line}", "reason": u.reason}
                for u in self.sites or []
            ],
        }


@dataclass
class WalkResult:
    """The answer to a walk, with the graph's freshness for every file it touches."""

    query: str
    start: list[Node]
    depth: int
    hops: list[Hop] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    snapshot: str = ""
    file: dict[str, Any] | None = None  # for `graph query --file`: path, parse_status, missing
    unresolved: Completeness | None = None  # for callers and callees

    @property
    def static(self) -> list[Hop]:
        """The hops through edges that name their target."""
        return [hop for hop in self.hops if hop.resolution not in DYNAMIC_DISPATCH]

    @property
    def dispatch(self) -> list[Hop]:
        """The hops through dynamic dispatch (an override, an interface's implementation)."""
        return [hop for hop in self.hops if hop.resolution in DYNAMIC_DISPATCH]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "query": self.query,
            "depth": self.depth,
            "start": [node_json(node) for node in self.start],
            "results": [hop.to_json() for hop in self.static],
            "stale": self.stale,
            "snapshot": self.snapshot,
        }
        if self.unresolved is not None:
            data["dispatch"] = [hop.to_json() for hop in self.dispatch]
            data["unresolved"] = self.unresolved.to_json()
        elif self.dispatch:
            data["results"] = [hop.to_json() for hop in self.hops]
        if self.file is not None:
            data["file"] = self.file
        return data


def node_json(node: Node) -> dict[str, Any]:
    return {
        "id": node.id,
        "symbol": node.qualname,
        "kind": node.kind.value,
        "path": node.path,
        "line": node.line,
        "end_line": node.end_line,
    }


def allowed_resolutions(min_confidence: str | None) -> set[Resolution | None]:
    """The resolutions at least as confident as `min_confidence` (all when None)."""
    if min_confidence is None:
        return {None, *Resolution}
    try:
        floor = Resolution(min_confidence)
    except ValueError:
        names = ", ".join(r.value for r in CONFIDENCE_ORDER)
        raise UsageError(f"unknown confidence {min_confidence!r}; use one of: {names}") from None
    return {None, *CONFIDENCE_ORDER[: CONFIDENCE_ORDER.index(floor) + 1]}


def walk(
    store: GraphStore,
    start_ids: Sequence[str],
    depth: int,
    kinds: Sequence[EdgeKind],
    backwards: bool,
    min_confidence: str | None,
    report_start: bool = True,
) -> list[Hop]:
    """The edges reached from `start_ids` to `depth` hops, each node once at its shortest
    distance. A start node reached by an edge (a recursive call) is reported too, unless
    `report_start` is false, but never walked again."""
    check_depth(depth)
    allowed = allowed_resolutions(min_confidence)
    walked = set(start_ids)
    seen = set() if report_start else set(walked)
    frontier = sorted(walked)
    found: list[tuple[int, Edge, str]] = []
    for distance in range(1, depth + 1):
        if not frontier:
            break
        edges = (
            store.edges_into(frontier, kinds) if backwards else store.edges_out_of(frontier, kinds)
        )
        reached: set[str] = set()
        for edge in edges:
            if edge.resolution not in allowed:
                continue
            other = edge.src if backwards else edge.dst
            if other in seen:
                continue
            reached.add(other)
            found.append((distance, edge, other))
        seen |= reached
        frontier = sorted(reached - walked)
        walked |= reached
    nodes = store.nodes(other for _, _, other in found)
    hops = []
    for distance, edge, other in found:
        node = nodes.get(other)
        if node is None:
            continue
        via = edge.dst if backwards else edge.src
        site = Citation(edge.path, edge.line, None, None) if edge.path and edge.line else None
        hops.append(Hop(distance, node, via, edge.kind, site, edge.resolution))
    return sorted(hops, key=lambda hop: (hop.distance, hop.node.id, hop.site or Citation("", 0)))


def _result(
    store: GraphStore, query: str, start: list[Node], depth: int, hops: list[Hop]
) -> WalkResult:
    paths = {node.path for node in start if node.path}
    paths |= {hop.node.path for hop in hops if hop.node.path}
    paths |= {hop.site.path for hop in hops if hop.site}
    return WalkResult(
        query=query,
        start=start,
        depth=depth,
        hops=hops,
        stale=stale_paths(store, paths),
        snapshot=store.meta().get("snapshot", ""),
    )


def callers(
    store: GraphStore,
    symbol: str,
    depth: int = 1,
    min_confidence: str | None = None,
    possible: bool = False,
) -> WalkResult:
    """Who calls `symbol`, transitively to `depth`, with every call site; and how many
    unresolved calls share its name (the sites themselves when `possible`)."""
    node = find_symbol(store, symbol)
    hops = walk(store, expand_targets(store, node), depth, [EdgeKind.CALLS], True, min_confidence)
    result = _result(store, "callers", [node], depth, hops)
    same_name = possible_calls(store, node)
    outside = outside_bases(store, node)
    exported = exported_by(store, node)
    result.unresolved = Completeness(
        node.name,
        len(same_name),
        same_name if possible else None,
        outside,
        exported,
        list(call_names(store, node)),
    )
    return result


def callees(
    store: GraphStore,
    symbol: str,
    depth: int = 1,
    min_confidence: str | None = None,
    possible: bool = False,
) -> WalkResult:
    """What `symbol` calls, transitively to `depth`, with every call site; and how many of
    its own calls are unresolved (the sites themselves when `possible`)."""
    node = find_symbol(store, symbol)
    hops = walk(store, [node.id], depth, [EdgeKind.CALLS], False, min_confidence)
    result = _result(store, "callees", [node], depth, hops)
    made = store.unresolved_from(node.path, [node.id]) if node.path else []
    result.unresolved = Completeness("", len(made), made if possible else None)
    return result


DEPENDENCY_KINDS = (EdgeKind.CALLS, EdgeKind.IMPORTS, EdgeKind.INHERITS)


def file_query(store: GraphStore, rel_path: str, depth: int = 2) -> WalkResult:
    """A file's definitions, then everything that calls, imports or subclasses them."""
    definitions = store.nodes_where("path", rel_path)
    row = store.file_row(rel_path)
    hops = walk(store, [n.id for n in definitions], depth, DEPENDENCY_KINDS, True, None)
    result = _result(store, "file", definitions, depth, hops)
    result.file = {
        "path": rel_path,
        "missing": row is None,
        "parse_status": None if row is None else row.status,
        "stale": rel_path in result.stale,
    }
    return result


def dependents(store: GraphStore, rel_path: str, depth: int = 1) -> WalkResult:
    """What depends on a file (calls into it, imports it, subclasses its classes), to `depth`."""
    return _file_walk(store, rel_path, depth, backwards=True)


def dependencies(store: GraphStore, rel_path: str, depth: int = 1) -> WalkResult:
    """What a file depends on (what its code calls, imports or subclasses), to `depth`."""
    return _file_walk(store, rel_path, depth, backwards=False)


def _file_walk(store: GraphStore, rel_path: str, depth: int, backwards: bool) -> WalkResult:
    """A walk over files: each reached file once, cited by its first edge."""
    check_depth(depth)
    start = store.node(rel_path)
    if start is None:
        raise SymbolError(rel_path, f"file not in the graph: {rel_path}")
    hops: list[Hop] = []
    seen = {rel_path}
    frontier = [rel_path]
    for distance in range(1, depth + 1):
        ids = [node.id for path in frontier for node in store.nodes_where("path", path)]
        reached: dict[Edge, str | None]
        if backwards:
            edges = store.edges_into(ids, DEPENDENCY_KINDS)
            reached = {edge: edge.path for edge in edges}
        else:
            edges = store.edges_out_of(ids, DEPENDENCY_KINDS)
            targets = store.nodes(edge.dst for edge in edges)
            reached = {edge: targets[edge.dst].path for edge in edges if edge.dst in targets}
        new: dict[str, Edge] = {}
        for edge, path in sorted(reached.items()):
            if path is not None and path not in seen and path not in new:
                new[path] = edge
        modules = store.nodes(new)
        for path, edge in sorted(new.items()):
            if path in modules:
                via = edge.dst if backwards else edge.src
                site = Citation(edge.path, edge.line or 1)
                hops.append(Hop(distance, modules[path], via, edge.kind, site, edge.resolution))
        seen |= set(new)
        frontier = sorted(new)
        if not frontier:
            break
    return _result(store, "dependents" if backwards else "dependencies", [start], depth, hops)
