"""The adaptive interview's state: topology, slots, established facts, rounds and scores.

Validated like every state file (`extra="forbid"`, a schema version); saved through
`state.save`, the only YAML writer.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, Literal

from pydantic import Field

from brownfield.interview.engine.records import (
    SCHEMA_VERSION,
    CitationRecord,
    RefinedAnswer,
    Review,
    StrictModel,
)
from brownfield.query.reaching_tests import CONSTRUCTOR_NAMES

Dimension = Literal["goal", "constraints", "criteria", "context"]


class EstablishedFact(StrictModel):
    """A durable fact: from the code (evidence) or decided by the person, with its source round."""

    id: str
    topic: str
    subject: str
    statement: str
    citations: list[CitationRecord] = Field(default_factory=list)
    source: Literal["evidence", "person"]
    round: int
    disputed: bool = False
    superseded_by: str | None = None
    slot: str | None = None  # a person's decision: the `component:slot` it fills
    challenge: str | None = None  # the later answer that contradicts it, until settled
    challenge_slot: str | None = None  # where that answer was given (`component:slot`)
    withdrawn: str | None = None  # why a decision no longer stands though nothing replaced it

    @property
    def open_dispute(self) -> bool:
        return self.disputed and self.superseded_by is None


class Slot(StrictModel):
    """One thing the interview must learn about a component, and how it was learned."""

    name: str
    dimension: Dimension
    kind: Literal["fact", "decision"]
    weight: float
    value: str | None = None
    filled_by: Literal["person", "evidence", "auto"] | None = None
    quality: float = 0.0
    round: int | None = None
    skipped: bool = False
    fact_ids: list[str] = Field(default_factory=list)

    @property
    def touched(self) -> bool:
        """Asked or resolved at least once (a skip counts: the person saw it)."""
        return self.filled_by is not None or self.skipped


class Component(StrictModel):
    id: str
    name: str
    description: str
    status: Literal["active", "deferred"] = "active"
    touchpoints: list[str] = Field(default_factory=list)
    evidence: list[CitationRecord] = Field(default_factory=list)
    slots: list[Slot] = Field(default_factory=list)
    clarity_scores: dict[str, float | None] = Field(default_factory=dict)
    weakest_dimension: str | None = None


class Deferral(StrictModel):
    component_id: str
    reason: str
    confirmed_at: datetime


class Topology(StrictModel):
    status: Literal["pending", "confirmed"] = "pending"
    confirmed_at: datetime | None = None
    components: list[Component] = Field(default_factory=list)
    deferrals: list[Deferral] = Field(default_factory=list)
    last_targeted_component_id: str | None = None

    def active(self) -> list[Component]:
        return [c for c in self.components if c.status == "active"]


class Trigger(StrictModel):
    kind: Literal["contradiction", "inconsistency", "evasive", "scope-expansion"]
    component: str | None = None
    dimension: str | None = None
    slot: str | None = None
    evidence: str
    fact_id: str | None = None


class Refinement(StrictModel):
    """A refinement waiting for the person: the round's question and the draft so far."""

    question_id: str
    question: str
    component: str
    slot: str
    stage: Literal["confirm", "constraint", "out-of-scope", "rewrite"] = "confirm"
    draft: RefinedAnswer


class Round(StrictModel):
    """One round: a question and its answer, or a fact resolved from the code."""

    round: int
    kind: Literal[
        "topology", "decision", "evidence", "auto-answer", "closure", "restate", "ontology"
    ]
    component: str | None = None
    dimension: str | None = None
    slot: str | None = None
    question: str
    options: list[str] = Field(default_factory=list)
    answer: str | None = None
    answer_kind: Literal["option", "other", "auto-answer", "evidence", "skip"] | None = None
    selected: list[int] = Field(default_factory=list)  # the option numbers picked
    note: str | None = None  # the free-text note of a multiple choice
    skip_reason: str | None = None
    scored: bool = False
    ambiguity_before: float | None = None
    reported_ambiguity: float | None = None
    ambiguity: float | None = None
    floor: float | None = None
    scores: dict[str, float] = Field(default_factory=dict)
    triggers: list[Trigger] = Field(default_factory=list)
    fact_ids: list[str] = Field(default_factory=list)
    refined: RefinedAnswer | None = None  # a refined free-text answer
    timestamp: datetime


class TouchpointRecord(StrictModel):
    id: str
    symbol: str
    kind: str
    path: str
    line: int
    score: float
    matched: list[str] = Field(default_factory=list)
    named_in_round: int | None = None  # adopted because the person named it in this round


class Relationship(StrictModel):
    """One cited relationship of the codebase context: `symbol` reaches `via` at `site`."""

    file: str
    distance: int
    relation: str
    symbol: str
    kind: str
    site: str
    via: str

    def names(self) -> tuple[str, str]:
        """The last names of `symbol` and of the definition `via` names (`a.py::C.m` ->
        `m`; a file, imported, has none)."""
        return self.symbol.rpartition(".")[2], self.via.partition("::")[2].rpartition(".")[2]

    def reaches(self, ids: set[str]) -> bool:
        """Whether `via` is one of the definitions `ids`, or the constructor of a class
        among them (`a.py::Err.__init__` reaches `a.py::Err`)."""
        owner, _, name = self.via.rpartition(".")
        return self.via in ids or (name in CONSTRUCTOR_NAMES and owner in ids)


