"""What a JavaScript or TypeScript package exports to code outside the repository: the
definitions its `package.json`'s entry points reach through what each file exports.

A package is the nearest `package.json` above a file that names the package and is not
`"private": true`. Its entry points are the files its `exports`, `main`, `module` and
`browser` fields name (`index.js` when none does); a built file the repository does not
hold (`dist/index.js`) stands for its source (`src/index.ts`). From each entry point, a
file's exports are followed through the facts the graph stored: `export default x`,
`module.exports = x`, `exports.f = ...`, members assigned to what a file exports
(`WebSocket.Server = Server`), declarations marked `export`, `export { a as b }` and
re-exports (`export * from "./x"`, `module.exports = require("./x")`), each name back to
the definition or import it stands for. A class or object so reached exports its members
but those named private (`_name`, `#name`, TypeScript's `private` and `protected`); a
function exports only itself.

Where no entry point is in the repository, or a package.json cannot be read, nothing is
claimed: only a definition shown to be reachable from the package's entry points is
exported.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import Any

from brownfield.graph.facts import BindingFact, Chain, Definition, FileFacts
from brownfield.graph.lang.javascript import SUFFIXES as JS_SUFFIXES
from brownfield.graph.lang.typescript import COMPILED
from brownfield.graph.lang.typescript import SUFFIXES as TS_SUFFIXES
from brownfield.graph.store import GraphStore
from brownfield.model import Node, NodeKind
from brownfield.query.freshness import file_lines

LANGUAGES = ("javascript", "typescript", "tsx")
#: Where a package's built files go, each standing for the sources in `src/`.
BUILT = frozenset({"dist", "build", "out", "lib", "esm", "cjs", "es", "umd", "module", "mjs"})
_SUFFIXES = tuple(dict.fromkeys(JS_SUFFIXES + TS_SUFFIXES))
_SOURCES = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")
_BUILT_SUFFIX = re.compile(r"(?:\.d)?\.[mc]?[jt]sx?$")
_ENTRY_FIELDS = ("main", "module", "browser")
_TYPES = ("types", "typings")  # declarations only: not code anybody calls
_EXPORT_CLAUSE = re.compile(r"\bexport\s+(?:type\s+)?\{([^}]*)\}(?!\s*from\b)")
_HIDDEN_MEMBER = re.compile(r"\b(?:private|protected)\s")
_REQUIRE = re.compile(r"""\brequire\(\s*(['"])(\.[^'"]*)\1\s*\)""")
MAX_MANIFEST = 1 << 20  # a package.json larger than this is not read

#: A file's export, as a visit: the whole module (`WHOLE`), its default, or one name.
WHOLE = ""
DEFAULT = "default"


def js_package(store: GraphStore, root: Path, node: Node) -> str:
    """The name of the package that exports `node` (a function or method of a JavaScript
    or TypeScript file), empty when none does or the repository does not tell."""
    path = node.path or ""
    if "node_modules" in path.split("/"):
        return ""
    found = _package(root, PurePosixPath(path).parent)
    if found is None:
        return ""
    folder, manifest = found
    name = manifest.get("name")
    if not isinstance(name, str) or not name or manifest.get("private") is True:
        return ""
    surfaces = store.memo.setdefault("js_exports", {})
    if folder not in surfaces:
        surfaces[folder] = _Surface(store, root).of(_entries(store, folder, manifest))
    in_file = store.nodes_where("path", path)
    module = next((n.qualname for n in in_file if n.kind is NodeKind.MODULE), "")
    relative = node.qualname.removeprefix(module + ".") if module else node.qualname
    return name if (path, relative) in surfaces[folder] else ""


def _package(root: Path, folder: PurePosixPath) -> tuple[PurePosixPath, dict[str, Any]] | None:
    """The nearest folder at or above `folder` holding a package.json, and what it says
    (None when there is none, or the first one found cannot be read as an object)."""
    for at in (folder, *folder.parents):
        lines = file_lines(root, str(at / "package.json"))
        if lines is None:
            continue
        text = "\n".join(lines)
        try:
            manifest = json.loads(text) if len(text) <= MAX_MANIFEST else None
        except (ValueError, RecursionError):  # not JSON, or nested past all reason
            return None
        return (at, manifest) if isinstance(manifest, dict) else None
    return None


def _entries(store: GraphStore, folder: PurePosixPath, manifest: dict[str, Any]) -> list[str]:
    """The repository's files the package's entry points name (or their sources)."""
    leaves = [manifest[key] for key in _ENTRY_FIELDS if isinstance(manifest.get(key), str)]
    leaves += list(_export_leaves(manifest.get("exports")))
    files = set(store.file_rows())
    found = []
    for leaf in leaves or ["index"]:
        if "*" in leaf or leaf.endswith((".d.ts", ".d.mts", ".d.cts", ".json", ".css")):
            continue
        entry = _entry_file(files, folder, leaf)
        if entry:
            found.append(entry)
    return sorted(set(found))


def _export_leaves(value: object) -> Iterator[str]:
    """Every path a package.json `exports` field names but its type declarations (walked
    without recursion: the field is the package's to nest)."""
    pending: list[tuple[str, object]] = [("", value)]
    while pending:
        key, item = pending.pop()
        if isinstance(item, str) and key not in _TYPES:
            yield item
        elif isinstance(item, dict):
            pending.extend(
                (inner, nested)
                for inner, nested in item.items()
                if isinstance(inner, str) and inner != "./package.json" and inner not in _TYPES
            )
        elif isinstance(item, list):
            pending.extend((key, nested) for nested in item)


def _entry_file(files: set[str], folder: PurePosixPath, leaf: str) -> str:
    """The file an entry point names: itself, with a suffix or as a folder's index, else
    the source a built file comes from (`dist/index.js` -> `src/index.ts`)."""
    base = posixpath.normpath(posixpath.join(str(folder), leaf))
    if base.startswith(("/", "../")) or base in (".", ".."):
        return ""  # outside the repository: nothing to read
    stem = _BUILT_SUFFIX.sub("", base)
    inside = PurePosixPath(posixpath.relpath(stem, str(folder))).parts
    sources = [base, stem]
    if len(inside) > 1 and inside[0] in BUILT:
        sources.append(posixpath.join(str(folder), "src", *inside[1:]))
    for source in map(posixpath.normpath, sources):
        candidates = [source + suffix for suffix in _SUFFIXES]
        candidates += [source + suffix for suffix in _SOURCES]
        candidates += [f"{source}/index{suffix}" for suffix in _SOURCES]
        hit = next((c for c in candidates if c in files), "")
        if hit:
            return hit
    return ""


class _File:
    """One file's facts, indexed the ways the walk asks them."""

    def __init__(self, facts: FileFacts, lines: list[str]) -> None:
        self.facts = facts
        self.lines = lines
        self.clauses = list(_clause_names("\n".join(lines)))
        self.named: dict[str, list[Definition]] = {}  # by qualname
        self.inside: dict[str, list[Definition]] = {}  # by the qualname holding them
        for definition in facts.definitions:
            self.named.setdefault(definition.qualname, []).append(definition)
            self.inside.setdefault(definition.scope, []).append(definition)
        self.assigned: dict[str, list[BindingFact]] = {}  # `x.a = b`, by the scope `x`
        for binding in facts.bindings:
            if len(binding.target) == 1 and binding.value:
                self.assigned.setdefault(binding.scope, []).append(binding)

    def line(self, number: int) -> str:
        return self.lines[number - 1] if 0 < number <= len(self.lines) else ""

    def exports_at(self, number: int) -> bool:
        """Whether the statement on line `number` starts with `export`."""
        return self.line(number).lstrip().startswith("export")

    def public(self, definition: Definition) -> bool:
        """A member named public: not `_x`, `#x`, `[kSymbol]`, `private` or `protected`."""
        name = definition.qualname.rpartition(".")[2]
        if name.startswith("[") and not name.startswith("[Symbol."):
            return False  # a member keyed by the package's own symbol: `[kConnect]`
        before = self.line(definition.line).partition(name)[0]
        return not name.startswith(("_", "#")) and not _HIDDEN_MEMBER.search(before)


class _Surface:
    """The definitions (path, qualname inside the file) entry points reach."""

    def __init__(self, store: GraphStore, root: Path) -> None:
        self.store = store
        self.root = root
        self.files = set(store.file_rows())
        self.read: dict[str, _File | None] = {}
        self.seen: set[tuple[str, str, str]] = set()
        self.exported: set[tuple[str, str]] = set()

    def of(self, entries: list[str]) -> frozenset[tuple[str, str]]:
        for entry in entries:
            self._module(entry, WHOLE)
        return frozenset(self.exported)

    def _file(self, path: str) -> _File | None:
        if path not in self.read:
            row = self.store.file_row(path)
            readable = row is not None and row.sha256 is not None and row.language in LANGUAGES
            self.read[path] = (
                _File(self.store.facts(path), file_lines(self.root, path) or [])
                if readable
                else None
            )
        return self.read[path]

    def _module(self, path: str, name: str) -> None:
        """Visit what `path` exports as `name` (WHOLE: everything)."""
        file = self._file(path)
        if file is None or (path, name, "") in self.seen:
            return
        self.seen.add((path, name, ""))
        self._reexports(path, file, name)
        top = file.assigned.get("", [])
        defaults = [b for b in top if b.target == (DEFAULT,) and b.value]
        if name in (WHOLE, DEFAULT):  # `export default x`, `module.exports = x`
            for binding in defaults:
                self._value(path, binding.value or (), binding.line)
        if name == WHOLE:  # CommonJS: the `exports` object's members
            self._definition(path, "exports")
        elif name != DEFAULT:  # `const { a } = require("./x")`: `exports.a`, a default's `a`
            self._definition(path, f"exports.{name}")
            for binding in file.assigned.get("exports", []):
                if binding.target == (name,) and binding.value:
                    self._value(path, binding.value, binding.line)
            for binding in defaults:
                self._value(path, (*(binding.value or ()), name), binding.line)
        for definition in file.inside.get("", []):  # `export function f`, `export class C`
            wanted = name in (WHOLE, definition.qualname)
            if wanted and file.exports_at(definition.line):
                self._definition(path, definition.qualname)
        for binding in top:  # `export const a = b`
            wanted = name in (WHOLE, binding.target[0]) and binding not in defaults
            if wanted and binding.value and file.exports_at(binding.line):
                self._value(path, binding.value, binding.line)
        for local, exported_as in file.clauses:
            if name in (WHOLE, exported_as):  # `export { a as b }`
                self._value(path, (local,))

    def _reexports(self, path: str, file: _File, name: str) -> None:
        """Visit what `path` passes on from other files as `name`: `export * from "./x"`,
        `export { a as b } from "./x"`, `module.exports = require("./x")`."""
        for fact in file.facts.imports:
            target = "" if fact.scope else self._import_target(path, fact.module)
            if not target:
                continue
            if fact.alias == DEFAULT and fact.name is None:  # module.exports = require(..)
                if name in (WHOLE, DEFAULT):
                    self._module(target, WHOLE)
            elif not file.exports_at(fact.line):
                continue  # an import, no re-export
            elif fact.name == "*":  # `export *` passes on every name but the default
                if name != DEFAULT:
                    self._module(target, name)
            elif name in (WHOLE, fact.alias or fact.name):
                self._module(target, WHOLE if fact.name is None else fact.name)

    def _import_target(self, path: str, spec: str) -> str:
        """The repository's file a relative import names ("" for a package's name)."""
        if not spec.startswith("."):
            return ""
        base = posixpath.normpath(posixpath.join(posixpath.dirname(path), spec)).lstrip("/")
        stem, extension = posixpath.splitext(base)
        candidates = [base + suffix for suffix in _SUFFIXES]
        candidates += [stem + suffix for suffix in COMPILED.get(extension, ())]
        candidates += [f"{base}/index{suffix}" for suffix in _SUFFIXES[1:]]
        return next((c for c in candidates if c in self.files), "")

    def _value(self, path: str, chain: Chain, line: int = 0) -> None:
        """Visit what the expression `chain` (`a.b`, `require("./x").b` on `line`) in
        `path`'s top level stands for."""
        file = self._file(path)
        if file is None or not chain:
            return
        if chain[:2] == ("require", "()"):  # `exports.A = require("./a").A`
            found = _REQUIRE.search(file.line(line))
            target = self._import_target(path, found.group(2)) if found else ""
            if target and all(step.isidentifier() for step in chain[2:]):
                self._module(target, chain[2] if chain[2:] else WHOLE)
            return
        head, rest = chain[0], [step for step in chain[1:] if step.isidentifier()]
        if len(rest) != len(chain) - 1:
            return  # a call's result, a subscript: not followed
        qualname = ".".join([head, *rest])
        if qualname in file.named:
            self._definition(path, qualname)
        for fact in file.facts.imports:
            local = fact.alias or fact.name
            target = "" if fact.scope or local != head else self._import_target(path, fact.module)
            if not target:
                continue
            if fact.name in (None, "*"):
                self._module(target, rest[0] if rest else WHOLE)
            else:
                self._module(target, fact.name)

    def _definition(self, path: str, qualname: str) -> None:
        """Mark a definition exported, and the public members of a class or object."""
        file = self._file(path)
        if file is None or (path, qualname, "def") in self.seen:
            return
        self.seen.add((path, qualname, "def"))
        found = file.named.get(qualname, [])
        if found:
            self.exported.add((path, qualname))
        if found and not any(d.kind in ("class", "interface", "object") for d in found):
            return  # a function exports only itself
        for member in file.inside.get(qualname, []):
            if file.public(member):
                self._definition(path, member.qualname)
        for binding in file.assigned.get(qualname, []):  # `WebSocket.Server = Server`
            if binding.value and not binding.target[0].startswith(("_", "#")):
                self._value(path, binding.value, binding.line)


def _clause_names(text: str) -> Iterator[tuple[str, str]]:
    """`export { a, b as c }` (no `from`): each local name and the name it is exported as."""
    for clause in _EXPORT_CLAUSE.findall(text):
        for item in clause.split(","):
            words = item.split()
            if words and words[0] == "type":
                continue
            if len(words) == 1:
                yield words[0], words[0]
            elif len(words) == 3 and words[1] == "as":
                yield words[0], words[2]
