"""Go: packages are folders; an import path names a folder of the repository by its module.

The repository's `go.mod` files (found beside its Go folders or above them, and those a
`go.work` at the root uses) say which module path each folder tree has: with
`module example.com/shop` in `shop/go.mod`, `example.com/shop/store` is the folder
`shop/store`. The standard library's own `module std` (GOROOT's `src/go.mod`) has import
paths without a module prefix: `go/ast` is the folder `go/ast` beside it. A module's
`vendor/` folder and local `replace` directives (`=> ../lib`) are followed too. An
import path no module holds is outside code, named by its path (`fmt.Println`,
`net/http.Get`); without any `go.mod`, a path names the longest repository folder that
ends it. The files of one folder see each other's top-level names.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from brownfield.confine import read_bytes_inside
from brownfield.errors import BrownfieldError
from brownfield.graph.facts import FileFacts, ImportFact
from brownfield.graph.generic_entry import entry_points
from brownfield.graph.generic_world import Profile, Value, World, folders_above

#: The first elements of the standard library's import paths: never a repository folder
#: (unless the repository is the standard library: `module std`).
STANDARD = frozenset(
    {
        "archive", "bufio", "builtin", "bytes", "cmp", "compress", "container", "context",
        "crypto", "database", "debug", "embed", "encoding", "errors", "expvar", "flag", "fmt",
        "go", "hash", "html", "image", "index", "io", "iter", "log", "maps", "math", "mime",
        "net", "os", "path", "plugin", "reflect", "regexp", "runtime", "slices", "sort",
        "strconv", "strings", "sync", "syscall", "testing", "text", "time", "unicode",
        "unique", "unsafe", "C",
    }
)  # fmt: skip

#: Go's predeclared functions (conversions such as `int(x)` are not calls).
BUILTINS = frozenset(
    {
        "append", "cap", "clear", "close", "complex", "copy", "delete", "imag", "len",
        "make", "max", "min", "new", "panic", "print", "println", "real", "recover",
    }
)  # fmt: skip

TEST_SUFFIX = "_test.go"
#: The module path the Go distribution's `src/go.mod` declares.
STD = "std"

_MODULE = re.compile(r"^\s*module\s+(\"[^\"]+\"|\S+)", re.MULTILINE)
_REPLACE = re.compile(r"^\s*(?:replace\s+)?(\S+)(?:\s+\S+)?\s+=>\s+(\.{1,2}/\S*|\.{1,2})\s*$")
_USE = re.compile(r"^\s*(?:use\s+)?(\.{1,2}(?:/\S*)?|\"[^\"]+\")\s*$")


@dataclass
class GoModules:
    """The modules of the repository: (import path prefix, folder) pairs, from `go.mod`
    files (`module` and local `replace` lines) and the root's `go.work` (`use` lines)."""

    entries: list[tuple[str, str]] = field(default_factory=list)

    def fingerprint(self) -> str:
        """A stable text of the modules: a build whose modules changed names files anew."""
        return json.dumps(self.entries)

    def folder_of(self, spec: str) -> str | None:
        """The folder an import path names, by the longest module path holding it."""
        best: tuple[int, str] | None = None
        for prefix, folder in self.entries:
            if prefix == STD:
                if "." in spec.partition("/")[0]:
                    continue
                found, length = posixpath.join(folder, spec), 0
            elif spec == prefix or spec.startswith(prefix + "/"):
                found, length = posixpath.join(folder, spec[len(prefix) + 1 :]), len(prefix)
            else:
                continue
            if best is None or length > best[0]:
                best = (length, posixpath.normpath(found).removeprefix("./"))
        return None if best is None else ("" if best[1] == "." else best[1])

    def module_folders(self) -> list[str]:
        return sorted({folder for _, folder in self.entries})


