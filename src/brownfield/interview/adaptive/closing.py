"""The end of an adaptive interview: early exit, the closure audit and the restate gate."""

from __future__ import annotations

import re
from datetime import datetime

from brownfield.interview.adaptive import asking
from brownfield.interview.adaptive.scoring import dimension_scores
from brownfield.interview.adaptive.slots import option_value
from brownfield.interview.adaptive.state import AdaptiveState
from brownfield.interview.adaptive.topology import new_component, next_id
from brownfield.interview.engine import words
from brownfield.interview.engine.loop import Feedback, Question, Verdict

MAX_CLOSURE_OVERRIDES = 2
MAX_RESTATE_LOOPS = 2


def question_options(question: Question) -> tuple[str, ...]:
    """The option labels of a question, read back from its numbered lines."""
    return tuple(re.findall(r"^\s+\d+\. (.+)$", question.text, re.M))


def should_close(state: AdaptiveState, messages: list[str]) -> bool:
    """Whether to close now: the hard cap, or ambiguity at the threshold after a scored round."""
    if state.round_count >= state.max_rounds:
        state.exit_reason = "round-cap"
        messages.append(
            "Maximum interview rounds reached. Proceeding with current clarity level "
            f"({state.current_ambiguity:.0%})."
        )
        return True
    scores = dimension_scores(state)
    ready = state.current_ambiguity <= state.threshold or all(v >= 0.9 for v in scores.values())
    if ready and any(r.scored for r in state.rounds):
        state.exit_reason = "threshold"
        return True
    return False


def early_exit_warning(state: AdaptiveState) -> str:
    weak = [f"{dim} ({score:.2f})" for dim, score in dimension_scores(state).items() if score < 0.9]
    return (
        f"Ambiguity is still {state.current_ambiguity:.0%}"
        + (f"; weak dimensions: {', '.join(weak)}" if weak else "")
        + ". Proceed with an early exit?"
    )


def apply_early_exit(
    state: AdaptiveState, question: Question, text: str, when: datetime
) -> Feedback:
    _, _, chosen = words.pick(text, question_options(question))
    if chosen not in ([1], [2], [3]):
        return Feedback(Verdict.REFUSED, "Answer 1, 2 or 3.")
    asking.record(state, question, text, when)
    state.step = None
    if chosen == [1]:
        state.exit_reason, state.phase = "early-exit", "restate"
        return Feedback(Verdict.ACCEPTED, "Early exit: the spec will say so.")
    if chosen == [3]:
        state.status, state.phase = "cancelled", "cancelled"
        return Feedback(Verdict.ACCEPTED, "Interview cancelled; the state is kept.")
    return Feedback(Verdict.ACCEPTED, "Continuing.")


def audit(state: AdaptiveState, messages: list[str]) -> None:
    """Refuse the math once or twice when a component lacks coverage or a dispute is open."""
    if state.exit_reason != "threshold" or len(state.closure_overrides) >= MAX_CLOSURE_OVERRIDES:
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


def restatement(state: AdaptiveState) -> str:
    """One sentence from the filled slots: 'X; and Y, changing Z, so that C, without N.'"""
    parts = []
    for component in state.topology.active():
        slots = {s.name: s.value for s in component.slots if s.filled_by}
        outcome = option_value(slots.get("outcome") or component.description)
        parts.append(outcome[0].upper() + outcome[1:] if outcome else component.name)
    sentence = "; and ".join(parts)
    first = state.topology.active()[0]
    slots = {s.name: s.value for s in first.slots if s.filled_by}
    acceptance = option_value(slots.get("acceptance") or "")
    non_goals = option_value(slots.get("non_goals") or "")
    if acceptance:
        sentence += f", so that {acceptance[0].lower()}{acceptance[1:]}"
    if non_goals and non_goals.lower() != "nothing is excluded":
        sentence += f", without this: {non_goals[0].lower()}{non_goals[1:]}"
    return sentence.rstrip(".") + "."


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
    line = state.restated_goal or restatement(state)
    return asking.question(
        state,
        f"R{state.round_count}.restate",
        f"Restate gate | Ambiguity: {state.current_ambiguity:.0%}",
        f"{line}\n\nIf someone read only this line, would they reach the same outcome "
        "you have in mind?",
        ("Yes, crystallize", "Adjust wording", "Missing scope"),
    )


def apply_restate(state: AdaptiveState, question: Question, text: str, when: datetime) -> Feedback:
    if state.step == "restate-adjust":
        if len(text) < 3:
            return Feedback(Verdict.REFUSED, "Type the whole sentence.")
        asking.record(state, question, text, when)
        state.restated_goal, state.step = text, None
        state.restate_loops += 1
        if state.restate_loops >= MAX_RESTATE_LOOPS:
            state.phase = "complete"
        return Feedback(Verdict.ACCEPTED)
    if state.step == "restate-missing":
        if len(text) < 3:
            return Feedback(Verdict.REFUSED, "Name the missing scope.")
        asking.record(state, question, text, when)
        state.topology.components.append(
            new_component(next_id(state), text, text, [], state.type == "brownfield")
        )
        state.restate_loops += 1
        state.step, state.phase, state.restated_goal = None, "interviewing", None
        asking.rescore(state)
        return Feedback(Verdict.ACCEPTED, f"Added '{text}' as a component; back to the questions.")
    _, _, chosen = words.pick(text, ("Yes, crystallize", "Adjust wording", "Missing scope"))
    lowered = text.strip().lower()
    if chosen == [1] or lowered in ("yes", "y"):
        asking.record(state, question, text, when)
        state.restated_goal = state.restated_goal or restatement(state)
        state.phase = "complete"
        return Feedback(Verdict.ACCEPTED, f"Goal: {state.restated_goal}")
    if chosen in ([2], [3]):
        asking.record(state, question, text, when)
        if state.restate_loops >= MAX_RESTATE_LOOPS:
            state.restated_goal = state.restated_goal or restatement(state)
            state.phase = "complete"
            return Feedback(
                Verdict.ACCEPTED, "Two corrections already; keeping the sentence as it is."
            )
        state.step = "restate-adjust" if chosen == [2] else "restate-missing"
        return Feedback(Verdict.ACCEPTED)
    return Feedback(Verdict.REFUSED, "Answer 1 (yes), 2 (adjust wording) or 3 (missing scope).")
