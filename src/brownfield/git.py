"""The real git binary, through subprocess: listing files, the current commit, diffs."""

from __future__ import annotations

import subprocess
from pathlib import Path


class GitUnavailableError(Exception):
    """git is not installed, or the folder is not inside a work tree."""


def _git(repo: Path, *args: str) -> bytes:
    try:
        done = subprocess.run(
            ["git", "-C", str(repo), *args],
            capture_output=True,
            check=False,
        )
    except FileNotFoundError as exc:  # no git binary at all
        raise GitUnavailableError("git is not installed") from exc
    if done.returncode != 0:
        raise GitUnavailableError(done.stderr.decode("utf-8", "replace").strip())
    return done.stdout


def work_tree_root(repo: Path) -> Path | None:
    """The top of the git work tree holding `repo`, or None outside git."""
    try:
        out = _git(repo, "rev-parse", "--show-toplevel")
    except GitUnavailableError:
        return None
    return Path(out.decode().strip())


def list_files(repo: Path) -> list[str]:
    """Tracked files plus untracked files git does not ignore, relative to `repo`."""
    out = _git(repo, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ".")
    names = {name for name in out.decode("utf-8", "surrogateescape").split("\0") if name}
    return sorted(names)


def snapshot(repo: Path) -> tuple[str | None, bool]:
    """The HEAD commit (None before the first commit or outside git) and whether it is dirty."""
    try:
        commit = _git(repo, "rev-parse", "--verify", "-q", "HEAD").decode().strip() or None
    except GitUnavailableError:
        commit = None
    try:
        status = _git(repo, "status", "--porcelain", "--untracked-files=normal", "--", ".")
    except GitUnavailableError:
        return commit, False
    return commit, bool(status.strip())
