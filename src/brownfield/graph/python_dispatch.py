"""Python: dynamic dispatch, the `override` edges of a call site.

`x.m()` on an instance of a class may run the `m` of any class below it that runs the
calling code: a subclass's own `m`, a mixin's (`class C(Mixin, Base)`); `cls(...)` and
`type(x)(...)` may construct a subclass; a class attribute a subclass rebinds
(`frame_type = ContextFrame`) changes what `self.frame_type.make()` reaches; `super().m()`
goes on along the MRO of the classes that mix its class in. A receiver constructed right
there (`Foo().m()`) is exactly its class: no dispatch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from brownfield.graph.facts import CALL, BindingFact, CallFact, Chain, Definition
from brownfield.graph.python_chains import EXCLUDING
from brownfield.graph.python_classes import ClassMembers
from brownfield.graph.python_evaluator import Consulted, Evaluator
from brownfield.graph.python_predicates import SelfTests
from brownfield.graph.python_scopes import Found, ModuleTable, Value, node_id
from brownfield.graph.python_world import BASES_KEY
from brownfield.model import Resolution

Target = tuple[str, Resolution]
#: What some class orders consulted: the `bases:` keys of the files of their classes.
Record = frozenset[str]


def _record(classes: ClassMembers, klasses: list[Value]) -> Record | None:
    """What the (known) orders of `klasses` consulted, together; None while one of them is
    still being computed (an inheritance cycle's placeholder)."""
    keys: set[str] = set()
    for klass in klasses:
        kept = classes.orders.get((klass.path, klass.name))
        if kept is None or classes.ordering(klass):
            return None
        keys |= kept[1]
    return frozenset(keys)


def _replay(consulted: Consulted, record: Record) -> None:
    """Depend on what `record` consulted, as asking each of its orders again would."""
    consulted.keys |= record


@dataclass(frozen=True)
class _Kin:
    """The classes defining a method of one name, each with its order as a set, and what
    their orders consulted: asking each order again (for every call `x.name()`) only added
    the same dependencies; `owners` are the classes themselves (a call on one of them does
    not ask its order, so it goes the long way)."""

    candidates: list[tuple[str, Value, frozenset[Value]]]
    owners: frozenset[Value]
    consulted: Record

    @classmethod
    def of(cls, classes: ClassMembers, candidates: list[tuple[str, Value]]) -> _Kin | None:
        record = _record(classes, [owner for _, owner in candidates])
        if record is None:
            return None
        return cls(
            [
                (m, owner, frozenset(classes.orders[owner.path, owner.name][0]))
                for m, owner in candidates
            ],
            frozenset(owner for _, owner in candidates),
            record,
        )


def _is_attribute(step: str) -> bool:
    """Whether a chain's last step names an attribute (not a call, not a subscript)."""
    return step != CALL and not step.startswith("[")


def is_first_parameter(table: ModuleTable, scope: str, name: str) -> bool:
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


def _owner_of(method_id: str) -> Value:
    """The class defining a method, from the method's node id."""
    path, _, qualname = method_id.partition("::")
    return Value("def", path, qualname.rpartition(".")[0])


class Dispatch:
    """The `override` edges of call sites, for the call targets that ask it."""

    def __init__(
        self,
        resolver: Evaluator,
        classes: ClassMembers,
        methods_named: Callable[[str], list[str]],
        of_value: Callable[[Value, Resolution], list[Target]],
        calls_on: Callable[[ModuleTable, int], list[CallFact]],
    ) -> None:
        self.resolver = resolver
        self.classes = classes
        self.methods_named = methods_named
        self.of_value = of_value
        self.calls_on = calls_on
        self._memo: dict[tuple[frozenset[Value], str], set[Target]] = {}
        self._memo_owner: object = None
        self._candidates: dict[str, list[tuple[str, Value]]] = {}
        self._kin: dict[str, _Kin | None] = {}  # see `overriding`
        self._mixings: dict[Value, tuple[list[list[Value]], Record]] = {}  # see `_mixing`
        self._class_lists: dict[str, list[tuple[str, Definition, Value]]] = {}
        self.self_tests = SelfTests(  # `if x.is_boolean():` narrows x's class
            resolver,
            classes,
            lambda klass, name: bool(self.overriding({klass}, name)),
            self._mixing,
        )

    def _classes_in(self, table: ModuleTable) -> list[tuple[str, Definition, Value]]:
        """The classes a module defines (qualname, definition, value), in order: found once
        per module (the resolver's table of a path never changes), since a module's
        definitions are mostly methods and were walked again for every mixin and call
        asking for its classes. The table itself is not kept: this object and its resolver
        refer to each other, and what they hold waits for the cycle collector."""
        classes = self._class_lists.get(table.path)
        if classes is None:
            classes = self._class_lists[table.path] = [
                (qualname, definition, Value("def", table.path, qualname))
                for qualname, definition in table.definitions.items()
                if definition.kind == "class"
            ]
        return classes

    def of_call(
        self, table: ModuleTable, call: CallFact, found: list[Found], static: set[Target]
    ) -> set[Target]:
        """The dispatch edges of a call whose static targets are `static` (its callee
        evaluated to `found`)."""
        chain = call.chain
        assert chain is not None
        targets: set[Target] = set()
        if len(chain) >= 2 and _is_attribute(chain[-1]):
            targets |= self._overrides(table, call)
        if len(chain) == 1 or chain[-1] == "__class__":
            targets |= self._constructor_overrides(table, call, found)
        if len(chain) >= 2 and _is_attribute(chain[1]):
            targets |= self._class_attribute_overrides(table, call, static)
        if chain[:2] == ("super", CALL) and len(chain) == 3:
            targets |= self.super_overrides(table, call, static)
        return targets

    def super_overrides(
        self, table: ModuleTable, call: CallFact, static: set[Target]
    ) -> set[Target]:
        """`super().m()` in class M goes on along the MRO of the instance's class: for each
        class of M's module that derives from M, the next `m` after M in its order (a mixin
        whose bases define no `m`; `class C(M, B)` putting B's `m` before M's base's)."""
        assert call.chain is not None
        name = call.chain[-1]
        owner = self.classes.enclosing_class(table, call.scope)
        if owner is None:
            return set()
        mixin = Value("def", table.path, owner)
        reached = {target for target, _ in static}
        found: set[Target] = set()
        for qualname, _, klass in self._classes_in(table):
            if qualname == owner:
                continue
            order = self.classes.mro(klass)
            if mixin not in order:
                continue
            for klass in order[order.index(mixin) + 1 :]:
                if klass.kind == "ext":
                    break
                home = self.resolver.table(klass.path)
                bound = self.resolver.lookup_in_scope(home, klass.name, name, None)
                if bound is not None:
                    found.update(
                        (node_id(v.path, v.name), Resolution.OVERRIDE)
                        for v, _ in bound
                        if v.kind == "def" and node_id(v.path, v.name) not in reached
                    )
                    break
        return found

    def _self_class(self, table: ModuleTable, call: CallFact) -> Value | None:
        """The class enclosing the method when the call's chain starts at its first
        parameter (`self`, `cls`), never rebound; None otherwise."""
        assert call.chain is not None
        definition = table.definitions.get(call.scope)
        bindings = table.scopes.get(call.scope, {}).get(call.chain[0], [])
        if (
            definition is None
            or not is_first_parameter(table, call.scope, call.chain[0])
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
        (`kind = Frame`), or a name the class never binds, that subclasses in the same file
        bind (`kind = ContextFrame`): what the chain reaches from each subclass's value is
        an `override` edge."""
        chain = call.chain
        assert chain is not None
        owner = self._self_class(table, call)
        if owner is None or not self.classes.is_class(owner):
            return set()
        attribute = chain[1]
        declared = self.classes.member(owner, attribute, instance=False)
        if any(value.kind == "def" and not self.classes.is_class(value) for value, _ in declared):
            return set()  # a method (`_overriding` has those)
        # not declared at all: the subclasses that bind it are what `self` may be (pathlib's
        # `PurePath` reads `self._flavour`, which only its subclasses set)
        key = (frozenset({owner}), "." + ".".join(chain[1:]))
        if self._memo_owner is not self.resolver.consulted:  # remembered within one file
            self._memo_owner, self._memo = self.resolver.consulted, {}
        known = self._memo.get(key)
        if known is None:
            known = self._memo[key] = set()
            home = self.resolver.table(owner.path)
            for qualname, definition, klass in self._classes_in(home):
                if qualname == owner.name:
                    continue
                if owner not in self.classes.mro(klass):
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
            and is_first_parameter(table, call.scope, chain[0])
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
                    for target in self.overriding(owners, name)
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
            known = self._memo[key] = self.overriding(owners, name)
        excluded = self.excluded(table, call) if len(chain) == 2 else set()
        tests = self.self_tests.tested(table, call) if len(chain) == 2 and known else []
        if not excluded and not tests:
            return known
        return {  # inside `if not isinstance(x, A):` no override of A's runs
            (method_id, how)
            for method_id, how in known
            if not excluded.intersection(self.classes.mro(_owner_of(method_id)))
            and not any(self.self_tests.fails(_owner_of(method_id), m) for m in tests)
        }

    def excluded(self, table: ModuleTable, call: CallFact) -> set[Value]:
        """The classes a failed `isinstance` excludes the receiver name from, at the call."""
        assert call.chain is not None
        found: set[Value] = set()
        for binding in table.scopes.get(call.scope, {}).get(call.chain[0], []):
            fact = binding.payload
            if (
                binding.source == "narrow"
                and isinstance(fact, BindingFact)
                and fact.value is not None
                and fact.value[1:2] == (EXCLUDING,)
                and binding.holds_at(call.line)
            ):
                classes = self.resolver.evaluate(table, fact.scope, fact.value[2:], fact.line)
                found.update(v for v, _ in classes if v.kind == "def")
        return found

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
        elif is_first_parameter(table, call.scope, chain[0]):
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
        for owner in owners:  # the subclasses in the owner's module (reading every module
            home = self.resolver.table(owner.path)  # defining an `__init__` costs too much)
            for qualname, _, subclass in self._classes_in(home):
                if qualname == owner.name:
                    continue
                if owner not in self.classes.mro(subclass):
                    continue
                for name in ("__new__", "__init__"):
                    bound = self.resolver.lookup_in_scope(home, qualname, name, None)
                    targets.update(
                        (node_id(v.path, v.name), Resolution.OVERRIDE)
                        for v, _ in bound or []
                        if v.kind == "def" and node_id(v.path, v.name) not in static
                    )
        return targets

    def _runs_here(self, method_id: str, path: str, caller: Definition) -> bool:
        """Whether `self.m()` in the method `caller` (of class B) can run with `self` an
        instance of a class that finds `method_id` first: the subclass S of B defining it,
        or (a mixin's method) a class of the mixin's file mixing it in with B. That class
        finds the caller's name in B, or its own version calls `super().name(...)` (a class
        overriding the caller without it never runs B's code with its instances)."""
        home_path, _, qualname = method_id.partition("::")
        subclass = Value("def", home_path, qualname.rpartition(".")[0])
        owner = Value("def", path, caller.scope)
        if owner in self.classes.mro(subclass):
            return self._class_runs(subclass, path, caller)
        name = qualname.rpartition(".")[2]
        return any(
            owner in order
            and self._finds_first(order, name, method_id)
            and self._class_runs(order[0], path, caller)
            for order in self._mixing(subclass)
        )

    def _class_runs(self, klass: Value, path: str, caller: Definition) -> bool:
        """Whether instances of `klass` run the method `caller`: `klass` finds its name
        there, or the version it finds calls `super().name(...)`."""
        found = self.classes.member(klass, caller.name, instance=False)
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
                    c.chain == callee and not c.implicit for c in self.calls_on(table, fact.line)
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

    def overriding(self, owners: set[Value], name: str, mixins: bool = True) -> set[Target]:
        """The methods `name` that instances of a class below `owners` may find first: those
        of subclasses, and (`mixins`) of mixins that such a class derives from too. The same
        from every file: kept for the build (a third of the askers asked before)."""
        empty: set[Target] = set()
        key = ("overriding", frozenset(owners), name, mixins)
        return self.resolver.shared(key, lambda: self._overriding(owners, name, mixins), empty)

    def _overriding(self, owners: set[Value], name: str, mixins: bool) -> set[Target]:
        candidates = self._candidates.get(name)
        if candidates is None:  # the classes defining a method `name`, once per build
            candidates = self._candidates[name] = []
            # read for the index, as every later asker reads it (`name:NAME` stands for
            # the files defining a method `name`): no file is depended on for it
            files = set(self.resolver.consulted.files)
            for method_id in self.methods_named(name):
                path, _, qualname = method_id.partition("::")
                owner = Value("def", path, qualname.rpartition(".")[0])
                if self.classes.is_class_node(owner):
                    candidates.append((method_id, owner))
            self.resolver.consulted.files.intersection_update(files)
            self.resolver.consulted.files.update(files)
        found: set[Target] = set()
        mixed: list[tuple[str, Value]] = []
        kin = self._kin.get(name)
        if kin is not None and owners.isdisjoint(kin.owners):
            # every candidate's order, as asking each would: what they consulted, at once
            _replay(self.resolver.consulted, kin.consulted)
            for method_id, owner, ancestors in kin.candidates:
                if not owners.isdisjoint(ancestors):
                    found.add((method_id, Resolution.OVERRIDE))
                elif mixins:
                    mixed.append((method_id, owner))
        else:
            for method_id, owner in candidates:
                if owner in owners:
                    continue
                order = self.classes.mro(owner)  # records what the order depends on
                if any(cls in order for cls in owners):
                    found.add((method_id, Resolution.OVERRIDE))
                elif mixins:
                    mixed.append((method_id, owner))
            if kin is None:
                self._kin[name] = _Kin.of(self.classes, candidates)
        above = {cls for owner in owners for cls in self.classes.mro(owner)} if mixed else set()
        # Which classes derive from a mixin depends on every file of their orders (a base
        # in another module may come to derive from an owner): the caller depends on what
        # those orders consulted, whichever file asked first (see `_mixing`).
        for method_id, mixin in mixed:
            if mixin not in above and self._mixed_in(mixin, owners, name, method_id):
                found.add((method_id, Resolution.OVERRIDE))
        return found

    def _mixing(self, mixin: Value) -> list[list[Value]]:
        """The class orders of the classes of the mixin's file that derive from it, found
        once per build with what finding them consulted (the order of every other class of
        the file, since a base in another module may come to derive from the mixin): a file
        asking depends on all of it, whether it asked first or not (the dependencies of a
        file do not depend on the order files are resolved in)."""
        kept = self._mixings.get(mixin)
        if kept is not None:
            _replay(self.resolver.consulted, kept[1])
            return kept[0]
        # which classes the file has is read for its `bases:` key (a class without bases
        # derives from no mixin), not for its file key: a body edit there changes nothing
        consulted = self.resolver.consulted
        consulted.keys.add(BASES_KEY + mixin.path)
        stored = self.resolver.world.stored.classes(mixin.path)  # (no file read for them)
        if stored is None:
            files = set(consulted.files)
            table = self.resolver.table(mixin.path)
            consulted.files.intersection_update(files)
            stored = [qualname for qualname, _, _ in self._classes_in(table)]
        others = [Value("def", mixin.path, q) for q in stored if q != mixin.name]
        orders = [order for order in map(self.classes.mro, others) if mixin in order]
        # what finding them consulted: every other class's order, and the mixin's file
        record = _record(self.classes, others)
        if record is not None:
            self._mixings[mixin] = (orders, record | {BASES_KEY + mixin.path})
        return orders

    def _mixed_in(self, mixin: Value, owners: set[Value], name: str, method_id: str) -> bool:
        """Whether a class of the mixin's file derives from the mixin and one of `owners`
        and finds the mixin's `name` first (`class C(Mixin, Base)`)."""
        return any(
            any(cls in order for cls in owners) and self._finds_first(order, name, method_id)
            for order in self._mixing(mixin)
        )

    def _finds_first(self, order: list[Value], name: str, method_id: str) -> bool:
        """Whether the class of `order` (its linearization) finds `name` at `method_id`."""
        for klass in order:
            if klass.kind == "ext":
                return False
            home = self.resolver.table(klass.path)
            if self.resolver.lookup_in_scope(home, klass.name, name, None) is not None:
                return node_id(klass.path, f"{klass.name}.{name}") == method_id
        return False
