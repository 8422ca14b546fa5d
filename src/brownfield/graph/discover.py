"""Which files of a repository the graph reads, and why the others are skipped."""

from __future__ import annotations

import os
import stat
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from brownfield import git
from brownfield.graph.ignore import IgnoreRule, is_ignored, parse_rules
from brownfield.graph.languages import language_for

DEFAULT_MAX_FILE_SIZE = 2 * 1024 * 1024

#: Folders that hold other people's code or generated files; never parsed.
VENDORED_DIRS = frozenset(
    {
        ".brownfield",
        ".git",
        ".hg",
        ".svn",
        ".tox",
        ".nox",
        "__pycache__",
        "node_modules",
        "site-packages",
        "third_party",
        "vendor",
        "vendored",
    }
)
#: Folders that are vendored only when they are a virtual environment (hold `pyvenv.cfg`):
#: the standard library itself has a real `venv` package.
VIRTUALENV_DIRS = frozenset({".venv", "venv", "env", ".env"})


class SkipReason:
    """Why a candidate file was not parsed (the strings appear in summaries and JSON)."""

    VENDORED = "vendored"
    SYMLINK = "symlink"
    SYMLINK_OUTSIDE = "symlink-outside-repository"
    TOO_LARGE = "too-large"
    BINARY = "binary"
    UNREADABLE = "unreadable"


@dataclass
class Discovery:
    """The source files to consider, and the skipped ones by reason."""

    files: dict[str, str] = field(default_factory=dict)  # rel_path -> language
    stats: dict[str, os.stat_result] = field(default_factory=dict)  # of the files above
    skipped: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))


def discover(root: Path) -> Discovery:
    """List the source files under `root`: git's view inside a work tree, else a walk."""
    inside_git = git.work_tree_root(root) is not None
    candidates = git.list_files(root) if inside_git else _walk(root)
    found = Discovery()
    real_root = root.resolve()
    base = str(root)
    linked = _symlinked_folders(base)
    virtualenvs: dict[str, bool] = {}

    def is_vendored(parts: list[str]) -> bool:
        for depth, part in enumerate(parts[:-1]):
            if part in VENDORED_DIRS:
                return True
            if part in VIRTUALENV_DIRS:
                folder = "/".join(parts[: depth + 1])
                if folder not in virtualenvs:
                    virtualenvs[folder] = (root / folder / "pyvenv.cfg").is_file()
                if virtualenvs[folder]:
                    return True
        return False

    for rel_path in candidates:
        language = language_for(rel_path)
        if language is None:
            continue
        parts = rel_path.split("/")
        if is_vendored(parts):
            found.skipped[SkipReason.VENDORED].append(rel_path)
            continue
        full = os.path.join(base, rel_path)
        if linked(rel_path.rpartition("/")[0]) or os.path.islink(full):
            target = Path(full).resolve()
            inside = target == real_root or real_root in target.parents
            reason = SkipReason.SYMLINK if inside else SkipReason.SYMLINK_OUTSIDE
            found.skipped[reason].append(rel_path)
            continue
        try:
            status = os.stat(full)
        except OSError:  # deleted but still in the index
            continue
        if stat.S_ISREG(status.st_mode):  # not a special file
            found.files[rel_path] = language
            found.stats[rel_path] = status
    return found


def _symlinked_folders(base: str) -> Callable[[str], bool]:
    """Whether a folder (relative to `base`), or one above it, is a symlink; each folder
    is asked once."""
    known: dict[str, bool] = {"": False}

    def linked(folder: str) -> bool:
        found = known.get(folder)
        if found is None:
            parent = folder.rpartition("/")[0]
            found = known[folder] = linked(parent) or os.path.islink(os.path.join(base, folder))
        return found

    return linked


def _walk(root: Path) -> list[str]:
    """Every file under `root`, honouring `.gitignore` files, never following symlinks."""
    rules: list[IgnoreRule] = []
    found: list[str] = []
    for folder, dirs, files in os.walk(root, followlinks=False):
        rel_folder = Path(folder).relative_to(root).as_posix()
        rel_folder = "" if rel_folder == "." else rel_folder
        ignore_file = Path(folder) / ".gitignore"
        if ignore_file.is_file():
            rules = rules + parse_rules(ignore_file.read_text("utf-8", "replace"), rel_folder)
        kept = []
        for name in sorted(dirs):
            rel = f"{rel_folder}/{name}" if rel_folder else name
            if name == ".git" or is_ignored(rel, True, rules):
                continue
            kept.append(name)
        dirs[:] = kept
        for name in files:
            rel = f"{rel_folder}/{name}" if rel_folder else name
            if not is_ignored(rel, False, rules):
                found.append(rel)
    return sorted(found)


def read_source(root: Path, rel_path: str, max_size: int) -> bytes | str:
    """The bytes of a source file, or the reason it is skipped."""
    path = root / rel_path
    try:
        if path.stat().st_size > max_size:
            return SkipReason.TOO_LARGE
        data = path.read_bytes()
    except OSError:
        return SkipReason.UNREADABLE
    if b"\0" in data[:8192]:
        return SkipReason.BINARY
    return data
