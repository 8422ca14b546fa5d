"""Python import roots: where top-level packages live, per packaging style, and builds
that name modules by them (incrementally as well as in full)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from brownfield.graph.builder import build
from brownfield.graph.discover import discover
from brownfield.graph.python_roots import ImportRoots, import_roots
from brownfield.graph.store import GraphStore
from brownfield.query.export import callgraph, export
from tests.conftest import calls_of, git_init, write_files


def roots_of(root: Path, files: dict[str, str | bytes]) -> ImportRoots:
    """The import roots of a repository made of `files` (Python files may be empty)."""
    write_files(root, files)
    found = discover(root)
    return import_roots(root, found.configs, list(found.files))


def named(roots: ImportRoots, *paths: str) -> list[str]:
    return [roots.module_name(path) for path in paths]


def test_repository_root_alone_keeps_paths_as_names(repo: Path) -> None:
    roots = roots_of(repo, {"pkg/__init__.py": "", "pkg/mod.py": "", "tool.py": ""})
    assert roots.entries == ()
    assert named(roots, "pkg/__init__.py", "pkg/mod.py", "tool.py") == ["pkg", "pkg.mod", "tool"]


def test_src_layout_without_configuration(repo: Path) -> None:
    roots = roots_of(repo, {"src/mypkg/__init__.py": "", "src/mypkg/core.py": "", "t/a.py": ""})
    assert roots.entries == (("src", ""),)
    assert named(roots, "src/mypkg/__init__.py", "src/mypkg/core.py", "t/a.py") == [
        "mypkg",
        "mypkg.core",
        "t.a",
    ]


def test_src_that_is_itself_a_package_is_not_a_root(repo: Path) -> None:
    roots = roots_of(repo, {"src/__init__.py": "", "src/core.py": ""})
    assert roots.entries == ()
    assert named(roots, "src/core.py") == ["src.core"]


def test_setuptools_package_dir_and_find_where(repo: Path) -> None:
    pyproject = """
        [tool.setuptools.package-dir]
        "" = "lib"
        renamed = "legacy/old_name"
        """
    roots = roots_of(
        repo,
        {
            "pyproject.toml": pyproject,
            "lib/mypkg/__init__.py": "",
            "legacy/old_name/__init__.py": "",
            "legacy/old_name/util.py": "",
        },
    )
    assert named(roots, "lib/mypkg/__init__.py", "legacy/old_name/util.py") == [
        "mypkg",
        "renamed.util",
    ]
    assert named(roots, "legacy/old_name/__init__.py") == ["renamed"]

    other = repo.parent / "other"
    where = '[tool.setuptools.packages.find]\nwhere = ["code", "extra"]\n'
    roots = roots_of(other, {"pyproject.toml": where, "code/a/m.py": "", "extra/b.py": ""})
    assert named(roots, "code/a/m.py", "extra/b.py") == ["a.m", "b"]


def test_setuptools_packages_list_in_a_nested_project(repo: Path) -> None:
    pyproject = '[tool.setuptools]\npackages = ["gamma", "gamma.sub"]\n'
    roots = roots_of(
        repo,
        {"tools/g/pyproject.toml": pyproject, "tools/g/gamma/sub/x.py": "", "tools/g/run.py": ""},
    )
    assert named(roots, "tools/g/gamma/sub/x.py", "tools/g/run.py") == [
        "gamma.sub.x",
        "tools.g.run",
    ]


def test_hatch_packages_and_sources(repo: Path) -> None:
    packages = '[tool.hatch.build.targets.wheel]\npackages = ["src/foo"]\n'
    roots = roots_of(repo, {"pyproject.toml": packages, "src/foo/a.py": "", "src/bar.py": ""})
    # the declared package only: src/bar.py is not part of the wheel
    assert named(roots, "src/foo/a.py", "src/bar.py") == ["foo.a", "src.bar"]

    other = repo.parent / "sources"
    sources = '[tool.hatch.build.targets.wheel.sources]\n"lib" = ""\n'
    roots = roots_of(other, {"pyproject.toml": sources, "lib/foo/a.py": ""})
    assert named(roots, "lib/foo/a.py") == ["foo.a"]


def test_poetry_packages_include_and_from(repo: Path) -> None:
    pyproject = """
        [tool.poetry]
        name = "x"
        packages = [
            { include = "foo", from = "src" },
            { include = "single.py", from = "lib" },
            { include = "bar" },
            { include = "*.py" },
        ]
        """
    roots = roots_of(
        repo,
        {
            "pyproject.toml": pyproject,
            "src/foo/a.py": "",
            "lib/single.py": "",
            "bar/__init__.py": "",
            "other.py": "",
        },
    )
    assert named(roots, "src/foo/a.py", "lib/single.py", "bar/__init__.py", "other.py") == [
        "foo.a",
        "single",
        "bar",
        "other",
    ]


def test_flit_module_in_src(repo: Path) -> None:
    pyproject = '[tool.flit.module]\nname = "flitty"\n'
    roots = roots_of(repo, {"pyproject.toml": pyproject, "src/flitty/__init__.py": ""})
    assert named(roots, "src/flitty/__init__.py") == ["flitty"]


def test_pdm_package_dir(repo: Path) -> None:
    pyproject = '[tool.pdm.build]\npackage-dir = "python"\n'
    roots = roots_of(repo, {"pyproject.toml": pyproject, "python/p/q.py": ""})
    assert named(roots, "python/p/q.py") == ["p.q"]


def test_setup_cfg_package_dir_and_where(repo: Path) -> None:
    setup_cfg = "[options]\npackage_dir =\n    =source\npackages = find:\n"
    roots = roots_of(repo, {"setup.cfg": setup_cfg, "source/s/t.py": ""})
    assert named(roots, "source/s/t.py") == ["s.t"]

    other = repo.parent / "where"
    where = "[options]\npackages = find:\n\n[options.packages.find]\nwhere = pysrc\n"
    roots = roots_of(other, {"setup.cfg": where, "pysrc/s/t.py": ""})
    assert named(roots, "pysrc/s/t.py") == ["s.t"]


def test_setup_py_alone_marks_a_nested_project(repo: Path) -> None:
    # setup.py is never run: the folder is a project, its layout found on disk
    roots = roots_of(
        repo,
        {
            "pkgs/one/setup.py": "raise SystemExit('never run')\n",
            "pkgs/one/src/one/__init__.py": "",
            "pkgs/two/setup.py": "",
            "pkgs/two/two/__init__.py": "",
            "pkgs/two/two/x.py": "",
            "pkgs/two/conftest.py": "",
            # a module named setup inside a package is not a packaging script
            "pkg/__init__.py": "",
            "pkg/setup.py": "",
            "pkg/sub/__init__.py": "",
        },
    )
    assert named(roots, "pkg/sub/__init__.py") == ["pkg.sub"]
    assert named(
        roots,
        "pkgs/one/src/one/__init__.py",
        "pkgs/two/two/x.py",
        "pkgs/two/setup.py",
        "pkgs/two/conftest.py",
    ) == ["one", "two.x", "pkgs.two.setup", "pkgs.two.conftest"]


def test_monorepo_of_src_layouts(repo: Path) -> None:
    roots = roots_of(
        repo,
        {
            "libs/a/pyproject.toml": "[project]\nname = 'a'\n",
            "libs/a/src/a/__init__.py": "",
            "libs/b/pyproject.toml": "[project]\nname = 'b'\n",
            "libs/b/src/b/core.py": "",
            "libs/b/tests/test_core.py": "",
            "libs/c/src/c.py": "",  # no packaging file: not a project
        },
    )
    assert named(
        roots,
        "libs/a/src/a/__init__.py",
        "libs/b/src/b/core.py",
        "libs/b/tests/test_core.py",
        "libs/c/src/c.py",
    ) == ["a", "b.core", "libs.b.tests.test_core", "libs.c.src.c"]


def test_manual_roots_and_bad_configuration(repo: Path) -> None:
    pyproject = '[tool.brownfield]\npython-roots = ["tools", "../outside"]\n'
    roots = roots_of(
        repo,
        {
            "pyproject.toml": pyproject,
            "tools/helper.py": "",
            "broken/pyproject.toml": "this is [not toml",
            "broken/src/b.py": "",
            "escape/setup.cfg": "[options]\npackage_dir =\n    =../../etc\n",
            "escape/e/__init__.py": "",
        },
    )
    assert named(roots, "tools/helper.py", "broken/src/b.py") == ["helper", "b"]
    assert all(not folder.startswith("..") and "etc" not in folder for folder, _ in roots.entries)


def test_vendored_copies_are_skipped_unless_the_repository_includes_them(repo: Path) -> None:
    files: dict[str, str | bytes] = {
        "main.py": "from app._vendor_shim import six\n",
        "vendor/six.py": "",
        "third_party/lib/x.py": "",
        "node_modules/pkg/y.py": "",
    }
    write_files(repo, files)
    assert sorted(discover(repo).files) == ["main.py"]
    write_files(repo, {"pyproject.toml": "[tool.brownfield]\ninclude-vendored = true\n"})
    assert sorted(discover(repo).files) == ["main.py", "third_party/lib/x.py", "vendor/six.py"]
    assert sorted(discover(repo, vendored=False).files) == ["main.py"]


def test_stub_beside_its_module_is_skipped_and_a_lone_stub_is_read(repo: Path) -> None:
    files: dict[str, str | bytes] = {
        "m.py": "def f():\n    pass\n",
        "m.pyi": "def f() -> None: ...\n",
        "ext.pyi": "def fast() -> int: ...\n",
        "pkg/__init__.pyi": "def g() -> None: ...\n",
        "main.py": "import m\nimport ext\nfrom pkg import g\n\ndef run():\n    m.f()\n"
        "    ext.fast()\n    g()\n",
    }
    write_files(repo, files)
    found = discover(repo)
    assert found.skipped["stub"] == ["m.pyi"]
    graph = calls_of(repo, {})
    assert graph["main.run"] == ["ext.fast", "m.f", "pkg.g"]
    assert "pkg" in graph and "ext.fast" in graph

    # a module appears beside a stub: the stub leaves the graph, incrementally as in full
    write_files(repo, {"ext.py": "def fast():\n    return 1\n"})
    summary = build(repo, workers=1)
    assert summary.skipped["stub"] == 2
    full_copy_equals(repo, repo.parent)
    store = GraphStore.open(repo)
    try:
        ids = {node.id for node in store.all_nodes()}
    finally:
        store.close()
    assert "ext.py::fast" in ids and "ext.pyi::fast" not in ids


def exported(root: Path) -> dict[str, object]:
    store = GraphStore.open(root)
    try:
        data = json.loads(export(store, "json"))
    finally:
        store.close()
    data.pop("meta")
    return data


def full_copy_equals(root: Path, tmp_path: Path) -> None:
    clean = tmp_path / "clean"
    shutil.rmtree(clean, ignore_errors=True)
    shutil.copytree(root, clean, ignore=shutil.ignore_patterns(".brownfield"))
    build(clean, full=True, workers=1)
    assert exported(root) == exported(clean)


def test_src_layout_resolves_absolute_imports_and_names_without_the_root(repo: Path) -> None:
    graph = calls_of(
        repo,
        {
            "src/mypkg/__init__.py": "",
            "src/mypkg/core.py": "def x():\n    pass\n",
            "src/mypkg/api.py": "from mypkg.core import x\n\ndef y():\n    x()\n",
            "tests/test_api.py": "from mypkg.api import y\n\ndef test_y():\n    y()\n",
        },
    )
    assert graph["mypkg.api.y"] == ["mypkg.core.x"]
    assert graph["tests.test_api.test_y"] == ["mypkg.api.y"]
    store = GraphStore.open(repo)
    try:
        ids = {node.id: node.qualname for node in store.all_nodes()}
    finally:
        store.close()
    assert ids["src/mypkg/core.py::x"] == "mypkg.core.x"


@pytest.mark.parametrize("change", ["declare", "undeclare", "nested-src"])
def test_changed_roots_rename_modules_and_incremental_equals_full(
    tmp_path: Path, change: str
) -> None:
    root = tmp_path / "repo"
    declared = '[tool.setuptools.package-dir]\n"" = "lib"\n'
    files: dict[str, str | bytes] = {
        "lib/mypkg/__init__.py": "",
        "lib/mypkg/core.py": "def x():\n    pass\n",
        "main.py": "from mypkg.core import x\n\ndef run():\n    x()\n",
        "proj/pyproject.toml": "[project]\nname = 'p'\n",
        "proj/p/__init__.py": "def p():\n    pass\n",
    }
    if change == "undeclare":
        files["pyproject.toml"] = declared
    write_files(root, files)
    git_init(root)
    build(root, workers=1)
    if change == "declare":
        write_files(root, {"pyproject.toml": declared})
    elif change == "undeclare":
        (root / "pyproject.toml").unlink()
    else:  # a src/ folder appears in the nested project: it becomes its root
        write_files(root, {"proj/src/q/__init__.py": "def q():\n    pass\n"})
    summary = build(root, workers=1)
    assert summary.parsed >= 1
    full_copy_equals(root, tmp_path)
    store = GraphStore.open(root)
    try:
        graph = callgraph(store)
    finally:
        store.close()
    if change == "declare":
        assert graph["main.run"] == ["mypkg.core.x"]
    elif change == "undeclare":
        assert graph["main.run"] == ["mypkg.core.x"]  # outside code now
        assert "lib.mypkg.core.x" in graph
    else:
        assert "q.q" in graph and "proj.p.p" in graph  # the flat package lost its root


def test_pool_workers_use_the_same_roots(tmp_path: Path) -> None:
    files: dict[str, str | bytes] = {
        "pyproject.toml": '[tool.setuptools.packages.find]\nwhere = ["src"]\n'
    }
    for i in range(80):
        nxt = (i + 1) % 80
        files[f"src/pkg/m{i}.py"] = f"import pkg.m{nxt}\n\ndef f{i}():\n    pkg.m{nxt}.f{nxt}()\n"
    serial, pooled = tmp_path / "serial", tmp_path / "pooled"
    write_files(serial, files)
    write_files(pooled, files)
    build(serial, workers=1)
    build(pooled, workers=2)
    assert exported(serial) == exported(pooled)
    store = GraphStore.open(pooled)
    try:
        assert callgraph(store)["pkg.m3.f3"] == ["pkg.m4.f4"]
    finally:
        store.close()
