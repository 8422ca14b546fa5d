"""Python: what a call returns when the function picks its return by `isinstance` tests of
its parameters, and the call's arguments decide them.

`def item(value): if isinstance(value, bool): return Bool() ... elif isinstance(value,
dict): return Table()`: `item(dict(data))` returns a `Table` only, since a `dict` passes
the `dict` test alone. The returns each argument cannot reach are left out. When an
argument's class is not known, the classes the tested returns give are a guess: when two
or more such returns give values, they are `override` values (a call on them is where the
call may go at run time, listed apart from the static edges), as `x.m()` on a base class
reaching a subclass's override.
"""

from __future__ import annotations

import builtins
import importlib
from collections.abc import Callable
from typing import NamedTuple

from brownfield.graph.facts import CALL, BindingFact, CallFact, Chain, Definition, ReturnFact
from brownfield.graph.python_chains import EXCLUDING, YIELD
from brownfield.graph.python_classes import ClassMembers
from brownfield.graph.python_evaluator import Evaluator
from brownfield.graph.python_flow import INFERRED, ValueFlow, unique
from brownfield.graph.python_scopes import Binding, Found, ModuleTable, Value
from brownfield.model import Resolution

#: Standard modules whose classes a builtin value may be tested against (`isinstance(x,
#: Mapping)`, `isinstance(x, datetime)`): imported by these fixed names (never a name the
#: repository gives), to ask `issubclass` of a builtin type.
_STANDARD_TESTS = frozenset(
    {"collections.abc", "typing", "numbers", "datetime", "decimal", "fractions", "enum"}
)


#: How far below a call's first line an argument's own call is looked for (`f(\n g(x))`).
_STATEMENT_LINES = 20


class Guard(NamedTuple):
    """What a return needs of the argument of one parameter: to be an instance of a class
    of each `passes` chain (`isinstance(x, (A, B))` is one chain) and of none of the
    `fails` chains, as the tests on `line` of the function say."""

    position: int  # of the parameter
    passes: tuple[Chain, ...]
    fails: tuple[Chain, ...]
    line: int


class Guarded(NamedTuple):
    returned: ReturnFact
    guards: tuple[Guard, ...]


Type = tuple[str, str, str]  # ("builtin", "", name) or ("class", path, qualname)


