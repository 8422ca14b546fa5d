"""What a JavaScript or TypeScript package exports: the definitions its package.json's
entry points reach through what each file exports, and nothing where the package is
private, its entry points are not in the repository, or its package.json is hostile."""

from __future__ import annotations

from pathlib import Path

import pytest

from brownfield.graph.store import GraphStore
from brownfield.query import evidence
from brownfield.query.context import Touchpoint
from brownfield.query.exports import exported_by
from tests.conftest import build_graph, git_init, write_files

COMMONJS = {
    "package.json": '{"name": "bells", "main": "index.js"}',
    "index.js": """\
'use strict';
const Ringer = require('./lib/ringer');
const muffle = require('./lib/muffle');
const { chime, toll } = require('./lib/sounds');

Ringer.muffle = muffle;
module.exports = Ringer;
module.exports.chime = chime;
module.exports.Tuner = require('./lib/tuner').Tuner;
toll();
""",
    "lib/ringer.js": """\
class Ringer {
  constructor(count) { this.count = count; }
  ring() { return this._swing(); }
  _swing() { return this.count; }
}
module.exports = Ringer;
""",
    "lib/muffle.js": """\
function muffle(bell) { return quiet(bell); }
function quiet(bell) { return bell; }
module.exports = muffle;
""",
    "lib/sounds.js": """\
exports.chime = function () { return 1; };
exports.toll = function () { return 2; };
exports.hum = function () { return 3; };
""",
    "lib/tuner.js": """\
class Tuner { tune() { return 440; } }
class Fork { strike() { return 1; } }
module.exports = { Tuner, Fork };
""",
    "lib/internal.js": "function helper() { return 1; }\nmodule.exports = helper;\n",
    "test/ringer.test.js": "const Ringer = require('../lib/ringer');\nnew Ringer(1).ring();\n",
}

TYPESCRIPT = {
    "package.json": """\
{"name": "@acme/shapes", "main": "./dist/index.js", "types": "./dist/index.d.ts",
 "exports": {".": {"types": "./dist/index.d.ts", "import": "./dist/index.js"},
             "./package.json": "./package.json"}}
""",
    "src/index.ts": """\
export * from "./circle.js";
export { area as surface } from "./measure.js";
import * as units from "./units.js";
export { units };
export default function draw(): string { return "d"; }
""",
    "src/circle.ts": """\
export class Circle {
  radius = 1;
  grow(): number { return this.radius + 1; }
  private shrink(): number { return this.radius - 1; }
  protected wobble(): number { return 0; }
}
function helper(): number { return 1; }
export function makeCircle(): Circle { return new Circle(); }
""",
    "src/measure.ts": """\
export function area(): number { return 1; }
export function perimeter(): number { return 2; }
""",
    "src/units.ts": "export function toMeters(): number { return 1; }\n",
}


def exported(root: Path, files: dict[str, str]) -> dict[str, str]:
    """Each production function's or method's qualname -> the package exporting it ("")."""
    write_files(root, files)
    git_init(root)
    store = build_graph(root)
    try:
        return {
            node.qualname: exported_by(store, node)
            for node in store.all_nodes()
            if node.kind.value in ("function", "method") and "test" not in (node.path or "")
        }
    finally:
        store.close()


def test_a_commonjs_package_exports_what_its_main_file_reaches(tmp_path: Path) -> None:
    found = exported(tmp_path, COMMONJS)
    assert {name for name, package in found.items() if package == "bells"} == {
        "lib.ringer.Ringer.constructor",  # module.exports = Ringer, a class: its members
        "lib.ringer.Ringer.ring",
        "lib.muffle.muffle",  # Ringer.muffle = muffle: a member of what is exported
        "lib.sounds.exports.chime",  # module.exports.chime = chime, from a destructured require
        "lib.tuner.Tuner.tune",  # require('./lib/tuner').Tuner, out of module.exports = {...}
    }
    for kept in (
        "lib.ringer.Ringer._swing",  # private by its name
        "lib.muffle.quiet",  # a helper nobody exports
        "lib.sounds.exports.toll",  # required and called, never exported again
        "lib.sounds.exports.hum",
        "lib.tuner.Fork.strike",  # exported by its file, but the package takes only Tuner
        "lib.internal.helper",  # no entry point requires its file
    ):
        assert found[kept] == "", kept


