"""The installed package carries its own query files (`grammars/`), loaded from a real wheel."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]


def test_wheel_ships_the_grammars_and_parses_with_them(tmp_path: Path) -> None:
    pytest.importorskip("hatchling")
    wheels = tmp_path / "wheels"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(wheels),
            str(PROJECT),
        ],
        check=True,
    )
    (wheel,) = wheels.glob("brownfield-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert "brownfield/grammars/python/tags.scm" in names
        assert "brownfield/grammars/python/imports.scm" in names
        site = tmp_path / "site"
        archive.extractall(site)
    probe = (
        "from brownfield.graph import parser\n"
        "print(parser.grammars_dir())\n"
        "facts = parser.parse('python', b'def f():\\n    g()\\n')\n"
        "print([d.qualname for d in facts.definitions], [c.chain for c in facts.calls])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"},
        cwd=tmp_path,
    )
    folder, parsed = done.stdout.splitlines()
    assert Path(folder) == site / "brownfield" / "grammars"
    assert parsed == "['f'] [('g',)]"
