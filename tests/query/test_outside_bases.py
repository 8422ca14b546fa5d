"""A method with no caller in the repository that overrides one of a base from outside it
(a trait of a crate, a class of the standard library): code the graph does not read may
call it, and the facts say so, where the method's own code says it overrides."""

from __future__ import annotations

from pathlib import Path

from brownfield.model import Fact
from brownfield.query import evidence
from brownfield.query.context import Touchpoint
from tests.conftest import build_graph, git_init, write_files

RUST = {
    "src/lib.rs": "mod seq;\n",
    "src/seq.rs": """\
use serde::de;

pub struct Items { first: bool }

impl<'de> de::SeqAccess<'de>
    for Items
{
    fn next_element(&mut self) -> bool {
        self.first
    }
}

impl Items {
    pub fn reset(&mut self) {
        self.first = true;
    }
}
""",
    "tests/seq_test.rs": "#[test]\nfn nothing() {}\n",
}

JAVA = {
    "src/main/java/app/Names.java": """\
package app;

import java.util.AbstractList;

public class Names extends AbstractList<String> {
    public Names() {}

    @Override
    public String get(int index) { return "a"; }

    /**
     * Subclasses may override this.
     */
    public int unused() { return 1; }
}
""",
}

PYTHON = {
    "app/jar.py": """\
from collections.abc import MutableMapping


class Jar(MutableMapping):
    def __init__(self):
        self.items = {}

    def __getitem__(self, key):
        return self.items[key]

    def unused(self):
        return 1
""",
}


def facts_of(root: Path, files: dict[str, str], node_id: str) -> tuple[Fact, Fact]:
    """The callers and tests facts of `node_id` in a repository of `files`."""
    write_files(root, files)
    git_init(root)
    store = build_graph(root)
    try:
        node = store.node(node_id)
        assert node is not None
        callers = evidence.callers_fact(store, Touchpoint(node, 1.0, ()))
        assert callers is not None
        return callers, evidence.tests_fact(store, Touchpoint(node, 1.0, ()))
    finally:
        store.close()


def assert_exports(
    root: Path, files: dict[str, str], exporter: str, exported: list[str], kept: list[str]
) -> None:
    """Each definition of `exported` (node ids) ends its callers fact saying `exporter`
    (`package dump`) exports it; none of `kept` says it is exported."""
    for number, node_id in enumerate(exported):
        callers, _ = facts_of(root / f"e{number}", files, node_id)
        name = node_id.rpartition(".")[2].rpartition(":")[2]
        assert callers.statement.endswith(
            f"; {name} is exported by {exporter}: code outside the repository may call it."
        ), callers.statement
    for number, node_id in enumerate(kept):
        callers, _ = facts_of(root / f"n{number}", files, node_id)
        assert "exported" not in callers.statement, callers.statement


def test_a_method_of_a_trait_implemented_from_outside_may_be_called_there(
    tmp_path: Path,
) -> None:
    callers, tests = facts_of(tmp_path, RUST, "src/seq.rs::Items.next_element")
    outside = (
        "src.seq.Items has a base from outside the repository (serde.de.SeqAccess), whose "
        "code the graph does not read: it may call `next_element`"
    )
    assert callers.statement.startswith("No resolved caller of src.seq.Items.next_element")
    assert callers.statement.endswith(f"; {outside}."), callers.statement
    assert tests.statement.startswith("No test reaches src.seq.Items.next_element")
    assert tests.statement.endswith(f"; {outside}, and a test through it."), tests.statement


def test_a_method_that_overrides_nothing_from_outside_is_not_said_to_be_called_there(
    tmp_path: Path,
) -> None:
    """An inherent `impl Items` method, a Java method without `@Override`, a constructor,
    a Python method the language does not call: no base's code calls them."""
    cases = [
        (RUST, "src/seq.rs::Items.reset"),
        (JAVA, "src/main/java/app/Names.java::Names.unused"),
        (JAVA, "src/main/java/app/Names.java::Names.Names"),
        (PYTHON, "app/jar.py::Jar.unused"),
        (PYTHON, "app/jar.py::Jar.__init__"),
    ]
    for number, (files, node_id) in enumerate(cases):
        callers, tests = facts_of(tmp_path / str(number), files, node_id)
        assert "from outside the repository" not in callers.statement, callers.statement
        assert "from outside the repository" not in tests.statement, tests.statement


