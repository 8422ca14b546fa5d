"""Python: one file's scopes as tables of name bindings, and which bindings are live.

A module table lists, per scope, every binding of every name (definitions, imports,
assignments, parameters) with its line and the if/try branch it sits in; container literals
and instance attributes are kept beside them. The resolver reads these tables.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from brownfield.graph.facts import (
    ELSE,
    REBOUND,
    UNTIL,
    BindingFact,
    CallFact,
    Chain,
    Definition,
    FileFacts,
    ImportFact,
)
from brownfield.graph.python_chains import (
    DECLARED,
    DEF_BRANCH,
    LITERAL,
    PREDICATE,
    SELF_TEST,
    TRUTHY,
)
from brownfield.graph.python_roots import ImportRoots, dotted_path
from brownfield.model import Resolution

INIT_FILES = ("__init__.py", "__init__.pyi")


class Value(NamedTuple):
    """What an expression may evaluate to.

    kind: "def" (a repository function or class: path, qualname), "mod" (a repository
    module or package: path or "", dotted name), "ext" (outside code: "", dotted name),
    "inst" (an instance of a repository class), "super" (`super()` inside a class);
    containers: "cont" (a container literal: path, synthetic name), "seq" (the tuple a
    `*args` parameter gathers: path, `qualname#index`), views of a container's elements
    (`python_flow.VIEWS`), named `kind|name` of the container they view; declared: "elems"
    (`list[A]`: the class), "typed" (`-> Tuple[A, B]`: `qualname|name` of the annotated),
    "tuples" (`list[tuple[K, V]]`: `position/length|class` for each class) and "tuple" (one
    of those tuples, named alike).
    """

    kind: str
    path: str
    name: str


Found = tuple[Value, Resolution]
#: How a value only guessed is reached (what `python_returns` cannot decide): what is
#: reached through it is `override` too, an edge where a call may go, never a static one.
GUESSED = Resolution.OVERRIDE


def inferred(how: Resolution) -> Resolution:
    """The way a value reached through another one is reached: `inferred`, unless that
    one was only a guess."""
    return how if how is GUESSED else Resolution.INFERRED


def module_name(path: str, roots: ImportRoots | None = None) -> str:
    """`pkg/mod.py` -> `pkg.mod`; `pkg/__init__.py` -> `pkg`; relative to the import root
    holding the file (`src/pkg/mod.py` -> `pkg.mod` when `src/` is a root)."""
    return roots.module_name(path) if roots is not None else dotted_path(path)


def node_id(path: str, qualname: str) -> str:
    return f"{path}::{qualname}" if qualname else path


def target_id(value: Value) -> str:
    """The node id (or outside name) an edge to a value points to."""
    if value.kind == "ext":
        return value.name
    if value.kind == "mod":
        return value.path or value.name
    return node_id(value.path, value.name)


def builtin_id(name: str) -> str:
    return f"<builtin>.{name}"


class Binding(NamedTuple):
    line: int
    source: str  # "def" | "import" | "assign" | "param" | "narrow" (by isinstance)
    payload: object
    branch: tuple[tuple[int, int], ...] = ()

    def holds_at(self, line: int) -> bool:
        """Whether the binding can reach a use at `line` of its scope: made before it (or
        on it, unless it is an assignment), and for a narrowing, within its block."""
        if self.line > line or (self.line == line and self.source == "assign"):
            return False
        if self.source == "narrow":
            payload = self.payload
            assert isinstance(payload, BindingFact)
            return line <= int(payload.target[1][len(UNTIL) : -1])
        return True


def alternatives(first: Binding, second: Binding) -> bool:
    """Whether two bindings sit in different branches of one if/try (both may be live)."""
    theirs = dict(second.branch)
    return any(stmt in theirs and theirs[stmt] != index for stmt, index in first.branch)


def live(bindings: list[Binding]) -> list[Binding]:
    """The bindings that may reach a use: the last one; earlier ones in other branches of
    the same if/try; and the last one before them all when every later binding is
    conditional relative to it (an `if` without an `else` may leave it in place). A
    binding made by a function through `global`/`nonlocal` is always live."""
    if len(bindings) == 1:
        return bindings
    rebound = [b for b in bindings if b.branch and b.branch[0][0] == REBOUND]
    if rebound:
        rest = [b for b in bindings if not (b.branch and b.branch[0][0] == REBOUND)]
        return (live(rest) if rest else []) + rebound
    kept = [bindings[-1]]
    for binding in reversed(bindings[:-1]):
        if all(alternatives(binding, later) for later in kept):
            kept.append(binding)
            continue
        outer = set(binding.branch)
        conditional = all(set(later.branch) - outer for later in kept)
        if conditional and not exhaustive(kept, outer):
            kept.append(binding)
        break
    return kept


def exhaustive(live: list[Binding], outer: set[tuple[int, int]]) -> bool:
    """Whether the later bindings cover both the body and the `else` of one if statement."""
    seen: dict[int, set[int]] = {}
    for kept in live:
        for stmt, index in kept.branch:
            if (stmt, index) not in outer:
                seen.setdefault(stmt, set()).add(index)
    return any(0 in indexes and ELSE in indexes for indexes in seen.values())


@dataclass
class ModuleTable:
    """One file's scopes: name bindings per scope, definitions, instance attributes."""

    path: str
    dotted: str
    facts: FileFacts
    definitions: dict[str, Definition]
    scopes: dict[str, dict[str, list[Binding]]]
    star_imports: list[tuple[str, int]]  # (absolute module, line) of `from m import *`
    instance_attributes: dict[str, dict[str, list[BindingFact]]]  # class -> attr -> bindings
    containers: dict[str, list[BindingFact]] = field(default_factory=dict)  # <c..> -> elements
    stores: list[BindingFact] = field(default_factory=list)  # `d[k] = v`: target (*d, "[k]")
    #: (scope, chain) -> the narrowings by a truth test of its attributes (`if x.flag:`)
    truthy: dict[tuple[str, Chain], list[BindingFact]] = field(default_factory=dict)
    #: (scope, name) -> the narrowings by a test method of it (`if x.is_boolean():`)
    predicates: dict[tuple[str, str], list[BindingFact]] = field(default_factory=dict)
    #: method qualname -> its self test, when its body is `return isinstance(self, A)`
    self_tests: dict[str, BindingFact] = field(default_factory=dict)
    #: (scope, name) -> the literals (`True`, `False`, `None`) the name is bound to there
    literals: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    calls_named: dict[str, list[CallFact]] | None = None  # last chain step -> calls (lazy)
    calls_at: dict[tuple[int, Chain], list[CallFact]] | None = None  # (line, callee) (lazy)


