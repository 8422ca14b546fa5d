"""The per-round progress report of the adaptive interview (seed 004's table)."""

from __future__ import annotations

from brownfield.interview.adaptive import ontology
from brownfield.interview.adaptive.scoring import dimension_scores, milestone, weights
from brownfield.interview.adaptive.state import AdaptiveState, Trigger

_LABELS = {
    "goal": "Goal",
    "constraints": "Constraints",
    "criteria": "Success Criteria",
    "context": "Context (brownfield)",
}


def _gap(state: AdaptiveState, dimension: str, score: float) -> str:
    if score >= 0.9:
        return "Clear"
    open_slots = sorted(
        {
            slot.name.replace("_", " ")
            for component in state.topology.active()
            for slot in component.slots
            if slot.dimension == dimension and not slot.filled_by
        }
    )
    return "open: " + ", ".join(open_slots) if open_slots else "weak answers"


def progress_table(state: AdaptiveState, before: float, triggers: list[Trigger]) -> str:
    """The table shown after every round: scores, weights, ambiguity before -> after, floor."""
    scores = dimension_scores(state)
    rows = [
        "| Dimension | Score | Weight | Weighted | Gap |",
        "|-----------|-------|--------|----------|-----|",
    ]
    for dimension, weight in weights(state).items():
        score = scores[dimension]
        rows.append(
            f"| {_LABELS[dimension]} | {score:.2f} | {weight:.2f} | {score * weight:.3f} "
            f"| {_gap(state, dimension, score)} |"
        )
    after = state.current_ambiguity
    direction = "up" if after > before else "down" if after < before else "flat"
    cause = "; ".join(f"{t.kind}: {t.evidence}" for t in triggers)
    rows.append(f"| **Ambiguity** | | | **{before:.0%} -> {after:.0%} {direction}** | {cause} |")
    if state.ambiguity_floor > state.reported_ambiguity:
        rows.append(f"| **Floor** | | | **{state.ambiguity_floor:.0%}** | {_floor_cause(state)} |")
    active = state.topology.active()
    deferred = len(state.topology.components) - len(active)
    targeted = next(
        (c.name for c in active if c.id == state.topology.last_targeted_component_id), "-"
    )
    weakest = min(scores, key=lambda d: (scores[d], list(scores).index(d)))
    closing = (
        "Clarity threshold met! Ready to proceed."
        if after <= state.threshold
        else f"Focusing next question on: {weakest}"
    )
    entities = ontology.progress_line(state)
    prior = milestone(before, state.threshold)
    # a milestone change convenes the panel for the next question (none follows "ready")
    changed = prior != state.milestone and state.milestone != "ready"
    convened = " — lateral panel convened" if changed else ""
    return "\n".join(
        [
            f"Round {state.round_count} complete.",
            "",
            *rows,
            "",
            f"**Topology:** Targeted {targeted} | Active: {len(active)} | Deferred: {deferred} "
            f"| Next rotation after: {state.topology.last_targeted_component_id or '-'}",
            *([f"**{entities.replace(':', ':**', 1)}"] if entities else []),
            f"**Milestone:** {prior} → {state.milestone}{convened} "
            f"| Threshold: {state.threshold:.0%}",
            closing,
        ]
    )


def _floor_cause(state: AdaptiveState) -> str:
    if any(fact.open_dispute for fact in state.established_facts):
        return "disputed fact"
    if state.auto_answered_rounds:
        return "auto-answer dilution"
    return "unscored component"
