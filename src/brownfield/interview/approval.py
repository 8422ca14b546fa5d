"""Review, approve and edit an interview artifact; approval is bound to the bytes reviewed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from brownfield.errors import BrownfieldError, UsageError
from brownfield.interview.adaptive import artifact_view as adaptive_view
from brownfield.interview.adaptive.state import AdaptiveState
from brownfield.interview.engine.records import Approval, Edit, now
from brownfield.interview.phases import artifact_view as phases_view
from brownfield.interview.phases.state import InterviewState
from brownfield.interview.review.artifact import Artifact, load_artifact, sha256_of
from brownfield.interview.session import Session, resume


class StaleApprovalError(BrownfieldError):
    """The artifact changed after it was reviewed."""


@dataclass(frozen=True)
class Reviewed:
    artifact: Artifact
    sha256: str


def review(path: Path) -> Reviewed:
    """The artifact and the SHA-256 of its exact bytes (what `show` prints)."""
    return Reviewed(load_artifact(path), sha256_of(path))


def session_of(path: Path, root: Path) -> Session:
    """The interview behind an artifact (its state file sits beside it)."""
    artifact = load_artifact(path)
    return resume(root, path.parent / artifact.generated_by.state_path)


def approve(path: Path, sha256: str | None, who: str, root: Path) -> str:
    """Approve if `sha256` matches the current bytes; returns the approved file's new hash."""
    if not sha256:
        raise UsageError(
            f"--sha256 is required: run `brownfield show {path}` and pass the hash you reviewed"
        )
    current = sha256_of(path)
    if sha256.lower() != current:
        raise StaleApprovalError(
            f"stale approval: you reviewed {sha256.lower()} but {path} is now {current}; "
            "review it again"
        )
    session = session_of(path, root)
    state = session.state
    state.review.approval = Approval(
        approved_by=who, approved_at=now(), reviewed_sha256=current, file_sha256=""
    )
    session.save(state)
    state.review.approval.file_sha256 = sha256_of(path)
    session.save(state)  # same artifact bytes; the state now knows them
    return state.review.approval.file_sha256


def status(path: Path, root: Path) -> tuple[str, str]:
    """`draft`, `approved`, or `changed since approval` (a hand edit), with a one-line detail."""
    current = sha256_of(path)
    state = session_of(path, root).state
    approval = state.review.approval
    if approval is None:
        return "draft", f"not approved (sha256 {current})"
    if approval.file_sha256 == current:
        return (
            "approved",
            f"approved by {approval.approved_by} at {approval.approved_at.isoformat()}",
        )
    return (
        "changed since approval",
        f"approved as {approval.file_sha256}, now {current}: it no longer counts as approved",
    )


def edit(
    path: Path, question_id: str, answer: str | None, skip_reason: str | None, root: Path
) -> None:
    """Change an answer or a skip reason; an approved artifact returns to draft."""
    if (answer is None) == (skip_reason is None):
        raise UsageError("give exactly one of --answer or --skip-reason")
    artifact = load_artifact(path)
    question = next((q for q in artifact.questions if q.id == question_id), None)
    if question is None:
        known = ", ".join(q.id for q in artifact.questions)
        raise UsageError(f"no question {question_id} in {path}; questions: {known}")
    if skip_reason is not None and not (question.answer and question.answer.skipped):
        raise UsageError(f"{question_id} was not skipped; edit its answer with --answer")
    session = session_of(path, root)
    state = session.state
    moment = now()
    if answer is not None:
        _apply_answer(state, question_id, answer)
        state.review.edits.append(
            Edit(question_id=question_id, kind="answer", value=answer, at=moment)
        )
    else:
        state.review.edits.append(
            Edit(question_id=question_id, kind="skip_reason", value=skip_reason or "", at=moment)
        )
    state.review.approval = None
    state.updated_at = moment
    session.save(state)


def _apply_answer(state: InterviewState | AdaptiveState, question_id: str, answer: str) -> None:
    """Carry an edited answer into the state, so the compiled documents follow it."""
    followups = [state.review.final, *state.review.followups]
    followup = next((f for f in followups if f is not None and f.id == question_id), None)
    if followup is not None:
        followup.answer, followup.skipped, followup.skip_reason = answer, False, None
    elif isinstance(state, InterviewState):
        phases_view.apply_edit(state, question_id, answer)
    else:
        adaptive_view.apply_edit(state, question_id, answer)
