"""Incremental builds equal full builds for the definitions and imports the generic
pipeline gained: JavaScript definitions by assignment, CommonJS exports and
re-exports, inheritance statements, unique-name guesses (also through keyed members), dispatch to implementations
(Java, Go, TypeScript), Go modules from go.mod, Java overloads and static imports.

Each case builds a small repository, edits it (only the files named), builds again
incrementally and compares the whole graph with a clean full build of the same files.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from brownfield.graph.builder import build
from brownfield.graph.store import GraphStore
from brownfield.query.export import export
from tests.conftest import git_init, write_files


def exported(root: Path) -> dict[str, object]:
    store = GraphStore.open(root)
    try:
        data = json.loads(export(store, "json"))
    finally:
        store.close()
    data.pop("meta")
    return data


def calls(graph: dict[str, object]) -> set[tuple[str, str, str]]:
    edges = graph["edges"]
    assert isinstance(edges, list)
    return {(e["src"], e["dst"], e["resolution"]) for e in edges if e["kind"] == "calls"}


def assert_incremental_equals_full(
    tmp_path: Path, before: dict[str, str], after: dict[str, str | None]
) -> dict[str, object]:
    """Build `before`, apply `after` (None deletes a file), rebuild incrementally; the
    graph must equal a full build of the result. Returns that graph."""
    root = tmp_path / "repo"
    write_files(root, before)
    git_init(root)
    build(root, workers=1)
    for path, content in after.items():
        if content is None:
            (root / path).unlink()
        else:
            write_files(root, {path: content})
    build(root, workers=1)
    incremental = exported(root)
    clean = tmp_path / "clean"
    shutil.copytree(root, clean, ignore=shutil.ignore_patterns(".brownfield"))
    build(clean, full=True, workers=1)
    assert incremental == exported(clean)
    return incremental


COMMONJS = {
    "lib/utils.js": """
        exports.normalize = function (value) { return value; };
        """,
    "lib/app.js": """
        var normalize = require('./utils').normalize;
        var app = exports = module.exports = {};
        app.set = function set(value) { return normalize(value); };
        app.init = function init() { this.set(1); };
        """,
    "index.js": "module.exports = require('./lib/app');\n",
    "main.js": "const app = require('./index');\napp.init();\n",
}


def test_commonjs_exports_renamed_in_one_file(tmp_path: Path) -> None:
    graph = assert_incremental_equals_full(
        tmp_path,
        COMMONJS,
        {"lib/utils.js": "exports.clean = function (value) { return value; };\n"},
    )
    assert not any(dst.endswith("exports.normalize") for _, dst, _ in calls(graph))


def test_commonjs_member_added_to_a_required_object(tmp_path: Path) -> None:
    graph = assert_incremental_equals_full(
        tmp_path,
        {**COMMONJS, "main.js": "const app = require('./index');\napp.start();\n"},
        {"lib/app.js": COMMONJS["lib/app.js"] + "app.start = function start() { this.init(); };\n"},
    )
    assert ("main.js", "lib/app.js::app.start", "import") in calls(graph)


def test_commonjs_re_export_pointed_elsewhere(tmp_path: Path) -> None:
    graph = assert_incremental_equals_full(
        tmp_path,
        {**COMMONJS, "lib/other.js": "exports.init = function init() {};\n"},
        {"index.js": "module.exports = require('./lib/other');\n"},
    )
    assert ("main.js", "lib/other.js::exports.init", "import") in calls(graph)


def test_inherited_method_added_to_a_base_in_another_file(tmp_path: Path) -> None:
    graph = assert_incremental_equals_full(
        tmp_path,
        {
            "base.js": "function Base() {}\nmodule.exports = Base;\n",
            "child.js": """
                var Base = require('./base');
                var inherits = require('util').inherits;
                function Child() { Base.call(this); }
                inherits(Child, Base);
                Child.prototype.run = function run() { this.describe(); };
                """,
        },
        {
            "base.js": """
                function Base() {}
                Base.prototype.describe = function describe() {};
                module.exports = Base;
                """
        },
    )
    assert ("child.js::Child.run", "base.js::Base.describe", "self") in calls(graph)


def test_unique_name_guess_withdrawn_when_a_second_method_appears(tmp_path: Path) -> None:
    before = {
        "layer.js": "function Layer() {}\nLayer.prototype.handle = function () {};\n",
        "use.js": "function run(layers) { layers[0].handle(); }\n",
    }
    root_graph = assert_incremental_equals_full(tmp_path / "a", before, {})
    assert ("use.js::run", "layer.js::Layer.handle", "unique-name") in calls(root_graph)
    graph = assert_incremental_equals_full(
        tmp_path / "b",
        before,
        {"other.js": "function Other() {}\nOther.prototype.handle = function () {};\n"},
    )
    assert not any(src == "use.js::run" for src, _, _ in calls(graph))


def test_keyed_member_guess_follows_the_objects_binding_the_key(tmp_path: Path) -> None:
    before = {
        "keys.js": "const kWrite = Symbol('write')\nmodule.exports = { kWrite }\n",
        "proto.js": (
            "const { kWrite } = require('./keys')\n"
            "function write (line) { return line }\n"
            "const proto = { [kWrite]: write }\n"
            "module.exports = proto\n"
        ),
        "use.js": (
            "const { kWrite } = require('./keys')\n"
            "function log (logger, line) { return logger[kWrite](line) }\n"
        ),
    }
    graph = assert_incremental_equals_full(tmp_path / "a", before, {})
    assert ("use.js::log", "proto.js::write", "unique-name") in calls(graph)
    second = {  # another object binds the key to another function: no guess
        "debug.js": (
            "const { kWrite } = require('./keys')\n"
            "function trace (line) { return line }\n"
            "const debug = { [kWrite]: trace }\n"
        )
    }
    graph = assert_incremental_equals_full(tmp_path / "b", before, second)
    assert not any(src == "use.js::log" for src, _, _ in calls(graph))
    # and the other way: the second binding goes, the guess comes back
    with_both = {**before, **second}
    graph = assert_incremental_equals_full(tmp_path / "c", with_both, {"debug.js": None})
    assert ("use.js::log", "proto.js::write", "unique-name") in calls(graph)


@pytest.mark.parametrize("change", ["add", "remove"])
def test_java_implementation_appears_or_goes(tmp_path: Path, change: str) -> None:
    shape = "package p;\npublic interface Shape { double area(); }\n"
    use = "package p;\nclass Use { double run(Shape s) { return s.area(); } }\n"
    square = "package p;\nclass Square implements Shape { public double area() { return 1; } }\n"
    files = {"src/p/Shape.java": shape, "src/p/Use.java": use}
    if change == "add":
        graph = assert_incremental_equals_full(tmp_path, files, {"src/p/Square.java": square})
        assert ("src/p/Use.java::Use.run", "src/p/Square.java::Square.area", "dispatch") in calls(
            graph
        )
    else:
        graph = assert_incremental_equals_full(
            tmp_path, {**files, "src/p/Square.java": square}, {"src/p/Square.java": None}
        )
        assert not any(dst.startswith("src/p/Square.java") for _, dst, _ in calls(graph))


def test_go_type_gains_the_method_that_makes_it_an_implementation(tmp_path: Path) -> None:
    graph = assert_incremental_equals_full(
        tmp_path,
        {
            "go.mod": "module example.com/m\n",
            "shape/shape.go": """
                package shape
                type Shape interface { Area() int; Name() string }
                func Show(s Shape) int { return s.Area() }
                """,
            "shape/square.go": "package shape\ntype Square struct{}\nfunc (Square) Area() int { return 1 }\n",
        },
        {
            "shape/square.go": """
                package shape
                type Square struct{}
                func (Square) Area() int { return 1 }
                func (Square) Name() string { return "square" }
                """
        },
    )
    assert ("shape/shape.go::Show", "shape/square.go::Square.Area", "dispatch") in calls(graph)


def test_go_module_path_changed_in_go_mod(tmp_path: Path) -> None:
    files = {
        "go.mod": "module example.com/old\n",
        "util/util.go": "package util\nfunc Help() {}\n",
        "main.go": 'package main\nimport "example.com/new/util"\nfunc main() { util.Help() }\n',
    }
    graph = assert_incremental_equals_full(tmp_path, files, {"go.mod": "module example.com/new\n"})
    assert ("main.go::main", "util/util.go::Help", "import") in calls(graph)


def test_java_overload_added_and_static_import_member_added(tmp_path: Path) -> None:
    util = "package u;\npublic class U {\n  public static int f(int a) { return a; }\n}\n"
    use = """
        package p;
        import static u.U.*;
        class Use { int run() { return f(1, 2) + g(); } }
        """
    graph = assert_incremental_equals_full(
        tmp_path,
        {"src/u/U.java": util, "src/p/Use.java": use},
        {
            "src/u/U.java": """
                package u;
                public class U {
                  public static int f(int a) { return a; }
                  public static int f(int a, int b) { return b; }
                  public static int g() { return 0; }
                }
                """
        },
    )
    found = calls(graph)
    assert ("src/p/Use.java::Use.run", "src/u/U.java::U.f~2", "import") in found
    assert ("src/p/Use.java::Use.run", "src/u/U.java::U.g", "import") in found
    assert not any(dst == "src/u/U.java::U.f" for _, dst, _ in found)


def test_typescript_class_moved_behind_a_barrel(tmp_path: Path) -> None:
    graph = assert_incremental_equals_full(
        tmp_path,
        {
            "src/models/user.ts": "export class User { save(): void {} }\n",
            "src/models/index.ts": "export {};\n",
            "src/app.ts": (
                'import { User } from "./models";\n'
                "export function run(u: User): void { u.save(); new User(); }\n"
            ),
        },
        {"src/models/index.ts": 'export * from "./user";\n'},
    )
    found = calls(graph)
    assert ("src/app.ts::run", "src/models/user.ts::User.save", "inferred") in found
    assert ("src/app.ts::run", "src/models/user.ts::User", "constructor") in found


def test_rust_crate_renamed_in_cargo_toml(tmp_path: Path) -> None:
    files = {
        "Cargo.toml": '[package]\nname = "old-name"\n',
        "src/lib.rs": "pub fn total() -> u32 { 1 }\n",
        "tests/total.rs": "use new_name::total;\n#[test]\nfn adds() { total(); }\n",
    }
    graph = assert_incremental_equals_full(
        tmp_path, files, {"Cargo.toml": '[package]\nname = "new-name"\n'}
    )
    assert ("tests/total.rs::adds", "src/lib.rs::total", "import") in calls(graph)
