"""The append-only receipts log beside an interview's artifact (seed 002): one JSON line
per skip, resolution, reason edit, `skip all`, edited answer and applied hand edit, never
rewritten. `surface` says where the person acted: `cli` (the interview, `brownfield edit`)
or `yaml` (a hand edit of the artifact)."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from brownfield.interview.engine.records import Edit, Review
from brownfield.interview.review.artifact import Artifact


def _receipt(
    action: str,
    question: str | None,
    event: str,
    when: datetime,
    reason: str | None,
    surface: str = "cli",
) -> dict[str, Any]:
    return {
        "receipt_id": f"{action}/{question or '-'}/{event}",
        "action_id": action,
        "question_id": question,
        "event": event,
        "who": "person",
        "when": when.isoformat().replace("+00:00", "Z"),
        "surface": surface,
        "reason": reason,
    }


def _edit_at(review: Review, question_id: str, when: datetime) -> Edit | None:
    """The edit that produced the answer a question has at `when`, if one did."""
    return next(
        (e for e in reversed(review.edits) if e.question_id == question_id and e.at == when),
        None,
    )


def _log(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


def new_receipts(
    artifact: Artifact, review: Review, log: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The receipts the log lacks, found by comparing it with the artifact's skips.

    A skip appends `skip`; answering a skipped question appends `resolve`; a changed reason
    appends `edit_skip_reason`; each `skip all` appends one `skip_all` summary and one `skip`
    per question it skipped; an edited answer appends `edit_answer`; an applied hand edit
    appends one `hand_edit` summary (its questions' receipts share its action id).
    Comparing against the log makes replays write nothing new.
    """
    last: dict[str, dict[str, Any]] = {}
    actions = set()
    acted = set()  # (action, question): one receipt per question and action
    for record in log:
        actions.add(record["action_id"])
        acted.add((record["action_id"], record["question_id"]))
        if record["question_id"] is not None:
            last[record["question_id"]] = record
    found: list[dict[str, Any]] = []

    def add(record: dict[str, Any]) -> None:
        found.append(record)
        acted.add((record["action_id"], record["question_id"]))
        if record["question_id"] is not None:
            last[record["question_id"]] = record

    for hand in review.hand_edits:
        if hand.action_id not in actions:
            add(_receipt(hand.action_id, None, "hand_edit", hand.at, None, "yaml"))
    for action in review.skip_all:
        if action.action_id in actions:
            continue
        add(_receipt(action.action_id, None, "skip_all", action.at, action.reason))
        for question_id in action.question_ids:
            add(_receipt(action.action_id, question_id, "skip", action.at, action.reason))
    for question in artifact.questions:
        answer = question.answer
        if answer is None or answer.answered_at is None:
            continue
        before = last.get(question.id)
        was_skipped = before is not None and before["event"] in ("skip", "edit_skip_reason")
        edit = _edit_at(review, question.id, answer.answered_at)
        surface = edit.surface if edit is not None else "cli"
        action_id = (edit.action_id if edit else None) or (
            f"{question.id}@{answer.answered_at.isoformat()}"
        )
        if answer.skipped and not was_skipped:
            reason = answer.skip_reason
            add(_receipt(action_id, question.id, "skip", answer.answered_at, reason, surface))
        elif answer.skipped and before is not None and before["reason"] != answer.skip_reason:
            reasons = [e for e in review.edits if e.question_id == question.id]
            latest = reasons[-1] if reasons else None
            edited = latest.at if latest else answer.answered_at
            add(
                _receipt(
                    (latest.action_id if latest else None) or f"{question.id}@{edited.isoformat()}",
                    question.id,
                    "edit_skip_reason",
                    edited,
                    answer.skip_reason,
                    latest.surface if latest else "cli",
                )
            )
        elif not answer.skipped and was_skipped:
            add(_receipt(action_id, question.id, "resolve", answer.answered_at, None, surface))
        elif (
            not answer.skipped
            and edit is not None
            and edit.kind == "answer"
            and (action_id, question.id) not in acted
        ):
            add(_receipt(action_id, question.id, "edit_answer", edit.at, None, surface))
    return found


def append_receipts(path: Path, artifact: Artifact, review: Review) -> int:
    """Append what the log lacks (never rewriting a line); returns how many were added."""
    new = new_receipts(artifact, review, _log(path))
    if new:
        with path.open("a", encoding="utf-8") as log:
            for record in new:
                log.write(json.dumps(record, sort_keys=True) + "\n")
    return len(new)
