"""C: `#include` of repository headers, and global functions resolved to their definition.

A C function is global: a call reaches the one definition (a function with a body) of
that name among the repository's C files, wherever its prototype was declared. A
`static` function is visible only in its own file: lexical lookup finds it there first,
and the global lookup leaves it out. Calls to functions the repository does not define
are standard library calls when their name is one (`<builtin>.printf`), and are left
unresolved otherwise (C has no namespaces that would say where a name comes from).

The C++ module (`cpp.py`) builds on the pieces here: the include resolution, the
`static` marking done at extraction and the resolver that honours it.
"""

from __future__ import annotations

import posixpath
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from brownfield.graph.facts import FileFacts, ImportFact
from brownfield.graph.generic_entry import entry_points
from brownfield.graph.generic_resolver import Resolver
from brownfield.graph.generic_world import Found, Profile, Table, Value, World
from brownfield.model import Node, Resolution

#: The marker put in `Definition.decorators` of a file-local (`static`) function.
STATIC = ("static",)

#: The C standard library's functions: what a call to a name the repository does not
#: define may still be known as (`<builtin>.printf`).
C_STANDARD_LIBRARY = frozenset(
    {
        # stdio.h
        "printf", "fprintf", "sprintf", "snprintf", "vprintf", "vfprintf", "vsnprintf",
        "scanf", "fscanf", "sscanf", "puts", "fputs", "putchar", "fputc", "putc", "gets",
        "fgets", "getchar", "fgetc", "getc", "fopen", "fclose", "fread", "fwrite", "fflush",
        "fseek", "ftell", "rewind", "perror", "remove", "rename",
        # stdlib.h
        "malloc", "calloc", "realloc", "free", "exit", "abort", "atexit", "atoi", "atol",
        "atof", "strtol", "strtoul", "strtod", "qsort", "bsearch", "abs", "labs", "rand",
        "srand", "getenv", "system",
        # string.h
        "strlen", "strcmp", "strncmp", "strcpy", "strncpy", "strcat", "strncat", "strchr",
        "strrchr", "strstr", "strdup", "strtok", "memcpy", "memmove", "memset", "memcmp",
        "memchr",
        # ctype.h, math.h, time.h, assert.h
        "isalpha", "isdigit", "isalnum", "isspace", "isupper", "islower", "toupper",
        "tolower", "sqrt", "pow", "floor", "ceil", "fabs", "time", "clock", "assert",
    }
)  # fmt: skip


class IncludeIndex:
    """The headers of one world by file name, to find `#include "dir/x.h"` by its tail."""

    def __init__(self) -> None:
        self._world: World | None = None
        self._by_name: dict[str, list[str]] = {}

    def by_name(self, world: World) -> dict[str, list[str]]:
        if self._world is not world:
            self._world, self._by_name = world, {}
            for path in sorted(world.files, key=lambda p: (p.count("/"), p)):
                self._by_name.setdefault(posixpath.basename(path), []).append(path)
        return self._by_name


def resolve_include(world: World, index: IncludeIndex, path: str, spec: str) -> list[Value]:
    """`#include "x.h"`: the including file's folder first, then the repository root, then
    any file whose path ends with the spec (an include path such as `-Iinclude`, the
    shallowest first). What the repository does not hold is outside code."""
    spec = spec.strip()
    found = world.find_file([posixpath.join(posixpath.dirname(path), spec), spec])
    if found is None and not spec.startswith(("/", "..")):
        tail = "/" + posixpath.normpath(spec)
        found = next(
            (
                candidate
                for candidate in index.by_name(world).get(posixpath.basename(spec), [])
                if ("/" + candidate).endswith(tail)
            ),
            None,
        )
    if found is not None:
        return [Value("mod", found, "")]
    return [Value("ext", "", spec)]


class C(Profile):
    language = "c"
    self_names: frozenset[str] = frozenset()
    super_names: frozenset[str] = frozenset()
    constructors: tuple[str, ...] = ()
    builtins = C_STANDARD_LIBRARY
    global_names = True

    def __init__(self) -> None:
        self.includes = IncludeIndex()

    def resolve_import(self, world: World, path: str, fact: ImportFact) -> list[Value]:
        return resolve_include(world, self.includes, path, fact.module)


