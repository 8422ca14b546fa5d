"""Every error brownfield raises on purpose, rooted in one class.

    BrownfieldError
    ├── RepositoryError        the repository path is missing, not a folder, or unreadable
    ├── StoreError             the graph store is missing, corrupt, unwritable or from a
    │   │                      newer version
    │   └── UntrustedStoreError      ... or not brownfield's own (tracked by git, built
    │                                for another folder, a symlink)
    ├── BuildLockedError       another build holds the lock
    ├── ConfinementError       a path from outside leaves the repository (`..`, an absolute
    │                          path elsewhere, a symlink out), or a folder brownfield writes
    │                          into is a symlink
    ├── FileAccessError        a file cannot be read or written as asked (missing, a folder,
    │                          not a regular file, binary, permissions, a read-only disk)
    ├── SymbolError            a symbol is unknown ...
    │   └── AmbiguousSymbolError     ... or names several definitions
    └── UsageError             arguments that cannot work together (CLI exit 2)

The CLI catches `BrownfieldError` once, prints `error: <message>` and exits 1
(2 for `UsageError`).
"""

from __future__ import annotations

from pathlib import Path


class BrownfieldError(Exception):
    """The root of brownfield's own errors; the message is one readable line."""

    exit_code = 1


class RepositoryError(BrownfieldError):
    """The repository cannot be used."""


class StoreError(BrownfieldError):
    """The graph store cannot be read or written."""


class UntrustedStoreError(StoreError):
    """A graph store brownfield did not build for this repository; a build replaces it,
    queries refuse it. `reason` says why, in a few words."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(
            f"the graph store {path} is not trusted ({reason}); "
            "run `brownfield graph build` to build a fresh one"
        )
        self.path = path
        self.reason = reason


class BuildLockedError(BrownfieldError):
    """Another build is running and did not finish in time."""


class ConfinementError(BrownfieldError):
    """An untrusted path leaves the folder it must stay in, or a folder brownfield writes
    into is not a real folder; `path` is the path as it was given."""

    def __init__(self, path: str, message: str | None = None) -> None:
        super().__init__(message or f"path is outside the repository: {path}")
        self.path = path


class FileAccessError(BrownfieldError):
    """A file or folder cannot be read or written as asked; `path` names it."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(message)
        self.path = path


class SymbolError(BrownfieldError):
    """A symbol names nothing in the graph."""

    def __init__(self, symbol: str, message: str | None = None) -> None:
        super().__init__(message or f"unknown symbol: {symbol}")
        self.symbol = symbol


class AmbiguousSymbolError(SymbolError):
    """A bare name matches several definitions; the candidates are listed."""

    def __init__(self, symbol: str, candidates: list[str]) -> None:
        listing = ", ".join(candidates)
        super().__init__(
            symbol,
            f"{symbol!r} matches {len(candidates)} definitions; use one of: {listing}",
        )
        self.candidates = candidates


class UsageError(BrownfieldError):
    """The command line asks for something that cannot work."""

    exit_code = 2
