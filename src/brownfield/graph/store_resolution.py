"""Whether a file's stored resolution is already what resolving it again produced: an
incremental build resolves again every file that consulted something that changed (a
hundred files for a one-file edit of the standard library), most of them to the very same
rows, which are then left as they are instead of deleted and written again."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from brownfield.graph.facts import EdgeRow
from brownfield.model import Unresolved


class Connection(Protocol):
    def execute(self, sql: str, parameters: Any = ..., /) -> Any: ...


def is_stored(
    db: Connection,
    path: str,
    edges: Sequence[EdgeRow],
    unresolved: Sequence[Unresolved],
    deps: Iterable[str],
) -> bool:
    """Whether the rows stored for `path` are exactly these (the edges in their order,
    which the order of a class's bases needs: see `inherits`)."""
    stored = {key for (key,) in db.execute("SELECT key FROM deps WHERE path = ?", (path,))}
    if stored != set(deps):
        return False
    rows = "SELECT src, dst, kind, line, resolution FROM edges WHERE path = ? ORDER BY rowid"
    if db.execute(rows, (path,)).fetchall() != [tuple(edge) for edge in edges]:
        return False
    rows = "SELECT src, callee, line, reason FROM unresolved WHERE path = ?"
    return Counter(db.execute(rows, (path,))) == Counter(
        (u.src, u.callee, u.line, u.reason) for u in unresolved
    )


def inherits(db: Connection, path: str | None = None) -> list[tuple[str, str, str, bool]]:
    """The `inherits` edges stored for `path` (for every file when None), in the order they
    were found (a class order depends on the order of its bases): (path, class, base,
    whether the edge is of the class's first definition, which its node's line is)."""
    rows = (
        "SELECT e.path, e.src, e.dst, e.line = n.line FROM edges e LEFT JOIN nodes n"
        " ON n.id = e.src WHERE e.kind = 'inherits'"
    )
    if path is None:
        found = db.execute(rows + " ORDER BY e.rowid")
    else:
        found = db.execute(rows + " AND e.path = ? ORDER BY e.rowid", (path,))
    return [(where, src, dst, bool(first)) for where, src, dst, first in found]
