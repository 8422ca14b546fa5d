"""The graph and query commands through the real command line (CliRunner and a subprocess)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from typer.testing import CliRunner

from brownfield.cli import app
from brownfield.graph.builder import build_lock
from tests.conftest import write_files

FILES = {
    "shop/__init__.py": "",
    "shop/cart.py": """
        from shop.pay import charge

        def checkout(total):
            return charge(total)
        """,
    "shop/pay.py": """
        def charge(amount):
            return validate(amount)

        def validate(amount):
            return amount > 0
        """,
    "jobs.py": """
        from shop.pay import charge
        from shop.cart import checkout

        def retry_failed():
            charge(1)
            checkout(2)
        """,
    "other.py": "def validate():\n    pass\n",
}

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def shop(repo: Path) -> Path:
    write_files(repo, FILES)
    code, out, err = run("graph", "build", "--repo", str(repo))
    assert code == 0, err
    return repo


def test_build_prints_a_summary(repo: Path) -> None:
    write_files(repo, FILES)
    code, out, _ = run("graph", "build", "--repo", str(repo))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "files    5 parsed, 0 unchanged, 0 removed, 0 skipped"
    assert lines[1] == "nodes    10 (function 5, module 5)"
    assert lines[3] == "calls    4 resolved, 0 unresolved"
    code, out, _ = run("graph", "build", "--repo", str(repo), "--json")
    data = json.loads(out)
    assert (data["parsed"], data["unchanged"]) == (0, 5)


def test_callers_text_cites_call_sites(shop: Path) -> None:
    code, out, _ = run("callers", "shop.pay.charge", "--depth", "2", "--repo", str(shop))
    assert code == 0
    # checkout's only caller, retry_failed, was already reached at distance 1
    assert out.splitlines() == [
        "callers of shop.pay.charge (shop/pay.py:1), depth 2",
        "  dist  site            symbol              kind      how",
        "  1     jobs.py:5       jobs.retry_failed   function  import",
        "  1     shop/cart.py:4  shop.cart.checkout  function  import",
        "unresolved: no unresolved call site is named `charge`",
    ]
    # a caller outside production code says what it is, as `impact` marks it
    write_files(
        shop,
        {
            "tests/test_pay.py": "from shop.pay import charge\n\n\ndef test_charge():\n    charge(1)\n"
        },
    )
    assert run("graph", "build", "--repo", str(shop))[0] == 0
    out = run("callers", "shop.pay.charge", "--repo", str(shop))[1]
    assert (
        "  1     tests/test_pay.py:5  tests.test_pay.test_charge [test]  function  import" in out
    ), out


def test_callers_of_an_override_of_an_outside_base_say_code_there_may_call_it(
    repo: Path,
) -> None:
    """`__getitem__` of a `MutableMapping` has no caller here, but `collections.abc`'s code
    calls it: "(none)" alone read as dead code."""
    write_files(
        repo,
        {
            "jar.py": "from collections.abc import MutableMapping\n\n\n"
            "class Jar(MutableMapping):\n    def __getitem__(self, key):\n        return key\n"
        },
    )
    assert run("graph", "build", "--repo", str(repo))[0] == 0
    code, out, _ = run("callers", "jar.Jar.__getitem__", "--repo", str(repo))
    assert code == 0
    assert out.splitlines()[1:] == [
        "  (none)",
        "unresolved: no unresolved call site is named `__getitem__`",
        "outside: jar.Jar has a base from outside the repository "
        "(collections.abc.MutableMapping), whose code the graph does not read: it may call "
        "it too",
    ]
    data = json.loads(run("callers", "jar.Jar.__getitem__", "--json", "--repo", str(repo))[1])
    assert data["unresolved"]["outside"] == ["collections.abc.MutableMapping"]


@pytest.mark.parametrize(
    ("files", "exporter"),
    [
        (
            {
                "go.mod": "module example.com/dump\n\ngo 1.19\n",
                "dump.go": "package dump\n\nfunc Dump() int { return trim() }\n\n"
                "func trim() int { return 1 }\n",
            },
            "package dump",
        ),
        (
            {
                "Cargo.toml": '[package]\nname = "dump"\n',
                "src/lib.rs": "pub fn Dump() -> i32 { trim() }\n\nfn trim() -> i32 { 1 }\n",
            },
            "crate dump",
        ),
    ],
    ids=["go", "rust"],
)
def test_callers_of_a_function_a_library_exports_say_code_outside_may_call_it(
    repo: Path, files: dict[str, str], exporter: str
) -> None:
    """httputil's `DumpResponse`, `log::max_level`: "called from only tests" or by nothing
    here, the package's or the crate's API."""
    write_files(repo, files)
    assert run("graph", "build", "--repo", str(repo))[0] == 0
    code, out, _ = run("callers", "Dump", "--repo", str(repo))
    assert code == 0
    assert out.splitlines()[1:] == [
        "  (none)",
        "unresolved: no unresolved call site is named `Dump`",
        f"outside: Dump is exported by {exporter}: code outside the repository may call it",
    ]
    data = json.loads(run("callers", "Dump", "--json", "--repo", str(repo))[1])
    assert data["unresolved"]["exported"] == "dump"
    data = json.loads(run("callers", "trim", "--json", "--repo", str(repo))[1])
    assert data["unresolved"]["exported"] is None
    assert "outside:" not in run("callers", "trim", "--repo", str(repo))[1]


def test_callers_json_is_sorted_and_complete(shop: Path) -> None:
    code, out, _ = run("callers", "shop/pay.py::charge", "--json", "--repo", str(shop))
    assert code == 0
    data = json.loads(out)
    assert [(r["id"], r["site"], r["distance"]) for r in data["results"]] == [
        ("jobs.py::retry_failed", "jobs.py:5", 1),
        ("shop/cart.py::checkout", "shop/cart.py:4", 1),
    ]
    assert data["stale"] == []
    assert data["start"][0]["line"] == 1


def test_callees_by_bare_name(shop: Path) -> None:
    code, out, _ = run("callees", "checkout", "--json", "--repo", str(shop))
    assert code == 0
    assert [r["id"] for r in json.loads(out)["results"]] == ["shop/pay.py::charge"]


def test_the_end_of_a_dotted_name_names_a_definition(shop: Path) -> None:
    code, out, _ = run("callers", "pay.charge", "--json", "--repo", str(shop))
    assert code == 0
    assert json.loads(out)["start"][0]["id"] == "shop/pay.py::charge"
    code, _, err = run("callers", "y.charge", "--repo", str(shop))  # a word's end is not a name's
    assert code == 1 and err.startswith("error: unknown symbol: y.charge")


def test_a_name_written_with_colons_or_a_hash_names_a_definition(repo: Path) -> None:
    """A Ruby user writes `URI::Generic.default_port` (the class method) and
    `URI::Generic#default_port` (the instance method): the graph's dotted names, the class
    method first where both exist (`default_port~self`)."""
    write_files(
        repo,
        {
            "generic.rb": (
                "module Net\n"
                "  class Generic\n"
                "    def self.port\n"
                "      80\n"
                "    end\n"
                "    def port\n"
                "      self.class.port\n"
                "    end\n"
                "    def self.build\n"
                "      new\n"
                "    end\n"
                "  end\n"
                "end\n"
            )
        },
    )
    assert run("graph", "build", "--repo", str(repo))[0] == 0
    for written, meant in [
        ("Net::Generic.port", "generic.rb::Net.Generic.port~self"),
        ("Net::Generic::port", "generic.rb::Net.Generic.port~self"),
        ("Net::Generic#port", "generic.rb::Net.Generic.port"),
        ("Net::Generic.build", "generic.rb::Net.Generic.build"),
        ("Net.Generic.port", "generic.rb::Net.Generic.port"),
    ]:
        code, out, err = run("callers", written, "--json", "--repo", str(repo))
        assert code == 0, err
        assert json.loads(out)["start"][0]["id"] == meant, written
    code, _, err = run("callers", "Net::Nothing.port", "--repo", str(repo))
    assert code == 1 and err.startswith("error: unknown symbol: Net::Nothing.port")


def test_ambiguous_bare_name_lists_candidates(shop: Path) -> None:
    code, out, err = run("callers", "validate", "--repo", str(shop))
    assert code == 1
    assert err == (
        "error: 'validate' matches 2 definitions; use one of: other.py::validate, "
        "shop/pay.py::validate\n"
    )


def test_a_name_in_javascript_and_its_declaration_beside_it_names_the_javascript(
    repo: Path,
) -> None:
    """dotenv: `brownfield callers parse` said "'parse' matches 2 definitions; use one of:
    lib/main.d.ts::parse, lib/main.js::parse": the declaration only types the code."""
    write_files(
        repo,
        {
            "lib/main.js": "function parse (src) { return {} }\n"
            "function config () { return parse('') }\nmodule.exports = { parse, config }\n",
            "lib/main.d.ts": "export function parse(src: string): object;\n",
        },
    )
    assert run("graph", "build", "--repo", str(repo))[0] == 0
    code, out, err = run("callers", "parse", "--json", "--repo", str(repo))
    assert code == 0, err
    assert json.loads(out)["start"][0]["id"] == "lib/main.js::parse"
    write_files(repo, {"lib/other.js": "function parse (x) { return x }\n"})
    assert run("graph", "build", "--repo", str(repo))[0] == 0
    code, _, err = run("callers", "parse", "--repo", str(repo))  # two JavaScript ones: ask
    assert code == 1 and "matches 3 definitions" in err, err


