"""Hand edits of the artifact, rule by rule (`review.hand_edit`), and applied on resume."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path

import pytest
import yaml

from brownfield.errors import UsageError
from brownfield.interview.engine.json_lines import JsonConversation
from brownfield.interview.engine.loop import Engine, Outcome
from brownfield.interview.engine.scripted import ScriptedAnswers
from brownfield.interview.flow import interview
from brownfield.interview.phases.planner import PhasesPlanner
from brownfield.interview.phases.state import load
from brownfield.interview.review.artifact import (
    Answer,
    Artifact,
    ArtifactQuestion,
    GeneratedBy,
    Option,
    Summary,
    load_artifact,
)
from brownfield.interview.review.hand_edit import Change, compare
from brownfield.interview.session import start

AT = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
OPTIONS = [Option(id=f"o{n}", label=label) for n, label in enumerate(("A", "B", "C"), 1)]


def artifact(*questions: ArtifactQuestion) -> Artifact:
    return Artifact(
        generated_by=GeneratedBy(
            version="0.1.0", generated_at=AT, interview_id="x", state_path="INTERVIEW-x.yaml"
        ),
        questions=list(questions),
        summary=Summary(),
    )


def choice(kind: str, answer: Answer | None) -> ArtifactQuestion:
    return ArtifactQuestion(
        id="R1",
        phase="goal",
        prompt="Which?",
        source="compiled",
        answer_type=kind,  # type: ignore[arg-type]
        options=OPTIONS,
        answer=answer,
    )


PICKED = Answer(selected_option_ids=["o1"], answered_by="user", answered_at=AT)


@pytest.mark.parametrize(
    ("kind", "edited", "change", "problem"),
    [
        (
            "multiple_choice",
            Answer(
                selected_option_ids=["o1", "o3"],
                free_text="nightly",
                answered_by="user",
                answered_at=AT,
            ),
            Change("R1", "answer", "A; C (note: nightly)", ("o1", "o3"), "nightly"),
            None,
        ),
        (
            "single_choice",
            Answer(selected_option_ids=["o2"], answered_by="user", answered_at=AT),
            Change("R1", "answer", "B", ("o2",)),
            None,
        ),
        (
            "single_choice",
            Answer(free_text="my own", answered_by="user", answered_at=AT),
            Change("R1", "answer", "my own"),
            None,
        ),
        (
            "single_choice",
            Answer(skipped=True, answered_by="user_skip", answered_at=AT, skip_reason="later"),
            Change("R1", "skip", "later"),
            None,
        ),
        (
            "single_choice",
            Answer(selected_option_ids=["o2"], free_text="x", answered_by="user", answered_at=AT),
            None,
            "takes one option or free text, not both",
        ),
        (
            "single_choice",
            Answer(selected_option_ids=["o9"], answered_by="user", answered_at=AT),
            None,
            "selected_option_ids: no option o9 (o1, o2, o3)",
        ),
        (
            "single_choice",
            Answer(selected_option_ids=["o2"], answered_by="ai_skip", answered_at=AT),
            None,
            "answered_by: written by brownfield",
        ),
        (
            "single_choice",
            Answer(selected_option_ids=["o2"], answered_by="user", answered_at=AT, skip_reason="x"),
            None,
            "skip_reason: only a skipped answer has a skip reason",
        ),
        ("single_choice", None, None, "an answer cannot be removed"),
    ],
)
def test_answer_rules(
    kind: str, edited: Answer | None, change: Change | None, problem: str | None
) -> None:
    before = artifact(choice(kind, PICKED))
    changes, problems = compare(before, artifact(choice(kind, edited)))
    assert changes == ([change] if change else [])
    assert (problem is None and problems == []) or (
        problem is not None and len(problems) == 1 and problem in problems[0]
    ), problems


def test_not_asked_yet_and_ticket_id() -> None:
    before = artifact(choice("single_choice", None))
    after = artifact(choice("single_choice", PICKED))
    after.ticket_id = "SEC-1"
    changes, problems = compare(before, after)
    assert changes == [Change(None, "ticket_id", "SEC-1")]
    assert problems == ["questions.0.answer (R1): not asked yet; answer it in the interview"]


def test_a_hand_edit_is_applied_when_the_interview_resumes(tmp_path: Path) -> None:
    session = start(tmp_path, "Resume me", Path("docs"), 18, ticket_id="T-1")
    Engine(PhasesPlanner(), ScriptedAnswers(["T", "G", "skip"]), session.save).run(session.state)
    path = tmp_path / "docs/interview.yaml"
    assert load_artifact(path).ticket_id == "T-1"
    data = yaml.safe_load(path.read_text())
    data["questions"][2]["answer"].update(skipped=False, free_text="p99 under 5 ms")
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    out = io.StringIO()
    answers = io.StringIO("".join(f'"{a}"\n' for a in ["skip", "api"]))
    outcome = interview(tmp_path, JsonConversation(answers, out), resume_path=session.state_path)
    assert outcome is Outcome.PAUSED
    assert '"applied the hand edit of' in out.getvalue()
    state = load(session.state_path)
    assert state.spec_data.overview.success_metrics == ["p99 under 5 ms"]
    assert state.spec_data.overview.non_goals == [] and state.spec_data.scope.in_scope == ["api"]
    assert load_artifact(path).questions[2].answer.free_text == "p99 under 5 ms"  # type: ignore[union-attr]


def test_the_follow_up_budget_is_a_percentage(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="--followup-budget must be 0 to 100"):
        interview(tmp_path, None, "Idea", "phases", followup_budget=101)  # type: ignore[arg-type]
