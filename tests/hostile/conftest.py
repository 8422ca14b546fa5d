"""Helpers of the hostile-input suite: a small built repository and the command line."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from brownfield.cli import app
from tests.conftest import git_init, write_files

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
}

#: Tests that need permissions to hold: root reads and writes anything.
needs_non_root = pytest.mark.skipif(
    os.geteuid() == 0, reason="permissions do not stop root; run the suite as a normal user"
)

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    """The command line in this process: exit code, stdout, stderr."""
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def run_process(*args: str | bytes, cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    """The command line in a fresh process (for argv bytes, signals, real file descriptors)."""
    return subprocess.run(
        [sys.executable, "-m", "brownfield", *args],
        capture_output=True,
        check=False,
        cwd=cwd,
        timeout=120,
    )


def assert_one_error_line(code: int, err: str, prefix: str = "error: ") -> None:
    assert code in (1, 2), (code, err)
    assert err.startswith(prefix), err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err


@pytest.fixture
def shop(repo: Path) -> Path:
    """A committed git repository with a built graph."""
    write_files(repo, FILES)
    git_init(repo)
    code, _, err = run("graph", "build", "--repo", str(repo))
    assert code == 0, err
    return repo


def corrupt_tables(db: Path, tables: tuple[str, ...] = ("nodes", "edges", "files")) -> None:
    """Overwrite the pages of `tables` with garbage, keeping the header, the schema and
    `meta` intact: the store opens, and SQLite finds the damage only when a query reads."""
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    connection = sqlite3.connect(db)
    page_size = connection.execute("PRAGMA page_size").fetchone()[0]
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    roots = dict(connection.execute("SELECT name, rootpage FROM sqlite_master"))
    connection.close()
    keep = {1, roots["meta"], roots.get("sqlite_autoindex_meta_1", 1)}
    damaged = [roots[name] for name in tables]
    # every page after the first table's root except meta's: the tables' leaves too
    damaged += [page for page in range(min(damaged), pages + 1) if page not in keep]
    data = bytearray(db.read_bytes())
    for page in sorted(set(damaged) - keep):
        start = (page - 1) * page_size
        data[start : start + page_size] = b"\x5a" * page_size
    db.write_bytes(bytes(data))


__all__ = ["FILES", "git_init", "write_files"]
