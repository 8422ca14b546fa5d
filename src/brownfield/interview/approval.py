"""Review, approve and edit an interview artifact; approval is bound to the bytes reviewed.

Every command that reads an artifact (`show`, `status`, `approve`, `edit`, and a resume)
opens it with `open_artifact` first. When the file is not what brownfield last wrote, it is
a hand edit (seed 002's raw YAML editor): it is checked field by field against the state's
own artifact (`review.hand_edit`) and either applied to the state (the file rewritten in
canonical form, the approval cleared, receipts appended) or refused with every bad field
named, nothing overwritten.

An edit (by hand or with `brownfield edit --sha256`) of an approved interview archives the
approved version (and copies of the documents compiled from it) under `archive/`, and marks
the documents left in place stale until the interview is approved again.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Literal, NamedTuple

from brownfield.errors import BrownfieldError, UsageError
from brownfield.interview.adaptive import artifact_view as adaptive_view
from brownfield.interview.engine.records import Approval, Edit, HandEdit, now
from brownfield.interview.engine.store import StateError, parse_data, problems_of
from brownfield.interview.engine.words import choose
from brownfield.interview.phases import artifact_view as phases_view
from brownfield.interview.phases.state import InterviewState
from brownfield.interview.review.artifact import (
    WHAT,
    Artifact,
    ArtifactQuestion,
    load_artifact,
    render,
    sha256_of,
)
from brownfield.interview.review.hand_edit import Change, compare
from brownfield.interview.session import Session, State, build_artifact, resume, state_beside


class StaleApprovalError(BrownfieldError):
    """The artifact changed after it was reviewed."""


class StaleEditError(BrownfieldError):
    """The artifact changed after the version an edit was made against."""


class HandEditRefused(BrownfieldError):
    """A hand edit of the artifact that cannot be applied; nothing was changed."""


@dataclass(frozen=True)
class Reviewed:
    artifact: Artifact
    sha256: str
    notes: tuple[str, ...] = ()


@dataclass
class Opened:
    """The interview behind an artifact, and what opening it did (a hand edit applied)."""

    session: Session
    notes: list[str] = field(default_factory=list)


class Status(NamedTuple):
    word: str  # draft | approved | changed since approval
    detail: str
    notes: tuple[str, ...] = ()
    stale: tuple[str, ...] = ()  # documents derived from an approved version edited since


@dataclass(frozen=True)
class Edited:
    sha256: str  # the artifact after the edit
    notes: tuple[str, ...] = ()


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _refusal(path: Path, problems: list[str]) -> str:
    return f"the hand edit of {path} is refused, nothing was changed: {'; '.join(problems)}"


def open_artifact(path: Path, root: Path) -> Opened:
    """The interview behind an artifact (its state file sits beside it), with any hand edit
    of the artifact applied first, or refused."""
    if not path.is_file():
        raise StateError(f"no interview artifact at {path}")
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise StateError(f"cannot read the {WHAT} {path}: {exc}") from None
    data = parse_data(text, path, WHAT)
    artifact, problems = problems_of(Artifact, data)
    if artifact is None:
        raise HandEditRefused(_refusal(path, problems))
    session = resume(root, state_beside(path, artifact.generated_by.state_path))
    return Opened(session, _sync(session, path, raw, artifact))


def _sync(session: Session, path: Path, raw: bytes, edited: Artifact) -> list[str]:
    """Apply a hand edit of the artifact to the state; nothing when there is none."""
    state = session.state
    live = session.artifact_file(state)
    if path.resolve() != live.resolve():
        raise StateError(f"{path} is not the artifact of {session.state_path.name} ({live} is)")
    canonical = build_artifact(state, session.state_path.name)
    canonical_text = render(canonical)
    current = _sha(raw)
    if current in (state.review.artifact_sha256, _sha(canonical_text.encode("utf-8"))):
        return []
    changes, problems = compare(canonical, edited)
    problems += _rehearse(state, changes)
    if problems:
        raise HandEditRefused(_refusal(path, problems))
    moment = now()
    action_id = f"hand-edit-{len(state.review.hand_edits) + 1}"
    state.review.hand_edits.append(
        HandEdit(
            action_id=action_id,
            at=moment,
            edited_sha256=current,
            question_ids=[c.question_id for c in changes if c.question_id],
            ticket_id_changed=any(c.kind == "ticket_id" for c in changes),
        )
    )
    if not changes:
        session.save(state)  # the same interview: its canonical bytes again, approval kept
        return [
            f"{path} differed from the interview only in layout or comments; rewritten in "
            f"canonical form (sha256 {state.review.artifact_sha256})"
        ]
    cleared = ", approval cleared" if state.review.approval is not None else ""
    notes = _commit(session, changes, moment, "yaml", action_id, canonical_text)
    changed = ", ".join(c.question_id or "ticket_id" for c in changes)
    return [
        f"applied the hand edit of {path} ({changed}); rewritten in canonical form "
        f"(sha256 {state.review.artifact_sha256}){cleared}",
        *notes,
    ]


def _rehearse(state: State, changes: list[Change]) -> list[str]:
    """Apply the changes to a copy of the state: the problems, nothing changed."""
    trial = state.model_copy(deep=True)
    problems = []
    for change in changes:
        try:
            _apply(trial, change, now(), "yaml", None)
        except (UsageError, StopIteration, ValueError, IndexError) as exc:
            problems.append(f"{change.question_id}: {str(exc) or 'cannot be edited'}")
    return problems


def _commit(
    session: Session,
    changes: list[Change],
    moment: datetime,
    surface: str,
    action_id: str | None,
    approved_text: str,
) -> list[str]:
    """Apply changes to the state: an approved version is archived first, its documents
    marked stale; the approval is cleared; the state and the artifact are saved."""
    state = session.state
    notes = []
    if state.review.approval is not None:
        archived = session.archive_approved(state, approved_text, moment)
        state.review.archived.append(archived)
        notes.append(f"the approved version is archived at {archived.files[0]}")
        if archived.stale:
            notes.append(f"stale until approved again: {', '.join(archived.stale)}")
    for change in changes:
        _apply(state, change, moment, surface, action_id)
    state.review.approval = None
    state.updated_at = moment
    session.save(state)
    return notes


def _apply(
    state: State, change: Change, moment: datetime, surface: str, action_id: str | None
) -> None:
    """Carry one change into the state, so the artifact and compiled documents follow it."""
    review = state.review
    if change.kind == "ticket_id":
        review.ticket_id = change.value or None
        return
    qid = change.question_id or ""
    followups = [review.final, *review.followups]
    followup = next((f for f in followups if f is not None and f.id == qid), None)
    if change.kind == "answer":
        if followup is not None:
            followup.answer, followup.answered_at = change.value, moment
            followup.skipped, followup.skip_reason = False, None
        elif isinstance(state, InterviewState):
            phases_view.apply_edit(state, qid, change.value)
        else:
            adaptive_view.apply_edit(state, qid, change.value)
    elif change.kind == "skip":
        if followup is not None:
            followup.answer, followup.answered_at = None, moment
            followup.skipped, followup.skip_reason = True, change.value or None
        elif isinstance(state, InterviewState):
            phases_view.apply_skip(state, qid)
        else:
            adaptive_view.apply_skip(state, qid)
    elif followup is not None:
        followup.skip_reason = change.value or None
    kind: Literal["answer", "skip", "skip_reason"] = change.kind
    review.edits.append(
        Edit(
            question_id=qid,
            kind=kind,
            value=change.value,
            at=moment,
            selected_option_ids=list(change.selected_option_ids),
            note=change.note,
            surface="yaml" if surface == "yaml" else "cli",
            action_id=action_id,
        )
    )


# -- the commands ---------------------------------------------------------------------------


def review(path: Path, root: Path) -> Reviewed:
    """The artifact and the SHA-256 of its exact bytes (what `show` prints). An archived
    copy (no state beside it) is shown as it is."""
    artifact = load_artifact(path) if path.is_file() else None
    if artifact is not None and not state_beside(path, artifact.generated_by.state_path).is_file():
        note = f"no interview state beside {path}: shown as it is (an archived version?)"
        return Reviewed(artifact, sha256_of(path), (note,))
    opened = open_artifact(path, root)
    return Reviewed(load_artifact(path), sha256_of(path), tuple(opened.notes))


def approve(path: Path, sha256: str | None, who: str, root: Path) -> str:
    """Approve if `sha256` matches the current bytes; returns the approved file's new hash."""
    if not sha256:
        raise UsageError(
            f"--sha256 is required: run `brownfield show {path}` and pass the hash you reviewed"
        )
    opened = open_artifact(path, root)
    current = sha256_of(path)
    if sha256.lower() != current:
        applied = " (a hand edit was applied to it)" if opened.notes else ""
        raise StaleApprovalError(
            f"stale approval: you reviewed {sha256.lower()} but {path} is now {current}"
            f"{applied}; review it again"
        )
    session = opened.session
    state = session.state
    state.review.approval = Approval(
        approved_by=who, approved_at=now(), reviewed_sha256=current, file_sha256=""
    )
    session.save(state)  # the compiled documents follow the approved version again
    state.review.approval.file_sha256 = state.review.artifact_sha256 or sha256_of(path)
    session.save(state)  # same artifact bytes; the state now knows them
    return state.review.approval.file_sha256


