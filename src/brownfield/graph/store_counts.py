"""Counting the graph for `stats` and build summaries: rows of a table by one column, and
per language the files, definitions, resolved calls and unresolved calls."""

from __future__ import annotations

from typing import Any, Protocol


class Connection(Protocol):
    """The part of a database connection counting uses."""

    def execute(self, sql: str, parameters: Any = ..., /) -> Any: ...


def count(db: Connection, table: str, group_by: str) -> dict[str, int]:
    """Row counts of a table grouped by one column (for stats and summaries)."""
    allowed = {
        "nodes": ("kind", "language"),
        "edges": ("kind", "resolution"),
        "unresolved": ("reason",),
        "files": ("status", "language"),
    }
    if group_by not in allowed.get(table, ()):
        raise ValueError(f"{table}.{group_by}")
    rows = db.execute(
        f"SELECT COALESCE({group_by}, ''), COUNT(*) FROM {table} GROUP BY 1 ORDER BY 1"
    )
    return {str(key): int(value) for key, value in rows}


def language_counts(db: Connection) -> dict[str, dict[str, int]]:
    """Per language: files, definitions, resolved calls and unresolved calls."""
    result: dict[str, dict[str, int]] = {}

    def add(rows: Any, key: str) -> None:
        for language, value in rows:
            if language is None:
                continue
            entry = result.setdefault(
                language, {"files": 0, "definitions": 0, "calls": 0, "unresolved": 0}
            )
            entry[key] = int(value)

    add(db.execute("SELECT language, COUNT(*) FROM files GROUP BY 1"), "files")
    add(
        db.execute(
            "SELECT language, COUNT(*) FROM nodes "
            "WHERE kind NOT IN ('module', 'external') GROUP BY 1"
        ),
        "definitions",
    )
    add(
        db.execute(
            "SELECT f.language, COUNT(*) FROM edges e JOIN files f ON f.path = e.path "
            "WHERE e.kind = 'calls' GROUP BY 1"
        ),
        "calls",
    )
    add(
        db.execute(
            "SELECT f.language, COUNT(*) FROM unresolved u JOIN files f ON f.path = u.path "
            "GROUP BY 1"
        ),
        "unresolved",
    )
    return result
