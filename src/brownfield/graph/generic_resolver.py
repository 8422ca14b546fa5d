"""Every language but Python: resolve calls from the facts `generic_facts` extracts.

One resolver, steered by a `Profile` per language (its module under `brownfield.graph.lang`):
what `this` is called, what a constructor is called, where an import points, which other
files' names are visible without an import (a Go package, a Java package, C's global
functions). A chain is evaluated step by step like Python's: the head by lexical scope,
then imports, then the profile's visible files; each `.name` through modules, classes
(with their bases) and instances (from declared types and `new`); each `()` through
declared or returned types.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from brownfield.graph.facts import CALL, BindingFact, Chain, FileFacts, FileGraph, ImportFact
from brownfield.graph.generic_world import (
    Found,
    Profile,
    Table,
    Value,
    World,
    build_table,
    module_name,
    node_id,
)
from brownfield.model import Node, NodeKind, Resolution, Unresolved


def nodes_of(language: str, path: str, facts: FileFacts) -> list[Node]:
    """The file's module node and its definitions (the first of a repeated name)."""
    prefix = facts.namespace or module_name(path)
    found = [
        Node(
            path,
            NodeKind.MODULE,
            path.rpartition("/")[2],
            module_name(path),
            path,
            1,
            max(1, facts.line_count),
            language,
        )
    ]
    seen: set[str] = set()
    for definition in facts.definitions:
        if definition.qualname in seen:
            continue
        seen.add(definition.qualname)
        found.append(
            Node(
                node_id(path, definition.qualname),
                NodeKind(definition.kind),
                definition.name,
                f"{prefix}.{definition.qualname}",
                path,
                definition.line,
                definition.end_line,
                language,
            )
        )
    return found


def invalidated_keys(
    language: str, path: str, old: FileFacts | None, new: FileFacts | None
) -> set[str]:
    """A changed file: whoever read it; its names, for whoever looked a name up anywhere;
    and, when it appears or goes, whoever looked for files of the language."""
    keys = {f"file:{path}"}
    if old is None or new is None:
        keys.add(f"tree:{language}")
    for facts in (old, new):
        if facts is not None:
            keys.update(f"name:{d.name}" for d in facts.definitions)
            keys.update(f"name:{name}" for name in build_table(path, facts).scopes[""])
    return keys


