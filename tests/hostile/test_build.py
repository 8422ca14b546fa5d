"""A bad file never stops a build: it becomes a diagnostic, and the build goes on."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from brownfield.graph.builder import build
from brownfield.graph.store import GraphStore
from tests.conftest import git_init, write_files
from tests.hostile.conftest import run

GOOD = {"ok.py": "def fine():\n    helper()\n\ndef helper():\n    pass\n"}


@pytest.mark.parametrize("brackets", ["[", "(", "{"])
@pytest.mark.parametrize("pooled", [False, True])
def test_a_thousand_nested_brackets_are_a_diagnostic(
    repo: Path, brackets: str, pooled: bool
) -> None:
    closing = {"[": "]", "(": ")", "{": "}"}[brackets]
    inner = "1" if brackets != "{" else "1: 2"
    deep = "x = " + brackets * 1000 + inner + closing * 1000 + "\n"
    files = {"deep.py": deep, **GOOD}
    if pooled:  # enough files for the process pools
        files.update({f"pkg/m{i}.py": f"def f{i}():\n    fine()\n" for i in range(300)})
    write_files(repo, files)
    summary = build(repo, workers=2 if pooled else 1)
    statuses = {d["path"]: d["status"] for d in summary.diagnostics}
    assert statuses == {"deep.py": "too-deep"}
    store = GraphStore.open(repo)
    assert store.node("ok.py::fine") is not None
    assert store.node("deep.py") is not None  # the module is known, its content is not
    code, _, err = run("impact", "deep.py", "--repo", str(repo))  # impact parses it too
    assert code == 0, err


def test_symlink_loops_are_skipped(repo: Path) -> None:
    write_files(repo, GOOD)
    os.symlink("loop.py", repo / "loop.py")
    os.symlink("b.py", repo / "a.py")
    os.symlink("a.py", repo / "b.py")
    os.symlink(".", repo / "here")  # a folder that contains itself
    os.symlink("pyproject.toml", repo / "pyproject.toml")
    for inside_git in (False, True):
        if inside_git:
            git_init(repo)
        code, out, err = run("graph", "build", "--full", "--repo", str(repo), "--json")
        assert code == 0, err
        assert json.loads(out)["skipped"] == {"symlink": 3}
        assert json.loads(out)["parsed"] == 1


def test_a_file_name_that_is_not_utf8_is_skipped_with_a_diagnostic(repo: Path) -> None:
    write_files(repo, GOOD)
    (repo / os.fsdecode(b"caf\xe9.py")).write_text("def latin():\n    pass\n")
    (repo / os.fsdecode(b"dir\xff")).mkdir()
    (repo / os.fsdecode(b"dir\xff/inner.py")).write_text("def inner():\n    pass\n")
    for inside_git in (False, True):
        if inside_git:
            git_init(repo)
        code, out, err = run("graph", "build", "--full", "--repo", str(repo), "--json")
        assert code == 0, err
        summary = json.loads(out)
        assert summary["skipped"] == {"undecodable-name": 2}
        assert {d["path"]: d["status"] for d in summary["diagnostics"]} == {
            "caf\ufffd.py": "undecodable-name",
            "dir\ufffd/inner.py": "undecodable-name",
        }
        code, out, _ = run("graph", "build", "--repo", str(repo))
        assert code == 0
        assert "warning  caf\ufffd.py: the file name is not valid UTF-8; skipped" in out


def test_hostile_configuration_files_do_not_hang_or_stop_the_build(repo: Path) -> None:
    write_files(repo, {**GOOD, "setup.cfg": b"\xff\xfe[metadata\n"})
    os.mkfifo(repo / "pyproject.toml")  # reading a pipe would block forever
    nested = "a = " + "[" * 2000 + "]" * 2000 + "\n"
    write_files(repo, {"sub/pyproject.toml": nested, "sub/m.py": "def m():\n    pass\n"})
    summary = build(repo, workers=1)
    assert summary.parsed == 2


def test_hostile_cargo_manifests_do_not_hang_stop_or_lead_outside(
    repo: Path, tmp_path: Path
) -> None:
    """A Rust crate's name comes from its `Cargo.toml`, read like every file: a pipe, a
    symlink out of the repository, brackets nested past recursion, a `[lib] path` outside
    it or of the wrong type, and a name that is no identifier name no crate; a sound
    manifest beside them names its crate."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "Cargo.toml").write_text('[package]\nname = "stolen"\n')
    lib = "pub fn total() -> u32 { 1 }\n"
    uses = "#[test]\nfn t() { good::total(); stolen::total(); deep::total(); far::total(); }\n"
    write_files(
        repo,
        {
            "good/Cargo.toml": '[package]\nname = "good"\n',
            "good/src/lib.rs": lib,
            "pipe/src/lib.rs": lib,
            "link/src/lib.rs": lib,
            "deep/Cargo.toml": "a = " + "[" * 2000 + "]" * 2000 + "\n",
            "deep/src/lib.rs": lib,
            "far/Cargo.toml": '[package]\nname = "far"\n[lib]\npath = "../../outside.rs"\n',
            "far/src/lib.rs": lib,
            "bad/Cargo.toml": '[package]\nname = "far"\n[lib]\npath = 5\nname = "a b"\n',
            "bad/src/lib.rs": lib,
            "tests/uses.rs": uses,
        },
    )
    os.mkfifo(repo / "pipe" / "Cargo.toml")  # reading a pipe would block forever
    os.symlink(outside / "Cargo.toml", repo / "link" / "Cargo.toml")
    summary = build(repo, workers=1)
    assert summary.parsed == 7  # the six crates' roots and the test
    store = GraphStore.open(repo)
    try:
        called = {e.dst for e in store.all_edges() if e.src == "tests/uses.rs::t"}
        unresolved = {u.callee for u in store.all_unresolved() if u.src == "tests/uses.rs::t"}
    finally:
        store.close()
    assert called == {"good/src/lib.rs::total"}  # the one crate its manifest names
    assert unresolved == {"stolen.total", "deep.total", "far.total"}


