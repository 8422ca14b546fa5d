"""An adaptive interview in the artifact: its rounds as questions (options, picks, skips,
auto-answers, refined answers), slots skipped by `skip all`, the summary, and an edited
answer carried back into the state."""

from __future__ import annotations

from brownfield.errors import UsageError
from brownfield.interview.adaptive import decisions, topology
from brownfield.interview.adaptive.slots import MULTIPLE_CHOICE
from brownfield.interview.adaptive.state import AdaptiveState, Round, Slot
from brownfield.interview.review.artifact import (
    Answer,
    ArtifactQuestion,
    Option,
    Summary,
    review_questions,
    skip_all_reasons,
)


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


def questions(state: AdaptiveState) -> list[ArtifactQuestion]:
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
                        for n, label in enumerate(topology.OPTIONS, 1)
                    ],
                    answer=Answer(
                        selected_option_ids=["o1"],
                        answered_by="auto_answer" if r.answer_kind == "auto-answer" else "user",
                        answered_at=r.timestamp,
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
    by_skip_all = skip_all_reasons(state.review)
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
    return questions + review_questions(state.review)


def summary(state: AdaptiveState) -> Summary:
    """Outcomes as goals (or the restated goal); the constraints and the non-goals."""
    return Summary(
        goals=decisions.values(state, "outcome") or [state.restated_goal or state.description],
        constraints=decisions.constraints(state),
        non_goals=decisions.non_goals(state),
    )


def _slot(state: AdaptiveState, question_id: str) -> Slot:
    """The slot a round (`R<n>`) or a skipped slot (`S:<c>:<slot>`) decided."""
    target = question_id.removeprefix("S:")
    if question_id.startswith("S:"):
        component_id, _, slot_name = target.partition(":")
    else:
        number = int(question_id[1:])
        found = next((r for r in state.rounds if r.round == number), None)
        if found is None or not found.slot or not found.component:
            raise UsageError(f"{question_id} cannot be edited")
        component_id, slot_name = found.component, found.slot
    component = next(c for c in state.topology.components if c.id == component_id)
    return next(s for s in component.slots if s.name == slot_name)


def apply_edit(state: AdaptiveState, question_id: str, answer: str) -> None:
    """Carry an edited answer of a round (`R<n>`) or a skipped slot (`S:<c>:<slot>`) into
    the state."""
    slot = _slot(state, question_id)
    slot.value, slot.filled_by, slot.quality, slot.skipped = answer, "person", 1.0, False


def apply_skip(state: AdaptiveState, question_id: str) -> None:
    """Carry a skip of a round's decision into the state: the slot is open, skipped."""
    slot = _slot(state, question_id)
    slot.value, slot.filled_by, slot.quality, slot.skipped = None, None, 0.0, True
