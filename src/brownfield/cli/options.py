"""Options shared by several commands, and turning command-line paths into repository paths."""

from __future__ import annotations

import os
from pathlib import Path

import typer

from brownfield.confine import relative_inside
from brownfield.errors import UsageError
from brownfield.query.traverse import MAX_DEPTH
from brownfield.text import check_text

REPO = typer.Option(Path("."), "--repo", help="The repository (default: the current folder).")
JSON = typer.Option(False, "--json", help="Print JSON (sorted, stable) instead of text.")
DEPTH_HELP = f"How many hops to follow (0 to {MAX_DEPTH})."


def check_depth(depth: int) -> int:
    """A `--depth` between 0 and `MAX_DEPTH` (a usage error otherwise)."""
    if depth < 0:
        raise UsageError(f"--depth must be 0 or more, not {depth}")
    if depth > MAX_DEPTH:
        raise UsageError(f"--depth must be at most {MAX_DEPTH}, not {depth}")
    return depth


def repo_path(root: Path, given: str) -> str:
    """A path from the command line as a repository-relative POSIX path, confined to the
    repository (`..`, absolute paths elsewhere and symlinks leading out are refused).

    A relative path is taken from the current folder when that is inside the repository
    and the path does not name a file from the root; otherwise from the root.
    """
    check_text(given, "the path")
    base = root
    if not Path(given).is_absolute():
        cwd = Path.cwd().resolve()
        inside_cwd = cwd == root or root in cwd.parents
        if inside_cwd and not os.path.lexists(root / given):
            base = cwd
    return relative_inside(root, given, base=base)
