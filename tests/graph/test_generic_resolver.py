"""The generic resolver on small snippets: what a call reaches, and with which label."""

from __future__ import annotations

from pathlib import Path

from brownfield.graph import parser
from brownfield.graph.declared import class_fields
from brownfield.graph.store import GraphStore
from tests.conftest import build_graph


def edges_of(root: Path, files: dict[str, str]) -> set[tuple[str, str, str, int]]:
    """(caller, callee, resolution, line) of every call edge of a tiny repository."""
    store = build_graph(root, files)
    try:
        return {
            (e.src, e.dst, e.resolution.value if e.resolution else "", e.line or 0)
            for e in store.all_edges()
            if e.kind.value == "calls"
        }
    finally:
        store.close()


def call_sites(root: Path, files: dict[str, str]) -> set[tuple[str, str, int]]:
    """(caller, callee, line) of every call edge of a tiny repository."""
    return sites(edges_of(root, files))


def sites(edges: set[tuple[str, str, str, int]]) -> set[tuple[str, str, int]]:
    """(caller, callee, line) of `edges_of`'s edges, for a test that reads both."""
    return {(src, dst, line) for src, dst, _, line in edges}


def unresolved_of(root: Path) -> set[tuple[str, int, str]]:
    store = GraphStore.open(root)
    try:
        return {(u.callee, u.line, u.reason) for u in store.all_unresolved()}
    finally:
        store.close()


def test_an_object_literal_is_a_namespace_not_a_class(repo: Path) -> None:
    found = edges_of(
        repo, {"api.js": "const api = {\n  start() { this.stop(); },\n  stop() {},\n};\n"}
    )
    assert ("api.js::api.start", "api.js::api.stop", "self", 2) in found
    store = GraphStore.open(repo)
    try:
        assert store.node("api.js::api") is None  # no node for the object itself
        assert store.node("api.js::api.start") is not None
    finally:
        store.close()


def test_javascript_a_variable_holds_the_value_bound_last_before_the_call(repo: Path) -> None:
    found = edges_of(
        repo,
        {
            "a.js": """
                class A { m() {} }
                class B { m() {} }
                function run() {
                  var x = new A();
                  x.m();
                  x = new B();
                  x.m();
                }
                """
        },
    )
    assert ("a.js::run", "a.js::A.m", "inferred", 5) in found
    assert ("a.js::run", "a.js::B.m", "inferred", 7) in found
    assert ("a.js::run", "a.js::B.m", "inferred", 5) not in found


def test_go_a_late_reassignment_keeps_the_receivers_type(repo: Path) -> None:
    found = edges_of(
        repo,
        {
            "go.mod": "module example.com/m\n",
            "c.go": """
                package m
                type C struct{ parent *C }
                func other() interface{} { return nil }
                func (c *C) Name() string { return "" }
                func (c *C) Run() {
                \tc.Name()
                \tc = other().(*C)
                \tc.Name()
                }
                """,
        },
    )
    assert ("c.go::C.Run", "c.go::C.Name", "inferred", 6) in found
    assert ("c.go::C.Run", "c.go::C.Name", "inferred", 8) in found


def test_java_a_call_reaches_only_the_overloads_of_its_arity(repo: Path) -> None:
    found = edges_of(
        repo,
        {
            "src/p/A.java": """
                package p;
                class A {
                  void m(int a) {}
                  void m(int a, int b) {}
                  void run(A x) { x.m(1); x.m(1, 2); x.m(1, 2, 3); }
                }
                """
        },
    )
    run = {(dst, line) for src, dst, _, line in found if src == "src/p/A.java::A.run"}
    assert run == {("src/p/A.java::A.m", 5), ("src/p/A.java::A.m~2", 5)}
    assert ("x.m", 5, "unknown-attribute") in unresolved_of(repo)


def test_java_the_types_arguments_show_choose_among_overloads_of_one_arity(repo: Path) -> None:
    # `this(p, (long) n)` in `F(String, int)` is `F(String, long)`, not itself; a call
    # with a method's result (its type unread) keeps every overload of its arity; where
    # one overload takes exactly the shown types, a wider one (`Object`) is less specific.
    found = edges_of(
        repo,
        {
            "src/p/F.java": (
                "package p;\nclass F {\n"
                "  F(String p, int n) { this(p, (long) n); }\n"
                "  F(String p, long n) { this(p, size()); }\n"
                "  void node(String path) { node(new java.util.StringTokenizer(path)); }\n"
                "  void node(java.util.StringTokenizer t) { node(t); }\n"
                "  void put(Object o) {\n"
                '    put("k");\n'
                "    put(1);\n"
                "    put(o);\n"
                "    put(o.toString()); }\n"
                "  void put(String s) {}\n"
                "  void put(long n) {}\n"
                "}\n"
            ),
        },
    )
    calls = {(src.partition("::")[2], dst.partition("::")[2], line) for src, dst, _, line in found}
    assert ("F.F", "F.F~2", 3) in calls and ("F.F", "F.F", 3) not in calls
    assert {("F.F~2", "F.F", 4), ("F.F~2", "F.F~2", 4)} <= calls  # `size()`: not read
    assert ("F.node", "F.node~2", 5) in calls and ("F.node", "F.node", 5) not in calls
    assert {c for c in calls if c[0] == "F.put" and c[1]} == {
        ("F.put", "F.put~2", 8),  # "k": a String, exactly (Object is wider)
        ("F.put", "F.put~3", 9),  # 1: an int widens to long (Object needs boxing)
        ("F.put", "F.put", 10),  # o: a parameter declared `Object o`
        ("F.put", "F.put", 11),  # a method's result: not read, every overload of one arity
        ("F.put", "F.put~2", 11),
        ("F.put", "F.put~3", 11),
    }


def test_java_an_argument_of_a_repository_class_goes_only_to_its_supertypes(repo: Path) -> None:
    # `Thing extends Base`, both here: a Thing is no Throwable. `Err extends Exception`
    # (from outside): what it is below Exception is unknown, so both overloads stay.
    # A Kind (an enum) is no Thing.
    found = edges_of(
        repo,
        {
            "src/p/L.java": (
                "package p;\n"
                "class Base {}\n"
                "class Thing extends Base {}\n"
                "class Err extends Exception {}\n"
                "class L {\n"
                "  void log(String m, Throwable t) {}\n"
                "  void log(String m, Object... xs) {}\n"
                "  void run(Thing th, Err e, Kind k) {\n"
                '    log("a", th);\n'
                '    log("b", e);\n'
                "    order(k); }\n"
                "  void order(Comparable<?> c) {}\n"
                "  void order(Thing t) {}\n"
                "}\n"
                "enum Kind { A }\n"
            ),
        },
    )
    calls = {(dst.partition("::")[2], line) for src, dst, _, line in found if "L.run" in src}
    # an enum is Comparable without saying so: `order(k)` may be `order(Comparable)`
    assert calls == {("L.log~2", 9), ("L.log", 10), ("L.log~2", 10), ("L.order", 11)}


def test_java_a_base_class_name_is_the_class_not_its_inherited_constructor(
    repo: Path,
) -> None:
    found = edges_of(
        repo,
        {
            "src/p/G.java": "package p;\nclass G { G() {} void m() {} }\n",
            "src/p/K2.java": "package p;\nclass K2 extends G { static void t(G x) { x.m(); } }\n",
        },
    )
    assert ("src/p/K2.java::K2.t", "src/p/G.java::G.m", "inferred", 2) in found