def test_errors_are_one_line(shop: Path, tmp_path: Path) -> None:
    cases = [
        (
            ("callers", "nothing_here", "--repo", str(shop)),
            1,
            "error: unknown symbol: nothing_here",
        ),
        (
            ("callers", "charge", "--depth", "-1", "--repo", str(shop)),
            2,
            "error: --depth must be 0",
        ),
        (
            ("callers", "charge", "--repo", str(tmp_path / "missing")),
            1,
            "error: repository not found",
        ),
        (("stats", "--repo", str(shop / "jobs.py")), 1, "error: repository is not a folder"),
        (("stats", "--repo", str(tmp_path)), 1, "error: no graph at"),
        (("graph", "query", "--file", "../x.py", "--repo", str(shop)), 1, "error: path is outside"),
    ]
    for args, expected_code, prefix in cases:
        code, out, err = run(*args)
        assert (code, err.count("\n")) == (expected_code, 1), (args, err)
        assert err.startswith(prefix), (args, err)
        assert "Traceback" not in err


def test_corrupt_graph_is_a_clear_error(shop: Path) -> None:
    for suffix in ("-wal", "-shm"):
        Path(f"{shop}/.brownfield/graph.db{suffix}").unlink(missing_ok=True)
    (shop / ".brownfield/graph.db").write_bytes(b"garbage" * 1000)
    code, _, err = run("callers", "charge", "--repo", str(shop))
    assert code == 1
    assert err.startswith("error: the graph store") and "corrupt" in err


