"""The reviewable interview artifact (`interview.yaml`) and its append-only receipts log.

The artifact is derived from the resumable state, never edited apart from it: question
metadata (stable ids, phase, source, follow-up round, answer type, options), answers with
skips and their reasons, follow-up rounds, a summary and the approval. Approval is bound to
the SHA-256 of the exact bytes reviewed.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from brownfield import __version__
from brownfield.interview import refine
from brownfield.interview.adaptive import MULTIPLE_CHOICE
from brownfield.interview.adaptive_state import AdaptiveState, RefinedAnswer, Round
from brownfield.interview.answers import SKIP
from brownfield.interview.phases import BANK, CONFIRM, get_field
from brownfield.interview.review import effective_spec
from brownfield.interview.state import (
    SCHEMA_VERSION,
    FollowUp,
    InterviewState,
    Review,
    StateError,
    _Strict,
    dump,
    load_data,
    validate,
)

Source = Literal["compiled", "prompt_follow_up", "coverage_follow_up", "final_free_form"]
AnsweredBy = Literal["user", "user_skip", "ai_skip", "auto_answer", "auto_fill"]


class Option(_Strict):
    id: str
    label: str


class Answer(_Strict):
    skipped: bool = False
    selected_option_ids: list[str] = Field(default_factory=list)
    free_text: str | None = None
    answered_by: AnsweredBy | None = None
    answered_at: datetime | None = None
    skip_reason: str | None = None  # written only when a person skipped and said why
    refined: RefinedAnswer | None = None  # written only for a refined free-text answer


class ArtifactQuestion(_Strict):
    id: str
    phase: str
    prompt: str
    source: Source
    follow_up_round: int = 0
    answer_type: Literal["free_text", "single_choice", "multiple_choice"]
    options: list[Option] = Field(default_factory=list)
    answer: Answer | None = None  # None: not asked yet


class FollowUpRound(_Strict):
    round: int
    source: Source
    question_ids: list[str]


class Summary(_Strict):
    goals: list[str] = Field(default_factory=list)
    constraints: list[str] = Field(default_factory=list)
    non_goals: list[str] = Field(default_factory=list)
    final_free_form: str | None = None
    remaining_gaps: list[str] = Field(default_factory=list)


class GeneratedBy(_Strict):
    tool: str = "brownfield"
    version: str
    generated_at: datetime
    interview_id: str
    state_path: str


class ApprovalRecord(_Strict):
    approved_by: str
    approved_at: datetime
    reviewed_sha256: str


class Artifact(_Strict):
    schema_version: int = SCHEMA_VERSION
    artifact: Literal["interview"] = "interview"
    status: Literal["draft", "approved"] = "draft"
    generated_by: GeneratedBy
    questions: list[ArtifactQuestion]
    follow_up_rounds: list[FollowUpRound] = Field(default_factory=list)
    summary: Summary
    approval: ApprovalRecord | None = None


# -- building ------------------------------------------------------------------------------


def _yes_no() -> list[Option]:
    return [Option(id="yes", label="yes"), Option(id="no", label="no")]


def _review_questions(review: Review) -> list[ArtifactQuestion]:
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


def _skip_all_reasons(review: Review) -> dict[str, tuple[str | None, datetime]]:
    found: dict[str, tuple[str | None, datetime]] = {}
    for action in review.skip_all:
        for question_id in action.question_ids:
            found.setdefault(question_id, (action.reason, action.at))
    return found


def _phases_questions(state: InterviewState) -> list[ArtifactQuestion]:
    latest = {turn.field: turn for turn in state.history}
    by_skip_all = _skip_all_reasons(state.review)
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
                options=_yes_no() if entry.field == CONFIRM else [],
                answer=answer,
            )
        )
    return questions + _review_questions(state.review)


def _round_answer(r: Round) -> Answer:
    option_ids = [f"o{n}" for n in r.selected]
    if r.answer_kind == "skip":
        return Answer(
            skipped=True,
            answered_by="user_skip",
            answered_at=r.timestamp,
            skip_reason=r.skip_reason,
        )
    if r.answer_kind == "auto-answer":
        return Answer(
            selected_option_ids=["o1"], answered_by="auto_answer", answered_at=r.timestamp
        )
    if option_ids:
        return Answer(
            selected_option_ids=option_ids,
            free_text=r.note,
            answered_by="user",
            answered_at=r.timestamp,
        )
    return Answer(
        free_text=r.answer, answered_by="user", answered_at=r.timestamp, refined=r.refined
    )


def _adaptive_questions(state: AdaptiveState) -> list[ArtifactQuestion]:
    questions = []
    for r in state.rounds:
        if r.kind == "topology":
            questions.append(
                ArtifactQuestion(
                    id="R0",
                    phase="topology",
                    prompt=r.question.splitlines()[0],
                    source="compiled",
                    answer_type="single_choice",
                    options=[
                        Option(id=f"o{n}", label=label)
                        for n, label in enumerate(
                            (
                                "Looks right",
                                "Add/remove/merge components",
                                "Defer one or more components",
                            ),
                            1,
                        )
                    ],
                    answer=Answer(
                        selected_option_ids=["o1"], answered_by="user", answered_at=r.timestamp
                    ),
                )
            )
        elif r.kind in ("decision", "auto-answer", "closure", "ontology"):
            multiple = r.slot in MULTIPLE_CHOICE
            questions.append(
                ArtifactQuestion(
                    id=f"R{r.round}",
                    phase=r.dimension or r.kind,  # the ontology question has no dimension
                    prompt=r.question.split("\n  1. ")[0],
                    source="prompt_follow_up" if r.kind == "closure" else "compiled",
                    follow_up_round=1 if r.kind == "closure" else 0,
                    answer_type="multiple_choice" if multiple else "single_choice",
                    options=[
                        Option(id=f"o{n}", label=label) for n, label in enumerate(r.options, 1)
                    ],
                    answer=_round_answer(r),
                )
            )
    by_skip_all = _skip_all_reasons(state.review)
    for component in state.topology.active():
        for slot in component.slots:
            question_id = f"S:{component.id}:{slot.name}"
            if question_id in by_skip_all:
                reason, at = by_skip_all[question_id]
                questions.append(
                    ArtifactQuestion(
                        id=question_id,
                        phase=slot.dimension,
                        prompt=f"{slot.name.replace('_', ' ')} of '{component.name}' (never asked)",
                        source="compiled",
                        answer_type="free_text",
                        answer=Answer(
                            skipped=True,
                            answered_by="user_skip",
                            answered_at=at,
                            skip_reason=reason,
                        ),
                    )
                )
    return questions + _review_questions(state.review)


def _apply_edits(questions: list[ArtifactQuestion], review: Review) -> None:
    by_id = {q.id: q for q in questions}
    for edit in review.edits:
        question = by_id.get(edit.question_id)
        if question is None:
            continue
        if edit.kind == "answer":
            chosen = [o.id for o in question.options if o.id == edit.value or o.label == edit.value]
            question.answer = Answer(
                selected_option_ids=chosen,
                free_text=None if chosen else edit.value,
                answered_by="user",
                answered_at=edit.at,
            )
        elif question.answer is not None and question.answer.skipped:
            question.answer.skip_reason = edit.value or None


def build_artifact(state: InterviewState | AdaptiveState, state_path: str) -> Artifact:
    """The artifact, derived from the state alone (timestamps come from the state)."""
    review = state.review
    if isinstance(state, InterviewState):
        questions = _phases_questions(state)
        spec = effective_spec(state)
        summary = Summary(
            goals=[spec.overview.goal] if spec.overview.goal else [],
            constraints=(spec.requirements.constraints or [])
            + (spec.requirements.non_functional or []),
            non_goals=(spec.overview.non_goals or []) + (spec.scope.out_of_scope or []),
        )
    else:
        questions = _adaptive_questions(state)
        values = {
            name: [
                s.value or ""
                for c in state.topology.active()
                for s in c.slots
                if s.name == name and s.filled_by in ("person", "auto")
            ]
            for name in ("outcome", "compatibility", "limits", "non_goals")
        }
        summary = Summary(
            goals=values["outcome"] or [state.restated_goal or state.description],
            constraints=values["compatibility"] + values["limits"] + refine.constraints(state),
            non_goals=[v for v in values["non_goals"] if v.lower() != "nothing is excluded"]
            + refine.out_of_scope(state),
        )
    _apply_edits(questions, review)
    summary.final_free_form = review.final.answer if review.final else None
    summary.remaining_gaps = list(review.remaining_gaps)
    rounds = sorted({f.pass_number for f in review.followups})
    approval = review.approval
    return Artifact(
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
    unset = ("skip_reason: null", "refined: null")
    return "\n".join(line for line in text.splitlines() if line.strip() not in unset) + "\n"


def load_artifact(path: Path) -> Artifact:
    if not path.is_file():
        raise StateError(f"no interview artifact at {path}")
    return validate(Artifact, load_data(path), path)


def sha256_of(path: Path) -> str:
    """The SHA-256 of a file's exact bytes."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as exc:
        raise StateError(f"cannot read {path}: {exc.strerror or exc}") from None


