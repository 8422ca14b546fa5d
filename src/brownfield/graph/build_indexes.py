"""What a build knows of every file at once, for resolvers: definitions by name, and the
files holding a name (calling it, defining a decorated method so named). Each is the
store's rows (minus the files changed or gone) plus the files parsed now, so an
incremental build sees what a full build would."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from brownfield.graph.facts import CALL_KEY, COMPUTED_KEY, DECORATED_KEY, FileFacts
from brownfield.graph.languages import LANGUAGES
from brownfield.graph.store import GraphStore


def resolver_module(language: str) -> ModuleType:
    return importlib.import_module(LANGUAGES[language].resolver)


class DefinitionIndex:
    """Name -> (node id, kind) of every definition after this build: the store's, minus
    changed files, plus new ones."""

    def __init__(
        self, store: GraphStore, excluded: set[str], new: dict[str, list[tuple[str, str]]]
    ) -> None:
        self.store, self.excluded, self.new = store, excluded, new
        self.cache: dict[str, list[tuple[str, str]]] = {}
        self.complete = False
        self.indexes: dict[str, NameIndex] = {}  # `name_indexes`, once the build sets them
        if store.fresh:  # nothing stored yet: every definition is a new one
            self.cache = {name: sorted(found) for name, found in new.items()}
            self.complete = True

    def load_all(self) -> None:
        """Read every name now (before forking workers, which must not touch the store)."""
        if self.store.fresh:
            return  # every definition is a new one, all known already
        index = self.store.definition_index(self.excluded)
        for name in set(index) | set(self.new):
            self.cache[name] = sorted(index.get(name, []) + self.new.get(name, []))
        self.complete = True

    def named(self, name: str) -> list[tuple[str, str]]:
        found = self.cache.get(name)
        if found is None and self.complete:
            return []
        if found is None:
            stored = [
                (node_id, kind)
                for node_id, kind, path in self.store.definition_ids(name)
                if path not in self.excluded
            ]
            found = self.cache[name] = sorted(stored + self.new.get(name, []))
        return found


class NameIndex:
    """Name -> the files holding it by a resolver module's hook (`call_names`: the names a
    file calls, for resolvers that follow arguments across files; `decorated_names`),
    recorded at resolution as `KEY+NAME` dependency rows: the store's rows, minus changed
    files, plus new ones."""

    def __init__(
        self,
        store: GraphStore,
        excluded: set[str],
        parsed: dict[str, FileFacts],
        key: str,
        hook: str,
    ) -> None:
        self.store, self.excluded, self.key, self.hook = store, excluded, key, hook
        self.new = _names(parsed, hook)
        self.cache: dict[str, list[str]] = {}
        self.complete = store.fresh
        if store.fresh:
            self.cache = self.new

    def load_all(self, facts: dict[str, FileFacts]) -> None:
        """Every name now, from every file's facts (before forking workers, which must not
        touch the store). In a fresh graph they are the parsed files' already."""
        if self.store.fresh:
            return
        self.cache = _names(facts, self.hook)
        self.complete = True

    def files(self, name: str) -> list[str]:
        found = self.cache.get(name)
        if found is None and self.complete:
            return []
        if found is None:
            stored = self.store.files_depending_on([f"{self.key}{name}"]) - self.excluded
            found = self.cache[name] = sorted(stored | set(self.new.get(name, [])))
        return found


def name_indexes(
    store: GraphStore, excluded: set[str], parsed: dict[str, FileFacts]
) -> dict[str, NameIndex]:
    """The indexes resolvers may ask for, by the keyword argument that passes them."""
    return {
        "calls_named": NameIndex(store, excluded, parsed, CALL_KEY, "call_names"),
        "decorated_named": NameIndex(store, excluded, parsed, DECORATED_KEY, "decorated_names"),
        "computed_named": NameIndex(store, excluded, parsed, COMPUTED_KEY, "computed_names"),
    }


def _names(facts: dict[str, FileFacts], hook_name: str) -> dict[str, list[str]]:
    """Name -> the files (in order) whose facts hold it, by their resolver's hook."""
    found: dict[str, list[str]] = {}
    for path, file_facts in sorted(facts.items()):
        if file_facts.language not in LANGUAGES:
            continue
        hook = getattr(resolver_module(file_facts.language), hook_name, None)
        for name in hook(file_facts) if hook is not None else ():
            found.setdefault(name, []).append(path)
    return found


def resolver_context(layouts: dict[str, Any], module: str) -> dict[str, Any]:
    """The keyword arguments a resolver module's entry points take besides their own."""
    return {"roots": layouts[module]} if module in layouts else {}


def resolver_indexes(module: str, definitions: DefinitionIndex) -> dict[str, Any]:
    """The indexes a resolver module asks for besides the definitions (by having the hook
    that fills them): `calls_named` for one with `call_names`, and so on."""
    resolver = importlib.import_module(module)
    return {
        argument: index.files
        for argument, index in definitions.indexes.items()
        if hasattr(resolver, index.hook)
    }


class StoredInherits:
    """The bases of each class as the store holds them (its first definition's `inherits`
    edges, from the last build), for a resolver reading class orders without loading the
    files of the classes. Only files this build has not resolved are current (`resolved`,
    which grows with the build); `used` are the files whose bases were read."""

    def __init__(self, store: GraphStore, resolved: set[str]) -> None:
        self.store, self.resolved = store, resolved
        self.used: set[str] = set()
        self._by_file: dict[str, dict[str, list[str]]] | None = None

    def bases(self, path: str, qualname: str) -> list[str] | None:
        """The base ids (a node id, or an outside name) of class `qualname` of `path`, or
        None when they may have changed."""
        found = self._of(path)
        return None if found is None else found.get(qualname, [])

    def classes(self, path: str) -> list[str] | None:
        """The qualnames of the classes of `path` with bases, in order; None as `bases`."""
        found = self._of(path)
        return None if found is None else list(found)

    def _of(self, path: str) -> dict[str, list[str]] | None:
        if path in self.resolved:
            return None
        if self._by_file is None:
            self._by_file = {}
            for where, src, dst, first in self.store.inherits():
                if first:
                    qualname = src.partition("::")[2]
                    self._by_file.setdefault(where, {}).setdefault(qualname, []).append(dst)
        self.used.add(path)
        return self._by_file.get(path, {})
