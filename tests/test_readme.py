"""The README's two commands stay true: CI runs the second, and the first one works."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    block = re.search(r"```bash\n(.*?)```", (PROJECT / "README.md").read_text(), re.S)
    assert block is not None
    return [line for line in block.group(1).splitlines() if line and not line.startswith("#")]


def test_ci_runs_the_readme_test_command() -> None:
    install_and_run, test_command = readme_commands()
    assert "pytest" in test_command
    assert test_command in (PROJECT / ".ci/run").read_text().splitlines()


def test_the_first_command_runs_an_interview(tmp_path: Path) -> None:
    command = readme_commands()[0]
    after_install = command.split(" && ", 3)[3]  # drop venv creation, activation and pip
    demo = tmp_path / "demo"  # a folder of its own each run: a second run shows its own spec
    demo.mkdir()
    assert after_install.startswith("demo=$(mktemp -d) && ")
    after_install = after_install.replace("$(mktemp -d)", str(demo), 1)
    shutil.copytree(PROJECT / "sample_repos", tmp_path / "sample_repos")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(
        ["bash", "-c", after_install], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "app/cart.py:17" in done.stdout  # callers of charge, cited
    assert "status: pending-approval" in done.stdout  # the spec, printed by cat
    assert "## Evidence" in done.stdout
    # the careful person's answers: the threshold reached, their limit kept as a constraint
    assert "Status: ready | Exit: threshold" in done.stdout
    assert "- Checkout must wait at most 7 seconds in total" in done.stdout
    assert (demo / "INTERVIEW-add-retries-with-backoff-to-payment-char.yaml").exists()