class Resolver:
    """Resolves the files of one language; tables are kept across files."""

    def __init__(self, profile: Profile, world: World) -> None:
        self.profile, self.world = profile, world
        self._tables: dict[str, Table] = {}
        self._memo: dict[object, list[Found]] = {}
        self._active: set[object] = set()
        self._deps: set[str] = set()
        self._reason = ""
        # across files: what an import points to, and who defines a name at top level
        self._imports: dict[tuple[str, ImportFact], list[Value]] = {}
        self._visible_sets: dict[str, frozenset[str] | None] = {}
        self._visible: dict[frozenset[str], dict[str, list[str]]] = {}

    def _table(self, path: str) -> Table:
        self._deps.add(f"file:{path}")
        return self._raw_table(path)

    def _raw_table(self, path: str) -> Table:
        """A file's table without recording that it was read (for indexes over files)."""
        table = self._tables.get(path)
        if table is None:
            table = self._tables[path] = build_table(path, self.world.load_facts(path))
        return table

    def _import(self, path: str, fact: ImportFact) -> list[Value]:
        """What an import's module part is; it depends on which files exist, a dependency
        every resolution records (`tree:`)."""
        key = (path, fact)
        found = self._imports.get(key)
        if found is None:
            found = self._imports[key] = self.profile.resolve_import(self.world, path, fact)
        return found

    def _visible_defining(self, path: str, facts: FileFacts, name: str) -> list[str]:
        """The files visible from `path` (see `Profile.visible_files`) that bind `name` at
        their top level; found through an index, and depending on the name, not on every
        visible file."""
        key = self._visible_sets.get(path)
        if key is None:
            visible = self.profile.visible_files(self.world, path, facts)
            key = self._visible_sets[path] = frozenset(visible) if visible else None
        if key is None:
            return []
        index = self._visible.get(key)
        if index is None:
            index = self._visible[key] = {}
            for each in sorted(key):
                for bound in self._raw_table(each).scopes.get("", {}):
                    index.setdefault(bound, []).append(each)
        self._deps.add(f"name:{name}")
        return [each for each in index.get(name, []) if each != path]

    def resolve(self, path: str) -> FileGraph:
        self._deps, self._memo = {f"tree:{self.profile.language}"}, {}
        table = self._table(path)
        graph = FileGraph()
        for definition in table.facts.definitions:
            own = node_id(path, definition.qualname)
            parent = definition.scope if definition.scope in table.kinds else ""
            graph.edges.append((node_id(path, parent), own, "contains", definition.line, None))
            if definition.kind == "class":
                for base in self._bases(table, definition.qualname):
                    graph.edges.append((own, _target(base), "inherits", definition.line, None))
        for fact in table.facts.imports:
            for value in self._import(path, fact):
                if value.kind in ("mod", "def"):
                    graph.edges.append((path, _target(value), "imports", fact.line, "import"))
        for call in table.facts.calls:
            source = node_id(path, call.scope if call.scope in table.kinds else "")
            if call.chain is None:
                graph.unresolved.append(Unresolved(source, call.text, path, call.line, "dynamic"))
                continue
            self._reason = ""
            targets = {
                target
                for value, how in self._evaluate(table, call.scope, call.chain)
                for target in self._call_targets(value, how)
            }
            if not targets:
                reason = self._reason or "not-callable"
                graph.unresolved.append(Unresolved(source, call.text, path, call.line, reason))
            for target, how in sorted(targets):
                graph.edges.append((source, target, "calls", call.line, how.value))
        graph.edges = list(dict.fromkeys(graph.edges))
        graph.deps = set(self._deps)
        return graph

    # -- evaluation -------------------------------------------------------------------

    def _evaluate(self, table: Table, scope: str, chain: Chain) -> list[Found]:
        key = (table.path, scope, chain)
        known = self._memo.get(key)
        if known is not None:
            return known
        if key in self._active:
            return []
        self._active.add(key)
        try:
            head = chain[0]
            if head in self.profile.self_names or head in self.profile.super_names:
                owner = self._enclosing_class(table, scope)
                if owner is None:
                    self._fail("unknown-receiver")
                    return []
                kind = "super" if head in self.profile.super_names else "inst"
                values: list[Found] = [(Value(kind, table.path, owner), Resolution.SELF)]
                if len(chain) > 1 and chain[1] == CALL:  # `super(...)`: the base constructor
                    values = [(Value("def", table.path, owner), Resolution.SELF)]
            else:
                values = self._lookup(table, scope, head)
            for step in chain[1:]:
                if not values:
                    break
                values = _unique(
                    found for value, how in values for found in self._step(value, how, step)
                )
            self._memo[key] = values
            return values
        finally:
            self._active.discard(key)

    def _fail(self, reason: str) -> None:
        self._reason = self._reason or reason

    def _step(self, value: Value, how: Resolution, step: str) -> list[Found]:
        if step == CALL:
            if value.kind == "def" and self._kind(value) == "class":
                return [(Value("inst", value.path, value.name), Resolution.INFERRED)]
            if value.kind == "super":  # `super(...)` in a constructor
                return [(value._replace(kind="inst"), how)]
            if value.kind == "def":
                table = self._table(value.path)
                return _unique(
                    (found, Resolution.INFERRED)
                    for returned in table.facts.returns
                    if returned.scope == value.name
                    for found, _ in self._evaluate(table, value.name, returned.value)
                )
            if value.kind == "ext":
                return [(value, how)]
            if value.kind == "mod":  # calling what a module exports as its default
                return _unique(
                    each
                    for default, _ in self._top_level(value.path, "default", how)
                    for each in self._step(default, how, CALL)
                )
            self._fail("unknown-receiver")
            return []
        if value.kind == "ext":
            return [(Value("ext", "", f"{value.name}.{step}"), how)]
        if value.kind == "mod":
            found = self._top_level(value.path, step, how)
            if not found and step != "default":  # `module.exports = {...}`: its members
                found = _unique(
                    each
                    for default, _ in self._top_level(value.path, "default", how)
                    for each in self._step(default, how, step)
                )
            return found
        if value.kind == "pkg":
            found = [
                f
                for path in self.world.folders.get(value.name, [])
                for f in self._top_level(path, step, how)
            ]
            if not found:
                self._fail("unknown-attribute")
            return found
        if value.kind == "def" and self._kind(value) == "class":
            if step == self.profile.new_step:
                return [(value, Resolution.CONSTRUCTOR)]
            return self._member(value, step, how, skip_self=False)
        if value.kind in ("inst", "super"):
            cls = Value("def", value.path, value.name)
            return self._member(cls, step, how, skip_self=value.kind == "super")
        self._fail("unknown-attribute")
        return []

    def _top_level(self, path: str, name: str, how: Resolution) -> list[Found]:
        table = self._table(path)
        bindings = table.scopes.get("", {}).get(name)
        if bindings:
            return [(value, how) for value, _ in self._binding_values(table, "", bindings[-1])]
        found = self._through_wildcards(table, name)
        if not found:
            self._fail("unknown-attribute")
        return found

    def _through_wildcards(self, table: Table, name: str) -> list[Found]:
        """`name` from the files a file imports whole (`export * from`, `import a.*`)."""
        key = ("wildcard", table.path, name)
        if key in self._active:
            return []
        self._active.add(key)
        try:
            for fact in table.facts.imports:
                if fact.name != "*" or fact.scope:
                    continue
                for value in self._import(table.path, fact):
                    if value.kind in ("mod", "pkg"):
                        found = self._step(value, Resolution.IMPORT, name)
                        if found:
                            return found
            return []
        finally:
            self._active.discard(key)

    def _lookup(self, table: Table, scope: str, name: str) -> list[Found]:
        """A bare name: lexical scopes outward, then visible files, globals, builtins."""
        current: str | None = scope
        first = True
        while current is not None:
            is_class = table.kinds.get(current) == "class"
            if first or not is_class or self.profile.class_members_visible:
                bindings = table.scopes.get(current, {}).get(name)
                if (  # `Foo` in Foo's body is the class, not its constructor `Foo.Foo`
                    bindings
                    and is_class
                    and "<class>" in self.profile.constructors
                    and name == current.rpartition(".")[2]
                ):
                    return [(Value("def", table.path, current), Resolution.LOCAL)]
                if bindings and is_class and not first:  # a member: `helper()` in a method
                    return self._member(
                        Value("def", table.path, current), name, Resolution.SELF, skip_self=False
                    )
                if bindings:
                    return self._binding_values(table, current, bindings[-1])
                if current and table.kinds.get(current) not in ("function", "method"):
                    found = self._in_enclosing(table, current, name)
                    if found:
                        return found
            first = False
            current = table.parent(current)
        found = self._through_wildcards(table, name)
        if found:
            return found
        for path in self._visible_defining(table.path, table.facts, name):
            found = self._top_level(path, name, Resolution.LOCAL)
            if found:
                self._reason = ""
                return found
        if self.profile.global_names:
            found = self._global(name)
            if found:
                return found
        if name in self.profile.builtins:
            return [(Value("ext", "", f"<builtin>.{name}"), Resolution.BUILTIN)]
        self._fail("unknown-name")
        return []

    def _in_enclosing(self, table: Table, enclosing: str, name: str) -> list[Found]:
        """`name` bound nowhere in the class or naming scope `enclosing`: here, a member
        its class inherits (`helper()` from a base), when members are visible unqualified."""
        if table.kinds.get(enclosing) == "class" and self.profile.class_members_visible:
            return self._inherited(Value("def", table.path, enclosing), name)
        return []

    def _global(self, name: str) -> list[Found]:
        """The one top-level definition of this language with `name`, anywhere."""
        self._deps.add(f"name:{name}")
        candidates = [
            (node, kind)
            for node, kind in self.world.definitions_named(name)
            if node.partition("::")[0] in self.world.files and "." not in node.partition("::")[2]
        ]
        if len(candidates) != 1:
            return []
        path, _, qualname = candidates[0][0].partition("::")
        return [(Value("def", path, qualname), Resolution.IMPORT)]

    def _binding_values(self, table: Table, scope: str, binding: object) -> list[Found]:
        if isinstance(binding, str):  # a definition's qualname
            return [(Value("def", table.path, binding), Resolution.LOCAL)]
        if isinstance(binding, ImportFact):
            found = [(value, Resolution.IMPORT) for value in self._import(table.path, binding)]
            if binding.name is None:
                return found
            return _unique(
                (value, Resolution.IMPORT)
                for module, how in found
                for value, _ in self._step(module, how, binding.name)
            )
        assert isinstance(binding, BindingFact)
        if binding.value is None:
            return []
        return [
            (value, Resolution.INFERRED)
            for value, _ in self._evaluate(table, binding.scope, binding.value)
        ]

    # -- classes --------------------------------------------------------------------------

    def _kind(self, value: Value) -> str | None:
        return self._table(value.path).kinds.get(value.name)

    def _enclosing_class(self, table: Table, scope: str) -> str | None:
        current: str | None = scope
        while current:
            kind = table.kinds.get(current)
            if kind in ("class", None):  # a class, or a naming scope (`impl T`)
                return current
            current = table.parent(current)
        return None

    def _bases(self, table: Table, qualname: str) -> list[Value]:
        definition = next((d for d in table.facts.definitions if d.qualname == qualname), None)
        if definition is None:  # a naming scope only: Rust's `impl T` in a file without `T`
            return []
        bases: list[Value] = []
        for chain in definition.bases:
            for value, _ in self._evaluate(table, definition.scope, chain):
                if value.kind == "ext" or (value.kind == "def" and self._kind(value) == "class"):
                    bases.append(value)
        return bases

    def _order(self, cls: Value) -> list[Value]:
        """The class, then its bases depth first (each once)."""
        order: list[Value] = []
        pending = [cls]
        while pending:
            klass = pending.pop(0)
            if klass in order:
                continue
            order.append(klass)
            if klass.kind == "def":
                pending[:0] = self._bases(self._table(klass.path), klass.name)
        return order

    def _inherited(self, cls: Value, name: str) -> list[Found]:
        """`name` as a member of one of the class's bases written in the repository (a
        base from outside code does not claim every unknown name)."""
        for klass in self._order(cls)[1:]:
            if klass.kind == "def" and name in self._table(klass.path).scopes.get(klass.name, {}):
                return self._member(klass, name, Resolution.SELF, skip_self=False)
        return []

    def _member(self, cls: Value, name: str, how: Resolution, skip_self: bool) -> list[Found]:
        order = self._order(cls)
        for klass in order[1:] if skip_self else order:
            if klass.kind == "ext":
                return [(Value("ext", "", f"{klass.name}.{name}"), Resolution.IMPORT)]
            table = self._table(klass.path)
            bindings = table.scopes.get(klass.name, {}).get(name)
            if bindings:
                return [
                    (value, how if value.kind == "def" else Resolution.INFERRED)
                    for value, _ in self._binding_values(table, klass.name, bindings[-1])
                ]
            elsewhere = self._defined_elsewhere(klass, name)
            if elsewhere:
                return [(elsewhere, how)]
        self._fail("unknown-attribute")
        return []

    def _defined_elsewhere(self, cls: Value, name: str) -> Value | None:
        """A method written outside its class's file (Go receivers, C++ `A::f`)."""
        self._deps.add(f"name:{name}")
        wanted = f"{cls.name}.{name}"
        for node, _ in self.world.definitions_named(name):
            path, _, qualname = node.partition("::")
            if (
                qualname == wanted
                and path in self.world.files
                and self.profile.may_hold_methods(cls.path, path)
            ):
                return Value("def", path, qualname)
        return None

    def _call_targets(self, value: Value, how: Resolution) -> list[tuple[str, Resolution]]:
        if value.kind == "ext":
            return [(value.name, how)]
        if value.kind == "mod":  # `const f = require("./f"); f()`
            return [
                target
                for default, _ in self._top_level(value.path, "default", how)
                for target in self._call_targets(default, how)
            ]
        if value.kind != "def":
            self._fail("not-callable")
            return []
        if self._kind(value) != "class":
            return [(node_id(value.path, value.name), how)]
        simple = value.name.rpartition(".")[2]
        for constructor in self.profile.constructors:
            method = simple if constructor == "<class>" else constructor
            table = self._table(value.path)
            if method in table.scopes.get(value.name, {}):
                return [(node_id(value.path, f"{value.name}.{method}"), Resolution.CONSTRUCTOR)]
        return [(node_id(value.path, value.name), Resolution.CONSTRUCTOR)]


