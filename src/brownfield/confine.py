"""Confinement: untrusted paths kept inside their root, brownfield's folders kept real.

Every path that comes from outside brownfield's own code is untrusted: command-line and
MCP arguments, files and symlinks found in the repository, fields of state and artifact
files. Before such a path is read or written it goes through `resolve_inside` (or
`relative_inside`): symlinks are followed the way the operating system would follow them,
and the real path must stay inside the root. Folders brownfield writes into
(`.brownfield/`, the docs folder) are made by `real_folder`, which refuses a symlink.
Files are written by `write_atomic` (a temporary file beside the target, then a rename,
so a final symlink is replaced, never written through) or opened by `open_nofollow`.

The module is at the bottom layer: it imports nothing of brownfield's but `errors`.
Races with a concurrent attacker on the same machine are out of scope (see
docs/security.md); the hostile input is the repository's content and the arguments.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path

from brownfield.errors import ConfinementError, FileAccessError

#: A file is created with this mode, narrowed by the umask (0644 under the usual 022).
FILE_MODE = 0o666


def is_inside(root: str | os.PathLike[str], path: str | os.PathLike[str]) -> bool:
    """Whether the real path of `path` is `root`'s real path or lies below it."""
    real_root = os.path.realpath(root)
    real = _real(os.fspath(path))
    return real is not None and (real == real_root or real.startswith(real_root.rstrip("/") + "/"))


#: How many times a path is resolved again after a symlink loop cut `realpath` short.
_MAX_PASSES = 40


def _real(path: str) -> str | None:
    """`os.path.realpath`, again until nothing changes (None if it never settles): at a
    symlink loop `realpath` stops and joins the rest unresolved, so `loop/../out_link`
    came back as `out_link`, a link leading out. A path through the loop itself stays as
    it is (the operating system refuses it)."""
    real = os.path.realpath(path)
    for _ in range(_MAX_PASSES):
        again = os.path.realpath(real)
        if again == real:
            return real
        real = again
    return None


def resolve_inside(
    root: str | os.PathLike[str],
    given: str | os.PathLike[str],
    *,
    base: str | os.PathLike[str] | None = None,
) -> Path:
    """The real absolute path that `given` names, checked to be `root` or inside it.

    A relative `given` is taken from `base` (the root by default); an absolute one stands
    for itself. Every symlink on the way is followed, and `..` is applied where the
    operating system would apply it, so a `..` escape, an absolute path elsewhere and a
    symlink that leads out all raise `ConfinementError`. The path need not exist.
    """
    text = os.fspath(given)
    if "\0" in text:
        raise ConfinementError(text, f"path contains a NUL byte: {text!r}")
    real_root = os.path.realpath(root)
    start = os.path.join(os.fspath(base) if base is not None else real_root, text)
    real = _real(start)
    if real is None or (real != real_root and not real.startswith(real_root.rstrip("/") + "/")):
        raise ConfinementError(text)
    return Path(real)


def relative_inside(
    root: str | os.PathLike[str],
    given: str | os.PathLike[str],
    *,
    base: str | os.PathLike[str] | None = None,
) -> str:
    """`resolve_inside`, as a POSIX path relative to the root's real path ("." for the root)."""
    resolved = resolve_inside(root, given, base=base)
    return resolved.relative_to(os.path.realpath(root)).as_posix()


def real_folder(root: str | os.PathLike[str], rel_path: str) -> Path:
    """The folder `rel_path` under `root`, created as a real folder where missing.

    Each part of `rel_path` must be a real folder, not a symlink (even one that stays
    inside): brownfield's own state and documents are never written through a link.
    """
    real_root = Path(os.path.realpath(root))
    folder = real_root
    for part in Path(rel_path).parts:
        if part in ("..", "/") or "\0" in part:
            raise ConfinementError(rel_path)
        folder = folder / part
        try:
            info = os.lstat(folder)
        except FileNotFoundError:
            try:
                os.mkdir(folder)
            except FileExistsError:  # made meanwhile: checked below like any other
                pass
            except OSError as exc:
                raise FileAccessError(
                    str(folder), f"cannot create {folder}: {exc.strerror or exc}"
                ) from None
            info = os.lstat(folder)
        except OSError as exc:
            raise FileAccessError(str(folder), f"cannot use {folder}: {exc.strerror}") from None
        if stat.S_ISLNK(info.st_mode):
            raise ConfinementError(
                str(folder),
                f"refusing to use {folder}: it is a symlink (brownfield writes only into "
                "real folders inside the repository)",
            )
        if not stat.S_ISDIR(info.st_mode):
            raise FileAccessError(str(folder), f"cannot use {folder}: it is not a folder")
    return folder


