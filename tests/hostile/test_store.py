"""The store is brownfield's own: a committed or foreign graph.db is not trusted, damage
is one error line naming the recovery, and `--full` always recovers."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from brownfield.graph.builder import build
from brownfield.graph.store import GraphStore
from tests.conftest import GIT
from tests.hostile.conftest import (
    assert_one_error_line,
    corrupt_tables,
    needs_non_root,
    run,
)

QUERIES = [
    ("callers", "shop.pay.charge"),
    ("callees", "shop.cart.checkout"),
    ("dependents", "shop/pay.py"),
    ("dependencies", "shop/cart.py"),
    ("search", "charge"),
    ("stats",),
    ("graph", "query", "--file", "shop/pay.py"),
    ("graph", "export"),
    ("impact", "shop/pay.py"),
    ("context", "change how charges are validated"),
]


def test_a_graph_committed_to_git_is_not_trusted(shop: Path) -> None:
    """A repository that ships `.brownfield/graph.db` (forced past the .gitignore) gets a
    fresh graph, with one line saying why; its rows never reach a query."""
    db = shop / ".brownfield/graph.db"
    tampered = GraphStore.open(shop)
    tampered._db.execute("UPDATE nodes SET qualname = 'planted' WHERE qualname = 'shop.pay.charge'")
    tampered.close()
    subprocess.run([*GIT, "-C", str(shop), "add", "-f", str(db)], check=True)
    code, _, err = run("callers", "planted", "--repo", str(shop))
    assert_one_error_line(code, err, "error: the graph store")
    assert "not trusted (git tracks .brownfield/graph.db" in err
    code, out, _ = run("graph", "build", "--repo", str(shop), "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary["notes"] == [
        "the old graph store is not trusted (git tracks .brownfield/graph.db: it came with "
        "the repository); built afresh"
    ]
    assert summary["parsed"] == 3
    code, out, _ = run("graph", "build", "--repo", str(shop))
    assert "note     the old graph store is not trusted" in out  # still tracked: again
    subprocess.run([*GIT, "-C", str(shop), "rm", "-qf", "--cached", str(db)], check=True)
    code, out, _ = run("graph", "build", "--repo", str(shop), "--json")
    assert json.loads(out)["notes"] == [] and json.loads(out)["parsed"] == 0


def test_a_graph_opens_read_only_from_a_relative_path(
    shop: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`GraphStore.open(Path("."), writable=False)` ended in a ValueError from `as_uri`
    ("relative path can't be expressed as a file URI")."""
    from brownfield.graph.store_connect import is_outdated

    monkeypatch.chdir(shop)
    store = GraphStore.open(Path("."), writable=False)
    try:
        assert store.node("shop/pay.py::charge") is not None
    finally:
        store.close()
    assert is_outdated(Path(".")) is False


