"""Seed 000's interview state (`INTERVIEW-<slug>.yaml`), field for field, plus
`schema_version` and the review stage shared with every interview."""

from __future__ import annotations

import uuid
from datetime import datetime
from pathlib import Path
from typing import Literal

from pydantic import Field

from brownfield.interview.engine.records import (
    SCHEMA_VERSION,
    Review,
    StrictModel,
    now,
    slugify,
)
from brownfield.interview.engine.store import load_data, validate


class Overview(StrictModel):
    title: str | None = None
    goal: str | None = None
    success_metrics: list[str] | None = None
    non_goals: list[str] | None = None


class Scope(StrictModel):
    in_scope: list[str] | None = None
    out_of_scope: list[str] | None = None
    assumptions: list[str] | None = None


class Requirements(StrictModel):
    functional: list[str] | None = None
    non_functional: list[str] | None = None
    constraints: list[str] | None = None


class Interfaces(StrictModel):
    data_models: list[str] | None = None
    apis: list[str] | None = None
    external: list[str] | None = None


class SpecData(StrictModel):
    """What the answers established; a list is None until asked and [] when skipped."""

    overview: Overview = Field(default_factory=Overview)
    scope: Scope = Field(default_factory=Scope)
    requirements: Requirements = Field(default_factory=Requirements)
    interfaces: Interfaces = Field(default_factory=Interfaces)
    stories: list[str] | None = None
    open_questions: list[str] | None = None


class Turn(StrictModel):
    turn_number: int
    phase: str
    field: str
    question: str
    answer: str
    timestamp: datetime


Phase = Literal["overview", "scope", "requirements", "interfaces", "stories", "review", "complete"]


class InterviewState(StrictModel):
    """The seed's INTERVIEW-<slug>.yaml, field for field, plus `schema_version`."""

    schema_version: int = SCHEMA_VERSION
    id: str = Field(default_factory=lambda: str(uuid.uuid4()))
    slug: str
    status: Literal["in_progress", "complete"] = "in_progress"
    mode: Literal["phases"] = "phases"
    description: str
    created_at: datetime
    updated_at: datetime
    phase: Phase = "overview"
    question_cursor: int = 0
    max_questions: int = 18
    progress: float = 0.0
    spec_data: SpecData = Field(default_factory=SpecData)
    history: list[Turn] = Field(default_factory=list)
    requirements_path: str | None = None
    review: Review = Field(default_factory=Review)  # added by the artifact issue, not the seed


def new_state(description: str, max_questions: int) -> InterviewState:
    moment = now()
    return InterviewState(
        slug=slugify(description),
        description=description,
        created_at=moment,
        updated_at=moment,
        max_questions=max_questions,
    )


def load(path: Path) -> InterviewState:
    return validate(InterviewState, load_data(path), path)