class ReturnSelection:
    """Returns chosen by the arguments of a call, for the resolver evaluating through it."""

    def __init__(self, resolver: Evaluator, classes: ClassMembers, flow: ValueFlow) -> None:
        self.resolver = resolver
        self.classes = classes
        self.flow = flow
        self._known: dict[Value, tuple[Guarded, ...]] = {}  # function -> its guarded returns

    def selects(self, value: Value) -> bool:
        """Whether `value` is a function with a `return` under an `isinstance` test of
        one of its parameters, or returning a parameter itself (`return cls`)."""
        return value.kind == "def" and bool(self._guarded_of(value))

    def _guarded_of(self, value: Value) -> tuple[Guarded, ...]:
        # read off the function's own facts (nothing evaluated): kept for the build, the
        # file still recorded as a dependency of every file asking
        self.resolver.consulted.files.add(value.path)
        known = self._known.get(value)
        if known is None:
            known = self._known[value] = self._guarded(value)
        return known

    def _guarded(self, value: Value) -> tuple[Guarded, ...]:
        table = self.resolver.table(value.path)
        definition = table.definitions.get(value.name)
        if definition is None or definition.kind != "function":
            return ()  # a method's arguments shift with how it is reached: not read
        returns = [r for r in table.facts.returns if r.scope == value.name]
        if any(r.value[0] == YIELD for r in returns):
            return ()
        scope = table.scopes.get(value.name, {})
        found: list[Guarded] = []
        for returned in returns:
            guards = []
            for index, param in enumerate(definition.params):
                if param.startswith("*"):
                    continue
                guard = _guard(scope.get(param, []), index, returned.line)
                if guard is not None:
                    guards.append(guard)
            found.append(Guarded(returned, tuple(guards)))
        if any(g.guards for g in found) or any(_bare(r, definition, scope) for r in returns):
            return tuple(found)
        return ()

    def called(
        self,
        values: list[Found],
        table: ModuleTable,
        sites: list[CallFact],
        step: Callable[[Value, Resolution, str], list[Found]],
    ) -> list[Found]:
        """What calling each value at these call sites (of `table`) returns: the returns its
        arguments pick for a function that tests them, else what `step` gives."""
        return unique(
            found
            for value, how in values
            for found in (
                self.returned(value, table, sites)
                if self.selects(value)
                else step(value, how, CALL)
            )
        )

    def returned(self, value: Value, table: ModuleTable, sites: list[CallFact]) -> list[Found]:
        """What calling `value` at these call sites (of `table`) returns."""
        home = self.resolver.table(value.path)
        definition = home.definitions[value.name]
        types: dict[int, set[Type] | None] = {}
        decided: list[Found] = []
        undecided: list[list[Found]] = []
        for entry in self._guarded_of(value):
            verdict: bool | None = True
            for guard in entry.guards:
                if guard.position not in types:
                    param = definition.params[guard.position]
                    types[guard.position] = self._argument_types(
                        table, param, guard.position, sites
                    )
                passing = self._passes(home, value.name, guard, types[guard.position])
                if passing is False:
                    verdict = False
                    break
                if passing is None:
                    verdict = None
            if verdict is False:
                continue
            bare = _bare(entry.returned, definition, home.scopes.get(value.name, {}))
            passed = self._passed(table, sites, definition, bare)
            found = (
                passed
                if passed is not None
                else [
                    (v, INFERRED)
                    for v, _ in self.resolver.evaluate(
                        home, value.name, entry.returned.value, entry.returned.line
                    )
                ]
            )
            if verdict:
                decided += found
            else:
                undecided.append(found)
        if definition.annotations:
            decided += self.flow.annotated(home, definition, "")
        guesses = [found for found in undecided if found]
        how = Resolution.OVERRIDE if len(guesses) > 1 else INFERRED
        result = unique(decided + [(v, how) for found in guesses for v, _ in found])
        if not result:
            self.resolver.consulted.fail("unknown-receiver")
        return result

    def _passed(
        self, table: ModuleTable, sites: list[CallFact], definition: Definition, param: str
    ) -> list[Found] | None:
        """What these call sites pass for a parameter the function returns as it is
        (`return cls`: the call returns its own argument, not what every call passes);
        None when a site passes nothing for it (the default) or there is no site."""
        if not param or not sites:
            return None
        index = definition.params.index(param)
        found: list[Found] = []
        for site in sites:
            chain = _passed_for(site, param, index)
            if chain is None:
                return None
            found += [(v, INFERRED) for v, _ in self._argument(table, site, chain)]
        return found

    def _argument(self, table: ModuleTable, site: CallFact, chain: Chain) -> list[Found]:
        """What an argument passed at a call site is; a call of a function that returns a
        parameter, written on a later line of the statement (`Attribute = _add_hash(\n
        _add_eq(...))`), is that call's own argument, its names read at the statement."""
        if (
            chain[-1] == CALL
            and len(chain) > 1
            and not chain[-2].startswith("[")
            and not self.flow.calls_at(table, site.line, chain[:-1])  # not on the site's line
        ):
            later = [  # the nearest one below (a statement's later lines)
                call
                for call in self.flow.calls_named(table, chain[-2])
                if call.chain == chain[:-1]
                and call.scope == site.scope
                and site.line < call.line <= site.line + _STATEMENT_LINES
            ]
            callees = self.resolver.evaluate(table, site.scope, chain[:-1], site.line)
            if later and callees and all(self.selects(value) for value, _ in callees):
                inner = min(later, key=lambda call: call.line)._replace(line=site.line)
                return unique(
                    found for value, _ in callees for found in self.returned(value, table, [inner])
                )
        return self.resolver.evaluate(table, site.scope, chain, site.line)

    def _argument_types(
        self, table: ModuleTable, param: str, index: int, sites: list[CallFact]
    ) -> set[Type] | None:
        """The classes of what the call sites pass for a parameter; None when one is not
        known (a site passes something unknown, or nothing: the default)."""
        if not sites:
            return None
        found: set[Type] = set()
        for site in sites:
            chain = _passed_for(site, param, index)
            if chain is None:
                return None
            types = self._types_of(table, site, chain)
            if types is None:
                return None
            found |= types
        return found

    def _types_of(self, table: ModuleTable, site: CallFact, chain: Chain) -> set[Type] | None:
        """The classes of the values a chain passed at a call site may have: `dict(data)`
        a `dict`, `Table(...)` or a name holding one a `Table`; None when one is unknown."""
        found: set[Type] = set()
        if chain[-1] == CALL:
            for value, _ in self.resolver.evaluate(table, site.scope, chain[:-1], site.line):
                name = value.name.removeprefix("<builtin>.")
                if (
                    value.kind == "ext"
                    and value.name.startswith("<builtin>.")
                    and isinstance(getattr(builtins, name, None), type)
                ):
                    found.add(("builtin", "", name))
                elif value.kind == "def" and self.classes.is_class(value):
                    found.add(("class", value.path, value.name))
                else:
                    return None
            return found or None
        values = self.resolver.evaluate(table, site.scope, chain, site.line)
        if not values or any(v.kind != "inst" for v, _ in values):
            return None
        return {("class", v.path, v.name) for v, _ in values}

    def _passes(
        self, home: ModuleTable, scope: str, guard: Guard, types: set[Type] | None
    ) -> bool | None:
        """Whether some argument passes the guard's tests (None: not known)."""
        if types is None:
            return None
        classes = [
            [v for v, _ in self.resolver.evaluate(home, scope, chain, guard.line)]
            for chain in guard.passes + guard.fails
        ]
        if any(not group for group in classes):
            return None  # a test against a class not known
        passes, fails = classes[: len(guard.passes)], classes[len(guard.passes) :]
        answers = []
        for kind in types:
            answer: bool | None = True
            for group, wanted in [(g, True) for g in passes] + [(g, False) for g in fails]:
                each = [self._is(kind, cls) for cls in group]
                got = True if True in each else (None if None in each else False)
                if got is None:
                    answer = None
                elif got is not wanted:
                    answer = False
                    break
            answers.append(answer)
        if True in answers:
            return True
        return None if None in answers else False

    def _is(self, kind: Type, cls: Value) -> bool | None:
        """Whether an instance of `kind` is an instance of `cls` (None: not known)."""
        if kind[0] == "builtin":
            if cls.kind == "def":
                return False  # a builtin type derives from no repository class
            outside = _outside_class(cls)
            if outside is None:
                return None
            return issubclass(getattr(builtins, kind[2]), outside)
        order = self.classes.mro(Value("def", kind[1], kind[2]))
        if cls.kind == "def":
            return cls in order
        if cls.kind != "ext":
            return None
        if cls in order or cls.name == "<builtin>.object":
            return True
        if any(klass.kind == "ext" for klass in order):
            return None  # an outside base may derive from it
        return False if cls.name.startswith("<builtin>.") else None


