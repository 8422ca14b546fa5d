"""PHP: namespaces and `use` declarations, `require`/`include` of files."""

from __future__ import annotations

import posixpath
from collections.abc import Callable

from brownfield.graph.facts import FileFacts, ImportFact
from brownfield.graph.generic_entry import entry_points
from brownfield.graph.generic_world import Profile, Value, World
from brownfield.graph.lang.php_builtins import BUILTIN_CLASSES, BUILTIN_FUNCTIONS


class Php(Profile):
    language = "php"
    fields_apart = True  # a field and a method may share a name
    overridable = True  # `this.m()` may run an override of `m` below
    self_names = frozenset({"$this", "self", "static"})
    super_names = frozenset({"parent"})
    constructors = ("__construct",)
    class_members_visible = False  # a method must say `$this->helper()` or `self::helper()`
    builtins = BUILTIN_FUNCTIONS | BUILTIN_CLASSES

    def resolve_import(self, world: World, path: str, fact: ImportFact) -> list[Value]:
        """`require`/`include` (a wildcard): the file, beside this one or from the
        repository's root. `use A\\B\\C`: the class or function `C` in the file that
        declares namespace `A\\B`; `use A\\B\\{C}`: that file, `C` then being looked up in it."""
        if fact.name == "*":
            spec = fact.module.lstrip("/")  # `__DIR__ . '/x.php'` leaves `/x.php`
            found = world.find_file([posixpath.join(posixpath.dirname(path), spec), spec])
            return [Value("mod", found, "")] if found else []
        full = fact.module.strip("\\")
        if fact.name:
            full = f"{full}\\{fact.name}"
        namespace, _, name = full.rpartition("\\")
        declaring = _declaring_file(world, namespace.replace("\\", "."), name)
        if declaring is None:
            dotted = full.replace("\\", ".")
            return [Value("ext", "", dotted.rpartition(".")[0] if fact.name else dotted)]
        if fact.name:
            return [Value("mod", declaring, "")]
        return [Value("def", declaring, name)]

    def unbound(self, world: World, path: str, name: str) -> list[Value]:
        """A name written as a namespace's first part (`Utils\\Strings::length()`): a
        namespace of the repository, the file's own one's (`App\\Utils` in namespace
        `App`) before a namespace of the top (`\\App\\Utils\\Strings`, written fully
        qualified)."""
        known = _namespaces(world)
        own = world.load_facts(path).namespace
        for candidate in (f"{own}.{name}" if own else "", name):
            if candidate in known:
                return [Value("ext", "", candidate)]
        return []

    def namespace_member(
        self, world: World, namespace: str, name: str, depend: Callable[[str], None]
    ) -> Value | None:
        """The class, interface, trait or function `name` a file of `namespace` declares."""
        if namespace not in _namespaces(world):
            return None
        depend(f"name:{name}")  # a file declaring it appears, or goes
        declaring = _declaring_file(world, namespace, name)
        return Value("def", declaring, name) if declaring else None

    def visible_files(self, world: World, path: str, facts: FileFacts) -> list[str]:
        """The files of the same namespace in the same folder (the PSR-4 layout); the file
        itself among them, so that the folder's files share one index of their names."""
        return [
            other
            for other in world.folders.get(posixpath.dirname(path), [])
            if world.load_facts(other).namespace == facts.namespace
        ]


def _namespaces(world: World) -> frozenset[str]:
    """The namespaces the files declare (dotted), and every one holding them (`App` for
    `App.Utils`): once per world."""
    found = world.cache.get("php-namespaces")
    if not isinstance(found, frozenset):
        names: set[str] = set()
        for path in world.paths:
            parts = world.load_facts(path).namespace.split(".")
            names.update(".".join(parts[:end]) for end in range(1, len(parts) + 1))
        names.discard("")
        found = world.cache["php-namespaces"] = frozenset(names)
    return found


def _declaring_file(world: World, namespace: str, name: str) -> str | None:
    """The file declaring `name` at its top level in `namespace` (dotted)."""
    for node, _ in world.definitions_named(name):
        path, _, qualname = node.partition("::")
        if (
            qualname == name
            and path in world.files
            and world.load_facts(path).namespace == namespace
        ):
            return path
    return None


PROFILE = Php()
extract, nodes_of, new_resolver, invalidated_keys = entry_points(PROFILE)