def test_an_override_said_so_in_java_or_a_python_special_method_may_be_called_there(
    tmp_path: Path,
) -> None:
    java, _ = facts_of(tmp_path / "java", JAVA, "src/main/java/app/Names.java::Names.get")
    assert java.statement.endswith(
        "; app.Names has a base from outside the repository (java.util.AbstractList), whose "
        "code the graph does not read: it may call `get`."
    ), java.statement
    python, _ = facts_of(tmp_path / "python", PYTHON, "app/jar.py::Jar.__getitem__")
    assert python.statement.endswith(
        "; app.jar.Jar has a base from outside the repository (collections.abc.MutableMapping), "
        "whose code the graph does not read: it may call `__getitem__`."
    ), python.statement


GO = {
    "go.mod": "module example.com/dump\n\ngo 1.19\n",
    "dump.go": """\
// Package dump writes responses out.
package dump

type Writer struct{ n int }

// DumpResponse writes a response.
func DumpResponse(body string) string { return trim(body) }

func (w *Writer) Flush() int { return w.n }

func (w *Writer) reset() { w.n = 0 }

func trim(s string) string { return s }

type buffer struct{ n int }

func (b *buffer) Len() int { return b.n }
""",
    "dump_test.go": """\
package dump

import "testing"

func TestDump(t *testing.T) {
	DumpResponse("x")
	w := &Writer{}
	w.reset()
	b := &buffer{}
	b.Len()
}
""",
    "internal/wire/wire.go": "package wire\n\nfunc Encode() int { return 1 }\n",
    "cmd/tool/main.go": "package main\n\nfunc Run() int { return 1 }\n",
}


def test_a_function_a_go_package_exports_may_be_called_outside_the_repository(
    tmp_path: Path,
) -> None:
    """httputil's `DumpResponse` "is called from only tests": it is the package's API. An
    unexported name, a method of an unexported type, an `internal/` package's function and
    a `main` package's are not exported."""
    assert_exports(
        tmp_path,
        GO,
        "package dump",
        [
            "dump.go::DumpResponse",
            "dump.go::Writer.Flush",
        ],
        [
            "dump.go::Writer.reset",
            "dump.go::trim",
            "dump.go::buffer.Len",
            "internal/wire/wire.go::Encode",
            "cmd/tool/main.go::Run",
        ],
    )


RUST_CRATE = {
    "Cargo.toml": '[package]\nname = "levels"\nversion = "0.1.0"\n',
    "src/lib.rs": """\
pub mod kv;
mod hidden;
pub use hidden::Shown;

pub fn max_level() -> usize { 3 }

pub(crate) fn inner() -> usize { 1 }

fn private() -> usize { 2 }

#[cfg(test)]
mod tests {
    pub fn helper() {}
}
""",
    "src/kv/mod.rs": "mod key;\npub use self::key::{Key, ToKey};\n",
    "src/kv/key.rs": """\
pub struct Key { n: usize }

impl Key {
    /// Makes a key.
    #[inline]
    pub fn from_str(s: &str) -> Key { Key { n: s.len() } }

    fn length(&self) -> usize { self.n }
}

struct Hidden;

impl Hidden {
    pub fn open(&self) {}
}
""",
    "src/hidden.rs": """\
pub struct Shown;

impl Shown {
    pub fn show(&self) {}
}

pub fn unseen() {}
""",
    "src/main.rs": "pub fn run() {}\n\nfn main() {}\n",
}