def test_interface_calls_dispatch_to_implementations(repo: Path) -> None:
    found = edges_of(
        repo,
        {
            "src/p/Shape.java": "package p;\ninterface Shape { double area(); }\n",
            "src/p/Sq.java": "package p;\nclass Sq implements Shape { public double area() { return 1; } }\n",
            "src/p/Use.java": "package p;\nclass Use { double f(Shape s) { return s.area(); } }\n",
        },
    )
    assert ("src/p/Use.java::Use.f", "src/p/Shape.java::Shape.area", "inferred", 2) in found
    assert ("src/p/Use.java::Use.f", "src/p/Sq.java::Sq.area", "dispatch", 2) in found


def test_unique_name_guesses_only_a_single_non_builtin_method(repo: Path) -> None:
    found = edges_of(
        repo,
        {
            "layer.js": (
                "function Layer() {}\n"
                "Layer.prototype.handle_request = function () {};\n"
                "Layer.prototype.push = function () {};\n"
                "Layer.prototype.isDirectory = function () {};\n"
            ),
            "use.js": (
                "function run(stack) {\n  stack[0].handle_request();\n  stack.push(1);\n}\n"
                "fs.stat(p, (err, stat) => stat.isDirectory());\n"
            ),
        },
    )
    assert ("use.js::run", "layer.js::Layer.handle_request", "unique-name", 2) in found
    assert not any(dst == "layer.js::Layer.push" for _, dst, _, _ in found)  # Array.push
    # enhanced-resolve 5.18.1: `stat.isDirectory()` of `fs.stat`'s callback is fs.Stats's
    assert not any(dst == "layer.js::Layer.isDirectory" for _, dst, _, _ in found)


def test_an_unknown_receiver_named_as_an_object_reaches_that_object_s_member(repo: Path) -> None:
    """express: `var app = this.req.app; app.render(view)` in response.js was guessed as
    view.js's `View.render`, the one method so named, while application.js's own
    `app.render = function` is what the app calls. A receiver of unknown type named as a
    top-level object of the repository's code (three letters at least) reaches that
    object's member; a test's objects, and a one-letter receiver, reach none."""
    found = edges_of(
        repo,
        {
            "lib/application.js": (
                "var app = exports = module.exports = {};\n"
                "app.render = function render(name) { return name; };\n"
            ),
            "lib/view.js": "class View { render() {} }\nmodule.exports = View;\n",
            "lib/response.js": (
                "var res = module.exports = {};\n"
                "res.render = function (view) {\n"
                "  var app = this.req.app;\n"
                "  app.render(view);\n"
                "  this.opts.timestamp();\n"
                "  var r = this.x; r.render();\n"
                "};\n"
            ),
            "test/time.test.js": "var opts = {};\nopts.timestamp = function () {};\n",
        },
    )
    calls = {
        (line, dst, how) for src, dst, how, line in found if src == "lib/response.js::res.render"
    }
    assert calls == {
        (4, "lib/application.js::app.render", "unique-name"),
        (6, "lib/view.js::View.render", "unique-name"),  # `r`: the one method `render`
    }


def test_go_a_function_literal_bound_at_the_top_level_is_a_function(repo: Path) -> None:
    found = edges_of(
        repo,
        {
            "go.mod": "module example.com/m\n",
            "u.go": """
                package m
                func PrintDefaults() {}
                var Usage = func() {
                \tPrintDefaults()
                }
                var (
                \tLimit = 3
                \tCheck = func(n int) bool { return valid(n) }
                )
                func valid(n int) bool { return n > 0 }
                func fail() {
                \tUsage()
                \tlocal := func() { PrintDefaults() }
                \tlocal()
                }
                """,
        },
    )
    assert ("u.go::Usage", "u.go::PrintDefaults", "local", 4) in found  # not the package's
    assert ("u.go::Check", "u.go::valid", "local", 8) in found
    assert ("u.go::fail", "u.go::Usage", "local", 12) in found
    assert ("u.go::fail", "u.go::PrintDefaults", "local", 13) in found  # a local one: its holder's
    assert not any(src == "u.go" for src, *_ in found)  # nothing runs at load


def test_a_top_level_name_for_what_a_call_makes_of_a_function_is_that_function(
    repo: Path,
) -> None:
    found = edges_of(
        repo,
        {
            "ui.ts": """
                import { forwardRef } from "react";
                function size(n: number): number { return n; }
                export function make(name: string, init: (inst: any) => void) {
                  return init;
                }
                export const Button = forwardRef((props: any, ref: any) => {
                  return size(props.n);
                });
                export const Thing = make("Thing", (inst: any) => {
                  size(inst.n);
                });
                export const sizes = [1, 2].map((n) => size(n));
                export function page() {
                  Button({}, null);
                  new Thing({});
                  const local = forwardRef(() => size(3));
                  return local;
                }
                describe("page", () => {
                  const inner = forwardRef(() => size(4));  // in a callback: not the top
                });
                """
        },
    )
    assert ("ui.ts::Button", "ui.ts::size", "local", 7) in found  # its body is Button's
    assert ("ui.ts::Thing", "ui.ts::size", "local", 10) in found
    assert ("ui.ts", "ui.ts::make", "local", 9) in found  # the module makes Thing
    assert ("ui.ts::page", "ui.ts::Button", "local", 14) in found
    assert ("ui.ts::page", "react.forwardRef", "inferred", 14) in found  # what the call made
    assert ("ui.ts::page", "ui.ts::Thing", "local", 15) in found
    assert ("ui.ts", "ui.ts::size", "local", 12) in found  # `map` makes an array: no node
    assert ("ui.ts::page", "ui.ts::size", "local", 16) in found  # not at the top: no node
    store = GraphStore.open(repo)
    try:
        button = store.node("ui.ts::Button")
        assert button is not None and (button.line, button.end_line) == (6, 8)
        assert store.node("ui.ts::sizes") is None
        assert store.node("ui.ts::page.local") is None
        assert store.node("ui.ts::inner") is None
    finally:
        store.close()


def test_typescript_type_aliases_and_enums_are_nodes_and_a_name_may_be_type_and_value(
    repo: Path,
) -> None:
    found = edges_of(
        repo,
        {
            "user.ts": """
                export interface Schema { parse(x: unknown): User; }
                export function object(shape: object): Schema { return shape as Schema; }
                export type Options = { strict: boolean; check(x: unknown): boolean };
                export enum Mode { Strict, Loose }
                export interface User { name: string; greet(): string; }
                export const User = object({ name: "" });
                export function load(raw: unknown, options: Options): string {
                  const user: User = User.parse(raw);
                  options.check(raw);
                  return user.greet();
                }
                """
        },
    )
    assert ("user.ts::load", "user.ts::Schema.parse", "inferred", 8) in found  # the value's
    assert ("user.ts::load", "user.ts::Options.check", "inferred", 9) in found  # the alias's
    assert ("user.ts::load", "user.ts::User.greet", "inferred", 10) in found  # the type's
    store = GraphStore.open(repo)
    try:
        kinds = {n.id: n.kind.value for n in store.nodes_where("path", "user.ts")}
        assert kinds["user.ts::Options"] == "class" and kinds["user.ts::Mode"] == "class"
        assert kinds["user.ts::Options.check"] == "method"
    finally:
        store.close()


