"""Python: classes as the resolver reads them: members through the C3 method resolution
order, instance attributes, the class enclosing a scope."""

from __future__ import annotations

from brownfield.graph.facts import CALL, SUBSCRIPT, UNTIL, BindingFact, Definition
from brownfield.graph.python_builtins import OBJECT, OBJECT_ATTRIBUTES
from brownfield.graph.python_chains import ANNOTATED, TRUTHY
from brownfield.graph.python_evaluator import Consulted, Evaluator, Kept
from brownfield.graph.python_prefixed import PrefixedMembers, prefix_of
from brownfield.graph.python_scopes import Binding, Found, ModuleTable, Value, live
from brownfield.graph.python_world import BASES_KEY
from brownfield.model import Resolution

#: Decorators (their last name) that make a method a property: reading it calls it.
PROPERTY_DECORATORS = frozenset({"property", "cached_property", "abstractproperty", "getter"})

#: The standard library's enum classes: subscripting one of their subclasses looks a member
#: up by its name (`Color["RED"]`, `Color[name]`), an instance of the class.
ENUMS = frozenset(f"enum.{name}" for name in ("Enum", "IntEnum", "StrEnum", "Flag", "IntFlag"))

#: class -> (its order, the `bases:` keys of the files holding its classes)
Orders = dict[tuple[str, str], tuple[list[Value], frozenset[str]]]