def test_a_function_a_rust_crate_exports_may_be_called_outside_the_repository(
    tmp_path: Path,
) -> None:
    """`log::max_level` has no caller in the crate: other crates call it. A function is
    exported when declared `pub` in a library crate, a method when its type is `pub` too,
    and each module on the way from `lib.rs` is `pub mod` or re-exports it (`pub use`).
    Neither `pub(crate)`, a private function, an inline private module's, a private type's
    method, a private module's function nobody re-exports nor a binary's is."""
    assert_exports(
        tmp_path,
        RUST_CRATE,
        "crate levels",
        [
            "src/lib.rs::max_level",
            "src/kv/key.rs::Key.from_str",  # `mod key;`, `pub use self::key::Key`
            "src/hidden.rs::Shown.show",  # `mod hidden;`, `pub use hidden::Shown`
        ],
        [
            "src/lib.rs::inner",
            "src/lib.rs::private",
            "src/lib.rs::tests.helper",
            "src/kv/key.rs::Key.length",
            "src/kv/key.rs::Hidden.open",
            "src/hidden.rs::unseen",
            "src/main.rs::run",
        ],
    )


JAVA_MODULE = {
    "src/main/java/module-info.java": (
        "module com.acme {\n    exports com.acme.api;\n    exports com.acme.impl to com.acme.test;\n}\n"
    ),
    "src/main/java/com/acme/api/Client.java": """\
package com.acme.api;

public class Client {
    public void send() {}
    void local() {}
    private void hidden() {}
    protected void hook() {}
    static class Inner {
        public void run() {}
    }
    public static class Open {
        public void go() {}
    }
}
""",
    "src/main/java/com/acme/api/Listener.java": """\
package com.acme.api;

public interface Listener {
    void onEvent();
}
""",
    "src/main/java/com/acme/api/Registry.java": """\
package com.acme.api;

public final class Registry {
    private Registry() {}
    public static Registry get() { return null; }
}
""",
    "src/main/java/com/acme/impl/Engine.java": """\
package com.acme.impl;

public class Engine {
    public void start() {}
}
""",
}


def test_a_method_a_java_package_exports_may_be_called_outside_the_repository(
    tmp_path: Path,
) -> None:
    """`HttpClient.newBuilder` is `java.net.http`'s API. A method is exported when it and
    every class holding it are `public` or `protected` (an interface's methods are public),
    in a package its module exports to every module; not a package-private or `private`
    method, one of a package-private class, nor one of a package exported to one module. So
    is a public class none of whose constructors is hidden (java.util.logging's
    `FileHandler` had "No resolved caller ... in the repository" and no more)."""
    api = "src/main/java/com/acme/api"
    assert_exports(
        tmp_path,
        JAVA_MODULE,
        "package com.acme.api",
        [
            f"{api}/Client.java::Client.send",
            f"{api}/Client.java::Client.hook",
            f"{api}/Client.java::Client.Open.go",
            f"{api}/Listener.java::Listener.onEvent",
            # a public class, made outside by its public constructor (here the default one)
            f"{api}/Client.java::Client",
            f"{api}/Client.java::Client.Open",
        ],
        [
            f"{api}/Registry.java::Registry",  # its one constructor is private
            f"{api}/Client.java::Client.Inner",
            "src/main/java/com/acme/impl/Engine.java::Engine",
            f"{api}/Client.java::Client.local",
            f"{api}/Client.java::Client.hidden",
            f"{api}/Client.java::Client.Inner.run",
            "src/main/java/com/acme/impl/Engine.java::Engine.start",
        ],
    )


PYTHON_LIBRARY = {
    "pyproject.toml": '[project]\nname = "shoplib"\nversion = "1.0"\n',
    "shoplib/__init__.py": "from shoplib.cart import total\nfrom shoplib._conn import (\n"
    "    Connection,\n    NEED_DATA,\n)\n",
    "shoplib/_conn.py": "NEED_DATA = object()\n\n\nclass Connection:\n"
    "    def next_event(self):\n        return self._buffer()\n\n"
    "    def _buffer(self):\n        return NEED_DATA\n\n\ndef unlisted():\n    return 6\n",
    "shoplib/cart.py": """\
def total(items):
    return sum(items)


def _helper():
    return 1


class Cart:
    def add(self, item):
        return item

    def _grow(self):
        return 2

    def __len__(self):
        return 0


class _Basket:
    def run(self):
        return 3


def outer():
    def inner():
        return 4

    return inner
""",
    "shoplib/_impl.py": "def work():\n    return 5\n",
    "noxfile.py": "def lint(session):\n    return session\n",
    "tests/test_cart.py": "from shoplib.cart import total\n\n\ndef test_total():\n"
    "    assert total([1]) == 1\n",
}


