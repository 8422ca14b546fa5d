"""Opening SQLite connections to a graph store: read-write with write-ahead logging for a
build, read-only (immutable in a read-only folder) for queries; and reading an existing
store's schema version without trusting it."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from brownfield.graph.store_home import db_path
from brownfield.graph.store_schema import SCHEMA_VERSION


def connect(path: Path, writable: bool) -> sqlite3.Connection:
    """A connection to an existing store: read-write with write-ahead logging for a build;
    read-only for queries, falling back to an immutable open when the folder is read-only
    (no writer can be at work there, and SQLite cannot make its shared-memory file)."""
    if writable:
        connection = sqlite3.connect(path, timeout=30, isolation_level=None)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
        return connection
    uri = path.absolute().as_uri() + "?mode=ro"  # (`as_uri` takes no relative path)
    connection = sqlite3.connect(uri, uri=True, timeout=30, isolation_level=None)
    try:
        connection.execute("SELECT 1 FROM sqlite_master").fetchone()
    except sqlite3.OperationalError as exc:
        code = exc.sqlite_errorcode & 0xFF
        cannot_share = code in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY)
        if not cannot_share or os.access(path.parent, os.W_OK):
            raise
        connection.close()
        connection = sqlite3.connect(uri + "&immutable=1", uri=True, isolation_level=None)
    return connection


def is_outdated(root: Path) -> bool:
    """Whether the graph was written by an older schema (a build then starts afresh)."""
    path = db_path(root)
    if path.is_symlink() or not path.exists():
        return False  # opening it says why
    try:
        connection = sqlite3.connect(path.absolute().as_uri() + "?mode=ro", uri=True)
        try:
            row = connection.execute(
                "SELECT value FROM meta WHERE key = 'schema_version'"
            ).fetchone()
        finally:
            connection.close()
    except sqlite3.DatabaseError:
        return False  # corrupt: opening it says so
    return row is not None and str(row[0]).isdigit() and int(row[0]) < SCHEMA_VERSION
