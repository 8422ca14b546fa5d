"""Rust: the `mod` tree of a crate, `use` paths, `impl` blocks, `self` and `Self`.

A crate's root is `main.rs` or `lib.rs` (the nearest one up the folders, `lib.rs` first);
`mod store;` in a file is `store.rs` or `store/mod.rs` next to it (a root or `mod.rs`) or
in its own folder (`a.rs` declares `a/store.rs`), and inside an inline `mod x { ... }` one
folder deeper. A module is a file, or an inline module of a file (a naming scope `x`).

The queries hand the profile four kinds of imports:

* `mod x;`: source "mod", alias `x` -> the module's file;
* an inline `mod x { ... }`: source "mod", wildcard, alias `x`: a marker, binding nothing,
  so the profile knows which naming scopes are modules;
* a `use` tree: the source is the whole tree (`crate::a::{b, c as d}`), the alias the name
  the import binds; the profile finds that name's path in the tree and resolves it all,
  so the import is bound to its final target (a file, a definition, outside code);
* a path's head written without a `use` (`crate::a::f()`, `super::f()`, `std::fs::read()`):
  source and alias are the head, bound where the path is written.

Paths resolve as Rust does: `crate` is the root, `self` the enclosing module, `super` its
parent; another first name is an item of the enclosing module (a definition, a `mod`, a
`use`, a `pub use` re-export, a glob `use`), else a library crate of the repository by the
name its `Cargo.toml` gives it (`[lib] name`, else `[package] name` with `_` for `-`: the
name a package's tests, examples and binaries, and the workspace's other crates, write:
`use crossbeam_channel::bounded;`), else an outside crate, kept by its path
(`std::fs::read` -> `std.fs.read`). Names of the prelude (`Vec`, `Some`, `String`...) are
builtins. `Self` and `self` are the `impl`'s type (the resolver's self names); a method is
`Type.method` in whatever file its `impl` is, and found there by qualname.

Macros (`println!`, `vec!`) are not calls. The arguments of the standard macros that take
expressions (`assert_eq!(r.recv(), Ok(7))`, `format!`, `write!`, `panic!` ...) are read as
expressions, `vec![a, f(b)]` as an array, and the items a macro written where items are
holds (`quickcheck! { fn prop() ... }`, `cfg_if! { if #[cfg(unix)] { mod unix; } ... }`)
as items (`rust_macros.open_macros`: the grammar leaves a macro's arguments a token tree):
what they call is called; so are another macro's written where expressions are, when
they read as a call's (`log::info!("{}", f(x))`); a `macro_rules!` template is not read.
"""

from __future__ import annotations

import json
import posixpath
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from brownfield.confine import read_text_inside
from brownfield.errors import BrownfieldError
from brownfield.graph.facts import CALL, FileFacts, ImportFact
from brownfield.graph.generic_entry import entry_points
from brownfield.graph.generic_world import Profile, Value, World, folders_above
from brownfield.graph.lang.rust_macros import open_macros as open_macros  # for `parser`

#: The source of a `mod` declaration (and of an inline module's marker).
MOD = "mod"
#: Path heads bound where they are written (the queries list the same).
PATH_HEADS = frozenset({"crate", "super", "std", "core", "alloc"})
#: The crate root files, in order of preference.
ROOTS = ("lib.rs", "main.rs")

#: The prelude and the primitive types: visible everywhere without a `use`.
BUILTINS = frozenset(
    {
        "Some", "None", "Ok", "Err", "Box", "Vec", "String", "Option", "Result", "drop",
        "Default", "ToString", "ToOwned", "Clone", "Iterator", "IntoIterator", "From",
        "Into", "AsRef", "AsMut", "Drop", "Fn", "FnMut", "FnOnce", "PartialEq", "Eq",
        "PartialOrd", "Ord", "Extend", "TryFrom", "TryInto", "FromIterator",
        "DoubleEndedIterator", "ExactSizeIterator", "Send", "Sync", "Sized", "Copy",
        "bool", "char", "str", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16",
        "u32", "u64", "u128", "usize", "f32", "f64",
    }
)  # fmt: skip

