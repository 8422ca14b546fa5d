"""The records every interview's state shares: the strict base model, the review stage
(final free-form, follow-ups, skips, edits, approval), the clock and the slug.

Imports nothing of the interview; the planners' own states build on these.
"""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_VERSION = 1


class StrictModel(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class CitationRecord(StrictModel):
    path: str
    line: int
    end_line: int | None = None
    symbol: str | None = None

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


class RefinedAnswer(StrictModel):
    """A free-text answer restructured and confirmed by the person (see `refine`)."""

    original: str  # what the person typed (or last rewrote)
    decision: str
    reasoning: list[str] = Field(default_factory=list)
    constraints: list[str] = Field(default_factory=list)
    out_of_scope: list[str] = Field(default_factory=list)
    codebase: list[CitationRecord] = Field(default_factory=list)  # verified identifiers
    steps: list[str] = Field(default_factory=list)  # what the person did at each confirmation


class FollowUp(StrictModel):
    """The final free-form question (`FFF`) or a coverage follow-up (`CFU<n>`)."""

    id: str
    rule: str  # final_free_form, or the coverage rule that found the gap
    prompt: str
    target: str  # the field or slot an answer fills ("" for the final free-form)
    pass_number: int = 0  # coverage pass (1 or 2); 0 for the final free-form
    options: list[str] = Field(default_factory=list)  # the slot's options, when it has any
    answer: str | None = None
    answered_at: datetime | None = None
    skipped: bool = False
    skip_reason: str | None = None

    @property
    def settled(self) -> bool:
        return self.answer is not None or self.skipped


class SkipAll(StrictModel):
    """One `skip all` action: which questions it skipped, with its reason."""

    action_id: str
    reason: str | None = None
    at: datetime
    question_ids: list[str] = Field(default_factory=list)


class Edit(StrictModel):
    """A change made after the question was answered: `brownfield edit` (surface `cli`) or
    a hand edit of the artifact applied by the next command that read it (surface `yaml`)."""

    question_id: str
    kind: Literal["answer", "skip", "skip_reason"]
    value: str  # the answer (option labels for picked options), or the skip reason
    at: datetime
    selected_option_ids: list[str] = Field(default_factory=list)
    note: str | None = None  # a multiple choice's free-text note
    surface: Literal["cli", "yaml"] = "cli"
    action_id: str | None = None  # the hand edit it belongs to


class HandEdit(StrictModel):
    """A hand edit of the artifact, validated and applied (seed 002's raw YAML editor)."""

    action_id: str
    at: datetime
    edited_sha256: str  # the bytes the person wrote, before the canonical rewrite
    question_ids: list[str] = Field(default_factory=list)
    ticket_id_changed: bool = False


class CoverageCheck(StrictModel):
    """One coverage check: clean or gaps, and the follow-ups it asked (none when the budget
    is spent, including the deliberate 0 % case). `skip all` writes a synthetic clean one."""

    check: int
    status: Literal["clean", "gaps"]
    gaps: list[str] = Field(default_factory=list)
    follow_up_ids: list[str] = Field(default_factory=list)
    synthetic: bool = False
    reason: str | None = None
    at: datetime


class Cleaned(StrictModel):
    """An answer (or the idea, or a ticket id) that arrived as something other than clean
    text and was made clean at intake: bytes that are not UTF-8 replaced with U+FFFD,
    control characters (ANSI escapes, bidirectional overrides) removed."""

    question_id: str  # the question answered, or `idea` / `ticket_id`
    at: datetime
    changes: list[Literal["invalid_utf8_replaced", "control_characters_removed"]]


class Approval(StrictModel):
    approved_by: str
    approved_at: datetime
    reviewed_sha256: str  # the bytes the person reviewed
    file_sha256: str  # the artifact as written with this approval (to notice hand edits)


class Archived(StrictModel):
    """An approved version superseded by an edit: where its copies are, which documents
    derived from it were marked stale."""

    sha256: str  # the approved artifact's bytes
    approved_by: str
    approved_at: datetime
    archived_at: datetime
    files: list[str] = Field(default_factory=list)  # the copies, relative to the docs folder
    stale: list[str] = Field(default_factory=list)  # documents left in place, marked stale


class Review(StrictModel):
    """The end of every interview: final free-form, coverage follow-ups, skips, approval."""

    enabled: bool = True  # ask the final free-form question and the coverage follow-ups
    budget_percent: int = Field(default=20, ge=0, le=100)  # follow-ups: share of the planned
    ticket_id: str | None = None
    final: FollowUp | None = None
    followups: list[FollowUp] = Field(default_factory=list)
    passes: int = 0
    done: bool = False
    remaining_gaps: list[str] = Field(default_factory=list)
    coverage: list[CoverageCheck] = Field(default_factory=list)
    skip_all: list[SkipAll] = Field(default_factory=list)
    edits: list[Edit] = Field(default_factory=list)
    hand_edits: list[HandEdit] = Field(default_factory=list)
    approval: Approval | None = None
    archived: list[Archived] = Field(default_factory=list)
    artifact_path: str | None = None  # interview.yaml, beside the state file
    artifact_sha256: str | None = None  # the artifact's bytes as last written (on disk:
    # as of the save before, since the artifact is written after the state)
    cleaned: list[Cleaned] = Field(default_factory=list)  # answers made clean at intake

    @property
    def stale(self) -> bool:
        """Edited after an approval and not approved again: what was compiled is stale."""
        return self.approval is None and bool(self.archived)

    def pending(self) -> FollowUp | None:
        if self.final is not None and not self.final.settled:
            return self.final
        return next((f for f in self.followups if not f.settled), None)


def now() -> datetime:
    """The current time in UTC, to the second (RFC 3339 in files).

    `BROWNFIELD_NOW` (an RFC 3339 time) pins the clock, for reproducible artifacts in tests.
    """
    pinned = os.environ.get("BROWNFIELD_NOW")
    if pinned:
        return datetime.fromisoformat(pinned.replace("Z", "+00:00")).astimezone(UTC)
    return datetime.now(UTC).replace(microsecond=0)


def slugify(text: str) -> str:
    """Lowercase, spaces to `-`, only `[a-z0-9-]`, no repeated or edge `-`, at most 40 chars."""
    slug = text.lower().replace(" ", "-")
    slug = re.sub(r"[^a-z0-9-]", "", slug)
    slug = re.sub(r"-{2,}", "-", slug).strip("-")
    slug = slug[:40].strip("-")
    return slug or "interview"
