"""The repository a command names: checked to be a folder, and its graph opened for reading.

Apart from the builder so that a read-only command loads only the store, not the build.
"""

from __future__ import annotations

from pathlib import Path

from brownfield.errors import RepositoryError
from brownfield.graph.store import GraphStore


def check_repository(repo: Path) -> Path:
    """The repository root as an absolute path, or a clear error."""
    if not repo.exists():
        raise RepositoryError(f"repository not found: {repo}")
    if not repo.is_dir():
        raise RepositoryError(f"repository is not a folder: {repo}")
    return repo.resolve()


def open_store(repo: Path) -> GraphStore:
    """Open an existing graph for reading (read-only); a missing, corrupt or untrusted
    store is a clear error."""
    return GraphStore.open(check_repository(repo), writable=False)