def test_hostile_go_modules_do_not_hang_or_lead_outside(repo: Path, tmp_path: Path) -> None:
    """A Go module's path comes from its `go.mod` (and the root's `go.work`), read like
    every file: a `go.mod` that is a symlink out of the repository names no module (it was
    read, and `evil.com/x/sub` found the folder `sub`), nor does a pipe; a sound one does."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "go.mod").write_text("module evil.com/x\n")
    main = 'package main\n\nimport "{}/sub"\n\nfunc main() {{ sub.F() }}\n'
    sub = "package sub\n\nfunc F() {}\n"
    write_files(
        repo,
        {
            "link/main.go": main.format("evil.com/x"),
            "link/sub/sub.go": sub,
            "pipe/main.go": main.format("pipe.example/p"),
            "pipe/sub/sub.go": sub,
            "good/go.mod": "module good.example/g\n",
            "good/main.go": main.format("good.example/g"),
            "good/sub/sub.go": sub,
        },
    )
    os.symlink(outside / "go.mod", repo / "link" / "go.mod")
    os.mkfifo(repo / "pipe" / "go.mod")  # reading a pipe would block forever
    os.symlink(outside / "go.mod", repo / "go.work")
    build(repo, workers=1)
    store = GraphStore.open(repo)
    try:
        calls = {(e.src, e.dst) for e in store.all_edges() if e.kind.value == "calls"}
    finally:
        store.close()
    assert calls == {
        ("good/main.go::main", "good/sub/sub.go::F"),
        ("link/main.go::main", "evil.com/x/sub.F"),  # outside code, as no module holds it
        ("pipe/main.go::main", "pipe.example/p/sub.F"),
    }


def test_hostile_doc_comments_do_not_stop_the_build_or_lead_outside(
    repo: Path, tmp_path: Path
) -> None:
    """JSDoc's type imports and `@param` types are read from the repository's comments:
    a module outside it (absolute, `../` past the root, a symlink out), a comment far past
    what is read, tags cut short, odd names and bytes give no type and no import of
    anything outside; the build goes on, and a sound type import beside them still types
    its parameter."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "leak.js").write_text("export class Leak { go() {} }\n")
    os.symlink(outside / "leak.js", repo / "linked.js")
    hostile = "".join(
        f"/** @typedef {{import({spec})}} {name} */\n"
        for spec, name in [
            ('"/etc/passwd"', "A"),
            ('"../../../../elsewhere/leak.js"', "B"),
            ('"./linked.js"', "C"),
            ('"', "D"),
            ("'./x\\n.js'", "E"),
            ('"./chunk.js").', "F"),
            ('"./chunk.js"', "$weird$"),
        ]
    )
    write_files(
        repo,
        {
            "chunk.js": "export default class Chunk { go() {} }\n",
            "other.js": "export class Other { go() {} }\n",  # `go` is no unique name
            "use.js": (
                hostile
                + "/** @import {  , as, A as , } from './chunk.js' */\n"
                + "/** @typedef {import('./chunk.js')} Chunk */\n"
                + "/**"
                + " @param {Chunk} x" * 5000
                + " */\n"
                + "/** @param {A} a @param {B} b @param {C} c @param {Chunk} k @param {\n"
                + " */\n"
                + "function f(a, b, c, k) { a.go(); b.go(); c.go(); k.go(); }\n"
                + "/** @param {Chunk} */\nfunction g(k) { k.go(); }\n"
                + "/** @param {Chunk\u00e9\u2028} k\n*/\nfunction h(k) { k.go(); }\n"
            ),
        },
    )
    (repo / "bytes.js").write_bytes(b"/** @typedef {import('\xff\xfe')} Z */\nfunction z(q) {}\n")
    build(repo, workers=1)
    store = GraphStore.open(repo)
    try:
        called = {(e.src, e.dst) for e in store.all_edges() if e.kind.value == "calls"}
        imported = {e.dst for e in store.all_edges() if e.kind.value == "imports"}
    finally:
        store.close()
    assert ("use.js::f", "chunk.js::Chunk.go") in called  # `k`, typed by a sound import
    assert ("use.js::f", "other.js::Other.go") not in called
    assert not any("Leak" in dst or "passwd" in dst or "elsewhere" in dst for _, dst in called)
    assert not any("passwd" in dst or "elsewhere" in dst for dst in imported)