def kept_definitions(definitions: list[Definition]) -> dict[str, Definition]:
    """Qualname -> the definition a name stands for: the first, or the implementation
    after `@overload` stubs."""
    kept: dict[str, Definition] = {}
    for definition in definitions:
        first = kept.setdefault(definition.qualname, definition)
        if first is not definition and _overload(first) and not _overload(definition):
            kept[definition.qualname] = definition  # the implementation, not a stub
    return kept


def build_table(path: str, facts: FileFacts, dotted: str | None = None) -> ModuleTable:
    dotted = module_name(path) if dotted is None else dotted
    scopes: dict[str, dict[str, list[Binding]]] = {"": {}}
    placed = {  # the if/try branch a definition sits in (python_bindings.DEF_BRANCH)
        str(fact.value[0])[5:-1]: fact.branch
        for fact in facts.bindings
        if len(fact.target) == 2 and fact.target[1] == DEF_BRANCH and fact.value
    }
    definitions = kept_definitions(facts.definitions)
    for definition in facts.definitions:
        scopes.setdefault(definition.qualname, {})
        scopes.setdefault(definition.scope, {}).setdefault(definition.name, []).append(
            Binding(
                definition.line, "def", definition.qualname, placed.get(definition.qualname, ())
            )
        )
    for definition in facts.definitions:
        if definition.kind == "class":
            continue
        local = scopes[definition.qualname]
        for index, param in enumerate(definition.params):
            local.setdefault(param.lstrip("*"), []).append(Binding(definition.line, "param", index))
    table = ModuleTable(path, dotted, facts, definitions, scopes, [], {})
    for fact in facts.imports:
        scope = scopes.setdefault(fact.scope, {})
        if fact.name == "*":
            if not fact.scope:
                absolute = absolute_module(dotted, path, fact.module, fact.level)
                if absolute is not None:
                    table.star_imports.append((absolute, fact.line))
            continue
        if fact.name is not None:
            bound = fact.alias or fact.name.split(".")[0]
        else:
            bound = fact.alias or fact.module.split(".")[0]
        scope.setdefault(bound, []).append(Binding(fact.line, "import", fact, fact.branch))
    for binding in facts.bindings:
        if len(binding.target) == 2 and binding.target[1] == DEF_BRANCH:
            continue
        target = binding.target
        if len(target) > 2 and target[-1].startswith(UNTIL) and target[-2].startswith(TRUTHY):
            table.truthy.setdefault((binding.scope, target[:-2]), []).append(binding)
            continue
        if len(target) == 3 and target[2].startswith(UNTIL) and target[1].startswith(PREDICATE):
            table.predicates.setdefault((binding.scope, target[0]), []).append(binding)
            continue
        if target == (SELF_TEST,):
            table.self_tests[binding.scope] = binding
            continue
        if len(target) == 2 and target[1] == LITERAL and binding.value:
            table.literals.setdefault((binding.scope, target[0]), []).append(binding.value[0])
            continue
        if len(binding.target) == 1:
            holder = binding.scope
            if binding.branch and binding.branch[0][0] == REBOUND:
                holder = _rebound_scope(definitions, holder, binding.branch[0][1])
            scope = scopes.setdefault(holder, {})
            scope.setdefault(binding.target[0], []).append(
                Binding(binding.line, "assign", binding, binding.branch)
            )
        elif binding.target[0] == DECLARED:  # `node: Expr` in a class body
            attributes = table.instance_attributes.setdefault(binding.scope, {})
            attributes.setdefault(binding.target[1], []).append(binding)
        elif binding.target[0].startswith("<c"):
            table.containers.setdefault(binding.target[0], []).append(binding)
        elif binding.target[1].startswith(UNTIL):
            scope = scopes.setdefault(binding.scope, {})
            scope.setdefault(binding.target[0], []).append(
                Binding(binding.line, "narrow", binding, binding.branch)
            )
        elif binding.target[-1].startswith("["):
            table.stores.append(binding)
        elif len(binding.target) == 2:
            owner = definitions.get(binding.scope)
            if owner is None or owner.kind != "method" or not owner.params:
                continue
            if binding.target[0] == owner.params[0]:
                attributes = table.instance_attributes.setdefault(owner.scope, {})
                attributes.setdefault(binding.target[1], []).append(binding)
    for scope in scopes.values():
        for bindings in scope.values():
            bindings.sort(key=lambda binding: binding.line)
    return table


