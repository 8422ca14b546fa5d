"""Batches (seed 002): 1 to 3 questions at once, answered in any order before submitting.

How many: 1 for a critical or complex question (the outcome, the fate of callers, which
definitions change, anything disputed or answered from the code); up to 2 for
moderately related ones (the same component); up to 3 only for simple, tightly related
ones (the same component and dimension).

Within a batch, lines are `N: answer` in any order; a later `N: ...` edits an answer,
`N: skip` skips, `N: unskip` takes an answer or a skip back, and `submit` (or an empty
line once every question has an answer) applies them in question order. Questions left
without an answer come back later.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from brownfield.interview.adaptive.slots import Prompt
from brownfield.interview.adaptive.state import AdaptiveState, Component, Slot
from brownfield.interview.engine.loop import Feedback, Question, Verdict

COMPLEX = frozenset({"outcome", "caller_impact", "change_points"})
_LINE = re.compile(r"^\s*(\d+)\s*[:.)]\s*(.*)$")


def companions(component: Component, first: Slot) -> list[Slot]:
    """The open decisions that may share a batch with `first`."""
    if first.kind != "decision" or first.name in COMPLEX:
        return []
    simple = [
        slot
        for slot in component.slots
        if slot is not first
        and slot.kind == "decision"
        and slot.name not in COMPLEX
        and not slot.touched
    ]
    tight = [slot for slot in simple if slot.dimension == first.dimension]
    return tight[:2] if tight else simple[:1]


@dataclass
class Draft:
    """A batch being answered: the answers so far, by question number (1-based)."""

    size: int
    answers: dict[int, str] = field(default_factory=dict)

    def take(self, line: str) -> str | None:
        """Apply one line; returns a message for the person, or None when submitted."""
        text = line.strip()
        if text.lower() == "submit" or (not text and len(self.answers) == self.size):
            return None
        match = _LINE.match(text)
        if match is None or not 1 <= int(match.group(1)) <= self.size:
            return f"Answer as 'N: answer' with N from 1 to {self.size}, then 'submit'."
        number, answer = int(match.group(1)), match.group(2).strip()
        if answer.lower() == "unskip":
            self.answers.pop(number, None)
            return f"{number}: open again"
        if not answer:
            return f"{number}: type an answer (or skip)"
        edited = number in self.answers
        self.answers[number] = answer
        return f"{number}: {'changed' if edited else 'recorded'}"


class Batching:
    """What the engine asks of a planner to batch questions; a mixin of `AdaptivePlanner`
    (which provides the helpers declared here)."""

    def _target(
        self, state: AdaptiveState, closure: str | None = None
    ) -> tuple[Component, Slot] | None:
        raise NotImplementedError

    def _prompt(self, state: AdaptiveState, component: Component, slot: Slot) -> Prompt:
        raise NotImplementedError

    def _question(
        self,
        state: AdaptiveState,
        question_id: str,
        header: str,
        text: str,
        options: tuple[str, ...],
        field: str = "",
    ) -> Question:
        raise NotImplementedError

    def apply(self, state: AdaptiveState, question: Question, answer: str) -> Feedback:
        raise NotImplementedError

    def apply_in_batch(self, state: AdaptiveState, question: Question, answer: str) -> Feedback:
        """Apply one answer of a batch to the slot it asked about (not the weakest one)."""
        if question.field.startswith("batch:"):
            state.step = question.field
        feedback = self.apply(state, question, answer)
        if state.refinement is not None:  # the step stays until the refinement is confirmed
            return Feedback(Verdict.HELD, feedback.message)
        if state.step == question.field:
            state.step = None
        return feedback

    def remaining(self, state: AdaptiveState) -> int:
        """The decisions still open: an estimate of the questions left (follow-ups and
        gates may add some)."""
        return sum(
            1
            for component in state.topology.active()
            for slot in component.slots
            if slot.kind == "decision" and not slot.touched
        )

    def batch_companions(self, state: AdaptiveState, first: Question) -> list[Question]:
        """Questions that may be asked together with `first` (see `batch.companions`)."""
        if (
            state.phase != "interviewing"
            or state.step is not None
            or state.refinement is not None
            or first.id != f"R{state.round_count + 1}"
        ):
            return []
        target = self._target(state)
        if target is None:
            return []
        component, slot = target
        found = []
        for offset, other in enumerate(companions(component, slot), 1):
            prompt = self._prompt(state, component, other)
            header = f"Component: {component.name} | Targeting: {other.dimension}"
            question = self._question(
                state, f"R{state.round_count + 1}+{offset}", header, prompt.text, prompt.options
            )
            found.append(replace(question, field=f"batch:{component.id}:{other.name}"))
        return found