def status(path: Path, root: Path) -> Status:
    """`draft`, `approved`, or `changed since approval`, with a one-line detail; a draft
    edited after approval names the archived version and the stale documents."""
    opened = open_artifact(path, root)
    notes = tuple(opened.notes)
    current = sha256_of(path)
    review_stage = opened.session.state.review
    approval = review_stage.approval
    if approval is None and review_stage.stale:
        last = review_stage.archived[-1]
        detail = (
            f"edited after approval, not approved again (sha256 {current}); the approved "
            f"version {last.sha256} is archived at {last.files[0]}"
        )
        if last.stale:
            detail += f"; stale until approved again: {', '.join(last.stale)}"
        return Status("draft", detail, notes, tuple(last.stale))
    if approval is None:
        return Status("draft", f"not approved (sha256 {current})", notes)
    if approval.file_sha256 == current:
        when = approval.approved_at.isoformat()
        return Status("approved", f"approved by {approval.approved_by} at {when}", notes)
    return Status(
        "changed since approval",
        f"approved as {approval.file_sha256}, now {current}: it no longer counts as approved",
        notes,
    )


def edit(
    path: Path,
    question_id: str,
    answer: str | None,
    skip_reason: str | None,
    sha256: str | None,
    root: Path,
) -> Edited:
    """Change an answer or a skip reason of the version whose hash is `sha256`; an approved
    artifact is archived and returns to draft."""
    if (answer is None) == (skip_reason is None):
        raise UsageError("give exactly one of --answer or --skip-reason")
    if not sha256:
        raise UsageError(
            f"--sha256 is required: run `brownfield show {path}` and pass the hash of the "
            "version you edit"
        )
    opened = open_artifact(path, root)
    current = sha256_of(path)
    if sha256.lower() != current:
        raise StaleEditError(
            f"stale edit: you edited {sha256.lower()} but {path} is now {current}; review it again"
        )
    artifact = load_artifact(path)
    question = next((q for q in artifact.questions if q.id == question_id), None)
    if question is None:
        known = ", ".join(q.id for q in artifact.questions)
        raise UsageError(f"no question {question_id} in {path}; questions: {known}")
    if question.answer is None:
        raise UsageError(f"{question_id} has not been asked yet; answer it in the interview")
    if skip_reason is not None and not question.answer.skipped:
        raise UsageError(f"{question_id} was not skipped; edit its answer with --answer")
    change = _cli_change(question, answer, skip_reason)
    session = opened.session
    problems = _rehearse(session.state, [change])
    if problems:
        raise UsageError(problems[0])
    approved_text = render(build_artifact(session.state, session.state_path.name))
    notes = _commit(session, [change], now(), "cli", None, approved_text)
    return Edited(session.state.review.artifact_sha256 or sha256_of(path), tuple(notes))


def _cli_change(question: ArtifactQuestion, answer: str | None, reason: str | None) -> Change:
    """`--skip-reason TEXT`, or `--answer`: an option by id, number or label (`o2`, `2`),
    several with a note for a multiple choice (`1, 3: note`), else free text."""
    if reason is not None:
        return Change(question.id, "skip_reason", reason)
    text = (answer or "").strip()
    if not text:
        raise UsageError("--answer is empty; to skip a question, use skip in the interview")
    options = question.options
    if options:
        by_label = next((o for o in options if o.label == text or o.id == text), None)
        if by_label is not None:
            return Change(question.id, "answer", by_label.label, (by_label.id,))
        choice = choose(text, [o.label for o in options])
        if choice.kind == "option":
            ids = tuple(options[n - 1].id for n in choice.chosen)
            return Change(question.id, "answer", "; ".join(choice.labels), ids, choice.note)
    return Change(question.id, "answer", text)
