"""Shared helpers: small repositories written into tmp_path, built with the real builder."""

from __future__ import annotations

import os
import subprocess
import textwrap
from pathlib import Path

import pytest

from brownfield.graph.builder import build
from brownfield.graph.store import GraphStore
from brownfield.query.export import callgraph

GIT = ["git", "-c", "user.name=brownfield-tests", "-c", "user.email=tests@example.invalid"]


def write_files(root: Path, files: dict[str, str | bytes]) -> None:
    for rel_path, content in files.items():
        path = root / rel_path
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(textwrap.dedent(content).lstrip("\n"), encoding="utf-8")


def git_init(root: Path, commit: bool = True) -> None:
    """A git repository with one commit; fixed dates make equal trees equal commits."""
    env = {
        **os.environ,
        "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z",
        "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z",
    }
    subprocess.run([*GIT, "init", "-q", str(root)], check=True)
    if commit:
        subprocess.run([*GIT, "-C", str(root), "add", "-A"], check=True)
        subprocess.run([*GIT, "-C", str(root), "commit", "-q", "-m", "sample"], check=True, env=env)


def build_graph(root: Path, files: dict[str, str | bytes] | None = None) -> GraphStore:
    """Write `files` (if any), build the graph and open its store."""
    if files:
        write_files(root, files)
    build(root, workers=1)
    return GraphStore.open(root)


def calls_of(root: Path, files: dict[str, str | bytes]) -> dict[str, list[str]]:
    """The call-graph JSON of a tiny repository, as a dict."""
    store = build_graph(root, files)
    try:
        return callgraph(store)
    finally:
        store.close()


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    return root
