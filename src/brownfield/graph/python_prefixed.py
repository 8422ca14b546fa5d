"""Python: attributes read under a computed name with a literal start.

`getattr(self, f"visit_{type(node).__name__}", None)` (or `"visit_" + kind`) may be any
attribute whose name starts with `visit_`: a visitor's dispatch by name. The name is not
known, so each is a guess, an `override` edge where the call may go at run time: the
methods so named that the receiver's class finds through its MRO, and those of the classes
below it (a visitor base class reads `self`, its subclasses define the `visit_` methods).

Classes below are looked for in the files that import the class's module (or a package
holding it), and then those importing theirs, in path order. Which files import what is
read off every file of the repository, so a file reading such a name depends on the
imports of every file (`imports:*`, and the top-level packages, for files that come), and
on the classes and bases of each file it looked in (`bases:PATH`, see `python_classes`).
"""

from __future__ import annotations

from collections.abc import Callable

from brownfield.graph.python_chains import PREFIXED
from brownfield.graph.python_evaluator import Evaluator
from brownfield.graph.python_scopes import GUESSED, Found, Value
from brownfield.graph.python_world import BASES_KEY, IMPORTS_KEY

#: More methods than this under one prefix are a table of data, not a family to dispatch to.
MAX_PREFIXED = 256


def prefix_of(attribute: str) -> str | None:
    """The literal start of a `PREFIXED` step, or None for any other step."""
    if attribute.startswith(PREFIXED) and attribute.endswith(">"):
        return attribute[len(PREFIXED) : -1]
    return None


class PrefixedMembers:
    """The methods a computed attribute name may reach, for the class members that ask."""

    def __init__(self, resolver: Evaluator, mro: Callable[[Value], list[Value]]) -> None:
        self.resolver = resolver
        self.mro = mro

    def members(self, cls: Value, prefix: str) -> list[Found]:
        """The methods named `prefix...` that instances of `cls` or of a class below it may
        find, each a guess (`override`)."""
        found = self._own(cls, prefix)
        empty: list[Value] = []
        below = self.resolver.shared(("prefixed-below", cls), lambda: self._below(cls), empty)
        for klass in below:
            found += [m for m in self._own(klass, prefix) if m not in found]
        if len(found) > MAX_PREFIXED:
            return []
        return [(method, GUESSED) for method in found]

    def _own(self, cls: Value, prefix: str) -> list[Value]:
        """What the attributes `prefix...` that `cls` finds first through its MRO hold (a
        decorated method: what its decorator returned; `visit_Add = make_visitor("+")`)."""
        seen: set[str] = set()
        found: list[Value] = []
        for klass in self.mro(cls):
            if klass.kind != "def":
                break  # an outside base: what it defines is not ours
            table = self.resolver.table(klass.path)
            for name in sorted(table.scopes.get(klass.name, {})):
                if not name.startswith(prefix) or name in seen:
                    continue
                seen.add(name)
                values = self.resolver.lookup_in_scope(table, klass.name, name, None) or []
                found += [value for value, _ in values if value.kind == "def"]
        return sorted(set(found))

    def _below(self, cls: Value) -> list[Value]:
        """The repository classes whose MRO holds `cls` (but `cls`), in the files importing
        its module, and theirs in turn (a class derives from another by naming it)."""
        resolver = self.resolver
        names = resolver.world.names  # path -> dotted module name
        paths = sorted(names)
        consulted = resolver.consulted
        consulted.keys.add(IMPORTS_KEY)  # which file imports what: read off each
        for top in sorted({names[path].partition(".")[0] for path in paths}):
            resolver.module(top)  # a file that comes may derive from it too
        # a file imports a home when it imports the module or a package holding it
        wanted = _holding(names.get(cls.path, ""))
        below: list[Value] = []
        done: set[str] = set()
        while True:
            reading = [
                path
                for path in paths
                if path not in done
                and (path == cls.path or not wanted.isdisjoint(resolver.imported_by(path)))
            ]
            if not reading:
                return below
            for path in reading:
                done.add(path)
                # which classes it has, with their bases: its `bases:` key, not its file's
                read = path in consulted.files
                table = resolver.table(path)
                if not read:
                    consulted.files.discard(path)
                consulted.keys.add(BASES_KEY + path)
                for qualname, definition in table.definitions.items():
                    klass = Value("def", path, qualname)
                    if definition.kind != "class" or klass == cls or klass in below:
                        continue
                    if cls in self.mro(klass):
                        below.append(klass)
                        wanted |= _holding(names[path])


def _holding(module: str) -> set[str]:
    """A module's dotted name and those of the packages holding it (`a.b.c`: `a`, `a.b`,
    `a.b.c`): importing one of them is importing the module or a package holding it."""
    parts = module.split(".")
    return {".".join(parts[:size]) for size in range(1, len(parts) + 1)}
