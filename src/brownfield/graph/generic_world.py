"""What a language's `Profile` and the generic resolver share: values, a file's scope
table, the world of one language's files, and the profile itself (see
`generic_resolver.py` for how a call is resolved, `docs/languages.md` for the rules)."""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from brownfield.graph.facts import (
    SINGLETON_MARK,
    SUBSCRIPT,
    BindingFact,
    Definition,
    FileFacts,
    ImportFact,
)
from brownfield.model import Node, NodeKind, Resolution

#: Definition kinds that hold members like a class does (an object has no node).
CLASS_LIKE = frozenset({"class", "interface", "object"})
#: Definition kinds that are functions (an abstract method has no body).
FUNCTION_LIKE = frozenset({"function", "method", "abstract"})
#: Node kind of each definition kind (an object is not a node).
NODE_KINDS = {
    "class": "class",
    "interface": "class",
    "function": "function",
    "method": "method",
    "abstract": "method",
}


class Value(NamedTuple):
    """What an expression may be: "def" (path, qualname), "inst" (an instance of the class
    path::qualname), "seq" (a collection of such instances), "mod" (a file: path), "pkg"
    (a folder of files: name), "ext" (outside code: dotted name)."""

    kind: str
    path: str
    name: str


Found = tuple[Value, Resolution]


def folders_above(paths: Iterable[str]) -> set[str]:
    """The folders holding the files at `paths` and every folder above them, the root ("")
    included: where a language's manifests may be (Go's go.mod, Rust's Cargo.toml)."""
    folders: set[str] = set()
    for path in paths:
        folder = posixpath.dirname(path)
        while folder not in folders:
            folders.add(folder)
            folder = posixpath.dirname(folder)
    return folders


def unique(found: Iterable[Found]) -> list[Found]:
    """Each value once, with the first way it was found."""
    seen: dict[Value, Resolution] = {}
    for value, how in found:
        seen.setdefault(value, how)
    return list(seen.items())


@dataclass
class Table:
    """One file's scopes: per scope, the names bound in it (definitions, imports, variables)."""

    path: str
    facts: FileFacts
    kinds: dict[str, str]  # qualname -> class | interface | object | function | method...
    scopes: dict[str, dict[str, list[object]]]  # scope -> name -> Definition qualname | facts
    parents: dict[str, str]  # qualname -> the scope it is defined in
    definitions: dict[str, Definition] = field(default_factory=dict)  # the first of each
    #: functions that hold methods: constructor functions (`F.prototype.m = function`)
    method_holders: set[str] = field(default_factory=set)

    def static(self, scope: str) -> bool:
        """Whether `scope` is a method of its class itself (Ruby's `def self.m`), where
        `self` is the class."""
        definition = self.definitions.get(scope)
        return definition is not None and SINGLETON_MARK in definition.decorators

    def parent(self, scope: str) -> str | None:
        if not scope:
            return None
        found = self.parents.get(scope)
        return found if found is not None else scope.rpartition(".")[0]  # `impl T`, namespaces


def build_table(path: str, facts: FileFacts) -> Table:
    """Scopes and their names; a name's bindings in source order, the last one counting
    (an import and a variable on one line: `const x = require("./x")` is the import)."""
    bound: dict[str, dict[str, list[tuple[int, int, object]]]] = {"": {}}
    kinds: dict[str, str] = {}
    parents: dict[str, str] = {}
    definitions: dict[str, Definition] = {}
    for definition in facts.definitions:
        definitions.setdefault(definition.qualname, definition)
        kinds.setdefault(definition.qualname, definition.kind)
        parents.setdefault(definition.qualname, definition.scope)
        bound.setdefault(definition.qualname, {})
        names = bound.setdefault(definition.scope, {})
        entry = (definition.line, 0, definition.qualname)
        names.setdefault(simple_name(definition.qualname), []).append(entry)
    for binding in facts.bindings:
        names = bound.setdefault(binding.scope, {})
        names.setdefault(binding.target[-1], []).append((binding.line, 1, binding))
    for fact in facts.imports:
        if fact.name == "*":
            continue
        name = fact.alias or fact.name or fact.module.replace("\\", "/").rstrip("/")
        name = name if fact.alias else name.rpartition("/")[2].rpartition(".")[2]
        bound.setdefault(fact.scope, {}).setdefault(name, []).append((fact.line, 2, fact))
    scopes = {
        scope: {
            name: [payload for _, _, payload in sorted(found, key=lambda b: (b[0], b[1]))]
            for name, found in names.items()
        }
        for scope, names in bound.items()
    }
    holders = {
        d.scope
        for d in facts.definitions
        if d.kind == "method" and kinds.get(d.scope) == "function"
    }
    return Table(path, facts, kinds, scopes, parents, definitions, holders)


