"""Builds: incremental equals full, crash safety, the lock, skipped files, snapshots."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from brownfield.errors import BuildLockedError, RepositoryError, StoreError
from brownfield.graph.build_resolve import POOL_THRESHOLD
from brownfield.graph.builder import build, build_lock
from brownfield.graph.store import GraphStore
from brownfield.model import EdgeKind
from brownfield.query.export import export
from tests.conftest import git_init, write_files

PROJECT = {
    "app/__init__.py": "from .core import run\n",
    "app/core.py": """
        from app.util import tidy
        from app import models

        def run():
            tidy()
            return models.User()
        """,
    "app/util.py": "def tidy():\n    pass\n\ndef unused():\n    pass\n",
    "app/models.py": """
        class User:
            def __init__(self):
                self.save()

            def save(self):
                pass
        """,
    "app/legacy.py": "from app.util import unused\n\ndef old():\n    unused()\n",
    "main.py": "import app\n\napp.run()\n",
}


def exported(root: Path) -> dict[str, object]:
    store = GraphStore.open(root)
    try:
        data = json.loads(export(store, "json"))
    finally:
        store.close()
    data.pop("meta")
    return data


def test_incremental_rebuild_equals_full_build(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    write_files(root, PROJECT)
    git_init(root)
    build(root, workers=1)

    # edit, add, delete and rename, each changing what other files resolve to
    write_files(root, {"app/util.py": "def tidy():\n    helper()\n\ndef helper():\n    pass\n"})
    write_files(root, {"app/extra.py": "from app.core import run\n\ndef again():\n    run()\n"})
    (root / "app/legacy.py").unlink()
    (root / "app/models.py").rename(root / "app/entities.py")
    write_files(
        root, {"main.py": "import app\nfrom app.extra import again\n\napp.run()\nagain()\n"}
    )
    summary = build(root, workers=1)
    assert summary.parsed == 4  # util, extra, entities, main
    assert summary.removed == 2  # legacy, models
    incremental = exported(root)
    store = GraphStore.open(root)
    running = store.counts()  # kept up to date by deltas during builds
    with store.transaction():
        store.refresh_counts(recount=True)
    assert running == store.counts()
    store.close()

    clean = tmp_path / "clean"
    shutil.copytree(root, clean, ignore=shutil.ignore_patterns(".brownfield"))
    build(clean, full=True, workers=1)
    assert incremental == exported(clean)
    callers_of_user = [e for e in incremental["edges"] if e["dst"].startswith("app/models.py")]
    assert callers_of_user == []  # the renamed module's callers no longer reach it


def test_a_file_resolved_again_to_the_same_keeps_its_rows(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    write_files(root, PROJECT)
    git_init(root)
    build(root, workers=1)

    def rows(path: str) -> dict[str, list[tuple[object, ...]]]:
        store = GraphStore.open(root)
        try:
            return {
                table: sorted(
                    store._db.execute(f"SELECT rowid, * FROM {table} WHERE path = ?", (path,))
                )
                for table in ("edges", "unresolved", "deps")
            }
        finally:
            store.close()

    core, legacy = rows("app/core.py"), rows("app/legacy.py")
    # a body edit of util.py: core.py and legacy.py (which read util.py) are resolved again;
    # core.py to the same rows (kept as they were: the same rowids), legacy.py to others
    write_files(root, {"app/util.py": "def tidy():\n    x = 1\n\ndef unused():\n    tidy()\n"})
    summary = build(root, workers=1)
    assert summary.parsed == 1 and summary.resolved >= 3
    assert rows("app/core.py") == core
    assert rows("app/legacy.py")["deps"] == legacy["deps"]
    clean = tmp_path / "clean"
    shutil.copytree(root, clean, ignore=shutil.ignore_patterns(".brownfield"))
    build(clean, full=True, workers=1)
    assert exported(root) == exported(clean)


def test_a_reused_class_order_keeps_what_it_consulted(tmp_path: Path) -> None:
    # a_first.py computes Child's method resolution order; z_last.py reuses it. Both must
    # depend on pkg/__init__.py, through which Child's base was found.
    root = tmp_path / "repo"
    greet = "class Base:\n    def greet(self):\n        pass\n"
    caller = "from child import Child\n\ndef {name}():\n    Child().greet()\n"
    write_files(
        root,
        {
            "pkg/__init__.py": "from pkg.base import Base\n",
            "pkg/base.py": greet,
            "pkg/other.py": greet,
            "child.py": "from pkg import Base\n\nclass Child(Base):\n    pass\n",
            "a_first.py": caller.format(name="first"),
            "z_last.py": caller.format(name="last"),
        },
    )
    build(root, workers=1)
    write_files(root, {"pkg/__init__.py": "from pkg.other import Base\n"})
    build(root, workers=1)
    edges = {(e["src"], e["dst"]) for e in exported(root)["edges"]}  # type: ignore[index]
    assert ("z_last.py::last", "pkg/other.py::Base.greet") in edges
    assert ("z_last.py::last", "pkg/base.py::Base.greet") not in edges

    clean = tmp_path / "clean"
    shutil.copytree(root, clean, ignore=shutil.ignore_patterns(".brownfield"))
    build(clean, full=True, workers=1)
    assert exported(root) == exported(clean)


def test_noop_rebuild_parses_nothing_and_one_edit_parses_one(repo: Path) -> None:
    write_files(repo, PROJECT)
    first = build(repo, workers=1)
    assert first.parsed == len(PROJECT)
    again = build(repo, workers=1)
    assert (again.parsed, again.unchanged, again.resolved) == (0, len(PROJECT), 0)
    write_files(
        repo, {"app/util.py": "def tidy():\n    print('changed')\n\ndef unused():\n    pass\n"}
    )
    edited = build(repo, workers=1)
    assert edited.parsed == 1
    # util.py itself plus the files whose resolution looked into it
    assert 1 <= edited.resolved < len(PROJECT)


def test_a_graph_another_version_built_is_parsed_again(repo: Path, tmp_path: Path) -> None:
    """Upgraded, brownfield reads the code otherwise (a new fact, another search column):
    an incremental build parses every file again, as a full build would, not only the
    changed ones, and without reading the facts the other version stored."""
    write_files(repo, PROJECT)
    build(repo, workers=1)
    store = GraphStore.open(repo, writable=True)
    with store.transaction():
        store.set_meta({"brownfield_version": "0.0.1"})
        store._db.execute("UPDATE files SET facts = '{not json'")
    store.close()
    again = build(repo, workers=1)
    assert (again.parsed, again.unchanged) == (len(PROJECT), 0)
    assert GraphStore.open(repo).meta()["brownfield_version"] != "0.0.1"
    clean = tmp_path / "clean"
    shutil.copytree(repo, clean, ignore=shutil.ignore_patterns(".brownfield"))
    build(clean, full=True, workers=1)
    assert exported(repo) == exported(clean)
    assert build(repo, workers=1).parsed == 0  # and then it is this version's graph


def test_process_pool_gives_the_same_graph(tmp_path: Path) -> None:
    # Enough files that resolution, not only parsing, goes to the pool (whose workers each
    # work out on their own what one file's resolution asks of another: what its factory
    # returns, its class's bases), across folders.
    files = {}
    count = POOL_THRESHOLD + 44
    for i in range(count):
        nxt, base = (i + 1) % count, (i + 37) % count
        files[f"p{i % 6}/m{i}.py"] = (
            f"from p{nxt % 6}.m{nxt} import make{nxt}\n"
            f"from p{base % 6}.m{base} import C{base}\n\n"
            f"class C{i}(C{base}):\n    def run{i}(self):\n        return make{nxt}().run{nxt}()\n\n"
            f"def make{i}():\n    return C{i}()\n"
        )
    serial, pooled = tmp_path / "serial", tmp_path / "pooled"
    write_files(serial, files)
    write_files(pooled, files)
    build(serial, workers=1)
    build(pooled, workers=2)
    graph = exported(pooled)
    assert exported(serial) == graph
    edges = {(e["src"], e["dst"], e["kind"]) for e in graph["edges"]}  # type: ignore[index]
    assert ("p0/m0.py::C0.run0", "p1/m1.py::C1.run1", "calls") in edges
    assert ("p0/m0.py::C0", "p1/m37.py::C37", "inherits") in edges


@pytest.mark.parametrize("full", [False, True])
def test_killed_build_leaves_the_previous_graph(repo: Path, full: bool) -> None:
    write_files(repo, PROJECT)
    build(repo, workers=1)
    before = exported(repo)
    write_files(repo, {"app/util.py": "def tidy():\n    pass\n"})
    script = (
        "import os, signal, sys\n"
        "from pathlib import Path\n"
        "from brownfield.graph.builder import build\n"
        "def die(stage, done, total):\n"
        "    if stage == 'resolve':\n"
        "        os.kill(os.getpid(), signal.SIGKILL)\n"
        "build(Path(sys.argv[1]), full=sys.argv[2] == 'full', workers=1, progress=die)\n"
    )
    mode = "full" if full else "incremental"
    done = subprocess.run([sys.executable, "-c", script, str(repo), mode], check=False)
    assert done.returncode == -9
    assert exported(repo) == before
    assert build(repo, workers=1).parsed == 1  # the edit is picked up by the next build


def test_second_build_waits_then_fails_clearly(repo: Path) -> None:
    write_files(repo, {"m.py": "pass\n"})
    with build_lock(repo.resolve(), timeout=1), pytest.raises(BuildLockedError) as caught:
        build(repo, lock_timeout=0.3)
    assert "another build" in str(caught.value)


def test_hostile_files_are_skipped_or_diagnosed(repo: Path, tmp_path: Path) -> None:
    outside = tmp_path / "secret.py"
    outside.write_text("def secret():\n    pass\n")
    write_files(
        repo,
        {
            "ok.py": "def fine():\n    pass\n",
            "broken.py": "def good():\n    fine()\n\ndef bad(:\n",
            "latin.py": b"# caf\xe9\ndef latin():\n    pass\n",
            "blob.py": b"\x00\x01\x02" * 100,
            "huge.py": "x = 1\n" * 100,
            "node_modules/dep/index.py": "def dep():\n    pass\n",
            "venv/__init__.py": "def real_package():\n    pass\n",
            "tools/.venv/pyvenv.cfg": "home = /usr/bin\n",
            "tools/.venv/lib/thing.py": "def installed():\n    pass\n",
        },
    )
    os.symlink(outside, repo / "link.py")
    git_init(repo)
    summary = build(repo, max_file_size=500, workers=1)
    assert summary.skipped == {
        "binary": 1,
        "symlink-outside-repository": 1,
        "too-large": 1,
        "vendored": 2,
    }
    statuses = {d["path"]: d["status"] for d in summary.diagnostics}
    assert statuses == {
        "blob.py": "binary",
        "broken.py": "syntax-error",
        "huge.py": "too-large",
        "latin.py": "invalid-utf8",
    }
    store = GraphStore.open(repo)
    names = {node.qualname for node in store.all_nodes()}
    assert {"broken.good", "latin.latin", "ok.fine", "venv.real_package"} <= names
    assert not {"secret", "link", "dep.index.dep", "blob"} & names
    paths = {node.path for node in store.all_nodes()}
    assert not {"tools/.venv/lib/thing.py", "node_modules/dep/index.py"} & paths


def test_outside_git_the_walk_honours_gitignore(repo: Path) -> None:
    write_files(
        repo,
        {
            ".gitignore": "build/\n*.gen.py\n!keep.gen.py\n",
            "src/a.py": "pass\n",
            "build/out.py": "pass\n",
            "src/x.gen.py": "pass\n",
            "src/keep.gen.py": "pass\n",
            "docs/.gitignore": "/local.py\n",
            "docs/local.py": "pass\n",
            "docs/deep/local.py": "pass\n",
        },
    )
    build(repo, workers=1)
    store = GraphStore.open(repo)
    assert sorted(store.file_rows()) == ["docs/deep/local.py", "src/a.py", "src/keep.gen.py"]


def test_inside_git_untracked_but_not_ignored_files_count(repo: Path) -> None:
    write_files(repo, {"tracked.py": "pass\n", ".gitignore": "ignored.py\n"})
    git_init(repo)
    write_files(repo, {"new.py": "pass\n", "ignored.py": "pass\n"})
    build(repo, workers=1)
    store = GraphStore.open(repo)
    assert sorted(store.file_rows()) == ["new.py", "tracked.py"]
    assert store.meta()["dirty"] == "true"
    assert store.meta()["commit"]


def test_missing_or_file_repository_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(RepositoryError, match="not found"):
        build(tmp_path / "nope")
    (tmp_path / "file").write_text("x")
    with pytest.raises(RepositoryError, match="not a folder"):
        build(tmp_path / "file")


def test_corrupt_store_is_a_clear_error_and_full_rebuild_recovers(repo: Path) -> None:
    write_files(repo, {"m.py": "def f():\n    pass\n"})
    build(repo, workers=1)
    for suffix in ("-wal", "-shm"):
        Path(f"{repo}/.brownfield/graph.db{suffix}").unlink(missing_ok=True)
    (repo / ".brownfield/graph.db").write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="corrupt"):
        GraphStore.open(repo)
    with pytest.raises(StoreError, match="corrupt"):
        build(repo)
    build(repo, full=True, workers=1)
    assert GraphStore.open(repo).node("m.py::f") is not None


def test_damaged_stored_facts_are_a_clear_error_and_full_rebuild_recovers(repo: Path) -> None:
    write_files(repo, {"m.py": "def f():\n    pass\n", "n.py": "from m import f\n\nf()\n"})
    build(repo, workers=1)
    store = GraphStore.open(repo, writable=True)
    with store.transaction():
        store._db.execute("UPDATE files SET facts = ? WHERE path = 'm.py'", ('{"garbage": 1',))
    store.close()
    (repo / "n.py").write_text("from m import f\n\nf()\nf()\n", "utf-8")
    with pytest.raises(StoreError, match=r"corrupt.*facts of m\.py"):
        build(repo, workers=1)  # n.py is resolved again, and reads m.py's facts
    build(repo, full=True, workers=1)
    assert GraphStore.open(repo).node("m.py::f") is not None


def test_state_folder_ignores_itself(repo: Path) -> None:
    write_files(repo, {"m.py": "pass\n"})
    git_init(repo)
    build(repo, workers=1)
    assert (repo / ".brownfield/.gitignore").read_text().strip().endswith("*")
    status = subprocess.run(
        ["git", "-C", str(repo), "status", "--porcelain"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert status.stdout == ""


def test_real_code_builds_without_errors(tmp_path: Path) -> None:
    """A slice of the running interpreter's standard library: real code, unchanged."""
    import sysconfig

    stdlib = Path(sysconfig.get_paths()["stdlib"])
    root = tmp_path / "stdlib"
    for package in ("json", "email", "importlib", "logging", "asyncio", "unittest"):
        shutil.copytree(
            stdlib / package, root / package, ignore=shutil.ignore_patterns("__pycache__", "test*")
        )
    for module in ("argparse.py", "_pydecimal.py", "datetime.py", "typing.py", "dataclasses.py"):
        shutil.copy(stdlib / module, root / module)
    summary = build(root, workers=2)
    assert summary.parsed > 100
    assert summary.edges["calls"] > 5000
    store = GraphStore.open(root)
    encoder = store.edges_into(["json/encoder.py::JSONEncoder.encode"], [EdgeKind.CALLS])
    assert ("json/__init__.py", "json/__init__.py::dumps") in {(e.path, e.src) for e in encoder}


