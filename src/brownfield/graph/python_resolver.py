"""Python: resolve the calls, imports and bases of one file against the whole repository.

Names are looked up the way Python does (local scope, enclosing functions, module,
builtins; class bodies are not visible from their methods), values flow through
imports, assignments, returns and instances, and attributes are found through the
class's C3 method resolution order. What cannot be followed is kept unresolved with a
reason instead of guessed. Every module the resolution of a file consults is recorded as
a dependency key, so an incremental build knows which files to resolve again.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Iterable

from brownfield.graph.facts import (
    CALL,
    CALL_KEY,
    DECORATED_KEY,
    SUBSCRIPT,
    BindingFact,
    Chain,
    Definition,
    FileFacts,
    FileGraph,
    ImportFact,
)
from brownfield.graph.python_builtins import RETURNS_FROM, argument_of
from brownfield.graph.python_calls import CallTargets
from brownfield.graph.python_chains import ELEMENTS, EXCLUDING, TUPLES
from brownfield.graph.python_classes import ClassMembers
from brownfield.graph.python_containers import DECLARED, Containers, declared_collection
from brownfield.graph.python_evaluator import Consulted, T
from brownfield.graph.python_flow import ValueFlow, unique
from brownfield.graph.python_guards import ImportGuards
from brownfield.graph.python_returns import ReturnSelection
from brownfield.graph.python_roots import ImportRoots
from brownfield.graph.python_scopes import (
    GUESSED,
    Binding,
    Found,
    ModuleTable,
    Value,
    absolute_module,
    build_table,
    builtin_id,
    imported_modules,
    inferred,
    live,
    module_name,
    node_id,
    target_id,
)
from brownfield.graph.python_shared import SharedResults
from brownfield.graph.python_world import (
    GLOBAL_KEY,
    SITES_KEY,
    StoredBases,
    World,
    call_names,
    decorated_names,
    invalidated_keys,
    layout,
    methods_index,
    nodes_of,
)
from brownfield.model import Resolution, Unresolved

# The resolver module's entry points for the builder (see `languages.LanguageSpec`).
__all__ = [
    "call_names",
    "decorated_names",
    "invalidated_keys",
    "layout",
    "new_resolver",
    "nodes_of",
]

#: A generator's methods that resume it (`__enter__`: a `contextlib.contextmanager`'s).
RESUMING = frozenset({"__next__", "send", "__enter__", "__aenter__", "__anext__", "asend"})

BUILTIN_NAMES = frozenset(name for name in dir(builtins) if not name.startswith("__"))


def new_resolver(
    paths: Iterable[str],
    load_facts: Callable[[str], FileFacts],
    definitions_named: Callable[[str], list[tuple[str, str]]],
    roots: ImportRoots | None = None,
    calls_named: Callable[[str], list[str]] | None = None,
    decorated_named: Callable[[str], list[str]] | None = None,
    stored: StoredBases | None = None,
    load_imports: Callable[[str], list[ImportFact]] | None = None,
) -> Resolver:
    """A resolver over the Python files `paths` of one repository; `definitions_named`
    gives the (node id, kind) of every definition with a name, in any language; `roots`
    names modules (the repository root alone when None); `calls_named` the files whose
    `call_names` hold a name (none when None); `decorated_named` likewise by
    `decorated_names` (None: the methods' files are read); `stored` the
    classes' bases as the store holds them, where they are known to be current (None:
    none are); `load_imports` a file's import facts without the rest (None: `load_facts`)."""
    # Of two files claiming a name, the last sorted wins (`pkg/__init__.py` as Python would)
    names = {path: module_name(path, roots) for path in sorted(paths)}
    modules = {dotted: path for path, dotted in names.items()}
    world = World(modules, load_facts, methods_index(definitions_named), names)
    world.definitions_named = definitions_named
    if calls_named is not None:
        world.files_calling = lambda name: [p for p in calls_named(name) if p in names]
    if decorated_named is not None:
        world.files_decorating = lambda name: [p for p in decorated_named(name) if p in names]
    if stored is not None:
        world.stored = stored
    if load_imports is not None:
        world.load_imports = load_imports
    return Resolver(world)


