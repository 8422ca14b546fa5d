"""The real git binary, through subprocess: listing files, the current commit, diffs.

Every call is read-only and takes no option from user text: git runs with
`--no-optional-locks` (so `git status` never rewrites `.git/index`), without the
repository's fsmonitor hook, with literal pathspecs and stdin closed; a revision from
outside is verified as a commit (`rev-parse --verify --end-of-options REV^{commit}`) and
only its hash is passed on, after `--end-of-options`.
"""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path


class GitUnavailableError(Exception):
    """git is not installed, or the folder is not inside a work tree."""


#: Options given to every git call: read-only, no hooks configured in the repository.
_SAFE = ("--no-optional-locks", "--literal-pathspecs", "-c", "core.fsmonitor=false")


def _git(repo: Path, *args: str) -> bytes:
    try:
        done = subprocess.run(
            ["git", *_SAFE, "-C", str(repo), *args],
            stdin=subprocess.DEVNULL,
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
    return Path(os.fsdecode(out.rstrip(b"\n")))


def list_files(repo: Path) -> list[str]:
    """Tracked files plus untracked files git does not ignore, relative to `repo`."""
    out = _git(repo, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ".")
    names = {name for name in out.decode("utf-8", "surrogateescape").split("\0") if name}
    return sorted(names)


def tracked(repo: Path, paths: list[str]) -> list[str]:
    """Those of `paths` (relative to `repo`) that git tracks; none outside git."""
    try:
        out = _git(repo, "ls-files", "-z", "--cached", "--", *paths)
    except GitUnavailableError:
        return []
    return sorted(name for name in out.decode("utf-8", "surrogateescape").split("\0") if name)


def verify_revision(repo: Path, rev: str) -> str:
    """The full hash of the commit `rev` names; `rev` is never read as an option."""
    try:
        out = _git(
            repo, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}"
        )
    except GitUnavailableError as exc:
        raise GitUnavailableError(
            f"not a commit: {rev}" + (f" ({exc})" if str(exc) else "")
        ) from None
    return out.decode("ascii", "replace").strip()


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


@dataclass
class FileDiff:
    """One file of a diff: its old and new paths (None when added or deleted) and the line
    ranges (first, last; 1-based, inclusive) removed from the old and added to the new."""

    old_path: str | None
    new_path: str | None
    removed: list[tuple[int, int]] = field(default_factory=list)
    added: list[tuple[int, int]] = field(default_factory=list)


_HUNK = re.compile(rb"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def diff(repo: Path, rev: str | None = None, staged: bool = False) -> list[FileDiff]:
    """The changed lines of a diff: the working tree against `rev`, the index against
    `rev` (HEAD by default) when `staged`, or the working tree against the index.

    Plumbing (`diff-files`, `diff-index`), not `git diff`: the porcelain rewrites
    `.git/index` when it meets files whose stat data changed, `--no-optional-locks` or
    not (git 2.39), and follows UI settings such as `diff.noprefix`.
    """
    options = ["-p", "--no-color", "--no-ext-diff", "--no-textconv", "-U0", "-M", "--relative"]
    if rev is None and not staged:
        args = ["diff-files", *options, "--end-of-options"]
    else:
        base = verify_revision(repo, rev) if rev else _head_or_empty_tree(repo)
        cached = ["--cached"] if staged else []
        args = ["diff-index", *cached, *options, "--end-of-options", base]
    out = _git(repo, *args, "--")
    files: list[FileDiff] = []
    for line in out.splitlines():
        if line.startswith(b"diff --git "):
            files.append(FileDiff(None, None))
        elif files and line.startswith(b"--- "):
            files[-1].old_path = _diff_path(line[4:], b"a/")
        elif files and line.startswith(b"+++ "):
            files[-1].new_path = _diff_path(line[4:], b"b/")
        elif files and (hunk := _HUNK.match(line)):
            old_start, old_count, new_start, new_count = (
                int(hunk.group(1)),
                int(hunk.group(2) or b"1"),
                int(hunk.group(3)),
                int(hunk.group(4) or b"1"),
            )
            if old_count:
                files[-1].removed.append((old_start, old_start + old_count - 1))
            if new_count:
                files[-1].added.append((new_start, new_start + new_count - 1))
    return [f for f in files if f.old_path or f.new_path]


def _head_or_empty_tree(repo: Path) -> str:
    """HEAD's commit, or before the first commit the empty tree (what `--cached` compares
    the index with then)."""
    try:
        return verify_revision(repo, "HEAD")
    except GitUnavailableError:
        return _git(repo, "hash-object", "-t", "tree", "--stdin").decode("ascii").strip()


def _diff_path(raw: bytes, prefix: bytes) -> str | None:
    raw = raw.rstrip(b"\t")
    if raw == b"/dev/null":
        return None
    return raw[len(prefix) :].decode("utf-8", "surrogateescape") if raw.startswith(prefix) else None


def show(repo: Path, rev: str, path: str) -> bytes | None:
    """A file's content at `rev` (None when it did not exist there)."""
    try:
        return _git(repo, "show", "--no-textconv", "--end-of-options", f"{rev}:./{path}")
    except GitUnavailableError:
        return None
