"""Python: the definitions one call site reaches.

A written call reaches what its callee evaluates to (a function, a class's `__new__` and
`__init__`, an instance's `__call__`), plus the functions a builtin calls with what it is
given (`map(f, xs)`, `sorted(xs, key=f)`), the special methods a builtin delegates to
(`len(x)` is `x.__len__`), and, labelled `override`, the overrides below the class of
`self` that `self.m()` may dispatch to. An implicit call (an operator, `with`, `for`,
`raise E`) reaches the special method of its operand's class, looked up on the class as
Python does (never on the instance), with Python's fallbacks.
"""

from __future__ import annotations

from collections.abc import Callable

from brownfield.graph.facts import CALL, BindingFact, CallFact, Chain, Definition
from brownfield.graph.python_builtins import (
    CALLS_ARGUMENT,
    ITERATES,
    LENGTH_HINT,
    SORT_METHOD,
    called_arguments,
)
from brownfield.graph.python_classes import ClassMembers
from brownfield.graph.python_evaluator import Evaluator
from brownfield.graph.python_implicit import (
    BUILTIN_DUNDERS,
    FALLBACK,
    OPERATOR,
    PRINTING,
    RAISE,
    READ,
)
from brownfield.graph.python_scopes import Found, ModuleTable, Value, node_id
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


def _is_attribute(step: str) -> bool:
    """Whether a chain's last step names an attribute (not a call, not a subscript)."""
    return step != CALL and not step.startswith("[")


def _is_first_parameter(table: ModuleTable, scope: str, name: str) -> bool:
    """Whether `name` is the first parameter (`self`, `cls`) of the method `scope`."""
    definition = table.definitions.get(scope)
    return (
        definition is not None
        and definition.kind == "method"
        and bool(definition.params)
        and definition.params[0] == name
    )


