"""Classes for the generic resolver: bases, members through them, constructors, overloads
and the implementations an interface call may dispatch to.

`ClassMembers` is a collaborator of `generic_resolver.Resolver`, which it sees through the
narrow `Reader` protocol (tables, chain evaluation, bindings, failure causes, dependency
keys), so that the two stay one concept each.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from typing import Protocol

from brownfield.graph.facts import (
    CLOSED_MARK,
    EXTENSION,
    SINGLETON,
    SINGLETON_MARK,
    CallFact,
    Chain,
    Definition,
    without_overload,
)
from brownfield.graph.generic_world import (
    CLASS_LIKE,
    FUNCTION_LIKE,
    Found,
    Profile,
    Table,
    Value,
    World,
    node_id,
    simple_name,
)
from brownfield.graph.overload_types import chosen
from brownfield.model import Resolution

#: The supertypes a Java enum, record or annotation type has without naming them (the
#: facts tell them from classes not): any repository class may have them.
_IMPLICIT = frozenset({"Enum", "Record", "Annotation", "Comparable", "Serializable", "Constable"})

#: An interface method implemented by more types than this gets no `dispatch` edges (in
#: Go's standard library, `io.Writer.Write` has hundreds): the call keeps its edge to the
#: declaration only.
MAX_DISPATCH = 64


class Reader(Protocol):
    """What `ClassMembers` asks of the resolver."""

    @property
    def profile(self) -> Profile: ...

    @property
    def world(self) -> World: ...

    def table(self, path: str) -> Table: ...

    def evaluate(self, table: Table, scope: str, chain: Chain, line: int) -> list[Found]: ...

    def binding_values(
        self, table: Table, scope: str, payloads: Sequence[object]
    ) -> list[Found]: ...

    def default_of(self, path: str) -> list[Found]: ...

    def step(self, value: Value, how: Resolution, step: str) -> list[Found]: ...

    def fail(self, reason: str) -> None: ...

    def depend(self, key: str) -> None: ...


class ClassMembers:
    """Members of classes (and of objects and constructor functions, which hold members
    the same way), found through their bases depth first."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        #: method name -> the types declaring it, and the files that said so (Go)
        self._owners: dict[str, tuple[dict[tuple[str, str], str], frozenset[str]]] = {}

    def kind(self, value: Value) -> str | None:
        return self.reader.table(value.path).kinds.get(value.name)

    def called_kind(self, value: Value) -> str | None:
        """The kind of definition a call of `value` reaches: a name that is both a type and
        a value is called as the value (zod's `interface $ZodCheckMinLength` beside
        `const $ZodCheckMinLength = core.$constructor("...", (inst, def) => {...})`)."""
        table = self.reader.table(value.path)
        kind = table.kinds.get(value.name)
        if kind != "interface":
            return kind
        made = (d.kind for d in table.facts.definitions if d.qualname == value.name)
        return next((found for found in made if found != "interface"), kind)

    def definition(self, value: Value) -> Definition | None:
        return self.reader.table(value.path).definitions.get(value.name)

    def bases(self, table: Table, qualname: str) -> list[Value]:
        definition = table.definitions.get(qualname)
        if definition is None:  # a naming scope only: Rust's `impl T` in a file without `T`
            return []
        bases: list[Value] = []
        for chain in definition.bases:  # else in its body: Ruby's `include Mx` of its own `Mx`
            found = list(self.reader.evaluate(table, definition.scope, chain, 0)) or list(
                self.reader.evaluate(table, qualname, chain, 0)
            )
            for value, _ in found:
                if value == Value("def", table.path, qualname):  # never its own base: its
                    value = _outside(self.reader.profile, chain)  # `extends \CachingIterator`
                if value.kind == "mod":  # `require("./base")`: what the file exports
                    found.extend(self.reader.default_of(value.path))
                kind = self.kind(value) if value.kind == "def" else None
                if (
                    value.kind == "ext"
                    or kind in CLASS_LIKE
                    or (kind == "function" and self.reader.profile.functions_hold_members)
                ):
                    bases.append(value)
        return bases

    def order(self, cls: Value) -> list[Value]:
        """The class, then its bases depth first (each once)."""
        order: list[Value] = []
        pending = [cls]
        while pending:
            klass = pending.pop(0)
            if klass in order:
                continue
            order.append(klass)
            if klass.kind == "def":
                pending[:0] = self.bases(self.reader.table(klass.path), klass.name)
        return order

    def inherited(self, cls: Value, name: str) -> list[Found]:
        """`name` as a member of one of the class's bases written in the repository (a
        base from outside code does not claim every unknown name; a base's constructor is
        not a member: `G` in `class K extends G` is the class G)."""
        for klass in self.order(cls)[1:]:
            if klass.kind != "def" or self._is_constructor_name(klass, name):
                continue
            if name in self.reader.table(klass.path).scopes.get(klass.name, {}):
                return self.member(klass, name, Resolution.SELF, skip_self=False)
        return self._of_deriving(cls, name) if self.reader.profile.overridable else []

    def _of_deriving(self, cls: Value, name: str, static: bool = False) -> list[Found]:
        """`name` bound nowhere in a class (or module) nor in its bases: the members so
        named of the classes deriving from it or mixing it in, on whose instances its code
        runs (Ruby's `PPMethods#comma_breakable` calling `text`: `PrettyPrint#text` and
        `PrettyPrint::SingleLine#text`, each the base of a class including `PPMethods`),
        as `dispatch` edges (none past MAX_DISPATCH), on the side asked for (`static`:
        Ruby's `def self.m`)."""
        self.reader.depend(f"name:{simple_name(cls.name)}")  # a class deriving from it
        found: list[Found] = []
        for path, qualname in _deriving(self.reader.world).get(simple_name(cls.name), []):
            klass = Value("def", path, qualname)
            if klass != cls and cls in self.order(klass)[1:]:
                found += [
                    (value, Resolution.DISPATCH)
                    for value, _ in self.member(klass, name, Resolution.SELF, skip_self=False)
                    if value.kind == "def"
                    and self.kind(value) in FUNCTION_LIKE  # a method, not a constant (`Util`)
                    and self._on_side(value, static)
                ]
        found = list(dict.fromkeys(found))
        return found if len(found) <= MAX_DISPATCH else []

    def _is_constructor_name(self, klass: Value, name: str) -> bool:
        return "<class>" in self.reader.profile.constructors and name == simple_name(klass.name)

    def member(
        self, cls: Value, name: str, how: Resolution, skip_self: bool, static: bool = False
    ) -> list[Found]:
        """`name` as a member of the class or its bases; `static`: asked of the class
        itself, whose own method (`def self.m`, `m~self`) it takes where it has both."""
        order = self.order(cls)
        for klass in order[1:] if skip_self else order:
            if klass.kind == "ext":
                if not self.reader.profile.outside_bases_hold_members:
                    continue
                return [(Value("ext", "", f"{klass.name}.{name}"), Resolution.IMPORT)]
            table = self.reader.table(klass.path)
            bindings = _sided(table.scopes.get(klass.name, {}).get(name, []), static)
            if bindings:
                payloads = overloads_of(bindings) if self.reader.profile.overloads else None
                fields = [b for b in bindings if not isinstance(b, str)]  # declared first
                if not payloads and self.reader.profile.fields_apart:  # `size` and `size()`
                    methods = [b for b in bindings if isinstance(b, str)]
                    payloads = list(dict.fromkeys([*methods[-1:], *fields[:1], *fields[-1:]]))
                elif not payloads and len(fields) == len(bindings):  # a field: as declared
                    payloads = list(dict.fromkeys([fields[0], fields[-1]]))  # and as last set
                return [
                    (value, how if value.kind == "def" else Resolution.INFERRED)
                    for value, _ in self.reader.binding_values(
                        table, klass.name, payloads or bindings[-1:]
                    )
                ]
            elsewhere = self.defined_elsewhere(klass, name)
            if elsewhere:
                return [(elsewhere, how)]
        extending = self.extensions(order, name)
        if extending:
            return [(value, how) for value in extending]
        if how is Resolution.SELF and self.reader.profile.overridable and not skip_self:
            found = self._of_deriving(cls, name, static)  # `this.hook()`, not `super.hook()`
            if found:
                return found
        self.reader.fail("unknown-attribute")
        return []

    def extensions(self, order: list[Value], name: str) -> list[Value]:
        """The extension methods named `name` (C#'s `static R M(this T x)`) that extend a
        class of `order` (a class and its bases, by simple name: pythonnet's `PyTuple` takes
        `NewReferenceOrNull(this PyObject? self)`)."""
        if not self.reader.profile.extension_methods:
            return []
        extended = {simple_name(klass.name) for klass in order}
        self.reader.depend(f"name:{name}")
        found = []
        for node, _ in self.reader.world.definitions_named(name):
            path, _, qualname = node.partition("::")
            if path not in self.reader.world.files:
                continue
            definition = self.reader.table(path).definitions.get(qualname)
            marks = definition.decorators if definition is not None else ()
            if any(m and m[0] == EXTENSION and m[-1] in extended for m in marks):
                found.append(Value("def", path, qualname))
        return found

    def defined_elsewhere(self, cls: Value, name: str) -> Value | None:
        """A method written outside its class's file (Go receivers, C++ `A::f`)."""
        self.reader.depend(f"name:{name}")
        wanted = f"{cls.name}.{name}"
        for node, _ in self.reader.world.definitions_named(name):
            path, _, qualname = node.partition("::")
            if (
                qualname == wanted
                and path in self.reader.world.files
                and self.reader.profile.may_hold_methods(cls.path, path)
            ):
                return Value("def", path, qualname)
        return None

    def constructors(self, cls: Value, arity: int | None) -> list[tuple[str, Resolution]]:
        """What constructing the class calls: the profile's constructor method (the
        overloads that take `arity` arguments), else the class itself and, where the
        constructor is a method of a fixed name (`__construct`, `constructor`,
        `initialize`), which a class without its own inherits, its nearest base's (PHP's
        `new Paragraph()` runs `Node::__construct` two classes up)."""
        table = self.reader.table(cls.path)
        members = table.scopes.get(cls.name, {})
        for constructor in self.reader.profile.constructors:
            method = simple_name(cls.name) if constructor == "<class>" else constructor
            found = [p for p in members.get(method, []) if isinstance(p, str)]
            if found:
                return [
                    (node_id(cls.path, qualname), Resolution.CONSTRUCTOR)
                    for qualname in found
                    if self.accepts(Value("def", cls.path, qualname), arity)
                ]
        named = [c for c in self.reader.profile.constructors if c != "<class>"]
        inherited = [
            (node_id(value.path, value.name), Resolution.CONSTRUCTOR)
            for value, _ in (
                self.member(cls, named[0], Resolution.CONSTRUCTOR, skip_self=True) if named else []
            )
            if value.kind == "def"
            and self.kind(value) in FUNCTION_LIKE
            and self.accepts(value, arity)
        ]
        return [(node_id(cls.path, cls.name), Resolution.CONSTRUCTOR), *inherited]

    def accepts(self, function: Value, arity: int | None) -> bool:
        """Whether a call with `arity` arguments may reach the function (always, unless the
        language checks overloads)."""
        if arity is None or not self.reader.profile.overloads:
            return True
        definition = self.definition(function)
        if definition is None:
            return True
        params = definition.params
        if params and params[-1] == "*":
            return arity >= len(params) - 1
        return arity == len(params)

    def by_argument_types(
        self, targets: set[tuple[str, Resolution]], table: Table, call: CallFact
    ) -> set[tuple[str, Resolution]]:
        """The overloads among `targets` the types the call's arguments show may reach
        (`overload_types.chosen`, told the supertypes of the repository's classes among
        them); the other targets stay."""
        params = {}
        for target, _ in targets:
            path, _, qualname = target.partition("::")
            definition = self.definition(Value("def", path, qualname)) if qualname else None
            if definition is not None and definition.kind in ("method", "abstract"):
                params[target] = definition.params
        shown = {arg[0] for arg in call.args if arg}
        above = {name: self._supertypes(table, call.scope, name, call.line) for name in shown}
        kept = set(chosen(sorted(params.items()), call.args, above))
        return {(target, how) for target, how in targets if target not in params or target in kept}

    def _supertypes(self, table: Table, scope: str, name: str, line: int) -> set[str] | None:
        """The simple names of a repository class named `name` where the call is, and of all
        its bases, when every one of them is a repository class read whole (None when the
        name is no such class, or a base comes from outside or is not found); with those an
        enum, a record or an annotation has without saying (`_IMPLICIT`)."""
        if not name.isidentifier():
            return None
        found = [v for v, _ in self.reader.evaluate(table, scope, (name,), line)]
        if len(found) != 1 or found[0].kind != "def" or self.kind(found[0]) not in CLASS_LIKE:
            return None
        names = set()
        for klass in self.order(found[0]):
            definition = self.definition(klass) if klass.kind == "def" else None
            if definition is None:
                return None  # from outside: its bases are unknown
            base_table = self.reader.table(klass.path)
            if len(self.bases(base_table, klass.name)) < len(definition.bases):
                return None  # a base not found
            names.add(simple_name(klass.name))
        return names | _IMPLICIT

    # -- dispatch -------------------------------------------------------------------------

    def implementations(self, method: Value, arity: int | None) -> list[tuple[str, Resolution]]:
        """The methods a call of an interface's (or an abstract) method may run: those of
        the same name in the classes implementing it (`dispatch` edges)."""
        holder = Value("def", method.path, method.name.rpartition(".")[0])
        if not holder.name or (
            self.kind(holder) != "interface" and self.kind(method) != "abstract"
        ):
            return []
        name = simple_name(method.name)
        self.reader.depend(f"name:{name}")
        if self.reader.profile.structural_interfaces and self.kind(holder) == "interface":
            return self._structural(holder, name)
        found = []
        for node, _ in self.reader.world.definitions_named(name):
            path, _, qualname = node.partition("::")
            owner = qualname.rpartition(".")[0]
            if path not in self.reader.world.files or not owner or (path, owner) == holder[1:]:
                continue
            candidate = Value("def", path, qualname)
            kind = self.kind(candidate)
            if kind not in FUNCTION_LIKE or kind == "abstract":  # an abstract one never runs
                continue
            if not self.accepts(candidate, arity):
                continue
            if holder in self.order(Value("def", path, owner))[1:]:
                found.append((node, Resolution.DISPATCH))
        return found if len(found) <= MAX_DISPATCH else []

    def below(
        self,
        table: Table,
        call: CallFact,
        found: list[Found],
        targets: set[tuple[str, Resolution]],
        arity: int | None,
    ) -> set[tuple[str, Resolution]]:
        """The targets of a call on `this` (`found` says how its receiver was found), as
        dynamic dispatch has them: the methods it dispatches to are those of the classes
        deriving from the calling one, not of every class implementing the interface (JDK's
        `execute(ftask)` in `AbstractExecutorService`: `this` is never a
        `DelegatedExecutorService`); a method of the class (or of a base) that a class
        deriving from it overrides reaches the override too, as an `override` edge
        (`__setobj__(obj)` in Ruby's `Delegator` runs `SimpleDelegator#__setobj__`); either
        only in a class where the calling method runs (`Sub` replacing the calling `all`
        without `super.all()` never runs it). A call through `super` is none of this."""
        if (
            call.chain is None
            or call.chain[0] in self.reader.profile.super_names
            or not any(how is Resolution.SELF for _, how in found)
        ):
            return targets
        holder, method = _class_and_method(table, call.scope)
        if not holder:
            return targets
        this = Value("def", table.path, holder)
        kept = set()
        for target, how in targets:
            path, _, qualname = target.partition("::")
            if not path:  # outside code
                kept.add((target, how))
                continue
            owner = Value("def", path, qualname.rpartition(".")[0])
            if how is Resolution.DISPATCH:
                if this in self.order(owner) and self._runs_in(owner, this, method):
                    kept.add((target, how))
                continue
            kept.add((target, how))
            called = self.definition(Value("def", path, qualname))
            if (
                how is Resolution.SELF
                and self.reader.profile.overridable
                and called is not None
                and called.kind == "method"
                and CLOSED_MARK not in called.decorators  # `private`, `static`
            ):
                kept.update(
                    (node, override)
                    for node, override in self._overrides(this, called, arity)
                    if self._runs_in(_owner_of(node), this, method)
                )
        dispatched = {target for target, how in kept if how is Resolution.DISPATCH}
        return {(t, h) for t, h in kept if h is not Resolution.OVERRIDE or t not in dispatched}

    def _on_side(self, value: Value, static: bool) -> bool:
        """Whether a definition is a method of the class itself (`def self.m`) if `static`,
        else not one."""
        definition = self.definition(value)
        return definition is None or (SINGLETON_MARK in definition.decorators) == static

    def _runs_in(self, klass: Value, this: Value, method: str) -> bool:
        """Whether the method `method` of the class `this` runs on the instances of
        `klass`, a class deriving from it: not when a class on the way overrides it
        without calling it through `super` (`Sub.all` replacing `Base.all`)."""
        if not method:
            return True
        name = simple_name(method)
        for between in self.order(klass):
            if between == this:
                return True
            if between.kind != "def":
                continue
            own = f"{between.name}.{name}"
            table = self.reader.table(between.path)
            if own in table.definitions:
                return any(
                    c.scope == own
                    and c.chain is not None
                    and c.chain[0] in self.reader.profile.super_names
                    and name in c.chain[1:]
                    for c in table.facts.calls
                )
        return True

    def _overrides(
        self, this: Value, called: Definition, arity: int | None
    ) -> list[tuple[str, Resolution]]:
        """The methods named as `called` (on its side: Ruby's `def self.m` or `def m`) of
        the classes deriving from `this`, each an `override` edge (none past MAX_DISPATCH);
        not a `private` or `static` one, which overrides none."""
        name = without_overload(simple_name(called.qualname))
        side = SINGLETON_MARK in called.decorators
        overloads = self.reader.profile.overloads  # Java: the same parameter types
        self.reader.depend(f"name:{name}")
        found = []
        for node, _ in self.reader.world.definitions_named(name):
            path, _, qualname = node.partition("::")
            owner = Value("def", path, qualname.rpartition(".")[0])
            if path not in self.reader.world.files:
                continue
            if without_overload(simple_name(qualname)) != name:
                continue
            candidate = self.definition(Value("def", path, qualname))
            if (
                candidate is None
                or candidate.kind != "method"
                or CLOSED_MARK in candidate.decorators
                or (SINGLETON_MARK in candidate.decorators) != side
                or (overloads and candidate.params != called.params)
                or not self.accepts(Value("def", path, qualname), arity)
            ):
                continue
            if owner != this and this in self.order(owner)[1:]:
                found.append((node, Resolution.OVERRIDE))
        return found if len(found) <= MAX_DISPATCH else []

    def _structural(self, interface: Value, name: str) -> list[tuple[str, Resolution]]:
        """Go: every type of the repository declaring all of the interface's methods."""
        methods: set[str] = set()
        for klass in self.order(interface):
            if klass.kind == "def":
                table = self.reader.table(klass.path)
                methods.update(
                    simple_name(q)
                    for q, d in table.definitions.items()
                    if d.scope == klass.name and d.kind in FUNCTION_LIKE
                )
        if name not in methods:
            return []
        candidates = dict(self._concrete_owners(name))  # (folder, type) -> its method
        candidates.pop((posixpath.dirname(interface.path), interface.name), None)
        for method in sorted(methods - {name}):
            having = self._concrete_owners(method)
            candidates = {key: node for key, node in candidates.items() if key in having}
        if len(candidates) > MAX_DISPATCH:
            return []
        return [(node, Resolution.DISPATCH) for node in sorted(candidates.values())]

    def _concrete_owners(self, method: str) -> dict[tuple[str, str], str]:
        """(folder, type) -> node id of the method `method` of every type of the language
        that declares one, interfaces left out; kept across files with the keys it read."""
        cached = self._owners.get(method)
        if cached is None:
            found: dict[tuple[str, str], str] = {}
            read: set[str] = set()
            for node, _ in self.reader.world.definitions_named(method):
                path, _, qualname = node.partition("::")
                owner = qualname.rpartition(".")[0]
                if path not in self.reader.world.files or not owner:
                    continue
                read.add(path)
                if self.reader.table(path).kinds.get(owner) != "interface":
                    found[(posixpath.dirname(path), owner)] = node
            cached = self._owners[method] = (found, frozenset(read))
        self.reader.depend(f"name:{method}")
        for path in cached[1]:
            self.reader.depend(f"file:{path}")
        return cached[0]