def _rebuilt_equals_clean(root: Path, tmp_path: Path, name: str) -> dict[str, object]:
    """Build `root` incrementally, then a copy of it from scratch: both graphs must agree."""
    build(root, workers=1)
    incremental = exported(root)
    clean = tmp_path / name
    shutil.copytree(root, clean, ignore=shutil.ignore_patterns(".brownfield"))
    build(clean, full=True, workers=1)
    assert incremental == exported(clean)
    return incremental


def _call_pairs(graph: dict[str, object]) -> set[tuple[str, str, str]]:
    edges = graph["edges"]
    assert isinstance(edges, list)
    return {(e["src"], e["dst"], e["resolution"]) for e in edges if e["kind"] == "calls"}


def test_incremental_follows_arguments_passed_from_other_files(tmp_path: Path) -> None:
    # jobs.run calls what other files pass it: a caller's edit, a new caller and a removed
    # one each change run's edges without jobs.py changing.
    root = tmp_path / "repo"
    write_files(
        root,
        {
            "jobs.py": "def run(job):\n    job()\n",
            "a.py": "from jobs import run\n\ndef backup():\n    pass\n\nrun(backup)\n",
        },
    )
    build(root, workers=1)
    runs = "jobs.py::run"
    write_files(root, {"a.py": "from jobs import run\n\ndef prune():\n    pass\n\nrun(prune)\n"})
    graph = _rebuilt_equals_clean(root, tmp_path, "edited")
    assert (runs, "a.py::prune", "inferred") in _call_pairs(graph)
    assert (runs, "a.py::backup", "inferred") not in _call_pairs(graph)
    write_files(root, {"b.py": "import jobs\n\ndef sweep():\n    pass\n\njobs.run(job=sweep)\n"})
    graph = _rebuilt_equals_clean(root, tmp_path, "added")
    assert {(runs, "a.py::prune", "inferred"), (runs, "b.py::sweep", "inferred")} <= _call_pairs(
        graph
    )
    (root / "a.py").unlink()
    graph = _rebuilt_equals_clean(root, tmp_path, "removed")
    assert [d for s, d, _ in _call_pairs(graph) if s == runs] == ["b.py::sweep"]


