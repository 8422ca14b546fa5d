"""The scoring rubric and the deterministic floor, on hand-built states."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from brownfield.interview.adaptive.scoring import (
    ambiguity,
    dimension_scores,
    floor,
    milestone,
    round2,
)
from brownfield.interview.adaptive.state import AdaptiveState, EstablishedFact, Round
from brownfield.interview.adaptive.topology import new_component

T = datetime(2026, 1, 1, tzinfo=UTC)


def state(brownfield: bool = True) -> AdaptiveState:
    return AdaptiveState(
        slug="s",
        description="idea",
        created_at=T,
        updated_at=T,
        threshold=0.05,
        threshold_source="default",
        type="brownfield" if brownfield else "greenfield",
        type_reason="test",
    )


def fact(number: int, disputed: bool = False, superseded_by: str | None = None) -> EstablishedFact:
    return EstablishedFact(
        id=f"F{number}",
        topic="callers",
        subject="x",
        statement="s",
        source="evidence",
        round=0,
        disputed=disputed,
        superseded_by=superseded_by,
    )


def scored_round(number: int) -> Round:
    return Round(round=number, kind="decision", question="q", scored=True, timestamp=T)


def fill(component, dimension: str, quality: float = 1.0, by: str = "person") -> None:  # type: ignore[no-untyped-def]
    for slot in component.slots:
        if slot.dimension == dimension:
            slot.filled_by, slot.quality = by, quality  # type: ignore[assignment]


def test_empty_state_has_no_floor() -> None:
    assert floor(state()) == 0


def test_two_disputed_facts_raise_the_floor_to_0_2() -> None:
    s = state()
    s.established_facts = [fact(1, disputed=True), fact(2, disputed=True), fact(3)]
    assert floor(s) == 0.2


def test_a_superseded_dispute_no_longer_counts() -> None:
    s = state()
    s.established_facts = [fact(1, disputed=True, superseded_by="F2"), fact(2)]
    assert floor(s) == 0


def test_two_unscored_components_of_a_confirmed_topology() -> None:
    s = state()
    s.topology.components = [
        new_component(1, "a", "a", [], True),
        new_component(2, "b", "b", [], True),
    ]
    assert floor(s) == 0  # not confirmed yet
    s.topology.status = "confirmed"
    assert floor(s) == 0.1
    for dimension in ("goal", "constraints", "criteria"):
        fill(s.topology.components[0], dimension)
    assert floor(s) == 0.05


def test_one_auto_answered_of_two_scored_rounds() -> None:
    s = state()
    s.rounds = [scored_round(1), scored_round(2)]
    s.auto_answered_rounds = [2]
    assert floor(s) == 0.03  # 0.05 x 1/2 = 0.025, rounded half up


def test_round_half_up() -> None:
    assert (round2(0.025), round2(0.015), round2(0.0249)) == (0.03, 0.02, 0.02)


def test_ambiguity_formulas_use_the_seed_weights() -> None:
    green = state(brownfield=False)
    green.topology.components = [new_component(1, "a", "a", [], False)]
    fill(green.topology.components[0], "goal")
    assert dimension_scores(green) == {"goal": 1.0, "constraints": 0.0, "criteria": 0.0}
    assert ambiguity(green) == pytest.approx(0.60)
    brown = state()
    brown.topology.components = [new_component(1, "a", "a", [], True)]
    fill(brown.topology.components[0], "goal")
    fill(brown.topology.components[0], "context")
    assert ambiguity(brown) == pytest.approx(1 - 0.35 - 0.15)


def test_dimension_score_is_the_weakest_component() -> None:
    s = state()
    s.topology.components = [
        new_component(1, "a", "a", [], True),
        new_component(2, "b", "b", [], True),
    ]
    fill(s.topology.components[0], "goal")
    fill(s.topology.components[1], "goal", quality=0.85, by="auto")
    assert dimension_scores(s)["goal"] == 0.85
    s.topology.components[1].status = "deferred"  # deferred components leave the math
    assert dimension_scores(s)["goal"] == 1.0


@pytest.mark.parametrize(
    ("value", "band"), [(0.61, "initial"), (0.6, "progress"), (0.3, "refined"), (0.05, "ready")]
)
def test_milestones(value: float, band: str) -> None:
    assert milestone(value, 0.05) == band
