"""The end of an adaptive interview: how it closes, the early-exit warning, the closure
audit and the restate gate.

It closes at the threshold (or when every dimension is clear), at the hard cap, by the
person's early exit after the warning, or when no question is left: then, above the
threshold, the person sees the early-exit warning instead of a silent close. The closure
audit may refuse the math once or twice; the restate gate confirms one sentence.
"""

from __future__ import annotations

import re
from datetime import datetime

from brownfield.interview.adaptive import asking
from brownfield.interview.adaptive.scoring import dimension_scores
from brownfield.interview.adaptive.state import AdaptiveState
from brownfield.interview.adaptive.statements import goal_sentence
from brownfield.interview.adaptive.topology import new_component, next_id
from brownfield.interview.engine import words
from brownfield.interview.engine.loop import Feedback, Question, Verdict

MAX_CLOSURE_OVERRIDES = 2
MAX_RESTATE_LOOPS = 2
MORE_QUESTIONS = 3  # "Ask 2-3 more questions" reopens at most this many skipped decisions
EARLY_EXIT_OPTIONS = (
    "Yes, proceed with what we have",
    "Ask 2-3 more questions",
    "Cancel the interview",
)
RESTATE_OPTIONS = ("Yes, crystallize", "Adjust wording", "Missing scope")


def question_options(question: Question) -> tuple[str, ...]:
    """The option labels of a question, read back from its numbered lines."""
    return tuple(re.findall(r"^\s+\d+\. (.+)$", question.text, re.M))


def should_close(state: AdaptiveState, messages: list[str]) -> bool:
    """Whether to close now: the hard cap, or (after a scored round) ambiguity at the
    threshold, or every dimension clear (0.9 or more)."""
    if state.round_count >= state.max_rounds:
        state.exit_reason = "round-cap"
        messages.append(
            "Maximum interview rounds reached. Proceeding with current clarity level "
            f"({state.current_ambiguity:.0%})."
        )
        return True
    if not any(r.scored for r in state.rounds):
        return False
    if state.current_ambiguity <= state.threshold:
        state.exit_reason = "threshold"
        return True
    if all(v >= 0.9 for v in dimension_scores(state).values()):
        state.exit_reason = "all-clear"
        return True
    return False


def out_of_questions(state: AdaptiveState, messages: list[str]) -> bool:
    """No question is left: close at the threshold; above it, warn (the early-exit question)
    instead of closing silently. True when the interview closes now."""
    if state.current_ambiguity <= state.threshold:
        state.exit_reason = "threshold"
        return True
    messages.append(
        f"No question is left to ask, but ambiguity is {state.current_ambiguity:.0%} "
        f"(threshold {state.threshold:.0%})."
    )
    state.step = "early-exit"
    return False


def _weak(state: AdaptiveState) -> list[str]:
    """The weak dimensions, and each component's dimensions with no decision at all."""
    found = [f"{d} ({s:.2f})" for d, s in dimension_scores(state).items() if s < 0.9]
    for component in state.topology.active():
        empty = sorted(
            {
                s.dimension
                for s in component.slots
                if not any(o.filled_by for o in component.slots if o.dimension == s.dimension)
            }
        )
        if empty:
            found.append(f"'{component.name}' has no {', '.join(empty)} answer")
    return found


def early_exit_warning(state: AdaptiveState) -> str:
    weak = _weak(state)
    return (
        f"Ambiguity is still {state.current_ambiguity:.0%} (threshold {state.threshold:.0%})"
        + (f"; weak: {'; '.join(weak)}" if weak else "")
        + ". The spec will be marked early-exit. Proceed with an early exit?"
    )


def apply_early_exit(
    state: AdaptiveState, question: Question, text: str, word: words.Word | None, when: datetime
) -> Feedback:
    _, _, chosen = words.pick(text, question_options(question))
    if word is not None and word.kind == "enough":
        chosen = [1]
    if chosen not in ([1], [2], [3]):
        return Feedback(Verdict.REFUSED, "Answer 1, 2 or 3.")
    asking.record(state, question, text, when)
    state.step = None
    if chosen == [3]:
        state.status, state.phase = "cancelled", "cancelled"
        return Feedback(Verdict.ACCEPTED, "Interview cancelled; the state is kept.")
    if chosen == [2]:
        reopened = _reopen(state)
        if reopened:
            return Feedback(Verdict.ACCEPTED, f"Asking again: {', '.join(reopened)}.")
        message = "Nothing skipped is left to ask again; proceeding with an early exit."
    else:
        message = "Early exit: the spec will say so."
    state.exit_reason, state.phase = "early-exit", "closing"  # then review, then restate
    return Feedback(Verdict.ACCEPTED, message)