def test_incremental_follows_overrides_in_other_files(tmp_path: Path) -> None:
    # Base.render's `self.draw()` reaches the overrides of draw in subclasses elsewhere:
    # a new subclass, a subclass that stops inheriting and a base class in the middle.
    root = tmp_path / "repo"
    base = "class Base:\n    def render(self):\n        self.draw()\n\n    def draw(self):\n        pass\n"
    write_files(
        root,
        {
            "base.py": base,
            "circle.py": "from base import Base\n\nclass Circle(Base):\n    def draw(self):\n        pass\n",
        },
    )
    build(root, workers=1)
    render = "base.py::Base.render"
    write_files(
        root,
        {
            "middle.py": "from base import Base\n\nclass Middle(Base):\n    pass\n",
            "square.py": "from middle import Middle\n\nclass Square(Middle):\n    def draw(self):\n        pass\n",
        },
    )
    graph = _rebuilt_equals_clean(root, tmp_path, "added")
    overrides = {d for s, d, how in _call_pairs(graph) if s == render and how == "override"}
    assert overrides == {"circle.py::Circle.draw", "square.py::Square.draw"}
    write_files(
        root,
        {
            "circle.py": "class Circle:\n    def draw(self):\n        pass\n",
            "middle.py": "class Middle:\n    pass\n",
        },
    )
    graph = _rebuilt_equals_clean(root, tmp_path, "unlinked")
    assert {d for s, d, how in _call_pairs(graph) if s == render and how == "override"} == set()
    assert (render, "base.py::Base.draw", "self") in _call_pairs(graph)


