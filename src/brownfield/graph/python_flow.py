"""Python: how values flow into names the resolver cannot read off a binding.

Decorators (a decorated name holds what its decorators return), arguments flowing into
parameters at the calls of a function in the same module, and elements of container
literals and `*args`.
"""

from __future__ import annotations

from collections.abc import Iterable

from brownfield.graph.facts import CALL, SUBSCRIPT, CallFact, Definition
from brownfield.graph.python_classes import ClassMembers
from brownfield.graph.python_evaluator import Evaluator
from brownfield.graph.python_scopes import Found, ModuleTable, Value
from brownfield.model import Resolution

#: Decorators that change how a function is bound, not what calling it reaches.
PASS_THROUGH = frozenset({("staticmethod",), ("classmethod",), ("property",)})


def unique(found: Iterable[Found]) -> list[Found]:
    """Each value once, with the first way it was reached."""
    seen: dict[Value, Resolution] = {}
    for value, how in found:
        seen.setdefault(value, how)
    return list(seen.items())


class ValueFlow:
    """Decorators, argument flow and container elements, for the resolver that evaluates
    through it (and whose class members it asks whether a value is a class)."""

    def __init__(self, resolver: Evaluator, classes: ClassMembers) -> None:
        self.resolver = resolver
        self.classes = classes

    def element(self, value: Value, step: str) -> list[Found]:
        """An element of a container literal (by literal key when it has one), or of `*args`."""
        if value.kind == "seq":
            qualname, _, index = value.name.rpartition("#")
            table = self.resolver.table(value.path)
            return self.flowing_in(table, table.definitions[qualname], int(index), gather=False)
        if value.kind != "cont":
            self.resolver.consulted.fail("unknown-receiver")
            return []
        table = self.resolver.table(value.path)
        elements = table.containers.get(value.name, [])
        keyed = [e for e in elements if e.target[1] == step] if step != SUBSCRIPT else []
        found: list[Found] = []
        for element in keyed or elements:
            if element.value is not None:
                found += self.resolver.evaluate(table, element.scope, element.value, element.line)
        return [(v, Resolution.INFERRED) for v, _ in unique(found)]

    def decorated(self, table: ModuleTable, qualname: str, depth: int | None = None) -> list[Found]:
        """What a defined name holds: the function itself, or what its decorators return
        (only the `depth` innermost ones when given)."""
        original = Value("def", table.path, qualname)
        definition = table.definitions[qualname]
        if not definition.decorators:
            return [(original, Resolution.LOCAL)]
        values: list[Value] = [original]
        inner_first = list(reversed(definition.decorators))
        for chain in inner_first if depth is None else inner_first[:depth]:
            if (
                chain is None
                or chain in PASS_THROUGH
                or chain[-1] in ("setter", "getter", "deleter")
            ):
                continue
            applied: list[Value] = []
            for decorator, _ in self.resolver.evaluate(
                table, definition.scope, chain, definition.line
            ):
                if decorator.kind == "def" and not self.classes.is_class(decorator):
                    applied += self.returned_for(decorator, values)
                elif decorator.kind == "def":
                    applied.append(Value("inst", decorator.path, decorator.name))
                else:
                    applied += values  # an outside decorator (functools...) keeps the function
            values = list(dict.fromkeys(applied)) or values
        return [(value, Resolution.LOCAL) for value in values]

    def returned_for(self, decorator: Value, argument: list[Value]) -> list[Value]:
        """What `decorator(argument)` returns: its returns, with its first parameter bound."""
        table = self.resolver.table(decorator.path)
        definition = table.definitions.get(decorator.name)
        first = definition.params[0].lstrip("*") if definition and definition.params else None
        found: list[Value] = []
        for returned in table.facts.returns:
            if returned.scope != decorator.name:
                continue
            if returned.value == (first,):
                found += argument
            else:
                found += [
                    v
                    for v, _ in self.resolver.evaluate(
                        table, decorator.name, returned.value, returned.line
                    )
                ]
        return found

    def param_values(self, table: ModuleTable, scope: str, index: int) -> list[Found]:
        definition = table.definitions.get(scope)
        if definition is None or index >= len(definition.params):
            return []  # a redefinition (`if ...: def f(a, b)` / `else: def f(a)`) kept the first
        if definition.kind != "method" or index != 0:
            return self.flowing_in(table, definition, index)
        decorators = {chain for chain in definition.decorators if chain}
        if ("staticmethod",) in decorators:
            return self.flowing_in(table, definition, index)
        owner = Value("def", table.path, definition.scope)
        if ("classmethod",) in decorators or definition.name == "__new__":
            return [(owner, Resolution.SELF)]
        return [(Value("inst", table.path, definition.scope), Resolution.SELF)]

    def flowing_in(
        self, table: ModuleTable, definition: Definition, index: int, gather: bool = True
    ) -> list[Found]:
        """Values passed into a parameter: its default, and the arguments of every call of
        the function in the same module (positional, keyword, or gathered by `*args`, whose
        elements are reached by subscripting or iterating the gathered value)."""
        if gather and definition.params[index].startswith("*"):
            marker = Value("seq", table.path, f"{definition.qualname}#{index}")
            return [(marker, Resolution.INFERRED)]
        return self.resolver.remembered(
            ("param", table.path, definition.qualname, index),
            lambda: self.arguments_for(table, definition, index),
        )

    def arguments_for(self, table: ModuleTable, definition: Definition, index: int) -> list[Found]:
        param = definition.params[index]
        name = param.lstrip("*")
        found: list[Found] = []
        default = dict(definition.defaults).get(name)
        if default is not None:
            found += self.resolver.evaluate(table, definition.scope, default, definition.line)
        target = Value("def", table.path, definition.qualname)
        bound = definition.kind == "method" and not any(
            chain == ("staticmethod",) for chain in definition.decorators
        )
        candidates = self.calls_named(table, definition.name) + self.calls_named(table, CALL)
        for call in candidates:
            if call.chain is None:
                continue
            reached = self.resolver.evaluate(table, call.scope, call.chain, call.line)
            values = [v for v, _ in reached]
            if target not in values and not any(
                v.kind == "def"
                and v.name == definition.scope
                and self.classes.is_class(v)
                and definition.name == "__init__"
                for v in values
            ):
                continue
            position = index - 1 if bound else index
            if param.startswith("**"):
                chains = [chain for _, chain in call.kwargs]
            elif param.startswith("*"):
                chains = list(call.args[position:])
            else:
                chains = [c for k, c in call.kwargs if k == name]
                if 0 <= position < len(call.args):
                    chains.append(call.args[position])
            for chain in chains:
                if chain is not None:
                    found += self.resolver.evaluate(table, call.scope, chain, call.line)
        # what the call sites failed on does not explain a use of the parameter
        self.resolver.consulted.reason = ""
        return [(value, Resolution.INFERRED) for value, _ in unique(found)]

    def calls_named(self, table: ModuleTable, name: str) -> list[CallFact]:
        """The calls of a module whose callee chain ends in `name` (or a constructor call)."""
        if table.calls_named is None:
            table.calls_named = {}
            for call in table.facts.calls:
                if call.chain:
                    table.calls_named.setdefault(call.chain[-1], []).append(call)
        return table.calls_named.get(name, [])