def layout(root: Path, configs: Sequence[str], paths: Sequence[str]) -> GoModules:
    """The repository's Go modules, read once per build: every `go.mod` in a folder
    holding Go files or above one, and the modules the root's `go.work` uses."""
    folders = folders_above(paths)
    work = _read(root, "go.work")
    if work:
        for line in _block_lines(work, "use"):
            match = _USE.match(line)
            if match:
                folders.add(posixpath.normpath(match.group(1).strip('"')).removeprefix("./"))
    modules = GoModules()
    for folder in sorted(folders):
        folder = "" if folder == "." else folder
        text = (
            _read(root, posixpath.join(folder, "go.mod")) if ".." not in folder.split("/") else None
        )
        if text is None:
            continue
        declared = _MODULE.search(text)
        if declared:
            modules.entries.append((declared.group(1).strip('"'), folder))
        for line in _block_lines(text, "replace"):
            replaced = _REPLACE.match(line)
            if replaced:
                target = posixpath.normpath(posixpath.join(folder, replaced.group(2)))
                if not target.startswith(".."):
                    modules.entries.append((replaced.group(1), "" if target == "." else target))
    modules.entries.sort()
    return modules


def _read(root: Path, name: str) -> str | None:
    """A `go.mod` or `go.work` read like every file of the repository: a regular file inside
    it, never through a symlink out of it nor from a pipe; None when there is none such."""
    try:
        return read_bytes_inside(root, name).decode("utf-8", "replace")
    except (BrownfieldError, OSError):
        return None


def _block_lines(text: str, keyword: str) -> Iterable[str]:
    """The lines of `keyword x` directives and of `keyword ( ... )` blocks."""
    inside = False
    for raw in text.splitlines():
        line = raw.partition("//")[0].strip()
        if inside:
            if line.startswith(")"):
                inside = False
            elif line:
                yield line
        elif line.startswith(keyword):
            rest = line[len(keyword) :].strip()
            if rest.startswith("("):
                inside = True
            elif rest:
                yield f"{keyword} {rest}"


class Go(Profile):
    language = "go"
    self_names: frozenset[str] = frozenset()  # receivers are named parameters
    super_names: frozenset[str] = frozenset()
    constructors = ()  # a struct literal or a `NewX` function; no constructor methods
    class_members_visible = False  # a method must say `s.helper()`
    builtins = BUILTINS
    structural_interfaces = True  # a type implements an interface by having its methods

    def resolve_import(self, world: World, path: str, fact: ImportFact) -> list[Value]:
        spec = fact.module.strip("/")
        folder = self.package_folder(world, spec, path)
        if folder is not None:
            return [Value("pkg", "", folder)]
        return [Value("ext", "", spec)]

    @staticmethod
    def package_folder(world: World, spec: str, importer: str = "") -> str | None:
        """The repository folder an import path names (see the module docstring); None
        for outside code."""
        if not spec:
            return None
        modules = world.layout if isinstance(world.layout, GoModules) else None
        if modules is not None and modules.entries:
            for module in sorted(modules.module_folders(), key=len, reverse=True):
                if not module or importer.startswith(module + "/"):
                    vendored = posixpath.join(module, "vendor", spec)
                    if vendored in world.folders:
                        return vendored
                    break
            folder = modules.folder_of(spec)
            return folder if folder is not None and folder in world.folders else None
        if spec.partition("/")[0] in STANDARD:
            return None
        if f"vendor/{spec}" in world.folders:
            return f"vendor/{spec}"
        parts = spec.split("/")
        for start in range(len(parts)):
            folder = "/".join(parts[start:])
            if folder in world.folders:
                return folder
        return None

    def visible_files(self, world: World, path: str, facts: FileFacts) -> list[str]:
        """The other files of the package (its folder); `_test.go` files see the others,
        but are seen only by each other."""
        testing = path.endswith(TEST_SUFFIX)
        return [
            other
            for other in world.folders.get(posixpath.dirname(path), [])
            if testing or not other.endswith(TEST_SUFFIX)
        ]

    def may_hold_methods(self, class_path: str, path: str) -> bool:
        """A type's methods are declared in its own package: `Store.Close` in another
        folder belongs to another package's `Store`."""
        return posixpath.dirname(class_path) == posixpath.dirname(path)


PROFILE = Go()
extract, nodes_of, new_resolver, invalidated_keys = entry_points(PROFILE)
