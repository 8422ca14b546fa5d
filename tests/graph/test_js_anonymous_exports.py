"""A file's anonymous export is a definition: `module.exports = function (argv) {}` is the
function `exports` (what `require` gives), `export default function () {}` and `export
default (a) => a` the function `default` (minimist: the 97 calls of its tests and
examples, `var parse = require('../'); parse([...])`, were "not-callable", and the calls
made inside it were the module's)."""

from __future__ import annotations

from pathlib import Path

from tests.graph.test_generic_resolver import call_sites

INDEX = (
    "'use strict';\n\nfunction helper(x) {\n  return x + 1;\n}\n\n"
    "module.exports = function (args, opts) {\n  return helper(args);\n};\n"
    "module.exports.sync = function (args) {\n  return module.exports(args);\n};\n"
)
TEST = (
    "var parse = require('../');\n\nfunction check() {\n  parse(['--no-moo']);\n"
    "  return parse.sync([]);\n}\nmodule.exports = check;\n"
)


def test_a_commonjs_anonymous_export_is_the_function_require_gives(repo: Path) -> None:
    found = call_sites(repo, {"index.js": INDEX, "test/parse.js": TEST})
    assert {
        ("test/parse.js::check", "index.js::exports", 4),
        ("test/parse.js::check", "index.js::exports.sync", 5),
        ("index.js::exports", "index.js::helper", 8),  # made inside it, not by the module
    } <= found, found
    assert not any(src == "index.js" for src, _, _ in found)


def test_an_anonymous_default_export_is_the_function_default(repo: Path) -> None:
    made = "export default function (a) {\n  return a;\n}\n"
    arrow = "export default (a) => a;\n"
    uses = (
        "import f from './made%s';\nimport g from './arrow%s';\n"
        "export function run() {\n  return f(g(1));\n}\n"
    )
    files = {}
    for ext in (".mjs", ".ts"):
        folder = ext[1:]
        files |= {
            f"{folder}/made{ext}": made,
            f"{folder}/arrow{ext}": arrow,
            f"{folder}/use{ext}": uses % ((ext, ext) if ext == ".mjs" else ("", "")),
        }
    found = call_sites(repo, files)
    for ext in (".mjs", ".ts"):
        folder = ext[1:]
        assert {
            (f"{folder}/use{ext}::run", f"{folder}/made{ext}::default", 4),
            (f"{folder}/use{ext}::run", f"{folder}/arrow{ext}::default", 4),
        } <= found, (ext, found)