def _sided(bindings: list[object], static: bool) -> list[object]:
    """A class's bindings of one name, on the side asked for where it has a method of the
    class itself (`m~self`) and an instance method (`m`); else all of them."""
    own: list[object] = [b for b in bindings if isinstance(b, str) and b.endswith(SINGLETON)]
    if not own:
        return bindings
    return own if static else [b for b in bindings if b not in own]


def overloads_of(payloads: Sequence[object]) -> list[object]:
    """The definitions among a name's bindings, when they are overloads of one method."""
    found: list[object] = [payload for payload in payloads if isinstance(payload, str)]
    return found if len(found) > 1 else []


def _outside(profile: Profile, chain: Chain) -> Value:
    """The outside class a class named like it extends (PHP's `class CachingIterator extends
    \\CachingIterator`, the name written from the top): a builtin's, or outside code's."""
    name = ".".join(chain)
    return Value("ext", "", f"<builtin>.{name}" if name in profile.builtins else name)


def _deriving(world: World) -> dict[str, list[tuple[str, str]]]:
    """The classes (path, qualname) naming each base (by its last name: `Mixin` of
    `include Outer::Mixin`), once per world."""
    cached = world.cache.get("deriving")
    if isinstance(cached, dict):
        return cached
    found: dict[str, list[tuple[str, str]]] = {}
    for path in world.paths:
        for definition in world.load_facts(path).definitions:
            for base in definition.bases:
                found.setdefault(base[-1], []).append((path, definition.qualname))
    world.cache["deriving"] = found
    return found


def _class_and_method(table: Table, scope: str) -> tuple[str, str]:
    """The class code written in `scope` is in, and the method of that class holding it
    ("" when it is in none: the class's body)."""
    method, holder = "", scope
    while holder and table.kinds.get(holder) not in CLASS_LIKE:
        method, holder = holder, table.parent(holder) or ""
    return holder, method


def _owner_of(node: str) -> Value:
    """The class of a method's node id (`a.ts::Sub.hook` -> `Sub` in a.ts)."""
    path, _, qualname = node.partition("::")
    return Value("def", path, qualname.rpartition(".")[0])