def top_level_names(facts: FileFacts) -> set[str]:
    """The names a file binds at its top level (what `build_table` puts in scope "")."""
    names = {simple_name(d.qualname) for d in facts.definitions if not d.scope}
    names.update(b.target[-1] for b in facts.bindings if not b.scope)
    for fact in facts.imports:
        if fact.scope or fact.name == "*":
            continue
        name = fact.alias or fact.name or fact.module.replace("\\", "/").rstrip("/")
        names.add(name if fact.alias else name.rpartition("/")[2].rpartition(".")[2])
    return names


def payload_line(table: Table, payload: object) -> int:
    """The line a name's binding is made on (a definition's, an import's, a variable's)."""
    if isinstance(payload, str):
        found = table.definitions.get(payload)
        return found.line if found is not None else 0
    line = getattr(payload, "line", 0)
    return line if isinstance(line, int) else 0


def last_made(table: Table, bindings: list[object]) -> list[object]:
    """The last of a name's bindings, with the definition made on its line when it is a
    variable's: `const X = wrap((a) => {...})` is the function X and what the call makes
    of it. A name that is both a type (an interface, a TypeScript type alias) and a value
    (`interface User {...}` beside `const User = schema(...)`) is both: the last of each."""
    last = bindings[-1:]
    if len(bindings) > 1:
        made, before = bindings[-1], bindings[-2]
        if (
            isinstance(made, BindingFact)
            and isinstance(before, str)
            and payload_line(table, before) == made.line
        ):
            last = bindings[-2:]
        typed = [_is_type(table, payload) for payload in bindings]
        if any(typed) and not all(typed):
            other = not typed[-1]  # the last binding of the other namespace
            found = next(p for p, t in zip(bindings[::-1], typed[::-1], strict=True) if t == other)
            if found not in last:
                last = [found, *last]
    return last


def _is_type(table: Table, payload: object) -> bool:
    return isinstance(payload, str) and table.kinds.get(payload) == "interface"


def also_a_value(table: Table, qualname: str) -> bool:
    """Whether a type's name is also bound to a value in its scope (TypeScript's
    `interface User` beside `const User = ...`): its members are the value's."""
    scope = table.parents.get(qualname, "")
    found = table.scopes.get(scope, {}).get(simple_name(qualname), [])
    return any(not _is_type(table, payload) for payload in found)


def live_at(table: Table, scope: str, bindings: list[object], line: int, own: bool) -> list[object]:
    """The bindings of a name that count at `line` of a function: the last one made
    on or before it; elsewhere (line 0) the last one (see `last_made`).

    A negative line is a binding's value, read before the binding is made: a variable
    bound on that line does not count (in Go's `state := &state{}` the value's `state`
    is the type; in `s = s.trim()` the earlier `s`; in `v, ascii := ascii.ToLower(x)`
    the package), unless the line is the function's own, where its parameters are
    bound before its body runs; an import or definition on it counts (Rust's
    `super::f()`). With none made before, a declaration made after counts (a hoisted
    function) and, from a closure (`own` false: the scope looked in is not the one the
    code runs in), a variable made after too, as the closure runs later; a variable of
    the code's own scope made after it is not there yet, and the name is looked up
    further out."""
    if not line:
        return last_made(table, bindings)
    made = abs(line)
    definition = table.definitions.get(scope)
    own_line = definition.line if definition is not None else 0

    def being_made(payload: object) -> bool:
        return (
            line < 0
            and isinstance(payload, BindingFact)
            and payload_line(table, payload) == made != own_line
        )

    counted = [p for p in bindings if payload_line(table, p) <= made and not being_made(p)]
    if counted:
        return last_made(table, counted)
    later = [p for p in bindings if not being_made(p) and not (own and isinstance(p, BindingFact))]
    return later[:1]


@dataclass
class World:
    """The files of one language in the repository, and the ways to read them."""

    language: str
    paths: list[str]
    load_facts: Callable[[str], FileFacts]
    definitions_named: Callable[[str], list[tuple[str, str]]]
    files: set[str] = field(init=False)
    folders: dict[str, list[str]] = field(init=False)
    #: what the language read from the repository besides its sources (Go's go.mod)
    layout: object = None
    #: what a profile computes once per world (e.g. TypeScript's declaration files)
    cache: dict[str, object] = field(init=False, default_factory=dict)
    #: the files whose objects bind a keyed member (`[kWrite]`), where the build indexes them
    computed_named: Callable[[str], list[str]] | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.files = set(self.paths)
        self.folders = {}
        for path in sorted(self.paths):
            self.folders.setdefault(posixpath.dirname(path), []).append(path)

    def find_file(self, candidates: Iterable[str]) -> str | None:
        """The first candidate path (normalized) that is a file of this language."""
        for candidate in candidates:
            normal = posixpath.normpath(candidate)
            if normal in self.files:
                return normal
        return None


