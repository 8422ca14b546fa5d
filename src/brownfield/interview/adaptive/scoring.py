"""The written scoring rubric: clarity per component and dimension, ambiguity, floor, milestones.

Everything here is a pure function of the state. See docs/scoring.md for the rules with
examples; the weights and formulas are those of seed 004.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from brownfield.interview.adaptive.state import AdaptiveState, Component

GREENFIELD_WEIGHTS = {"goal": 0.40, "constraints": 0.30, "criteria": 0.30}
BROWNFIELD_WEIGHTS = {"goal": 0.35, "constraints": 0.25, "criteria": 0.25, "context": 0.15}
AUTO_ANSWER_CAP = 0.85


def round2(value: float) -> float:
    """Round half up to 2 decimals (0.025 -> 0.03), as the floor rule is written."""
    return float(Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def weights(state: AdaptiveState) -> dict[str, float]:
    return BROWNFIELD_WEIGHTS if state.type == "brownfield" else GREENFIELD_WEIGHTS


def dimension_clarity(state: AdaptiveState, component: Component, dimension: str) -> float | None:
    """The weighted share of the dimension's slots that are filled, times their quality.

    None when no slot of the dimension was touched yet (the dimension is unscored). The
    context dimension is multiplied by 0.5 while any established fact is in open dispute.
    """
    slots = [slot for slot in component.slots if slot.dimension == dimension]
    if not slots or not any(slot.touched for slot in slots):
        return None
    total = sum(slot.weight for slot in slots)
    value = sum(slot.weight * slot.quality for slot in slots) / total
    if dimension == "context" and any(fact.open_dispute for fact in state.established_facts):
        value *= 0.5
    return round(value, 4)


def component_scores(state: AdaptiveState, component: Component) -> dict[str, float | None]:
    return {dim: dimension_clarity(state, component, dim) for dim in weights(state)}


def dimension_scores(state: AdaptiveState) -> dict[str, float]:
    """Each dimension's score: the minimum over active components (unscored counts as 0)."""
    active = state.topology.active()
    scores: dict[str, float] = {}
    for dimension in weights(state):
        values = [dimension_clarity(state, c, dimension) or 0.0 for c in active]
        scores[dimension] = min(values) if values else 0.0
    return scores


def ambiguity(state: AdaptiveState, scores: dict[str, float] | None = None) -> float:
    """1 - the weighted clarity, with the seed's weights for the project type."""
    scores = dimension_scores(state) if scores is None else scores
    clarity = sum(weight * scores.get(dim, 0.0) for dim, weight in weights(state).items())
    return round(max(0.0, 1.0 - clarity), 4)


def scored_rounds(state: AdaptiveState) -> int:
    return sum(1 for r in state.rounds if r.scored)


def floor(state: AdaptiveState) -> float:
    """0.10 per disputed, unsuperseded fact + 0.05 per active component of a confirmed
    topology lacking a goal, constraints or criteria score + 0.05 x min(1, auto-answered
    rounds / scored rounds); clamped to 0..1 and rounded half up to 2 decimals."""
    disputed = sum(1 for fact in state.established_facts if fact.open_dispute)
    unscored = 0
    if state.topology.status == "confirmed":
        for component in state.topology.active():
            dims = ("goal", "constraints", "criteria")
            if any(dimension_clarity(state, component, d) is None for d in dims):
                unscored += 1
    dilution = min(1.0, len(state.auto_answered_rounds) / max(scored_rounds(state), 1))
    value = 0.10 * disputed + 0.05 * unscored + 0.05 * dilution
    return round2(min(1.0, max(0.0, value)))


def milestone(value: float, threshold: float) -> str:
    """initial > 0.60 >= progress > 0.30 >= refined > threshold >= ready."""
    if value <= threshold:
        return "ready"
    if value <= 0.30:
        return "refined"
    if value <= 0.60:
        return "progress"
    return "initial"


def rescore(state: AdaptiveState) -> tuple[float, float]:
    """Recompute every component's scores and the state's ambiguity; returns (raw, floor)."""
    for component in state.topology.components:
        scores = component_scores(state, component)
        component.clarity_scores = scores
        known = {dim: value for dim, value in scores.items() if value is not None}
        component.weakest_dimension = (
            min(known, key=lambda dim: (known[dim], list(scores).index(dim))) if known else None
        )
    raw = ambiguity(state)
    low = floor(state)
    state.reported_ambiguity = raw
    state.ambiguity_floor = low
    state.current_ambiguity = max(raw, low)
    state.milestone = milestone(state.current_ambiguity, state.threshold)  # type: ignore[assignment]
    return raw, low
