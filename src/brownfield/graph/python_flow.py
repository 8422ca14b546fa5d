"""Python: how values flow into names the resolver cannot read off a binding.

Decorators (a decorated name holds what its decorators return), and arguments flowing into
parameters: at the calls of a function in its module and in the files importing it, its
default, its annotation, `functools.partial`'s bound arguments, the elements `*args` and
`**kwargs` gather. Container elements are `python_containers`'.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from brownfield.graph.facts import CALL, SUBSCRIPT, BindingFact, CallFact, Chain, Definition
from brownfield.graph.python_chains import AT, ELEMENTS, EXCLUDING, SLICE, YIELD
from brownfield.graph.python_classes import ClassMembers
from brownfield.graph.python_evaluator import Evaluator
from brownfield.graph.python_scopes import (
    GUESSED,
    Binding,
    Found,
    ModuleTable,
    Value,
    alternatives,
    inferred,
    live,
)
from brownfield.graph.python_world import SITES_KEY
from brownfield.model import Resolution

#: Decorators that change how a function is bound, not what calling it reaches.
PASS_THROUGH = frozenset({("staticmethod",), ("classmethod",), ("property",)})
INFERRED = Resolution.INFERRED
#: Calls that bind the first arguments of the function they are given.
PARTIALS = ("partial", "partialmethod")
#: The last step of the calls that construct the class they are written in, in its own
#: module: `cls(x)` in a classmethod (`type(self)(x)` is not read: `__class__` chains are
#: everywhere, and reading them all costs more than it finds).
CONSTRUCTING = ("cls", "klass")
#: Call sites in other files read for one parameter, at most (a bound on the cost of a
#: name called everywhere; sites are taken in the order of their files' paths).
MAX_SITES_ELSEWHERE = 16


def _holds(imported: set[str], dotted: str) -> bool:
    """Whether importing these modules and names reaches module `dotted` (the module, a
    package holding it, or a name from it)."""
    parts = dotted.split(".")
    return any(".".join(parts[:size]) in imported for size in range(1, len(parts) + 1))


def unique(found: Iterable[Found]) -> list[Found]:
    """Each value once, with the first way it was reached (a value only guessed,
    `override`, is replaced by a certain way to it)."""
    if isinstance(found, list) and len(found) < 2:
        return found[:]  # nothing to merge (a copy: the caller may extend it)
    seen: dict[Value, Resolution] = {}
    for value, how in found:
        if seen.setdefault(value, how) is GUESSED and how is not GUESSED:
            seen[value] = how
    return list(seen.items())


class ValueFlow:
    """Decorators, argument flow and container elements, for the resolver that evaluates
    through it (and whose class members it asks whether a value is a class)."""

    def __init__(self, resolver: Evaluator, classes: ClassMembers) -> None:
        self.resolver = resolver
        self.classes = classes
        self._elsewhere = 0  # evaluating what a call site in another file passes
        self.across_files = True  # whether parameters take what other files pass (see flowing_in)

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
                if decorator == original:
                    continue  # (a parameter's every value: a class is not its own decorator)
                if decorator.kind == "def" and not self.classes.is_class(decorator):
                    applied += self.returned_for(decorator, values)
                elif decorator.kind == "def":
                    applied.append(Value("inst", decorator.path, decorator.name))
                else:
                    applied += values  # an outside decorator (functools...) keeps the function
            values = self._own(list(dict.fromkeys(applied)), original) or values
        return [(value, Resolution.LOCAL) for value in values]

    def _own(self, applied: list[Value], original: Value) -> list[Value]:
        """What a decorator returns for one definition, without the other decorated classes
        (and their instances): those came through the decorator's parameter from their own
        decorations (the parameter holds every class it decorates: `attrs`' `wrap(cls)`
        hands `cls` back through `_ClassBuilder(cls)`), not from this one. Nothing left:
        the definition itself (what `or values` keeps)."""
        kept = []
        for value in applied:
            other = (value.path, value.name) != (original.path, original.name)
            if other and value.kind in ("def", "inst") and value.path:
                definition = self.resolver.table(value.path).definitions.get(value.name)
                if definition is not None and definition.kind == "class" and definition.decorators:
                    continue
            kept.append(value)
        return kept

    def returned_for(self, decorator: Value, argument: list[Value]) -> list[Value]:
        """What `decorator(argument)` returns: its returns, with its first parameter bound
        (never None: a return that runs only while it is None does not run)."""
        table = self.resolver.table(decorator.path)
        definition = table.definitions.get(decorator.name)
        first = definition.params[0].lstrip("*") if definition and definition.params else None
        found: list[Value] = []
        for returned in table.facts.returns:
            if returned.scope != decorator.name or (first and returned.unless == first):
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

    def returned(self, value: Value) -> list[Found]:
        """What a repository function returns (its `return`s, its return annotation); a
        generator function (one with a `yield`) returns a generator of it (`gen`)."""
        table = self.resolver.table(value.path)
        results: list[Found] = []
        for returned in table.facts.returns:
            if returned.scope != value.name:
                continue
            if returned.value[0] == YIELD:  # what its `return`s give ends the iteration
                return [(Value("gen", value.path, value.name), INFERRED)]
            results.extend(
                (found, inferred(how))
                for found, how in self.resolver.evaluate(
                    table, value.name, returned.value, returned.line
                )
            )
        definition = table.definitions.get(value.name)
        if definition is not None and definition.annotations:
            results = [*results, *self.annotated(table, definition, "")]
        results = unique(results)
        if not results:
            self.resolver.consulted.fail("unknown-receiver")
        return results

    def yielded(self, generator: Value) -> list[Found]:
        """The values a generator yields: `yield x`, the elements of `yield from xs`."""
        table = self.resolver.table(generator.path)
        found: list[Found] = []
        for returned in table.facts.returns:
            if returned.scope == generator.name and returned.value[0] == YIELD:
                chain = returned.value[1:]
                if chain:
                    found += self.resolver.evaluate(table, returned.scope, chain, returned.line)
        return unique((value, INFERRED) for value, _ in found)

    def values_before(self, table: ModuleTable, narrowing: BindingFact) -> list[Found]:
        """What the name a narrowing binds held just before it (the bindings of its scope
        made before its line, the narrowings that still hold there, the parameter)."""
        name, line = narrowing.target[0], narrowing.line
        every = table.scopes.get(narrowing.scope, {}).get(name, [])
        position = next((i for i, b in enumerate(every) if b.payload is narrowing), len(every))
        bindings = [
            b
            for i, b in enumerate(every)
            if i != position
            and (
                b.line < line
                or (b.line == line and b.source not in ("assign", "narrow"))
                or (b.line == line and b.source == "narrow" and i < position)  # `elif`s before
            )
            and not alternatives(b, Binding(line, "narrow", narrowing, narrowing.branch))
            # a narrowing holds here only inside its block, and in a branch holding this one
            and (
                b.source != "narrow"
                or (b.holds_at(line) and narrowing.branch[: len(b.branch)] == b.branch)
            )
        ]
        if bindings and bindings[-1].source == "narrow":
            bindings = bindings[-1:]
        found: list[Found] = []
        for binding in live(bindings) if bindings else []:
            if binding.source == "param":
                index = int(str(binding.payload))
                found += self.param_values(table, narrowing.scope, index)
            elif isinstance(binding.payload, BindingFact):
                fact = binding.payload
                if fact.value is not None and fact.value[1:2] == (EXCLUDING,):
                    found += self.excluded(table, fact)
                elif fact.value is not None:
                    found += self.resolver.evaluate(table, fact.scope, fact.value, fact.line)
        return unique(found)

    def excluded(self, table: ModuleTable, fact: BindingFact) -> list[Found]:
        """`if not isinstance(x, A):` (and the other forms binding `(x, EXCLUDING, *A)`):
        what x held before, but the instances of A."""
        assert fact.value is not None
        classes = self.resolver.evaluate(table, fact.scope, fact.value[2:], fact.line)
        return self.classes.excluding(self.values_before(table, fact), [c for c, _ in classes])

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
            kind = "inst"
            if chain[0] == ELEMENTS and chain[1].startswith(AT):  # `Tuple[A, B]`
                typed = Value("typed", table.path, f"{definition.qualname}|{name}")
                found.append((typed, INFERRED))
                continue
            if chain[0] == ELEMENTS:  # `List[A]`: a collection of instances of A
                kind, chain = "elems", chain[1:]
            for value, _ in self.resolver.evaluate(table, definition.scope, chain, definition.line):
                if value.kind == "def" and self.classes.is_class(value):
                    found.append((Value(kind, value.path, value.name), INFERRED))
        return found

    def _positions(self, typed: Value) -> tuple[ModuleTable, Definition, list[Chain]]:
        table = self.resolver.table(typed.path)
        qualname, _, name = typed.name.rpartition("|")
        definition = table.definitions[qualname]
        chains = [c for a, c in definition.annotations if a == name and c[0] == ELEMENTS]
        return table, definition, [c for c in chains if c[1].startswith(AT)]

    def declared_length(self, typed: Value) -> int | None:
        """How many elements a declared tuple (`Tuple[A, B]`: a `typed` value) has."""
        _, _, chains = self._positions(typed)
        return 1 + max(int(c[1][len(AT) : -1]) for c in chains) if chains else None

    def declared_at(self, typed: Value, step: str) -> list[Found]:
        """Instances of the classes a tuple annotation declares at a position (`[0]`;
        counted from the end when negative), or at every position (`[]`, `[:]`)."""
        table, definition, chains = self._positions(typed)
        index = step[1:-1]
        if index.lstrip("-").isdigit() and chains:
            wanted = int(index) % (1 + max(int(c[1][len(AT) : -1]) for c in chains))
            chains = [c for c in chains if c[1] == f"{AT}{wanted}>"]
        found: list[Found] = []
        for chain in chains:
            for value, _ in self.resolver.evaluate(
                table, definition.scope, chain[2:], definition.line
            ):
                if value.kind == "def" and self.classes.is_class(value):
                    found.append((Value("inst", value.path, value.name), INFERRED))
        return unique(found)

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
        constructing: tuple[str, ...] = ()
        if definition.name == "__init__" and definition.scope:
            names.append(definition.scope.rpartition(".")[2])  # `Foo(x)` calls Foo.__init__
            constructing = CONSTRUCTING  # `cls(x)` in a classmethod
        sites = [
            (table, call)
            for n in [*names, *constructing, CALL, *PARTIALS]
            for call in self.calls_named(table, n)
        ]
        if elsewhere:
            # from other files: calls by the function's name, or by its class's for a
            # constructor (`super().__init__(...)` in other files is left out: too common);
            # a method's by its name on any receiver that reaches it (`self._src.error(E)`)
            method = definition.kind == "method" and definition.name != "__init__"
            sites += self._sites_elsewhere(table, names[-1:], method)
        for site_table, call in sites:
            if call.chain is None or call.implicit:
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
        if (
            bound
            and call.chain[-1] == definition.name
            and self._through_class(site_table, call, definition)
        ):
            bound = False  # `Base.render(self, item)`: the instance is passed explicitly
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

    def _through_class(
        self, site_table: ModuleTable, call: CallFact, definition: Definition
    ) -> bool:
        """Whether a call of a method is written on a class (`Float._new(self, x)`), so
        that nothing is bound to its first parameter: a plain method (not a classmethod)
        whose receiver is a class and nothing else."""
        assert call.chain is not None
        if len(call.chain) < 2 or ("classmethod",) in definition.decorators:
            return False
        receivers = self.resolver.evaluate(site_table, call.scope, call.chain[:-1], call.line)
        return bool(receivers) and all(
            value.kind == "def" and self.classes.is_class(value) for value, _ in receivers
        )

    def _sites_elsewhere(
        self, table: ModuleTable, names: list[str], method: bool = False
    ) -> list[tuple[ModuleTable, CallFact]]:
        """Calls of these names in the other files that import the module (or a package
        holding it), at most `MAX_SITES_ELSEWHERE` of them; of a `method`, the calls on a
        receiver (`obj.m(x)`, `self.src.m(x)`: `_passed_at` keeps those reaching it)."""
        sites: list[tuple[ModuleTable, CallFact]] = []
        parts = table.dotted.split(".")
        for name in names:
            # `calls:NAME@M` for the module and each package holding it: the files calling
            # NAME that import M (read off their imports, whose changes invalidate the key)
            self.resolver.consulted.calls.update(
                f"{name}@{'.'.join(parts[:size])}" for size in range(1, len(parts) + 1)
            )
            for path in self.resolver.files_calling(name):
                if path == table.path or not _holds(self.resolver.imported_by(path), table.dotted):
                    continue
                other = self.resolver.table(path)
                sites += [
                    (other, call)
                    for call in self.calls_named(other, name)
                    if call.chain is not None
                    # `f(x)`, `module.f(x)`, `Class(x)`; a method's: `obj.m(x)`, `a.b.m(x)`
                    and (2 <= len(call.chain) <= 4 if method else len(call.chain) <= 2)
                    and not call.implicit
                ]
                if len(sites) >= MAX_SITES_ELSEWHERE:
                    return sites[:MAX_SITES_ELSEWHERE]
        return sites

    def calls_named(self, table: ModuleTable, name: str) -> list[CallFact]:
        """The calls of a module whose callee chain ends in `name` (or a constructor call)."""
        self.resolver.consulted.keys.add(f"{SITES_KEY}{table.path}::{name}")
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


def _arguments_for(
    flow: ValueFlow, table: ModuleTable, definition: Definition, index: int, key: str
) -> Callable[[], list[Found]]:
    return lambda: flow.arguments_for(table, definition, index, key)
