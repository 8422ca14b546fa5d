"""Python: how values flow into names the resolver cannot read off a binding.

Decorators (a decorated name holds what its decorators return), arguments flowing into
parameters at the calls of a function in the same module, and elements of container
literals and `*args`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from brownfield.graph.facts import CALL, SUBSCRIPT, BindingFact, CallFact, Chain, Definition
from brownfield.graph.python_chains import SLICE
from brownfield.graph.python_classes import ClassMembers
from brownfield.graph.python_evaluator import Evaluator
from brownfield.graph.python_scopes import Found, ModuleTable, Value
from brownfield.model import Resolution

#: Decorators that change how a function is bound, not what calling it reaches.
PASS_THROUGH = frozenset({("staticmethod",), ("classmethod",), ("property",)})
INFERRED = Resolution.INFERRED
#: Calls that bind the first arguments of the function they are given.
PARTIALS = ("partial", "partialmethod")
#: Call sites in other files read for one parameter, at most (a bound on the cost of a
#: name called everywhere; sites are taken in the order of their files' paths).
MAX_SITES_ELSEWHERE = 16
#: A container reached by more elements than this is a table of data: its elements are not
#: evaluated (the cost of a large literal table read by a variable key, for no callable).
MAX_ELEMENTS = 64

#: Views of a container's elements, named `kind|name` of the container (or view) they view:
#: "slice" (the same elements as a sequence: `xs[1:]`, `list(xs)`, `d.values()`), "items"
#: (pairs whose second item is an element: `d.items()`, `enumerate(xs)`), "pair" (one of
#: those pairs), "bound" (a container's method: `d.get`, named `method|kind|name`).
VIEWS = frozenset({"slice", "items", "pair"})
_CONTAINER_METHODS = frozenset(
    {"get", "pop", "setdefault", "values", "items", "keys", "copy", "__getitem__"}
)
#: Methods that store their argument at this position into the container they are called on.
_STORING = {
    "append": 0,
    "add": 0,
    "insert": 1,
    "appendleft": 0,
    "setdefault": 1,
    "extend": 0,
    "update": 0,
}


def _container_names(table: ModuleTable) -> set[tuple[str, ...]]:
    """The names (`registry`) and `self` attributes (`self.handlers`, keyed `("self",
    "handlers")` whatever the first parameter is called) a file binds to a container."""
    found: set[tuple[str, ...]] = set()
    for binding in table.facts.bindings:
        value = binding.value
        if value is None or not value[0].startswith("<c") or len(value) != 1:
            continue
        target = binding.target
        if len(target) == 1 or (len(target) == 2 and not target[0].startswith("<c")):
            found.add(target)
    return found


def _holds(imported: set[str], dotted: str) -> bool:
    """Whether importing these modules and names reaches module `dotted` (the module, a
    package holding it, or a name from it)."""
    parts = dotted.split(".")
    return any(".".join(parts[:size]) in imported for size in range(1, len(parts) + 1))


def viewed(view: Value) -> Value:
    """The container (or view) a view's elements come from."""
    kind, _, name = view.name.partition("|")
    return Value(kind, view.path, name)


