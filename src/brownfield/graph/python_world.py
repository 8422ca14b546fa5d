"""Python: the repository as the resolver sees it, and what a build asks of a file alone.

`World` holds the dotted names of the repository's modules, a way to read their facts and
the indexes of the build (methods by name, files calling a name). The module-level
functions are the resolver module's entry points that need no resolver: a file's nodes,
the names it calls, the dependency keys a change of it invalidates, the import roots.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from brownfield.graph.facts import Chain, Definition, FileFacts, ImportFact
from brownfield.graph.python_roots import ImportRoots, import_roots
from brownfield.graph.python_scopes import (
    imported_modules,
    kept_definitions,
    module_name,
    node_id,
)
from brownfield.model import Node, NodeKind

#: A file's classes and the bases found for them (its `inherits` edges, in order): a file
#: reading a class order depends on it for each file holding a class of the order.
BASES_KEY = "bases:"
#: The imports of every Python file of the repository (which file imports what).
IMPORTS_KEY = "imports:*"
#: A name looked up at the top of a module (`global:PATH::NAME`), and the calls of a module
#: whose callee ends in a name (`sites:PATH::NAME`): what an edit that only appends whole
#: definitions changes for the files that read the module, instead of all of it (`file:`).
GLOBAL_KEY = "global:"
SITES_KEY = "sites:"


class StoredBases(Protocol):
    """The classes' bases as the store holds them (`build_indexes.StoredInherits`): None
    for a file whose may have changed."""

    def bases(self, path: str, qualname: str) -> list[str] | None:
        """The ids (node ids, outside names) of the bases of class `qualname` of `path`."""

    def classes(self, path: str) -> list[str] | None:
        """The qualnames of the classes of `path` that have bases, in order."""


class _NoneStored:
    def bases(self, path: str, qualname: str) -> list[str] | None:
        return None

    def classes(self, path: str) -> list[str] | None:
        return None


@dataclass
class World:
    """The repository as the resolver sees it: its modules and a way to read their facts."""

    modules: dict[str, str]  # dotted module name -> path
    load_facts: Callable[[str], FileFacts]
    methods_named: Callable[[str], list[str]]  # node ids of the methods with this name
    names: dict[str, str] = field(default_factory=dict)  # path -> dotted module name
    files_calling: Callable[[str], list[str]] = lambda name: []  # files calling `name(...)`
    load_imports: Callable[[str], list[ImportFact]] = field(init=False)  # a file's imports
    files_decorating: Callable[[str], list[str]] = field(init=False)  # `decorated_names`
    #: (node id, kind) of the definitions with a name (a redefinition: the first's kind)
    definitions_named: Callable[[str], list[tuple[str, str]]] = lambda name: []
    stored: StoredBases = field(default_factory=_NoneStored)  # classes' bases as stored
    packages: set[str] = field(init=False)

    def __post_init__(self) -> None:
        self.load_imports = lambda path: self.load_facts(path).imports
        self.files_decorating = self._files_decorating  # (unless an index is given)
        self.packages = set()
        for dotted in self.modules:
            parts = dotted.split(".")
            for size in range(1, len(parts)):
                self.packages.add(".".join(parts[:size]))

    def _files_decorating(self, name: str) -> list[str]:
        """The files with a decorated method `name`, read off the files of the methods."""
        paths = sorted({method_id.partition("::")[0] for method_id in self.methods_named(name)})
        return [path for path in paths if name in decorated_names(self.load_facts(path))]


def methods_index(
    definitions_named: Callable[[str], list[tuple[str, str]]],
) -> Callable[[str], list[str]]:
    """Name -> the node ids of the Python methods so named, each name looked up once."""
    known: dict[str, list[str]] = {}

    def methods_named(name: str) -> list[str]:
        found = known.get(name)
        if found is None:
            found = known[name] = [
                node_id
                for node_id, kind in definitions_named(name)
                if kind == "method" and node_id.partition("::")[0].endswith((".py", ".pyi"))
            ]
        return found

    return methods_named


def layout(root: Path, configs: Sequence[str], paths: Sequence[str]) -> ImportRoots:
    """The repository's import roots, computed once per build (see `python_roots`)."""
    return import_roots(root, configs, paths)


def nodes_of(path: str, facts: FileFacts, roots: ImportRoots | None = None) -> list[Node]:
    """The module node and every definition of a file; these depend on the file and the
    import roots alone."""
    dotted = module_name(path, roots)
    found = [
        Node(
            id=path,
            kind=NodeKind.MODULE,
            name=dotted.rpartition(".")[2],
            qualname=dotted,
            path=path,
            line=1,
            end_line=max(1, facts.line_count),
            language="python",
        )
    ]
    kept = kept_definitions(facts.definitions)
    seen = set()
    for first in facts.definitions:
        if first.qualname in seen:
            continue  # a redefinition (`if ...: def f` / `else: def f`) keeps the first span,
        seen.add(first.qualname)
        definition = kept[first.qualname]  # but `@overload` stubs give theirs to the `def` run
        found.append(
            Node(
                id=node_id(path, definition.qualname),
                kind=NodeKind(definition.kind),
                name=definition.name,
                qualname=f"{dotted}.{definition.qualname}",
                path=path,
                line=definition.line,
                end_line=definition.end_line,
                language="python",
            )
        )
    return found


def call_names(facts: FileFacts) -> set[str]:
    """The names a file calls with arguments (the last step of each callee): where values
    may flow into the parameters of a function of that name, from this file."""
    return {
        call.chain[-1]
        for call in facts.calls
        if call.chain and not call.implicit and (call.args or call.kwargs)
    }