def _unique(found: Iterable[Found]) -> list[Found]:
    seen: dict[Value, Resolution] = {}
    for value, how in found:
        seen.setdefault(value, how)
    return list(seen.items())


def _target(value: Value) -> str:
    if value.kind == "ext":
        return value.name
    if value.kind in ("mod", "pkg"):
        return value.path or value.name
    return node_id(value.path, value.name)


def entry_points(
    profile: Profile,
) -> tuple[
    Callable[..., FileFacts],
    Callable[[str, FileFacts], list[Node]],
    Callable[..., Resolver],
    Callable[[str, FileFacts | None, FileFacts | None], set[str]],
]:
    """What the builder and the parser call for a language: extract, nodes_of,
    new_resolver, invalidated_keys."""
    from brownfield.graph import generic_facts
    from brownfield.graph.languages import language_for

    language = profile.language

    def extract(root: object, source: bytes, matches: list[object]) -> FileFacts:
        return generic_facts.extract(root, source, matches, language)  # type: ignore[arg-type]

    def nodes(path: str, facts: FileFacts) -> list[Node]:  # `.tsx` files are "tsx"
        return nodes_of(language_for(path) or language, path, facts)

    def new_resolver(
        paths: Iterable[str],
        load_facts: Callable[[str], FileFacts],
        definitions_named: Callable[[str], list[tuple[str, str]]],
    ) -> Resolver:
        return Resolver(profile, World(language, sorted(paths), load_facts, definitions_named))

    def invalidated(path: str, old: FileFacts | None, new: FileFacts | None) -> set[str]:
        return invalidated_keys(language, path, old, new)

    return extract, nodes, new_resolver, invalidated