def test_typescript_unions_with_nothing_and_sequences_are_their_type(repo: Path) -> None:
    """`Foo | undefined`, `null | Foo` (a field, an optional parameter) and `Foo[]`,
    `Array<Foo>`, `ReadonlyArray<Foo>` (their elements) are declared Foos, where each was
    left unbound (mobx, table-core, rxjs); a sequence's own methods are builtins, a
    sequence of a primitive too; a union of two types says nothing, as before."""
    found = edges_of(
        repo,
        {
            "src/a.ts": (
                "export class Foo { hit(): void {} }\n"
                "export class Bar { hit(): void {} }\n"
                "export class Box {\n"
                "  private maybe: Foo | undefined\n"
                "  private nul: null | Foo = null\n"
                "  private arr: Array<Foo> = []\n"
                "  private ro: ReadonlyArray<Foo> = []\n"
                "  run(q?: Foo | null, xs: Foo[] = [], both?: Foo | Bar, names: string[] = []): void {\n"
                "    this.maybe?.hit()\n"
                "    this.nul!.hit()\n"
                "    for (const f of this.arr) { f.hit() }\n"
                "    this.ro[0].hit()\n"
                "    q?.hit()\n"
                "    xs.push(new Foo())\n"
                "    names.push('a')\n"
                "    both?.hit()\n"
                "  }\n"
                "}\n"
            ),
        },
    )
    calls = sites(found)
    run, hit = "src/a.ts::Box.run", "src/a.ts::Foo.hit"
    assert {(run, hit, line) for line in (9, 10, 11, 12, 13)} <= calls
    assert {(run, "<builtin>.Array.push", 14), (run, "<builtin>.Array.push", 15)} <= calls
    assert not {(src, dst) for src, dst, line in calls if line == 16}  # Foo or Bar: unsaid


def test_typescript_a_type_that_is_also_a_made_function_is_called_as_the_function(
    repo: Path,
) -> None:
    """zod: `interface $ZodCheckMinLength` beside `const $ZodCheckMinLength =
    core.$constructor("...", (inst, def) => {...})`: `new checks.$ZodCheckMinLength(...)`
    was left unresolved as a call of an interface (338 such calls in zod 4.1.5)."""
    found = edges_of(
        repo,
        {
            "core.ts": """
                export function make(name: string, init: (inst: any) => void): any {
                  return init;
                }
                """,
            "checks.ts": """
                import { make } from "./core";

                export interface Check { a: number; }

                export const Check: Maker<Check> = /*@__PURE__*/ make("Check", (inst) => {
                  inst.a = 1;
                });

                export interface Shape { sides: number; }
                """,
            "api.ts": """
                import * as checks from "./checks";

                export function build(): checks.Check {
                  return new checks.Check({});
                }

                export function shape(): checks.Shape {
                  return new checks.Shape();
                }
                """,
        },
    )
    assert ("api.ts::build", "checks.ts::Check", "import", 4) in found
    assert not [edge for edge in found if edge[1] == "checks.ts::Shape"]  # a type alone


def test_rust_a_trait_a_type_implements_gives_it_its_methods_and_dispatches_to_it(
    repo: Path,
) -> None:
    found = edges_of(
        repo,
        {
            "src/lib.rs": "mod shape;\nmod value;\n",
            "src/shape.rs": (
                "pub trait Shape {\n"
                "    fn sides(&self) -> u32;\n"
                "    fn describe(&self) -> u32 { self.sides() }\n"
                "}\n"
                "pub struct Square;\n"
                "impl Shape for Square {\n"
                "    fn sides(&self) -> u32 { 4 }\n"
                "}\n"
                "pub fn show(s: Square) -> u32 { s.describe() }\n"
            ),
            "src/value.rs": (
                "use std::fmt;\n"
                "pub enum Value { Text(String) }\n"
                "impl fmt::Debug for Value {\n"
                "    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) }\n"
                "}\n"
                "pub fn text(s: String) -> Value { Value::Text(s) }\n"
            ),
        },
    )
    # a default method of the trait is the type's; `self.sides()` in it may run Square's
    assert ("src/shape.rs::show", "src/shape.rs::Shape.describe", "inferred", 9) in found
    assert ("src/shape.rs::Shape.describe", "src/shape.rs::Shape.sides", "self", 3) in found
    assert ("src/shape.rs::Shape.describe", "src/shape.rs::Square.sides", "dispatch", 3) in found
    # a trait from outside holds no name the type's own do not: `Value::Text` is a variant
    assert not [edge for edge in found if edge[0] == "src/value.rs::text"]
    store = GraphStore.open(repo)
    try:
        bases = {(e.src, e.dst) for e in store.all_edges() if e.kind.value == "inherits"}
    finally:
        store.close()
    assert bases == {
        ("src/shape.rs::Square", "src/shape.rs::Shape"),
        ("src/value.rs::Value", "std.fmt.Debug"),
    }


def test_rust_an_associated_type_is_no_member_of_the_type(repo: Path) -> None:
    """`type Err = String;` in an `impl FromStr for Version` names the trait's type, not a
    field of `Version` (a setting its facts list) nor a name that hides `Err(...)`."""
    source = (
        "use std::str::FromStr;\n"
        "pub struct Version { major: u32 }\n"
        "impl FromStr for Version {\n"
        "    type Err = String;\n"
        "    fn from_str(s: &str) -> Result<Version, String> { Err(String::new()) }\n"
        "}\n"
        "pub type Name = String;\n"
    )
    found = edges_of(repo, {"src/lib.rs": source})
    assert ("src/lib.rs::Version.from_str", "<builtin>.Err", "builtin", 5) in found
    facts = parser.parse("rust", source.encode())
    assert class_fields(facts) == {"Version": [("major", 2)]}
    assert ("Name", 7) in {(b.target[0], b.line) for b in facts.bindings}


def test_rust_a_crate_s_tests_and_other_crates_reach_it_by_its_name(repo: Path) -> None:
    """A package's integration tests, examples and binaries, and a workspace's other crates,
    write the library by its name (`use serde_json::from_str;`): serde_json's tests reached
    `from_str` twice through resolved calls, 31 times now. What the crate's root holds in
    `cfg_if!` (crossbeam-channel: `cfg_if! { if #[cfg(..)] { mod a; pub use a::f; } }`) is
    read as its items: a `mod` so declared is its file, a `pub use` so made is the crate's."""
    calls = call_sites(
        repo,
        {
            "Cargo.toml": '[workspace]\nmembers = ["core", "hidden"]\n',
            "core/Cargo.toml": '[package]\nname = "shop-core"\nversion = "0.1.0"\n',
            "core/src/lib.rs": "pub mod cart;\npub use cart::total;\n",
            "core/src/cart.rs": "pub fn total() -> u32 { 1 }\npub fn empty() -> bool { true }\n",
            "core/tests/cart.rs": (
                "use shop_core::total;\n"
                "use shop_core as sc;\n"
                "#[test]\n"
                "fn adds() { total(); sc::cart::empty(); shop_core::cart::total(); }\n"
            ),
            "core/src/bin/shop.rs": "fn main() { shop_core::total(); }\n",
            "hidden/Cargo.toml": '[package]\nname = "hidden"\n\n[lib]\nname = "veiled"\n',
            "hidden/src/lib.rs": (
                "cfg_if::cfg_if! {\n"
                '    if #[cfg(feature = "std")] {\n'
                "        mod door;\n"
                "        mod inner;\n"
                "        pub use crate::inner::open;\n"
                "    }\n"
                "}\n"
            ),
            "hidden/src/inner.rs": "pub fn open() {}\n",
            "hidden/src/door.rs": "use crate::inner::open;\npub fn knock() { open(); }\n",
            "hidden/tests/open.rs": "use veiled::open;\n#[test]\nfn opens() { open(); }\n",
        },
    )
    assert {
        ("core/tests/cart.rs::adds", "core/src/cart.rs::total", 4),
        ("core/tests/cart.rs::adds", "core/src/cart.rs::empty", 4),
        ("core/src/bin/shop.rs::main", "core/src/cart.rs::total", 1),
        ("hidden/src/door.rs::knock", "hidden/src/inner.rs::open", 2),  # `mod inner;` hidden
    } <= calls
    # the `pub use` in `cfg_if!`, by the library's name (`[lib] name`): outside code before
    assert ("hidden/tests/open.rs::opens", "hidden/src/inner.rs::open", 3) in calls
    assert not [call for call in calls if call[1] == "veiled.open"]