def test_a_function_a_python_library_exports_may_be_called_outside_the_repository(
    tmp_path: Path,
) -> None:
    """`packaging.version.parse`, "called from only tests" in its own repository, is the
    library's API: in a repository with packaging metadata, a public function of a package's
    module, or a public or special method of a public class there, may be called outside.
    Neither a `_` name nor one in a `_` module or class (but what a package's `__init__.py`
    imports from a `_` module), a function inside a function, a
    script beside the package, nor any function of a repository without the metadata is."""
    assert_exports(
        tmp_path,
        PYTHON_LIBRARY,
        "package shoplib",
        [
            "shoplib/cart.py::total",
            "shoplib/cart.py::Cart.add",
            "shoplib/cart.py::Cart.__len__",
            "shoplib/cart.py::Cart",  # a class is called to make one
            # a `_` module's class the package imports into its `__init__.py` (h11's
            # `from h11._connection import Connection`), and its public methods
            "shoplib/_conn.py::Connection",
            "shoplib/_conn.py::Connection.next_event",
        ],
        [
            "shoplib/cart.py::_Basket",
            "shoplib/cart.py::_helper",
            "shoplib/cart.py::Cart._grow",
            "shoplib/cart.py::_Basket.run",
            "shoplib/cart.py::outer.inner",
            "shoplib/_impl.py::work",
            "shoplib/_conn.py::unlisted",
            "shoplib/_conn.py::Connection._buffer",
            "noxfile.py::lint",
        ],
    )
    application = {k: v for k, v in PYTHON_LIBRARY.items() if k != "pyproject.toml"}
    callers, _ = facts_of(tmp_path / "app", application, "shoplib/cart.py::total")
    assert "exported" not in callers.statement, callers.statement


PHP_LIBRARY = {
    "composer.json": '{\n  "name": "acme/router",\n  "type": "library",\n'
    '  "authors": [{"name": "Ann"}]\n}\n',
    "src/Router.php": """<?php
namespace Acme\\Router;

class Router
{
    public function dispatch($uri)
    {
        return $this->match($uri);
    }

    private function match($uri)
    {
        return $uri;
    }

    function route($path)
    {
        return $path;
    }
}

function helper($x)
{
    return $x;
}
""",
    "bin/run.php": "<?php\nfunction main() { return 0; }\n",
    "tests/RouterTest.php": "<?php\nnamespace Acme\\Router\\Tests;\n\nclass RouterTest\n{\n"
    "    public function testDispatch() { (new \\Acme\\Router\\Router())->dispatch('/'); }\n}\n",
}


def test_a_method_a_composer_library_exports_may_be_called_outside_the_repository(
    tmp_path: Path,
) -> None:
    """nikic/fast-route's `Dispatcher::dispatch` is the package's API: in a Composer library,
    a function or a method not `private` of a namespaced file may be called outside. Not a
    private method, a file with no namespace (a script), nor anything of an application
    (`"type": "project"`) or of a repository without `composer.json`."""
    assert_exports(
        tmp_path,
        PHP_LIBRARY,
        "package acme/router",
        [
            "src/Router.php::Router.dispatch",
            "src/Router.php::Router.route",
            "src/Router.php::helper",
        ],
        ["src/Router.php::Router.match", "bin/run.php::main"],
    )
    application = dict(PHP_LIBRARY)
    application["composer.json"] = '{"name": "acme/site", "type": "project"}\n'
    callers, _ = facts_of(tmp_path / "app", application, "src/Router.php::Router.dispatch")
    assert "exported" not in callers.statement, callers.statement
    unpackaged = {k: v for k, v in PHP_LIBRARY.items() if k != "composer.json"}
    callers, _ = facts_of(tmp_path / "bare", unpackaged, "src/Router.php::Router.dispatch")
    assert "exported" not in callers.statement, callers.statement


