"""A phases interview in the artifact: the bank's questions with their answers and skips,
the summary, and an edited answer carried back into the state."""

from __future__ import annotations

from brownfield.errors import UsageError
from brownfield.interview.engine.words import SKIP
from brownfield.interview.phases.bank import (
    BANK,
    CONFIRM,
    TEXT_FIELDS,
    get_field,
    question_id,
    set_field,
    split_list,
)
from brownfield.interview.phases.coverage import effective_spec
from brownfield.interview.phases.state import InterviewState
from brownfield.interview.review.artifact import (
    Answer,
    ArtifactQuestion,
    Summary,
    review_questions,
    skip_all_reasons,
    yes_no,
)


def questions(state: InterviewState) -> list[ArtifactQuestion]:
    latest = {turn.field: turn for turn in state.history}
    by_skip_all = skip_all_reasons(state.review)
    questions = []
    for index, entry in enumerate(BANK):
        qid = question_id(index)
        turn = latest.get(entry.field)
        answer: Answer | None = None
        if entry.field == CONFIRM:
            if turn is not None:
                choice = "yes" if turn.answer.strip().lower() in ("yes", "y") else "no"
                answer = Answer(
                    selected_option_ids=[choice], answered_by="user", answered_at=turn.timestamp
                )
        elif turn is not None and (skip := SKIP.match(turn.answer)):
            reason = (skip.group("reason") or "").strip() or None
            answer = Answer(
                skipped=True,
                answered_by="user_skip",
                answered_at=turn.timestamp,
                skip_reason=reason,
            )
        elif turn is not None:
            answer = Answer(free_text=turn.answer, answered_by="user", answered_at=turn.timestamp)
        elif qid in by_skip_all and get_field(state, entry.field) is not None:
            reason, at = by_skip_all[qid]
            answer = Answer(
                skipped=True, answered_by="user_skip", answered_at=at, skip_reason=reason
            )
        questions.append(
            ArtifactQuestion(
                id=qid,
                phase=entry.phase,
                prompt=entry.text,
                source="compiled",
                answer_type="single_choice" if entry.field == CONFIRM else "free_text",
                options=yes_no() if entry.field == CONFIRM else [],
                answer=answer,
            )
        )
    review = review_questions(state.review) if state.review.enabled else []
    return questions + review


def summary(state: InterviewState) -> Summary:
    """Goals, constraints and non-goals as the answers (and follow-ups) give them."""
    spec = effective_spec(state)
    return Summary(
        goals=[spec.overview.goal] if spec.overview.goal else [],
        constraints=(spec.requirements.constraints or [])
        + (spec.requirements.non_functional or []),
        non_goals=(spec.overview.non_goals or []) + (spec.scope.out_of_scope or []),
    )


def _entry(qid: str) -> tuple[str, bool]:
    """The field and required flag of a bank question id (`Q03`)."""
    entry = BANK[int(qid[1:]) - 1]
    if entry.field == CONFIRM:
        raise UsageError(f"{qid} (the confirmation) cannot be edited")
    return entry.field, entry.required


def apply_edit(state: InterviewState, question_id: str, answer: str) -> None:
    """Carry an edited answer of a bank question (`Q<nn>`) into the state."""
    field, required = _entry(question_id)
    value: object = answer.strip() if field in TEXT_FIELDS else split_list(answer)
    if required and not value:
        raise UsageError(f"{question_id} ({field}) is required and needs an answer")
    set_field(state, field, value)


def apply_skip(state: InterviewState, question_id: str) -> None:
    """Carry a skip of a bank question into the state: `[]`, asked and skipped."""
    field, required = _entry(question_id)
    if required:
        raise UsageError(f"{question_id} ({field}) is required and cannot be skipped")
    set_field(state, field, [])