EntityType = Literal["core domain", "supporting", "external system"]


class OntologyEntity(StrictModel):
    """A key entity of the interview (see ontology.py for how each part is found)."""

    name: str
    type: EntityType
    source: Literal["touchpoint", "fact", "external", "noun", "person"]
    symbol: str | None = None  # the qualified name of a code definition
    fields: list[str] = Field(default_factory=list)
    relationships: list[str] = Field(default_factory=list)


class OntologySnapshot(StrictModel):
    """The entities after one round, matched with the previous round's snapshot."""

    round: int
    entities: list[OntologyEntity] = Field(default_factory=list)
    stable: list[str] = Field(default_factory=list)  # same name as before
    changed: list[str] = Field(default_factory=list)  # renamed: "old -> new"
    new: list[str] = Field(default_factory=list)
    removed: list[str] = Field(default_factory=list)
    stability_ratio: float | None = None  # None: first snapshot, or no entities
    matching_reasoning: str = ""


class AnswerRecord(StrictModel):
    """What the person typed, in order: the state can be replayed from these (for `back`)."""

    question_id: str
    text: str
    timestamp: datetime


class LateralFinding(StrictModel):
    """What one reviewer of the panel found, and the option it offers (if any)."""

    persona: Literal["contrarian", "simplifier", "researcher", "architect"]
    text: str
    option: str | None = None


class LateralReview(StrictModel):
    """One convened panel: when, why, what was found and what reached the question."""

    round: int
    trigger: str  # "initial -> progress" (a milestone change) or "pre-answer"
    component: str
    slot: str
    personas: list[str] = Field(default_factory=list)
    findings: list[LateralFinding] = Field(default_factory=list)
    folded: list[str] = Field(default_factory=list)


class AdaptiveState(StrictModel):
    schema_version: int = SCHEMA_VERSION
    id: str = Field(default_factory=lambda: str(uuid.uuid4()))
    slug: str
    status: Literal["in_progress", "complete", "cancelled"] = "in_progress"
    mode: Literal["adaptive"] = "adaptive"
    description: str
    created_at: datetime
    updated_at: datetime
    threshold: float
    threshold_source: str
    type: Literal["greenfield", "brownfield"]
    type_reason: str
    snapshot: str = ""
    phase: Literal[
        "topology", "interviewing", "closing", "review", "restate", "complete", "cancelled"
    ] = "topology"
    step: str | None = None  # a follow-up the current phase is waiting for
    current_ambiguity: float = 1.0
    reported_ambiguity: float = 1.0
    ambiguity_floor: float = 0.0
    milestone: Literal["initial", "progress", "refined", "ready"] = "initial"
    round_count: int = 0
    max_rounds: int = 100
    touchpoints: list[TouchpointRecord] = Field(default_factory=list)
    rejected_touchpoints: list[str] = Field(default_factory=list)  # ids the person rejected
    codebase_context: list[Relationship] = Field(default_factory=list)
    established_facts: list[EstablishedFact] = Field(default_factory=list)
    topology: Topology = Field(default_factory=Topology)
    rounds: list[Round] = Field(default_factory=list)
    ontology_snapshots: list[OntologySnapshot] = Field(default_factory=list)
    lateral_reviews: list[LateralReview] = Field(default_factory=list)
    panel_pending: str | None = None  # a milestone change waiting for the next question
    answers: list[AnswerRecord] = Field(default_factory=list)
    auto_answered_rounds: list[int] = Field(default_factory=list)
    refined_rounds: list[int] = Field(default_factory=list)
    refinement: Refinement | None = None  # a refinement in progress
    auto_answer_streak: int = 0
    closure_overrides: list[str] = Field(default_factory=list)
    restated_goal: str | None = None
    restate_loops: int = 0
    exit_reason: Literal["threshold", "all-clear", "early-exit", "round-cap"] | None = None
    spec_path: str | None = None
    requirements_path: str | None = None
    review: Review = Field(default_factory=Review)
    initial: dict[str, Any] = Field(default_factory=dict)  # the state before any answer

    def touchpoints_of(self, component: Component) -> list[TouchpointRecord]:
        """A component's touchpoints in its own order: one the person named first, then the
        search's best first."""
        by_id = {record.id: record for record in self.touchpoints}
        return [by_id[node_id] for node_id in component.touchpoints if node_id in by_id]

    def ordered_touchpoints(self) -> list[TouchpointRecord]:
        """Every touchpoint once: each component's in its order, then any other."""
        first = [t for c in self.topology.components for t in self.touchpoints_of(c)]
        return list({t.id: t for t in [*first, *self.touchpoints]}.values())

    def touchpoint_scores(self) -> dict[str, float]:
        """Each touchpoint's score when the idea was searched (0.0: the person named it)."""
        return {record.id: record.score for record in self.touchpoints}

    def fact(self, fact_id: str) -> EstablishedFact | None:
        return next((f for f in self.established_facts if f.id == fact_id), None)