class ClassMembers:
    """Members of repository classes, for the resolver that evaluates through it."""

    def __init__(self, resolver: Evaluator) -> None:
        self.resolver = resolver
        self.orders: Orders = {}  # kept across files (see `mro`)
        self._ordering: set[tuple[str, str]] = set()  # the orders being computed
        self._bases: dict[tuple[str, str], tuple[list[Value], Kept]] = {}  # `direct_bases`
        self.prefixed = PrefixedMembers(resolver, self.mro)

    def is_class(self, value: Value) -> bool:
        definition = self.resolver.table(value.path).definitions.get(value.name)
        return definition is not None and definition.kind == "class"

    def _enum_member(self, cls: Value, attribute: str, found: list[Found]) -> bool:
        """Whether an attribute read on a class is one of its enum members: a public name the
        body of an enum class binds to a value, not to a function or a class (`RED = 1`,
        `RED = auto()`: `Color.RED` is an instance of `Color`)."""
        return (
            not attribute.startswith("_")
            and not any(value.kind == "def" for value, _ in found)
            and self._is_enum(cls)
        )

    def _is_enum(self, cls: Value) -> bool:
        return any(base.kind == "ext" and base.name in ENUMS for base in self.mro(cls))

    def subscripted(self, value: Value, how: Resolution, step: str) -> list[Found] | None:
        """What subscripting a repository class gives (None for any other value): an enum's
        member, by any key (an instance); for a key that is no literal, the class itself, a
        generic one parameterised (`Box[int](3)` constructs a `Box`); for a literal key on
        another class, or a class defining its own `__class_getitem__` (typing's
        `Annotated[int, x]` is an alias that builds an `int`), None: what they return is
        not known."""
        if value.kind != "def" or not self.is_class(value):
            return None
        if self._is_enum(value):
            return [(Value("inst", value.path, value.name), Resolution.INFERRED)]
        table = self.resolver.table(value.path)
        own = self.resolver.lookup_in_scope(table, value.name, "__class_getitem__", None) or []
        if any(v.kind == "def" and not self.is_class(v) for v, _ in own):
            return None  # its own `__class_getitem__` returns what it makes (`Annotated[int, x]`)
        return [(value, how)] if step == SUBSCRIPT else None

    def is_class_node(self, value: Value) -> bool:
        """`is_class` from the build's definitions (the first of a redefinition), reading
        no file: for the many classes asked about only to be listed."""
        wanted = f"{value.path}::{value.name}"
        return any(
            found == wanted and kind == "class"
            for found, kind in self.resolver.world.definitions_named(value.name.rpartition(".")[2])
        )

    def is_property(self, value: Value) -> bool:
        """Whether a repository function is a property getter (`@property`,
        `@functools.cached_property`, `@x.getter`...): reading it calls it."""
        if value.kind != "def":
            return False
        definition = self.resolver.table(value.path).definitions.get(value.name)
        return definition is not None and any(
            chain is not None and chain[-1] in PROPERTY_DECORATORS
            for chain in definition.decorators
        )

    def enclosing_class(self, table: ModuleTable, scope: str) -> str | None:
        definition = table.definitions.get(scope)
        while definition is not None and definition.kind != "class":
            definition = table.definitions.get(definition.scope)
        return definition.qualname if definition else None

    def member(
        self, cls: Value, attribute: str, instance: bool, skip_self: bool = False
    ) -> list[Found]:
        """An attribute of a class (or of its instances) through the C3 method resolution order."""
        prefix = prefix_of(attribute)
        if prefix is not None:  # `getattr(self, f"visit_{kind}")`
            return self.prefixed.members(cls, prefix)
        order = self.mro(cls)
        for klass in order[1:] if skip_self else order:
            if klass.kind == "ext" and klass.name == OBJECT and attribute not in OBJECT_ATTRIBUTES:
                continue  # `class A(object)` is `class A`: object has no such attribute
            if klass.kind == "ext":
                return [(Value("ext", "", f"{klass.name}.{attribute}"), Resolution.IMPORT)]
            table = self.resolver.table(klass.path)
            found = self.resolver.lookup_in_scope(table, klass.name, attribute, None)
            if found is not None and not instance and self._enum_member(cls, attribute, found):
                return [(Value("inst", cls.path, cls.name), Resolution.INFERRED)]
            if found is not None:
                return found
            if instance:
                assigned = table.instance_attributes.get(klass.name, {}).get(attribute)
                if assigned:
                    return self._attribute_values(table, assigned)
        self.resolver.consulted.fail("unknown-attribute")
        return []

    def _attribute_values(self, table: ModuleTable, assigned: list[BindingFact]) -> list[Found]:
        """What `self.x` holds: what each method leaves in it (its last assignment, and those
        in other branches: `self.it = lines(f)` or `iter(f)`), any of which may have run
        last; and what an annotation declares (`self.x: Table`), besides. A declared
        collection of repository classes (`self.body: list[Table] = []`, or of tuples of
        them: `list[tuple[Key | None, Item]]`) is what it holds, whatever is stored into it."""
        declared: list[Found] = []
        collection = False
        for fact in assigned:
            if fact.value and fact.value[0] == ANNOTATED:
                found = self.resolver.evaluate(table, fact.scope, fact.value[1:], fact.line)
                declared += [
                    (v, Resolution.INFERRED)
                    for v, _ in found
                    if v.kind in ("inst", "elems", "tuples")
                ]
                collection = collection or any(v.kind in ("elems", "tuples") for v, _ in found)
        if collection:
            return declared
        by_scope: dict[str, list[Binding]] = {}
        for fact in assigned:
            if not (fact.value and fact.value[0] == ANNOTATED):
                by_scope.setdefault(fact.scope, []).append(
                    Binding(fact.line, "assign", fact, fact.branch)
                )
        facts = [
            b.payload
            for bindings in by_scope.values()
            for b in live(bindings)
            if isinstance(b.payload, BindingFact)
        ]
        inferred = [
            (value, Resolution.INFERRED)
            for fact in facts
            if fact.value is not None
            for value, _ in self.resolver.evaluate(table, fact.scope, fact.value, fact.line)
        ]
        inferred += [found for fact in facts for found in self._from_subclasses(table, fact)]
        if not declared:
            return inferred
        seen = dict(inferred)
        return [*inferred, *((v, how) for v, how in declared if v not in seen)]

    def _from_subclasses(self, table: ModuleTable, fact: BindingFact) -> list[Found]:
        """`self._pq = self._backend_type()` where a subclass in the same module rebinds the
        class attribute (`_backend_type = BList`): what the value is from that subclass, a
        guess (`override`: where the calls through it may go)."""
        chain = fact.value
        method = table.definitions.get(fact.scope)
        if chain is None or len(chain) < 2 or method is None or not method.params:
            return []
        owner = table.definitions.get(method.scope)
        if owner is None or owner.kind != "class" or chain[0] != method.params[0]:
            return []
        attribute = chain[1]
        if attribute == CALL or attribute.startswith("["):
            return []
        base = Value("def", table.path, owner.qualname)
        declared = self.resolver.lookup_in_scope(table, owner.qualname, attribute, None)
        if not declared or any(
            v.kind == "def" and not self.is_class(v) for v, _ in declared
        ):  # not a class attribute of the class itself, or a method (dispatch has those)
            return []
        found: list[Found] = []
        for qualname, definition in table.definitions.items():
            if definition.kind != "class" or qualname == owner.qualname:
                continue
            if base not in self.mro(Value("def", table.path, qualname)):
                continue
            if self.resolver.lookup_in_scope(table, qualname, attribute, None) is None:
                continue  # keeps the base's value
            line = definition.end_line + 1
            found += [
                (value, Resolution.OVERRIDE)
                for value, _ in self.resolver.evaluate(table, qualname, chain[1:], line)
            ]
        return found

    def excluding(self, values: list[Found], classes: list[Value]) -> list[Found]:
        """`values` but the instances of `classes` (or of their subclasses)."""
        dropped = {c for c in classes if c.kind == "def" and self.is_class(c)}
        return [
            (value, how)
            for value, how in values
            if value.kind != "inst"
            or not dropped.intersection(self.mro(Value("def", value.path, value.name)))
        ]

    def truthy(
        self,
        table: ModuleTable,
        scope: str,
        subject: tuple[str, ...],
        line: int,
        values: list[Found],
    ) -> list[Found]:
        """The values of `subject` at `line` inside `if subject.flag:` (or after `subject.flag
        and`): no instance of a class whose `flag` is a false literal (`composite = False`
        in its body, or a base's, and no method storing `self.composite`)."""
        flags = [
            fact.target[-2][len(TRUTHY) : -1]
            for fact in table.truthy[(scope, subject)]
            if fact.line <= line <= int(fact.target[-1][len(UNTIL) : -1])
        ]
        if not flags:
            return values
        return [
            (value, how)
            for value, how in values
            if value.kind != "inst"
            or not any(self._false_flag(Value("def", value.path, value.name), f) for f in flags)
        ]

    def _false_flag(self, cls: Value, name: str) -> bool:
        """Whether instances of a class read `name` as `False` or `None`: the first class of
        its MRO binding `name` in its body binds only those literals there, and no class of
        the MRO stores it on instances (`self.name = ...`)."""
        order = self.mro(cls)
        for klass in order:
            if klass.kind == "ext":
                return False
            if name in self.resolver.table(klass.path).instance_attributes.get(klass.name, {}):
                return False
        for klass in order:
            table = self.resolver.table(klass.path)
            bindings = table.scopes.get(klass.name, {}).get(name)
            if bindings:
                literals = table.literals.get((klass.name, name), [])
                return len(literals) == len(bindings) and all(
                    literal in ("False", "None") for literal in literals
                )
        return False

    def mro(self, cls: Value) -> list[Value]:
        """C3 linearization over repository classes; an outside base ends its branch.

        Orders are kept across files. An order is what the bases of its classes make it, so
        a file reading one depends on the `bases:` key of each file holding one of its
        classes: that file's resolution depends on what finding its bases consulted, and
        an incremental build resolves the readers again only when the bases it found
        changed (`build_resolve`). An edit elsewhere, in a body, leaves the readers alone.
        """
        key = (cls.path, cls.name)
        cached = self.orders.get(key)
        if cached is None:
            cached = self._order(cls)
        self.resolver.consulted.keys |= cached[1]
        return cached[0]

    def _order(self, cls: Value) -> tuple[list[Value], frozenset[str]]:
        key = (cls.path, cls.name)
        self.orders[key] = ([cls], frozenset({BASES_KEY + cls.path}))  # inheritance cycles
        self._ordering.add(key)
        resolver = self.resolver
        consulted = resolver.consulted
        resolver.consulted = Consulted()  # what finding the bases consulted is their files'
        try:
            stored = resolver.world.stored.bases(cls.path, cls.name)  # no file read for them
            bases = self.direct_bases(cls) if stored is None else list(map(_stored, stored))
            sequences = [self.mro(base) if base.kind == "def" else [base] for base in bases]
            order = [cls, *_c3_merge([*sequences, list(bases)])]
        finally:
            resolver.consulted = consulted
            self._ordering.discard(key)
        kept = self.orders[key] = (
            order,
            frozenset(BASES_KEY + klass.path for klass in order if klass.kind == "def"),
        )
        return kept

    def ordering(self, cls: Value) -> bool:
        """Whether the order of `cls` is being computed (a placeholder is kept meanwhile)."""
        return (cls.path, cls.name) in self._ordering

    def direct_bases(self, cls: Value) -> list[Value]:
        """The classes a class names as its bases, found once per build as from no file (as
        `Evaluator.shared` results are: the file asking first must not decide them), with
        what finding them consulted, which the file asking depends on."""
        key = (cls.path, cls.name)
        kept = self._bases.get(key)
        if kept is None:
            resolver = self.resolver
            consulted, current, active = resolver.consulted, resolver.current, resolver._active
            own = resolver.consulted = Consulted()
            resolver.current, resolver._active = "", set()
            try:
                table = resolver.table(cls.path)
                definition = table.definitions.get(cls.name)
                found = definition is not None and definition.kind == "class"
                bases = resolver.bases(table, definition) if definition and found else []
            finally:
                resolver.consulted, resolver.current, resolver._active = consulted, current, active
            kept = self._bases[key] = (bases, Kept.of(None, own))
        self.resolver.consulted.absorb(kept[1])
        return kept[0]

    def bases_of(self, table: ModuleTable, definition: Definition) -> list[Value]:
        """The bases of a class definition of the file being resolved (its `inherits`
        edges): those its order reads, but for a redefinition (`if ...: class A(B)` / `else:
        class A(C)`), which the order never reads."""
        if table.definitions.get(definition.qualname) is definition:
            return self.direct_bases(Value("def", table.path, definition.qualname))
        return self.resolver.bases(table, definition)


def _stored(target: str) -> Value:
    """A base as an `inherits` edge names it: a repository class's node id, or an outside
    name."""
    path, sep, qualname = target.partition("::")
    return Value("def", path, qualname) if sep else Value("ext", "", target)


def _c3_merge(sequences: list[list[Value]]) -> list[Value]:
    result: list[Value] = []
    pending = [list(sequence) for sequence in sequences if sequence]
    while pending:
        for sequence in pending:
            head = sequence[0]
            if not any(head in other[1:] for other in pending):
                break
        else:  # inconsistent hierarchy: fall back to depth-first order
            for sequence in pending:
                result.extend(item for item in sequence if item not in result)
            return result
        result.append(head)
        pending = [[item for item in sequence if item != head] for sequence in pending]
        pending = [sequence for sequence in pending if sequence]
    return result