def is_special(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


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
        self._memo: dict[tuple[frozenset[Value], str], set[Target]] = {}
        self._memo_owner: object = None
        self._candidates: dict[str, list[tuple[str, Value]]] = {}
        self._by_line: dict[str, dict[int, list[CallFact]]] = {}  # one file's calls by line

    def of_call(self, table: ModuleTable, call: CallFact) -> set[Target]:
        """The node ids (with how) a call site reaches; implicit calls only in the repository."""
        assert call.chain is not None
        if call.implicit:  # only in the repository, but for `raise E` (E constructed)
            implicit = self._implicit(table, call)
            return {t for t in implicit if "::" in t[0] or call.text == RAISE}
        found = self.resolver.evaluate(table, call.scope, call.chain, call.line)
        targets = {target for value, how in found for target in self.of_value(value, how)}
        if call.args or call.kwargs:
            outside = [v.name for v, _ in found if v.kind == "ext" and v.name in _DELEGATING]
            if outside or (call.chain[-1] == SORT_METHOD and call.kwargs):
                targets |= self._through_builtins(table, call, found)
        if len(call.chain) >= 2 and _is_attribute(call.chain[-1]):
            targets |= self._overrides(table, call)
        if len(call.chain) == 1 or call.chain[-1] == "__class__":
            targets |= self._constructor_overrides(table, call, found)
        if len(call.chain) >= 2 and _is_attribute(call.chain[1]):
            targets |= self._class_attribute_overrides(table, call, targets)
        return targets

    def of_value(self, value: Value, how: Resolution) -> list[Target]:
        """What calling a value runs: a function, a class's `__new__` and `__init__` (the
        class itself when it defines neither), an instance's `__call__`."""
        if value.kind == "ext":
            return [(value.name, how)]
        if value.kind == "def":
            if not self.classes.is_class(value):
                return [(node_id(value.path, value.name), how)]
            found = []
            for method in ("__new__", "__init__"):
                defined = self.special(value, method, fallback=False)
                found += [(node_id(v.path, v.name), Resolution.CONSTRUCTOR) for v in defined]
            return found or [(node_id(value.path, value.name), Resolution.CONSTRUCTOR)]
        if value.kind == "resume":  # `g.send(x)`, `g.__next__()`: the generator runs
            return [(node_id(value.path, value.name), Resolution.INFERRED)]
        if value.kind == "inst":
            return [
                (node_id(v.path, v.name), Resolution.INFERRED)
                for v in self.special(Value("def", value.path, value.name), "__call__")
            ]
        self.resolver.consulted.fail("not-callable")
        return []

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
        name = call.chain[-1]
        if call.text == READ:
            return self._property_read(table, call)
        if call.text == OPERATOR and not self.defined_anywhere(name):
            return []  # (`for`/`with` are looked up whatever: `__iter__ = iterkeys` aliases)
        receivers = self.resolver.evaluate(table, call.scope, call.chain[:-1], call.line)
        return self._special_of(receivers, name)

    def _property_read(self, table: ModuleTable, call: CallFact) -> list[Target]:
        """`x.name` read: the getter of a property `name` of x's class (and, labelled
        `override`, of its subclasses' properties), or, on `self`/`cls`, a descriptor's
        `__get__` (`name = Descriptor()` in the class)."""
        assert call.chain is not None
        name = call.chain[-1]
        self.resolver.consulted.names.add(name)
        if not self.methods_named(name):  # no method is so named: no property either
            self.resolver.consulted.names.add("__get__")
            on_self = len(call.chain) == 2 and _is_first_parameter(table, call.scope, call.chain[0])
            if not on_self or not self.methods_named("__get__"):
                return []
        found: list[Target] = []
        owners: set[Value] = set()
        receivers = self.resolver.evaluate(table, call.scope, call.chain[:-1], call.line)
        for receiver, how in receivers:
            if receiver.kind != "inst":
                continue
            cls = Value("def", receiver.path, receiver.name)
            label = Resolution.SELF if how is Resolution.SELF else Resolution.INFERRED
            owners.add(cls)
            for member, _ in self.classes.member(cls, name, instance=False):
                if self.classes.is_property(member):
                    found.append((node_id(member.path, member.name), label))
                elif member.kind == "inst":  # a descriptor: `name = Descriptor(...)`
                    descriptor = Value("def", member.path, member.name)
                    found += [
                        (node_id(m.path, m.name), label)
                        for m in self.special(descriptor, "__get__")
                    ]
        if owners and self.methods_named(name):
            for target, how in self._overriding(owners, name):
                path, _, qualname = target.partition("::")
                if self.classes.is_property(Value("def", path, qualname)):
                    found.append((target, how))
        return found

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
            label = Resolution.SELF if how is Resolution.SELF else Resolution.INFERRED
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

    def _calls_on(self, table: ModuleTable, line: int) -> list[CallFact]:
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
        for other in self._calls_on(table, call.line):
            if other.implicit:
                if other.text == "for" and other.chain == (*made, "__iter__"):
                    return True
            elif other.chain and other.chain[-1] in CONSUMING and made in other.args:
                return True
        return False

    # -- dispatch to overrides ------------------------------------------------------------

    def _self_class(self, table: ModuleTable, call: CallFact) -> Value | None:
        """The class enclosing the method when the call's chain starts at its first
        parameter (`self`, `cls`), never rebound; None otherwise."""
        assert call.chain is not None
        definition = table.definitions.get(call.scope)
        bindings = table.scopes.get(call.scope, {}).get(call.chain[0], [])
        if (
            definition is None
            or not _is_first_parameter(table, call.scope, call.chain[0])
            or len(bindings) != 1
            or bindings[0].source != "param"
            or ("staticmethod",) in definition.decorators
        ):
            return None
        return Value("def", table.path, definition.scope)

    def _class_attribute_overrides(
        self, table: ModuleTable, call: CallFact, static: set[Target]
    ) -> set[Target]:
        """`self.kind()`, `cls.kind.make()` where `kind` is a class attribute of the class
        (`kind = Frame`) that subclasses in the same file rebind (`kind = ContextFrame`):
        what the chain reaches from each subclass's value is an `override` edge."""
        chain = call.chain
        assert chain is not None
        owner = self._self_class(table, call)
        if owner is None or not self.classes.is_class(owner):
            return set()
        attribute = chain[1]
        declared = self.classes.member(owner, attribute, instance=False)
        if not declared or any(
            value.kind == "def" and not self.classes.is_class(value) for value, _ in declared
        ):
            return set()  # not a class attribute, or a method (`_overriding` has those)
        key = (frozenset({owner}), "." + ".".join(chain[1:]))
        if self._memo_owner is not self.resolver.consulted:  # remembered within one file
            self._memo_owner, self._memo = self.resolver.consulted, {}
        known = self._memo.get(key)
        if known is None:
            known = self._memo[key] = set()
            home = self.resolver.table(owner.path)
            for qualname, definition in home.definitions.items():
                if definition.kind != "class" or qualname == owner.name:
                    continue
                if owner not in self.classes.mro(Value("def", owner.path, qualname)):
                    continue
                if self.resolver.lookup_in_scope(home, qualname, attribute, None) is None:
                    continue  # keeps the base's value
                line = definition.end_line + 1
                for value, _ in self.resolver.evaluate(home, qualname, chain[1:], line):
                    known.update(
                        (target, Resolution.OVERRIDE)
                        for target, _ in self.of_value(value, Resolution.OVERRIDE)
                        if "::" in target
                    )
        reached = {target for target, _ in static}
        return {t for t in known if t[0] not in reached}

    def _overrides(self, table: ModuleTable, call: CallFact) -> set[Target]:
        """`x.m()` on an instance of a repository class (`self.m()`, `param.m()` with `param:
        Base`...), or `cls.m()`: the methods `m` of the class's subclasses, which the call
        dispatches to when x is one of them. A class named explicitly (`Base.m()`) is not."""
        chain = call.chain
        assert chain is not None
        name = chain[-1]
        if is_special(name):
            return set()
        definition = table.definitions.get(call.scope)
        bindings = table.scopes.get(call.scope, {}).get(chain[0], []) if len(chain) == 2 else []
        if (
            definition is not None
            and _is_first_parameter(table, call.scope, chain[0])
            and len(bindings) == 1
            and bindings[0].source == "param"
        ):  # `self`, never rebound: the enclosing class, without evaluating
            if ("staticmethod",) in definition.decorators:
                return set()
            owners = {Value("def", table.path, definition.scope)}
            self.resolver.consulted.names.add(name)
            if self._memo_owner is not self.resolver.consulted:  # remembered within one file
                self._memo_owner, self._memo = self.resolver.consulted, {}
            key = (frozenset(owners), f"{name}:{definition.qualname}")
            known = self._memo.get(key)
            if known is None:
                known = self._memo[key] = {
                    target
                    for target in self._overriding(owners, name)
                    if self._runs_here(target[0], table.path, definition)
                }
            return known
        elif self._constructed(table, call):
            return set()  # `Foo().m()`, `x = Foo(); x.m()`: exactly a Foo, no subclass
        else:
            receivers = self.resolver.evaluate(table, call.scope, chain[:-1], call.line)
            owners = {
                Value("def", value.path, value.name)
                for value, how in receivers
                if value.kind == "inst" or (value.kind == "def" and how is Resolution.SELF)
            }
        if not owners:
            return set()
        self.resolver.consulted.names.add(name)
        key = (frozenset(owners), name)
        if self._memo_owner is not self.resolver.consulted:  # remembered within one file
            self._memo_owner, self._memo = self.resolver.consulted, {}
        known = self._memo.get(key)
        if known is None:
            known = self._memo[key] = self._overriding(owners, name)
        return known

    def _constructor_overrides(
        self, table: ModuleTable, call: CallFact, found: list[Found]
    ) -> set[Target]:
        """`cls(...)` in a classmethod, `type(x)(...)` or `x.__class__(...)` on an instance:
        the class may be a subclass, whose own `__new__`/`__init__` then runs (`override`)."""
        chain = call.chain
        assert chain is not None
        if chain[-1] == "__class__":
            receivers = self.resolver.evaluate(table, call.scope, chain[:-1], call.line)
            owners = {Value("def", v.path, v.name) for v, _ in receivers if v.kind == "inst"}
        elif _is_first_parameter(table, call.scope, chain[0]):
            owners = {
                value
                for value, how in found
                if value.kind == "def" and how is Resolution.SELF and self.classes.is_class(value)
            }
        else:
            return set()
        if not owners:
            return set()
        static = {target for value in owners for target, _ in self.of_value(value, Resolution.SELF)}
        targets: set[Target] = set()
        for name in ("__new__", "__init__"):
            self.resolver.consulted.names.add(name)
            overriding = self._overriding(owners, name, mixins=False)
            targets |= {t for t in overriding if t[0] not in static}
        return targets

    def _runs_here(self, method_id: str, path: str, caller: Definition) -> bool:
        """Whether `self.m()` in the method `caller` (of class B) can run with `self` an
        instance of the class defining `method_id` (a subclass S of B): S finds the caller's
        name in B, or its own version calls `super().name(...)` (a class overriding the
        caller without it never runs B's code with its instances)."""
        home_path, _, qualname = method_id.partition("::")
        subclass = Value("def", home_path, qualname.rpartition(".")[0])
        if Value("def", path, caller.scope) not in self.classes.mro(subclass):
            return True  # a mixin's method: the classes mixing it in are not looked at
        found = self.classes.member(subclass, caller.name, instance=False)
        methods = [v for v, _ in found if v.kind == "def"]
        if not methods or any(v == Value("def", path, caller.qualname) for v in methods):
            return True
        for method in methods:
            home = self.resolver.table(method.path)
            if any(
                c.scope == method.name and c.chain == ("super", CALL, caller.name)
                for c in home.facts.calls
            ):
                return True
        return False

    def _constructed(self, table: ModuleTable, call: CallFact) -> bool:
        """Whether the receiver of `x.m()` is made by constructing a class right there: the
        receiver is a call of a class (`Foo().m()`), or a local name every binding of which
        in the scope is one (`x = Foo()`). Such an instance is of that class exactly."""
        assert call.chain is not None
        made: list[tuple[str, Chain, int]] = []
        receiver = call.chain[:-1]
        if receiver[-1] == CALL:
            made.append((call.scope, receiver[:-1], call.line))
        elif len(receiver) == 1:
            bindings = table.scopes.get(call.scope, {}).get(receiver[0], [])
            for binding in bindings:
                fact = binding.payload
                if binding.source != "assign" or not isinstance(fact, BindingFact):
                    return False
                if fact.value is None or len(fact.value) < 2 or fact.value[-1] != CALL:
                    return False
                callee = fact.value[:-1]
                if not any(  # a written call (`except E as e` binds an E but calls nothing)
                    c.chain == callee and not c.implicit for c in self._calls_on(table, fact.line)
                ):
                    return False
                made.append((fact.scope, callee, fact.line))
        if not made:
            return False
        for scope, callee, line in made:
            values = self.resolver.evaluate(table, scope, callee, line)
            if not values or not all(
                v.kind == "def" and self.classes.is_class(v) for v, _ in values
            ):
                return False
        return True

    def _overriding(self, owners: set[Value], name: str, mixins: bool = True) -> set[Target]:
        """The methods `name` that instances of a class below `owners` may find first: those
        of subclasses, and (`mixins`) of mixins that such a class derives from too."""
        candidates = self._candidates.get(name)
        if candidates is None:  # the classes defining a method `name`, once per build
            candidates = self._candidates[name] = []
            for method_id in self.methods_named(name):
                path, _, qualname = method_id.partition("::")
                owner = Value("def", path, qualname.rpartition(".")[0])
                if self.classes.is_class(owner):
                    candidates.append((method_id, owner))
        found: set[Target] = set()
        mixed: list[tuple[str, Value]] = []
        for method_id, owner in candidates:
            if owner in owners:
                continue
            order = self.classes.mro(owner)  # records what the order depends on
            if any(cls in order for cls in owners):
                found.add((method_id, Resolution.OVERRIDE))
            elif mixins:
                mixed.append((method_id, owner))
        above = {cls for owner in owners for cls in self.classes.mro(owner)} if mixed else set()
        for method_id, mixin in mixed:
            if mixin not in above and self._mixed_in(mixin, owners, name, method_id):
                found.add((method_id, Resolution.OVERRIDE))
        return found

    def _mixed_in(self, mixin: Value, owners: set[Value], name: str, method_id: str) -> bool:
        """Whether a class of the mixin's file derives from the mixin and one of `owners`
        and finds the mixin's `name` first (`class C(Mixin, Base)`)."""
        table = self.resolver.table(mixin.path)
        for qualname, definition in table.definitions.items():
            if definition.kind != "class" or qualname == mixin.name:
                continue
            order = self.classes.mro(Value("def", mixin.path, qualname))
            if mixin not in order or not any(cls in order for cls in owners):
                continue
            for klass in order:
                if klass.kind == "ext":
                    break
                home = self.resolver.table(klass.path)
                if self.resolver.lookup_in_scope(home, klass.name, name, None) is not None:
                    if node_id(klass.path, f"{klass.name}.{name}") == method_id:
                        return True
                    break
        return False