class Profile:
    """How one language differs; the defaults suit a C-family object language."""

    language = ""
    self_names: frozenset[str] = frozenset({"this"})
    super_names: frozenset[str] = frozenset({"super"})
    #: method names that construct an instance; "<class>" stands for the class's own name
    constructors: tuple[str, ...] = ("<class>",)
    #: a step that, on a class, means "construct" (Ruby's `Foo.new`)
    new_step: str | None = None
    #: whether a method sees its class's members unqualified (`helper()` for `this.helper()`)
    class_members_visible: bool = True
    #: whether a head written before `::` names a module or type, never a variable (Rust's
    #: `unit::connect(unit)` calls the module `unit`'s function, whatever `let unit` holds)
    path_heads: bool = False
    builtins: frozenset[str] = frozenset()

    def resolve_import(self, world: World, path: str, fact: ImportFact) -> list[Value]:
        """What an import's module part is: a file ("mod"), a folder ("pkg"), a definition
        ("def") or outside code ("ext"). The imported name, if any, is then looked up in it."""
        return [Value("ext", "", fact.module.replace("/", ".").replace("::", "."))]

    def unbound(self, world: World, path: str, name: str) -> list[Value]:
        """What a name bound nowhere in the file `path` and no builtin names, if anything
        (Rust: a library crate of the repository by its name, `shop_core::total()`; PHP: a
        namespace, `Utils\\Strings::length()` in namespace `App`)."""
        return []

    def namespace_member(
        self, world: World, namespace: str, name: str, depend: Callable[[str], None]
    ) -> Value | None:
        """The repository's definition `name` in what reads as outside code's (dotted)
        `namespace`, if any (PHP: `use App;` is no file, but `App\\Utils\\Strings` is a
        class of the repository's); `depend` records what the answer depends on."""
        return None

    def visible_files(self, world: World, path: str, facts: FileFacts) -> list[str]:
        """Files whose top-level names `path` sees without importing them; `path` itself
        may be among them (files with the same list share one index of their names)."""
        return []

    def may_hold_methods(self, class_path: str, path: str) -> bool:
        """Whether `path` may hold methods, written outside it, of a class declared in
        `class_path` (Go: only a file of the same package folder)."""
        return True

    #: whether a top-level definition anywhere is visible by name (C functions, Ruby classes)
    global_names = False
    #: whether a capitalized name is looked up in the modules and classes written around
    #: it, in any file (Ruby's constants: `Shape` inside `module Shapes` is `Shapes::Shape`,
    #: wherever that is defined)
    lexical_constants = False
    #: the step that gives an instance's class (Ruby's `self.class`, itself a builtin call)
    class_step: str | None = None
    #: builtin methods that give a copy of their receiver, or what it wraps (Ruby's `dup`,
    #: `clone`; without a receiver, of `self`; Rust's `clone`, `unwrap`): a value of the
    #: same class
    copy_steps: frozenset[str] = frozenset()
    #: generic types whose methods reach the value inside, named by their first type
    #: argument (Rust's `Box<Node>`, `Rc<Node>`: a `Node`)
    wrapper_types: frozenset[str] = frozenset()
    #: generic types that hold a value a copy step takes out (Rust's `Result<Value, E>`:
    #: `unwrap()`, or `?`, give a `Value`), whose own methods (`wrapper_methods`: `map`,
    #: `is_some`...) are builtins; another method is the value's (after a `?`)
    wrapped_types: frozenset[str] = frozenset()
    wrapper_methods: frozenset[str] = frozenset()
    #: the node types of functions the language writes inline, with no definition of their
    #: own (JavaScript's callbacks and an object literal's methods): a `return` in one is
    #: not the enclosing definition's (`generic_returns`)
    inline_functions: frozenset[str] = frozenset()
    #: whether a static method may extend a type (C#'s `static R M(this T x)`: `t.M()`)
    extension_methods = False
    #: generic types whose type argument is the type of their elements (C#'s `List<Node>`,
    #: `IEnumerable<Node>`: what `foreach (var n in nodes)` gives is a `Node`), as
    #: `Array<Node>` is (`generic_chains.declared_chain`)
    sequence_types: frozenset[str] = frozenset()
    #: the builtin type of a declared sequence (`Node[]`, `Array<Node>`: JavaScript's
    #: `Array`), whose members are builtins (`nodes.push(n)`: `<builtin>.Array.push`)
    sequence_type: str | None = None
    #: whether naming a method calls it, parentheses or not (Ruby: `a.b.c` calls `b`, and
    #: `x = a.size` binds what `size` returns)
    paren_free_calls = False
    #: whether every method may be overridden in a class deriving from its own, so that a
    #: call on `this` may run an override (`override` edges: Java, JavaScript, PHP, Ruby;
    #: not C++ or C#, whose methods say `virtual`, nor Go or Rust, without subclasses)
    overridable = False
    #: the object a file's members are assigned to when it exports no default (CommonJS
    #: `exports.f = ...`): `require("./x").f` looks there after the file's top level
    module_object: str | None = None
    #: whether a method call on a receiver of unknown type reaches the one method of the
    #: language with that name (`unique-name`), unless the name is in `common_methods`
    unique_names = False
    common_methods: frozenset[str] = frozenset()
    #: whether a type implements an interface by having its methods (Go), rather than by
    #: naming it as a base (Java, TypeScript): where `dispatch` edges go
    structural_interfaces = False
    #: whether a function holds members like an object (JavaScript: `F.helper = ...`,
    #: `F.prototype.m = ...`), and the step that gives its instances (`F.prototype`)
    functions_hold_members = False
    instance_step: str | None = None
    #: steps that, on a function, call it (`f.call(this, x)`, `f.apply(this, args)`)
    invoke_steps: frozenset[str] = frozenset()
    #: whether a base from outside the repository holds every name its class's own do not
    #: (Java's `extends AbstractList`: `add` is its); not so where a type has many bases
    #: (Rust's traits: `Value::String` is no member of an implemented `Debug`)
    outside_bases_hold_members = True
    #: whether a class's fields and methods are apart, so that a field and a method may
    #: share a name (Java's `size` and `size()`, PHP's `$this->lastChild` and
    #: `$this->lastChild()`): a member so named is both, the call takes the method
    fields_apart = False
    #: whether overloads are definitions of their own (`m`, `m~2`...: see generic_facts)
    #: and a call reaches only those whose arity it matches (Java)
    overloads = False


