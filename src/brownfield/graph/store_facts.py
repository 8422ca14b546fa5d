"""A file's facts as the store keeps them (JSON text in `files.facts`), read back: all of
them, or its imports alone, which SQLite picks out of the text so that Python decodes no
more than a resolver asking what a file imports needs."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from brownfield.errors import StoreError
from brownfield.graph.facts import FileFacts, ImportFact, imports_from_json
from brownfield.graph.store_errors import store_error

_T = TypeVar("_T")


def facts(db: sqlite3.Connection, store: Path, path: str) -> FileFacts:
    return _decoded(db, store, path, "facts", FileFacts.from_json)


def imports(db: sqlite3.Connection, store: Path, path: str) -> list[ImportFact]:
    return _decoded(db, store, path, "json_extract(facts, '$[5]')", imports_from_json)


def _decoded(
    db: sqlite3.Connection, store: Path, path: str, column: str, decode: Callable[[Any], _T]
) -> _T:
    row = db.execute(f"SELECT {column} FROM files WHERE path = ?", (path,)).fetchone()
    if row is None or row[0] is None:
        raise StoreError(f"the graph store has no facts for {path}; rebuild with --full")
    try:
        return decode(json.loads(row[0]))
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):
        # not the build's (a build writes facts a few levels deep)
        raise store_error(store, sqlite3.DatabaseError(f"the facts of {path}")) from None
