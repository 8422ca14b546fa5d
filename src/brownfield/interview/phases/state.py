"""Seed 000's interview state (`INTERVIEW-<slug>.yaml`), field for field, plus brownfield's
own fields: `schema_version`, `history[].field`, `migrations` and the review stage shared
with every interview. A file in the seed's own schema is migrated on load (`migrate`)."""

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
    field: str  # the bank field answered (brownfield's; the seed's turns have none)
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
    migrations: list[str] = Field(default_factory=list)  # e.g. seed-000: how it was converted
    review: Review = Field(default_factory=Review)  # seed 002's review stage, not seed 000's


def new_state(
    description: str,
    max_questions: int,
    review: bool = False,
    budget_percent: int = 20,
    ticket_id: str | None = None,
) -> InterviewState:
    """A new phases interview; seed 002's final free-form question and coverage follow-ups
    join it only with `review`."""
    moment = now()
    return InterviewState(
        slug=slugify(description),
        description=description,
        created_at=moment,
        updated_at=moment,
        max_questions=max_questions,
        review=Review(enabled=review, budget_percent=budget_percent, ticket_id=ticket_id),
    )


def load(path: Path) -> InterviewState:
    """A state file in brownfield's schema (`migrate.load` also reads the seed's)."""
    return validate(InterviewState, load_data(path), path)