def test_rust_the_arguments_of_expression_macros_are_read(repo: Path) -> None:
    """`assert_eq!(r.recv(), Ok(7))`: a token tree to the grammar, so what a test checks was
    never called (crossbeam-channel 0.5.6: 3547 -> 4088 resolved calls). The standard macros
    taking expressions are read as calls would be; the macro itself is no call; a file whose
    macros do not read as expressions keeps its own reading, without a syntax error."""
    calls = call_sites(
        repo,
        {
            "src/lib.rs": (
                "pub fn total() -> u32 { 1 }\n"
                "pub fn name() -> String { String::new() }\n"
                "pub fn show(f: &mut Formatter) -> Result {\n"
                '    write!(f, "{}", name())?;\n'
                '    println!("{total}", total = total());\n'
                "    Ok(())\n"
                "}\n"
                "#[test]\n"
                "fn adds() {\n"
                "    assert_eq!(total(), 1);\n"
                '    assert!(matches!(total(), 1 | 2), "{}", name());\n'
                "}\n"
            ),
            "src/odd.rs": "pub fn odd() { crate::total(); custom!(=> x); panic!(=> x); }\n",
        },
    )
    assert {
        ("src/lib.rs::show", "src/lib.rs::name", 4),
        ("src/lib.rs::show", "src/lib.rs::total", 5),
        ("src/lib.rs::adds", "src/lib.rs::total", 10),
        ("src/lib.rs::adds", "src/lib.rs::name", 11),  # `matches!` takes a pattern: unread
        ("src/odd.rs::odd", "src/lib.rs::total", 1),
    } <= calls
    assert ("src/lib.rs::adds", "src/lib.rs::total", 11) not in calls
    unresolved = unresolved_of(repo)
    assert not [u for u in unresolved if u[0] in ("assert_eq", "assert", "write", "println")]
    store = GraphStore.open(repo)
    try:
        assert store.diagnostics() == []  # `panic!(=> x)` is read as the token tree it is
    finally:
        store.close()


def test_rust_the_elements_of_vec_are_read(repo: Path) -> None:
    """`vec![a.clone(), make(0)]` and `vec![fill(); n]`: a token tree to the grammar, so no
    element was called (syn 1.0.107's tests: 203 more resolved calls, crossbeam-channel's 11,
    none lost). `vec!` is read as the array it builds; the macro is no call; `my_vec![f()]`,
    another macro, is left as it is."""
    calls = call_sites(
        repo,
        {
            "src/lib.rs": (
                "pub fn make(n: u32) -> u32 { n }\n"
                "pub fn fill() -> u8 { 0 }\n"
                "pub fn both() -> Vec<u32> {\n"
                "    let v = vec![make(1),\n"
                "        make(2)];\n"
                "    let w = vec![fill(); 4];\n"
                "    let e: Vec<u8> = vec![];\n"
                "    my_vec![make(3)]\n"
                "}\n"
            ),
        },
    )
    assert {
        ("src/lib.rs::both", "src/lib.rs::make", 4),
        ("src/lib.rs::both", "src/lib.rs::make", 5),
        ("src/lib.rs::both", "src/lib.rs::fill", 6),
    } <= calls
    assert ("src/lib.rs::both", "src/lib.rs::make", 8) not in calls  # `my_vec!`: unread
    assert not [u for u in unresolved_of(repo) if u[0] == "vec"]


def test_rust_the_items_a_macro_holds_are_read(repo: Path) -> None:
    """indexmap's `quickcheck! { fn ... }` and libc's `cfg_if! { if #[cfg(..)] { ... } else
    { ... } }`: items in a token tree, so none was defined and nothing in them called. A
    macro written where items are whose braces hold items is read as those items (every
    branch of `cfg_if!`), in a file and in a `mod`; one whose braces hold other tokens
    (`macro_rules!`, a table) is left as it is; every line stays where it was."""
    calls = call_sites(
        repo,
        {
            "src/lib.rs": (
                "pub fn helper(n: u32) -> u32 { n }\n"
                "quickcheck! {\n"
                "    fn prop(n: u32) -> bool { helper(n) == n }\n"
                "}\n"
                "cfg_if::cfg_if! {\n"
                "    if #[cfg(unix)] {\n"
                "        fn sys() -> u32 { helper(1) }\n"
                "    } else if #[cfg(any(\n"
                "        windows,\n"
                '        target_os = "wasi"\n'
                "    ))] {\n"
                "        fn sys() -> u32 { helper(2) }\n"
                "    } else {\n"
                "        fn fallback() -> u32 { sys() }\n"
                "    }\n"
                "}\n"
                "macro_rules! twice { ($e:expr) => { helper($e) }; }\n"
                "table! { helper(9) => 1, }\n"
                "mod inner {\n"
                "    quickcheck! { fn nested() -> bool { super::helper(3) == 3 } }\n"
                "}\n"
                "fn after() -> bool { prop(4) }\n"
            ),
        },
    )
    helper = "src/lib.rs::helper"
    assert calls == {
        ("src/lib.rs::prop", helper, 3),
        ("src/lib.rs::sys", helper, 7),
        ("src/lib.rs::sys", helper, 12),
        ("src/lib.rs::fallback", "src/lib.rs::sys", 14),
        ("src/lib.rs::inner.nested", helper, 20),
        ("src/lib.rs::after", "src/lib.rs::prop", 22),
    }


def test_rust_a_path_s_head_is_never_a_function_of_that_name(repo: Path) -> None:
    """indexmap's tests/quick.rs defines `fn indexmap(...)` and writes `use
    indexmap::{IndexMap, IndexSet};`: Rust keeps functions apart from modules, types and
    crates, so the path names the crate, and `IndexMap::new()` is its constructor (it was
    the function's member, not callable)."""
    calls = call_sites(
        repo,
        {
            "Cargo.toml": '[package]\nname = "indexmap"\n',
            "src/lib.rs": (
                "pub struct IndexMap;\n"
                "impl IndexMap {\n"
                "    pub fn new() -> IndexMap { IndexMap }\n"
                "    pub fn len(&self) -> usize { 0 }\n"
                "}\n"
            ),
            "tests/quick.rs": (
                "use indexmap::IndexMap;\n"
                "fn indexmap(n: usize) -> IndexMap { IndexMap::new() }\n"
                "fn check() -> usize {\n"
                "    let map = IndexMap::new();\n"
                "    map.len() + indexmap(1).len()\n"
                "}\n"
            ),
        },
    )
    new, size = "src/lib.rs::IndexMap.new", "src/lib.rs::IndexMap.len"
    assert {(src, dst, line) for src, dst, line in calls if src.startswith("tests/")} == {
        ("tests/quick.rs::indexmap", new, 2),
        ("tests/quick.rs::check", new, 4),
        ("tests/quick.rs::check", size, 5),
        ("tests/quick.rs::check", "tests/quick.rs::indexmap", 5),
    }


