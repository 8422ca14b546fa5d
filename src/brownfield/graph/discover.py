"""Which files of a repository the graph reads, and why the others are skipped."""

from __future__ import annotations

import os
import stat
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from brownfield import git
from brownfield.confine import is_inside, read_regular
from brownfield.errors import BrownfieldError
from brownfield.graph.ignore import IgnoreRule, is_ignored, parse_rules
from brownfield.graph.languages import SNIFFED_BYTES, language_for, language_of
from brownfield.graph.python_roots import CONFIG_FILES, read_settings

DEFAULT_MAX_FILE_SIZE = 2 * 1024 * 1024

#: Folders that hold installed packages, caches or version control; never parsed.
ALWAYS_SKIPPED_DIRS = frozenset(
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
    }
)
#: Folders that hold copies of other people's code: skipped unless the repository's
#: pyproject.toml says `[tool.brownfield] include-vendored = true`.
VENDORED_COPY_DIRS = frozenset({"third_party", "vendor", "vendored"})
VENDORED_DIRS = ALWAYS_SKIPPED_DIRS | VENDORED_COPY_DIRS
#: Folders that are vendored only when they are a virtual environment (hold `pyvenv.cfg`):
#: the standard library itself has a real `venv` package.
VIRTUALENV_DIRS = frozenset({".venv", "venv", "env", ".env"})


class SkipReason:
    """Why a candidate file was not parsed (the strings appear in summaries and JSON)."""

    VENDORED = "vendored"
    STUB = "stub"  # a .pyi stub beside its .py module: the module is read instead
    SYMLINK = "symlink"
    SYMLINK_OUTSIDE = "symlink-outside-repository"
    TOO_LARGE = "too-large"
    BINARY = "binary"
    UNREADABLE = "unreadable"
    #: Paths are repository-relative UTF-8 text everywhere (store, JSON, citations); a
    #: name with other bytes is listed with them replaced (U+FFFD) and never read.
    UNDECODABLE_NAME = "undecodable-name"


@dataclass
class Discovery:
    """The source files to consider, and the skipped ones by reason."""

    files: dict[str, str] = field(default_factory=dict)  # rel_path -> language
    stats: dict[str, os.stat_result] = field(default_factory=dict)  # of the files above
    skipped: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    configs: list[str] = field(default_factory=list)  # pyproject.toml, setup.cfg, setup.py


def include_vendored(root: Path) -> bool:
    """Whether `[tool.brownfield] include-vendored = true` in the repository's pyproject."""
    return read_settings(root / "pyproject.toml").get("include-vendored") is True


def discover(root: Path, vendored: bool | None = None) -> Discovery:
    """List the source files under `root`: git's view inside a work tree, else a walk.

    Vendored copies (`vendor/`...) are read when `vendored` is true; when it is None, the
    repository's `[tool.brownfield] include-vendored` setting decides.
    """
    inside_git = git.work_tree_root(root) is not None
    candidates = git.list_files(root) if inside_git else _walk(root)
    skipped_dirs = (
        ALWAYS_SKIPPED_DIRS
        if (include_vendored(root) if vendored is None else vendored)
        else VENDORED_DIRS
    )
    stubs = [path for path in candidates if path.endswith(".pyi")]
    shadowed = set(stubs) & {path + "i" for path in candidates if path.endswith(".py")}
    found = Discovery()
    real_root = root.resolve()
    base = str(root)
    linked = _symlinked_folders(base)
    virtualenvs: dict[str, bool] = {}

    def is_vendored(parts: list[str]) -> bool:
        for depth, part in enumerate(parts[:-1]):
            if part in skipped_dirs:
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
        if language is not None and not _decodable(rel_path):
            found.skipped[SkipReason.UNDECODABLE_NAME].append(printable_name(rel_path))
            continue
        parts = rel_path.split("/")
        if parts[-1] in CONFIG_FILES and not is_vendored(parts):
            found.configs.append(rel_path)
        if language is None:
            continue
        if is_vendored(parts):
            found.skipped[SkipReason.VENDORED].append(rel_path)
            continue
        if rel_path in shadowed:
            found.skipped[SkipReason.STUB].append(rel_path)
            continue
        full = os.path.join(base, rel_path)
        if linked(rel_path.rpartition("/")[0]) or os.path.islink(full):
            # realpath, not Path.resolve: a symlink loop must not raise
            inside = is_inside(real_root, full)
            reason = SkipReason.SYMLINK if inside else SkipReason.SYMLINK_OUTSIDE
            found.skipped[reason].append(rel_path)
            continue
        try:
            status = os.stat(full)
        except OSError:  # deleted but still in the index
            continue
        if stat.S_ISREG(status.st_mode):  # not a special file
            found.files[rel_path] = _sniffed(full, rel_path, language)
            found.stats[rel_path] = status
    return found


def _sniffed(full: str, rel_path: str, language: str) -> str:
    """The file's language, a C header's read from its first bytes (`language_of`)."""
    if language != "c" or not rel_path.lower().endswith(".h"):
        return language
    try:
        head = read_regular(full)[:SNIFFED_BYTES]
    except BrownfieldError:
        return language
    return language_of(rel_path, head) or language


def _decodable(rel_path: str) -> bool:
    try:
        rel_path.encode("utf-8")
    except UnicodeEncodeError:  # surrogate escapes: the name's bytes are not UTF-8
        return False
    return True


def printable_name(rel_path: str) -> str:
    """A file name as text, its undecodable bytes replaced by U+FFFD."""
    return rel_path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


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
        if ignore_file.is_file() and not ignore_file.is_symlink():
            try:
                text = read_regular(ignore_file).decode("utf-8", "replace")
            except BrownfieldError:  # unreadable: as if there were none
                text = ""
            rules = rules + parse_rules(text, rel_folder)
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
