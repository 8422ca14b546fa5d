"""The confinement module: untrusted paths stay inside, brownfield's folders stay real,
files are replaced atomically and never written through a symlink."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from brownfield.confine import (
    append_text,
    read_bytes_inside,
    read_text_inside,
    real_folder,
    relative_inside,
    resolve_inside,
    write_atomic,
)
from brownfield.errors import ConfinementError, FileAccessError


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A root with a folder, a symlink inside, one out, a loop, and an outside file."""
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "a.py").write_text("a\n")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.py").write_text("secret\n")
    os.symlink("sub", root / "in_link")
    os.symlink(tmp_path / "outside", root / "out_link")
    os.symlink(tmp_path / "outside" / "secret.py", root / "out_file.py")
    os.symlink("loop", root / "loop")
    return root


def test_paths_inside_resolve_and_escapes_are_refused(tree: Path) -> None:
    assert relative_inside(tree, "sub/a.py") == "sub/a.py"
    assert relative_inside(tree, "in_link/a.py") == "sub/a.py"
    assert relative_inside(tree, "sub/../sub/a.py") == "sub/a.py"
    assert relative_inside(tree, str(tree / "sub")) == "sub"
    assert relative_inside(tree, ".") == "."
    assert relative_inside(tree, "missing/new.py") == "missing/new.py"
    assert relative_inside(tree, "loop/x") == "loop/x"  # the OS fails on it; never outside
    for escape in (
        "../outside/secret.py",
        "/etc/passwd",
        "out_link/secret.py",
        "out_file.py",
        "sub/../../outside",
        "loop/../../outside",
        "in_link/../../outside",
        "sub/../loop/../out_link",  # `realpath` stops at the loop, leaving `out_link` unread
    ):
        with pytest.raises(ConfinementError) as raised:
            resolve_inside(tree, escape)
        assert raised.value.path == escape
        assert str(raised.value) == f"path is outside the repository: {escape}"
    with pytest.raises(ConfinementError, match="NUL"):
        resolve_inside(tree, "sub/a.py\0.txt")


def test_reading_is_confined_and_refuses_what_is_not_a_regular_text_file(tree: Path) -> None:
    assert read_bytes_inside(tree, "sub/a.py") == b"a\n"
    with pytest.raises(ConfinementError):
        read_bytes_inside(tree, "out_file.py")
    os.mkfifo(tree / "pipe.py")  # opening a pipe for reading would block forever
    with pytest.raises(FileAccessError, match="not a regular file"):
        read_bytes_inside(tree, "pipe.py")
    with pytest.raises(FileAccessError, match="not a regular file"):
        read_bytes_inside(tree, "sub")
    with pytest.raises(FileAccessError, match="No such file"):
        read_bytes_inside(tree, "missing.py")
    (tree / "blob.md").write_bytes(b"\x89PNG\0\0\x01")
    with pytest.raises(FileAccessError, match="binary"):
        read_text_inside(tree, "blob.md")
    (tree / "latin.md").write_bytes(b"caf\xe9\n")
    with pytest.raises(FileAccessError, match="not UTF-8"):
        read_text_inside(tree, "latin.md")


def test_real_folder_is_made_and_a_symlinked_one_is_refused(tree: Path, tmp_path: Path) -> None:
    made = real_folder(tree, "docs/brownfield")
    assert made.is_dir() and not made.is_symlink()
    assert real_folder(tree, "docs/brownfield") == made  # again: nothing to do
    os.symlink(tmp_path / "outside", tree / ".brownfield")
    with pytest.raises(ConfinementError, match="it is a symlink"):
        real_folder(tree, ".brownfield")
    with pytest.raises(ConfinementError, match="it is a symlink"):
        real_folder(tree, "in_link/deeper")  # a link that stays inside is refused too
    (tree / "file").write_text("x")
    with pytest.raises(FileAccessError, match="not a folder"):
        real_folder(tree, "file/x")
    with pytest.raises(ConfinementError):
        real_folder(tree, "../escape")
    assert sorted(os.listdir(tmp_path / "outside")) == ["secret.py"]