def test_rust_a_tuple_a_function_returns_binds_its_elements(repo: Path) -> None:
    """`let (s, r) = bounded(1); s.send(7)`: crossbeam-channel's tests make every channel
    so, and 101 `s.send` calls were left unresolved. The k-th name of a tuple pattern is
    the k-th element of the function's tuple result; `_` and `mut` keep their place."""
    calls = call_sites(
        repo,
        {
            "src/lib.rs": (
                "pub struct Sender;\n"
                "pub struct Receiver;\n"
                "impl Sender { pub fn send(&self) {} }\n"
                "impl Receiver { pub fn recv(&self) {} }\n"
                "pub fn bounded(n: usize) -> (Sender, Receiver) { (Sender, Receiver) }\n"
                "fn talk() {\n"
                "    let (s, r) = bounded(1);\n"
                "    s.send();\n"
                "    r.recv();\n"
                "    let (_, mut q) = bounded(2);\n"
                "    q.recv();\n"
                "}\n"
            ),
        },
    )
    assert {
        ("src/lib.rs::talk", "src/lib.rs::Sender.send", 8),
        ("src/lib.rs::talk", "src/lib.rs::Receiver.recv", 9),
        ("src/lib.rs::talk", "src/lib.rs::Receiver.recv", 11),
    } <= calls
    assert ("src/lib.rs::talk", "src/lib.rs::Sender.send", 11) not in calls


def test_ruby_kernel_and_module_methods_are_builtins(repo: Path) -> None:
    """optparse's `block_given?`, `exit`, `throw`, `const_set`: Ruby's own methods, called
    without a receiver, were unknown names; a method of the repository's own of the same
    name is still the one a call reaches."""
    found = edges_of(
        repo,
        {
            "lib/opts.rb": (
                "class Opts\n"
                "  def parse\n"
                "    exit(1) unless block_given?\n"
                "    throw :done\n"
                "    warn 'x'\n"
                "  end\n"
                "  def warn(text)\n"
                "    text\n"
                "  end\n"
                "end\n"
            ),
        },
    )
    assert {
        ("lib/opts.rb::Opts.parse", "<builtin>.exit", "builtin", 3),
        ("lib/opts.rb::Opts.parse", "<builtin>.block_given?", "builtin", 3),
        ("lib/opts.rb::Opts.parse", "<builtin>.throw", "builtin", 4),
    } <= found
    assert [(dst, line) for src, dst, _, line in found if line == 5] == [
        ("lib/opts.rb::Opts.warn", 5)
    ]
    assert not [u for u in unresolved_of(repo) if u[2] == "unknown-name"]


def test_ruby_a_class_method_and_an_instance_method_of_one_name_are_apart(repo: Path) -> None:
    """URI::Generic's `def self.default_port` and `def default_port` shared one id, so the
    instance's `self.default_port` was a caller of the class method. The class method is
    `default_port~self`: reached on the class (`Generic.default_port`, `self.class.x`,
    `self.x` and a bare `x` in a `def self.`), the other on an instance (`self.x` in an
    instance method, `Generic.new.x`)."""
    found = edges_of(
        repo,
        {
            "generic.rb": (
                "class Generic\n"
                "  def self.default_port\n"
                "    80\n"
                "  end\n"
                "  def default_port\n"
                "    self.class.default_port\n"
                "  end\n"
                "  def to_s\n"
                "    self.default_port\n"
                "  end\n"
                "  def self.build\n"
                "    self.default_port\n"
                "    default_port\n"
                "  end\n"
                "  def plain\n"
                "    default_port\n"
                "  end\n"
                "end\n"
                "Generic.default_port\n"
                "Generic.new.default_port\n"
            ),
        },
    )
    own, instance = "generic.rb::Generic.default_port~self", "generic.rb::Generic.default_port"
    assert {(src, dst, line) for src, dst, _, line in found if dst in (own, instance)} == {
        (instance, own, 6),
        ("generic.rb::Generic.to_s", instance, 9),
        ("generic.rb::Generic.build", own, 12),
        ("generic.rb::Generic.build", own, 13),
        ("generic.rb::Generic.plain", instance, 16),
        ("generic.rb", own, 19),
        ("generic.rb", instance, 20),
    }
    assert ("generic.rb", instance, "inferred", 20) in found  # an instance's, not `new`'s


def test_ruby_methods_in_class_self_are_the_class_s_own_and_a_rescued_error_no_call(
    repo: Path,
) -> None:
    """A `def parse` in `class << self` is the class's own method, as `def self.parse` is
    (`new.parse` in it is the instance's); `error` in `rescue => error` and a local of a
    file are variables, so a method called on them does not call them."""
    found = call_sites(
        repo,
        {
            "parser.rb": (
                "class Parser\n"
                "  class << self\n"
                "    def parse(text)\n"
                "      new.parse(text)\n"
                "    end\n"
                "  end\n"
                "  def parse(text)\n"
                "    text\n"
                "  end\n"
                "end\n"
                "begin\n"
                "  parser = Parser.parse('x')\n"
                "rescue ArgumentError => error\n"
                "  error.message\n"
                "end\n"
                "parser.parse('y')\n"
            ),
        },
    )
    own, instance = "parser.rb::Parser.parse~self", "parser.rb::Parser.parse"
    assert found == {
        (own, "parser.rb::Parser", 4),
        (own, instance, 4),
        ("parser.rb", own, 12),
    }
    assert not {u for u in unresolved_of(repo) if u[0] in ("error", "parser")}


def test_ruby_accessors_are_methods_returning_their_instance_variable(repo: Path) -> None:
    """`attr_reader :size` defines `size` (returning `@size`), `attr_accessor :label` also
    `label=`: rubygems' `spec.name` and Bundler's `sources.each` were unknown names. A
    subclass's own accessor is its own; a method the class writes itself is kept."""
    found = call_sites(
        repo,
        {
            "lib/shape.rb": (
                "class Size\n"
                "  def value\n"
                "    1\n"
                "  end\n"
                "end\n"
                "class Shape\n"
                "  attr_reader :size, :name\n"
                "  attr_accessor :label\n"
                "  def initialize\n"
                "    @size = Size.new\n"
                "  end\n"
                "  def name\n"
                "    'shape'\n"
                "  end\n"
                "  def area\n"
                "    self.label = size.value\n"
                "    label.to_s + name.to_s\n"
                "  end\n"
                "end\n"
            ),
        },
    )
    shape = "lib/shape.rb::Shape"
    assert {(dst, line) for src, dst, line in found if src == f"{shape}.area"} == {
        (f"{shape}.label=", 16),
        (f"{shape}.size", 16),
        ("lib/shape.rb::Size.value", 16),
        (f"{shape}.label", 17),
        (f"{shape}.name", 17),
    }
    store = GraphStore.open(repo)
    try:
        lines = {n.id: n.line for n in store.all_nodes() if n.id.startswith(f"{shape}.")}
    finally:
        store.close()
    assert {key: lines.get(f"{shape}.{key}") for key in ("size", "label", "label=", "name")} == {
        "size": 7,
        "label": 8,
        "label=": 8,
        "name": 12,
    }