def _reopen(state: AdaptiveState) -> list[str]:
    """Skipped decisions of the weakest dimensions, asked again (at most MORE_QUESTIONS)."""
    scores = dimension_scores(state)
    skipped = [
        (scores[s.dimension], n, c, s)
        for n, c in enumerate(state.topology.active())
        for s in c.slots
        if s.kind == "decision" and s.skipped and not s.filled_by
    ]
    skipped.sort(key=lambda item: item[:2])
    reopened = []
    for _, _, component, slot in skipped[:MORE_QUESTIONS]:
        slot.skipped = False
        reopened.append(f"{slot.name.replace('_', ' ')} of '{component.name}'")
    return reopened


def audit(state: AdaptiveState, messages: list[str]) -> None:
    """Refuse the math once or twice when a component lacks coverage or a dispute is open."""
    if state.exit_reason not in ("threshold", "all-clear"):
        return
    if len(state.closure_overrides) >= MAX_CLOSURE_OVERRIDES:
        return
    for component in state.topology.active():
        for dimension in ("goal", "constraints", "criteria", "context"):
            slots = [s for s in component.slots if s.dimension == dimension]
            gap = None
            if slots and not any(s.filled_by for s in slots):
                gap = f"'{component.name}' has no {dimension} decision yet"
            disputed = [s for s in slots if asking.disputed(state, s)]
            if disputed:
                gap, slots = f"a disputed fact about '{component.name}' is unresolved", disputed
            if gap:
                reason = f"The math says ready, but I am not accepting it yet because {gap}."
                state.closure_overrides.append(reason)
                messages.append(reason)
                slot = next((s for s in slots if not s.filled_by), slots[0])
                state.step = f"closure:{component.id}:{slot.name}"
                return


def restate_question(state: AdaptiveState) -> Question:
    if state.step == "restate-adjust":
        return asking.question(
            state,
            f"R{state.round_count}.adjust",
            "Restate the goal",
            "Type the one sentence as it should read.",
            (),
        )
    if state.step == "restate-missing":
        return asking.question(
            state,
            f"R{state.round_count}.missing",
            "Restate the goal",
            "What scope is missing? Name it in a few words.",
            (),
        )
    line = state.restated_goal or goal_sentence(state)
    return asking.question(
        state,
        f"R{state.round_count}.restate",
        f"Restate gate | Ambiguity: {state.current_ambiguity:.0%}",
        f"{line}\n\nIf someone read only this line, would they reach the same outcome "
        "you have in mind?",
        RESTATE_OPTIONS,
    )


def apply_restate(
    state: AdaptiveState, question: Question, text: str, word: words.Word | None, when: datetime
) -> Feedback:
    """The gate's answer; the sentence confirmed here is the one the spec carries."""
    if state.step in ("restate-adjust", "restate-missing"):
        if word is not None or len(text) < 3:
            wanted = "the whole sentence" if state.step == "restate-adjust" else "what is missing"
            return Feedback(Verdict.REFUSED, f"Type {wanted} (or 'back').")
        asking.record(state, question, text, when)
        state.restate_loops += 1
        if state.step == "restate-adjust":
            state.restated_goal, state.step = text.strip(), None
            return Feedback(Verdict.ACCEPTED)
        state.topology.components.append(
            new_component(next_id(state), text, text, [], state.type == "brownfield")
        )
        state.step, state.phase, state.restated_goal = None, "interviewing", None
        asking.rescore(state)
        return Feedback(Verdict.ACCEPTED, f"Added '{text}' as a component; back to the questions.")
    _, _, chosen = words.pick(text, RESTATE_OPTIONS)
    lowered = text.strip().lower().rstrip(".!")
    if word is None and (chosen == [1] or lowered in ("yes", "y")):
        asking.record(state, question, text, when)
        state.restated_goal = state.restated_goal or goal_sentence(state)
        state.phase = "complete"
        return Feedback(Verdict.ACCEPTED, f"Goal: {state.restated_goal}")
    if word is None and chosen in ([2], [3]):
        asking.record(state, question, text, when)
        if state.restate_loops >= MAX_RESTATE_LOOPS:
            state.restated_goal = state.restated_goal or goal_sentence(state)
            state.phase = "complete"
            return Feedback(
                Verdict.ACCEPTED, "Two corrections already; keeping the sentence as it is."
            )
        state.step = "restate-adjust" if chosen == [2] else "restate-missing"
        return Feedback(Verdict.ACCEPTED)
    return Feedback(Verdict.REFUSED, "Answer 1 (yes), 2 (adjust wording) or 3 (missing scope).")
