"""Where the graph store lives and whose it is: `.brownfield/graph.db`, the random store id
beside it (`.brownfield/store-id`, with its inode number), the repository's real path as the
store records it, and what an interrupted build leaves behind."""

from __future__ import annotations

import os
import re
import secrets
import stat
from pathlib import Path

from brownfield import git
from brownfield.confine import open_nofollow, real_folder, write_atomic
from brownfield.errors import ConfinementError, FileAccessError

STATE_DIR = ".brownfield"
DB_NAME = "graph.db"
STORE_ID_NAME = "store-id"


def db_path(root: Path) -> Path:
    return root / STATE_DIR / DB_NAME


def store_id_path(root: Path) -> Path:
    """The file holding the random id of this repository's store (git-ignored with the
    rest of `.brownfield/`); the store's meta repeats it, with the file's inode number."""
    return root / STATE_DIR / STORE_ID_NAME


TOKEN = re.compile(r"[0-9a-f]{32}")


def read_store_id(root: Path) -> tuple[str | None, int | None]:
    """The token in `.brownfield/store-id` and that file's inode number (None, None when
    it is missing, a symlink or unreadable)."""
    try:
        fd = open_nofollow(store_id_path(root), os.O_RDONLY | os.O_NONBLOCK)
    except (ConfinementError, FileAccessError):
        return None, None
    try:
        info = os.fstat(fd)
        data = os.read(fd, 200) if stat.S_ISREG(info.st_mode) else b""
    except OSError:
        return None, None
    finally:
        os.close(fd)
    return data.decode("ascii", "replace").strip(), info.st_ino


def root_text(root: Path) -> str:
    """The repository's real path as text (undecodable bytes as `\\xNN`), as meta keeps it."""
    return os.fsencode(root.resolve()).decode("utf-8", "backslashreplace")


def remove_leftovers(root: Path) -> None:
    """Remove what an interrupted fresh build left (`graph.db.new` and its logs)."""
    new = db_path(root).with_name(DB_NAME + ".new")
    try:
        for path in (new, Path(f"{new}-journal"), Path(f"{new}-wal"), Path(f"{new}-shm")):
            path.unlink(missing_ok=True)  # a symlink is removed itself, not followed
    except OSError as exc:
        raise FileAccessError(str(new), f"cannot remove {new}: {exc.strerror}") from None


def prepare(root: Path) -> tuple[str, int | None]:
    """Make `.brownfield/` (a real folder, with its `.gitignore`) and the store id, for a
    fresh build; returns the id and the inode number of its file.

    The id stays while the file does, so that a killed build keeps the old graph trusted;
    the inode number, recorded too, cannot be shipped along.
    """
    state = real_folder(root, STATE_DIR)
    ignore = state / ".gitignore"
    if ignore.is_symlink() or not ignore.exists():
        write_atomic(ignore, "# brownfield's own state; never commit it\n*\n")
    remove_leftovers(root)
    token, inode = read_store_id(root)
    if token is None or not TOKEN.fullmatch(token):
        write_atomic(store_id_path(root), secrets.token_hex(16) + "\n")
        token, inode = read_store_id(root)
    if token is None:
        raise FileAccessError(str(root), f"cannot read {store_id_path(root)}")
    return token, inode


def distrust(root: Path, meta: dict[str, str]) -> str | None:
    """Why a store with this meta is not the one brownfield built for `root`, or None:
    git tracks it (it came with the repository), it names no or another repository, or
    its store id and inode number do not match `.brownfield/store-id`."""
    tracked = git.tracked(root, [f"{STATE_DIR}/{DB_NAME}", f"{STATE_DIR}/{STORE_ID_NAME}"])
    if tracked:
        return f"git tracks {', '.join(tracked)}: it came with the repository"
    if meta.get("root") is None or meta.get("store_id") is None:
        return "it does not record which repository it was built for"
    if meta["root"] != root_text(root):
        return f"it was built for {meta['root']}"
    token, inode = read_store_id(root)
    if token != meta["store_id"] or str(inode) != meta.get("store_inode"):
        return f"it does not match {store_id_path(root)}"
    return None
