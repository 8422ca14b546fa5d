"""Finding unresolved calls by the name they call (`f` finds `f()` and `x.f()`): no index
serves `LIKE '%.f'`, so each query scans the table, once for a batch of names."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from brownfield.model import Node, NodeKind, Unresolved

#: Names per scan: two SQL variables each, well below SQLite's limit (32766 since 3.32).
BATCH = 500


class Connection(Protocol):
    """The part of a database connection these queries use."""

    def execute(self, sql: str, parameters: Any = ..., /) -> Any: ...


def named(db: Connection, names: Sequence[str]) -> list[Unresolved]:
    """The unresolved calls whose callee, as written, is one of `names` or ends in `.NAME`
    (in `NAME` itself for a member named by a key: `this[kSend]` for `[kSend]`), by path
    and line."""
    wanted = set(names)
    found: list[Unresolved] = []
    for start in range(0, len(names), BATCH):
        batch = names[start : start + BATCH]
        likes = " OR ".join(["callee LIKE ?"] * len(batch))
        # `+path`: a scan of the table and a sort, not of the path index (a lookup per row)
        rows = db.execute(
            "SELECT src, callee, path, line, reason FROM unresolved "
            f"WHERE callee IN ({', '.join('?' * len(batch))}) OR {likes} "
            "ORDER BY +path, line, rowid",
            (*batch, *(f"%{name}" if name.startswith("[") else f"%.{name}" for name in batch)),
        )
        # LIKE's `_` matches any character and it ignores case: keep the exact endings
        found += [Unresolved(*row) for row in rows if _ends_in(row[1], wanted)]
    return sorted(found, key=lambda call: (call.path, call.line))  # stable: one batch's order


def outside(calls: list[Unresolved], bearing: Callable[[str], list[Node]]) -> list[Unresolved]:
    """The calls but those made on a capitalised name bound nowhere (`Marshal.dump`, reason
    `unknown-name`) that no repository definition bears (`bearing` a name lists the nodes
    of that name): a class or module from outside, whose methods are none of the
    repository's, so such a call reaches none of its code."""
    receivers = {r for r in map(_made_on, calls) if r is not None}
    foreign = {r for r in receivers if all(n.kind is NodeKind.EXTERNAL for n in bearing(r))}
    return [call for call in calls if _made_on(call) not in foreign]


def _made_on(call: Unresolved) -> str | None:
    """The capitalised name bound nowhere a call is made on (`Marshal` of `Marshal.dump`,
    reason `unknown-name`); None for any other call."""
    receiver, dot, member = call.callee.partition(".")
    if call.reason != "unknown-name" or not dot or "." in member or not receiver[:1].isupper():
        return None
    return receiver if receiver.isidentifier() else None


def _ends_in(callee: str, names: set[str]) -> bool:
    """Whether `callee` is one of `names` or ends in `.` and one of them, or in a keyed
    member's name (`[kSend]`) at all."""
    parts = callee.split(".")
    if any(".".join(parts[start:]) in names for start in range(len(parts))):
        return True
    keyed = callee.rfind("[")
    return keyed > 0 and callee[keyed:] in names