def _keyed(elements: list[BindingFact], key: str) -> list[BindingFact]:
    """The elements a literal key reaches: those stored under it, and those whose key is
    not known. For a sequence (integer keys), a position within the literal part is that
    element, and one past it (or a negative one, with elements added later) is one of
    the added elements (`append` adds at the end)."""
    known = [e for e in elements if e.value is not None]
    unknown = [e for e in known if e.target[1] == SUBSCRIPT]
    digits = key[1:] if key.startswith("-") else key
    keys = [e.target[1][1:-1] for e in known if e.target[1] != SUBSCRIPT]
    if digits.isdigit() and all(k.isdigit() for k in keys):
        count = 1 + max(map(int, keys)) if keys else 0
        index = int(key)
        if index < 0:
            if unknown:
                return unknown
            index += count
        if 0 <= index < count:
            return [e for e in known if e.target[1] == f"[{index}]"]
        return unknown
    return [e for e in known if e.target[1] in (f"[{key}]", SUBSCRIPT)]


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
        self._elsewhere = 0  # evaluating what a call site in another file passes
        self.across_files = True  # whether parameters take what other files pass (see flowing_in)

    def element(self, value: Value, step: str) -> list[Found]:
        """An element of a container (by literal key when it has one, negative positions
        counted from the end of a literal sequence), of a view of one, or of `*args`;
        `[:]` takes a slice (a sequence of the same elements)."""
        if step == SLICE:
            if value.kind in ("cont", "seq", "slice"):
                return [(Value("slice", value.path, f"{value.kind}|{value.name}"), INFERRED)]
            self.resolver.consulted.fail("unknown-receiver")
            return []
        if value.kind in VIEWS:
            inner = viewed(value)
            if value.kind == "items":  # (key, value) pairs; enumerate's (index, element)
                return [(Value("pair", value.path, value.name), INFERRED)]
            if value.kind == "pair" and step == "[0]":
                return []
            return self.resolver.remembered(
                ("element", inner, SUBSCRIPT), lambda: self.element(inner, SUBSCRIPT)
            )
        if value.kind == "seq":
            qualname, _, index = value.name.rpartition("#")
            table = self.resolver.table(value.path)
            definition = table.definitions[qualname]
            return self.flowing_in(table, definition, int(index), gather=False, key=step)
        if value.kind != "cont":
            self.resolver.consulted.fail("unknown-receiver")
            return []
        empty: list[Found] = []
        found = self.resolver.shared(("element", value, step), _contained(self, value, step), empty)
        if not found:
            self.resolver.consulted.fail("unknown-receiver")
        return found

    def contained(self, value: Value, step: str) -> list[Found]:
        """The elements of a container literal at `step` (the same from every file)."""
        table = self.resolver.table(value.path)
        elements = table.containers.get(value.name, []) + self.stored_in(table, value)
        if step != SUBSCRIPT:
            elements = _keyed(elements, step[1:-1])
        if len(elements) > MAX_ELEMENTS:  # a table of data, not of callables
            return []
        found: list[Found] = []
        for element in elements:
            if element.value is not None:
                found += self.resolver.evaluate(table, element.scope, element.value, element.line)
        return [(v, INFERRED) for v, _ in unique(found)]

    def stored_in(self, table: ModuleTable, container: Value) -> list[BindingFact]:
        """What the file stores into a container after creating it: `d[k] = v` (keyed),
        `xs.append(v)`, `xs.insert(i, v)`, `s.add(v)`, `d.setdefault(k, v)` (unkeyed),
        `xs.extend([...])` and `d.update({...})` (the other container's elements)."""
        empty: dict[Value, list[BindingFact]] = {}
        index = self.resolver.shared(("stores", table.path), lambda: self._stores(table), empty)
        return index.get(container, [])

    def _stores(self, table: ModuleTable) -> dict[Value, list[BindingFact]]:
        """Every store of a file, by the container it stores into (only stores into a name
        or a `self` attribute that the file binds to a container literal somewhere)."""
        found: dict[Value, list[BindingFact]] = {}
        holding = _container_names(table)
        for store in table.stores:
            if store.target[:-1] not in holding:
                continue
            holders = self.resolver.evaluate(table, store.scope, store.target[:-1], store.line)
            for holder, _ in holders:
                if holder.kind == "cont":
                    target = (holder.name, store.target[-1])
                    found.setdefault(holder, []).append(store._replace(target=target))
        for method, position in _STORING.items():
            for call in self.calls_named(table, method):
                assert call.chain is not None
                if len(call.chain) < 2 or len(call.args) <= position:
                    continue
                argument = call.args[position]
                if (
                    argument is None
                    or argument[0].startswith("[")
                    or (call.chain[:-1] not in holding)
                ):
                    continue
                if method in ("extend", "update"):  # the other container's elements
                    argument = (*argument, SUBSCRIPT)
                holders = self.resolver.evaluate(table, call.scope, call.chain[:-1], call.line)
                for holder, _ in holders:
                    if holder.kind == "cont":
                        store = BindingFact(
                            call.scope, (holder.name, SUBSCRIPT), argument, call.line
                        )
                        found.setdefault(holder, []).append(store)
        return found

    def bound_method(self, container: Value, name: str) -> list[Found]:
        """`d.get`, `d.items`... of a container literal (or of a view of one)."""
        if name not in _CONTAINER_METHODS:
            self.resolver.consulted.fail("unknown-attribute")
            return []
        return [
            (Value("bound", container.path, f"{name}|{container.kind}|{container.name}"), INFERRED)
        ]

    def call_bound(
        self,
        bound: Value,
        args: list[tuple[Chain | None, ...]],
        evaluate_argument: Callable[[Chain], list[Found]],
    ) -> list[Found]:
        """What calling a container's method returns (`args`: its arguments at each call
        site on the line; `evaluate_argument` evaluates one of them there)."""
        name, _, rest = bound.name.partition("|")
        kind, _, inner_name = rest.partition("|")
        inner = Value(kind, bound.path, inner_name)
        encoded = f"{inner.kind}|{inner.name}"
        if name == "values":
            return [(Value("slice", inner.path, encoded), INFERRED)]
        if name == "items":
            return [(Value("items", inner.path, encoded), INFERRED)]
        if name == "copy":
            return [(inner, INFERRED)]
        if name == "keys":
            return []
        found: list[Found] = []
        for site_args in args or [()]:
            key = site_args[0] if site_args else None
            step = (
                key[0]
                if key is not None and len(key) == 1 and key[0].startswith("[")
                else SUBSCRIPT
            )
            found += self.resolver.remembered(("element", inner, step), _element(self, inner, step))
            if len(site_args) > 1 and site_args[1] is not None:  # a default
                found += evaluate_argument(site_args[1])
        return unique(found)

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
        """What a parameter may hold: what is passed for it (and its default), an instance
        of the classes it is annotated with; `self`, `cls` the method's class."""
        definition = table.definitions.get(scope)
        if definition is None or index >= len(definition.params):
            return []  # a redefinition (`if ...: def f(a, b)` / `else: def f(a)`) kept the first
        decorators = {chain for chain in definition.decorators if chain}
        if definition.kind != "method" or index != 0 or ("staticmethod",) in decorators:
            passed = self.flowing_in(table, definition, index)
            annotated = self.annotated(table, definition, definition.params[index])
            return unique([*passed, *annotated]) if annotated else passed
        owner = Value("def", table.path, definition.scope)
        if ("classmethod",) in decorators or definition.name == "__new__":
            return [(owner, Resolution.SELF)]
        return [(Value("inst", table.path, definition.scope), Resolution.SELF)]

    def annotated(self, table: ModuleTable, definition: Definition, name: str) -> list[Found]:
        """Instances of the classes a parameter (or, for "", the return) is annotated with."""
        found: list[Found] = []
        for annotated, chain in definition.annotations:
            if annotated != name:
                continue
            for value, _ in self.resolver.evaluate(table, definition.scope, chain, definition.line):
                if value.kind == "def" and self.classes.is_class(value):
                    found.append((Value("inst", value.path, value.name), INFERRED))
        return found

    def flowing_in(
        self,
        table: ModuleTable,
        definition: Definition,
        index: int,
        gather: bool = True,
        key: str = SUBSCRIPT,
    ) -> list[Found]:
        """Values passed into a parameter: its default, and the arguments of every call of
        the function (positional, keyword, or gathered by `*args`/`**kwargs`, whose
        elements are reached by subscripting or iterating the gathered value)."""
        if gather and definition.params[index].startswith("*"):
            marker = Value("seq", table.path, f"{definition.qualname}#{index}")
            return [(marker, Resolution.INFERRED)]
        own = table.path == self.resolver.current
        if not own:  # the same from every file: kept for the build
            empty: list[Found] = []
            return self.resolver.shared(
                ("param", table.path, definition.qualname, index, key),
                _arguments_for(self, table, definition, index, key),
                empty,
            )
        elsewhere = self.across_files and not self._elsewhere
        return self.resolver.remembered(
            ("param", table.path, definition.qualname, index, key, elsewhere),
            lambda: self.arguments_for(table, definition, index, key, elsewhere),
        )

    def arguments_for(
        self,
        table: ModuleTable,
        definition: Definition,
        index: int,
        key: str = SUBSCRIPT,
        elsewhere: bool = False,
    ) -> list[Found]:
        """What the calls of a function pass for its parameter `index` (for a gathering
        parameter's element, the one at `key` when it is a literal), in the same module
        and, when `elsewhere`, in the other files that import it. Those are read only for
        the file being resolved, one step deep: what a function is given from other files
        counts where it is used, not in the values it returns to other files."""
        param = definition.params[index]
        name = param.lstrip("*")
        found: list[Found] = []
        default = dict(definition.defaults).get(name)
        if default is not None:
            found += self.resolver.evaluate(table, definition.scope, default, definition.line)
        names = [definition.name]
        if definition.name == "__init__" and definition.scope:
            names.append(definition.scope.rpartition(".")[2])  # `Foo(x)` calls Foo.__init__
        sites = [
            (table, call) for n in [*names, CALL, *PARTIALS] for call in self.calls_named(table, n)
        ]
        if elsewhere and (definition.kind != "method" or definition.name == "__init__"):
            # from other files: calls by the function's name, or by its class's for a
            # constructor (`super().__init__(...)` in other files is left out: too common)
            sites += self._sites_elsewhere(table, names[-1:])
        for site_table, call in sites:
            if call.chain is None:
                continue
            outside = site_table is not table
            self._elsewhere += outside
            try:
                found += self._passed_at(site_table, call, table, definition, index, key)
            finally:
                self._elsewhere -= outside
        # what the call sites failed on does not explain a use of the parameter
        self.resolver.consulted.reason = ""
        return [(value, Resolution.INFERRED) for value, _ in unique(found)]

    def _passed_at(
        self,
        site_table: ModuleTable,
        call: CallFact,
        table: ModuleTable,
        definition: Definition,
        index: int,
        key: str,
    ) -> list[Found]:
        """What one call site passes for the parameter, when it calls the function (or
        binds its first arguments: `functools.partial(f, a)` passes a to f)."""
        assert call.chain is not None
        target = Value("def", table.path, definition.qualname)
        reached = self.resolver.evaluate(site_table, call.scope, call.chain, call.line)
        args = call.args
        if call.chain[-1] in PARTIALS and call.args and call.args[0] is not None:
            if not any(v.kind == "ext" and v.name.startswith("functools.") for v, _ in reached):
                return []
            reached = self.resolver.evaluate(site_table, call.scope, call.args[0], call.line)
            args = call.args[1:]
        if not any(
            value == target
            or (
                definition.name == "__init__"
                and value.kind == "def"
                and value.path == table.path
                and value.name == definition.scope
            )
            for value, _ in reached
        ):
            return []
        param = definition.params[index]
        name = param.lstrip("*")
        bound = definition.kind == "method" and not any(
            chain == ("staticmethod",) for chain in definition.decorators
        )
        position = index - 1 if bound else index
        literal = key[1:-1] if key not in (SUBSCRIPT, SLICE) else None
        if param.startswith("**"):
            chains = [c for k, c in call.kwargs if literal is None or k == literal]
        elif param.startswith("*"):
            extra = args[position:]
            if literal is not None and literal.isdigit():
                extra = extra[int(literal) : int(literal) + 1]
            chains = list(extra)
        else:
            chains = [c for k, c in call.kwargs if k == name]
            if 0 <= position < len(args):
                chains.append(args[position])
        found: list[Found] = []
        for chain in chains:
            if chain is not None:
                found += self.resolver.evaluate(site_table, call.scope, chain, call.line)
        return found

    def _sites_elsewhere(
        self, table: ModuleTable, names: list[str]
    ) -> list[tuple[ModuleTable, CallFact]]:
        """Calls of these names in the other files that import the module (or a package
        holding it), at most `MAX_SITES_ELSEWHERE` of them."""
        sites: list[tuple[ModuleTable, CallFact]] = []
        for name in names:
            self.resolver.consulted.calls.add(name)
            for path in self.resolver.files_calling(name):
                # read off the file's imports: a change to them invalidates `calls:NAME`
                if path == table.path or not _holds(self.resolver.imported_by(path), table.dotted):
                    continue
                other = self.resolver.table(path)
                sites += [
                    (other, call)
                    for call in self.calls_named(other, name)
                    if call.chain is not None
                    and len(call.chain) <= 2  # `f(x)`, `module.f(x)`, `Class(x)`
                    and not call.implicit
                ]
                if len(sites) >= MAX_SITES_ELSEWHERE:
                    return sites[:MAX_SITES_ELSEWHERE]
        return sites

    def calls_named(self, table: ModuleTable, name: str) -> list[CallFact]:
        """The calls of a module whose callee chain ends in `name` (or a constructor call)."""
        if table.calls_named is None:
            table.calls_named = {}
            for call in table.facts.calls:
                if call.chain:
                    table.calls_named.setdefault(call.chain[-1], []).append(call)
        return table.calls_named.get(name, [])

    def calls_at(self, table: ModuleTable, line: int, callee: Chain) -> list[CallFact]:
        """The written calls of `callee` that start on `line`."""
        if table.calls_at is None:
            table.calls_at = {}
            for call in table.facts.calls:
                if call.chain is not None and not call.implicit:
                    table.calls_at.setdefault((call.line, call.chain), []).append(call)
        return table.calls_at.get((line, callee), [])


def _element(flow: ValueFlow, container: Value, step: str) -> Callable[[], list[Found]]:
    """The element computation of a container, for `remembered`."""
    return lambda: flow.element(container, step)


def _contained(flow: ValueFlow, container: Value, step: str) -> Callable[[], list[Found]]:
    return lambda: flow.contained(container, step)


def _arguments_for(
    flow: ValueFlow, table: ModuleTable, definition: Definition, index: int, key: str
) -> Callable[[], list[Found]]:
    return lambda: flow.arguments_for(table, definition, index, key)
