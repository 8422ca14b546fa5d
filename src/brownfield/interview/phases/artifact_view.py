"""A phases interview in the artifact: the bank's questions with their answers and skips,
the summary, and an edited answer carried back into the state."""

from __future__ import annotations

from brownfield.errors import UsageError
from brownfield.interview.engine.words import SKIP
from brownfield.interview.phases.bank import BANK, CONFIRM, get_field, set_field, split_list
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
        question_id = f"Q{index + 1:02d}"
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
        elif question_id in by_skip_all and get_field(state, entry.field) is not None:
            reason, at = by_skip_all[question_id]
            answer = Answer(
                skipped=True, answered_by="user_skip", answered_at=at, skip_reason=reason
            )
        questions.append(
            ArtifactQuestion(
                id=question_id,
                phase=entry.phase,
                prompt=entry.text,
                source="compiled",
                answer_type="single_choice" if entry.field == CONFIRM else "free_text",
                options=yes_no() if entry.field == CONFIRM else [],
                answer=answer,
            )
        )
    return questions + review_questions(state.review)


def summary(state: InterviewState) -> Summary:
    """Goals, constraints and non-goals as the answers (and follow-ups) give them."""
    spec = effective_spec(state)
    return Summary(
        goals=[spec.overview.goal] if spec.overview.goal else [],
        constraints=(spec.requirements.constraints or [])
        + (spec.requirements.non_functional or []),
        non_goals=(spec.overview.non_goals or []) + (spec.scope.out_of_scope or []),
    )


def apply_edit(state: InterviewState, question_id: str, answer: str) -> None:
    """Carry an edited answer of a bank question (`Q<nn>`) into the state."""
    index = int(question_id[1:]) - 1
    field = BANK[index].field
    if field == CONFIRM:
        raise UsageError("the confirmation cannot be edited")
    current = get_field(state, field)
    set_field(state, field, answer if isinstance(current, str) else split_list(answer))