def test_a_graph_built_for_another_folder_is_not_trusted(shop: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(shop, copy, symlinks=True)
    code, _, err = run("search", "charge", "--repo", str(copy))
    assert_one_error_line(code, err)
    assert f"it was built for {shop.resolve()}" in err
    code, out, _ = run("graph", "build", "--repo", str(copy))
    assert code == 0
    assert f"note     the old graph store is not trusted (it was built for {shop.resolve()})" in out
    assert run("search", "charge", "--repo", str(copy))[0] == 0


def test_a_planted_store_id_does_not_make_a_graph_trusted(shop: Path, tmp_path: Path) -> None:
    """An archive that ships both `.brownfield/graph.db` and `.brownfield/store-id` for the
    right folder is still refused: the id file's inode number is recorded too."""
    state = shop / ".brownfield"
    state.rename(tmp_path / "original")  # kept, so that its inode numbers stay in use
    shutil.copytree(tmp_path / "original", state)  # same bytes, same path, new files
    code, _, err = run("callers", "charge", "--repo", str(shop))
    assert_one_error_line(code, err)
    assert "does not match" in err and "store-id" in err


def test_a_symlinked_graph_is_replaced_not_followed(shop: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.db"
    db = shop / ".brownfield/graph.db"
    shutil.copy(db, outside)
    before = outside.read_bytes()
    db.unlink()
    os.symlink(outside, db)
    code, _, err = run("stats", "--repo", str(shop))
    assert_one_error_line(code, err)
    assert "not trusted (it is a symlink)" in err
    code, _, _ = run("graph", "build", "--repo", str(shop))
    assert code == 0
    assert not db.is_symlink() and outside.read_bytes() == before


def test_a_symlinked_state_folder_or_gitignore_is_never_written_through(
    repo: Path, tmp_path: Path
) -> None:
    from tests.hostile.conftest import FILES, write_files

    write_files(repo, FILES)
    outside = tmp_path / "outside"
    outside.mkdir()
    os.symlink(outside, repo / ".brownfield")
    code, _, err = run("graph", "build", "--repo", str(repo))
    assert_one_error_line(code, err, "error: refusing to use")
    assert "it is a symlink" in err
    assert os.listdir(outside) == []
    (repo / ".brownfield").unlink()
    (repo / ".brownfield").mkdir()
    target = outside / "victim"
    target.write_text("keep me\n")
    os.symlink(target, repo / ".brownfield/.gitignore")
    os.symlink(outside / "lock", repo / ".brownfield/build.lock")
    code, _, err = run("graph", "build", "--repo", str(repo))
    assert_one_error_line(code, err, "error: refusing to open")
    os.unlink(repo / ".brownfield/build.lock")
    code, _, err = run("graph", "build", "--repo", str(repo))
    assert code == 0, err
    assert target.read_text() == "keep me\n"
    assert (repo / ".brownfield/.gitignore").read_text().endswith("*\n")
    assert sorted(os.listdir(outside)) == ["victim"]


def test_corrupt_pages_are_one_line_for_every_query_command(shop: Path) -> None:
    corrupt_tables(shop / ".brownfield/graph.db")
    GraphStore.open(shop).close()  # the header, the schema and meta still read
    for args in QUERIES:
        code, _, err = run(*args, "--repo", str(shop))
        assert_one_error_line(code, err, "error: the graph store")
        assert "corrupt" in err and "brownfield graph build --full" in err, (args, err)


#: Row values no build writes, in a store that is still trusted (its own root and id).
TAMPERED = [
    "UPDATE nodes SET kind = 'zzz'",
    "UPDATE nodes SET line = 'abc'",
    "UPDATE nodes SET name = x'ff', qualname = x'ff'",
    "UPDATE edges SET kind = 'bogus'",
    "UPDATE edges SET resolution = 'bogus'",
    "UPDATE search_docs SET raw = x'ff'",
]


@pytest.mark.parametrize("tampering", TAMPERED)
def test_row_values_no_build_writes_are_one_line_for_every_query_command(
    shop: Path, tampering: str
) -> None:
    store = GraphStore.open(shop)
    store._db.execute(tampering)
    store._db.commit()
    store.close()
    damaged = 0
    for args in QUERIES:
        code, _, err = run(*args, "--repo", str(shop))
        if code != 0:  # (a query may never read the column, or not find a blob's name)
            assert_one_error_line(code, err)
            damaged += "corrupt" in err and "brownfield graph build --full" in err
    assert damaged  # every tampering reaches some query, which says so
    assert run("graph", "build", "--full", "--repo", str(shop))[0] == 0


def test_null_index_text_is_no_words_and_bad_build_rows_are_damage(shop: Path) -> None:
    store = GraphStore.open(shop)
    store._db.execute("UPDATE search_docs SET name = NULL, words = NULL, body = NULL")
    store._db.commit()
    store.close()
    code, out, err = run("search", "charge", "--repo", str(shop))
    assert code == 0 and "Traceback" not in err, err  # found by its other columns, or not
    for number, tampering in enumerate(
        (
            "UPDATE files SET lines = 'x'",
            "UPDATE files SET facts = printf('%.*c', 100000, '[') || printf('%.*c', 100000, ']')",
        )
    ):
        (shop / "shop/pay.py").write_text(f"def charge(amount):\n    return {number}\n")
        store = GraphStore.open(shop)
        store._db.execute(tampering)
        store._db.commit()
        store.close()
        code, out, err = run("graph", "build", "--repo", str(shop))
        assert_one_error_line(code, err, "error: the graph store")
        assert "corrupt" in err, err
        assert run("graph", "build", "--full", "--repo", str(shop))[0] == 0


@pytest.mark.parametrize(
    "record",
    [
        # a list in a chain; a list for a scope; a number for a scope
        ["charge", [["validate"]], "validate", 2, [], [], False, [0, []], False],
        [["charge"], ["validate"], "validate", 2, [], [], False, [0, []], False],
        [7, ["validate"], "validate", 2, [], [], False, [0, []], False],
    ],
)
def test_stored_facts_no_build_wrote_never_end_an_incremental_build_in_a_traceback(
    shop: Path, record: list[object]
) -> None:
    """Facts a build did not write, compared with the file's new ones: an edit appending
    a definition is read as a change of the whole file, not as appending."""
    store = GraphStore.open(shop)
    (facts,) = store._db.execute("SELECT facts FROM files WHERE path = 'shop/pay.py'").fetchone()
    data = json.loads(facts)
    data[6] = [record]  # its calls
    store._db.execute("UPDATE files SET facts = ? WHERE path = 'shop/pay.py'", (json.dumps(data),))
    store._db.commit()
    store.close()
    pay = shop / "shop/pay.py"
    pay.write_text(pay.read_text() + "\n\ndef refund(amount):\n    return charge(-amount)\n")
    code, out, err = run("graph", "build", "--repo", str(shop))
    assert code == 0 and "Traceback" not in err, err
    code, out, err = run("callers", "shop.pay.charge", "--repo", str(shop))
    assert code == 0 and "shop.pay.refund" in out and "shop.cart.checkout" in out, out


def test_an_incremental_build_on_damage_fails_and_full_recovers(shop: Path) -> None:
    (shop / "shop/pay.py").write_text("def charge(amount):\n    return amount\n")
    corrupt_tables(shop / ".brownfield/graph.db")
    code, out, err = run("graph", "build", "--repo", str(shop))
    assert_one_error_line(code, err, "error: the graph store")
    assert "brownfield graph build --full" in err and out == ""
    code, out, err = run("graph", "build", "--full", "--repo", str(shop))
    assert code == 0, err
    assert run("callers", "shop.pay.charge", "--repo", str(shop))[0] == 0


def test_a_missing_table_is_corrupt_not_a_success(shop: Path) -> None:
    store = GraphStore.open(shop)
    store._db.execute("DROP TABLE deps")
    store.close()
    code, _, err = run("graph", "build", "--repo", str(shop))
    assert_one_error_line(code, err)
    assert "corrupt (no table deps)" in err
    assert run("graph", "build", "--full", "--repo", str(shop))[0] == 0


def test_full_recovers_from_a_garbage_or_read_only_store(shop: Path) -> None:
    db = shop / ".brownfield/graph.db"
    db.write_bytes(b"SQLite format 3\0" + b"\xff" * 5000)
    assert run("graph", "build", "--full", "--repo", str(shop))[0] == 0
    db.chmod(0o444)
    assert run("graph", "build", "--full", "--repo", str(shop))[0] == 0
    assert run("search", "charge", "--repo", str(shop))[0] == 0


def test_a_leftover_of_an_interrupted_full_build_is_removed(shop: Path) -> None:
    leftover = shop / ".brownfield/graph.db.new"
    leftover.write_bytes(b"\0" * 100_000)
    code, out, _ = run("graph", "build", "--repo", str(shop), "--json")  # incremental
    assert code == 0 and json.loads(out)["parsed"] == 0
    assert not leftover.exists()


@needs_non_root
def test_a_read_only_state_folder_serves_queries_and_fails_builds_clearly(shop: Path) -> None:
    state = shop / ".brownfield"
    build(shop, workers=1)  # leaves the store in write-ahead-log mode
    state.chmod(0o555)
    try:
        code, out, err = run("callers", "shop.pay.charge", "--repo", str(shop))
        assert code == 0, err
        assert "shop.cart.checkout" in out
        (shop / "shop/pay.py").write_text("def charge(amount):\n    return amount\n")
        for args in (("graph", "build"), ("graph", "build", "--full")):
            code, _, err = run(*args, "--repo", str(shop))
            assert_one_error_line(code, err)
            assert "corrupt" not in err, err
    finally:
        state.chmod(0o755)


@needs_non_root
def test_an_unwritable_repository_root_is_one_line(repo: Path) -> None:
    from tests.hostile.conftest import FILES, write_files

    write_files(repo, FILES)
    repo.chmod(0o555)
    try:
        code, _, err = run("graph", "build", "--repo", str(repo))
        assert_one_error_line(code, err, "error: cannot create")
        assert "Permission denied" in err
    finally:
        repo.chmod(0o755)


@pytest.mark.parametrize("command", ["status", "diff"])
def test_builds_and_diffs_leave_the_git_index_untouched(shop: Path, command: str) -> None:
    """Every git call brownfield makes is read-only: `.git/index` keeps its bytes and mtime."""
    (shop / "shop/pay.py").write_text("def charge(amount):\n    return amount\n")
    later = (shop / "shop/cart.py").stat().st_mtime + 10
    os.utime(shop / "shop/cart.py", (later, later))  # stat-dirty, same content: a refresh
    # (`git status`, and porcelain `git diff` whatever --no-optional-locks says) rewrites
    index = shop / ".git/index"
    before = (index.read_bytes(), index.stat().st_mtime_ns)
    args = ("graph", "build") if command == "status" else ("impact", "--diff", "HEAD")
    code, _, err = run(*args, "--repo", str(shop))
    assert code == 0, err
    assert (index.read_bytes(), index.stat().st_mtime_ns) == before
