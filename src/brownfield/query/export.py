"""The whole graph in other formats: JSON, call-graph JSON (dotted names), DOT, Mermaid,
GraphML (for graph tools: Gephi, yEd, Cytoscape; written by networkx)."""

from __future__ import annotations

import json
import re

from brownfield.errors import UsageError
from brownfield.graph.store import GraphStore
from brownfield.model import DYNAMIC_DISPATCH, EdgeKind, Node, NodeKind

FORMATS = ("json", "callgraph-json", "dot", "mermaid", "graphml")

#: Kinds that are keys of a call-graph JSON export.
_CALLGRAPH_KEYS = (NodeKind.MODULE, NodeKind.FUNCTION, NodeKind.METHOD)


def export(store: GraphStore, fmt: str) -> str:
    """The graph rendered as `fmt`; output is sorted so that it diffs well."""
    if fmt == "json":
        return _json(store)
    if fmt == "callgraph-json":
        return json.dumps(callgraph(store), indent=2, sort_keys=True) + "\n"
    if fmt == "dot":
        return _dot(store)
    if fmt == "mermaid":
        return _mermaid(store)
    if fmt == "graphml":
        return _graphml(store)
    raise UsageError(f"unknown format {fmt!r}; use one of: {', '.join(FORMATS)}")


#: Meta that says when and where a graph was built, not what it holds: left out, so that
#: two builds of one tree export the same (and the store's identity stays in the store).
_LOCAL_META = ("built_at", "root", "store_id", "store_inode")


def _json(store: GraphStore) -> str:
    data = {
        "meta": {k: v for k, v in store.meta().items() if k not in _LOCAL_META},
        "nodes": [
            {
                "id": n.id,
                "kind": n.kind.value,
                "name": n.name,
                "qualname": n.qualname,
                "path": n.path,
                "line": n.line,
                "end_line": n.end_line,
                "language": n.language,
            }
            for n in store.all_nodes()
        ],
        "edges": [
            {
                "src": e.src,
                "dst": e.dst,
                "kind": e.kind.value,
                "path": e.path,
                "line": e.line,
                "resolution": e.resolution.value if e.resolution else None,
            }
            for e in store.all_edges()
        ],
        "unresolved": [
            {"src": u.src, "callee": u.callee, "path": u.path, "line": u.line, "reason": u.reason}
            for u in store.all_unresolved()
        ],
    }
    return json.dumps(data, indent=2, sort_keys=True) + "\n"


def callgraph(store: GraphStore) -> dict[str, list[str]]:
    """`{"pkg.mod.func": ["pkg.mod.other", "<builtin>.len", ...]}` over Python definitions.

    Keys are every module, function and method; a call made in a class body counts for
    the enclosing function or module. A call to a class names its `__init__` (when the
    class defines one, the edge already points there) and is left out otherwise. Only the
    static edges: dynamic dispatch (`override`, `dispatch`) is left out.
    """
    nodes = {node.id: node for node in store.all_nodes()}
    graph: dict[str, set[str]] = {
        node.qualname: set()
        for node in nodes.values()
        if node.kind in _CALLGRAPH_KEYS and node.language == "python"
    }
    for edge in store.all_edges():
        if edge.kind is not EdgeKind.CALLS or edge.resolution in DYNAMIC_DISPATCH:
            continue
        caller = _key_owner(nodes, edge.src)
        callee = nodes.get(edge.dst)
        if caller is None or callee is None or callee.kind is NodeKind.CLASS:
            continue
        graph.setdefault(caller.qualname, set()).add(callee.qualname)
    return {key: sorted(values) for key, values in sorted(graph.items())}


def _key_owner(nodes: dict[str, Node], node_id: str) -> Node | None:
    """The node itself, or for a class the nearest enclosing function or module."""
    node = nodes.get(node_id)
    while node is not None and node.kind is NodeKind.CLASS:
        path, _, qualname = node.id.partition("::")
        parent = qualname.rpartition(".")[0]
        node = nodes.get(f"{path}::{parent}" if parent else path)
    return node


def _graph_edges(store: GraphStore) -> tuple[list[Node], list[tuple[str, str, str]]]:
    edges = sorted(
        {(e.src, e.dst, e.kind.value) for e in store.all_edges() if e.kind is not EdgeKind.CONTAINS}
    )
    return store.all_nodes(), edges


def _dot(store: GraphStore) -> str:
    nodes, edges = _graph_edges(store)
    lines = ["digraph brownfield {", "  rankdir=LR;"]
    for node in nodes:
        shape = "box" if node.kind is NodeKind.MODULE else "ellipse"
        style = ', style="dashed"' if node.kind is NodeKind.EXTERNAL else ""
        lines.append(
            f"  {json.dumps(node.id)} [label={json.dumps(node.qualname)}, shape={shape}{style}];"
        )
    for src, dst, kind in edges:
        lines.append(f"  {json.dumps(src)} -> {json.dumps(dst)} [label={json.dumps(kind)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


#: What a Mermaid label keeps as it is; every other character becomes an entity code.
_MERMAID_PLAIN = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _.-/:,()+=*@$!?'~"
)


def mermaid_label(text: str) -> str:
    """A name as the text of a quoted Mermaid label: quotes, brackets, pipes, `#`, `<`,
    backticks and control characters as entity codes (`#quot;`, `#91;`), so that a
    hostile file name cannot close the label or add directives."""
    return "".join(
        char if char in _MERMAID_PLAIN else "#quot;" if char == '"' else f"#{ord(char)};"
        for char in text
    )


def _mermaid(store: GraphStore) -> str:
    nodes, edges = _graph_edges(store)
    short = {node.id: f"n{index}" for index, node in enumerate(nodes)}
    lines = ["graph LR"]
    for node in nodes:
        lines.append(f'  {short[node.id]}["{mermaid_label(node.qualname)}"]')
    arrows = {"calls": "-->", "imports": "-.->", "inherits": "==>"}
    for src, dst, kind in edges:
        if src in short and dst in short:
            lines.append(f"  {short[src]} {arrows.get(kind, '-->')}|{kind}| {short[dst]}")
    return "\n".join(lines) + "\n"


#: What XML 1.0 cannot hold at all, even escaped (a file name may hold any of them).
_NOT_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml_text(text: str) -> str:
    """`text` with each character XML cannot hold written as `\\xNN` (or `\\uNNNN`)."""
    return _NOT_XML.sub(
        lambda m: f"\\x{ord(m[0]):02x}" if ord(m[0]) < 0x100 else f"\\u{ord(m[0]):04x}", text
    )


def _graphml(store: GraphStore) -> str:
    """Nodes with their qualified name, kind, path and line; edges with their kind (calls,
    imports, inherits, ...; a pair of nodes may have several)."""
    import networkx  # loaded for this format only: its import costs about 120 ms

    nodes, edges = _graph_edges(store)
    graph = networkx.MultiDiGraph()
    for node in nodes:
        graph.add_node(
            _xml_text(node.id),
            qualname=_xml_text(node.qualname),
            kind=node.kind.value,
            path=_xml_text(node.path or ""),
            line=node.line or 0,
        )
    for src, dst, kind in edges:
        graph.add_edge(_xml_text(src), _xml_text(dst), kind=kind)
    return "\n".join(networkx.generate_graphml(graph)) + "\n"