def simple_name(qualname: str) -> str:
    """The name a definition is called by: `A.m~2` (an overload) is `m`."""
    return qualname.rpartition(".")[2].partition("~")[0]


def module_name(path: str) -> str:
    stem, _, _ = path.rpartition(".")
    return (stem or path).replace("/", ".")


def node_id(path: str, qualname: str) -> str:
    return f"{path}::{qualname}" if qualname else path


def nodes_of(language: str, path: str, facts: FileFacts) -> list[Node]:
    """The file's module node and its definitions (the first of a repeated name, to the end
    of the last of them in a row; objects are namespaces, not nodes)."""
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
    # declarations of one name in a row (TypeScript's overload signatures, which must come
    # right before their implementation) are one definition, spanning them all; a later
    # run of the name (C++'s overloads written outside the class) spans nothing more
    ends: dict[str, int] = {}
    ended: set[str] = set()  # names whose first run is over
    previous = None
    for definition in facts.definitions:
        name = definition.qualname
        if name == previous and name not in ended:
            ends[name] = max(ends[name], definition.end_line)
        elif previous is not None:
            ended.add(previous)
        ends.setdefault(name, definition.end_line)
        previous = name
    seen: set[str] = set()
    for definition in facts.definitions:
        if definition.qualname in seen or definition.kind not in NODE_KINDS:
            continue
        seen.add(definition.qualname)
        found.append(
            Node(
                node_id(path, definition.qualname),
                NodeKind(NODE_KINDS[definition.kind]),
                simple_name(definition.qualname),
                f"{prefix}.{definition.qualname}",
                path,
                definition.line,
                ends[definition.qualname],
                language,
            )
        )
    return found


def invalidated_keys(
    language: str, path: str, old: FileFacts | None, new: FileFacts | None
) -> set[str]:
    """A changed file: whoever read it; its names and its classes' bases' names, for
    whoever looked a name up anywhere (or the classes deriving from a base); and, when it
    appears or goes, whoever looked for files of the language."""
    keys = {f"file:{path}"}
    if old is None or new is None:
        keys.add(f"tree:{language}")
    for facts in (old, new):
        if facts is not None:
            keys.update(f"name:{simple_name(d.qualname)}" for d in facts.definitions)
            keys.update(f"name:{base[-1]}" for d in facts.definitions for base in d.bases)
            keys.update(f"name:{name}" for name in top_level_names(facts))
            keys.update(f"name:{name}" for name in computed_names(facts))  # who called a key
    return keys


def computed_names(facts: FileFacts) -> list[str]:
    """The keyed members a file's objects bind (`[kWrite]` for `{ [kWrite]: write }`): a
    name index's hook, so that a call through a key finds the files binding it."""
    return sorted(
        {
            b.target[0]
            for b in facts.bindings
            if len(b.target) == 1 and b.target[0].startswith("[") and b.target[0] != SUBSCRIPT
        }
    )
