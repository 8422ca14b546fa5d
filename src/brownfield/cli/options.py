"""Options shared by several commands, and turning command-line paths into repository paths."""

from __future__ import annotations

import os
from pathlib import Path

import typer

from brownfield.errors import PathOutsideRepositoryError, UsageError

REPO = typer.Option(Path("."), "--repo", help="The repository (default: the current folder).")
JSON = typer.Option(False, "--json", help="Print JSON (sorted, stable) instead of text.")
DEPTH_HELP = "How many hops to follow."


def check_depth(depth: int) -> int:
    if depth < 0:
        raise UsageError(f"--depth must be 0 or more, not {depth}")
    return depth


def repo_path(root: Path, given: str) -> str:
    """A path from the command line as a repository-relative POSIX path, checked to stay inside."""
    candidate = Path(given)
    if not candidate.is_absolute():
        cwd = Path.cwd().resolve()
        inside_cwd = cwd == root or root in cwd.parents
        base = cwd if inside_cwd and not (root / candidate).exists() else root
        candidate = base / candidate
    normal = Path(os.path.normpath(candidate))
    if normal != root and root not in normal.parents:
        raise PathOutsideRepositoryError(given)
    return normal.relative_to(root).as_posix()
