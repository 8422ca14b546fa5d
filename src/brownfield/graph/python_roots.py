"""Python: where the repository's top-level packages live (its import roots).

A file's dotted module name is its path relative to the import root that holds it:
`src/mypkg/core.py` is `mypkg.core` when `src/` is a root. Roots are read statically,
once per build, from the layout on disk and the packaging configuration (never by
running `setup.py`):

* the repository root is always a root;
* every project folder (the repository root, and any folder holding a `pyproject.toml`,
  `setup.cfg` or `setup.py`, unless that `setup.py` is a module of a package) gives the
  roots its configuration declares: setuptools `package-dir` / `packages.find.where` /
  `packages`, hatch wheel `packages` / `sources`, poetry `packages = [{include, from}]`,
  flit's module, PDM `package-dir`, setup.cfg `package_dir` /
  `[options.packages.find] where`;
* a project declaring none uses `src/` when it holds Python files and is not itself a
  package (no `src/__init__.py`); a nested project with neither is a flat layout, whose
  package folders (those with an `__init__.py`) are rooted at the project folder;
* `[tool.brownfield] python-roots = ["lib"]` in the repository's `pyproject.toml` adds
  roots by hand.

A root is kept as (folder, dotted prefix): files at or under the folder are named by the
prefix followed by their path below the folder; the longest folder holding a file wins.
"""

from __future__ import annotations

import configparser
import json
import posixpath
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from brownfield.confine import read_regular
from brownfield.errors import BrownfieldError

#: Files that make their folder a Python project.
CONFIG_FILES = frozenset({"pyproject.toml", "setup.cfg", "setup.py"})
SUFFIXES = (".pyi", ".py")


def dotted_path(rel: str) -> str:
    """`pkg/mod.py` -> `pkg.mod`; `pkg/__init__.py` (or `.pyi`) -> `pkg`."""
    for suffix in SUFFIXES:
        if rel.endswith(suffix):
            rel = rel[: -len(suffix)]
            break
    parts = rel.split("/")
    if parts[-1] == "__init__" and len(parts) > 1:
        parts = parts[:-1]
    return ".".join(parts)


@dataclass(frozen=True)
class ImportRoots:
    """The repository's import roots: (folder, dotted prefix), longest folder first."""

    entries: tuple[tuple[str, str], ...] = ()

    def module_name(self, path: str) -> str:
        for folder, prefix in self.entries:
            if path == folder:  # a module declared by its file (poetry `include = "m.py"`)
                return prefix or dotted_path(path)
            if path.startswith(folder + "/"):
                rest = dotted_path(path[len(folder) + 1 :])
                if rest == "__init__":
                    return prefix or rest
                return f"{prefix}.{rest}" if prefix else rest
        return dotted_path(path)

    def fingerprint(self) -> str:
        """A stable text of the roots: a build whose roots changed names files anew."""
        return json.dumps([list(entry) for entry in self.entries])


def import_roots(root: Path | None, configs: Iterable[str], paths: Iterable[str]) -> ImportRoots:
    """The import roots of the repository at `root`, from its project files `configs`
    (repository paths of pyproject.toml / setup.cfg / setup.py) and its Python `paths`."""
    python_files = set(paths)
    python_folders: set[str] = set()  # every folder above a Python file
    package_folders: set[str] = set()  # folders holding an __init__.py(i)
    for path in python_files:
        folder, _, name = path.rpartition("/")
        if name in ("__init__.py", "__init__.pyi"):
            package_folders.add(folder)
        while folder and folder not in python_folders:
            python_folders.add(folder)
            folder = folder.rpartition("/")[0]
    by_project: dict[str, list[str]] = {"": []}
    for config in configs:
        folder, _, name = config.rpartition("/")
        if name == "setup.py" and folder in package_folders:
            continue  # a module named `setup` inside a package, not a packaging script
        if name in CONFIG_FILES:
            by_project.setdefault(folder, []).append(name)

    found: dict[str, str] = {}
    for project, names in sorted(by_project.items()):
        declared: list[tuple[str, str]] = []

        def present(rel: str, project: str = project) -> bool:
            full = _join(project, rel)
            return full in python_folders or full in python_files

        for name in sorted(names):
            if root is not None and name != "setup.py":
                where = root / project / name if project else root / name
                declared += _declared(where, name, present)
        if not declared:
            src = _join(project, "src")
            if src in python_folders and src not in package_folders:
                declared = [("src", "")]
            elif project:
                declared = [
                    (folder.rpartition("/")[2], folder.rpartition("/")[2])
                    for folder in sorted(package_folders)
                    if folder.rpartition("/")[0] == project
                ]
        for folder, prefix in declared:
            clean = _clean(folder)
            if clean is not None and (project or clean):
                found.setdefault(_join(project, clean), prefix)
    if root is not None:  # roots set by hand come on top
        for folder in _manual_roots(root / "pyproject.toml"):
            clean = _clean(folder)
            if clean:
                found[clean] = ""
    entries = sorted(found.items(), key=lambda entry: (-len(entry[0]), entry[0]))
    return ImportRoots(tuple(entries))