def test_incremental_follows_a_body_edit_that_changes_which_overrides_run(tmp_path: Path) -> None:
    # Circle.render overrides Base.render without calling it, so Base.render's `self.draw()`
    # never runs on a Circle; once Circle.render calls super().render() it does. Only a
    # method's body changed: no method came or went.
    root = tmp_path / "repo"
    base = "class Base:\n    def render(self):\n        self.draw()\n\n    def draw(self):\n        pass\n"
    circle = (
        "from base import Base\n\nclass Circle(Base):\n    def render(self):\n        {}\n\n"
        "    def draw(self):\n        pass\n"
    )
    write_files(root, {"base.py": base, "circle.py": circle.format("pass")})
    build(root, workers=1)
    render = "base.py::Base.render"
    before = {d for s, d, how in _call_pairs(exported(root)) if s == render and how == "override"}
    assert before == set()
    write_files(root, {"circle.py": circle.format("super().render()")})
    graph = _rebuilt_equals_clean(root, tmp_path, "calls-super")
    after = {d for s, d, how in _call_pairs(graph) if s == render and how == "override"}
    assert after == {"circle.py::Circle.draw"}
    write_files(root, {"circle.py": circle.format("pass")})
    graph = _rebuilt_equals_clean(root, tmp_path, "no-super")
    assert {d for s, d, how in _call_pairs(graph) if s == render and how == "override"} == set()


