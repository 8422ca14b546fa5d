"""What a language's `Profile` and the generic resolver share: values, a file's scope
table, the world of one language's files, and the profile itself (see
`generic_resolver.py` for how a call is resolved, `docs/languages.md` for the rules)."""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from brownfield.graph.facts import FileFacts, ImportFact
from brownfield.model import Resolution


class Value(NamedTuple):
    """What an expression may be: "def" (path, qualname), "inst" (an instance of the class
    path::qualname), "mod" (a file: path), "pkg" (a folder of files: name), "ext" (outside
    code: dotted name)."""

    kind: str
    path: str
    name: str


Found = tuple[Value, Resolution]


@dataclass
class Table:
    """One file's scopes: per scope, the names bound in it (definitions, imports, variables)."""

    path: str
    facts: FileFacts
    kinds: dict[str, str]  # qualname -> class | function | method
    scopes: dict[str, dict[str, list[object]]]  # scope -> name -> Definition qualname | facts
    parents: dict[str, str]  # qualname -> the scope it is defined in

    def parent(self, scope: str) -> str | None:
        if not scope:
            return None
        found = self.parents.get(scope)
        return found if found is not None else scope.rpartition(".")[0]  # `impl T`, namespaces


def build_table(path: str, facts: FileFacts) -> Table:
    """Scopes and their names; a name's bindings in source order, the last one counting
    (an import and a variable on one line: `const x = require("./x")` is the import)."""
    bound: dict[str, dict[str, list[tuple[int, int, object]]]] = {"": {}}
    kinds: dict[str, str] = {}
    parents: dict[str, str] = {}
    for definition in facts.definitions:
        kinds.setdefault(definition.qualname, definition.kind)
        parents.setdefault(definition.qualname, definition.scope)
        bound.setdefault(definition.qualname, {})
        names = bound.setdefault(definition.scope, {})
        names.setdefault(definition.name, []).append((definition.line, 0, definition.qualname))
    for binding in facts.bindings:
        names = bound.setdefault(binding.scope, {})
        names.setdefault(binding.target[-1], []).append((binding.line, 1, binding))
    for fact in facts.imports:
        if fact.name == "*":
            continue
        name = fact.alias or fact.name or fact.module.replace("\\", "/").rstrip("/")
        name = name if fact.alias else name.rpartition("/")[2].rpartition(".")[2]
        bound.setdefault(fact.scope, {}).setdefault(name, []).append((fact.line, 2, fact))
    scopes = {
        scope: {
            name: [payload for _, _, payload in sorted(found, key=lambda b: (b[0], b[1]))]
            for name, found in names.items()
        }
        for scope, names in bound.items()
    }
    return Table(path, facts, kinds, scopes, parents)


@dataclass
class World:
    """The files of one language in the repository, and the ways to read them."""

    language: str
    paths: list[str]
    load_facts: Callable[[str], FileFacts]
    definitions_named: Callable[[str], list[tuple[str, str]]]
    files: set[str] = field(init=False)
    folders: dict[str, list[str]] = field(init=False)
    #: what a profile computes once per world (e.g. TypeScript's declaration files)
    cache: dict[str, object] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.files = set(self.paths)
        self.folders = {}
        for path in sorted(self.paths):
            self.folders.setdefault(posixpath.dirname(path), []).append(path)

    def find_file(self, candidates: Iterable[str]) -> str | None:
        """The first candidate path (normalized) that is a file of this language."""
        for candidate in candidates:
            normal = posixpath.normpath(candidate)
            if normal in self.files:
                return normal
        return None


class Profile:
    """How one language differs; the defaults suit a C-family object language."""

    language = ""
    self_names: frozenset[str] = frozenset({"this"})
    super_names: frozenset[str] = frozenset({"super"})
    #: method names that construct an instance; "<class>" stands for the class's own name
    constructors: tuple[str, ...] = ("<class>",)
    #: a step that, on a class, means "construct" (Ruby's `Foo.new`)
    new_step: str | None = None
    #: whether a method sees its class's members unqualified (`helper()` for `this.helper()`)
    class_members_visible: bool = True
    builtins: frozenset[str] = frozenset()

    def resolve_import(self, world: World, path: str, fact: ImportFact) -> list[Value]:
        """What an import's module part is: a file ("mod"), a folder ("pkg"), a definition
        ("def") or outside code ("ext"). The imported name, if any, is then looked up in it."""
        return [Value("ext", "", fact.module.replace("/", ".").replace("::", "."))]

    def visible_files(self, world: World, path: str, facts: FileFacts) -> list[str]:
        """Files whose top-level names `path` sees without importing them; `path` itself
        may be among them (files with the same list share one index of their names)."""
        return []

    def may_hold_methods(self, class_path: str, path: str) -> bool:
        """Whether `path` may hold methods, written outside it, of a class declared in
        `class_path` (Go: only a file of the same package folder)."""
        return True

    #: whether a top-level definition anywhere is visible by name (C functions, Ruby classes)
    global_names = False


def module_name(path: str) -> str:
    stem, _, _ = path.rpartition(".")
    return (stem or path).replace("/", ".")


def node_id(path: str, qualname: str) -> str:
    return f"{path}::{qualname}" if qualname else path