def _outside_class(cls: Value) -> type | None:
    """The builtin or standard class an outside value names, when it is one of those."""
    if cls.kind != "ext":
        return None
    if cls.name.startswith("<builtin>."):
        found = getattr(builtins, cls.name.removeprefix("<builtin>."), None)
    else:
        module, _, name = cls.name.rpartition(".")
        if module not in _STANDARD_TESTS:
            return None
        try:
            found = getattr(importlib.import_module(module), name, None)
        except ImportError:
            return None
    return found if isinstance(found, type) else None


def _excluding(binding: Binding) -> bool:
    fact = binding.payload
    return (
        isinstance(fact, BindingFact) and fact.value is not None and fact.value[1:2] == (EXCLUDING,)
    )


def _guard(bindings: list[Binding], index: int, line: int) -> Guard | None:
    """The tests of a parameter that hold at a return on `line`: the innermost narrowing
    (`if isinstance(x, A):` with the failed tests of the `elif`s before it), else the
    failed tests of guard clauses above it (`if isinstance(x, A): return`); None when
    there are none, or the parameter is rebound before them (they test something else)."""
    narrowed = [b for b in bindings if b.source == "narrow" and b.holds_at(line)]
    if narrowed:
        top = max(b.line for b in narrowed)
        tests = [b for b in narrowed if b.line == top]
    else:
        top = line
        tests = [b for b in bindings if b.source == "assign" and b.line < line and not b.branch]
        tests = [b for b in tests if _excluding(b)]
    if not tests or any(
        b.source not in ("param", "narrow") and not _excluding(b) and b.line < top for b in bindings
    ):
        return None
    passes: list[Chain] = []
    fails: list[Chain] = []
    for test in tests:
        fact = test.payload
        assert isinstance(fact, BindingFact) and fact.value is not None
        if _excluding(test):
            fails.append(fact.value[2:])
        elif fact.value[-1] == CALL and len(fact.value) > 1:
            passes.append(fact.value[:-1])
        else:
            return None
    return Guard(index, tuple(passes), tuple(fails), top)


def _bare(returned: ReturnFact, definition: Definition, scope: dict[str, list[Binding]]) -> str:
    """The parameter a `return` gives back as it is (`return cls`), "" for any other return
    or a parameter the function rebinds (`scope`: its bindings)."""
    value = returned.value
    if len(value) != 1 or value[0] not in definition.params:
        return ""
    if any(binding.source != "param" for binding in scope.get(value[0], [])):
        return ""
    return value[0]


def _passed_for(site: CallFact, param: str, index: int) -> Chain | None:
    """The chain a call site passes for the `index`-th parameter `param`, by keyword or by
    position; None when it passes none, something that is no chain, or both."""
    chains = [chain for key, chain in site.kwargs if key == param]
    if index < len(site.args):
        chains.append(site.args[index])
    return chains[0] if len(chains) == 1 else None
