"""JavaScript: `require("./x")` written inside an expression imports the module there:
`require("./routes")(app)` calls what the module exports, `require("./util").helper()`
its member (it was `<builtin>.require.helper`, an outside name nothing defines); a member
assigned a module (`module.exports.multistream = require("./lib/multistream")` beside
`module.exports = pino`, or `{ json: require("./json") }`) holds it. A file
exporting a named function expression (`module.exports = function setup(app) {}`) exports
it as the function `exports`, as an anonymous one (it had no node: `setup(app)` after
`const setup = require(...)` was "not-callable"), which members assigned to
`module.exports` belong to."""

from __future__ import annotations

from pathlib import Path

from tests.graph.test_generic_incremental import assert_incremental_equals_full, calls
from tests.graph.test_generic_resolver import edges_of

FILES = {
    "lib/setup.js": "module.exports = function setup(app) { return app }\n"
    "module.exports.twice = function twice(app) { return app }\n",
    "lib/anon.js": "module.exports = function (app) { return app }\n",
    "lib/util.js": "exports.helper = function helper() { return 1 }\n",
    "main.js": """function start(app) {
  require('./lib/setup')(app)
  require("./lib/anon")(app)
  require('./lib/util').helper()
  const setup = require('./lib/setup')
  setup(app)
  require('./lib/setup').twice(app)
}
module.exports = { start }
""",
}


def test_a_require_inside_an_expression_imports_the_module(repo: Path) -> None:
    found = {(dst, line) for src, dst, _, line in edges_of(repo, FILES) if src == "main.js::start"}
    assert {
        ("lib/setup.js::exports", 2),
        ("lib/anon.js::exports", 3),
        ("lib/util.js::exports.helper", 4),
        ("lib/setup.js::exports", 6),
        ("lib/setup.js::exports.twice", 7),
    } <= found, found
    assert not any(dst.startswith("<builtin>.require.") for dst, _ in found)


def test_an_inline_require_pointed_elsewhere(tmp_path: Path) -> None:
    after: dict[str, str | None] = {
        "main.js": FILES["main.js"].replace(
            "require('./lib/util').helper()", "require('./lib/other').helper()"
        ),
        "lib/other.js": "exports.helper = function helper() { return 2 }\n",
    }
    graph = assert_incremental_equals_full(tmp_path, FILES, after)
    made = {dst for src, dst, _ in calls(graph) if src == "main.js::start"}
    assert "lib/other.js::exports.helper" in made and "lib/util.js::exports.helper" not in made


REEXPORTS = {
    "lib/multi.js": "function multi(streams) { return streams }\nmodule.exports = multi\n",
    "lib/json.js": "module.exports = function json(options) { return options }\n",
    "pino.js": "function pino(opts) { return opts }\nmodule.exports = pino\n"
    "module.exports.multistream = require('./lib/multi')\n",
    "parsers.js": "module.exports = { json: require('./lib/json') }\n",
    "test/multi.test.js": """const pino = require('../pino')
const parsers = require('../parsers')
const multistream = pino.multistream
function check() {
  pino.multistream([])
  multistream([])
  parsers.json({})
}
""",
}


def test_a_member_assigned_a_required_module_holds_it(repo: Path) -> None:
    found = {
        (dst, line)
        for src, dst, _, line in edges_of(repo, REEXPORTS)
        if src == "test/multi.test.js::check"
    }
    assert {
        ("lib/multi.js::multi", 5),
        ("lib/multi.js::multi", 6),
        ("lib/json.js::exports", 7),
    } <= found, found
