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

import importlib.machinery
import os
import sys
import sysconfig

from brownfield.graph.facts import ImportFact
from brownfield.graph.python_chains import GUARDED
from brownfield.graph.python_evaluator import Evaluator
from brownfield.graph.python_scopes import Binding, ModuleTable, absolute_module

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
        return _binds(self.resolver.table(module.path), fact.name) and self._loads(module.path)

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
                    if not holder or not _binds(self.resolver.table(holder), str(fact.name)):
                        return False
                for module in found:
                    if module is not None and module.path.endswith(".pyi"):
                        return False
                    if module is not None and module.path and module.path not in seen:
                        seen.add(module.path)
                        pending.append(module.path)
        return True


def _binds(table: ModuleTable, name: str) -> bool:
    """Whether a module binds a name at its top level (read off its table, not evaluated:
    the walk must not ask what it is itself answering)."""
    return name in table.scopes.get("", {}) or bool(table.star_imports)


def _standard(absolute: str, name: str | None) -> bool:
    """Whether the running Python's standard library has the module's top-level package,
    found where the interpreter keeps its standard library (its builtin and frozen modules,
    its `stdlib`, `platstdlib` and `lib-dynload` folders), never by importing anything and
    never on `sys.path` (which may hold the repository itself). Platform modules missing here
    (`msvcrt` on Linux) may fail; the name imported from it is not checked (`from asyncio
    import coroutine`, gone in 3.11, counts as certain)."""
    del name  # not read: knowing it would mean importing the module
    top = absolute.partition(".")[0]
    known = _STANDARD_KNOWN.get(top)
    if known is None:
        known = _STANDARD_KNOWN[top] = top in STANDARD and _present(top)
    return known


_STANDARD_KNOWN: dict[str, bool] = {}


def _present(top: str) -> bool:
    if top in sys.builtin_module_names:
        return True
    if importlib.machinery.FrozenImporter.find_spec(top) is not None:
        return True
    paths = sysconfig.get_paths()
    roots = dict.fromkeys([paths["stdlib"], paths["platstdlib"]])  # a venv's platstdlib is its own
    folders = [*roots, *(os.path.join(root, "lib-dynload") for root in roots)]
    return importlib.machinery.PathFinder.find_spec(top, folders) is not None