def decorated_names(facts: FileFacts) -> set[str]:
    """The names of the file's methods (by their node's kind, the first definition's) whose
    definition (`kept_definitions`) is decorated: a property, a descriptor, a wrapper."""
    kept = kept_definitions(facts.definitions)
    first: dict[str, Definition] = {}
    for definition in facts.definitions:
        first.setdefault(definition.qualname, definition)
    return {
        definition.name
        for qualname, definition in first.items()
        if definition.kind == "method" and kept[qualname].decorators
    }


def invalidated_keys(
    path: str, old: FileFacts | None, new: FileFacts | None, roots: ImportRoots | None = None
) -> set[str]:
    """The dependency keys whose meaning changes when `path` goes from `old` to `new` facts
    (but `bases:PATH`, which changes with what resolving the file finds: `build_resolve`)."""
    # Removing definitions is appending them undone. Stored facts no build wrote (anyone
    # may write `.brownfield/`) are no appending: the whole file changed.
    try:
        appended = _appended(old, new) or _appended(new, old)
    except (TypeError, AttributeError):
        appended = None
    if appended is None:
        keys = {f"file:{path}"}
    else:  # what the definitions bind or read at the top, and the calls they make
        names, ends = appended
        keys = {f"{GLOBAL_KEY}{path}::{name}" for name in names}
        keys |= {f"{SITES_KEY}{path}::{end}" for end in ends} | {f"calls:{end}" for end in ends}
    dotted = module_name(path, roots)
    if old is None or new is None:  # the module (and maybe its packages) appears or goes
        parts = dotted.split(".")
        keys |= {f"mod:{'.'.join(parts[:size])}" for size in range(1, len(parts) + 1)}
        keys.add(BASES_KEY + path)
    # `calls:NAME`: which files call NAME and import what (the sites read are `file:` keys)
    before, after = (call_names(f) if f is not None else set() for f in (old, new))
    if old is None or new is None or _imported(old) != _imported(new):
        keys.add(IMPORTS_KEY)
        keys.update(f"calls:{name}" for name in before | after)
    else:
        keys.update(f"calls:{name}" for name in before ^ after)
    # `calls:NAME@M`: which files call NAME and import module M (or a name from it)
    reached = [imported_modules(dotted, path, f.imports if f else ()) for f in (old, new)]
    for name in before | after:
        modules = reached[0] | reached[1] if name in before ^ after else reached[0] ^ reached[1]
        keys.update(f"calls:{name}@{module}" for module in modules)
    keys.update(f"name:{name}" for name in _reshaped_methods(old, new))
    return keys


def _appended(old: FileFacts | None, new: FileFacts | None) -> tuple[set[str], set[str]] | None:
    """When an edit only adds whole top-level definitions (every record of `old` is in
    `new` as it was, each new one inside a new top-level definition, the imports and
    `__all__` as they were): the names they bind or read first in a chain, and the last
    steps of the calls they make. None for any other edit.

    A file that read the module before reads what it did, but for a lookup of one of those
    names (`global:`), a read of the calls ending in one of those steps (`sites:`) or of
    the files calling it (`calls:`): nothing else of the module changed."""
    if old is None or new is None or old.status != "ok":
        return None
    whole = ("language", "status", "diagnostic", "imports", "exports", "namespace")
    if any(getattr(old, name) != getattr(new, name) for name in whole):
        return None
    added: dict[str, list[Any]] = {}
    for kind in ("definitions", "calls", "bindings", "returns"):
        before, after = Counter(getattr(old, kind)), Counter(getattr(new, kind))
        if before - after:
            return None
        added[kind] = list((after - before).elements())
    tops = {d.qualname for d in added["definitions"] if not d.scope}
    inside = [d for d in added["definitions"] if d.scope]
    inside += [*added["calls"], *added["bindings"], *added["returns"]]
    if any(record.scope.partition(".")[0] not in tops for record in inside):
        return None
    chains: list[Chain | None] = []
    for d in added["definitions"]:
        chains += [*d.bases, *d.decorators, *(c for _, c in d.defaults)]
        chains += [c for _, c in d.annotations]
    for call in added["calls"]:
        chains += [call.chain, *call.args, *(c for _, c in call.kwargs)]
    chains += [c for b in added["bindings"] for c in (b.target, b.value)]
    chains += [r.value for r in added["returns"]]
    names = tops | {chain[0] for chain in chains if chain}
    return names, {call.chain[-1] for call in added["calls"] if call.chain}


def _imported(facts: FileFacts) -> set[tuple[str, str | None, int]]:
    """What a file imports, as the files looking for who imports what read it."""
    return {(fact.module, fact.name, fact.level) for fact in facts.imports}


def _shapes(facts: FileFacts | None, kind: str) -> set[Definition]:
    """The file's definitions of a kind as other files see them by name: all but where."""
    found = [] if facts is None else facts.definitions
    return {d._replace(line=0, end_line=0) for d in found if d.kind == kind}


def _reshaped_methods(old: FileFacts | None, new: FileFacts | None) -> set[str]:
    """The names of the methods that came, went or changed their signature, decorators or
    class; all of the file's method names when a class changed its bases or decorators
    (the classes an override may come from changed). An edit inside a method's body keeps
    its name's dependants: what they read of the body, they read through `file:` keys."""
    before, after = _shapes(old, "method"), _shapes(new, "method")
    if old is None or new is None or _shapes(old, "class") != _shapes(new, "class"):
        return {d.name for d in before | after}
    return {d.name for d in before ^ after}
