"""The append-only receipts log beside an interview's artifact (seed 002): one JSON line
per skip, resolution, reason edit, `skip all`, edited answer and applied hand edit, never
rewritten. `surface` says where the person acted: `cli` (the interview, `brownfield edit`)
or `yaml` (a hand edit of the artifact).

The log is read as a regular file, never through a symlink, and appended with `O_APPEND`
and `O_NOFOLLOW` (`confine.append_text`): a symlinked log is refused, never written through.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

from brownfield.confine import append_text, read_regular
from brownfield.errors import BrownfieldError
from brownfield.interview.engine.records import Edit, Review
from brownfield.interview.engine.store import StateError
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


_KEYS = frozenset({"action_id", "question_id", "event", "reason"})


def _is_receipt(record: object) -> bool:
    if not isinstance(record, dict) or not record.keys() >= _KEYS:
        return False
    texts = (record["action_id"], record["event"])
    optional = (record["question_id"], record["reason"])
    return all(isinstance(v, str) for v in texts) and all(
        v is None or isinstance(v, str) for v in optional
    )


def _log(path: Path) -> list[dict[str, Any]]:
    """The receipts so far: a regular file (never read through a symlink) of JSON lines,
    each a receipt; anything else is one error line naming the file and the line."""
    if not os.path.lexists(path):
        return []
    try:
        text = read_regular(path).decode("utf-8", "replace")
    except BrownfieldError as exc:
        raise StateError(f"cannot read the receipts log {path}: {exc}") from None
    records = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            record = None
        if not _is_receipt(record):
            raise StateError(f"the receipts log {path} is not brownfield's: line {number}")
        records.append(record)
    return records


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
        append_text(path, "".join(json.dumps(record, sort_keys=True) + "\n" for record in new))
    return len(new)
