"""`callers` and `callees`: recursion, dynamic dispatch apart, and how complete an answer is."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from brownfield.cli import app
from tests.conftest import build_graph

runner = CliRunner()

SHAPES = {
    "shapes.py": """
        class Shape:
            def describe(self):
                return self.area()

            def area(self):
                return 0


        class Square(Shape):
            def area(self):
                return 4


        def show(shape):
            return shape.describe()


        def countdown(n):
            if n:
                countdown(n - 1)


        def report(unknown):
            unknown.area()
            unknown.render()
        """,
}


def answer(root: Path, *args: str) -> dict[str, Any]:
    result = runner.invoke(app, [*args, "--repo", str(root), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def text(root: Path, *args: str) -> list[str]:
    result = runner.invoke(app, [*args, "--repo", str(root)])
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


@pytest.fixture
def shapes(repo: Path) -> Path:
    build_graph(repo, SHAPES).close()
    return repo


def test_a_recursive_function_is_among_its_own_callers(shapes: Path) -> None:
    data = answer(shapes, "callers", "countdown")
    assert [(r["id"], r["site"]) for r in data["results"]] == [
        ("shapes.py::countdown", "shapes.py:20")
    ]
    callees = answer(shapes, "callees", "countdown", "--depth", "3")
    assert [(r["id"], r["distance"]) for r in callees["results"]] == [("shapes.py::countdown", 1)]


@pytest.mark.parametrize(
    ("path", "source", "symbol", "site"),
    [
        (
            "walk.js",
            "function walk(n) {\n  if (n) { walk(n - 1); }\n}\n",
            "walk.js::walk",
            "walk.js:2",
        ),
        (
            "walk.go",
            "package walk\n\nfunc Walk(n int) {\n\tif n > 0 {\n\t\tWalk(n - 1)\n\t}\n}\n",
            "walk.go::Walk",
            "walk.go:5",
        ),
        (
            "Walk.java",
            "class Walk {\n  static void walk(int n) {\n    if (n > 0) { walk(n - 1); }\n  }\n}\n",
            "Walk.java::Walk.walk",
            "Walk.java:3",
        ),
    ],
)
def test_recursion_shows_in_every_language(
    repo: Path, path: str, source: str, symbol: str, site: str
) -> None:
    build_graph(repo, {path: source}).close()
    data = answer(repo, "callers", symbol)
    assert [r["site"] for r in data["results"]] == [site]


def test_overrides_are_listed_apart_and_filtered_by_confidence(shapes: Path) -> None:
    data = answer(shapes, "callers", "shapes.Square.area")
    assert data["results"] == []
    assert [(r["id"], r["resolution"]) for r in data["dispatch"]] == [
        ("shapes.py::Shape.describe", "override")
    ]
    lines = text(shapes, "callers", "shapes.Square.area")
    assert lines[1] == "dynamic dispatch (may run instead of the named target, at run time):"
    assert "override" in lines[3]
    static_only = answer(shapes, "callers", "shapes.Square.area", "--min-confidence", "unique-name")
    assert static_only["dispatch"] == [] and static_only["results"] == []
    base = answer(shapes, "callers", "shapes.Shape.area")
    assert [(r["id"], r["resolution"]) for r in base["results"]] == [
        ("shapes.py::Shape.describe", "self")
    ]


def test_callers_count_unresolved_calls_of_the_same_name(shapes: Path) -> None:
    data = answer(shapes, "callers", "shapes.Shape.describe")
    # `shape.describe()` on a parameter: one method named describe, so unique-name
    assert [(r["id"], r["resolution"]) for r in data["results"]] == [
        ("shapes.py::show", "unique-name")
    ]
    area = answer(shapes, "callers", "shapes.Shape.area")
    # `unknown.area()`: two methods are named area, the call stays unresolved
    assert area["unresolved"] == {
        "name": "area",
        "names": ["area"],
        "count": 1,
        "outside": [],
        "exported": None,
        "sites": [],
    }
    possible = answer(shapes, "callers", "shapes.Shape.area", "--possible")
    assert possible["unresolved"]["sites"] == [
        {
            "src": "shapes.py::report",
            "callee": "unknown.area",
            "site": "shapes.py:24",
            "reason": "unknown-receiver",
        }
    ]
    lines = text(shapes, "callers", "shapes.Shape.area", "--possible")
    assert "unresolved: 1 unresolved call site(s) named `area` may also call it" in lines
    assert lines[-1].split() == [
        "shapes.py:24",
        "unknown.area",
        "shapes.py::report",
        "unknown-receiver",
        "possible",
    ]


def test_calls_through_a_key_count_towards_the_method_named_by_it(repo: Path) -> None:
    """`peer[kConnect]()` on a parameter, with two classes having a method named by the
    key: unresolved, and counted (and listed) for each of them, as `unknown.area()` is."""
    build_graph(
        repo,
        {
            "client.js": """
                const kConnect = Symbol('connect')
                class Client { [kConnect] () { return 1 } }
                class Other { [kConnect] () { return 2 } }
                function reconnect (peer) { return peer[kConnect]() }
                module.exports = { Client, Other, reconnect }
                """,
        },
    ).close()
    data = answer(repo, "callers", "client.js::Client.[kConnect]", "--possible")
    assert data["results"] == []
    assert data["unresolved"]["count"] == 1
    assert [s["callee"] for s in data["unresolved"]["sites"]] == ["peer[kConnect]"]


def test_calls_on_a_class_from_outside_are_no_possible_callers(repo: Path) -> None:
    """Ruby's pstore: `PStore#dump` calls `Marshal.dump`, a module no file here defines:
    such a call never reaches the repository's `dump`, and the answer counted it as one
    that may. A call on a value of unknown type still may."""
    build_graph(
        repo,
        {
            "lib/store.rb": """
                class Store
                  def save(table)
                    dump(table)
                  end

                  def dump(table)
                    Marshal.dump(table)
                  end

                  def load(content)
                    Marshal.load(content)
                  end
                end
                """,
            "lib/cache.rb": """
                class Cache
                  def refresh(codec, raw)
                    codec.load(raw)
                  end
                end
                """,
        },
    ).close()
    data = answer(repo, "callers", "lib/store.rb::Store.dump", "--possible")
    assert [r["symbol"] for r in data["results"]] == ["lib.store.Store.save"]
    assert data["unresolved"]["count"] == 0, data["unresolved"]
    data = answer(repo, "callers", "lib/store.rb::Store.load", "--possible")
    assert [s["callee"] for s in data["unresolved"]["sites"]] == ["codec.load"]


def test_a_call_on_an_unbound_name_the_repository_defines_may_still_reach_it(
    repo: Path,
) -> None:
    """Browser scripts share their globals: `Helper` is bound in no module of `main.js`,
    and `helper.js` defines a class of that name: the call may be to it."""
    build_graph(
        repo,
        {
            "web/helper.js": """
                class Helper {
                  static run () { return 1 }
                }
                """,
            "web/main.js": """
                function main () {
                  return Helper.run()
                }
                """,
        },
    ).close()
    data = answer(repo, "callers", "web/helper.js::Helper.run", "--possible")
    assert [(s["callee"], s["reason"]) for s in data["unresolved"]["sites"]] == [
        ("Helper.run", "unknown-name")
    ]


def test_a_method_s_own_call_through_super_is_no_possible_caller_of_it(repo: Path) -> None:
    """Ruby's tempfile: `Tempfile#initialize` calls `super(@tmpfile)`, its outside base's:
    the answer counted that call as one that may reach `initialize` itself. Another
    method's call through `super` is still counted."""
    build_graph(
        repo,
        {
            "lib/temp.rb": """
                class Temp < DelegateClass(File)
                  def initialize(path)
                    super(path)
                  end
                end

                class Other < Base
                  def initialize
                    super
                  end
                end
                """,
        },
    ).close()
    data = answer(repo, "callers", "lib/temp.rb::Temp.initialize", "--possible")
    assert [s["site"] for s in data["unresolved"]["sites"]] == ["lib/temp.rb:9"]
    data = answer(repo, "callers", "lib/temp.rb::Other.initialize", "--possible")
    assert [s["site"] for s in data["unresolved"]["sites"]] == ["lib/temp.rb:3"]


def test_a_bare_call_is_no_possible_caller_of_a_python_method(repo: Path) -> None:
    """A Python method is called on a receiver: `send(packet)`, a name bound nowhere, calls
    some function `send`, never `Channel.send`; `link.send(packet)` may."""
    build_graph(
        repo,
        {
            "net/channel.py": """
                class Channel:
                    def send(self, packet):
                        return packet


                class Socket:
                    def send(self, packet):
                        return packet


                def relay(link, packet):
                    send(packet)
                    return link.send(packet)
                """,
        },
    ).close()
    data = answer(repo, "callers", "net/channel.py::Channel.send", "--possible")
    assert [s["callee"] for s in data["unresolved"]["sites"]] == ["link.send"], data


def test_callees_count_their_own_unresolved_calls(shapes: Path) -> None:
    data = answer(shapes, "callees", "report", "--possible")
    assert data["results"] == []
    assert data["unresolved"]["count"] == 2
    assert [u["callee"] for u in data["unresolved"]["sites"]] == ["unknown.area", "unknown.render"]
    assert text(shapes, "callees", "countdown")[-1] == (
        "unresolved: no unresolved call site is in it"
    )