_TOKEN = re.compile(r"\s*(::|[{},*]|[A-Za-z_][A-Za-z0-9_]*)")

Module = tuple[str, str]  # (file, inline module qualname or "" for the file itself)


def expand_use_tree(text: str) -> list[tuple[tuple[str, ...], str]]:
    """`a::{b, c as d, e::{self, f}}` -> [(a,b) b, (a,c) d, (a,e) e, (a,e,f) f]: each path a
    `use` tree names, with the name it binds (globs are left out)."""
    tokens = [match.group(1) for match in _TOKEN.finditer(text)]
    found: list[tuple[tuple[str, ...], str]] = []

    def tree(position: int, prefix: tuple[str, ...]) -> int:
        path = list(prefix)
        while position < len(tokens):
            token = tokens[position]
            if token == "{":
                position += 1
                while position < len(tokens) and tokens[position] != "}":
                    position = tree(position, tuple(path))
                    if position < len(tokens) and tokens[position] == ",":
                        position += 1
                return position + 1
            if token == "*":
                return position + 1
            if token in (",", "}"):
                break
            if token == "::":
                position += 1
                continue
            if token == "as" and position + 1 < len(tokens) and path:
                found.append((tuple(path), tokens[position + 1]))
                return position + 2
            if token == "self" and prefix and len(path) == len(prefix):  # `a::{self}`
                found.append((prefix, prefix[-1]))
                return position + 1
            path.append(token)
            position += 1
        if len(path) > len(prefix):
            found.append((tuple(path), path[-1]))
        return position

    tree(0, ())
    return found


@dataclass
class Crates:
    """The repository's library crates: the name code outside each writes -> its root file
    (`crossbeam_channel` -> `src/lib.rs`), read from the `Cargo.toml` files."""

    libraries: dict[str, str] = field(default_factory=dict)

    def fingerprint(self) -> str:
        """A stable text of the crates: a build whose crates changed names files anew."""
        return json.dumps(sorted(self.libraries.items()))


_NO_CRATES = Crates()


def crates(index: CrateIndex) -> Crates:
    """The library crates of the index's world (none when the build read no layout)."""
    layout = index.world.layout
    return layout if isinstance(layout, Crates) else _NO_CRATES


def layout(root: Path, configs: Sequence[str], paths: Sequence[str]) -> Crates:
    """The library crates of the repository, read once per build: the `Cargo.toml` in a
    folder holding Rust files or above one whose library root is one of them."""
    folders = folders_above(paths)
    files = set(paths)
    crates = Crates()
    for folder in sorted(folders):
        manifest = posixpath.join(folder, "Cargo.toml")
        try:
            data = tomllib.loads(read_text_inside(root, manifest))
        except (BrownfieldError, tomllib.TOMLDecodeError, RecursionError):
            continue
        package, lib = data.get("package"), data.get("lib")
        package = package if isinstance(package, dict) else {}
        lib = lib if isinstance(lib, dict) else {}
        name = lib.get("name") or str(package.get("name") or "").replace("-", "_")
        source = lib.get("path")
        source = source if isinstance(source, str) else "src/lib.rs"  # a file it holds, below
        file = posixpath.normpath(posixpath.join(folder, source))
        if isinstance(name, str) and name.isidentifier() and file in files:
            crates.libraries.setdefault(name, file)
    return crates


@dataclass
class CrateIndex:
    """What the profile reads of a world's files: their facts and inline modules."""

    world: World
    facts: dict[str, FileFacts] = field(default_factory=dict)
    inline: dict[str, set[str]] = field(default_factory=dict)  # path -> inline modules
    imports: dict[tuple[str, ImportFact], list[Value]] = field(default_factory=dict)

    def of(self, path: str) -> FileFacts:
        found = self.facts.get(path)
        if found is None:
            found = self.facts[path] = self.world.load_facts(path)
            self.inline[path] = {
                fact.scope for fact in found.imports if fact.module == MOD and fact.name == "*"
            }
        return found

    def inline_modules(self, path: str) -> set[str]:
        self.of(path)
        return self.inline[path]


