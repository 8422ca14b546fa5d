"""The reviewable interview artifact (`interview.yaml`, seed 002's schema).

The artifact is derived from the resumable state: question metadata (stable ids, phase,
source, follow-up round, answer type, options), answers with skips and their reasons,
follow-up rounds, the coverage checks, a summary and the approval. Approval is bound to the
SHA-256 of the exact bytes reviewed. A person may edit the file by hand (`hand_edit` checks
such an edit against this model before it reaches the state).
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from pathlib import Path
from typing import Literal, Protocol

from pydantic import Field

from brownfield import __version__
from brownfield.interview.engine.records import (
    SCHEMA_VERSION,
    CoverageCheck,
    FollowUp,
    RefinedAnswer,
    Review,
    StrictModel,
)
from brownfield.interview.engine.store import StateError, dump, load_data, validate

Source = Literal["compiled", "prompt_follow_up", "coverage_follow_up", "final_free_form"]
AnsweredBy = Literal["user", "user_skip", "ai_skip", "auto_answer", "auto_fill"]


class Option(StrictModel):
    id: str
    label: str


class Answer(StrictModel):
    skipped: bool = False
    selected_option_ids: list[str] = Field(default_factory=list)
    free_text: str | None = None
    answered_by: AnsweredBy | None = None
    answered_at: datetime | None = None
    skip_reason: str | None = None  # written only when a person skipped and said why
    refined: RefinedAnswer | None = None  # written only for a refined free-text answer


class ArtifactQuestion(StrictModel):
    id: str
    phase: str
    prompt: str
    source: Source
    follow_up_round: int = 0
    answer_type: Literal["free_text", "single_choice", "multiple_choice"]
    options: list[Option] = Field(default_factory=list)
    answer: Answer | None = None  # None: not asked yet


class FollowUpRound(StrictModel):
    round: int
    source: Source
    question_ids: list[str]


class Summary(StrictModel):
    goals: list[str] = Field(default_factory=list)
    constraints: list[str] = Field(default_factory=list)
    non_goals: list[str] = Field(default_factory=list)
    final_free_form: str | None = None
    remaining_gaps: list[str] = Field(default_factory=list)


class GeneratedBy(StrictModel):
    tool: str = "brownfield"
    version: str
    generated_at: datetime
    interview_id: str
    state_path: str


class ApprovalRecord(StrictModel):
    approved_by: str
    approved_at: datetime
    reviewed_sha256: str


class Coverage(StrictModel):
    """One coverage check as the artifact shows it (seed 002: `status: gaps` may come with
    no follow-up questions once the budget is spent; `skip all` writes a synthetic clean one)."""

    check: int
    status: Literal["clean", "gaps"]
    synthetic: bool = False
    reason: str | None = None
    gaps: list[str] = Field(default_factory=list)
    follow_up_questions: list[str] = Field(default_factory=list)
    checked_at: datetime


class Artifact(StrictModel):
    schema_version: int = SCHEMA_VERSION
    ticket_id: str | None = None
    artifact: Literal["interview"] = "interview"
    status: Literal["draft", "approved"] = "draft"
    generated_by: GeneratedBy
    questions: list[ArtifactQuestion]
    follow_up_rounds: list[FollowUpRound] = Field(default_factory=list)
    coverage: list[Coverage] = Field(default_factory=list)
    summary: Summary
    approval: ApprovalRecord | None = None


# -- building ------------------------------------------------------------------------------


def yes_no() -> list[Option]:
    return [Option(id="yes", label="yes"), Option(id="no", label="no")]


def review_questions(review: Review) -> list[ArtifactQuestion]:
    found = []
    for followup in [review.final, *review.followups]:
        if followup is None:
            continue
        source: Source = "final_free_form" if followup.id == "FFF" else "coverage_follow_up"
        found.append(
            ArtifactQuestion(
                id=followup.id,
                phase="review",
                prompt=followup.prompt,
                source=source,
                follow_up_round=followup.pass_number,
                answer_type="free_text",
                answer=_followup_answer(followup),
            )
        )
    return found


def _followup_answer(followup: FollowUp) -> Answer | None:
    if followup.skipped:
        return Answer(
            skipped=True,
            answered_by="user_skip",
            answered_at=followup.answered_at,
            skip_reason=followup.skip_reason,
        )
    if followup.answer is not None:
        return Answer(
            free_text=followup.answer, answered_by="user", answered_at=followup.answered_at
        )
    return None


def skip_all_reasons(review: Review) -> dict[str, tuple[str | None, datetime]]:
    found: dict[str, tuple[str | None, datetime]] = {}
    for action in review.skip_all:
        for question_id in action.question_ids:
            found.setdefault(question_id, (action.reason, action.at))
    return found


def _apply_edits(questions: list[ArtifactQuestion], review: Review) -> None:
    """Lay the edits over the answers (an answer given after an edit wins)."""
    by_id = {q.id: q for q in questions}
    for edit in review.edits:
        question = by_id.get(edit.question_id)
        if question is None:
            continue
        answer = question.answer
        if answer is not None and answer.answered_at is not None and answer.answered_at > edit.at:
            continue
        if edit.kind == "answer":
            chosen = edit.selected_option_ids or [
                o.id for o in question.options if o.id == edit.value or o.label == edit.value
            ]
            note = edit.note if question.answer_type == "multiple_choice" else None
            question.answer = Answer(
                selected_option_ids=chosen,
                free_text=note if chosen else edit.value,
                answered_by="user",
                answered_at=edit.at,
            )
        elif edit.kind == "skip":
            question.answer = Answer(
                skipped=True,
                answered_by="user_skip",
                answered_at=edit.at,
                skip_reason=edit.value or None,
            )
        elif answer is not None and answer.skipped:
            answer.skip_reason = edit.value or None


def coverage_of(review: Review) -> list[Coverage]:
    return [_coverage(check) for check in review.coverage]


def _coverage(check: CoverageCheck) -> Coverage:
    return Coverage(
        check=check.check,
        status=check.status,
        synthetic=check.synthetic,
        reason=check.reason,
        gaps=list(check.gaps),
        follow_up_questions=list(check.follow_up_ids),
        checked_at=check.at,
    )


class Interview(Protocol):
    """What the artifact reads of any interview's state."""

    id: str
    updated_at: datetime
    review: Review