class Resolver:
    """Resolves files of one repository; caches scope tables across files."""

    def __init__(self, world: World) -> None:
        self.world = world
        self._tables: dict[str, ModuleTable] = {}
        self._active: set[object] = set()
        self._shared = SharedResults(self)  # see `shared`
        self._imported: dict[str, set[str]] = {}  # file -> the modules and names it imports
        self.consulted = Consulted()
        self.current = ""
        self.classes = ClassMembers(self)
        self.flow = ValueFlow(self, self.classes)
        self.containers = Containers(self, self.flow)
        self.calls = CallTargets(self, self.classes, world.methods_named)
        self.guards = ImportGuards(self)
        self.returns = ReturnSelection(self, self.classes, self.flow)

    # -- tables and dependencies -------------------------------------------------

    def table(self, path: str) -> ModuleTable:
        self.consulted.files.add(path)
        table = self._tables.get(path)
        if table is None:
            table = build_table(path, self.world.load_facts(path), self.world.names.get(path))
            self._tables[path] = table
        return table

    def files_calling(self, name: str) -> list[str]:
        return self.world.files_calling(name)

    def imported_by(self, path: str) -> set[str]:
        found = self._imported.get(path)
        if found is None:
            dotted = self.world.names.get(path, "")
            found = self._imported[path] = imported_modules(
                dotted, path, self.world.load_imports(path)
            )
        return found

    def module(self, dotted: str) -> Value | None:
        """A repository module or package by dotted name, recording the lookup."""
        self.consulted.modules.add(dotted)
        path = self.world.modules.get(dotted)
        if path is not None:
            return Value("mod", path, dotted)
        if dotted in self.world.packages:
            return Value("mod", "", dotted)  # a namespace package: a folder without __init__
        return None

    # -- resolving one file -------------------------------------------------------

    def resolve(self, path: str) -> FileGraph:
        """Every edge leaving the definitions of `path`, and what stayed unresolved."""
        self.consulted = Consulted()  # its evaluations are remembered within this file
        self.current = path
        table = self.table(path)
        graph = FileGraph()
        for definition in table.facts.definitions:
            source = node_id(path, definition.scope)
            graph.edges.append(
                (source, node_id(path, definition.qualname), "contains", definition.line, None)
            )
            if definition.kind == "class":
                for base in self.classes.bases_of(table, definition):
                    graph.edges.append(
                        (
                            node_id(path, definition.qualname),
                            target_id(base),
                            "inherits",
                            definition.line,
                            None,
                        )
                    )
        for fact in table.facts.imports:
            target = self._import_target(table, fact.module, fact.name, fact.level)
            if target is not None and (target.kind != "mod" or target.path):
                graph.edges.append((path, target_id(target), "imports", fact.line, "import"))
        for call in table.facts.calls:
            source = node_id(path, call.scope)
            if call.chain is None:
                graph.unresolved.append(Unresolved(source, call.text, path, call.line, "dynamic"))
                continue
            self.consulted.reason = ""
            # what other files pass a parameter is read for written calls only
            self.flow.across_files = not call.implicit
            targets = self.calls.of_call(table, call)
            if call.implicit and not targets:
                continue  # protocols and operators count only when they reach our code
            if not targets:
                targets = self.calls.guessed(table, call, source)
            if not targets:
                reason = self.consulted.reason or "not-callable"
                graph.unresolved.append(Unresolved(source, call.text, path, call.line, reason))
            for callee, how in sorted(targets):
                graph.edges.append((source, callee, "calls", call.line, how.value))
        graph.edges = list(dict.fromkeys(graph.edges))
        own = (f"{GLOBAL_KEY}{path}::", f"{SITES_KEY}{path}::")  # its own edits resolve it
        graph.deps = (
            {f"file:{p}" for p in self.consulted.files}
            | {f"mod:{m}" for m in self.consulted.modules}
            | {f"name:{n}" for n in self.consulted.names}
            | {f"calls:{n}" for n in self.consulted.calls}
            | {key for key in self.consulted.keys if not key.startswith(own)}
            | {f"{CALL_KEY}{n}" for n in call_names(table.facts)}  # an index, not a dependency
            | {f"{DECORATED_KEY}{n}" for n in decorated_names(table.facts)}  # an index too
        )
        return graph

    def _import_target(
        self, table: ModuleTable, module: str, name: str | None, level: int
    ) -> Value | None:
        absolute = absolute_module(table.dotted, table.path, module, level)
        if absolute is None:
            return None
        if name not in (None, "*"):
            submodule = self.module(f"{absolute}.{name}")
            if submodule is not None:
                return submodule
        return self.module(absolute) or Value("ext", "", absolute)

    def bases(self, table: ModuleTable, definition: Definition) -> list[Value]:
        bases: list[Value] = []
        for chain in definition.bases:
            for value, _ in self.evaluate(table, definition.scope, chain, definition.line):
                if value.kind in ("def", "ext") and value not in bases:
                    if value.kind == "def" and not self.classes.is_class(value):
                        continue
                    bases.append(value)
        return bases

    # -- evaluation ---------------------------------------------------------------

    def remembered(
        self, key: object, compute: Callable[..., list[Found]], *args: object
    ) -> list[Found]:
        """`compute(*args)` once per file: asked again, the same values and failure cause."""
        consulted = self.consulted
        known = consulted.memo.get(key)
        if known is not None:
            if known[1] and not consulted.reason:  # as `consulted.fail`, on the hot path
                consulted.reason = known[1]
            return known[0]
        if key in self._active:
            return []  # a cycle: `x = x.parent`, functions returning each other
        self._active.add(key)
        outer_reason, consulted.reason = consulted.reason, ""
        try:
            found = compute(*args)
            consulted.memo[key] = (found, consulted.reason)
            return found
        finally:
            self._active.discard(key)
            consulted.reason = outer_reason or consulted.reason

    def shared(self, key: object, compute: Callable[[], T], empty: T) -> T:
        return self._shared.get(key, compute, empty)  # the same in any order (python_shared)

    def evaluate(self, table: ModuleTable, scope: str, chain: Chain, line: int) -> list[Found]:
        """The values a chain may have when evaluated in `scope` at `line`."""
        key = (table.path, scope, chain, line)
        consulted = self.consulted
        known = consulted.memo.get(key)
        if known is not None:  # `remembered`'s first step, without making the closure
            if known[1] and not consulted.reason:
                consulted.reason = known[1]
            return known[0]
        return self.remembered(key, self._evaluate_now, table, scope, chain, line)

    def _evaluate_now(self, table: ModuleTable, scope: str, chain: Chain, line: int) -> list[Found]:
        head = chain[0]
        first = 1
        if head == "super" and len(chain) > 1 and chain[1] == CALL:
            owner = self.classes.enclosing_class(table, scope)
            if owner is None:
                self.consulted.fail("unknown-receiver")
                return []
            values: list[Found] = [(Value("super", table.path, owner), Resolution.SELF)]
            first = 2
        elif head[:1] not in ("<", "["):  # a name (no `<c1:9>`, `<def:f>`, `[k]`...): at once
            values = self._lookup(table, scope, head, line)
        elif head.startswith("<c") and head in table.containers:
            values = [(Value("cont", table.path, head), Resolution.INFERRED)]
        elif head.startswith("<def:"):
            values = [(Value("def", table.path, head[5:-1]), Resolution.LOCAL)]
        elif head.startswith("<dec:"):
            qualname, _, depth = head[5:-1].rpartition(":")
            values = self.flow.decorated(table, qualname, int(depth))
        elif head.startswith("["):
            return []  # a literal key passed as an argument: no value to follow
        else:
            values = self._lookup(table, scope, head, line)
        for index in range(first, len(chain)):
            if not values:
                break
            if table.truthy and (scope, chain[:index]) in table.truthy:  # `if x.flag:`
                values = self.classes.truthy(table, scope, chain[:index], line, values)
            step = chain[index]
            if step == CALL and any(_needs_arguments(value) for value, _ in values):
                values = self._call_with_arguments(table, scope, chain[:index], line, values)
                continue
            if step == CALL and any(self.returns.selects(value) for value, _ in values):
                sites = self.flow.calls_at(table, line, chain[:index])
                values = self.returns.called(values, table, sites, self._step)
                continue
            if len(values) == 1:  # the usual case, without a generator
                values = unique(self._step(values[0][0], values[0][1], step))
                continue
            values = unique(found for v, h in values for found in self._step(v, h, step))
        if table.truthy and (scope, chain) in table.truthy:
            values = self.classes.truthy(table, scope, chain, line, values)
        return values

    def _call_with_arguments(
        self, table: ModuleTable, scope: str, callee: Chain, line: int, values: list[Found]
    ) -> list[Found]:
        """Call results that depend on the arguments written at the call site (`partial(f)`,
        `list(xs)`, `d.get("a")`): the site is the call of `callee` on `line`."""
        sites = self.flow.calls_at(table, line, callee)

        def argument(chain: Chain) -> list[Found]:
            return self.evaluate(table, scope, chain, line)

        found: list[Found] = []
        for value, how in values:
            if value.kind == "bound":
                found += self.containers.call_bound(value, [site.args for site in sites], argument)
                continue
            if not _needs_arguments(value):
                found += self._step(value, how, CALL)
                continue
            shape = RETURNS_FROM[value.name]
            for site in sites:
                cast = site.args[1] if shape == "instance" and len(site.args) > 1 else None
                if cast is not None and not cast[0].startswith("["):  # `cast(Type[A], A)` is A
                    found += [(v, h) for v, h in argument(cast) if v.kind == "def"]
                chain = argument_of(value.name, site.args)
                if chain is None:
                    continue
                for inner, inner_how in argument(chain):
                    if shape == "same":
                        found.append((inner, inner_how))
                    elif shape == "instance":
                        if inner.kind == "def" and self.classes.is_class(inner):
                            found.append((Value("inst", inner.path, inner.name), inner_how))
                    elif shape == "element":
                        found += self._step(inner, Resolution.INFERRED, SUBSCRIPT)
                    elif inner.kind in _SEQUENCE_KINDS:
                        view = Value(shape, inner.path, f"{inner.kind}|{inner.name}")
                        found.append((view, Resolution.INFERRED))
        return unique(found)

    def _step(self, value: Value, how: Resolution, step: str) -> list[Found]:
        """One step of a chain from `value`; the same wherever it is taken, so remembered."""
        if step.startswith("["):
            if (held := self.classes.subscripted(value, how, step)) is not None:
                return held  # a class subscripted: `Box[int]`, an enum's `Color["RED"]`
            return self.remembered(("element", value, step), self.containers.element, value, step)
        if step == CALL:
            return self.remembered(("call", value), self._call_result, value)
        found = self.remembered(("attribute", value, step), self._attribute, value, step)
        return [
            (
                each,
                GUESSED
                if GUESSED in (how, each_how)
                else inferred(how)
                if each_how is Resolution.INFERRED
                else how,
            )
            for each, each_how in found
        ]

    def _call_result(self, value: Value) -> list[Found]:
        if value.kind == "def":
            if self.classes.is_class(value):
                return [(Value("inst", value.path, value.name), Resolution.INFERRED)]
            if value.path != self.current:  # the same from every file: kept for the build
                empty: list[Found] = []
                found = self.shared(("returns", value), lambda: self.flow.returned(value), empty)
                if not found:
                    self.consulted.fail("unknown-receiver")
                return found
            return self.flow.returned(value)
        if value.kind == "resume":  # a generator resumed: what it yields
            return self.flow.yielded(Value("gen", value.path, value.name))
        if value.kind == "inst":
            calls = self.classes.member(Value("def", value.path, value.name), "__call__", True)
            return unique(found for method, _ in calls for found in self._call_result(method))
        # what outside code returns is an outside object: its methods are never guessed
        self.consulted.fail("outside-result" if value.kind == "ext" else "unknown-receiver")
        return []

    def _attribute(self, value: Value, attribute: str) -> list[Found]:
        if attribute == ELEMENTS or attribute.startswith(TUPLES):  # `self.body: list[Table]`
            holds = value.kind == "def" and self.classes.is_class(value)
            return declared_collection(value, attribute) if holds else []
        if value.kind == "ext":
            return [(Value("ext", "", f"{value.name}.{attribute}"), Resolution.IMPORT)]
        if value.kind == "mod":
            return self._module_attribute(value, attribute)
        if value.kind == "gen" and attribute in RESUMING:  # `g.send(x)`, `with cm() as v`
            return [(Value("resume", value.path, value.name), Resolution.INFERRED)]
        if attribute == "__class__" and value.kind == "inst":  # `type(x)`, `x.__class__`
            return [(Value("def", value.path, value.name), Resolution.INFERRED)]
        if value.kind in ("cont", "slice", "seq"):  # `d.get`, `kwargs.get`, `xs.pop`...
            return self.containers.bound_method(value, attribute)
        if value.kind == "def" and self.classes.is_class(value):
            return self.classes.member(value, attribute, instance=False)
        if value.kind in ("inst", "super"):  # `super().p`: found after the class, read alike
            owner, after = Value("def", value.path, value.name), value.kind == "super"
            found = self.classes.member(owner, attribute, instance=True, skip_self=after)
            if any(self.classes.is_property(member) for member, _ in found):
                # reading a property is what its getter returns
                return unique(
                    result
                    for member, how in found
                    for result in (
                        self._step(member, how, CALL)
                        if self.classes.is_property(member)
                        else [(member, how)]
                    )
                )
            # `name = Descriptor()` in the class: reading it is what its `__get__` returns
            return self.calls.through_descriptors(found, lambda m, how: self._step(m, how, CALL))
        self.consulted.fail("unknown-attribute")
        return []

    def _module_attribute(self, module: Value, attribute: str) -> list[Found]:
        if module.path:
            table = self.table(module.path)
            found = self.lookup_in_scope(table, "", attribute, None)
            if found is not None:
                return found
        submodule = self.module(f"{module.name}.{attribute}")
        if submodule is not None:
            return [(submodule, Resolution.IMPORT)]
        if module.path:
            starred = self._star_lookup(self.table(module.path), attribute)
            if starred:
                return starred
        self.consulted.fail("unknown-attribute")
        return []

    # -- names ------------------------------------------------------------------------

    def _lookup(self, table: ModuleTable, scope: str, name: str, line: int) -> list[Found]:
        """Python's LEGB lookup of a bare name used at `line` inside `scope`."""
        current: str | None = scope
        first = True
        while current is not None:
            definition = table.definitions.get(current) if current else None
            if first or definition is None or definition.kind != "class":
                found = self.lookup_in_scope(table, current, name, line if first else None)
                if found is not None:
                    if not found:
                        self.consulted.fail("unknown-receiver")
                    return found
            first = False
            current = None if not current else (definition.scope if definition else "")
        starred = self._star_lookup(table, name)
        if starred:
            return starred
        if name in BUILTIN_NAMES:
            return [(Value("ext", "", builtin_id(name)), Resolution.BUILTIN)]
        external = {module for module, _ in table.star_imports if self.module(module) is None}
        if len(external) == 1:
            return [(Value("ext", "", f"{external.pop()}.{name}"), Resolution.IMPORT)]
        self.consulted.fail("unknown-name")
        return []

    def lookup_in_scope(
        self, table: ModuleTable, scope: str, name: str, line: int | None
    ) -> list[Found] | None:
        """The values of `name` bound in exactly this scope, or None when it is not bound there.
        At `line` the live binding is the last one before it; from an inner scope or another
        module, the last binding in the scope counts."""
        if not scope:  # an edit appending definitions changes only some of the top's names
            self.consulted.keys.add(f"{GLOBAL_KEY}{table.path}::{name}")
        bindings = table.scopes.get(scope, {}).get(name)
        if not bindings:
            return None
        bindings = self.guards.settle(table, bindings)  # `try:` imports that cannot fail
        if not bindings:
            return None
        shown: tuple[int, ...] | int = len(bindings)
        if line is not None and len(bindings) > 1:
            if any(binding.source == "narrow" for binding in bindings):
                before = [binding for binding in bindings if binding.holds_at(line)]
                shown = tuple(i for i, binding in enumerate(bindings) if binding.holds_at(line))
                if before and before[-1].source == "narrow":  # inside `if isinstance(x, A):`
                    before, shown = before[-1:], (bindings.index(before[-1]),)
            else:
                before = [
                    binding
                    for binding in bindings
                    if binding.line < line or (binding.line == line and binding.source != "assign")
                ]
                shown = len(before)  # a prefix: same-line assignments sort last
                if not before:  # a comprehension's target, read in it: `(j for j in js if j.x)`
                    same = [i for i, binding in enumerate(bindings) if binding.line == line]
                    before, shown = [bindings[i] for i in same], tuple(same)
            bindings = before or bindings
        # Uses at different lines that see the same bindings share one evaluation.
        key = ("lookup", table.path, scope, name, shown)
        return self.remembered(key, self._bound_values, table, scope, bindings)

    def _bound_values(self, table: ModuleTable, scope: str, bindings: list[Binding]) -> list[Found]:
        return unique(f for b in live(bindings) for f in self._binding_values(table, scope, b))

    def _binding_values(self, table: ModuleTable, scope: str, binding: Binding) -> list[Found]:
        if binding.source == "def":
            return self.flow.decorated(table, str(binding.payload))
        if binding.source == "import":
            return self._import_values(table, binding.payload)
        if binding.source == "param":
            return self.flow.param_values(table, scope, int(str(binding.payload)))
        fact = binding.payload
        assert isinstance(fact, BindingFact)
        if fact.value is None:
            return []
        if fact.value[1:2] == (EXCLUDING,):  # `if not isinstance(x, A):` what x was, no A
            return self.flow.excluded(table, fact)
        return [  # evaluated where it is written (a `global` binding: in its function)
            (value, inferred(how))
            for value, how in self.evaluate(table, fact.scope, fact.value, fact.line)
        ]

    def _import_values(self, table: ModuleTable, fact: object) -> list[Found]:
        assert isinstance(fact, ImportFact)
        absolute = absolute_module(table.dotted, table.path, fact.module, fact.level)
        if absolute is None:
            self.consulted.fail("unknown-name")
            return []
        if fact.name is None:
            target = absolute if fact.alias else absolute.split(".")[0]
            module = self.module(target)
            return [(module or Value("ext", "", target), Resolution.IMPORT)]
        module = self.module(absolute)
        if module is None:
            return [(Value("ext", "", f"{absolute}.{fact.name}"), Resolution.IMPORT)]
        key, submodule = ("import", absolute, fact.name), self.module(f"{absolute}.{fact.name}")
        # the package's `__init__` binds it by this import (here, or read from another file)
        if key in self._active or (submodule and module.path == table.path):
            return [(submodule, Resolution.IMPORT)] if submodule else []
        self._active.add(key)
        try:
            return [
                (value, Resolution.IMPORT) for value, _ in self._module_attribute(module, fact.name)
            ]
        finally:
            self._active.discard(key)

    def _star_lookup(self, table: ModuleTable, name: str) -> list[Found]:
        for module_name_, _ in reversed(table.star_imports):
            module = self.module(module_name_)
            if module is None or not module.path:
                continue
            exporter = self.table(module.path)
            exports = exporter.facts.exports
            if name not in exports if exports is not None else name.startswith("_"):
                continue  # not exported: not in `__all__`, or private without one
            key = ("star", module.path, name)
            if key in self._active:
                continue
            self._active.add(key)
            try:
                found = self._module_attribute(module, name)
            finally:
                self._active.discard(key)
            if found:
                return found
        return []


#: Values whose elements a view (`list(xs)`, `enumerate(xs)`) can be made of.
_SEQUENCE_KINDS = frozenset({"cont", "seq", "slice", "items", "pair", "gen"}) | DECLARED


def _needs_arguments(value: Value) -> bool:
    """Whether calling the value gives what its arguments at the call site make."""
    return value.kind == "bound" or (value.kind == "ext" and value.name in RETURNS_FROM)