# -- receipts ----------------------------------------------------------------------------


def _receipt(
    action: str, question: str | None, event: str, when: datetime, reason: str | None
) -> dict[str, Any]:
    return {
        "receipt_id": f"{action}/{question or '-'}/{event}",
        "action_id": action,
        "question_id": question,
        "event": event,
        "who": "person",
        "when": when.isoformat().replace("+00:00", "Z"),
        "surface": "cli",
        "reason": reason,
    }


def _log(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


def new_receipts(
    artifact: Artifact, review: Review, log: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The receipts the log lacks, found by comparing it with the artifact's skips.

    A skip appends `skip`; answering a skipped question appends `resolve`; a changed reason
    appends `edit_skip_reason`; each `skip all` appends one `skip_all` summary and one `skip`
    per question it skipped. Comparing against the log makes replays write nothing new.
    """
    last: dict[str, dict[str, Any]] = {}
    actions = set()
    for record in log:
        actions.add(record["action_id"])
        if record["question_id"] is not None:
            last[record["question_id"]] = record
    found: list[dict[str, Any]] = []

    def add(record: dict[str, Any]) -> None:
        found.append(record)
        if record["question_id"] is not None:
            last[record["question_id"]] = record

    for action in review.skip_all:
        if action.action_id in actions:
            continue
        add(_receipt(action.action_id, None, "skip_all", action.at, action.reason))
        for question_id in action.question_ids:
            add(_receipt(action.action_id, question_id, "skip", action.at, action.reason))
    for question in artifact.questions:
        answer = question.answer
        if answer is None or answer.answered_at is None:
            continue
        before = last.get(question.id)
        was_skipped = before is not None and before["event"] in ("skip", "edit_skip_reason")
        action_id = f"{question.id}@{answer.answered_at.isoformat()}"
        if answer.skipped and not was_skipped:
            add(_receipt(action_id, question.id, "skip", answer.answered_at, answer.skip_reason))
        elif answer.skipped and before is not None and before["reason"] != answer.skip_reason:
            edited = next(
                (e.at for e in reversed(review.edits) if e.question_id == question.id),
                answer.answered_at,
            )
            add(
                _receipt(
                    f"{question.id}@{edited.isoformat()}",
                    question.id,
                    "edit_skip_reason",
                    edited,
                    answer.skip_reason,
                )
            )
        elif not answer.skipped and was_skipped:
            add(_receipt(action_id, question.id, "resolve", answer.answered_at, None))
    return found


def append_receipts(path: Path, artifact: Artifact, review: Review) -> int:
    """Append what the log lacks (never rewriting a line); returns how many were added."""
    new = new_receipts(artifact, review, _log(path))
    if new:
        with path.open("a", encoding="utf-8") as log:
            for record in new:
                log.write(json.dumps(record, sort_keys=True) + "\n")
    return len(new)
