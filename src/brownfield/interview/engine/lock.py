"""One writer per interview: a POSIX record lock on a file beside the state.

The state file itself cannot carry the lock: every save replaces it by a rename, and a lock
stays with the old file. So the lock lives on `.INTERVIEW-<key>.yaml.lock` in the same
folder, taken with `lockf` (a POSIX record lock: not inherited by forked children, released
by the kernel when its process dies, however it dies). The holder writes its process id and
start time into the file, which a refused second writer names. The holder removes the file
when it lets go; a writer that locked a file removed meanwhile retries on the new one.

Within one process the lock is counted, not taken twice (closing any descriptor of a locked
file would drop a POSIX lock): a resume inside an interview shares the interview's lock.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import time
from dataclasses import dataclass
from pathlib import Path

from brownfield.confine import open_nofollow
from brownfield.errors import BrownfieldError


class InterviewBusyError(BrownfieldError):
    """Another process is running this interview (it holds the lock on its state)."""


@dataclass
class _Held:
    fd: int
    count: int


#: The locks this process holds: lock file path -> descriptor and how many holders share it.
_HELD: dict[str, _Held] = {}


def lock_file(state_path: Path) -> Path:
    return state_path.with_name(f".{state_path.name}.lock")


@dataclass
class StateLock:
    """This process's hold on one interview's state; `release` once per `acquire`."""

    path: Path
    released: bool = False

    def release(self) -> None:
        if self.released:
            return
        self.released = True
        held = _HELD.get(str(self.path))
        if held is None:
            return
        held.count -= 1
        if held.count > 0:
            return
        del _HELD[str(self.path)]
        with contextlib.suppress(OSError):  # before closing: nobody locks a dead file
            self.path.unlink(missing_ok=True)
        os.close(held.fd)


def acquire(state_path: Path, shown: str) -> StateLock:
    """Hold the lock of the state at `state_path` (`shown` is how messages name it), or
    raise `InterviewBusyError` naming the process that holds it."""
    path = lock_file(state_path)
    held = _HELD.get(str(path))
    if held is not None:
        held.count += 1
        return StateLock(path)
    for _ in range(20):  # a file removed between our open and our lock: try the new one
        fd = open_nofollow(path, os.O_RDWR | os.O_CREAT)
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            holder = _holder(fd)
            os.close(fd)
            if exc.errno not in (errno.EACCES, errno.EAGAIN):
                raise BrownfieldError(
                    f"cannot lock the interview state {shown}: {exc.strerror}"
                ) from None
            raise InterviewBusyError(
                f"the interview {shown} is in use by another brownfield ({holder}); "
                "answer it there, or wait until it ends"
            ) from None
        if _same_file(fd, path):
            _write_holder(fd)
            _HELD[str(path)] = _Held(fd, 1)
            return StateLock(path)
        os.close(fd)
    raise BrownfieldError(f"cannot lock the interview state {shown}: its lock file keeps changing")


def _same_file(fd: int, path: Path) -> bool:
    try:
        on_disk = os.lstat(path)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (mine.st_dev, mine.st_ino) == (on_disk.st_dev, on_disk.st_ino)


def _write_holder(fd: int) -> None:
    since = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    text = f"process {os.getpid()} since {since}\n"
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, text.encode("utf-8", "replace"), 0)
    except OSError:
        pass  # the lock holds without its note


def _holder(fd: int) -> str:
    """Who holds the lock, as its holder wrote it (kept short and printable)."""
    try:
        text = os.pread(fd, 200, 0).decode("utf-8", "replace")
    except OSError:
        text = ""
    line = next((line for line in text.splitlines() if line.strip()), "")
    printable = "".join(c for c in line if c.isprintable())[:120]
    return printable or "a process that left no note"
