"""Every language but Python: resolve calls from the facts `generic_facts` extracts.

One resolver, steered by a `Profile` per language (its module under `brownfield.graph.lang`):
what `this` is called, what a constructor is called, where an import points, which other files'
names are visible without an import (a Go package, a Java package, C's global functions). A
chain is evaluated step by step like Python's: the head by lexical scope (inside a function,
the binding live at the line), then imports, then the profile's visible files; each `.name`
through modules, objects, classes (with their bases: `generic_classes`) and instances (from
declared types and `new`); each `()` through declared or returned types.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from brownfield.graph.facts import (
    CALL,
    COMPUTED_KEY,
    SUBSCRIPT,
    BindingFact,
    Chain,
    FileFacts,
    FileGraph,
    ImportFact,
)
from brownfield.graph.generic_called import (
    builtin_step,
    head_scope,
    is_function,
    methods_first,
    reads_local,
    taken_out,
    unknown_sequence,
)
from brownfield.graph.generic_chains import ELEMENTS, RESULT
from brownfield.graph.generic_classes import ClassMembers, overloads_of
from brownfield.graph.generic_globals import nested_constant, top_level_definition
from brownfield.graph.generic_guesses import keyed_member, unique_name
from brownfield.graph.generic_world import (
    CLASS_LIKE,
    FUNCTION_LIKE,
    NODE_KINDS,
    Found,
    Profile,
    Table,
    Value,
    World,
    also_a_value,
    build_table,
    computed_names,
    last_made,
    live_at,
    node_id,
    simple_name,
    unique,
)
from brownfield.model import Resolution, Unresolved


class Resolver:
    """Resolves the files of one language; tables are kept across files."""

    def __init__(self, profile: Profile, world: World) -> None:
        self.profile, self.world = profile, world
        self.classes = ClassMembers(self)
        self._tables: dict[str, Table] = {}
        self._memo: dict[object, list[Found]] = {}
        self._reasons: dict[object, str] = {}  # why a remembered evaluation failed
        self._active: set[object] = set()
        self._deps: set[str] = set()
        self._reason = ""
        # across files: what an import points to, and who defines a name at top level
        self._imports: dict[tuple[str, ImportFact], list[Value]] = {}
        self._visible_sets: dict[str, frozenset[str] | None] = {}
        self._visible: dict[frozenset[str], dict[str, list[str]]] = {}

    # -- what ClassMembers reads (generic_classes.Reader) ---------------------------------

    def table(self, path: str) -> Table:
        self._deps.add(f"file:{path}")
        return self._raw_table(path)

    def fail(self, reason: str) -> None:
        self._reason = self._reason or reason

    @property
    def reason(self) -> str:  # why the evaluation in progress failed, if it did
        return self._reason

    def depend(self, key: str) -> None:
        self._deps.add(key)

    def _raw_table(self, path: str) -> Table:
        """A file's table without recording that it was read (for indexes over files)."""
        table = self._tables.get(path)
        if table is None:
            table = self._tables[path] = build_table(path, self.world.load_facts(path))
        return table

    def _import(self, path: str, fact: ImportFact) -> list[Value]:
        """What an import's module part is (it depends on which files exist: `tree:`)."""
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
        return [each for each in self._defining(key, name) if each != path]

    def _defining(self, files: Iterable[str], name: str) -> list[str]:
        """The files among `files` that bind `name` at their top level, through an index
        of those files' names (kept across files); depends on the name, not on the files."""
        key = files if isinstance(files, frozenset) else frozenset(files)
        index = self._visible.get(key)
        if index is None:
            index = self._visible[key] = {}
            for each in sorted(key):
                for bound in self._raw_table(each).scopes.get("", {}):
                    index.setdefault(bound, []).append(each)
        self._deps.add(f"name:{name}")
        return index.get(name, [])

    def resolve(self, path: str) -> FileGraph:
        self._deps, self._memo, self._reasons = {f"tree:{self.profile.language}"}, {}, {}
        table = self.table(path)
        graph = FileGraph()
        for definition in table.facts.definitions:
            if definition.kind not in NODE_KINDS:
                continue
            own = node_id(path, definition.qualname)
            parent = _node_scope(table, definition.scope)
            graph.edges.append((node_id(path, parent), own, "contains", definition.line, None))
            if definition.kind in CLASS_LIKE:
                for base in self.classes.bases(table, definition.qualname):
                    graph.edges.append((own, _target(base), "inherits", definition.line, None))
        for fact in table.facts.imports:
            for value in self._import(path, fact):
                if value.kind in ("mod", "def"):
                    graph.edges.append((path, _target(value), "imports", fact.line, "import"))
        assigned = {  # (scope, line, value) of each binding: a call that is one's value
            (b.scope, b.line, b.value) for b in table.facts.bindings if b.value is not None
        }
        for call in table.facts.calls:
            source = node_id(path, _node_scope(table, call.scope))
            if call.chain is None:
                graph.unresolved.append(Unresolved(source, call.text, path, call.line, "dynamic"))
                continue
            if reads_local(self.profile, table, call):
                continue
            self._reason = ""
            arity = len(call.args) if self.profile.overloads else None
            line = call.line
            if (call.scope, line, (*call.chain, CALL)) in assigned:
                line = -line  # read before the binding it is the value of is made
            found = self.evaluate(table, head_scope(self.profile, table, call), call.chain, line)
            found = builtin_step(self, call.chain, methods_first(self, found))
            if len(call.chain) == 1 and call.chain[0] in self.profile.self_names:
                # `this(...)`: another constructor of the class
                found = [(v._replace(kind="def"), how) for v, how in found if v.kind == "inst"]
            targets = {t for v, h in found for t in self.call_targets(v, h, arity)}
            targets = self.classes.below(table, call, found, targets, arity)  # `this.m()`
            if arity and len(targets) > 1:
                targets = self.classes.by_argument_types(targets, table, call)
            if not targets:
                guess = unique_name(self, call.chain) or keyed_member(self, table, call)
                targets = {guess} if guess else targets
            if not targets:
                reason = self._reason or "not-callable"
                graph.unresolved.append(Unresolved(source, call.text, path, call.line, reason))
            for target, how in sorted(targets):
                graph.edges.append((source, target, "calls", call.line, how.value))
        graph.edges = list(dict.fromkeys(graph.edges))
        graph.deps = self._deps | {f"{COMPUTED_KEY}{n}" for n in computed_names(table.facts)}
        return graph

    # -- evaluation -------------------------------------------------------------------

    def evaluate(self, table: Table, scope: str, chain: Chain, line: int) -> list[Found]:
        """What the chain may be when evaluated in `scope` at `line` (0: anywhere)."""
        key = (table.path, scope, chain, line)
        known = self._memo.get(key)
        if known is not None:
            self.fail(self._reasons.get(key, ""))  # asked again: the same cause of failure
            return known
        if key in self._active:
            return []
        self._active.add(key)
        outer, self._reason = self._reason, ""
        try:
            head = chain[0]
            if head in self.profile.self_names or head in self.profile.super_names:
                values = self._this(table, scope, head in self.profile.super_names)
                if len(chain) > 1 and chain[1] == CALL and head in self.profile.self_names:
                    # `new static()`, `self()`: the class, constructed by the call step
                    values = [(v._replace(kind="def"), how) for v, how in values]
            else:
                values = self._lookup(table, scope, head, line)
            for at, step in enumerate(chain[1:], 2):
                if not values:
                    break
                values = unique(
                    found for value, how in values for found in self.step(value, how, step)
                )
                if chain[at : at + 1] == (CALL,):
                    values = methods_first(self, values)
            self._memo[key] = values
            if self._reason:
                self._reasons[key] = self._reason
            return values
        finally:
            self._active.discard(key)
            self._reason = outer or self._reason

    def _this(self, table: Table, scope: str, is_super: bool) -> list[Found]:
        """`this` (or `super`): an instance of the enclosing class or constructor function,
        or the object a function is a member of."""
        current: str | None = scope
        while current:
            kind = table.kinds.get(current)
            if kind == "object" and not is_super:
                return [(Value("def", table.path, current), Resolution.SELF)]
            if table.static(current) and not is_super:  # `self` in `def self.m`: the class
                return [(Value("def", table.path, table.parent(current) or ""), Resolution.SELF)]
            if kind in ("class", "interface", None) or current in table.method_holders:
                kind = "super" if is_super else "inst"
                found = [(Value(kind, table.path, current), Resolution.SELF)]
                return found + self._named_type(table, current, kind)
            current = table.parent(current)
        self.fail("unknown-receiver")
        return []

    def _named_type(self, table: Table, scope: str, kind: str) -> list[Found]:
        """Rust's `impl T` in an inline `mod set`: also what `T` stands for there."""
        parent = table.parent(scope)
        if scope in table.kinds or not parent:
            return []
        reason = self._reason
        found = self._lookup(table, parent, simple_name(scope), 0)
        self._reason = reason
        return [
            (value._replace(kind=kind), Resolution.SELF)
            for value, _ in found
            if value.kind == "def" and self.classes.kind(value) in CLASS_LIKE
        ]

    def step(self, value: Value, how: Resolution, step: str) -> list[Found]:
        value, taken = taken_out(self, value, how, step)  # `x.unwrap()`, `Result<T, E>`
        if taken is not None:
            return taken
        if step == CALL or step.startswith(CALL + RESULT):
            return self._called(value, how, step[len(CALL) :])
        if self.profile.paren_free_calls and is_function(self, value):  # `a.b.c`: b()
            return unique(f for v, h in self._called(value, how, "") for f in self.step(v, h, step))
        if step == ELEMENTS:  # a collection type's values (of outside ones: C#'s, unknown)
            if value.kind == "inst" or (value.kind == "ext" and not self.profile.sequence_types):
                return [(value._replace(kind="seq") if value.kind == "inst" else value, how)]
            return []
        if step == SUBSCRIPT:
            if value.kind == "seq":
                return [(value._replace(kind="inst"), how)]
            if value.kind == "def" and self.classes.kind(value) in FUNCTION_LIKE:
                return [(value, how)]  # `F[int]`: a generic function instantiated
            self.fail("unknown-receiver")
            return []
        if value.kind == "ext":  # PHP's `App\Utils` + `Strings` may be the repository's
            inside = self.profile.namespace_member(self.world, value.name, step, self.depend)
            extending = [] if inside else self.classes.extensions([value], step)
            outside = inside or Value("ext", "", f"{value.name}.{step}")  # after C#'s extensions
            return [(each, how) for each in extending] or [(outside, how)]
        if value.kind == "mod":
            return self._module_member(value.path, step, how)
        if value.kind == "pkg":  # a package's own names (its dot imports are its own)
            found = [
                f
                for path in self._defining(self.world.folders.get(value.name, []), step)
                for f in self._top_level(path, step, how, wildcards=False)
            ]
            if not found:
                self.fail("unknown-attribute")
            return found
        kind = self.classes.kind(value) if value.kind == "def" else None
        if kind in FUNCTION_LIKE and step in self.profile.invoke_steps:
            return [(value, how)]  # `f.call(this, x)` calls f
        if value.kind == "def" and kind in CLASS_LIKE:
            if step == self.profile.new_step and kind != "object":
                return [(value, Resolution.CONSTRUCTOR)]
            if how is Resolution.CONSTRUCTOR:  # `Foo.new.m` (paren-free): an instance's `m`
                return self.step(value._replace(kind="inst"), Resolution.INFERRED, step)
            if kind == "interface" and also_a_value(self.table(value.path), value.name):
                return []  # `User.parse()`: the value `User`'s member, not its type's
            return self.classes.member(value, step, how, skip_self=False, static=True)
        if value.kind == "def" and kind == "function" and self.profile.functions_hold_members:
            if step == self.profile.instance_step:  # `F.prototype`
                return [(value._replace(kind="inst"), how)]
            found = self.classes.member(value, step, how, skip_self=False)
            return found or self._exported(value, how, step)
        if value.kind == "inst" and step == self.profile.class_step:  # `self.class`
            return [(value._replace(kind="def"), how)]
        if value.kind == "inst" and step in self.profile.copy_steps:  # `self.dup`
            found = self.classes.member(value._replace(kind="def"), step, how, skip_self=False)
            return found or [(value._replace(kind="copy"), how)]
        if value.kind == "inst" and step == self.profile.new_step:  # `self.new` in a class
            return [(value._replace(kind="def"), Resolution.CONSTRUCTOR)]  # method
        if value.kind in ("inst", "super"):
            cls = Value("def", value.path, value.name)
            return self.classes.member(cls, step, how, skip_self=value.kind == "super")
        self.fail("unknown-attribute")
        return []

    def _results(self, found: list[Found]) -> list[Found]:
        """What a value expression holds: a copy's class; a method named (Ruby), its result."""
        found = [(v._replace(kind="inst") if v.kind == "copy" else v, h) for v, h in found]
        if not self.profile.paren_free_calls:
            return found
        results = [(value, how) for value, how in found if not is_function(self, value)]
        for value, how in found:
            if is_function(self, value) and value not in self._active:  # `def a; b; end...`
                self._active.add(value)
                try:
                    results.extend(self._called(value, how, ""))
                finally:
                    self._active.discard(value)
        return unique(results)

    def _called(self, value: Value, how: Resolution, result: str) -> list[Found]:
        """The value of calling `value`; `result` names a declared result other than the
        first (`#1` for the second)."""
        kind = self.classes.kind(value) if value.kind == "def" else None
        if value.kind == "def" and kind in ("class", "interface"):
            return [] if result else [(Value("inst", value.path, value.name), Resolution.INFERRED)]
        if value.kind == "super":  # `super(...)` in a constructor
            return [(value._replace(kind="inst"), how)]
        if value.kind == "def" and kind in FUNCTION_LIKE:
            table = self.table(value.path)
            found = []
            for returned in table.facts.returns:
                if returned.scope != value.name:
                    continue
                marked = returned.value[0].startswith(RESULT)
                if marked and returned.value[0] == result:
                    chain = returned.value[1:]
                elif not marked and not result:
                    chain = returned.value
                else:
                    continue
                found.extend(self._results(self.evaluate(table, value.name, chain, returned.line)))
            if value.name in table.method_holders and not result:  # `new F()`
                found.append((Value("inst", value.path, value.name), how))
            return unique((each, Resolution.INFERRED) for each, _ in found)
        if value.kind == "ext":
            return [(value, how)]
        if value.kind == "mod":  # calling what a module exports as its default
            return unique(
                each
                for default, _ in self._default(value.path, how)
                for each in self._called(default, how, result)
            )
        self.fail("unknown-receiver")
        return []

    def _top_level(
        self, path: str, name: str, how: Resolution, wildcards: bool = True
    ) -> list[Found]:
        """`name` at the top of a file; with `wildcards`, also what the file re-exports
        whole (`export * from`)."""
        table = self.table(path)
        bindings = table.scopes.get("", {}).get(name)
        if bindings:
            return [(v, how) for v, _ in self.binding_values(table, "", last_made(table, bindings))]
        found = self._through_wildcards(table, name) if wildcards else []
        if not found:
            self.fail("unknown-attribute")
        return found

    def _module_member(self, path: str, name: str, how: Resolution) -> list[Found]:
        """`name` of a file: its top level, else a member of what it exports as default
        (`module.exports = {...}`, or the profile's module object: CommonJS `exports`)."""
        found = self._top_level(path, name, how)
        if not found and name != "default":
            defaults = self._default(path, how)
            found = unique(each for value, _ in defaults for each in self.step(value, how, name))
        return found

    def _exported(self, value: Value, how: Resolution, step: str) -> list[Found]:
        """`morgan.token` of `module.exports = morgan` and `module.exports.token = token`: a
        member assigned to the module object of the function the file exports."""
        holder = self.profile.module_object
        exports = holder and value.name != holder and holder in self.table(value.path).scopes
        if not exports or value not in (d for d, _ in self._default(value.path, how)):
            return []
        return self.step(Value("def", value.path, holder or ""), how, step)

    def default_of(self, path: str) -> list[Found]:
        """What a file exports as its default (for `generic_classes.Reader`)."""
        return self._default(path, Resolution.IMPORT)

    def _default(self, path: str, how: Resolution) -> list[Found]:
        table = self.table(path)
        top = table.scopes.get("", {})
        found = self._top_level(path, "default", how) if "default" in top else []
        if found:
            return found
        holder = self.profile.module_object
        if holder and holder in table.scopes:
            return [(Value("def", path, holder), how)]
        return []

    def _through_wildcards(self, table: Table, name: str) -> list[Found]:
        """`name` from the files a file imports whole (`export * from`, `import a.*`,
        `import static a.B.*`)."""
        key = ("wildcard", table.path, name)
        known = self._memo.get(key)
        if known is not None:
            return known
        if key in self._active:
            return []
        self._active.add(key)
        found: list[Found] = []
        try:
            for fact in table.facts.imports:
                if fact.name != "*" or fact.scope:
                    continue
                for value in self._import(table.path, fact):
                    if value.kind in ("mod", "pkg", "def"):
                        found = self.step(value, Resolution.IMPORT, name)
                        if found:
                            break
                if found:
                    break
            self._memo[key] = found
            return found
        finally:
            self._active.discard(key)

    def _lookup(self, table: Table, scope: str, name: str, line: int) -> list[Found]:
        """A bare name: lexical scopes outward, then visible files, globals, builtins."""
        current: str | None = scope
        first = True
        while current is not None:
            kind = table.kinds.get(current)
            is_class = kind in CLASS_LIKE
            if first or not is_class or self.profile.class_members_visible:
                bindings = table.scopes.get(current, {}).get(name)
                if (  # `Foo` in Foo's body is the class, not its constructor `Foo.Foo`
                    is_class  # (wherever that is written: C++'s `Foo::Foo() {}`)
                    and "<class>" in self.profile.constructors
                    and name == simple_name(current)
                ):
                    return [(Value("def", table.path, current), Resolution.LOCAL)]
                if bindings and is_class and not first:  # a member: `helper()` in a method
                    cls, static = Value("def", table.path, current), table.static(scope)
                    return self.classes.member(cls, name, Resolution.SELF, False, static)
                live = bindings and self._live(
                    table, current, bindings, line if kind in FUNCTION_LIKE else 0, first
                )
                if live:
                    return self.binding_values(table, current, live)
                if current and kind not in FUNCTION_LIKE:
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
        found = nested_constant(self, table, scope, name)  # Ruby's `Shapes::Shape`
        found = found or (self._global(name) if self.profile.global_names else [])
        if found:
            return found
        if name == self.profile.new_step:  # `new(...)` in a class method: `self.new`
            this = self._this(table, scope, False) if scope else []
            return [(v._replace(kind="def"), Resolution.CONSTRUCTOR) for v, _ in this]
        if name in self.profile.copy_steps and scope:  # `dup`: `self.dup`
            return self._this(table, scope, False)
        if name in self.profile.builtins:
            return [(Value("ext", "", f"<builtin>.{name}"), Resolution.BUILTIN)]
        unbound = self.profile.unbound(self.world, table.path, name)
        if unbound:
            return [(value, Resolution.IMPORT) for value in unbound]
        self.fail("unknown-name")
        return []

    def _in_enclosing(self, table: Table, enclosing: str, name: str) -> list[Found]:
        """`name` bound nowhere in the class or naming scope `enclosing`: here, a member
        its class inherits (`helper()` from a base), when members are visible unqualified."""
        if table.kinds.get(enclosing) in CLASS_LIKE and self.profile.class_members_visible:
            return self.classes.inherited(Value("def", table.path, enclosing), name)
        return []

    def _live(
        self, table: Table, scope: str, bindings: list[object], line: int, own: bool
    ) -> Sequence[object]:
        """The bindings of a name that count at `line` (`live_at`); overloads together."""
        if self.profile.overloads:
            overloads = overloads_of(bindings)
            if overloads:
                return overloads
        return live_at(table, scope, bindings, line, own)

    def _global(self, name: str) -> list[Found]:
        return top_level_definition(self, name)

    def binding_values(self, table: Table, scope: str, payloads: Sequence[object]) -> list[Found]:
        """What the bindings `payloads` of one name in `scope` may hold."""
        found: list[Found] = []
        for binding in payloads:
            found.extend(self._binding_value(table, binding))
        return unique(found)

    def _binding_value(self, table: Table, binding: object) -> list[Found]:
        if isinstance(binding, str):  # a definition's qualname
            return [(Value("def", table.path, binding), Resolution.LOCAL)]
        if isinstance(binding, ImportFact):
            found = [(value, Resolution.IMPORT) for value in self._import(table.path, binding)]
            if binding.name is None:
                return found
            found = unique(
                (value, Resolution.IMPORT)
                for module, how in found
                for value, _ in self.step(module, how, binding.name)
            )
        else:
            assert isinstance(binding, BindingFact)
            if binding.value is None:
                self.fail("unknown-receiver")
                return []
            scope = binding.scope
            if binding.target == binding.value[:1] and table.kinds.get(scope) in CLASS_LIKE:
                scope = table.parent(scope) or ""  # `static Env Env = Env.Of()`: the type Env
            while table.kinds.get(scope) == "object":  # `{ a: f }`: f is read where written
                scope = table.parent(scope) or ""
            evaluated = self.evaluate(table, scope, binding.value, -binding.line)
            found = [(value, Resolution.INFERRED) for value, _ in self._results(evaluated)]
        if not found:  # names nothing known: as unknown as unbound (a sequence is one still)
            self._reason = "unknown-receiver"
            found = unknown_sequence(self, binding)
        return found

    # -- targets ----------------------------------------------------------------------

    def call_targets(
        self, value: Value, how: Resolution, arity: int | None
    ) -> list[tuple[str, Resolution]]:
        if value.kind == "ext":
            return [(value.name, how)]
        if value.kind == "mod":  # `const f = require("./f"); f()`
            return [
                target
                for default, _ in self._default(value.path, how)
                for target in self.call_targets(default, how, arity)
            ]
        if value.kind == "super":  # `super(...)`: the base class's constructor
            return [
                target
                for base in self.classes.bases(self.table(value.path), value.name)
                for target in self.call_targets(base, Resolution.CONSTRUCTOR, arity)
            ]
        kind = self.classes.called_kind(value) if value.kind == "def" else None
        if kind in FUNCTION_LIKE:
            if not self.classes.accepts(value, arity):
                self.fail("unknown-attribute")
                return []
            own = [(node_id(value.path, value.name), how)]
            return own + self.classes.implementations(value, arity)
        if kind == "class":
            found = self.classes.constructors(value, arity)
            if not found:
                self.fail("unknown-attribute")
            return found
        self.fail("not-callable")
        return []


def _node_scope(table: Table, scope: str) -> str:
    """What owns `scope`'s code: it, the definition around an object (no node), a file."""
    while scope and table.kinds.get(scope) == "object":
        scope = table.parent(scope) or ""
    return scope if scope in table.kinds else ""


def _target(value: Value) -> str:
    if value.kind in ("mod", "pkg"):
        return value.path or value.name
    return value.name if value.kind == "ext" else node_id(value.path, value.name)