def test_hostile_macros_and_ruby_declarations_do_not_stop_the_build(repo: Path) -> None:
    """Rust macros written where items are are read as items when they hold items, and
    Ruby class bodies declare accessors and mixins: a macro cut short, three thousand nested
    ones, one holding no items, accessors and mixins of odd names or outside any class, a
    `def self.` at the top of a file give diagnostics or nothing; the build goes on, and a
    sound macro and a sound accessor beside them still count."""
    nested = "m! { " * 3000 + "fn deep() {}" + " }" * 3000
    write_files(
        repo,
        {
            "src/lib.rs": (
                "pub fn helper() {}\n"
                "quickcheck! { fn prop() -> bool { helper(); true } }\n"
                "table! { helper() => 1, 2 => [3] }\n"
                "cfg_if! { if #[cfg(unix)] { fn a() {} } else if { fn b() {} } }\n"
            ),
            "src/cut.rs": "quickcheck! {\n    fn cut() -> bool { true }\n",
            "src/nested.rs": nested + "\n",
            "shape.rb": (
                "attr_reader :loose\n"
                "include Nowhere\n"
                "def self.top; end\n"
                "class Shape\n"
                "  attr_reader :size, :'odd name', :\"x#{1}\", 42\n"
                "  attr_accessor\n"
                "  include\n"
                "  include A::B::, 1\n"
                "  def initialize; @size = Size.new; end\n"
                "  def area; size.value; end\n"
                "end\n"
                "class Size\n"
                "  def value; 1; end\n"
                "end\n"
            ),
        },
    )
    build(repo, workers=1)
    store = GraphStore.open(repo)
    try:
        called = {(e.src, e.dst) for e in store.all_edges() if e.kind.value == "calls"}
        nodes = {n.id for n in store.all_nodes()}
        statuses = {d["path"]: d["status"] for d in store.diagnostics()}
    finally:
        store.close()
    assert ("src/lib.rs::prop", "src/lib.rs::helper") in called
    assert ("shape.rb::Shape.area", "shape.rb::Shape.size") in called
    assert ("shape.rb::Shape.area", "shape.rb::Size.value") in called
    assert "shape.rb::Shape.size" in nodes and "shape.rb::loose" not in nodes
    assert statuses.get("src/cut.rs") == "syntax-error"
    assert "src/nested.rs" in nodes  # read, its macros left as they are
    assert not {"src/lib.rs::a", "src/lib.rs::b"} & nodes  # `else if` with no `#[cfg]`
