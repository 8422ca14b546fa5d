"""What Java and C# share: files that declare a package or namespace, found by it.

A file's `@namespace` (Java's `package a.b;`, C#'s `namespace A.B`) says which names it
offers to the other files of that package and to the files that import it. The index is
built once per resolver world from the files' facts (their namespace and top-level names).
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field

from brownfield.graph.facts import ImportFact
from brownfield.graph.generic_world import Value, World


@dataclass
class PackageIndex:
    """The files of each namespace, and the top-level definitions of each file."""

    world: World
    files_of: dict[str, list[str]] = field(default_factory=dict)  # namespace -> paths
    namespace_of: dict[str, str] = field(default_factory=dict)  # path -> namespace
    kinds_of: dict[str, dict[str, str]] = field(default_factory=dict)  # path -> qualname -> kind

    def __post_init__(self) -> None:
        for path in self.world.paths:
            facts = self.world.load_facts(path)
            self.namespace_of[path] = facts.namespace
            self.files_of.setdefault(facts.namespace, []).append(path)
            kinds = self.kinds_of[path] = {}
            for definition in facts.definitions:
                kinds.setdefault(definition.qualname, definition.kind)

    def package_files(self, namespace: str, near: str = "") -> list[str]:
        """The files declaring `namespace`; for the unnamed one, those in `near`'s folder."""
        files = self.files_of.get(namespace, [])
        if not namespace:
            folder = posixpath.dirname(near)
            files = [path for path in files if posixpath.dirname(path) == folder]
        return files

    def defining(self, namespace: str, qualname: str, near: str = "") -> list[str]:
        """The files of `namespace` that define the class (or member) `qualname`; a file
        named after the class first (`a/b/C.java` for `a.b.C`)."""
        top = qualname.partition(".")[0]
        found = [
            path
            for path in self.package_files(namespace, near)
            if qualname in self.kinds_of.get(path, {})
        ]
        return sorted(found, key=lambda path: posixpath.basename(path).partition(".")[0] != top)

    def resolve(self, path: str, fact: ImportFact) -> list[Value]:
        """`a.b` + `C`: the file of package `a.b` defining `C`; `a.b.C` + `m` (a static
        import, an alias of a nested class): the class `C` itself; else outside code."""
        module = fact.module
        if fact.name and fact.name != "*":
            files = self.defining(module, fact.name, path)
            if files:
                return [Value("mod", files[0], "")]
        parts = module.split(".")
        for split in range(len(parts) - 1, 0, -1):
            namespace, qualname = ".".join(parts[:split]), ".".join(parts[split:])
            for found in self.defining(namespace, qualname, path):
                if self.kinds_of[found][qualname] == "class":
                    return [Value("def", found, qualname)]
        return [Value("ext", "", module)]


_INDEXES: dict[int, PackageIndex] = {}


def package_index(world: World) -> PackageIndex:
    """The index of `world`, built on first use (one world per resolver)."""
    index = _INDEXES.get(id(world))
    if index is None or index.world is not world:
        if len(_INDEXES) > 8:
            _INDEXES.clear()
        index = _INDEXES[id(world)] = PackageIndex(world)
    return index