def test_a_typescript_package_exports_what_its_built_entry_point_s_source_reaches(
    tmp_path: Path,
) -> None:
    found = exported(tmp_path, TYPESCRIPT)
    assert {name for name, package in found.items() if package == "@acme/shapes"} == {
        "src.circle.Circle.grow",  # export * from "./circle.js" (dist/index.js is src/index.ts)
        "src.circle.makeCircle",
        "src.measure.area",  # export { area as surface } from
        "src.units.toMeters",  # import * as units; export { units }
        "src.index.draw",  # export default function draw
    }
    for kept in (
        "src.circle.Circle.shrink",  # private
        "src.circle.Circle.wobble",  # protected
        "src.circle.helper",  # not marked export
        "src.measure.perimeter",  # exported by its file, not re-exported by the entry point
    ):
        assert found[kept] == "", kept


def test_the_facts_say_a_function_a_package_exports_may_be_called_outside(
    tmp_path: Path,
) -> None:
    write_files(tmp_path, COMMONJS)
    git_init(tmp_path)
    store = build_graph(tmp_path)
    try:
        for node_id, said in (
            ("lib/tuner.js::Tuner.tune", True),
            ("lib/tuner.js::Fork.strike", False),
        ):
            node = store.node(node_id)
            assert node is not None
            fact = evidence.callers_fact(store, Touchpoint(node, 1.0, ()))
            assert fact is not None
            ending = (
                f"; {node.name} is exported by package bells: code outside the repository "
                "may call it."
            )
            assert fact.statement.endswith(ending) is said, fact.statement
    finally:
        store.close()


@pytest.mark.parametrize(
    "manifest",
    [
        '{"name": "bells", "private": true, "main": "index.js"}',  # never published
        '{"main": "index.js"}',  # no name: no package anybody installs
        '{"name": "bells", "main": "dist/index.js"}',  # built, and no source for it
        '{"name": "bells", "main": "../../../etc/passwd"}',  # outside the repository
        '{"name": "bells", "main": "/etc/passwd"}',
        '{"name": "bells", "exports": {"./*": "./lib/*.js"}}',  # a pattern: not followed
        '{"name": "bells", "exports": [null, 3, {"x": [true]}], "main": 7}',
        '["bells"]',
        '{"name": "bells", "main": "index.js", "exports": ' + "[" * 100_000 + "]" * 100_000 + "}",
        '{"name": "bells", "exports": ' + '{"a": ' * 500 + '"./x.js"' + "}" * 500 + "}",
        '{"name": "bells", "main": "index.js"',  # cut short
        "",
    ],
)
def test_a_package_json_that_names_no_entry_point_here_exports_nothing(
    tmp_path: Path, manifest: str
) -> None:
    files = {**COMMONJS, "package.json": manifest}
    files["lib/index.js"] = files.pop("index.js").replace("./lib/", "./")
    found = exported(tmp_path, files)
    assert found["lib.ringer.Ringer.ring"] == ""
    assert found["lib.muffle.muffle"] == ""


def test_a_package_without_package_json_or_in_node_modules_exports_nothing(
    tmp_path: Path,
) -> None:
    files = {k: v for k, v in COMMONJS.items() if k != "package.json"}
    files["node_modules/dep/package.json"] = '{"name": "dep", "main": "index.js"}'
    files["node_modules/dep/index.js"] = "function dep() { return 1; }\nmodule.exports = dep;\n"
    write_files(tmp_path, files)
    git_init(tmp_path)
    store = build_graph(tmp_path)
    try:
        nodes = [n for n in store.all_nodes() if n.kind.value in ("function", "method")]
        assert nodes
        assert all(exported_by(store, node) == "" for node in nodes)
    finally:
        store.close()


def test_a_store_is_read_again_after_a_build(tmp_path: Path) -> None:
    """The surface is cached per build: a new build that exports more is seen."""
    found = exported(tmp_path, COMMONJS)
    assert found["lib.internal.helper"] == ""
    index = tmp_path / "index.js"
    index.write_text(index.read_text() + "module.exports.helper = require('./lib/internal');\n")
    store = build_graph(tmp_path)
    try:
        node = store.node("lib/internal.js::helper")
        assert node is not None
        assert exported_by(store, node) == "bells"
    finally:
        GraphStore.close(store)
