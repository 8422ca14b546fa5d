"""REQUIREMENTS.md goldens, written by hand from the scripted answers."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

from brownfield.interview.engine.loop import Engine
from brownfield.interview.engine.scripted import ScriptedAnswers
from brownfield.interview.phases.planner import PhasesPlanner
from brownfield.interview.session import start
from tests.interview.test_phases import FULL

GOLDENS = Path(__file__).resolve().parents[1] / "goldens"


def compiled(tmp_path: Path, answers: list[str], max_questions: int = 18) -> str:
    session = start(tmp_path, "Add a login rate limiter", Path("docs"), max_questions)
    Engine(PhasesPlanner(), ScriptedAnswers(answers), session.save).run(session.state)
    return (tmp_path / "docs/REQUIREMENTS.md").read_text()


def assert_golden(actual: str, name: str) -> None:
    """Compare with a hand-written golden; the artifact hash (random interview id) is masked."""
    actual = re.sub(r"interview_sha256: [0-9a-f]{64}", "interview_sha256: X", actual)
    expected = (GOLDENS / name).read_text()
    diff = "\n".join(
        difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), name, "actual", lineterm=""
        )
    )
    assert actual == expected, diff


def test_complete_interview(tmp_path: Path) -> None:
    assert_golden(compiled(tmp_path, FULL), "requirements-complete.md")


def test_sparse_truncated_interview(tmp_path: Path) -> None:
    assert_golden(compiled(tmp_path, ["Tiny", "Do one thing", "skip"], 3), "requirements-sparse.md")
