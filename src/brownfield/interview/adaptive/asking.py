"""How the adaptive planner puts a question and keeps an answer: the question with its
numbered options, the answer record, rescoring after a change, disputed slots, and the
clock (the recorded time while answers are replayed)."""

from __future__ import annotations

from datetime import datetime

from brownfield.interview.adaptive import panel
from brownfield.interview.adaptive.scoring import rescore as score
from brownfield.interview.adaptive.state import AdaptiveState, AnswerRecord, Slot
from brownfield.interview.engine.loop import Question
from brownfield.interview.engine.records import now


class Clock:
    """The current time, or the time an answer was recorded while it is replayed."""

    def __init__(self) -> None:
        self.replaying: datetime | None = None

    def now(self) -> datetime:
        return self.replaying or now()


def question(
    state: AdaptiveState,
    question_id: str,
    header: str,
    text: str,
    options: tuple[str, ...],
    field: str = "",
) -> Question:
    """A question as every surface shows it; the first option is recommended in a round."""
    shown = list(options)
    if shown and state.phase == "interviewing" and state.step is None:
        shown[0] += " (recommended)"
    listing = "\n".join(f"  {n}. {option}" for n, option in enumerate(shown, 1))
    body = f"{text}\n{listing}\n  (or type your own answer)" if shown else text
    return Question(
        id=question_id,
        phase=state.phase,
        field=field,
        text=body,
        required=True,
        hint=("A number picks an option; " if shown else "Type your answer; ")
        + "skip, back, you decide, enough, stop also work.",
        progress=header,
    )


def record(state: AdaptiveState, question: Question, text: str, when: datetime) -> None:
    """Keep the person's answer, in order: replaying the records rebuilds the state."""
    state.answers.append(AnswerRecord(question_id=question.id, text=text, timestamp=when))
    state.updated_at = when


def rescore(state: AdaptiveState) -> tuple[float, float]:
    """Score again (the `no_dispute` slots first); the panel notes a milestone change."""
    before = state.milestone
    try:
        for component in state.topology.components:
            for slot in component.slots:
                if slot.name == "no_dispute":
                    open_dispute = any(f.open_dispute for f in state.established_facts)
                    slot.filled_by = "evidence"
                    slot.quality = 0.0 if open_dispute else 1.0
                    slot.value = "a fact is disputed" if open_dispute else "no disputed fact"
        return score(state)
    finally:
        panel.note_transition(state, before)


def disputed(state: AdaptiveState, slot: Slot) -> bool:
    """Whether a fact behind the slot is disputed and not settled yet."""
    return any((f := state.fact(i)) is not None and f.open_dispute for i in slot.fact_ids)