def test_ruby_a_mixed_in_module_s_methods_are_the_class_s(repo: Path) -> None:
    """`include Helpers` and `prepend Outer::Logging` in a class body: their methods are
    the class's own, so `shout(..)` and `self.log(..)` in a method, and `Service.new.shout`,
    reach them; `include Comparable` (outside code) adds nothing the graph holds."""
    found = call_sites(
        repo,
        {
            "app.rb": (
                "module Helpers\n"
                "  def shout(text)\n"
                "    text.upcase\n"
                "  end\n"
                "end\n"
                "module Outer\n"
                "  module Logging\n"
                "    def log(msg)\n"
                "      msg\n"
                "    end\n"
                "  end\n"
                "  class Service\n"
                "    include Helpers\n"
                "    prepend Outer::Logging\n"
                "    include Comparable\n"
                "    def run\n"
                "      shout('x')\n"
                "      self.log('y')\n"
                "    end\n"
                "  end\n"
                "end\n"
                "Outer::Service.new.shout('z')\n"
            ),
        },
    )
    assert {(src, dst, line) for src, dst, line in found if "<builtin>" not in dst} == {
        ("app.rb::Outer.Service.run", "app.rb::Helpers.shout", 17),
        ("app.rb::Outer.Service.run", "app.rb::Outer.Logging.log", 18),
        ("app.rb", "app.rb::Helpers.shout", 22),
        ("app.rb", "app.rb::Outer.Service", 22),
    }


def test_ruby_a_memoized_value_is_what_its_method_returns(repo: Path) -> None:
    """`def rubygems; @rubygems ||= RubygemsIntegration.new; end` (Bundler): a method whose
    last expression is an assignment returns the assigned value, so `rubygems.path` calls
    `RubygemsIntegration#path`."""
    found = call_sites(
        repo,
        {
            "lib/app.rb": (
                "class Gems\n"
                "  def path\n"
                "    'x'\n"
                "  end\n"
                "end\n"
                "class App\n"
                "  def gems\n"
                "    @gems ||= Gems.new\n"
                "  end\n"
                "  def last\n"
                "    @last = Gems.new\n"
                "  end\n"
                "  def run\n"
                "    gems.path\n"
                "    last.path\n"
                "  end\n"
                "end\n"
            ),
        },
    )
    assert {(line, dst) for src, dst, line in found if src == "lib/app.rb::App.run"} == {
        (14, "lib/app.rb::App.gems"),
        (14, "lib/app.rb::Gems.path"),
        (15, "lib/app.rb::App.last"),
        (15, "lib/app.rb::Gems.path"),
    }


def test_php_isset_and_empty_are_no_calls(repo: Path) -> None:
    """Monolog: 76 unresolved calls named `isset` and 28 named `empty`, the language's own
    constructs, which tree-sitter-php reads as calls; `count` is a function."""
    found = edges_of(
        repo,
        {
            "src/Box.php": """
                <?php

                namespace App;

                class Box
                {
                    public function filled(): bool
                    {
                        return isset($this->items) && !empty($this->items) && count($this->items) > 0;
                    }
                }
                """
        },
    )
    assert found == {("src/Box.php::Box.filled", "<builtin>.count", "builtin", 9)}
    assert unresolved_of(repo) == set()


def test_rust_self_in_an_impl_inside_an_inline_module_is_the_type_it_names(repo: Path) -> None:
    """`mod extra { use super::*; impl Count for Store { fn count(&self) { self.len() } } }`:
    `self` is `Store` of the module around (indexmap's `mod set` in `rustc.rs`, its
    `impl_quickcheck`'s `Self::from_iter`), as well as the impl block's own methods."""
    calls = call_sites(
        repo,
        {
            "src/lib.rs": (
                "mod store;\n"
                "use crate::store::Store;\n"
                "pub trait Count { fn count(&self) -> usize; fn twice(&self) -> usize; }\n"
                "mod extra {\n"
                "    use super::*;\n"
                "    impl Count for Store {\n"
                "        fn count(&self) -> usize { self.len() }\n"
                "        fn twice(&self) -> usize { self.count() + Self::empty().len() }\n"
                "    }\n"
                "}\n"
            ),
            "src/store.rs": (
                "pub struct Store;\n"
                "impl Store {\n"
                "    pub fn len(&self) -> usize { 0 }\n"
                "    pub fn empty() -> Store { Store }\n"
                "}\n"
            ),
        },
    )
    assert {
        ("src/lib.rs::extra.Store.count", "src/store.rs::Store.len", 7),
        ("src/lib.rs::extra.Store.twice", "src/lib.rs::extra.Store.count", 8),
        ("src/lib.rs::extra.Store.twice", "src/store.rs::Store.empty", 8),
        ("src/lib.rs::extra.Store.twice", "src/store.rs::Store.len", 8),
    } <= calls


def test_php_and_java_a_method_named_like_a_field_is_called(repo: Path) -> None:
    """PHP's `$this->lastChild` and `$this->lastChild()` (league/commonmark's `Node`), and
    Java's `size` and `size()`, are a property and a method: a call takes the method, even
    where the property is assigned after it; a property's value keeps its type."""
    calls = call_sites(
        repo,
        {
            "src/Node.php": (
                "<?php\n"
                "namespace App;\n"
                "class Node {\n"
                "    protected ?Node $lastChild = null;\n"
                "    public function lastChild(): ?Node { return $this->lastChild; }\n"
                "    public function append(Node $child): void {\n"
                "        $this->lastChild->detach();\n"
                "        $this->lastChild = $child;\n"
                "    }\n"
                "    public function detach(): void {}\n"
                "    public function tail(): ?Node { return $this->lastChild(); }\n"
                "}\n"
            ),
            "src/main/java/app/Box.java": (
                "package app;\n"
                "class Box {\n"
                "    int size;\n"
                "    int size() { return size; }\n"
                "    void grow() { size = size() + 1; }\n"
                "}\n"
            ),
        },
    )
    assert {
        ("src/Node.php::Node.append", "src/Node.php::Node.detach", 7),
        ("src/Node.php::Node.tail", "src/Node.php::Node.lastChild", 11),
        ("src/main/java/app/Box.java::Box.grow", "src/main/java/app/Box.java::Box.size", 5),
    } <= calls


def test_a_doc_comment_gives_the_type_the_code_does_not_declare(repo: Path) -> None:
    """PHPDoc's `@return Node[]` on a method declared `iterable` (league/commonmark's
    `Node::children()`), `@var Node[]` and `@var ?Node` on untyped properties, and JSDoc's
    `@returns {Store}` type what the code leaves untyped; `foreach ($xs as $x)` binds an
    element. A type the code declares wins, and a comment not just before says nothing."""
    calls = call_sites(
        repo,
        {
            "src/Node.php": (
                "<?php\n"
                "namespace App;\n"
                "class Node {\n"
                "    /** @var Node[] */\n"
                "    private $children = [];\n"
                "    /** @var ?Node */\n"
                "    private $last;\n"
                "    /**\n"
                "     * @return Node[]\n"
                "     */\n"
                "    public function children(): iterable { return $this->children; }\n"
                "    public function detach(): void {}\n"
                "    public function clear(): void {\n"
                "        foreach ($this->children() as $child) { $child->detach(); }\n"
                "        foreach ($this->children as $key => $child) { $child->detach(); }\n"
                "        $this->last->detach();\n"
                "    }\n"
                "}\n"
            ),
            "src/store.js": (
                "class Store { save() { return 1; } }\n"
                "class Other { save() { return 2; } }\n"
                "/** @returns {Store} the store */\n"
                "function open() { return make(); }\n"
                "/** @returns {Other} */\n"
                "\n"
                "function far() { return make(); }\n"
                "function use() { open().save(); far().save(); }\n"
            ),
        },
    )
    detach = "src/Node.php::Node.detach"
    assert {
        ("src/Node.php::Node.clear", detach, 14),
        ("src/Node.php::Node.clear", detach, 15),
        ("src/Node.php::Node.clear", detach, 16),
        ("src/store.js::use", "src/store.js::Store.save", 8),
    } <= calls
    assert ("src/store.js::use", "src/store.js::Other.save", 8) not in calls