_INDEXES: dict[int, CrateIndex] = {}


def crate_index(world: World) -> CrateIndex:
    """The index of `world`, built on use (one world per resolver)."""
    index = _INDEXES.get(id(world))
    if index is None or index.world is not world:
        if len(_INDEXES) > 8:
            _INDEXES.clear()
        index = _INDEXES[id(world)] = CrateIndex(world)
    return index


def crate_root(world: World, path: str) -> str | None:
    """The crate root of a file: itself when it is one, else the nearest `lib.rs` or
    `main.rs` up its folders."""
    if posixpath.basename(path) in ROOTS:
        return path
    folder = posixpath.dirname(path)
    while True:
        found = world.find_file(posixpath.join(folder, root) for root in ROOTS)
        if found is not None:
            return found
        if not folder:
            return None
        folder = posixpath.dirname(folder)


def module_stem(path: str) -> str:
    """`src/a/b.rs` and `src/a/b/mod.rs` -> `src/a/b`: the module's folder-like name."""
    stem = path[: -len(".rs")] if path.endswith(".rs") else path
    return stem[: -len("/mod")] if stem.endswith("/mod") or stem == "mod" else stem


def child_folder(path: str) -> str:
    """Where the modules a file declares live: next to a root or `mod.rs`, else in the
    folder named after the file."""
    if posixpath.basename(path) in (*ROOTS, "mod.rs"):
        return posixpath.dirname(path)
    return module_stem(path)


