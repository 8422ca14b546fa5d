"""A fresh read-only command loads only what it uses (issue 19: a fresh `impact` process in
under half a second): not the builder, the search index's text rules, the interview's
facts or the interview itself."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from brownfield.graph.builder import build
from tests.conftest import git_init, write_files

#: Run the CLI, then write the names of the modules it loaded to the file argv[1] names.
RUN_AND_LIST = """
import atexit, sys
listing = sys.argv.pop(1)
atexit.register(lambda: open(listing, "w").write("\\n".join(sorted(sys.modules))))
from brownfield.cli import main
main()
"""

NOT_LOADED = (
    "brownfield.graph.builder",
    "brownfield.graph.search_text",
    "brownfield.graph.vocabulary",
    "brownfield.query.search",
    "brownfield.query.evidence",
    "brownfield.query.idea_context",
    "brownfield.interview",
    "brownfield.mcp_server",
)


def loaded_modules(tmp_path: Path, *args: str) -> set[str]:
    listing = tmp_path / "modules.txt"
    done = subprocess.run(
        [sys.executable, "-c", RUN_AND_LIST, str(listing), *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return set(listing.read_text().split())


@pytest.fixture
def changed(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    write_files(root, {"app/main.py": "def run():\n    return 1\n\ndef main():\n    run()\n"})
    git_init(root)
    build(root, workers=1)
    (root / "app/main.py").write_text("def run():\n    return 2\n\ndef main():\n    run()\n")
    return root


@pytest.mark.parametrize(
    "command",
    [
        ["impact", "--diff", "HEAD"],
        ["callers", "app.main.run"],
        ["graph", "query", "--file", "app/main.py"],
    ],
)
def test_a_read_only_command_loads_no_build_search_or_interview(
    changed: Path, tmp_path: Path, command: list[str]
) -> None:
    modules = loaded_modules(tmp_path, *command, "--repo", str(changed))
    assert "brownfield.query.traverse" in modules  # the listing is of the real run
    loaded = sorted(m for m in modules if m.startswith(NOT_LOADED))
    assert loaded == []