def assemble(
    state: Interview, questions: list[ArtifactQuestion], summary: Summary, state_path: str
) -> Artifact:
    """The artifact from a planner's questions and summary, with the review stage laid over
    them (edits, the final free-form answer, gaps, follow-up rounds, the approval)."""
    review = state.review
    _apply_edits(questions, review)
    summary.final_free_form = review.final.answer if review.final else None
    summary.remaining_gaps = list(review.remaining_gaps)
    rounds = sorted({f.pass_number for f in review.followups})
    approval = review.approval
    return Artifact(
        ticket_id=review.ticket_id,
        status="approved" if approval else "draft",
        generated_by=GeneratedBy(
            version=__version__,
            generated_at=state.updated_at,
            interview_id=state.id,
            state_path=state_path,
        ),
        questions=questions,
        follow_up_rounds=[
            FollowUpRound(
                round=n,
                source="coverage_follow_up",
                question_ids=[f.id for f in review.followups if f.pass_number == n],
            )
            for n in rounds
        ],
        coverage=coverage_of(review),
        summary=summary,
        approval=None
        if approval is None
        else ApprovalRecord(
            approved_by=approval.approved_by,
            approved_at=approval.approved_at,
            reviewed_sha256=approval.reviewed_sha256,
        ),
    )


def render(artifact: Artifact) -> str:
    """YAML text; `skip_reason` and `refined` appear only where there is one."""
    text = dump(artifact)
    unset = ("skip_reason: null", "refined: null", "reason: null")
    return "\n".join(line for line in text.splitlines() if line.strip() not in unset) + "\n"


WHAT = "interview artifact"


def load_artifact(path: Path) -> Artifact:
    if not path.is_file():
        raise StateError(f"no interview artifact at {path}")
    return validate(Artifact, load_data(path, WHAT), path, WHAT)


def sha256_of(path: Path) -> str:
    """The SHA-256 of a file's exact bytes."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as exc:
        raise StateError(f"cannot read {path}: {exc.strerror or exc}") from None
