"""A touchpoint's own code as a fact: its signature as its file writes it, and what it
calls in the repository's production code."""

from __future__ import annotations

import re

from brownfield.graph.roles import is_production
from brownfield.graph.store import GraphStore
from brownfield.model import Citation, Edge, EdgeKind, Fact, Node, NodeKind
from brownfield.query.context import Touchpoint
from brownfield.query.evidence import definition_citation
from brownfield.query.freshness import file_lines, repository_root, stale_paths

MAX_CALLEES = 8  # definitions named per touchpoint that it calls
MAX_HEADER_LINES = 40  # lines read for a definition's signature
MAX_SIGNATURE = 400  # characters of a signature shown


def own_code_fact(store: GraphStore, touchpoint: Touchpoint) -> Fact | None:
    """A function's or method's signature as its file writes it now, and what it calls in
    the repository's production code (each callee once, in the order of its first call,
    cited there): what a change to it keeps or extends and works with. None for other
    definitions, and when neither is found."""
    node = touchpoint.node
    if node.kind not in (NodeKind.FUNCTION, NodeKind.METHOD):
        return None
    header = signature(store, node)
    called = callees(store, node)
    if header is None and not called:
        return None
    shown = called[:MAX_CALLEES]
    parts = [f"is declared `{header}`"] if header is not None else []
    if shown:
        more = len(called) - len(shown)
        parts.append(
            "calls "
            + ", ".join(f"{c.symbol} ({c})" for c in shown)
            + (f"; {more} more not shown" if more > 0 else "")
        )
    return Fact(
        "callees",
        node.qualname,
        f"{node.qualname} ({node.path}:{node.line}) " + " and ".join(parts) + ".",
        (definition_citation(node), *shown),
    )


def callees(store: GraphStore, node: Node) -> list[Citation]:
    """The production definitions `node` calls, each cited at its first call (the callee's
    name as the citation's symbol), in the order of those calls."""
    first: dict[str, Edge] = {}
    for edge in sorted(
        store.edges_out_of([node.id], [EdgeKind.CALLS]), key=lambda e: (e.line or 0, e.dst)
    ):
        first.setdefault(edge.dst, edge)
    targets = store.nodes(first)
    return [
        Citation(edge.path, edge.line or 1, None, targets[dst].qualname)
        for dst, edge in first.items()
        if dst in targets and dst != node.id and is_production(targets[dst].path, dst)
    ]


def signature(store: GraphStore, node: Node) -> str | None:
    """A definition's signature as its file writes it, on one line, at most MAX_SIGNATURE
    characters (see `_header`); None when no parameter list is found there, or the file
    cannot be read or changed since the graph was built (its lines may have moved)."""
    if not node.path or not node.line or stale_paths(store, [node.path]):
        return None
    text = file_lines(repository_root(store), node.path)
    if text is None:
        return None
    lines = [
        _COMMENT_TAIL.sub("", line)
        for line in text[node.line - 1 : node.line - 1 + MAX_HEADER_LINES]
    ]
    if node.language == "ruby" and lines and "(" not in lines[0]:  # `def shift`, `def add msg`
        return " ".join(lines[0].split()) or None
    header = _header("\n".join(lines))
    if header is None or len(header) <= MAX_SIGNATURE:
        return header
    return header[: MAX_SIGNATURE - 3] + "..."


_COMMENT_TAIL = re.compile(r"\s+(?:#|//)[^\"'`]*$")  # a line's comment (not in a string)


def _header(text: str) -> str | None:
    """A definition's text (decorators and annotations left out) once its parenthesized
    groups are closed (a Go method's receiver and parameters both), up to the body's
    opening (`{`, `=>`, Python's `:` ending the line) or the end of that line, on one line;
    an arrow function's lone parameter needs no parentheses (`const f = range => {`)."""
    lines = text.split("\n")
    while lines and lines[0].lstrip().startswith("@"):
        lines.pop(0)
    text = "\n".join(lines) + "\n"
    depth, closed = 0, False
    for at, character in enumerate(text):
        if character == "(":
            depth += 1
        elif character == ")":
            depth -= 1
            closed = closed or depth == 0
        elif depth == 0 and (closed or text.startswith("=>", at)) and _opens_body(text, at):
            flat = " ".join(text[:at].split())  # "( self, a, )": "(self, a)"
            return flat.replace("( ", "(").replace(" )", ")").replace(",)", ")")
    return None


def _opens_body(text: str, at: int) -> bool:
    """Whether a definition's header ends at `at`: a line's end, `{`, `=>`, or a `:` that
    ends its line (Python's; a `:` before a return type does not)."""
    if text[at] in "\n{" or text.startswith("=>", at):
        return True
    return text[at] == ":" and not text[at + 1 : text.index("\n", at)].strip()