def test_locked_build_fails_with_a_message(shop: Path) -> None:
    with build_lock(shop.resolve(), timeout=1):
        code, _, err = run("graph", "build", "--repo", str(shop), "--wait", "0.2")
    assert code == 1
    assert err.startswith("error: another build of")


def test_graph_query_file(shop: Path) -> None:
    code, out, _ = run("graph", "query", "--file", "shop/pay.py", "--json", "--repo", str(shop))
    assert code == 0
    data = json.loads(out)
    assert data["file"] == {
        "path": "shop/pay.py",
        "missing": False,
        "parse_status": "ok",
        "stale": False,
    }
    assert [s["id"] for s in data["start"]] == [
        "shop/pay.py",
        "shop/pay.py::charge",
        "shop/pay.py::validate",
    ]
    rows = {(r["distance"], r["id"], r["site"], r["relation"]) for r in data["results"]}
    assert (1, "shop/cart.py::checkout", "shop/cart.py:4", "calls") in rows
    assert (1, "shop/cart.py", "shop/cart.py:1", "imports") in rows
    assert (1, "jobs.py::retry_failed", "jobs.py:5", "calls") in rows
    assert (2, "jobs.py::retry_failed", "jobs.py:6", "calls") not in rows  # seen at distance 1


def test_graph_query_missing_file_is_marked_not_crashing(shop: Path) -> None:
    code, out, _ = run("graph", "query", "--file", "nope.py", "--json", "--repo", str(shop))
    assert code == 0
    data = json.loads(out)
    assert data["file"]["missing"] is True and data["results"] == [] and data["start"] == []
    code, out, _ = run("graph", "query", "--file", "nope.py", "--repo", str(shop))
    assert out == "nope.py: not in the graph (missing)\n"


def test_stale_file_is_reported(shop: Path) -> None:
    (shop / "jobs.py").write_text("def retry_failed():\n    pass\n")
    code, out, _ = run("callers", "shop.pay.charge", "--json", "--repo", str(shop))
    assert json.loads(out)["stale"] == ["jobs.py"]


def test_search_ranks_exact_names_first(shop: Path) -> None:
    code, out, _ = run("search", "charge", "--json", "--repo", str(shop))
    results = json.loads(out)["results"]
    assert results[0]["id"] == "shop/pay.py::charge"


