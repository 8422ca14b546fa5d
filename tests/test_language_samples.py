"""Golden tests for the languages other than Python: each `sample_repos/<language>-*/`
repository's call edges equal its hand-written `expected_edges.json`, and the query
commands work on it unchanged.

`expected_edges.json` holds `{"calls": [[caller, callee], ...]}` with node ids
(`path::Qualified.name`, a file's path for its top level) and, for outside code, the
name a call keeps (`<builtin>.len`, `fmt.Println`).
"""

from __future__ import annotations

import difflib
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from brownfield.cli import app
from brownfield.graph.builder import build
from brownfield.graph.store import GraphStore
from tests.conftest import git_init

SAMPLES = Path(__file__).resolve().parents[1] / "sample_repos"
GOLDEN = "expected_edges.json"


def sample_names() -> list[str]:
    return sorted(p.parent.name for p in SAMPLES.glob(f"*/{GOLDEN}"))


def test_every_sample_has_a_readme() -> None:
    assert sample_names(), "no language samples found"
    for name in sample_names():
        assert (SAMPLES / name / "README.md").is_file(), name


def checkout(name: str, tmp_path: Path) -> Path:
    root = tmp_path / name
    shutil.copytree(SAMPLES / name, root, ignore=shutil.ignore_patterns(".brownfield", GOLDEN))
    git_init(root)
    return root


def call_edges(root: Path) -> list[list[str]]:
    store = GraphStore.open(root)
    try:
        pairs = {(e.src, e.dst) for e in store.all_edges() if e.kind == "calls"}
    finally:
        store.close()
    return [list(pair) for pair in sorted(pairs)]


@pytest.mark.parametrize("name", sample_names())
def test_sample_call_edges_match_golden(name: str, tmp_path: Path) -> None:
    root = checkout(name, tmp_path)
    build(root, workers=1)
    actual = call_edges(root)
    expected = sorted(json.loads((SAMPLES / name / GOLDEN).read_text())["calls"])
    if actual != expected:
        diff = difflib.unified_diff(
            [json.dumps(e) for e in expected],
            [json.dumps(e) for e in actual],
            f"{name}/{GOLDEN} (expected)",
            "brownfield (actual)",
            lineterm="",
        )
        pytest.fail("call edges differ from the golden file:\n" + "\n".join(diff))


@pytest.mark.parametrize("name", sample_names())
def test_queries_work_on_every_language(name: str, tmp_path: Path) -> None:
    root = checkout(name, tmp_path)
    build(root, workers=1)
    expected = json.loads((SAMPLES / name / GOLDEN).read_text())["calls"]
    caller, callee = next(  # a call from one file into another
        (a, b) for a, b in expected if "::" in b and a.partition("::")[0] != b.partition("::")[0]
    )
    runner = CliRunner()
    found = runner.invoke(app, ["callers", callee, "--repo", str(root), "--json"])
    assert found.exit_code == 0, found.output
    assert caller in found.output
    path = callee.partition("::")[0]
    query = runner.invoke(app, ["graph", "query", "--file", path, "--repo", str(root), "--json"])
    assert query.exit_code == 0, query.output
    results = json.loads(query.output)["results"]
    assert caller in {result["id"] for result in results}, query.output


def test_stats_count_each_language_of_a_mixed_repository(tmp_path: Path) -> None:
    root = checkout("mixed-basic", tmp_path)
    build(root, workers=1)
    result = CliRunner().invoke(app, ["stats", "--repo", str(root), "--json"])
    assert result.exit_code == 0, result.output
    languages = json.loads(result.output)["languages"]
    # counted from the sample's files: 3 Python files with 3 functions and 4 resolved calls;
    # 2 JavaScript files with 2 functions, 2 resolved calls and `fetch` unresolved
    assert languages == {
        "python": {"files": 3, "definitions": 3, "calls": 4, "unresolved": 0},
        "javascript": {"files": 2, "definitions": 2, "calls": 2, "unresolved": 1},
    }