def test_a_doc_comment_types_the_parameters_the_code_leaves_untyped(repo: Path) -> None:
    """JSDoc's `@param {Headers} headers` (also `[name]`, `{?T}`, `{T|null}`) and PHPDoc's
    `@param Node $node` type an untyped parameter (node-fetch, league/commonmark). JSDoc's
    types are taken only where the file knows the name: imported (also by a JSDoc type import,
    `@typedef {import("./Chunk")} Chunk`, `@import { A as B } from "./x"`: webpack's way),
    defined or bound; else the parameter stays unknown, as before (a global, a shape typed
    elsewhere). A type import never hides what the code binds so."""
    files = {
        "lib/headers.js": "export default class Headers { lookup(n) { return n; } }\n",
        "lib/chunk.js": "class Chunk { go() {} }\nmodule.exports = Chunk;\n",
        "lib/parts.js": "export class Part { go() {} }\nexport function make() {}\n",
        "lib/use.js": (
            'import Headers from "./headers.js";\n'
            "class Local { go() {} }\n"
            "/**\n"
            " * @param {Headers} headers the response's\n"
            " * @param {string} name\n"
            " */\n"
            "export function read(headers, name) { return headers.lookup(name); }\n"
            "/** @param {?Local} [here] optional */\n"
            "function local(here) { here.go(); }\n"
            "/** @param {Missing} m a type no code of the file names */\n"
            "function missing(m) { m.lookup(1); }\n"
            "function untyped(u) { u.lookup(2); }\n"
        ),
        "lib/typed.js": (
            '/** @typedef {import("./chunk")} Chunk */\n'
            '/** @import { Part as Piece } from "./parts.js" */\n'
            '/** @typedef {import("./parts.js").make} make */\n'
            'const make = require("./chunk");\n'
            "class Plan {\n"
            "  /**\n"
            "   * @param {Chunk} chunk\n"
            "   * @param {Piece} piece\n"
            "   */\n"
            "  run(chunk, piece) { chunk.go(); piece.go(); make(); }\n"
            "}\n"
        ),
        "src/Walker.php": (
            "<?php\n"
            "namespace App;\n"
            "class Node { public function kids() { return []; } }\n"
            "class Walker {\n"
            "    /**\n"
            "     * @param Node $node the node\n"
            "     * @param int $depth\n"
            "     */\n"
            "    public function walk($node, $depth) { return $node->kids(); }\n"
            "}\n"
        ),
    }
    found = edges_of(repo, files)
    calls = sites(found)
    assert {
        ("lib/use.js::read", "lib/headers.js::Headers.lookup", 7),
        ("lib/use.js::local", "lib/use.js::Local.go", 9),
        ("lib/typed.js::Plan.run", "lib/chunk.js::Chunk.go", 10),
        ("lib/typed.js::Plan.run", "lib/parts.js::Part.go", 10),
        ("lib/typed.js::Plan.run", "lib/chunk.js::Chunk", 10),  # the code's `make`
        ("src/Walker.php::Walker.walk", "src/Walker.php::Node.kids", 9),
    } <= calls
    assert ("lib/typed.js::Plan.run", "lib/parts.js::make", 10) not in calls
    how = {(src, line): resolution for src, _, resolution, line in found}
    assert how["lib/use.js::read", 7] == "inferred"  # the type, not a guess by name
    # an unknown type leaves the parameter unknown: `lookup` is guessed by its one method
    assert how["lib/use.js::missing", 11] == how["lib/use.js::untyped", 12] == "unique-name"


def test_a_name_bound_to_what_names_nothing_known_is_an_unknown_receiver(repo: Path) -> None:
    """`/** @param {GenerateContext} c */` where `GenerateContext` is a shape typed in
    another file (webpack's `import("./Generator").GenerateContext`, which no code defines):
    the receiver is as unknown as an untyped one, so a method the language has once is
    guessed (`unique-name`), where the failed lookup used to leave it unresolved (webpack
    5.97.1: 353 more calls of its own resolved, 3 lost)."""
    calls = edges_of(
        repo,
        {
            "lib/graph.js": "class ModuleGraph { getExportsInfo(m) { return m; } }\n",
            "lib/generator.js": "class Generator {}\nmodule.exports = Generator;\n",
            "lib/css.js": (
                '/** @typedef {import("./generator").GenerateContext} GenerateContext */\n'
                "/** @param {GenerateContext} context */\n"
                "function generate(context) {\n"
                "  const info = context.moduleGraph.getExportsInfo(1);\n"
                "  const graph = require('./generator').Nothing;\n"
                "  graph.getExportsInfo(2);\n"
                "}\n"
            ),
        },
    )
    target = "lib/graph.js::ModuleGraph.getExportsInfo"
    assert ("lib/css.js::generate", target, "unique-name", 4) in calls
    assert ("lib/css.js::generate", target, "unique-name", 6) in calls


def test_cpp_a_class_s_name_in_its_body_is_the_class_where_its_constructor_is_elsewhere(
    repo: Path,
) -> None:
    """`PolyNode* Parent;` in `class PolyNode` (Clipper's `PolyNode::GetNextSiblingUp`,
    whose constructor `PolyNode::PolyNode()` is written in the .cpp): the member's type is
    the class, so `Parent->Up()` in a method written outside the class reaches `Up`."""
    calls = call_sites(
        repo,
        {
            "src/node.hpp": (
                "namespace Lib {\n"
                "class Node {\n"
                "public:\n"
                "  Node();\n"
                "  Node* Parent;\n"
                "  Node* Up();\n"
                "};\n"
                "}\n"
            ),
            "src/node.cpp": (
                '#include "node.hpp"\n'
                "namespace Lib {\n"
                "Node::Node() : Parent(0) {}\n"
                "Node* Node::Up() {\n"
                "  if (!Parent) return 0;\n"
                "  return Parent->Up();\n"
                "}\n"
                "}\n"
            ),
        },
    )
    assert ("src/node.cpp::Lib.Node.Up", "src/node.cpp::Lib.Node.Up", 6) in calls


def test_rust_what_question_mark_and_unwrap_take_out_of_a_result_is_the_inner_type(
    repo: Path,
) -> None:
    """`from_str(s)?.is_eof()`, `from_str(s).unwrap().is_eof()`, a `Box<Node>` field's
    method (auto-deref), `lock().unwrap()` on a `Mutex<Store>`: the inner type's methods
    (serde_json's tests left 17 such `is_eof` calls unresolved). `unwrap` itself is a
    builtin call; `unwrap_err` takes out the error, which is no `Value`."""
    calls = call_sites(
        repo,
        {
            "src/lib.rs": (
                "use std::sync::Mutex;\n"
                "pub struct Value;\n"
                "impl Value { pub fn is_eof(&self) -> bool { true } }\n"
                "pub struct Error;\n"
                "pub fn from_str(s: &str) -> Result<Value, Error> { Ok(Value) }\n"
                "pub struct Node { next: Option<Box<Node>> }\n"
                "impl Node { pub fn walk(&self) { self.next.as_ref().unwrap().walk(); } }\n"
                "pub struct Store { value: Mutex<Value> }\n"
                "fn check(s: &str, store: Store) -> Result<bool, Error> {\n"
                "    let a = from_str(s)?.is_eof();\n"
                "    let b = from_str(s).unwrap().is_eof();\n"
                "    let c = from_str(s).unwrap_err().is_eof();\n"
                "    let d = store.value.lock().unwrap().is_eof();\n"
                "    Ok(a && b && c && d)\n"
                "}\n"
            ),
        },
    )
    eof = "src/lib.rs::Value.is_eof"
    assert {
        ("src/lib.rs::check", eof, 10),
        ("src/lib.rs::check", eof, 11),
        ("src/lib.rs::check", eof, 13),
        ("src/lib.rs::check", "<builtin>.unwrap", 11),
        ("src/lib.rs::Node.walk", "src/lib.rs::Node.walk", 7),
    } <= calls
    assert ("src/lib.rs::check", eof, 12) not in calls


