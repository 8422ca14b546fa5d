"""Seed 002's coverage rules over an adaptive interview: the gaps its slots leave."""

from __future__ import annotations

from brownfield.interview.adaptive.scoring import dimension_scores
from brownfield.interview.adaptive.slots import prompt_for
from brownfield.interview.adaptive.state import AdaptiveState, Slot
from brownfield.interview.engine.records import FollowUp
from brownfield.interview.review import followups
from brownfield.interview.review.followups import Gap


def adaptive_gaps(state: AdaptiveState) -> list[Gap]:
    found: list[Gap] = []
    seen: set[str] = set()

    def add(rule: str, component_id: str, slot: Slot) -> None:
        target = f"{component_id}:{slot.name}"
        if target in seen:
            return
        seen.add(target)
        component = next(c for c in state.topology.components if c.id == component_id)
        prompt = prompt_for(state, component, slot, None)
        found.append(Gap(rule, prompt.text, target, tuple(prompt.options)))

    for component in state.topology.active():
        slots = {s.name: s for s in component.slots}
        triggered = {
            t.slot for r in state.rounds for t in r.triggers if t.kind == "inconsistency" and t.slot
        }
        for name in sorted(triggered & set(slots)):
            if not slots[name].filled_by:
                add("inconsistent-answers", component.id, slots[name])
        constraint_slots = [s for s in component.slots if s.dimension == "constraints"]
        if not any(s.filled_by for s in constraint_slots):
            add("missing-constraints", component.id, constraint_slots[0])
        if not slots["edge_cases"].filled_by:
            add("missing-edge-cases", component.id, slots["edge_cases"])
        if not slots["non_goals"].filled_by:
            add("missing-boundaries", component.id, slots["non_goals"])
        for slot in component.slots:
            if slot.kind == "decision" and slot.skipped and not slot.filled_by:
                add("forced-guess", component.id, slot)
    scores = dimension_scores(state)
    weakest = min(scores, key=lambda d: (scores[d], list(scores).index(d)))
    if scores[weakest] < 0.9:
        for component in state.topology.active():
            open_slots = [
                s
                for s in component.slots
                if s.dimension == weakest and s.kind == "decision" and not s.filled_by
            ]
            if open_slots:
                add("unresolved-ambiguity", component.id, open_slots[0])
                break
    return found


def next_followup(state: AdaptiveState, planned: int) -> FollowUp | None:
    """The next review question of an adaptive interview (see `followups.next_followup`)."""
    return followups.next_followup(state.review, planned, lambda: adaptive_gaps(state))