class Rust(Profile):
    language = "rust"
    #: `Box<Node>` is a `Node` (auto-deref); what `?`, `unwrap()`, `lock()` take out of a
    #: `Result<Value, Error>`, an `Option<Value>`, a `Mutex<Value>` is a `Value`
    wrapper_types = frozenset({"Box", "Rc", "Arc"})
    wrapped_types = frozenset({"Result", "Option", "RefCell", "Mutex", "RwLock"})
    wrapper_methods = frozenset(
        """map map_err map_or map_or_else and and_then or or_else ok err ok_or ok_or_else
        is_ok is_err is_some is_none is_some_and is_ok_and filter take replace insert
        get_or_insert get_or_insert_with iter iter_mut cloned copied zip flatten
        transpose unwrap_err expect_err into_inner get_mut try_lock try_borrow
        try_borrow_mut inspect inspect_err""".split()
    )
    copy_steps = frozenset(
        {
            "unwrap", "expect", "unwrap_or", "unwrap_or_default", "unwrap_or_else",
            "unwrap_unchecked", "clone", "as_ref", "as_mut", "borrow", "borrow_mut", "lock",
            "as_deref", "as_deref_mut",
        }
    )  # fmt: skip
    self_names: frozenset[str] = frozenset({"self", "Self"})
    super_names: frozenset[str] = frozenset()  # `super::` is a module path, not a base
    constructors = ()  # `Type::new()` is an ordinary associated function
    class_members_visible = False  # a method says `self.m()` or `Self::f()`
    path_heads = True  # `unit::connect(unit)`: the module `unit`, not the variable
    outside_bases_hold_members = False  # a type implements many traits: which has `m`?
    fields_apart = True  # a field and a method may share a name (`o.len` and `o.len()`)
    builtins = BUILTINS

    def unbound(self, world: World, path: str, name: str) -> list[Value]:
        """A library crate of the repository, written by its name without a `use` (the
        extern prelude: `shop_core::total()` in the package's binary or tests)."""
        library = crates(crate_index(world)).libraries.get(name)
        return [Value("mod", library, "")] if library else []

    def resolve_import(self, world: World, path: str, fact: ImportFact) -> list[Value]:
        index = crate_index(world)
        found = index.imports.get((path, fact))
        if found is None:
            found = index.imports[path, fact] = self._resolve_import(index, path, fact, frozenset())
        return found

    def _resolve_import(
        self, index: CrateIndex, path: str, fact: ImportFact, seen: frozenset[object]
    ) -> list[Value]:
        key = (path, fact.line, fact.scope, fact.alias)
        if key in seen:
            return []
        seen = seen | {key}
        if fact.module == MOD:
            if fact.name == "*" or not fact.alias:  # an inline module's marker
                return []
            module = self.module_of(index, path, fact.scope)
            found = self.child_file(index.world, module, fact.alias)
            return [Value("mod", found, "")] if found else []
        if fact.name == "*":  # `use a::b::*`
            tree = fact.module.strip().removesuffix("*").strip().removesuffix("::")
            return self.resolve_path(index, path, fact.scope, tuple(tree.split("::")), seen)
        if fact.name is None and fact.alias == fact.module and fact.module in PATH_HEADS:
            return self.resolve_path(index, path, fact.scope, (fact.module,), seen)
        for segments, bound in expand_use_tree(fact.module):
            if bound == fact.alias:
                return self.resolve_path(index, path, fact.scope, segments, seen)
        return []

    # -- modules ------------------------------------------------------------------------

    def module_of(self, index: CrateIndex, path: str, scope: str) -> Module:
        """The module a scope is in: the innermost inline module holding it, or the file."""
        best = ""
        for name in index.inline_modules(path):
            if (scope == name or scope.startswith(name + ".")) and len(name) > len(best):
                best = name
        return path, best

    def child_file(self, world: World, module: Module, name: str) -> str | None:
        """The file of `mod name;` declared in `module`."""
        path, inline = module
        folder = posixpath.join(child_folder(path), *inline.split(".")) if inline else None
        folder = folder or child_folder(path)
        return world.find_file([f"{folder}/{name}.rs", f"{folder}/{name}/mod.rs"])

    def parent(self, index: CrateIndex, module: Module) -> Module | None:
        """`super` of a module: the enclosing inline module, or the parent file."""
        path, inline = module
        if inline:
            return self.module_of(index, path, inline.rpartition(".")[0])
        root = crate_root(index.world, path)
        if root is None or root == path:
            return None
        return self.module_at(index, root, posixpath.dirname(module_stem(path)))

    def module_at(self, index: CrateIndex, root: str, stem: str) -> Module | None:
        """The module whose files live at `stem` (`src/a/b`): `src/a/b.rs`, `src/a/b/mod.rs`,
        the crate root for its own folder, or an inline `mod b { ... }` of `src/a`."""
        if stem == posixpath.dirname(root):
            return root, ""
        found = index.world.find_file([f"{stem}.rs", f"{stem}/mod.rs"])
        if found is not None:
            return found, ""
        folder, name = posixpath.split(stem)
        if not name or not stem.startswith(posixpath.dirname(root)):
            return None
        outer = self.module_at(index, root, folder)
        if outer is None:
            return None
        qualname = f"{outer[1]}.{name}" if outer[1] else name
        return (outer[0], qualname) if qualname in index.inline_modules(outer[0]) else None

    @staticmethod
    def value_of(module: Module) -> Value:
        path, inline = module
        return Value("def", path, inline) if inline else Value("mod", path, "")

    # -- paths --------------------------------------------------------------------------

    def resolve_path(
        self,
        index: CrateIndex,
        path: str,
        scope: str,
        segments: tuple[str, ...],
        seen: frozenset[object],
    ) -> list[Value]:
        """A path written in `scope` of `path`: what it names, or outside code."""
        segments = tuple(s for s in segments if s)
        if not segments:
            return []
        here = self.module_of(index, path, scope)
        head, rest = segments[0], segments[1:]
        values: list[Value]
        if head == "crate":
            root = crate_root(index.world, path)
            values = [Value("mod", root, "")] if root else []
        elif head in ("self", "super"):
            module: Module | None = here
            if head == "super":
                module = self.parent(index, here)
            while module is not None and rest and rest[0] == "super":
                module, rest = self.parent(index, module), rest[1:]
            values = [self.value_of(module)] if module else []
        else:
            values = self.item(index, here, head, seen)
            if rest:  # a path's head names a module or a type: not a `fn` of that name
                values = [v for v in values if not _is_function(index, v)]
            library = None if values else crates(index).libraries.get(head)
            if library is not None:  # the repository's own crate, by its name
                found = self.walk(index, [Value("mod", library, "")], rest, seen)
                if found:  # what its root hides in a macro not read as items
                    return found  # stays outside code below
            if not values:
                outside = f"<builtin>.{head}" if head in BUILTINS else head
                values = [Value("ext", "", outside)]
        return self.walk(index, values, rest, seen)

    def walk(
        self, index: CrateIndex, values: list[Value], rest: tuple[str, ...], seen: frozenset[object]
    ) -> list[Value]:
        """`values::rest` along a path."""
        for segment in rest:
            values = [found for value in values for found in self.step(index, value, segment, seen)]
        return values

    def step(
        self, index: CrateIndex, value: Value, name: str, seen: frozenset[object]
    ) -> list[Value]:
        """`value::name` along a path."""
        if value.kind == "ext":
            return [Value("ext", "", f"{value.name}.{name}")]
        if value.kind == "mod":
            found = self.item(index, (value.path, ""), name, seen)
            child = None if found else self.child_file(index.world, (value.path, ""), name)
            if child is not None:  # a `mod` in a macro's token tree not read as items
                return [Value("mod", child, "")]
            return found
        if value.kind == "def" and value.name in index.inline_modules(value.path):
            return self.item(index, (value.path, value.name), name, seen)
        if value.kind == "def":  # `Type::f`
            qualname = f"{value.name}.{name}"
            facts = index.of(value.path)
            if any(d.qualname == qualname for d in facts.definitions):
                return [Value("def", value.path, qualname)]
        return []

    def item(
        self, index: CrateIndex, module: Module, name: str, seen: frozenset[object]
    ) -> list[Value]:
        """The item `name` of a module: a definition, a `mod`, a `use`, or through a glob."""
        path, inline = module
        facts = index.of(path)
        qualname = f"{inline}.{name}" if inline else name
        if qualname in index.inline_modules(path):
            return [Value("def", path, qualname)]
        if any(d.qualname == qualname for d in facts.definitions):
            return [Value("def", path, qualname)]
        globs: list[ImportFact] = []
        for fact in reversed(facts.imports):
            if self.module_of(index, path, fact.scope) != module or fact.scope != inline:
                continue
            if fact.name == "*":
                if fact.module != MOD:
                    globs.append(fact)
            elif fact.alias == name:
                found = self._resolve_import(index, path, fact, seen)
                if found:
                    return found
        for binding in facts.bindings:  # `type Db = Store;`
            value, key = binding.value, (path, binding.line, name)
            if (
                binding.scope == inline
                and binding.target == (name,)
                and value
                and CALL not in value
                and key not in seen
            ):
                return self.resolve_path(index, path, inline, value, seen | {key})
        for fact in globs:
            for value in self._resolve_import(index, path, fact, seen):
                found = self.step(index, value, name, seen | {("glob", path, fact.line)})
                if found:
                    return found
        return []


def _is_function(index: CrateIndex, value: Value) -> bool:
    """Whether `value` is a function (Rust keeps functions apart from modules and types:
    indexmap's tests define `fn indexmap` and `use indexmap::IndexMap;`, the crate)."""
    return value.kind == "def" and any(
        d.qualname == value.name and d.kind == "function" for d in index.of(value.path).definitions
    )


PROFILE = Rust()
extract, nodes_of, new_resolver, invalidated_keys = entry_points(PROFILE)