def open_nofollow(path: str | os.PathLike[str], flags: int, mode: int = FILE_MODE) -> int:
    """`os.open` that refuses a final symlink (`O_NOFOLLOW`) and closes on exec."""
    try:
        return os.open(path, flags | os.O_NOFOLLOW | os.O_CLOEXEC, mode)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise ConfinementError(
                os.fspath(path), f"refusing to open {os.fspath(path)}: it is a symlink"
            ) from None
        raise FileAccessError(
            os.fspath(path), f"cannot open {os.fspath(path)}: {exc.strerror or exc}"
        ) from None


def append_text(path: str | os.PathLike[str], text: str) -> None:
    """Append UTF-8 text to a file (created if missing), never through a final symlink."""
    fd = open_nofollow(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    try:
        _write_all(fd, text.encode("utf-8"), path)
    finally:
        os.close(fd)


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Replace the file at `path` with `data` (text is written as UTF-8) in one rename.

    The data goes to a new temporary file in the same folder (created exclusively, never
    through a symlink, mode 0666 narrowed by the umask), which then replaces `path`; a
    symlink at `path` is replaced itself, its target is untouched. A missing folder, a
    folder at `path`, anything else that is not a regular file there (a device, a pipe, a
    symlink to one: `/dev/stdout`), a folder inside a `.git` folder or an unwritable
    folder raise `FileAccessError` and leave nothing.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = target.parent
    if not folder.is_dir():
        raise FileAccessError(str(target), f"cannot write {target}: no folder {folder}")
    if target.is_dir() and not target.is_symlink():
        raise FileAccessError(str(target), f"cannot write {target}: it is a folder")
    if target.exists() and not target.is_file():  # (following a symlink)
        raise FileAccessError(str(target), f"cannot write {target}: it is not a regular file")
    if ".git" in Path(os.path.realpath(folder)).parts:
        raise FileAccessError(str(target), f"cannot write {target}: it is inside git's folder")
    temporary = folder / f".{target.name}.{secrets.token_hex(6)}.tmp"
    fd = open_nofollow(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    try:
        try:
            _write_all(fd, payload, target)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, target)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        raise FileAccessError(str(target), f"cannot write {target}: {exc.strerror}") from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def read_bytes_inside(root: str | os.PathLike[str], given: str | os.PathLike[str]) -> bytes:
    """The bytes of a regular file that `given` names inside `root` (confined like
    `resolve_inside`, then read like `read_regular`)."""
    return read_regular(resolve_inside(root, given), shown=os.fspath(given))


def read_regular(path: str | os.PathLike[str], *, shown: str | None = None) -> bytes:
    """The bytes of the regular file at `path`, which must not be a symlink.

    A folder, a device or a named pipe is refused (opened without blocking, then
    checked), so that reading a hostile repository never hangs; `shown` is the name
    errors use (default: the path).
    """
    name = shown if shown is not None else os.fspath(path)
    fd = open_nofollow(path, os.O_RDONLY | os.O_NONBLOCK)
    chunks = []
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FileAccessError(os.fspath(path), f"cannot read {name}: not a regular file")
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
    except OSError as exc:
        raise FileAccessError(os.fspath(path), f"cannot read {name}: {exc.strerror}") from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def read_text_inside(root: str | os.PathLike[str], given: str | os.PathLike[str]) -> str:
    """A UTF-8 text file inside `root`, as `read_bytes_inside`; a binary file (a NUL byte)
    or invalid UTF-8 raise `FileAccessError` naming the file."""
    data = read_bytes_inside(root, given)
    if b"\0" in data:
        raise FileAccessError(os.fspath(given), f"cannot read {given}: it is a binary file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileAccessError(
            os.fspath(given), f"cannot read {given}: not UTF-8 text (byte {exc.start})"
        ) from None


def _write_all(fd: int, payload: bytes, path: str | os.PathLike[str]) -> None:
    view = memoryview(payload)
    try:
        while view:
            view = view[os.write(fd, view) :]
    except OSError as exc:
        raise FileAccessError(
            os.fspath(path), f"cannot write {os.fspath(path)}: {exc.strerror}"
        ) from None