def test_stats(shop: Path) -> None:
    code, out, _ = run("stats", "--json", "--repo", str(shop))
    data = json.loads(out)
    assert data["languages"]["python"] == {
        "files": 5,
        "definitions": 5,
        "calls": 4,
        "unresolved": 0,
    }
    assert data["edges"]["calls"] == 4


@pytest.mark.parametrize("fmt", ["json", "callgraph-json", "dot", "mermaid"])
def test_export_formats(shop: Path, fmt: str) -> None:
    code, out, _ = run("graph", "export", "--format", fmt, "--repo", str(shop))
    assert code == 0
    if fmt == "callgraph-json":
        assert json.loads(out)["jobs.retry_failed"] == ["shop.cart.checkout", "shop.pay.charge"]
    elif fmt == "dot":
        assert (
            out.startswith("digraph brownfield {")
            and '"jobs.py::retry_failed" -> "shop/pay.py::charge"' in out
        )
    elif fmt == "mermaid":
        assert out.startswith("graph LR\n") and "-->|calls|" in out
    else:
        assert {"nodes", "edges", "unresolved", "meta"} <= set(json.loads(out))


def test_graphml_export_holds_the_graph_for_graph_tools(shop: Path) -> None:
    code, out, _ = run("graph", "export", "--format", "graphml", "--repo", str(shop))
    assert code == 0
    ns = {"g": "http://graphml.graphdrawing.org/xmlns"}
    root = ElementTree.fromstring(out)
    names = {key.get("id"): key.get("attr.name") for key in root.findall("g:key", ns)}

    def data(element: ElementTree.Element) -> dict[str, str]:
        return {names[d.get("key")]: d.text or "" for d in element.findall("g:data", ns)}

    nodes = {n.get("id"): data(n) for n in root.iterfind("g:graph/g:node", ns)}
    edges = {
        (e.get("source"), e.get("target"), data(e)["kind"])
        for e in root.iterfind("g:graph/g:edge", ns)
    }
    assert nodes["shop/pay.py::charge"] == {
        "qualname": "shop.pay.charge",
        "kind": "function",
        "path": "shop/pay.py",
        "line": "1",
    }
    assert ("jobs.py::retry_failed", "shop/pay.py::charge", "calls") in edges
    assert ("jobs.py", "shop/cart.py", "imports") in edges  # `from shop.cart import checkout`
    assert not any(kind == "contains" for _, _, kind in edges)  # drawn by the ids' paths
    _, whole, _ = run("graph", "export", "--format", "json", "--repo", str(shop))
    graph = json.loads(whole)
    assert set(nodes) == {n["id"] for n in graph["nodes"]}
    assert edges == {
        (e["src"], e["dst"], e["kind"]) for e in graph["edges"] if e["kind"] != "contains"
    }


def test_graphml_export_writes_what_xml_cannot_hold_as_escapes(tmp_path: Path) -> None:
    odd = "b\x01c"  # a folder name holding a control character
    write_files(tmp_path, {f"{odd}/m.py": "def f():\n    pass\n"})
    assert run("graph", "build", "--repo", str(tmp_path))[0] == 0
    code, out, _ = run("graph", "export", "--format", "graphml", "--repo", str(tmp_path))
    assert code == 0
    ids = {n.get("id") for n in ElementTree.fromstring(out).iter() if n.tag.endswith("node")}
    assert "b\\x01c/m.py::f" in ids


def test_unknown_export_format(shop: Path) -> None:
    code, _, err = run("graph", "export", "--format", "xml", "--repo", str(shop))
    assert code == 2 and err.startswith("error: unknown format 'xml'")


def test_every_command_has_help() -> None:
    import typer

    from brownfield.cli import app

    def paths(group: Any, prefix: list[str]) -> list[list[str]]:
        found = []
        context = type(group).context_class(group)
        for name in group.list_commands(context):
            command = group.get_command(context, name)
            if hasattr(command, "list_commands"):  # a group of commands
                found += paths(command, [*prefix, name])
            else:
                found.append([*prefix, name])
        return found

    commands = paths(typer.main.get_command(app), [])
    assert {"impact", "context", "mcp", "interview", "callers"} <= {c[-1] for c in commands}
    assert ["graph", "build"] in commands
    for command in commands:
        code, out, _ = run(*command, "--help")
        assert code == 0 and "Usage:" in out and len(out.splitlines()) > 4, command


def test_console_script_runs_in_a_fresh_process(shop: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "brownfield", "callers", "charge", "--repo", str(shop)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "shop/cart.py:4" in done.stdout
