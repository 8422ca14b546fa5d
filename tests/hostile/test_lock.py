"""A killed build never blocks the next one, whatever its pool workers do."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from contextlib import suppress
from pathlib import Path

from brownfield.graph.builder import build
from tests.conftest import write_files

#: A build whose parse workers are slow and say when they are busy; run in its own
#: session so that the test can find (and clean up) every process it leaves.
SLOW_BUILD = """
import os, sys, time
from pathlib import Path
from brownfield.graph import builder

PARENT = os.getpid()
parse_one = builder._parse_one

def slow(job):
    if os.getpid() != PARENT:
        Path(sys.argv[2]).touch()
        time.sleep(0.4)
    return parse_one(job)

builder._parse_one = slow  # forked workers inherit the module as it is now
builder.build(Path(sys.argv[1]), full=True, workers=2)
"""


def _alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


def test_sigkill_of_the_build_parent_frees_the_lock(repo: Path, tmp_path: Path) -> None:
    write_files(repo, {f"m{i}.py": f"def f{i}():\n    pass\n" for i in range(80)})
    busy = tmp_path / "worker-busy"
    process = subprocess.Popen(
        [sys.executable, "-c", SLOW_BUILD, str(repo), str(busy)], start_new_session=True
    )
    try:
        deadline = time.monotonic() + 60
        while not busy.exists():
            assert process.poll() is None, "the build ended before its workers started"
            assert time.monotonic() < deadline, "no worker started"
            time.sleep(0.05)
        os.kill(process.pid, signal.SIGKILL)  # the parent only: its workers are orphaned
        process.wait()
        started = time.monotonic()
        summary = build(repo, full=True, workers=1, lock_timeout=5)
        assert summary.parsed == 80
        assert time.monotonic() - started < 5
        deadline = time.monotonic() + 10
        while _alive(process.pid):  # orphaned workers notice and exit
            assert time.monotonic() < deadline, "orphaned workers are still running"
            time.sleep(0.1)
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