def test_a_body_edit_leaves_the_method_names_of_the_file_valid() -> None:
    # Files calling `.encode()` on instances depend on every method named encode: an edit
    # inside a method's body changes none of them; a method that comes, a changed signature
    # or a class with other bases does.
    from brownfield.graph.parser import parse
    from brownfield.graph.python_world import invalidated_keys

    source = "class Codec:\n    def encode(self, text):\n        return text\n"

    def names(new: str) -> set[str]:
        keys = invalidated_keys(
            "codec.py", parse("python", source.encode()), parse("python", new.encode())
        )
        return {k for k in keys if k.startswith("name:")}

    assert names(source.replace("return text", "text = text.strip()\n        return text")) == set()
    assert names(source + "\n    def decode(self, data):\n        return data\n") == {"name:decode"}
    assert names(source.replace("(self, text)", "(self, text, errors)")) == {"name:encode"}
    assert names(source.replace("class Codec:", "class Codec(Base):")) == {"name:encode"}


def test_incremental_sees_decorated_methods_of_files_not_parsed(tmp_path: Path) -> None:
    # Reading `box.size` calls the property only because a method named `size` is
    # decorated somewhere: an incremental build knows it from the stored index rows
    # (`has-decorated:size`) without reading shapes.py, and forgets it when it goes.
    root = tmp_path / "repo"
    prop = "class Box:\n    @property\n    def size(self):\n        return 1\n"
    use = "from shapes import Box\n\ndef area():\n    box = Box()\n    return box.size\n"
    write_files(root, {"shapes.py": prop, "use.py": use})
    build(root, workers=1)
    read = ("use.py::area", "shapes.py::Box.size")
    write_files(root, {"use.py": use + "\ndef other():\n    pass\n"})
    graph = _rebuilt_equals_clean(root, tmp_path, "reader-edited")
    assert read in {(s, d) for s, d, _ in _call_pairs(graph)}
    write_files(root, {"shapes.py": prop.replace("    @property\n", "")})
    graph = _rebuilt_equals_clean(root, tmp_path, "undecorated")
    assert read not in {(s, d) for s, d, _ in _call_pairs(graph)}


def test_stored_imports_are_the_stored_facts_imports(repo: Path) -> None:
    write_files(
        repo,
        {
            "m.py": "import os\nfrom . import n as k\ntry:\n    import x\nexcept ImportError:\n    x = None\n",
            "n.py": "pass\n",
        },
    )
    build(repo, workers=1)
    store = GraphStore.open(repo)
    assert store.imports("m.py") == store.facts("m.py").imports
    assert len(store.imports("m.py")) == 3
