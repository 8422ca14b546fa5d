"""Golden tests: every sample repository's call graph equals its hand-written `callgraph.json`."""

from __future__ import annotations

import difflib
import json
import shutil
from pathlib import Path

import pytest

from brownfield.graph.builder import build
from brownfield.graph.store import GraphStore
from brownfield.query.export import callgraph
from tests.conftest import git_init

SAMPLES = Path(__file__).resolve().parents[1] / "sample_repos"
GOLDEN = "callgraph.json"
HUGE_SIZE = 2 * 1024 * 1024 + 1


def sample_names() -> list[str]:
    return sorted(p.parent.name for p in SAMPLES.glob(f"*/{GOLDEN}"))


def test_there_are_enough_samples() -> None:
    assert len([n for n in sample_names() if n.startswith("python-")]) >= 6


def checkout(name: str, tmp_path: Path) -> Path:
    """A copy of a sample repository in tmp_path, as a committed git repository."""
    root = tmp_path / name
    shutil.copytree(
        SAMPLES / name, root, symlinks=True, ignore=shutil.ignore_patterns(".brownfield", GOLDEN)
    )
    if name == "python-hostile":  # a huge generated file is made here, never committed
        lines = [f"VALUE_{i} = {i}" for i in range(HUGE_SIZE // 12 + 1)]
        (root / "generated_table.py").write_text("\n".join(lines) + "\n")
    git_init(root)
    return root


@pytest.mark.parametrize("name", sample_names())
def test_sample_call_graph_matches_golden(name: str, tmp_path: Path) -> None:
    root = checkout(name, tmp_path)
    build(root, workers=1)
    store = GraphStore.open(root)
    try:
        actual = callgraph(store)
    finally:
        store.close()
    expected = json.loads((SAMPLES / name / GOLDEN).read_text())
    if actual != expected:
        diff = difflib.unified_diff(
            json.dumps(expected, indent=2, sort_keys=True).splitlines(),
            json.dumps(actual, indent=2, sort_keys=True).splitlines(),
            f"{name}/{GOLDEN} (expected)",
            "brownfield (actual)",
            lineterm="",
        )
        pytest.fail("call graph differs from the golden file:\n" + "\n".join(diff))


def test_hostile_sample_skips_and_diagnoses(tmp_path: Path) -> None:
    if "python-hostile" not in sample_names():
        pytest.skip("no hostile sample yet")
    root = checkout("python-hostile", tmp_path)
    summary = build(root, workers=1)
    assert summary.skipped.get("too-large") == 1
    assert summary.skipped.get("binary") == 1
    assert summary.skipped.get("symlink-outside-repository") == 1
    statuses = {d["status"] for d in summary.diagnostics}
    assert {"syntax-error", "invalid-utf8"} <= statuses
