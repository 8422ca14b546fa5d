"""Where an interview's files may be: the docs folder (a real folder, inside the repository
unless the person named another one on the command line), and the names inside it that
state and artifact fields may give.

Every path here is untrusted until checked (a command-line or MCP argument, a field of a
state or artifact file): it goes through `brownfield.confine` (`resolve_inside`,
`real_folder`), so `..`, an absolute path elsewhere and a symlink that leads out are one
error line. Names brownfield derives itself (the key, from a state file's name) are
sanitised instead.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
from collections.abc import Callable
from pathlib import Path

from brownfield.confine import open_nofollow, read_regular, real_folder, resolve_inside
from brownfield.errors import BrownfieldError, ConfinementError
from brownfield.interview.engine.store import StateError
from brownfield.text import check_text

#: What an artifact's file name may be: the names `session` gives (`interview.yaml`,
#: `interview-<key>.yaml`, `interview-<key>-<n>.yaml`), never a path.
_ARTIFACT_NAME = re.compile(r"interview(?:-[A-Za-z0-9._-]+)?\.yaml")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def safe_key(text: str) -> str:
    """A name part made of `[A-Za-z0-9._-]` only, not hidden and not an option (`x` when
    nothing is left): what a state file's name contributes to the names keyed by it."""
    return _UNSAFE.sub("-", text).lstrip(".-")[:80] or "x"


def exists(path: Path) -> bool:
    """Whether anything is at `path`, a dangling symlink included."""
    return os.path.lexists(path)


def _cwd(given: Path, base: Path | None) -> Path:
    return Path(os.path.join(base if base is not None else os.getcwd(), given))


def docs_folder(root: Path, given: Path, *, base: Path | None = None) -> Path:
    """The folder `given` names (relative to `base`, the current folder by default), made
    where missing: below the repository, each of its parts a real folder; elsewhere (a
    folder the person named on the command line, like `graph export -o`), the folder
    itself a real one. A symlink among them is refused with one line."""
    real_root = Path(os.path.realpath(root))
    start = _cwd(given, base)
    lexical = Path(os.path.normpath(start))
    try:
        resolved = resolve_inside(real_root, start)
    except ConfinementError:
        resolved = None
    if resolved is None:
        folder = real_folder(lexical.parent, lexical.name) if lexical.name else lexical
        resolved = Path(os.path.realpath(lexical))
    else:
        relative = resolved.relative_to(real_root)
        for anchor in (real_root, Path(os.path.abspath(root))):
            if lexical == anchor or anchor in lexical.parents:
                relative = lexical.relative_to(anchor)
                break
        folder = real_folder(real_root, relative.as_posix())
    if Path(os.path.realpath(folder)) != resolved:  # `..` after a symlink: not what it says
        raise ConfinementError(
            str(given), f"refusing to use {given}: it goes through a symlink (use its real path)"
        )
    return folder


def state_file(root: Path, given: Path, what: str = "interview state") -> Path:
    """The state (or artifact) file `given` names (relative to the current folder), checked
    to be in a real docs folder (missing is one line naming it); returned as given, so that
    messages name it the way the person did. The MCP server confines its paths to the
    repository before they come here."""
    check_text(str(given), f"the {what} path")  # a name every file brownfield writes can hold
    start = _cwd(given, None)
    if not exists(start):
        raise StateError(f"no {what} at {given}")
    if given.name in ("", ".", ".."):
        raise StateError(f"no {what} at {given}: not a file name")
    docs_folder(root, start.parent)
    return given


def artifact_name(value: str, state_path: Path) -> Path:
    """The artifact a state's `review.artifact_path` names: `interview*.yaml` beside the
    state file, nothing else (a path, the state itself, a file elsewhere)."""
    if not _ARTIFACT_NAME.fullmatch(value) or _same(state_path.parent / value, state_path):
        raise StateError(
            f"the interview state {state_path} is refused: review.artifact_path {value!r} is "
            f"not an artifact name in its folder (interview.yaml or interview-<key>.yaml)"
        )
    return _inside(state_path.parent, value, state_path, "review.artifact_path")


