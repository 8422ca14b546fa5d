"""JavaScript and TypeScript: a name destructured from a value (`const { a, b: c } = o`)
is that value's member, and a function returning an object literal (`return { retire }`)
returns an object holding those members. TanStack db's `const { previous, retire } =
reserveWrite()` then `retire()`, and form-core's `metaHelper(this).bumpArrayVersion(f)`
(`metaHelper` ending in `return { bumpArrayVersion, ... }`) were unresolved.

A `return` inside a callback or inside a method of an object literal is not the
enclosing definition's: TanStack db's `compileExpression` returned what its callbacks
return (`value.toISOString()`), and calls of its result reached invented outside names
(`<builtin>.Date.toISOString`)."""

from __future__ import annotations

from pathlib import Path

from tests.graph.test_generic_incremental import assert_incremental_equals_full, calls
from tests.graph.test_generic_resolver import edges_of

WRITER = """function makeWriter(size) {
  let previous = 0
  const retire = () => { previous = 0 }
  function flush() { return previous }
  function grow() { return size + 1 }
  return { previous, retire, enlarge: grow, close: () => flush() }
}

const ops = { open() { return 1 }, shut: () => 2 }

class Pool {
  constructor() { this.ops = ops }
  drain() {
    const { ops } = this
    ops.open()
  }
}

export function use() {
  const { retire, enlarge: more } = makeWriter(1)
  retire()
  more()
  makeWriter(2).flush()
  const { open, shut: stop } = ops
  open()
  stop()
}
"""

CALLBACKS = """class Job { run() { return 1 } }
class Step { run() { return 2 } }

function make() {
  [1, 2].forEach((n) => { return new Step() })
  const handler = { get() { return { run: () => 3 } } }
  return new Job()
}

function spread(base) {
  return { ...base, stop: make }
}

export function use() {
  make().run()
  spread({}).stop()
}
"""


def test_destructured_names_and_returned_object_literals(repo: Path) -> None:
    found = {(src, dst, how) for src, dst, how, _ in edges_of(repo, {"w.ts": WRITER})}
    assert {
        ("w.ts::use", "w.ts::makeWriter.retire", "inferred"),
        ("w.ts::use", "w.ts::makeWriter.grow", "inferred"),  # `enlarge: grow`, renamed
        ("w.ts::use", "w.ts::ops.open", "inferred"),
        ("w.ts::use", "w.ts::ops.shut", "inferred"),
        ("w.ts::Pool.drain", "w.ts::ops.open", "inferred"),  # `const { ops } = this`
    } <= found, found
    # `flush` is no member of the literal (only `close`, a function the graph has no node for)
    assert not any(dst == "w.ts::makeWriter.flush" for src, dst, _ in found if src == "w.ts::use")


def test_a_callbacks_return_is_not_the_functions(repo: Path) -> None:
    found = {(src, dst, how) for src, dst, how, _ in edges_of(repo, {"c.js": CALLBACKS})}
    used = {dst for src, dst, _ in found if src == "c.js::use"}
    assert "c.js::Job.run" in used, found
    assert "c.js::Step.run" not in used  # returned by the `forEach` callback
    # a literal spreading another may hold any member: no object of known members
    assert ("c.js::use", "c.js::make", "inferred") not in found


def test_a_returned_literal_changed_in_another_file(tmp_path: Path) -> None:
    before = {
        "meta.js": "function grow() {}\nfunction shrink() {}\n"
        "function meta() { return { bump: grow } }\nmodule.exports = { meta }\n",
        "use.js": "const { meta } = require('./meta')\nfunction use() { meta().bump() }\n",
    }
    after: dict[str, str | None] = {
        "meta.js": before["meta.js"].replace("bump: grow", "bump: shrink"),
    }
    graph = assert_incremental_equals_full(tmp_path, before, after)
    assert ("use.js::use", "meta.js::shrink", "inferred") in calls(graph)


def test_a_function_written_on_the_line_after_its_name_keeps_its_returns(repo: Path) -> None:
    # the value starts a line below the definition's name: still its own function's return
    files = {
        "a.js": """function grow() { return 1 }
const make =
  () => {
    return { grow }
  }
const build =
  function () {
    return new Builder()
  }
class Builder { run() { return 2 } }
function use() {
  make().grow()
  build().run()
}
"""
    }
    found = {(src, dst) for src, dst, _, _ in edges_of(repo, files)}
    assert {("a.js::use", "a.js::grow"), ("a.js::use", "a.js::Builder.run")} <= found, found


def test_a_member_destructured_from_what_outside_code_made_is_unknown(repo: Path) -> None:
    # axios: `const { cancelToken, headers } = resolveConfig(config)`, whose result
    # `mergeConfig` makes with outside code: `cancelToken.toAbortSignal()` became
    # `<builtin>.Object.create.cancelToken.toAbortSignal` and lost the guess of the one
    # method so named; a member of an outside namespace stays the outside name
    files = {
        "a.js": """class CancelToken { toAbortSignal() { return 1 } }
function resolveConfig(config) { return Object.create(config) }
function use(config, x) {
  const { cancelToken } = resolveConfig(config)
  cancelToken.toAbortSignal()
  const { isArray } = Array
  isArray(x)
}
module.exports = { CancelToken, use }
"""
    }
    found = {(dst, how) for src, dst, how, _ in edges_of(repo, files) if src == "a.js::use"}
    assert ("a.js::CancelToken.toAbortSignal", "unique-name") in found, found
    assert ("<builtin>.Array.isArray", "inferred") in found, found
    assert not any("cancelToken" in dst for dst, _ in found), found
