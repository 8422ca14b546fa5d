"""The store's rows read back, checked: a trusted store (its own root and id) may still hold
values no build writes (a kind no enumeration has, a text line number, a blob name), and
such a value is damage, raised as SQLite's own so that the store boundary turns it into
one line naming the recovery (`store_errors`), never a traceback further on."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any, TypeVar

from brownfield.model import Edge, EdgeKind, Node, NodeKind, Resolution

#: The types a column of a row read back may hold (`checked`).
TEXT = (str,)
OPTIONAL_TEXT = (str, type(None))
OPTIONAL_INT = (int, type(None))
NUMBER = (int, float)

_NODE_ROW = (TEXT, TEXT, TEXT, TEXT, OPTIONAL_TEXT, OPTIONAL_INT, OPTIONAL_INT, OPTIONAL_TEXT)
_EDGE_ROW = (TEXT, TEXT, TEXT, TEXT, OPTIONAL_INT, OPTIONAL_TEXT)


def checked(row: Sequence[Any], shape: Sequence[tuple[type, ...]], what: str) -> Sequence[Any]:
    """`row` when each of its values has its column's type in `shape`; otherwise the store
    was written by something else than a build (a text line number, a blob name, a NULL
    where a build writes text), reported as damaged content like SQLite's own."""
    if len(row) != len(shape) or not all(map(isinstance, row, shape)):
        raise sqlite3.DatabaseError(f"a {what} row holds a value of the wrong type")
    return row


def node(row: Sequence[Any]) -> Node:
    """A `nodes` row (`SELECT *`) as a node."""
    row = checked(row, _NODE_ROW, "node")
    return Node(row[0], _member(NodeKind, row[1]), row[2], row[3], row[4], row[5], row[6], row[7])


def edge(row: Sequence[Any]) -> Edge:
    """An `edges` row (src, dst, kind, path, line, resolution) as an edge."""
    row = checked(row, _EDGE_ROW, "edge")
    return Edge(
        row[0],
        row[1],
        _member(EdgeKind, row[2]),
        row[3],
        row[4],
        _member(Resolution, row[5]) if row[5] else None,
    )


_E = TypeVar("_E", NodeKind, EdgeKind, Resolution)


def _member(kind: type[_E], value: str) -> _E:
    """The member of an enumeration a stored value names; a value no build writes is damage."""
    try:
        return kind(value)
    except ValueError:
        raise sqlite3.DatabaseError(f"an unknown {kind.__name__} {value!r}") from None
