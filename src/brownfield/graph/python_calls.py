"""Python: the definitions one call site reaches.

A written call reaches what its callee evaluates to (a function, a class's `__new__` and
`__init__`, an instance's `__call__`), plus the functions a builtin calls with what it is
given (`map(f, xs)`, `sorted(xs, key=f)`), the special methods a builtin delegates to
(`len(x)` is `x.__len__`), and, labelled `override`, where dynamic dispatch may take it
(`python_dispatch`). An implicit call (an operator, `with`, `for`,
`raise E`) reaches the special method of its operand's class, looked up on the class as
Python does (never on the instance), with Python's fallbacks.
"""

from __future__ import annotations

from collections.abc import Callable

from brownfield.graph.facts import CALL, SUBSCRIPT, CallFact
from brownfield.graph.python_arity import ArityCheck
from brownfield.graph.python_builtins import (
    BUILTIN_ATTRIBUTES,
    CALLS_ARGUMENT,
    ITERATES,
    LENGTH_HINT,
    SORT_METHOD,
    called_arguments,
)
from brownfield.graph.python_classes import ClassMembers
from brownfield.graph.python_dispatch import Dispatch, is_first_parameter
from brownfield.graph.python_evaluator import Evaluator
from brownfield.graph.python_implicit import (
    BUILTIN_DUNDERS,
    FALLBACK,
    HASH,
    OPERATOR,
    PRINTING,
    RAISE,
    READ,
    SUBCLASS,
)
from brownfield.graph.python_scopes import Found, ModuleTable, Value, inferred, node_id
from brownfield.model import Resolution

Target = tuple[str, Resolution]

#: Outside functions that call what they are given, or a special method of it.
_DELEGATING = frozenset(
    {
        *CALLS_ARGUMENT,
        *ITERATES,
        *(f"<builtin>.{name}" for name in (*BUILTIN_DUNDERS, *PRINTING)),
    }
)


#: The last names of the builtins that consume an iterator they are given, at the call.
CONSUMING = frozenset(name.rpartition(".")[2] for name, (_, eager) in ITERATES.items() if eager)
#: The special methods that resume a generator when called on it (by `for`, `next()`,
#: `list()`...): its generator function's body runs.
GENERATOR_STEPS = frozenset({"__iter__", "__next__", "__aiter__", "__anext__"})