def _join(project: str, folder: str) -> str:
    if not folder:
        return project
    return f"{project}/{folder}" if project else folder


def _clean(folder: str) -> str | None:
    """A folder relative to its project as a clean relative path, or None if it leaves it."""
    normal = posixpath.normpath(folder.strip().replace("\\", "/")) if folder.strip() else "."
    if normal.startswith("/") or normal == ".." or normal.startswith("../"):
        return None
    return "" if normal == "." else normal


def _table(data: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [item for item in value if isinstance(item, str)]
    return []


def _declared(config: Path, name: str, present: Callable[[str], bool]) -> list[tuple[str, str]]:
    """The (folder, dotted prefix) roots a pyproject.toml or setup.cfg declares;
    `present` tells whether a file or folder (relative to the project) holds Python."""
    try:
        text = read_regular(config).decode("utf-8")
    except (BrownfieldError, UnicodeDecodeError):  # a link, a pipe, unreadable, not UTF-8
        return []
    if name == "setup.cfg":
        return _setup_cfg(text)
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):  # RecursionError: hostile nesting
        return []
    return _pyproject(data, present)


def _pyproject(data: dict[str, Any], present: Callable[[str], bool]) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    setuptools = _table(data, "tool", "setuptools")
    package_dir = _table(setuptools, "package-dir")
    if isinstance(package_dir, dict):
        found += [(folder, key) for key, folder in package_dir.items() if isinstance(folder, str)]
    found += [(where, "") for where in _strings(_table(setuptools, "packages", "find", "where"))]
    mapped = {prefix for _, prefix in found}
    if "" not in mapped:  # `packages = ["a", "a.b"]`: each top package where it is
        for package in _strings(_table(setuptools, "packages")):
            if "." not in package and package not in mapped:
                found.append((package, package))
    hatch = _table(data, "tool", "hatch", "build")
    for build in (hatch, _table(hatch, "targets", "wheel")):
        for package in _strings(_table(build, "packages")):
            clean = _clean(package)
            if clean:
                found.append((clean, clean.rpartition("/")[2]))
        sources = _table(build, "sources")
        if isinstance(sources, dict):
            found += [
                (folder, prefix.strip("/").replace("/", "."))
                for folder, prefix in sources.items()
                if isinstance(prefix, str)
            ]
        found += [(folder, "") for folder in _strings(sources)]
    poetry = _table(data, "tool", "poetry", "packages")
    for entry in poetry if isinstance(poetry, list) else []:
        include = _table(entry, "include")
        if not isinstance(include, str):
            continue
        first = include.replace("\\", "/").split("/")[0]
        if not first or any(char in first for char in "*?["):
            continue
        base = _table(entry, "from")
        folder = _join(_clean(base) or "", first) if isinstance(base, str) else first
        found.append((folder, first.removesuffix(".py")))
    flit = _table(data, "tool", "flit", "module", "name")
    if isinstance(flit, str) and flit and not found:  # flit looks in src/, then beside
        top = flit.split(".")[0]
        for folder in (f"src/{top}", f"src/{top}.py", f"src/{top}.pyi", top, f"{top}.py"):
            if present(folder):
                found.append((folder, top))
                break
    pdm = _table(data, "tool", "pdm", "build", "package-dir")
    if isinstance(pdm, str):
        found.append((pdm, ""))
    return found


def _setup_cfg(text: str) -> list[tuple[str, str]]:
    parser = configparser.RawConfigParser()
    try:
        parser.read_string(text)
    except configparser.Error:
        return []
    found: list[tuple[str, str]] = []
    package_dir = parser.get("options", "package_dir", fallback="")
    for line in package_dir.replace(",", "\n").splitlines():
        key, equals, folder = line.partition("=")
        if equals:
            found.append((folder.strip(), key.strip()))
    where = parser.get("options.packages.find", "where", fallback="")
    found += [(folder.strip(), "") for folder in where.splitlines() if folder.strip()]
    return found


def _manual_roots(pyproject: Path) -> list[str]:
    """`[tool.brownfield] python-roots` of the repository's own pyproject.toml."""
    return _strings(_table(read_settings(pyproject), "python-roots"))


def read_settings(pyproject: Path) -> dict[str, Any]:
    """The `[tool.brownfield]` table of a pyproject.toml (empty when there is none)."""
    try:
        data = tomllib.loads(read_regular(pyproject).decode("utf-8"))
    except (BrownfieldError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return {}
    settings = _table(data, "tool", "brownfield")
    return settings if isinstance(settings, dict) else {}
