"""Applying a person's decision to the state: a contradiction of an earlier decision (or of
a fact from the code) leaves the slot open and disputes what it contradicts; otherwise the
decision fills its slot and is kept as an established fact. A question whose wording would
be the same for several components is asked once and answered for all; a dispute question is
settled by keeping what was there or replacing it."""

from __future__ import annotations

from brownfield.interview.adaptive import asking, contradictions
from brownfield.interview.adaptive.evidence import EvidenceSource
from brownfield.interview.adaptive.slots import Prompt, prompt_for
from brownfield.interview.adaptive.state import AdaptiveState, Component, Slot, Trigger
from brownfield.interview.adaptive.statements import statement
from brownfield.interview.adaptive.triggers import detect, detect_contradiction, settle_dispute
from brownfield.interview.engine import words

#: The questions about a component itself: what happens when it is done, and how one would
#: see it; one answer for two components said the same of both (zod: "UUID v7 validator" and
#: "custom error message" got one outcome, and the goal said it twice).
OWN = frozenset({"outcome", "acceptance"})


def shared(
    state: AdaptiveState,
    component: Component,
    slot: Slot,
    evidence: EvidenceSource | None,
) -> list[Component]:
    """Other active components whose same open question would read the same (with their
    name in place of this one's): asked once, answered for all. Compared before the review
    panel folds its options into the one asked (they are this component's): with them, the
    same question about the same touchpoint was asked again for the next component."""
    if slot.kind != "decision" or slot.name in OWN or asking.disputed(state, slot):
        return []

    def shape(owner: Component, asked: Prompt) -> tuple[str, tuple[str, ...]]:
        return (
            asked.text.replace(owner.name, "{}"),
            tuple(o.replace(owner.name, "{}") for o in asked.options),
        )

    wanted = shape(component, prompt_for(state, component, slot, evidence))
    found = []
    for other in state.topology.active():
        same = next((s for s in other.slots if s.name == slot.name), None)
        if other is component or same is None or same.touched:
            continue
        asked = prompt_for(state, other, same, evidence)
        if shape(other, asked) == wanted:
            found.append(other)
    return found


def decide(
    state: AdaptiveState,
    component: Component,
    slot: Slot,
    value: str,
    text: str,
    number: int,
) -> list[Trigger]:
    """A person's decision: a contradiction of an earlier one (or of a fact from the code)
    leaves the slot open and disputes what it contradicts; otherwise it fills the slot."""
    found = detect_contradiction(state, component, slot, text)
    if found:
        return found
    earlier = contradictions.find(state, component, slot, value, text)
    if earlier is not None:
        reopened = contradictions.dispute(
            state, earlier, value, contradictions.slot_key(component, slot)
        )
        return [
            Trigger(
                kind=earlier.kind,
                component=component.id,
                dimension=reopened.dimension,
                slot=reopened.name,
                evidence=f"{earlier.why}: '{earlier.fact.statement}' (round "
                f"{earlier.fact.round}) against '{value}'",
                fact_id=earlier.fact.id,
            )
        ]
    quality = 0.5 if slot.name == "acceptance" and not words.is_observable(value) else 1.0
    slot.value, slot.filled_by, slot.quality, slot.round = value, "person", quality, number
    slot.skipped = False
    contradictions.record(state, component, slot, value, number)
    return detect(state, component, slot, text)


def answer_shared(state: AdaptiveState, slot: Slot, shared: list[Component], number: int) -> None:
    """The answer just given fills the same slot of every component the question was
    shared with (a skip skips it there too)."""
    for other in shared:
        same = next(s for s in other.slots if s.name == slot.name)
        same.skipped = slot.skipped
        if slot.filled_by is None:
            continue
        same.value, same.filled_by, same.quality = slot.value, slot.filled_by, slot.quality
        same.round = number
        if slot.filled_by == "person" and slot.value:
            contradictions.record(state, other, same, slot.value, number)


def settle(state: AdaptiveState, slot: Slot, choice: words.Choice, text: str, number: int) -> None:
    """The answer to a dispute question: option 1 keeps what was there, option 2 (or the
    person's own words) replaces it."""
    fact = next(f for i in slot.fact_ids if (f := state.fact(i)) and f.open_dispute)
    if fact.source == "person":
        own = "" if choice.chosen else statement(text)
        contradictions.settle(state, slot, choice.chosen == [1], own, number)
    else:
        settle_dispute(state, slot, choice.value, choice.kind, choice.chosen, number)


# -- review: final free-form and coverage follow-ups ------------------------------------