class CallTargets:
    """What call sites reach, for the resolver that evaluates through it."""

    def __init__(
        self,
        resolver: Evaluator,
        classes: ClassMembers,
        methods_named: Callable[[str], list[str]],
    ) -> None:
        self.resolver = resolver
        self.classes = classes
        self.methods_named = methods_named
        self._by_line: dict[str, dict[int, list[CallFact]]] = {}  # one file's calls by line
        self._decorated: dict[str, bool] = {}  # method name -> some method so named is decorated
        self.dispatch = Dispatch(resolver, classes, methods_named, self.of_value, self.calls_on)
        self.arity = ArityCheck(resolver, classes)

    def of_call(self, table: ModuleTable, call: CallFact) -> set[Target]:
        """The node ids (with how) a call site reaches; implicit calls only in the repository."""
        assert call.chain is not None
        if call.implicit:  # only in the repository, but for `raise E` (E constructed)
            implicit = self._implicit(table, call)
            return {t for t in implicit if "::" in t[0] or call.text == RAISE}
        found = self.resolver.evaluate(table, call.scope, call.chain, call.line)
        targets = {target for value, how in found for target in self.of_value(value, how)}
        given: set[Target] = set()  # what builtins call with the arguments (`map(f, xs)`)
        if call.args or call.kwargs:
            outside = [v.name for v, _ in found if v.kind == "ext" and v.name in _DELEGATING]
            if outside or (call.chain[-1] == SORT_METHOD and call.kwargs):
                given = self._through_builtins(table, call, found)
        targets |= self.dispatch.of_call(table, call, found, targets | given)
        built = {  # called by a generated `__init__`, not with the call's arguments
            (node_id(v.path, v.name), Resolution.CONSTRUCTOR)
            for value, _ in found
            if value.kind == "def" and self.classes.is_class(value)
            for v in self._post(value)
        }
        return self.arity.reachable(table, call, found, targets) | given | built

    def guessed(self, table: ModuleTable, call: CallFact, source: str) -> set[Target]:
        """A method call on an unknown receiver, when only one method has that name (and
        the call's arguments can bind to it), but for a call inside that method itself
        (`self.sock.m()` inside `m`: a wrapper delegating to what it wraps, no recursion)."""
        chain = call.chain
        assert chain is not None
        if (
            len(chain) < 2
            or chain[-1] in (CALL, SUBSCRIPT)
            or self.resolver.consulted.reason != "unknown-receiver"
        ):
            return set()
        name = chain[-1]
        if name.startswith("__") or name in BUILTIN_ATTRIBUTES:
            return set()
        self.resolver.consulted.names.add(name)
        owners = self.methods_named(name)
        if len(owners) != 1 or owners[0] == source:
            return set()
        return self.arity.reachable(table, call, [], {(owners[0], Resolution.UNIQUE_NAME)})

    def of_value(self, value: Value, how: Resolution) -> list[Target]:
        """What calling a value runs: a function, a class's `__new__` and `__init__` (and
        the class itself unless it defines one of them: a subclass built through its
        base's `__init__` is still a class the call constructs), an instance's `__call__`."""
        if value.kind == "ext":
            return [(value.name, how)]
        if value.kind == "def":
            if not self.classes.is_class(value):
                return [(node_id(value.path, value.name), how)]
            found = []
            for method in ("__new__", "__init__"):
                defined = self.special(value, method, fallback=False)
                found += [(node_id(v.path, v.name), Resolution.CONSTRUCTOR) for v in defined]
            cls = node_id(value.path, value.name)
            if not any(target.startswith(cls + ".") for target, _ in found):
                found.append((cls, Resolution.CONSTRUCTOR))
            return found
        if value.kind == "resume":  # `g.send(x)`, `g.__next__()`: the generator runs
            return [(node_id(value.path, value.name), Resolution.INFERRED)]
        if value.kind == "inst":
            return [
                (node_id(v.path, v.name), Resolution.INFERRED)
                for v in self.special(Value("def", value.path, value.name), "__call__")
            ]
        self.resolver.consulted.fail("not-callable")
        return []

    def _post(self, cls: Value) -> list[Value]:
        """What a generated `__init__` calls after it sets the fields, when no class of the
        constructed class's order defines `__init__`: a dataclass's `__post_init__` (a class
        of the order decorated `@dataclass`, `@dataclasses.dataclass(...)`), an attrs class's
        `__attrs_post_init__` (a class of the order decorated at all: `@attr.s`, `@define`),
        each found through the order."""
        if self.special(cls, "__init__", fallback=False):
            return []
        order = [k for k in self.classes.mro(cls) if k.kind == "def"]
        definitions = [self.resolver.table(k.path).definitions.get(k.name) for k in order]
        decorators = [c for d in definitions if d is not None for c in d.decorators]
        found = self.special(cls, "__attrs_post_init__", fallback=False) if decorators else []
        if any(map(_is_dataclass, decorators)):
            found += self.special(cls, "__post_init__", fallback=False)
        return found

    def special(self, cls: Value, name: str, fallback: bool = True) -> list[Value]:
        """A special method of a repository class, looked up on the class through its
        method resolution order (a base from outside the repository ends the search: it
        may define the method), then Python's fallback method (`__ne__` -> `__eq__`)."""
        for klass in self.classes.mro(cls):
            if klass.kind == "ext":
                return []
            table = self.resolver.table(klass.path)
            found = self.resolver.lookup_in_scope(table, klass.name, name, None)
            if found is not None:
                return [v for v, _ in found if v.kind == "def" and not self.classes.is_class(v)]
        if fallback and name in FALLBACK:
            return self.special(cls, FALLBACK[name])
        return []

    # -- implicit calls -----------------------------------------------------------------

    def _implicit(self, table: ModuleTable, call: CallFact) -> list[Target]:
        assert call.chain is not None
        if call.text == RAISE:  # `raise E`: a class is constructed (an outside one too)
            found = self.resolver.evaluate(table, call.scope, call.chain, call.line)
            return [
                target
                for value, how in found
                if value.kind == "ext" or (value.kind == "def" and self.classes.is_class(value))
                for target in self.of_value(value, how)
            ]
        if call.text == SUBCLASS:
            return self._subclassed(Value("def", table.path, call.chain[0]))
        name = call.chain[-1]
        if call.text == READ:
            return self._property_read(table, call)
        if call.text == HASH:  # `d[k]` on a container literal (a dict): k.__hash__
            if not self.defined_anywhere(name) or not call.args or call.args[0] is None:
                return []
            held = self.resolver.evaluate(table, call.scope, call.args[0], call.line)
            if not held or any(value.kind != "cont" for value, _ in held):
                return []
        if call.text == OPERATOR and not self.defined_anywhere(name):
            return []  # (`for`/`with` are looked up whatever: `__iter__ = iterkeys` aliases)
        receivers = self.resolver.evaluate(table, call.scope, call.chain[:-1], call.line)
        return self._special_of(receivers, name)

    def _subclassed(self, cls: Value) -> list[Target]:
        """A class made: the `__init_subclass__` after it in its order (a base from outside
        the repository ends the search: `object`'s does nothing of the repository's)."""
        for klass in self.classes.mro(cls)[1:]:
            if klass.kind == "ext":
                return []
            home = self.resolver.table(klass.path)
            found = self.resolver.lookup_in_scope(home, klass.name, "__init_subclass__", None)
            if found is not None:
                return [
                    (node_id(v.path, v.name), Resolution.INFERRED)
                    for v, _ in found
                    if v.kind == "def" and not self.classes.is_class(v)
                ]
        return []

    def _property_read(self, table: ModuleTable, call: CallFact) -> list[Target]:
        """`x.name` read: the getter of a property `name` of x's class (and, labelled
        `override`, of its subclasses' properties, unless x is constructed right there:
        `Foo().p`), or, on `self`/`cls`, a descriptor's `__get__` (`name = Descriptor()` in
        the class); `super().name`, the next class's in the method resolution order (and,
        labelled `override`, the next after a mixin in the module's classes mixing it in)."""
        assert call.chain is not None
        name = call.chain[-1]
        self.resolver.consulted.names.add(name)
        through_super = call.chain[:2] == ("super", CALL) and len(call.chain) == 3
        if not self._decorated_method(name):  # no property (or decorated method) so named
            on_self = len(call.chain) == 2 and is_first_parameter(table, call.scope, call.chain[0])
            if not (on_self or through_super):
                return []
            self.resolver.consulted.names.add("__get__")
            if not self.methods_named("__get__"):
                return []
        found: list[Target] = []
        owners: set[Value] = set()
        receivers = self.resolver.evaluate(table, call.scope, call.chain[:-1], call.line)
        exact: bool | None = None  # whether the receiver is constructed right there
        for receiver, how in receivers:
            if receiver.kind not in ("inst", "super"):
                continue
            cls = Value("def", receiver.path, receiver.name)
            label = Resolution.SELF if how is Resolution.SELF else inferred(how)
            if how is not Resolution.SELF and exact is None:
                exact = self.dispatch._constructed(table, call)
            if not exact and receiver.kind == "inst":  # of the class or a subclass: dispatch
                owners.add(cls)
            after = receiver.kind == "super"  # `super().p`: the classes after cls
            for member, _ in self.classes.member(cls, name, instance=False, skip_self=after):
                if self.classes.is_property(member):
                    found.append((node_id(member.path, member.name), label))
                elif member.kind == "inst":  # a descriptor: `name = Descriptor(...)`
                    descriptor = Value("def", member.path, member.name)
                    found += [
                        (node_id(m.path, m.name), label)
                        for m in self.special(descriptor, "__get__")
                    ]
        if owners and self.methods_named(name):
            excluded = self.dispatch.excluded(table, call) if len(call.chain) == 2 else set()
            tested = self.dispatch.self_tests  # `if x.is_boolean(): x.value`
            tests = tested.tested(table, call) if len(call.chain) == 2 else []
            for target, how in self.dispatch.overriding(owners, name):
                path, _, qualname = target.partition("::")
                owner = Value("def", path, qualname.rpartition(".")[0])
                if (
                    self.classes.is_property(Value("def", path, qualname))
                    and not (excluded and excluded.intersection(self.classes.mro(owner)))
                    and not any(tested.fails(owner, method) for method in tests)
                ):
                    found.append((target, how))
        if through_super:  # `class C(Mixin, Base)`: Mixin's `super().p` is Base's
            for target, how in self.dispatch.super_overrides(table, call, set(found)):
                path, _, qualname = target.partition("::")
                if self.classes.is_property(Value("def", path, qualname)):
                    found.append((target, how))
        return found

    def _decorated_method(self, name: str) -> bool:
        """Whether a repository method `name` is decorated (a property, or a descriptor such
        as `@cachedproperty`): reading `x.name` may call something. Known per build; the
        dependency is the name (`name:NAME` stands for the files defining it)."""
        known = self._decorated.get(name)
        if known is None:
            known = self._decorated[name] = bool(self.resolver.world.files_decorating(name))
        return known

    def through_descriptors(
        self, found: list[Found], call: Callable[[Value, Resolution], list[Found]]
    ) -> list[Found]:
        """The values of an attribute read on an instance: a member that is an instance of
        a class with `__get__` (a descriptor, `cached = cachedproperty(f)`) gives what its
        `__get__` returns (`call`: a method's call result); other members themselves."""
        if not any(m.kind == "inst" for m, _ in found) or not self.defined_anywhere("__get__"):
            return found
        read: list[Found] = []
        for member, how in found:
            getters = (
                self.special(Value("def", member.path, member.name), "__get__")
                if member.kind == "inst"
                else []
            )
            read += (
                [r for getter in getters for r in call(getter, how)] if getters else [(member, how)]
            )
        return read

    def defined_anywhere(self, name: str) -> bool:
        """Whether any repository method is called `name` (or its fallback): operators on
        classes that define no such method reach no repository code, whatever the operand."""
        while name:
            self.resolver.consulted.names.add(name)
            if self.methods_named(name):
                return True
            name = FALLBACK.get(name, "")
        return False

    def _special_of(self, receivers: list[Found], name: str) -> list[Target]:
        """The special method `name` of each instance among `receivers`; iterating a
        generator (`__iter__` then `__next__`) runs its generator function's body."""
        found: list[Target] = []
        for value, how in receivers:
            if value.kind == "gen" and name in GENERATOR_STEPS:
                found.append((node_id(value.path, value.name), Resolution.INFERRED))
            if value.kind != "inst":
                continue
            label = Resolution.SELF if how is Resolution.SELF else inferred(how)
            for method in self.special(Value("def", value.path, value.name), name):
                found.append((node_id(method.path, method.name), label))
        return found

    # -- what builtins do with their arguments --------------------------------------------

    def _through_builtins(
        self, table: ModuleTable, call: CallFact, callees: list[Found]
    ) -> set[Target]:
        """Functions a builtin calls with what it is given, and special methods it
        delegates to (`len(x)`, `print(x)`); `xs.sort(key=f)` on a list calls f."""
        found: set[Target] = set()
        names = {value.name for value, _ in callees if value.kind == "ext"}
        assert call.chain is not None
        if call.chain[-1] == SORT_METHOD and not any(v.kind != "ext" for v, _ in callees):
            names.add("<builtin>.sorted")  # an outside or unknown receiver's sort(key=...)
        for name in sorted(names):
            for chain in called_arguments(name, call):
                for value, _ in self.resolver.evaluate(table, call.scope, chain, call.line):
                    if value.kind != "ext":
                        found.update(
                            (target, Resolution.INFERRED)
                            for target, _ in self.of_value(value, Resolution.INFERRED)
                        )
            if name in ITERATES:
                found.update(self._iterated(table, call, name))
            builtin = name.removeprefix("<builtin>.")
            if not name.startswith("<builtin>."):
                continue
            method = BUILTIN_DUNDERS.get(builtin)
            arguments = call.args[:1] if method else call.args if builtin in PRINTING else ()
            if not arguments or not (
                self.defined_anywhere(method or "__str__") or method in GENERATOR_STEPS
            ):
                continue
            for argument in arguments:
                if argument is None or argument[0].startswith("["):
                    continue
                receivers = self.resolver.evaluate(table, call.scope, argument, call.line)
                if builtin == "iter":  # `iter(generator)` is the generator: nothing runs
                    receivers = [r for r in receivers if r[0].kind != "gen"]
                found.update(self._special_of(receivers, method or "__str__"))
        return {target for target in found if "::" in target[0]}

    def _iterated(self, table: ModuleTable, call: CallFact, name: str) -> set[Target]:
        """`list(xs)`, `zip(a, b)`, `islice(xs, n)`...: the `__iter__` of what they iterate
        (a generator's body), the `__next__` of its iterator when the call consumes it, and
        the `__len__` that `list()`/`tuple()`/`sorted()` ask for first."""
        positions, eager = ITERATES[name]
        eager = eager or self._consumed(table, call)
        arguments = (
            call.args
            if positions is None
            else [call.args[i] for i in positions if i < len(call.args)]
        )
        found: set[Target] = set()
        for argument in arguments:
            if argument is None or argument[0].startswith("["):
                continue
            receivers = self.resolver.evaluate(table, call.scope, argument, call.line)
            found.update(self._special_of(receivers, "__iter__"))
            if name in LENGTH_HINT and self.defined_anywhere("__len__"):
                found.update(self._special_of(receivers, "__len__"))
            if eager and self.defined_anywhere("__next__"):
                chain = (*argument, "__iter__", CALL)
                iterators = self.resolver.evaluate(table, call.scope, chain, call.line)
                found.update(t for t in self._special_of(iterators, "__next__") if t not in found)
        return found

    def calls_on(self, table: ModuleTable, line: int) -> list[CallFact]:
        """The call facts of a file that start on `line` (indexed for one file at a time)."""
        if table.path not in self._by_line:
            lines: dict[int, list[CallFact]] = {}
            for fact in table.facts.calls:
                lines.setdefault(fact.line, []).append(fact)
            self._by_line = {table.path: lines}
        return self._by_line[table.path].get(line, [])

    def _consumed(self, table: ModuleTable, call: CallFact) -> bool:
        """Whether a lazy iterator's call is consumed where it is written: iterated by a
        `for` (`for a, b in zip(x, y)`) or given to a consuming builtin (`list(zip(x, y))`)."""
        assert call.chain is not None
        made = (*call.chain, CALL)
        for other in self.calls_on(table, call.line):
            if other.implicit:
                if other.text == "for" and other.chain == (*made, "__iter__"):
                    return True
            elif other.chain and other.chain[-1] in CONSUMING and made in other.args:
                return True
        return False


def _is_dataclass(decorator: tuple[str, ...] | None) -> bool:
    """`@dataclass`, `@dataclasses.dataclass`, `@dataclass(frozen=True)`."""
    return decorator is not None and (
        decorator[-1] == "dataclass" or decorator[-2:] == ("dataclass", CALL)
    )