def _overload(definition: Definition) -> bool:
    """Whether a definition is a `@typing.overload` stub (the last, undecorated `def` of
    the name is the function Python runs)."""
    return any(chain and chain[-1] == "overload" for chain in definition.decorators)


def _rebound_scope(definitions: dict[str, Definition], scope: str, nonlocal_: int) -> str:
    """The scope a `global` (0) or `nonlocal` (1) name of `scope` lives in: the module, or
    the nearest enclosing function."""
    if not nonlocal_:
        return ""
    definition = definitions.get(scope)
    outer = definitions.get(definition.scope) if definition is not None else None
    while outer is not None and outer.kind == "class":
        outer = definitions.get(outer.scope)
    return outer.qualname if outer is not None else ""


def imported_modules(dotted: str, path: str, imports: Iterable[ImportFact]) -> set[str]:
    """What the imports of module `dotted` (at `path`) reach, by absolute name: each module,
    and each name imported from one as `module.name`."""
    found: set[str] = set()
    for fact in imports:
        module = absolute_module(dotted, path, fact.module, fact.level)
        if module is not None:
            found.add(module)
            if fact.name is not None and fact.name != "*":
                found.add(f"{module}.{fact.name}")
    return found


def absolute_module(dotted: str, path: str, module: str, level: int) -> str | None:
    """The absolute name of a (possibly relative) import, or None if it climbs too high."""
    if level == 0:
        return module
    is_package = path.endswith(("/__init__.py", "/__init__.pyi")) or path in INIT_FILES
    package = dotted.split(".") if is_package else dotted.split(".")[:-1]
    if level > 1:
        if level - 1 > len(package):
            return None
        package = package[: len(package) - (level - 1)]
    parts = [*package, *([module] if module else [])]
    return ".".join(parts) if parts else None