def _same(path: Path, other: Path) -> bool:
    """Whether two names are one file (`interview-x.yaml` and `INTERVIEW-x.yaml` are, on a
    case-insensitive file system)."""
    try:
        return os.path.samefile(path, other)
    except OSError:
        return False


def state_name(value: str, artifact: Path) -> Path:
    """The state an artifact's `generated_by.state_path` names: a file name in the
    artifact's own folder."""
    if Path(value).name != value or value in ("", ".", "..") or not value.endswith(".yaml"):
        raise StateError(
            f"the interview artifact {artifact} is refused: generated_by.state_path {value!r} "
            "is not a state file name in its folder"
        )
    return _inside(artifact.parent, value, artifact, "generated_by.state_path")


def document_path(root: Path, docs: Path, value: str, field: str, state_path: Path) -> Path | None:
    """A compiled document a state names (`spec_path`, `requirements_path`, relative to the
    repository): a Markdown file inside the docs folder. A path elsewhere in the repository
    is not one brownfield wrote there (the state was moved, or the repository is another
    one): None, never read or written; a path outside the repository is refused."""
    if not value.endswith(".md"):
        raise StateError(
            f"the interview state {state_path} is refused: {field} {value!r} is not a "
            "Markdown document"
        )
    try:
        resolve_inside(docs, value, base=root)
        return Path(os.path.join(root, value))
    except ConfinementError:
        pass
    try:
        resolve_inside(root, value)
    except ConfinementError:
        raise StateError(
            f"the interview state {state_path} is refused: {field} {value!r} is outside the "
            f"docs folder {docs}"
        ) from None
    return None


def _inside(folder: Path, value: str, holder: Path, field: str) -> Path:
    try:
        resolve_inside(folder, value)
    except ConfinementError:
        kind = "artifact" if field.startswith("generated_by") else "state"
        raise StateError(
            f"the interview {kind} {holder} is refused: {field} {value!r} leads outside "
            f"its folder {folder}"
        ) from None
    return folder / value


def create_exclusively(path: Path) -> bool:
    """Create an empty file at `path` unless something is there (any file, a symlink):
    True when this call made it. Two processes never both make the same file."""
    try:
        fd = os.open(
            path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o666
        )
    except FileExistsError:
        return False
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return False
        raise StateError(f"cannot create {path}: {exc.strerror or exc}") from None
    os.close(fd)
    return True


def claim(path: Path, is_ours: Callable[[Path], bool]) -> bool:
    """Whether `path` may be written: it is ours already, or nothing was there and this
    call created it (exclusively, so that a concurrent interview claims another name)."""
    if exists(path):
        return is_ours(path)
    return create_exclusively(path) or is_ours(path)


def read_document(path: Path) -> str | None:
    """A document's text (undecodable bytes replaced), or None when it cannot be read as a
    regular file (missing, a symlink, a named pipe, a folder)."""
    try:
        return read_regular(path).decode("utf-8", "replace")
    except BrownfieldError:
        return None


def check_writable(folder: Path) -> None:
    """Fail before the first question if the docs folder cannot be written. The probe's
    name is new to every call: two interviews started at once in one process (an MCP
    server's) probed the same name, and the second failed with "File exists"."""
    probe = folder / f".brownfield-write-check-{os.getpid()}-{secrets.token_hex(6)}"
    try:
        os.close(open_nofollow(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL))
        probe.unlink()
    except (BrownfieldError, OSError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else str(exc).rsplit(": ", 1)[-1]
        raise StateError(f"cannot write to the artifact folder {folder}: {reason}") from None


def folder_below(folder: Path, name: str) -> Path:
    """A real folder `name` below the docs folder (`specs`, `archive`), made where missing."""
    return real_folder(folder, name)
