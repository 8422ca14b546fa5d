"""`brownfield impact` and `brownfield context` on small repositories, through the CLI."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from brownfield.cli import app
from brownfield.graph.builder import build
from tests.conftest import git_init, write_files

PROJECT = {
    "shop/pricing.py": (
        "def subtotal(items):\n"  # 1
        "    return sum(items)\n"  # 2
        "\n"
        "def total(items):\n"  # 4
        "    return subtotal(items) + 1\n"  # 5
    ),
    "shop/cart.py": (
        "from shop.pricing import total\n"  # 1
        "\n"
        "def checkout(items):\n"  # 3
        "    return total(items)\n"  # 4
    ),
    "tests/test_cart.py": (
        "from shop.cart import checkout\n"  # 1
        "\n"
        "def test_checkout():\n"  # 3
        "    assert checkout([1]) == 2\n"  # 4
    ),
}


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    write_files(root, PROJECT)
    git_init(root)
    build(root, workers=1)
    return root


def run(root: Path, *args: str) -> dict:  # type: ignore[type-arg]
    result = CliRunner().invoke(app, [*args, "--repo", str(root), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)  # type: ignore[no-any-return]


def test_a_changed_function_reaches_its_callers_by_distance(shop: Path) -> None:
    (shop / "shop/pricing.py").write_text(PROJECT["shop/pricing.py"].replace("+ 1", "+ 2"))
    data = run(shop, "impact", "--diff", "HEAD")
    assert [(c["id"], c["status"]) for c in data["changed"]] == [
        ("shop/pricing.py::total", "changed")
    ]
    reached = [(r["distance"], r["id"], r["site"], r["test"]) for r in data["results"]]
    assert reached == [
        (1, "shop/cart.py::checkout", "shop/cart.py:4", False),
        (2, "tests/test_cart.py::test_checkout", "tests/test_cart.py:4", True),
    ]
    assert data["summary"] == "1 definitions changed, 2 callers affected in 2 files, 1 tests"
    assert data["stale"] == ["shop/pricing.py"]  # the graph was built before the edit


def test_a_changed_file_counts_every_definition(shop: Path) -> None:
    data = run(shop, "impact", "shop/pricing.py", "--depth", "1")
    assert [c["id"] for c in data["changed"]] == [
        "shop/pricing.py::subtotal",
        "shop/pricing.py::total",
    ]
    # subtotal's caller (total) is itself changed; total's caller is checkout
    assert [r["id"] for r in data["results"]] == ["shop/cart.py::checkout"]


def test_an_added_function_has_no_callers_yet(shop: Path) -> None:
    added = PROJECT["shop/pricing.py"] + "\ndef discount(items):\n    return 0\n"
    (shop / "shop/pricing.py").write_text(added)
    build(shop, workers=1)
    data = run(shop, "impact", "--diff", "HEAD")
    assert [(c["id"], c["status"], c["line"]) for c in data["changed"]] == [
        ("shop/pricing.py::discount", "added", 7)
    ]
    assert data["results"] == [] and data["broken"] == []


def test_a_deleted_function_reports_its_former_callers_as_broken(shop: Path) -> None:
    (shop / "shop/pricing.py").write_text("def subtotal(items):\n    return sum(items)\n")
    build(shop, workers=1)
    data = run(shop, "impact", "--diff", "HEAD")
    assert [(c["id"], c["status"]) for c in data["changed"]] == [
        ("shop/pricing.py::total", "deleted")
    ]
    assert data["broken"] == [
        {"src": "shop/cart.py::checkout", "callee": "total", "site": "shop/cart.py:4"}
    ]
    assert data["summary"] == "1 definitions changed, 1 callers affected in 1 files, 0 tests"


def test_staged_changes_and_text_output(shop: Path) -> None:
    (shop / "shop/cart.py").write_text(PROJECT["shop/cart.py"].replace("(items)\n", "(items) \n"))
    subprocess.run(["git", "add", "-A"], cwd=shop, check=True)
    assert run(shop, "impact")["changed"] == []  # nothing unstaged
    staged = run(shop, "impact", "--staged")
    assert [c["id"] for c in staged["changed"]] == ["shop/cart.py::checkout"]
    text = CliRunner().invoke(app, ["impact", "--staged", "--repo", str(shop)])
    assert text.exit_code == 0, text.output
    assert "tests.test_cart.test_checkout [test]" in text.output
    assert text.output.splitlines()[-1] == (
        "1 definitions changed, 1 callers affected in 1 files, 1 tests"
    )
    # a caller in an example (or a benchmark, docs, vendored code) is marked as one
    write_files(
        shop,
        {
            "examples/demo.py": "from shop.cart import checkout\n\n\ndef main():\n    return checkout([1])\n"
        },
    )
    build(shop, workers=1)
    text = CliRunner().invoke(app, ["impact", "--staged", "--repo", str(shop)])
    assert "examples.demo.main [example]" in text.output, text.output


def test_impact_errors_are_one_line(shop: Path) -> None:
    (shop / "notes.txt").write_text("not code\n")
    for args in (
        ["impact", "--diff", "no-such-rev"],
        ["impact", "--depth", "-1"],
        ["impact", "shop/missing.py"],
        ["impact", "notes.txt"],  # not a language brownfield parses
    ):
        result = CliRunner().invoke(app, [*args, "--repo", str(shop)])
        assert result.exit_code != 0
        assert result.output.startswith("error: "), result.output
        assert "Traceback" not in result.output


def test_context_ranks_the_named_definition_first(shop: Path) -> None:
    data = run(shop, "context", "Change how the checkout total is computed")
    first = data["touchpoints"][0]
    assert first["id"] in ("shop/cart.py::checkout", "shop/pricing.py::total")
    ids = [t["id"] for t in data["touchpoints"]]
    assert {"shop/cart.py::checkout", "shop/pricing.py::total"} <= set(ids[:2])
    total = next(t for t in data["touchpoints"] if t["id"] == "shop/pricing.py::total")
    assert [h["id"] for h in total["callers"]] == ["shop/cart.py::checkout"]
    assert [h["id"] for h in total["callees"]] == ["shop/pricing.py::subtotal"]
    assert [h["id"] for h in total["tests"]] == ["tests/test_cart.py::test_checkout"]
    assert total["citation"] == "shop/pricing.py:4"


def test_tests_are_looked_for_beyond_the_depth_shown(shop: Path) -> None:
    pricing = PROJECT["shop/pricing.py"].replace("sum(items)", "sum(items) or 0")
    (shop / "shop/pricing.py").write_text(pricing)
    data = run(shop, "impact", "--diff", "HEAD", "--depth", "1")
    assert [c["id"] for c in data["changed"]] == ["shop/pricing.py::subtotal"]
    assert [r["id"] for r in data["results"]] == ["shop/pricing.py::total"]
    # subtotal <- total <- checkout <- test_checkout: three calls away
    assert [(t["id"], t["distance"]) for t in data["tests"]] == [
        ("tests/test_cart.py::test_checkout", 3)
    ]
    assert data["test_search"]["depth"] == 8  # the interview's rule: reaching_tests.TEST_DEPTH
    assert data["summary"] == "1 definitions changed, 1 callers affected in 1 files, 1 tests"


def test_a_changes_direct_tests_come_first_then_its_own_test_files(shop: Path) -> None:
    write_files(
        shop,
        {
            "tests/test_pricing.py": (
                "from shop.cart import checkout\n"
                "\n"
                "def test_total_through_checkout():\n"  # 3
                "    assert checkout([2]) == 3\n"  # 4: total is two calls away
            ),
            "tests/test_direct.py": (
                "from shop.pricing import total\n"
                "\n"
                "def test_total():\n"
                "    assert total([1]) == 2\n"  # 4: one call away
            ),
        },
    )
    subprocess.run(["git", "add", "-A"], cwd=shop, check=True)
    subprocess.run(["git", "commit", "-qm", "tests"], cwd=shop, check=True)
    build(shop, workers=1)
    (shop / "shop/pricing.py").write_text(PROJECT["shop/pricing.py"].replace("+ 1", "+ 2"))
    data = run(shop, "impact", "--diff", "HEAD")
    # the test calling total first, wherever it lives; then pricing.py's own test file
    assert [(t["id"], t["distance"]) for t in data["tests"]] == [
        ("tests/test_direct.py::test_total", 1),
        ("tests/test_pricing.py::test_total_through_checkout", 2),
        ("tests/test_cart.py::test_checkout", 2),
    ]


def test_no_test_says_what_it_looked_for_and_what_may_reach(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    write_files(
        root,
        {
            "app/report.py": "def render(rows):\n    return rows\n",
            "app/page.py": "def render(page):\n    return page\n",
            # `view.render(...)` on a fixture: two definitions are named render, so the
            # call stays unresolved
            "tests/test_view.py": "def test_view(view):\n    assert view.render([])\n",
        },
    )
    git_init(root)
    build(root, workers=1)
    data = run(root, "impact", "app/report.py")
    assert data["tests"] == []
    assert data["test_search"] == {
        "looked_for": "Python test files (test_*.py, *_test.py, conftest.py, files under "
        "tests/ or test/)",
        "depth": 8,
        "names": ["render"],
        "unresolved_same_name": 1,
        "unresolved_same_name_in_tests": 1,
    }
    output = CliRunner().invoke(app, ["impact", "app/report.py", "--repo", str(root)]).output
    assert (
        "no test reaches the change within 8 calls (looked for Python test files "
        "(test_*.py, *_test.py, conftest.py, files under tests/ or test/)); 1 unresolved "
        "call(s) share a changed name (1 in tests) and may reach it"
    ) in output


def test_a_changed_whole_export_is_looked_for_by_its_importers_names(tmp_path: Path) -> None:
    """qs: a change to `lib/stringify.js` (`module.exports = function`, the definition
    `exports`) counted the unresolved calls named `exports`, none; its tests call it as
    `qs.stringify(...)`, the name `lib/index.js` binds it to."""
    root = tmp_path / "repo"
    write_files(
        root,
        {
            "lib/stringify.js": "module.exports = function (object) {\n  return object;\n};\n",
            "lib/index.js": "var stringify = require('./stringify');\n\n"
            "module.exports = {\n  stringify: stringify\n};\n",
            "test/stringify.js": "var qs = require('../');\n\nqs.stringify({ a: 1 });\n",
        },
    )
    git_init(root)
    build(root, workers=1)
    search = run(root, "impact", "lib/stringify.js")["test_search"]
    assert search["names"] == ["exports", "stringify"]
    assert (search["unresolved_same_name"], search["unresolved_same_name_in_tests"]) == (1, 1)


def test_a_changed_type_lists_the_lines_that_name_it(tmp_path: Path) -> None:
    """A field added to an interface affects the code that names the type, which no call
    edge reaches: `impact` listed nothing ("0 callers affected") for query-core's
    `TimeoutProvider`. The lines naming a changed type are listed, tests marked; an
    unchanged type and a function are not."""
    root = tmp_path / "repo"
    shapes = (
        "export interface Provider {\n"  # 1
        "  schedule(ms: number): number\n"  # 2
        "}\n"
        "export interface Clock { now(): number }\n"  # 4
    )
    write_files(
        root,
        {
            "src/shapes.ts": shapes,
            "src/use.ts": (
                "import { Provider } from './shapes'\n"  # 1
                "export function start(p: Provider): number {\n"  # 2
                "  return p.schedule(1)\n"  # 3
                "}\n"
            ),
            "test/use.test.ts": (
                "import { start } from '../src/use'\n"
                "const fake: Provider = { schedule: () => 0 }\n"  # 2
                "test('start', () => { start(fake) })\n"
            ),
        },
    )
    git_init(root)
    build(root, workers=1)
    (root / "src/shapes.ts").write_text(shapes.replace("number\n}", "number\n  label?: string\n}"))
    data = run(root, "impact", "--diff", "HEAD")
    assert [c["id"] for c in data["changed"]] == ["src/shapes.ts::Provider"]
    assert data["named"] == [
        {"type": "src/shapes.ts::Provider", "site": "src/use.ts:2", "test": False},
        {"type": "src/shapes.ts::Provider", "site": "test/use.test.ts:2", "test": True},
    ]
    assert data["summary"].endswith("; 2 line(s) name a changed type")
    output = CliRunner().invoke(app, ["impact", "--diff", "HEAD", "--repo", str(root)]).output
    assert "named: lines naming a changed type, which no call reaches (2):" in output
    assert run(root, "impact", "src/use.ts")["named"] == []  # a function: its callers


def test_context_says_what_it_looked_for_where_it_found_no_test_or_caller(
    tmp_path: Path,
) -> None:
    root = tmp_path / "repo"
    write_files(
        root,
        {
            "app/report.py": "def render_report(rows):\n    return rows\n",
            "app/page.py": "def render_report(page):\n    return page\n",
            "tests/test_view.py": "def test_view(view):\n    assert view.render_report([])\n",
        },
    )
    git_init(root)
    build(root, workers=1)
    data = run(root, "context", "render the report", "--limit", "1")
    item = data["touchpoints"][0]
    assert item["tests"] == [] and item["callers"] == []
    assert item["tests_note"].startswith("No test reaches app.")
    assert "1 unresolved call(s) named `render_report`" in item["tests_note"]
    assert "tests/test_view.py:2" in item["callers_note"]
    shown = CliRunner().invoke(app, ["context", "render the report", "--repo", str(root)])
    assert "Called from:\n- (none)" not in shown.output  # it says what is left
    assert "- No test reaches app." in shown.output
    tested = run(root, "context", "view")
    assert all(t["tests_note"] is None for t in tested["touchpoints"] if t["tests"])


def test_context_lists_the_tests_named_after_a_touchpoint_first_and_at_most_ten(
    tmp_path: Path,
) -> None:
    root = tmp_path / "repo"
    many = "".join(f"def test_case_{n}():\n    assert checkout([{n}])\n\n" for n in range(11))
    many += "def test_case_11():\n    assert checkout([1])\n    assert checkout([2])\n"
    write_files(
        root,
        {
            **PROJECT,
            "tests/test_many.py": "from shop.cart import checkout\n\n" + many,
            "tests/test_totals.py": (
                "from shop.pricing import total\n\ndef test_total_of_nothing():\n"
                "    assert total([]) == 1\n"
            ),
        },
    )
    git_init(root)
    build(root, workers=1)
    data = run(root, "context", "Change how the checkout total is computed")
    total = next(t for t in data["touchpoints"] if t["id"] == "shop/pricing.py::total")
    tests = [h["id"] for h in total["tests"]]
    assert len(tests) == 15  # all of them in JSON, one per call site
    assert tests[0] == "tests/test_totals.py::test_total_of_nothing"  # named after it
    text = CliRunner().invoke(app, ["context", "checkout total", "--repo", str(root)]).output
    section = next(part for part in text.split("## ") if "`shop.pricing.total` (" in part)
    listed = section.split("Tests reaching it:\n")[1].split("\n\n")[0].splitlines()
    assert listed[0] == "- `tests.test_totals.test_total_of_nothing` at tests/test_totals.py:4"
    assert len(listed) == 11 and listed[-1] == "- ... and 4 more (--json lists every one)"
    # a definition calling it at two sites is listed once, with the count of the others
    section = next(part for part in text.split("## ") if "`shop.cart.checkout` (" in part)
    callers = section.split("Called from:\n")[1].split("\n\n")[0].splitlines()
    assert "- `tests.test_many.test_case_11` at tests/test_many.py:37 and 1 more site(s)" in (
        callers
    )
    assert len(callers) == len(set(callers))


def test_context_lists_production_callers_and_the_repository_s_own_callees_first(
    tmp_path: Path,
) -> None:
    root = tmp_path / "repo"
    write_files(
        root,
        {
            "app/report.py": (
                "import json\n"  # 1
                "\n"
                "def render_report(rows):\n"  # 3
                "    print(len(rows))\n"  # 4
                "    return json.dumps(zeta_layout(rows))\n"  # 5
                "\n"
                "def zeta_layout(rows):\n"  # 7
                "    return rows\n"
            ),
            "app/zulu.py": (
                "from app.report import render_report\n\n"
                "def zulu_page():\n    return render_report([])\n"
            ),
            "a_tests/test_report.py": (
                "from app.report import render_report\n\n"
                "def test_render_report():\n    assert render_report([]) == '[]'\n"
            ),
        },
    )
    git_init(root)
    build(root, workers=1)
    (item,) = run(root, "context", "render the report", "--limit", "1")["touchpoints"]
    assert item["id"] == "app/report.py::render_report"
    assert [h["id"] for h in item["callers"]] == [
        "app/zulu.py::zulu_page",
        "a_tests/test_report.py::test_render_report",
    ]
    callees = [h["id"] for h in item["callees"]]
    assert callees[0] == "app/report.py::zeta_layout", callees
    assert len(callees) == 4  # json.dumps, len, print after it
