"""SQLite's errors at the store boundary: every public method of the store turns
`sqlite3.DatabaseError` into one `StoreError` line, naming the recovery for damaged
content and saying so for access problems (a read-only folder, a full disk, a writer)."""

from __future__ import annotations

import functools
import sqlite3
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

from brownfield.errors import StoreError


class _Store(Protocol):
    path: Path


#: SQLite result codes (the primary code, the low byte) that mean the file cannot be
#: opened or written, rather than that its content is damaged.
_ACCESS_CODES = {
    sqlite3.SQLITE_CANTOPEN: "cannot be opened",
    sqlite3.SQLITE_READONLY: "cannot be written (a read-only file or folder?)",
    sqlite3.SQLITE_PERM: "cannot be written",
    sqlite3.SQLITE_FULL: "cannot be written (the disk is full)",
    sqlite3.SQLITE_BUSY: "is busy (another process is writing it)",
    sqlite3.SQLITE_LOCKED: "is busy (another process is writing it)",
}


def store_error(path: Path, exc: sqlite3.DatabaseError) -> StoreError:
    """SQLite's error as one line: corrupt content names the recovery, access problems
    (permissions, a read-only folder, a full disk, another writer) say so instead."""
    code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
    if code in _ACCESS_CODES:
        return StoreError(f"the graph store {path} {_ACCESS_CODES[code]}: {exc}")
    return StoreError(
        f"the graph store {path} is corrupt ({exc}); "
        "rebuild it with `brownfield graph build --full`"
    )


_T = TypeVar("_T")


def translated(method: Callable[..., _T]) -> Callable[..., _T]:
    """`method`, with `sqlite3.DatabaseError` turned into one `StoreError` line.

    Programming errors (`sqlite3.ProgrammingError`, `InterfaceError`) are bugs and
    pass through untouched.
    """

    @functools.wraps(method)
    def wrapper(self: _Store, *args: Any, **kwargs: Any) -> _T:
        try:
            return method(self, *args, **kwargs)
        except (sqlite3.ProgrammingError, sqlite3.InterfaceError):
            raise
        except sqlite3.DatabaseError as exc:
            raise store_error(self.path, exc) from None

    return wrapper


def at_the_boundary(cls: type[_T]) -> type[_T]:
    """Translate SQLite's errors in every public method of the store (the store boundary)."""
    for name, value in list(vars(cls).items()):
        if isinstance(value, types.FunctionType) and not name.startswith("_"):
            setattr(cls, name, translated(value))
    return cls