def test_a_field_named_like_its_type_is_of_that_type(repo: Path) -> None:
    # C#'s `static Env Env = Env.FromEnv();` (pythonnet's Runtime.PythonEnvironment): the
    # declared type is a type, never the field it declares, so `Env` holds an `Env`
    env = (
        "namespace App\n{\n    internal class Env\n    {\n"
        "        public static Env FromEnv() { return new Env(); }\n"
        "        public void Load() { }\n    }\n}\n"
    )
    runtime = (
        "namespace App\n{\n    public class Runtime\n    {\n"
        "        internal static Env Env = Env.FromEnv();\n\n"
        "        static void Start()\n        {\n            Env.Load();\n        }\n    }\n}\n"
    )
    java = (
        "class Clock {\n    static Clock now() { return new Clock(); }\n    void tick() {}\n}\n\n"
        "class Timer {\n    private Clock Clock;\n\n    void run() {\n        Clock.tick();\n"
        "    }\n}\n"
    )
    found = call_sites(repo, {"src/Env.cs": env, "src/Runtime.cs": runtime, "Timer.java": java})
    assert ("src/Runtime.cs::Runtime", "src/Env.cs::Env.FromEnv", 5) in found
    assert ("src/Runtime.cs::Runtime.Start", "src/Env.cs::Env.Load", 9) in found
    assert ("Timer.java::Timer.run", "Timer.java::Clock.tick", 10) in found


def test_csharp_a_target_typed_new_constructs_the_declared_type(repo: Path) -> None:
    # pythonnet: `readonly ConcurrentLruCache<MemberKey, ...> getters = new(MaxCacheEntries);`
    # left the cache's constructor with "no resolved caller"
    cache = (
        "namespace App\n{\n    class Cache<TKey>\n    {\n"
        "        public Cache(int capacity) { }\n    }\n\n    class Env { }\n\n"
        "    class Holder\n    {\n        readonly Cache<string> names = new(16);\n\n"
        "        void Make()\n        {\n            Env? env = new();\n"
        "            Cache<int> ids =\n                new(4);\n        }\n    }\n}\n"
    )
    found = call_sites(repo, {"src/Cache.cs": cache})
    assert found == {
        ("src/Cache.cs::Holder", "src/Cache.cs::Cache.Cache", 12),
        ("src/Cache.cs::Holder.Make", "src/Cache.cs::Env", 16),
        ("src/Cache.cs::Holder.Make", "src/Cache.cs::Cache.Cache", 18),
    }


def test_php_a_call_of_an_interface_s_or_abstract_method_dispatches(repo: Path) -> None:
    # nikic/fast-route: `$this->dispatchVariableRoute(...)` in an abstract dispatcher runs
    # a subclass's, and `$this->routeParser->parse(...)` through the RouteParser interface
    # the standard parser's; both had "no resolved caller"
    files = {
        "src/Parser.php": "<?php\nnamespace App;\n\ninterface Parser\n{\n"
        "    public function parse($route);\n}\n",
        "src/Std.php": "<?php\nnamespace App;\n\nclass Std implements Parser\n{\n"
        "    public function parse($route) { return [$route]; }\n}\n",
        "src/Base.php": "<?php\nnamespace App;\n\nabstract class Base\n{\n"
        "    private Parser $parser;\n\n"
        "    abstract protected function match($uri);\n\n"
        "    public function dispatch($uri)\n    {\n"
        "        $this->parser->parse($uri);\n        return $this->match($uri);\n    }\n}\n",
        "src/Fast.php": "<?php\nnamespace App;\n\nclass Fast extends Base\n{\n"
        "    protected function match($uri) { return $uri; }\n}\n",
    }
    found = edges_of(repo, files)
    assert ("src/Base.php::Base.dispatch", "src/Std.php::Std.parse", "dispatch", 12) in found
    assert ("src/Base.php::Base.dispatch", "src/Fast.php::Fast.match", "dispatch", 13) in found
    assert ("src/Base.php::Base.dispatch", "src/Parser.php::Parser.parse", "inferred", 12) in found


def test_csharp_a_call_of_an_interface_s_or_abstract_method_dispatches(repo: Path) -> None:
    files = {
        "src/Parser.cs": "namespace App\n{\n    interface IParser\n    {\n"
        "        string Parse(string route);\n    }\n\n    class Std : IParser\n    {\n"
        "        public string Parse(string route) { return route; }\n    }\n}\n",
        "src/Base.cs": "namespace App\n{\n    abstract class Base\n    {\n"
        "        private IParser parser;\n\n        protected abstract string Match(string uri);\n\n"
        "        public string Dispatch(string uri)\n        {\n"
        "            parser.Parse(uri);\n            return Match(uri);\n        }\n    }\n\n"
        "    class Fast : Base\n    {\n"
        "        protected override string Match(string uri) { return uri; }\n    }\n}\n",
    }
    found = edges_of(repo, files)
    assert ("src/Base.cs::Base.Dispatch", "src/Parser.cs::Std.Parse", "dispatch", 11) in found
    assert ("src/Base.cs::Base.Dispatch", "src/Base.cs::Fast.Match", "dispatch", 12) in found


def test_typescript_a_prototype_s_function_is_a_method_of_its_constructor(repo: Path) -> None:
    # @preact/signals-core writes `Signal.prototype.peek = function () {...}` in TypeScript,
    # as JavaScript does: the calls in it were the file's own
    source = (
        "function untracked<T>(fn: () => T): T { return fn(); }\n"
        "function Signal(this: Signal, value?: unknown) { this._value = value; }\n"
        "Signal.prototype.peek = function () {\n  return untracked(() => this._value);\n};\n"
        "Signal.prototype = { read() { return untracked(() => 1); } };\n"
        "new Signal(1).peek();\n"
    )
    found = call_sites(repo, {"src/index.ts": source})
    assert ("src/index.ts::Signal.peek", "src/index.ts::untracked", 4) in found
    assert ("src/index.ts::Signal.read", "src/index.ts::untracked", 6) in found
    assert ("src/index.ts", "src/index.ts::Signal.peek", 7) in found


def test_ruby_a_bare_name_read_as_a_value_is_a_call_unless_a_variable(repo: Path) -> None:
    # rake: `rakefile, location = find_rakefile_location` called nothing, and the local
    # `rakefile` read later (`rakefile.nil?`) reached the reader `attr_reader :rakefile`
    source = (
        "class App\n  attr_reader :rakefile\n\n  def locate\n    ['Rakefile', '.']\n  end\n\n"
        "  def system_dir\n    '/etc'\n  end\n\n  def load\n"
        "    rakefile, location = locate\n    ok = rakefile.nil? && system_dir\n"
        "    [ok, location]\n  end\nend\n"
    )
    found = call_sites(repo, {"app.rb": source})
    assert ("app.rb::App.load", "app.rb::App.locate", 13) in found
    assert ("app.rb::App.load", "app.rb::App.system_dir", 14) in found
    assert not any(dst == "app.rb::App.rakefile" for _, dst, _ in found), found
