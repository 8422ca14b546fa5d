"""Python: `try:` imports that cannot fail, whose `except` clauses never run.

`try: from threading import RLock` / `except ImportError: class RLock: ...` binds RLock twice,
and both bindings are live while the import may fail. When it cannot (the standard library
of the running Python has the module, or it is a repository module whose own
unconditional imports cannot fail either, transitively; a stub alone, `_native.pyi`, is a
compiled extension that may be missing), the handler never runs: its
bindings are dropped, and the `try` body's bindings count as unconditional (they replace
what the name held before, as `from .dictutils import OrderedMultiDict` at the end of a
module replaces the class of that name defined above it).
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import os
import sys
import sysconfig

from brownfield.graph.facts import ImportFact
from brownfield.graph.python_chains import GUARDED
from brownfield.graph.python_evaluator import Evaluator
from brownfield.graph.python_scopes import Binding, ModuleTable, absolute_module
from brownfield.graph.python_world import GLOBAL_KEY

STANDARD = frozenset(sys.stdlib_module_names)


class ImportGuards:
    """Settles the bindings of names bound in `try` statements that only import."""

    def __init__(self, resolver: Evaluator) -> None:
        self.resolver = resolver
        self._guarded: dict[str, bool] = {}  # path -> it has such a `try` (read off its facts)

    def settle(self, table: ModuleTable, bindings: list[Binding]) -> list[Binding]:
        """The bindings that may hold: those of the `except` clauses of a `try` whose
        imports cannot fail are dropped, and that `try` no longer makes the others
        conditional."""
        guarded = self._guarded.get(table.path)
        if guarded is None:
            branches = [f.branch for f in table.facts.imports]
            branches += [f.branch for f in table.facts.bindings]
            guarded = any(number >= GUARDED for branch in branches for _, number in branch)
            self._guarded[table.path] = guarded
        if not guarded:
            return bindings
        statements = {s for b in bindings for s, number in b.branch if number >= GUARDED}
        certain = {s for s in sorted(statements) if self._cannot_fail(table, s)}
        if not certain:
            return bindings
        settled = []
        for binding in bindings:
            if any(s in certain and number > GUARDED for s, number in binding.branch):
                continue  # a handler that never runs
            branch = tuple(step for step in binding.branch if step[0] not in certain)
            settled.append(binding._replace(branch=branch) if branch != binding.branch else binding)
        return settled

    def _cannot_fail(self, table: ModuleTable, statement: int) -> bool:
        body = (statement, GUARDED)
        imports = [fact for fact in table.facts.imports if fact.branch and fact.branch[-1] == body]
        return bool(imports) and all(self._certain(table, fact) for fact in imports)

    def _certain(self, table: ModuleTable, fact: ImportFact) -> bool:
        """Whether an import cannot fail: a standard module (and name), or a repository
        module that has the name and loads whatever else it imports."""
        absolute = absolute_module(table.dotted, table.path, fact.module, fact.level)
        if absolute is None:
            return False
        module = self.resolver.module(absolute)
        if module is None:
            return _standard(absolute, fact.name)
        if fact.name is None or fact.name == "*":
            return self._loads(module.path)
        submodule = self.resolver.module(f"{absolute}.{fact.name}")
        if submodule is not None:
            return self._loads(module.path) and self._loads(submodule.path)
        if not module.path:  # a namespace package holds submodules only
            return False
        return self._binds(self.resolver.table(module.path), fact.name) and self._loads(module.path)

    def _loads(self, path: str) -> bool:
        """Whether importing a repository module (a namespace package: "") cannot fail on
        its unconditional module-level imports, followed through repository modules (once
        per build: a walk of the modules it imports, not a recursion that would keep the
        answers of modules asked while another is being answered)."""
        if not path:
            return True
        if path.endswith(".pyi"):  # a stub alone: a compiled extension, maybe not built
            return False
        return self.resolver.shared(("loads", path), lambda: self._walk(path), False)

    def _walk(self, start: str) -> bool:
        seen = {start}
        pending = [start]
        while pending:
            table = self.resolver.table(pending.pop())
            for fact in table.facts.imports:
                if fact.scope or fact.branch:
                    continue  # in a function, or conditional: it runs later, or may not
                absolute = absolute_module(table.dotted, table.path, fact.module, fact.level)
                if absolute is None:
                    return False
                names = [absolute]
                if fact.name is not None and fact.name != "*":
                    names.append(f"{absolute}.{fact.name}")
                found = [self.resolver.module(name) for name in names]
                if found[0] is None:
                    if not _standard(absolute, fact.name):
                        return False
                    continue
                if len(found) > 1 and found[1] is None:
                    holder = found[0].path
                    if not holder or not self._binds(self.resolver.table(holder), str(fact.name)):
                        return False
                for module in found:
                    if module is not None and module.path.endswith(".pyi"):
                        return False
                    if module is not None and module.path and module.path not in seen:
                        seen.add(module.path)
                        pending.append(module.path)
        return True

    def _binds(self, table: ModuleTable, name: str) -> bool:
        """Whether a module binds a name at its top level (read off its table, not
        evaluated: the walk must not ask what it is itself answering)."""
        self.resolver.consulted.keys.add(f"{GLOBAL_KEY}{table.path}::{name}")
        return name in table.scopes.get("", {}) or bool(table.star_imports)


def _standard(absolute: str, name: str | None) -> bool:
    """Whether the running Python's standard library has the module and the name: the
    module's top-level package found where the interpreter keeps its standard library (its
    builtin and frozen modules, its `stdlib`, `platstdlib` and `lib-dynload` folders, never on
    `sys.path`, which may hold the repository), and a name imported from it checked on the
    module, imported only when `sys.path` finds that same standard file (a file of the
    repository shadowing it is never run: the import then counts as one that may fail)."""
    key = (absolute, name)
    known = _STANDARD_KNOWN.get(key)
    if known is None:
        known = _STANDARD_KNOWN[key] = _has(absolute, name)
    return known


_STANDARD_KNOWN: dict[tuple[str, str | None], bool] = {}
#: Standard modules whose import does something (prints, opens a browser, starts Tk).
_NOT_IMPORTED = frozenset(
    {"this", "antigravity", "__hello__", "__phello__", "idlelib", "turtle", "turtledemo", "tkinter"}
)


def _has(absolute: str, name: str | None) -> bool:
    top = absolute.partition(".")[0]
    standard = _standard_spec(top) if top in STANDARD else None
    if standard is None:
        return False
    if absolute == top and (name is None or name == "*"):
        return True
    if top in _NOT_IMPORTED or not _same_file(top, standard):
        return False
    try:
        module = importlib.import_module(absolute)
    except Exception:  # missing on this platform, or failing: it may fail
        return False
    if name is None or name == "*" or hasattr(module, name):
        return True
    try:
        return importlib.util.find_spec(f"{absolute}.{name}") is not None
    except Exception:
        return False


def _standard_spec(top: str) -> importlib.machinery.ModuleSpec | None:
    """Where the standard library has a top-level module, found without importing it."""
    if top in sys.builtin_module_names:
        return importlib.machinery.ModuleSpec(top, None, origin="built-in")
    frozen = importlib.machinery.FrozenImporter.find_spec(top)
    if frozen is not None:
        return frozen
    paths = sysconfig.get_paths()
    roots = dict.fromkeys([paths["stdlib"], paths["platstdlib"]])  # a venv's platstdlib is its own
    folders = [*roots, *(os.path.join(root, "lib-dynload") for root in roots)]
    return importlib.machinery.PathFinder.find_spec(top, folders)


def _same_file(top: str, standard: importlib.machinery.ModuleSpec) -> bool:
    """Whether importing `top` by `sys.path` loads the standard library's own module."""
    try:
        found = importlib.util.find_spec(top)  # a top-level name: located, not run
    except (ImportError, ValueError):
        return False
    return found is not None and found.origin == standard.origin