def test_write_atomic_replaces_a_symlink_instead_of_writing_through_it(
    tree: Path, tmp_path: Path
) -> None:
    secret = tmp_path / "outside" / "secret.py"
    link = tree / "sub" / "planted.txt"
    os.symlink(secret, link)
    write_atomic(link, "mine\n")
    assert secret.read_text() == "secret\n"
    assert not link.is_symlink() and link.read_text() == "mine\n"
    mode = stat.S_IMODE(os.stat(link).st_mode)
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask  # a normal file (0644 under 022), not mkstemp's 0600
    assert sorted(os.listdir(tree / "sub")) == ["a.py", "planted.txt"]  # no temporary left


def test_write_atomic_failures_are_one_line_and_leave_nothing(tree: Path) -> None:
    with pytest.raises(FileAccessError, match="no folder"):
        write_atomic(tree / "missing" / "out.json", "x")
    with pytest.raises(FileAccessError, match="it is a folder"):
        write_atomic(tree / "sub", "x")
    assert not (tree / "missing").exists()
    assert sorted(os.listdir(tree / "sub")) == ["a.py"]


def test_write_atomic_never_replaces_a_device_a_pipe_or_gits_files(tree: Path) -> None:
    fifo = tree / "sub" / "pipe"
    os.mkfifo(fifo)
    to_fifo = tree / "sub" / "to_pipe"
    os.symlink(fifo, to_fifo)  # as /dev/stdout is a symlink to a descriptor
    (tree / ".git").mkdir()
    (tree / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    os.symlink(tree / ".git", tree / "sub" / "git_link")
    for path in (fifo, to_fifo):
        with pytest.raises(FileAccessError, match="not a regular file"):
            write_atomic(path, "x")
    for path in (tree / ".git" / "HEAD", tree / "sub" / "git_link" / "new"):
        with pytest.raises(FileAccessError, match="inside git's folder"):
            write_atomic(path, "x")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and to_fifo.is_symlink()
    assert (tree / ".git" / "HEAD").read_text() == "ref: refs/heads/main\n"
    assert sorted(os.listdir(tree / ".git")) == ["HEAD"]
    assert sorted(os.listdir(tree / "sub")) == ["a.py", "git_link", "pipe", "to_pipe"]


def test_append_never_follows_a_final_symlink(tree: Path, tmp_path: Path) -> None:
    append_text(tree / "sub" / "log.txt", "one\n")
    append_text(tree / "sub" / "log.txt", "two\n")
    assert (tree / "sub" / "log.txt").read_text() == "one\ntwo\n"
    with pytest.raises(ConfinementError, match="symlink"):
        append_text(tree / "out_file.py", "appended\n")
    assert (tmp_path / "outside" / "secret.py").read_text() == "secret\n"


PARTS = st.sampled_from(
    ["..", ".", "", "sub", "a.py", "in_link", "out_link", "out_file.py", "loop", "missing", "..."]
)
PATHS = st.one_of(
    st.lists(st.one_of(PARTS, st.text(max_size=8)), max_size=8).map("/".join),
    st.lists(PARTS, max_size=8).map(lambda parts: "/" + "/".join(parts)),
    st.text(max_size=40),
)


@settings(
    max_examples=300,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(given_path=PATHS, from_sub=st.booleans())
@example(given_path="../loop/../out_link", from_sub=True)  # found by this test: a loop
def test_no_path_string_resolves_outside_the_root(
    tree: Path, given_path: str, from_sub: bool
) -> None:
    """Whatever the string (`..`, absolute, links in and out, a loop, NUL, surrogates),
    the answer is a path inside the root or a ConfinementError."""
    real_root = os.path.realpath(tree)
    try:
        resolved = resolve_inside(tree, given_path, base=tree / "sub" if from_sub else None)
    except ConfinementError:
        return
    real = os.path.realpath(resolved)
    assert real == real_root or real.startswith(real_root + "/"), (given_path, real)
