"""The step after the spec: stop, approve now, or a brief for a coding agent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from brownfield.interview.approval import status
from tests.interview.test_adaptive import IDEA, SLUG, interview, sample


@pytest.fixture(scope="module")
def before_handoff(tmp_path_factory: pytest.TempPathFactory) -> int:
    """How many questions the cooperative interview asks before the handoff one."""
    probe = interview(sample("shop", tmp_path_factory.mktemp("probe")), ["1"] * 40, IDEA, "--json")
    questions = [e for e in events(probe.stdout) if e["type"] == "question"]
    assert questions[-1]["id"] == "HANDOFF"
    return len(questions) - 1


def run(tmp_path: Path, answers: list[str]) -> tuple[Path, str]:
    root = sample("shop", tmp_path)
    done = interview(root, answers, IDEA, "--json")
    assert done.returncode == 0, done.stderr
    return root, done.stdout


def events(stdout: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in stdout.splitlines()]


def test_stop_here_leaves_the_spec_pending(tmp_path: Path, before_handoff: int) -> None:
    root, stdout = run(tmp_path, ["1"] * before_handoff + ["1"])
    complete = events(stdout)[-1]
    assert complete["type"] == "complete" and complete["handoff"] == "stop"
    assert status(root / "docs/interview.yaml", root)[0] == "draft"
    assert not list((root / "docs/specs").glob("*.brief.*"))


def test_no_answer_at_the_handoff_stops_too(tmp_path: Path, before_handoff: int) -> None:
    root, stdout = run(tmp_path, ["1"] * before_handoff)
    assert events(stdout)[-1]["handoff"] == "stop"


def test_approve_now_shows_the_hash_it_approves(tmp_path: Path, before_handoff: int) -> None:
    root, stdout = run(tmp_path, ["1"] * before_handoff + ["2"])
    every = events(stdout)
    question = next(e for e in every if e.get("id") == "HANDOFF")
    complete = every[-1]
    assert complete["handoff"] == "approved"
    assert f"sha256 {complete['approved_sha256']}" in str(question["text"])
    assert status(root / "docs/interview.yaml", root)[0] == "approved"


def test_brief_for_a_coding_agent_in_both_formats(tmp_path: Path, before_handoff: int) -> None:
    root, stdout = run(tmp_path, ["1"] * before_handoff + ["3"])
    complete = events(stdout)[-1]
    assert complete["handoff"] == "brief"
    assert complete["brief_paths"] == [
        f"docs/specs/{SLUG}.brief.md",
        f"docs/specs/{SLUG}.brief.json",
    ]
    data = json.loads((root / f"docs/specs/{SLUG}.brief.json").read_text())
    assert set(data) == {
        "goal",
        "spec",
        "constraints",
        "acceptance_criteria",
        "change_points",
        "touchpoints",
        "open_questions",
    }
    assert data["spec"] == f"docs/specs/{SLUG}.md"
    assert {"symbol": "app.payments.gateway.charge", "citation": "app/payments/gateway.py:8"} in (
        data["touchpoints"]
    )
    assert data["acceptance_criteria"] and data["open_questions"] == []
    markdown = (root / f"docs/specs/{SLUG}.brief.md").read_text()
    assert markdown.startswith(f"# Brief: {data['goal']}")
    assert "- app.payments.gateway.charge (app/payments/gateway.py:8)" in markdown
    for criterion in data["acceptance_criteria"]:
        assert f"- [ ] {criterion}" in markdown
    # nothing outside the artifact folder changed
    assert not (root / "app/payments/gateway.py").read_text().count("retry")


@pytest.mark.parametrize("answer", ["4", "maybe"])
def test_an_unknown_step_stops_with_a_hint(
    tmp_path: Path, answer: str, before_handoff: int
) -> None:
    root, stdout = run(tmp_path, ["1"] * before_handoff + [answer])
    every = events(stdout)
    assert every[-1]["handoff"] == "stop"
    assert any("is not a step" in str(e.get("text", "")) for e in every)
