"""`brownfield interview` through real stdin/stdout: a subprocess with piped input; CliRunner."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from brownfield.cli import app
from brownfield.interview.engine.places import check_writable
from brownfield.interview.phases.planner import BANK
from tests.interview.test_phases import FULL

runner = CliRunner()


def interview(cwd: Path, stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "brownfield", "interview", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


def test_end_of_input_pauses_with_the_resume_line_and_exit_2(tmp_path: Path) -> None:
    done = interview(tmp_path, "Title\nGoal\n", "Rate limiter", "--non-interactive")
    assert done.returncode == 2
    assert done.stdout == (
        "Interview paused. Resume with: "
        "brownfield interview --resume docs/INTERVIEW-rate-limiter.yaml\n"
    )
    state = (tmp_path / "docs/INTERVIEW-rate-limiter.yaml").read_text()
    assert "title: Title" in state and "goal: Goal" in state and "status: in_progress" in state

    rest = "\n".join(FULL[2:]) + "\n"
    again = interview(
        tmp_path, rest, "--resume", "docs/INTERVIEW-rate-limiter.yaml", "--non-interactive"
    )
    assert again.returncode == 0, again.stderr
    assert again.stdout == (
        "Requirements written to docs/REQUIREMENTS.md\n"
        "Interview state saved to docs/INTERVIEW-rate-limiter.yaml\n"
    )
    noop = interview(tmp_path, "", "--resume", "docs/INTERVIEW-rate-limiter.yaml")
    assert noop.returncode == 0
    assert noop.stdout.startswith("Interview already complete; nothing to do.")


def test_interactive_shows_progress_questions_and_preview(tmp_path: Path) -> None:
    done = interview(tmp_path, "\n".join(FULL) + "\n", "Rate limiter")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "[overview: 1/4 | Next: Scope]\nWhat is the title of this project or feature?" in out
    assert out.index("Preview of REQUIREMENTS.md:") < out.index(BANK[-1].text)
    assert out.count("> ") >= 16


def test_non_interactive_prints_no_question_text(tmp_path: Path) -> None:
    done = interview(tmp_path, "\n".join(FULL) + "\n", "Rate limiter", "--non-interactive")
    assert done.returncode == 0
    for entry in BANK:
        assert entry.text not in done.stdout
    assert "[overview" not in done.stdout and "> " not in done.stdout


def test_refusal_hint_goes_to_stderr_when_not_interactive(tmp_path: Path) -> None:
    done = interview(tmp_path, "skip\n", "Rate limiter", "--non-interactive")
    assert done.returncode == 2
    assert done.stderr == "'title' is required; please answer.\n"


def test_json_lines_protocol_drives_a_whole_interview(tmp_path: Path) -> None:
    lines = [json.dumps({"answer": a}) for a in FULL[:3]] + [json.dumps(a) for a in FULL[3:6]]
    lines += FULL[6:]  # plain text lines are accepted too
    done = interview(tmp_path, "\n".join(lines) + "\n", "Rate limiter", "--json")
    assert done.returncode == 0, done.stderr
    events = [json.loads(line) for line in done.stdout.splitlines()]
    questions = [e for e in events if e["type"] == "question"]
    assert len(questions) == 16  # the 16 bank questions, nothing between (seed 000)
    assert questions[0] == {
        "type": "question",
        "id": "Q01",
        "phase": "overview",
        "field": "title",
        "text": "What is the title of this project or feature?",
        "required": True,
        "hint": "Required.",
        "progress": "[overview: 1/4 | Next: Scope]",
    }
    assert events[-1] == {
        "type": "complete",
        "state_path": "docs/INTERVIEW-rate-limiter.yaml",
        "requirements_path": "docs/REQUIREMENTS.md",
        "truncated": False,
    }


def test_json_lines_pause(tmp_path: Path) -> None:
    done = interview(tmp_path, '{"answer": "T"}\n', "Rate limiter", "--json")
    assert done.returncode == 2
    last = json.loads(done.stdout.splitlines()[-1])
    assert last == {
        "type": "paused",
        "state_path": "docs/INTERVIEW-rate-limiter.yaml",
        "requirements_path": None,
        "resume": "brownfield interview --resume docs/INTERVIEW-rate-limiter.yaml",
    }


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_no_idea_and_no_resume_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = run("interview", "--repo", str(tmp_path))
    assert (code, err) == (2, "error: give an idea to interview about, or --resume FILE\n")


def test_missing_resume_path(tmp_path: Path) -> None:
    code, _, err = run(
        "interview", "--resume", str(tmp_path / "nope.yaml"), "--repo", str(tmp_path)
    )
    assert code == 1 and err == f"error: no interview state at {tmp_path / 'nope.yaml'}\n"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("turn_number: 1", "turn_number: one"), "history.0.turn_number"),
        (lambda t: t.replace("status: in_progress", "status: maybe"), "status"),
        (lambda t: t + "surprise: 1\n", "surprise: Extra inputs are not permitted"),
        (
            lambda t: t.replace("schema_version: 1", "schema_version: 9"),
            "newer than this brownfield",
        ),
        (lambda t: t.replace("created_at:", "created_at: [", 1), "not valid YAML"),
        (lambda t: t.replace("timestamp: '", "timestamp: 'not-a-date"), "history.0.timestamp"),
    ],
)
def test_broken_state_files_are_clear_errors_and_untouched(
    tmp_path: Path, edit, message: str
) -> None:  # type: ignore[no-untyped-def]
    interview(tmp_path, "Title\n", "Rate limiter", "--non-interactive")
    path = tmp_path / "docs/INTERVIEW-rate-limiter.yaml"
    broken = edit(path.read_text())
    path.write_text(broken)
    code, _, err = run("interview", "--resume", str(path), "--repo", str(tmp_path), stdin="Goal\n")
    assert code == 1
    assert err.startswith(f"error: the interview state {path}") and message in err
    assert err.count("\n") == 1
    assert path.read_text() == broken


def test_the_write_check_of_one_interview_never_meets_another_ones(tmp_path: Path) -> None:
    """Two interviews started at once in one process (an MCP server's) probed the docs
    folder with the same file name: the second failed with "File exists"."""
    (tmp_path / "docs").mkdir()
    held = tmp_path / "docs" / f".brownfield-write-check-{os.getpid()}"
    held.write_text("")  # the other interview's probe, not yet removed
    check_writable(tmp_path / "docs")
    assert sorted(p.name for p in (tmp_path / "docs").iterdir()) == [held.name]


def test_unwritable_docs_folder_fails_before_questions(tmp_path: Path) -> None:
    (tmp_path / "docs").write_text("a file where the folder should be")  # even root cannot mkdir
    code, out, err = run("interview", "Idea", "--repo", str(tmp_path), stdin="T\n")
    assert code == 1 and err.startswith("error: cannot write to the artifact folder")
    assert out == ""


def test_failed_save_mid_interview_keeps_the_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from brownfield.interview import session as session_module

    real_save = session_module.save
    calls = {"n": 0}

    def flaky(state, path):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 3 and path.parent.name == "docs":  # the second answer's save fails
            raise session_module.StateError(f"cannot write the interview state {path}: disk full")
        real_save(state, path)

    monkeypatch.setattr(session_module, "save", flaky)
    code, _, err = run(
        "interview", "Idea", "--non-interactive", "--repo", str(tmp_path), stdin="T\nG\nmore\n"
    )
    recovered = tmp_path / ".brownfield/recovered/INTERVIEW-idea.yaml"
    assert code == 1
    assert "disk full" in err and f"the answers so far are saved in {recovered}" in err
    text = recovered.read_text()
    assert "title: T" in text and "goal: G" in text