ANONYMOUS = {
    "src/main/java/app/Cache.java": """\
package app;

import java.security.AccessController;
import java.security.PrivilegedAction;

public class Cache {
    public void load() {
        AccessController.doPrivileged(new PrivilegedAction<Void>() {
            public Void run() { return null; }
        });
    }
}
""",
    "src/test/java/app/CacheTest.java": """\
package app;

public class CacheTest {
    public void testNothing() {}
}
""",
}


def test_a_method_of_an_object_a_method_makes_may_be_called_where_the_object_goes(
    tmp_path: Path,
) -> None:
    """java.prefs: "No resolved caller of FileSystemPreferences.loadCache.run ...; no
    unresolved call is named `run` either." and nothing more, for the `run` of an anonymous
    `PrivilegedExceptionAction` that `AccessController.doPrivileged`, outside the
    repository, runs. A method of a class is no such method (above)."""
    callers, tests = facts_of(tmp_path, ANONYMOUS, "src/main/java/app/Cache.java::Cache.load.run")
    handed = (
        "; run is a method of an object made inside app.Cache.load (an anonymous class or an "
        "object literal): whatever that object is handed to, here or outside the repository, "
        "may call `run` without naming it"
    )
    assert callers.statement.startswith("No resolved caller of app.Cache.load.run")
    assert callers.statement.endswith(f"{handed}."), callers.statement
    assert tests.statement.endswith(f"{handed}, and a test through it."), tests.statement
    for number, (files, node_id) in enumerate(
        [(JAVA, "src/main/java/app/Names.java::Names.unused"), (RUST, "src/seq.rs::Items.reset")]
    ):
        callers, tests = facts_of(tmp_path / str(number), files, node_id)
        assert "object made inside" not in callers.statement + tests.statement


HANDLERS = {
    "lib/xhr.js": """\
const settings = {};

settings.onchange = function onchange() {
  return 'settings';
};

function send(request) {
  request.onreadystatechange = function handleLoad() {
    return request.readyState;
  };
  exports.unused = function unused() {
    return 0;
  };
  request.send();
}

module.exports = { send, settings };
""",
    "test/xhr.test.js": "const { send } = require('../lib/xhr');\n\n"
    "function testSend() {\n  send({ send() {} });\n}\n",
}


def test_a_function_assigned_to_an_outside_object_may_be_called_by_whoever_holds_it(
    tmp_path: Path,
) -> None:
    """axios: "No resolved caller of lib.adapters.xhr.request.onreadystatechange ...; no
    unresolved call is named `onreadystatechange` either." and no more, for the handler
    the browser's XMLHttpRequest calls. A member of an object the repository defines, or
    of the module object, is no such function."""
    callers, tests = facts_of(tmp_path, HANDLERS, "lib/xhr.js::send.request.onreadystatechange")
    handed = (
        "; onreadystatechange is an event handler assigned to `request.onreadystatechange`, a "
        "member of an object the repository does not define: whatever holds that object, here "
        "or outside the repository, may call `onreadystatechange` without naming it"
    )
    assert callers.statement.startswith(
        "No resolved caller of lib.xhr.send.request.onreadystatechange"
    )
    assert callers.statement.endswith(f"{handed}."), callers.statement
    assert tests.statement.endswith(f"{handed}, and a test through it."), tests.statement
    for number, node_id in enumerate(
        ["lib/xhr.js::settings.onchange", "lib/xhr.js::send.exports.unused"]
    ):
        callers, tests = facts_of(tmp_path / str(number), HANDLERS, node_id)
        assert "does not define" not in callers.statement + tests.statement