class CResolver(Resolver):
    """The generic resolver, with `static` functions left out of the global lookup and
    names looked up through the transitive closure of a file's includes."""

    def __init__(self, profile: Profile, world: World) -> None:
        super().__init__(profile, world)
        self._includes: dict[str, list[str]] = {}  # file -> the repository files it includes

    def _global(self, name: str) -> list[Found]:
        self._deps.add(f"name:{name}")
        candidates = list(
            dict.fromkeys(
                (path, qualname)
                for node, _ in self.world.definitions_named(name)
                for path, _, qualname in [node.partition("::")]
                if path in self.world.files and "." not in qualname
                if not self._is_static(path, qualname)
            )
        )
        if len(candidates) != 1:
            return []
        path, qualname = candidates[0]
        return [(Value("def", path, qualname), Resolution.IMPORT)]

    def _through_wildcards(self, table: Table, name: str) -> list[Found]:
        """`name` at the top level of the files `table` includes, directly or not, the
        nearest first. Breadth first and without recursion: include graphs are deep, and
        their cycles are cut by `#pragma once` and include guards."""
        for path in self._include_closure(table.path):
            header = self.table(path)
            bindings = header.scopes.get("", {}).get(name)
            if bindings:
                return [
                    (value, Resolution.IMPORT)
                    for value, _ in self.binding_values(header, "", bindings[-1:])
                ]
        return []

    def _include_closure(self, path: str) -> list[str]:
        closure: list[str] = []
        seen, pending = {path}, deque([path])
        while pending:
            for included in self._included(pending.popleft()):
                if included not in seen:
                    seen.add(included)
                    closure.append(included)
                    pending.append(included)
        return closure

    def _included(self, path: str) -> list[str]:
        self._deps.add(f"file:{path}")
        found = self._includes.get(path)
        if found is None:
            found = self._includes[path] = list(
                dict.fromkeys(
                    value.path
                    for fact in self.table(path).facts.imports
                    if fact.name == "*"
                    for value in self.profile.resolve_import(self.world, path, fact)
                    if value.kind == "mod"
                )
            )
        return found

    def _is_static(self, path: str, qualname: str) -> bool:
        return any(
            d.qualname == qualname and STATIC in d.decorators
            for d in self.table(path).facts.definitions
        )


def _in_anonymous_namespace(node: Any) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.type == "namespace_definition" and parent.child_by_field_name("name") is None:
            return True
        parent = parent.parent
    return False


def mark_definitions(facts: FileFacts, matches: list[Any]) -> FileFacts:
    """What the capture names cannot say: a `static` (or anonymous-namespace) function is
    marked file-local, and a function defined with a qualified name (`A::B::f`) is a
    method."""
    marks: dict[tuple[int, int], tuple[bool, bool]] = {}
    for _, captures in matches:
        nodes = captures.get("definition.function")
        if not nodes:
            continue
        node = nodes[0]
        static = _in_anonymous_namespace(node) or any(
            child.type == "storage_class_specifier" and bytes(child.text) == b"static"
            for child in node.children
        )
        qualified = any(name.type == "qualified_identifier" for name in captures.get("name", []))
        marks[(node.start_point.row + 1, node.end_point.row + 1)] = (static, qualified)
    if not marks:
        return facts
    definitions = []
    for definition in facts.definitions:
        static, qualified = marks.get((definition.line, definition.end_line), (False, False))
        if static and not definition.scope and definition.kind == "function":
            definition = definition._replace(decorators=(STATIC,))
        if qualified and definition.kind == "function":
            definition = definition._replace(kind="method")
        definitions.append(definition)
    facts.definitions = definitions
    return facts


def c_family_entry_points(
    profile: Profile, resolver: type[Resolver]
) -> tuple[
    Callable[..., FileFacts],
    Callable[..., list[Node]],
    Callable[..., Resolver],
    Callable[..., set[str]],
]:
    """`entry_points`, with the definitions marked after extraction and the C-family
    resolver in place of the generic one."""
    generic_extract, nodes_of, _, invalidated_keys = entry_points(profile)

    def extract(root: object, source: bytes, matches: list[Any]) -> FileFacts:
        return mark_definitions(generic_extract(root, source, matches), matches)

    def new_resolver(
        paths: Iterable[str],
        load_facts: Callable[[str], FileFacts],
        definitions_named: Callable[[str], list[tuple[str, str]]],
        roots: object = None,
    ) -> Resolver:
        world = World(profile.language, sorted(paths), load_facts, definitions_named, roots)
        return resolver(profile, world)

    return extract, nodes_of, new_resolver, invalidated_keys


PROFILE = C()
extract, nodes_of, new_resolver, invalidated_keys = c_family_entry_points(PROFILE, CResolver)
