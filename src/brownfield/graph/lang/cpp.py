"""C++: includes, classes and namespaces, methods written outside their class.

Builds on the C module (include resolution, `static` functions, global free functions)
and adds what C++ names need:

* a namespace is a naming scope: `namespace ns { void f(); }` defines `ns.f`, and
  `ns::f()` finds `ns.f` in whichever file defines it; unqualified names inside a
  namespace see the namespace's other definitions, in any file;
* a method written outside its class (`void Store::add()`, in another file than the
  class) belongs to the class: `s.add()`, `this->add()` and a bare `add()` in a sibling
  method reach it; so does a constructor (`new Store()`, `Store s;`, `Store s(1);`);
* names qualified by `std::` are outside code and keep their name (`std.sort`); any other
  name the repository does not define is a C standard library call (`<builtin>.printf`)
  or is left unresolved.
"""

from __future__ import annotations

from itertools import takewhile

from brownfield.graph.facts import CALL, Chain, ImportFact
from brownfield.graph.generic_classes import ClassMembers
from brownfield.graph.generic_world import Found, Profile, Table, Value, World, node_id
from brownfield.graph.lang.c import (
    C_STANDARD_LIBRARY,
    CResolver,
    IncludeIndex,
    c_family_entry_points,
    resolve_include,
)
from brownfield.model import Resolution


class Cpp(Profile):
    language = "cpp"
    self_names = frozenset({"this"})
    super_names: frozenset[str] = frozenset()  # a base is named: `Base::run()`
    constructors = ("<class>",)
    class_members_visible = True
    builtins = C_STANDARD_LIBRARY
    global_names = True
    #: namespaces that are outside code: a name qualified by one keeps its name
    outside_namespaces = frozenset({"std"})

    def __init__(self) -> None:
        self.includes = IncludeIndex()

    def resolve_import(self, world: World, path: str, fact: ImportFact) -> list[Value]:
        return resolve_include(world, self.includes, path, fact.module)


class CppClassMembers(ClassMembers):
    """Class members, where a class may be written in one file and its methods (or the
    naming scope `Store::` around them) in another."""

    def definition_named(self, qualname: str) -> Value | None:
        """The definition with this qualified name in any file (a class first)."""
        name = qualname.rpartition(".")[2]
        self.reader.depend(f"name:{name}")
        world = self.reader.world
        found = [
            (kind != "class", node)
            for node, kind in world.definitions_named(name)
            if node.partition("::")[0] in world.files and node.partition("::")[2] == qualname
        ]
        if not found:
            return None
        path, _, _ = min(found)[1].partition("::")
        return Value("def", path, qualname)

    def class_named(self, table: Table, qualname: str) -> Value | None:
        """The class `qualname`: in this file, or defined in another (when this file only
        writes its methods, `void Store::add()`)."""
        if table.kinds.get(qualname) == "class":
            return Value("def", table.path, qualname)
        found = self.definition_named(qualname)
        if found is not None and self.kind(found) == "class":
            return found
        return None

    def member(
        self, cls: Value, name: str, how: Resolution, skip_self: bool, static: bool = False
    ) -> list[Found]:
        if cls.kind == "def" and self.kind(cls) != "class":
            # `this` in `void Store::add()`: the naming scope of a class defined elsewhere
            real = self.class_named(self.reader.table(cls.path), cls.name)
            if real is not None:
                cls = real
        return super().member(cls, name, how, skip_self, static)

    def bases(self, table: Table, qualname: str) -> list[Value]:
        if not any(d.qualname == qualname for d in table.facts.definitions):
            return []  # a naming scope, not a class of this file
        return super().bases(table, qualname)


class CppResolver(CResolver):
    """Qualified names, enclosing classes and namespaces across files."""

    profile: Cpp
    classes: CppClassMembers

    def __init__(self, profile: Profile, world: World) -> None:
        super().__init__(profile, world)
        self.classes = CppClassMembers(self)

    # -- names ------------------------------------------------------------------------

    def _in_enclosing(self, table: Table, enclosing: str, name: str) -> list[Found]:
        """`name` as a member of the enclosing class, or of the enclosing namespace."""
        reason = self._reason
        try:
            cls = self.classes.class_named(table, enclosing)
            if cls is not None:
                return self.classes.member(cls, name, Resolution.SELF, skip_self=False)
            found = self.classes.definition_named(f"{enclosing}.{name}")
            return [(found, Resolution.LOCAL)] if found else []
        finally:
            self._reason = reason

    def evaluate(self, table: Table, scope: str, chain: Chain, line: int) -> list[Found]:
        reason = self._reason
        found = super().evaluate(table, scope, chain, line)
        if found or len(chain) < 2 or chain[1] == CALL or chain[0] in self.profile.self_names:
            return found
        key = ("qualified", table.path, scope, chain)
        found = self._memo.get(key, [])
        if key not in self._memo and key not in self._active:
            self._active.add(key)
            try:
                found = self._memo[key] = self._qualified(table, scope, chain)
            finally:
                self._active.discard(key)
        if found:  # the head's failed lookup is no failure of the whole
            self._reason = reason
        return found

    def _qualified(self, table: Table, scope: str, chain: Chain) -> list[Found]:
        """`ns::f`, `ns::Store::make`, `a::b::f` whose head no scope binds: the longest
        qualified name that the repository defines, from the enclosing namespaces outward;
        else, under an outside namespace (`std::sort`), outside code."""
        names = list(takewhile(lambda step: step != CALL, chain))
        parts = scope.split(".") if scope else []
        prefixes = [".".join(parts[:end]) for end in range(len(parts), -1, -1)]
        values: list[Found] = []
        for length in range(len(names), 1, -1):  # a qualifier and a name, at least
            for prefix in prefixes:
                qualname = ".".join(filter(None, (prefix, *names[:length])))
                found = self.classes.definition_named(qualname)
                if found is not None:
                    values = [(found, Resolution.IMPORT)]
                    break
            if values:
                break
        else:
            if names[0] not in self.profile.outside_namespaces:
                return []
            length = 1
            values = [(Value("ext", "", names[0]), Resolution.IMPORT)]
        for step in chain[length:]:
            values = [found for value, how in values for found in self.step(value, how, step)]
            if not values:
                break
        return list(dict.fromkeys(values))

    # -- classes ----------------------------------------------------------------------

    def call_targets(
        self, value: Value, how: Resolution, arity: int | None
    ) -> list[tuple[str, Resolution]]:
        if value.kind == "def" and self.classes.kind(value) == "class":
            simple = value.name.rpartition(".")[2]
            if simple not in self.table(value.path).scopes.get(value.name, {}):
                elsewhere = self.classes.defined_elsewhere(value, simple)  # `Store::Store() {}`
                if elsewhere is not None:
                    return [(node_id(elsewhere.path, elsewhere.name), Resolution.CONSTRUCTOR)]
        return super().call_targets(value, how, arity)


PROFILE = Cpp()
extract, nodes_of, new_resolver, invalidated_keys = c_family_entry_points(PROFILE, CppResolver)
