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

from collections.abc import Callable
from dataclasses import replace

from brownfield.interview.adaptive import asking
from brownfield.interview.adaptive.slots import Prompt
from brownfield.interview.adaptive.state import AdaptiveState, Component, Slot
from brownfield.interview.engine.loop import Feedback, Question, Verdict

COMPLEX = frozenset({"outcome", "caller_impact", "change_points"})


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


Target = Callable[[AdaptiveState], "tuple[Component, Slot] | None"]
PromptFor = Callable[[AdaptiveState, Component, Slot], Prompt]
Apply = Callable[[AdaptiveState, Question, str], Feedback]


def apply_in_batch(apply: Apply, state: AdaptiveState, question: Question, answer: str) -> Feedback:
    """Apply one answer of a batch to the slot it asked about (not the weakest one)."""
    if question.field.startswith("batch:"):
        state.step = question.field
    feedback = apply(state, question, answer)
    if state.refinement is not None:  # the step stays until the refinement is confirmed
        return Feedback(Verdict.HELD, feedback.message)
    if state.step == question.field:
        state.step = None
    return feedback


def remaining(state: AdaptiveState) -> int:
    """The decisions still open: an estimate of the questions left (follow-ups and gates
    may add some)."""
    return sum(
        1
        for component in state.topology.active()
        for slot in component.slots
        if slot.kind == "decision" and not slot.touched
    )


def companion_questions(
    state: AdaptiveState, first: Question, target: Target, prompt_for: PromptFor
) -> list[Question]:
    """Questions that may be asked together with `first` (see `companions`): `target` is
    the planner's weakest open slot, `prompt_for` its prompt for a slot."""
    if (
        state.phase != "interviewing"
        or state.step is not None
        or state.refinement is not None
        or first.id != f"R{state.round_count + 1}"
    ):
        return []
    found_target = target(state)
    if found_target is None:
        return []
    component, slot = found_target
    found = []
    for offset, other in enumerate(companions(component, slot), 1):
        prompt = prompt_for(state, component, other)
        header = f"Component: {component.name} | Targeting: {other.dimension}"
        question = asking.question(
            state, f"R{state.round_count + 1}+{offset}", header, prompt.text, prompt.options
        )
        found.append(replace(question, field=f"batch:{component.id}:{other.name}"))
    return found
