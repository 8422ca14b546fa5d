"""JavaScript: `require("../")` of a folder loads the `main` its package.json names, before
its `index.js`, as Node does. pino's tests call `pino()` 462 times through `const pino =
require('../')`, and every one was unresolved ("not-callable"): the root holds `pino.js`,
named by `"main"`, and no index. The manifest is read like every file of the repository."""

from __future__ import annotations

import os
from pathlib import Path

from tests.graph.test_generic_incremental import assert_incremental_equals_full, calls
from tests.graph.test_generic_resolver import edges_of

FILES = {
    "package.json": '{"name": "logs", "main": "logs.js"}\n',
    "logs.js": "function logs() { return 1 }\nmodule.exports = logs\n",
    "lib/package.json": '{"main": "./core"}\n',
    "lib/core/index.js": "exports.write = function write() { return 2 }\n",
    "lib/index.js": "exports.write = function write() { return 3 }\n",
    "test/basic.test.js": """const logs = require('../')
const again = require('..')
const lib = require('../lib')
function check() {
  logs()
  again()
  lib.write()
}
""",
}


def test_a_folder_required_loads_its_package_main(repo: Path) -> None:
    found = {dst for src, dst, _, _ in edges_of(repo, FILES) if src == "test/basic.test.js::check"}
    # `lib`'s main (`./core`, a folder: its index) comes before `lib/index.js`
    assert found == {"logs.js::logs", "lib/core/index.js::exports.write"}, found


def test_a_main_changed_resolves_anew(tmp_path: Path) -> None:
    after: dict[str, str | None] = {
        "package.json": '{"name": "logs", "main": "other.js"}\n',
        "other.js": "function other() { return 4 }\nmodule.exports = other\n",
    }
    graph = assert_incremental_equals_full(tmp_path, FILES, after)
    made = {dst for src, dst, _ in calls(graph) if src == "test/basic.test.js::check"}
    assert "other.js::other" in made and "logs.js::logs" not in made


def test_hostile_manifests_name_no_main(repo: Path, tmp_path: Path) -> None:
    """A package.json that is a symlink out of the repository, a pipe, no JSON object,
    nested past recursion, or whose `main` leads out of the repository names nothing; the
    build goes on and a sound one beside them still does."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "package.json").write_text('{"main": "stolen.js"}\n')
    user = "const m = require('..')\nfunction use() { m() }\n"
    files = {
        "good/package.json": '{"main": "main.js"}\n',
        "good/main.js": "module.exports = function main() {}\n",
        "good/t/use.js": user,
        "link/stolen.js": "module.exports = function stolen() {}\n",
        "link/t/use.js": user,
        "pipe/t/use.js": user,
        "list/package.json": '["main.js"]\n',
        "list/main.js": "module.exports = function listed() {}\n",
        "list/t/use.js": user,
        "deep/package.json": "[" * 100_000 + "]" * 100_000,
        "deep/t/use.js": user,
        "far/package.json": '{"main": "../../outside.js"}\n',
        "far/t/use.js": user,
    }
    os.makedirs(repo / "pipe")
    os.mkfifo(repo / "pipe" / "package.json")  # reading a pipe would block forever
    os.makedirs(repo / "link")
    os.symlink(outside / "package.json", repo / "link" / "package.json")
    found = {(src, dst) for src, dst, _, _ in edges_of(repo, files) if src.endswith("::use")}
    assert found == {("good/t/use.js::use", "good/main.js::exports")}, found
