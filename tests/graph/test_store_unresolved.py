"""Unresolved calls by the name they call: exact endings only, any number of names in
batched scans, in path and line order."""

from __future__ import annotations

import sqlite3

import pytest

from brownfield.graph import store_unresolved
from brownfield.graph.store_schema import SCHEMA
from brownfield.graph.store_unresolved import named

CALLS = [  # (callee as written, path, line)
    ("f", "b.py", 3),
    ("x.f", "a.py", 9),
    ("x.y.f", "a.py", 2),
    ("x.F", "a.py", 4),  # LIKE ignores case; the name does not
    ("xf", "a.py", 5),  # not `.f`
    ("f.g", "a.py", 6),  # calls g, not f
    ("run_all", "c.py", 1),
    ("x.runXall", "c.py", 2),  # LIKE's `_` matches the X; the name does not
    ("x.run_all", "c.py", 7),
]


@pytest.fixture
def db() -> sqlite3.Connection:
    connection = sqlite3.connect(":memory:")
    connection.executescript(SCHEMA)
    connection.executemany(
        "INSERT INTO unresolved VALUES (?, ?, ?, ?, 'unknown')",
        [(f"{path}::caller", callee, path, line) for callee, path, line in CALLS],
    )
    return connection


def sites(db: sqlite3.Connection, *names: str) -> list[str]:
    return [f"{call.path}:{call.line} {call.callee}" for call in named(db, names)]


def test_a_name_finds_the_calls_ending_in_it_by_path_and_line(db: sqlite3.Connection) -> None:
    assert sites(db, "f") == ["a.py:2 x.y.f", "a.py:9 x.f", "b.py:3 f"]
    assert sites(db, "run_all") == ["c.py:1 run_all", "c.py:7 x.run_all"]
    assert sites(db, "y.f") == ["a.py:2 x.y.f"]  # a dotted name ends at a dot too
    assert sites(db) == []


def test_several_names_are_found_in_one_list_by_path_and_line(db: sqlite3.Connection) -> None:
    assert sites(db, "run_all", "g", "f") == [
        "a.py:2 x.y.f",
        "a.py:6 f.g",
        "a.py:9 x.f",
        "b.py:3 f",
        "c.py:1 run_all",
        "c.py:7 x.run_all",
    ]


def test_batches_give_the_same_answer(
    db: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = sites(db, "run_all", "g", "f")
    monkeypatch.setattr(store_unresolved, "BATCH", 1)
    assert sites(db, "run_all", "g", "f") == whole


def test_more_names_than_sqlite_has_variables(db: sqlite3.Connection) -> None:
    names = [f"name{i}" for i in range(20_000)] + ["f"]  # two variables a name
    assert sites(db, *names) == ["a.py:2 x.y.f", "a.py:9 x.f", "b.py:3 f"]
