"""The resumable interview state: a pydantic model saved as YAML, atomically, after every turn.

This is the only module that imports YAML. A state file is `safe_load`ed, then validated
with `extra="forbid"` and a schema version; a corrupt, hand-broken or newer file is an error
that names the field, and the file is never overwritten by a failed load.
"""

from __future__ import annotations

import os
import re
import tempfile
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from brownfield.errors import BrownfieldError

SCHEMA_VERSION = 1


class StateError(BrownfieldError):
    """A state file cannot be read, validated or written."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class Overview(_Strict):
    title: str | None = None
    goal: str | None = None
    success_metrics: list[str] | None = None
    non_goals: list[str] | None = None


class Scope(_Strict):
    in_scope: list[str] | None = None
    out_of_scope: list[str] | None = None
    assumptions: list[str] | None = None


class Requirements(_Strict):
    functional: list[str] | None = None
    non_functional: list[str] | None = None
    constraints: list[str] | None = None


class Interfaces(_Strict):
    data_models: list[str] | None = None
    apis: list[str] | None = None
    external: list[str] | None = None


class SpecData(_Strict):
    """What the answers established; a list is None until asked and [] when skipped."""

    overview: Overview = Field(default_factory=Overview)
    scope: Scope = Field(default_factory=Scope)
    requirements: Requirements = Field(default_factory=Requirements)
    interfaces: Interfaces = Field(default_factory=Interfaces)
    stories: list[str] | None = None
    open_questions: list[str] | None = None


class Turn(_Strict):
    turn_number: int
    phase: str
    field: str
    question: str
    answer: str
    timestamp: datetime


Phase = Literal["overview", "scope", "requirements", "interfaces", "stories", "review", "complete"]


class FollowUp(_Strict):
    """The final free-form question (`FFF`) or a coverage follow-up (`CFU<n>`)."""

    id: str
    rule: str  # final_free_form, or the coverage rule that found the gap
    prompt: str
    target: str  # the field or slot an answer fills ("" for the final free-form)
    pass_number: int = 0  # coverage pass (1 or 2); 0 for the final free-form
    answer: str | None = None
    answered_at: datetime | None = None
    skipped: bool = False
    skip_reason: str | None = None

    @property
    def settled(self) -> bool:
        return self.answer is not None or self.skipped


class SkipAll(_Strict):
    """One `skip all` action: which questions it skipped, with its reason."""

    action_id: str
    reason: str | None = None
    at: datetime
    question_ids: list[str] = Field(default_factory=list)


class Edit(_Strict):
    """A change made through `brownfield edit` after the interview."""

    question_id: str
    kind: Literal["answer", "skip_reason"]
    value: str
    at: datetime


class Approval(_Strict):
    approved_by: str
    approved_at: datetime
    reviewed_sha256: str  # the bytes the person reviewed
    file_sha256: str  # the artifact as written with this approval (to notice hand edits)


class Review(_Strict):
    """The end of every interview: final free-form, coverage follow-ups, skips, approval."""

    final: FollowUp | None = None
    followups: list[FollowUp] = Field(default_factory=list)
    passes: int = 0
    done: bool = False
    remaining_gaps: list[str] = Field(default_factory=list)
    skip_all: list[SkipAll] = Field(default_factory=list)
    edits: list[Edit] = Field(default_factory=list)
    approval: Approval | None = None
    artifact_path: str | None = None  # interview.yaml, beside the state file

    def pending(self) -> FollowUp | None:
        if self.final is not None and not self.final.settled:
            return self.final
        return next((f for f in self.followups if not f.settled), None)


class InterviewState(_Strict):
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


def new_state(description: str, max_questions: int) -> InterviewState:
    moment = now()
    return InterviewState(
        slug=slugify(description),
        description=description,
        created_at=moment,
        updated_at=moment,
        max_questions=max_questions,
    )


def dump(state: BaseModel) -> str:
    """The YAML text of a state (keys in model order, timestamps as RFC 3339)."""
    data = state.model_dump(mode="json")
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file and a rename: never half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def save(state: BaseModel, path: Path) -> None:
    try:
        write_atomic(path, dump(state))
    except OSError as exc:
        raise StateError(f"cannot write the interview state {path}: {exc.strerror or exc}") from exc


def load_data(path: Path) -> dict[str, Any]:
    """The raw mapping of a state file, with a clear error for anything unreadable."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StateError(f"no interview state at {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise StateError(f"cannot read the interview state {path}: {exc}") from exc
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        message = f"the interview state {path} is not valid YAML{where}: {problem}"
        raise StateError(message) from None
    if not isinstance(data, dict):
        raise StateError(f"the interview state {path} is not a mapping")
    version = data.get("schema_version")
    if isinstance(version, int) and version > SCHEMA_VERSION:
        raise StateError(
            f"the interview state {path} has schema_version {version}, newer than this "
            f"brownfield understands ({SCHEMA_VERSION}); upgrade brownfield"
        )
    return data


M = TypeVar("M", bound=BaseModel)


def read_mapping(path: Path) -> dict[str, Any]:
    """A YAML mapping from a file (a config file); empty when the file does not exist."""
    if not path.exists():
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise StateError(f"cannot read {path}: {str(exc).splitlines()[0]}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise StateError(f"{path} is not a mapping")
    return data


def validate(model: type[M], data: dict[str, Any], path: Path) -> M:
    """Validate `data` as `model`; the error lists every bad field by its dotted path."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in error['loc']) or '(top)'}: {error['msg']}"
            for error in exc.errors()
        )
        raise StateError(f"the interview state {path} is invalid: {problems}") from None


def load(path: Path) -> InterviewState:
    return validate(InterviewState, load_data(path), path)


def load_any(path: Path) -> BaseModel:
    """A state file of either mode (phases or adaptive), chosen by its `mode` field."""
    data = load_data(path)
    if data.get("artifact") == "interview":
        state = data.get("generated_by", {}).get("state_path", "its INTERVIEW-<slug>.yaml")
        raise StateError(f"{path} is an interview artifact, not a state file; resume {state}")
    if data.get("mode") == "adaptive":
        from brownfield.interview.adaptive_state import AdaptiveState

        return validate(AdaptiveState, data, path)
    return validate(InterviewState, data, path)
