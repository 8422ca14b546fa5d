"""A touchpoint's counterpart: the definition named for the opposite operation
(`writeHeader` and `readHeader`, `encode` and `decode`, `GZIPOutputStream` and
`GZIPInputStream`). What one writes the other reads back: a change to the format of one is
a change to the other, and an engineer brings it up."""

from __future__ import annotations

import itertools
import re

from brownfield.graph.roles import is_production
from brownfield.graph.store import GraphStore
from brownfield.graph.thesaurus import OPPOSITE_OPERATIONS
from brownfield.model import Fact, Node, NodeKind
from brownfield.query.context import Touchpoint
from brownfield.query.evidence import definition_citation
from brownfield.query.own_code import callees

_OPPOSITES: dict[str, tuple[str, ...]] = {}
for _a, _b in OPPOSITE_OPERATIONS:  # both ways
    _OPPOSITES[_a] = (*_OPPOSITES.get(_a, ()), _b)
    _OPPOSITES[_b] = (*_OPPOSITES.get(_b, ()), _a)
#: A name's words with their case: `writeHeader` -> write, Header; `GZIPOutputStream` ->
#: GZIP, Output, Stream; `read_header` -> read, _, header.
_PART = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+|[^A-Za-z0-9]+")
MAX_CALLEES = 8  # what the counterpart calls, shown
MAX_SWAPPED = 3  # operation words swapped in one name, at most


def opposites(name: str) -> list[str]:
    """The name with each operation word swapped for one of its opposites, in the same
    case, each way of swapping (none when it holds no operation word)."""
    parts = _PART.findall(name)
    if sum(part.lower() in _OPPOSITES for part in parts) > MAX_SWAPPED:
        return []  # (no operation's name holds more; the ways of swapping would multiply)
    choices = [
        [_cased(o, part) for o in _OPPOSITES.get(part.lower(), ())] or [part] for part in parts
    ]
    return [n for n in map("".join, itertools.product(*choices)) if n != name]


def _cased(word: str, like: str) -> str:
    if like.isupper() and len(like) > 1:
        return word.upper()
    return word.capitalize() if like[:1].isupper() else word


def counterpart(store: GraphStore, node: Node) -> Node | None:
    """The production definition named for the opposite of `node`: the one whose qualified
    name is `node`'s swapped (`GZIPOutputStream.writeHeader` -> `GZIPInputStream.readHeader`),
    else the one definition of the swapped name in its file, else in the repository."""
    if node.kind not in (NodeKind.FUNCTION, NodeKind.METHOD, NodeKind.CLASS):
        return None
    names = opposites(node.name)
    found = [
        other
        for name in names
        for other in store.nodes_where("name", name)
        if other.kind is node.kind and is_production(other.path, other.id)
    ]
    # each part of the qualified name, or one named for its opposite
    allowed = [{part, *opposites(part)} for part in node.qualname.split(".")]

    def mirrored(other: Node) -> bool:
        theirs = other.qualname.split(".")
        return len(theirs) == len(allowed) and all(
            b in ok for ok, b in zip(allowed, theirs, strict=True)
        )

    for pick in (
        [n for n in found if mirrored(n)],
        [n for n in found if n.path == node.path],
        found,
    ):
        if len(pick) == 1:
            return pick[0]
    return None


def counterpart_fact(store: GraphStore, touchpoint: Touchpoint) -> Fact | None:
    """That a touchpoint has a counterpart named for the opposite operation, and what the
    counterpart calls (how it reads what the touchpoint writes)."""
    node = touchpoint.node
    other = counterpart(store, node)
    if other is None:
        return None
    called = [c for c in callees(store, other) if c.symbol != node.qualname][:MAX_CALLEES]
    listed = ", ".join(f"{c.symbol} ({c})" for c in called)
    calls = f"; {other.qualname} calls {listed}" if called else ""
    return Fact(
        "counterpart",
        node.qualname,
        f"{other.qualname} ({other.path}:{other.line}) is named for the opposite of "
        f"{node.qualname} ({node.path}:{node.line}): what one produces, the other may "
        f"take back in, so a change to one may need the other{calls}.",
        (definition_citation(other), definition_citation(node), *called),
    )
