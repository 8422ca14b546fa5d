"""The repository's files as they are now: read (`file_lines`), and whether the graph still
matches the files a query result touches."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

from brownfield.confine import read_bytes_inside
from brownfield.errors import BrownfieldError, ConfinementError, FileAccessError
from brownfield.graph.store import GraphStore


def repository_root(store: GraphStore) -> Path:
    """The repository a store belongs to (the store lives in `<root>/.brownfield/`)."""
    return store.path.parent.parent


def file_lines(root: Path, path: str) -> list[str] | None:
    """A repository file's lines as it is now (None where it cannot be read inside it)."""
    try:
        return read_bytes_inside(root, path).decode("utf-8", "replace").splitlines()
    except BrownfieldError:
        return None


def stale_paths(store: GraphStore, paths: Iterable[str]) -> list[str]:
    """The paths among `paths` whose content differs from what the graph was built from."""
    root = repository_root(store)
    stale = []
    for path in sorted(set(paths)):
        row = store.file_row(path)
        if row is None or row.sha256 is None:
            continue
        file = root / path
        try:
            stat = file.stat()
        except OSError:
            stale.append(path)  # deleted since the build
            continue
        if stat.st_size == row.size and stat.st_mtime_ns == row.mtime_ns:
            continue
        try:  # confined: a file turned into a pipe or a link out is stale, never read
            data = read_bytes_inside(root, path)
        except (ConfinementError, FileAccessError):
            stale.append(path)
            continue
        if hashlib.sha256(data).hexdigest() != row.sha256:
            stale.append(path)
    return stale
