"""A hand edit of `interview.yaml` (seed 002's raw YAML editor), checked field by field.

The edited file is compared with the artifact the state gives (its canonical form). What a
person may change is what a person decides: answers (text, picked options, skips and their
reasons) and `ticket_id`. Everything else is derived (question metadata, summary, coverage,
follow-up rounds, status, approval, generated_by) and an edit of it is refused by name, so
that nothing the person wrote is silently regenerated away.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from brownfield.interview.review.artifact import Answer, Artifact, ArtifactQuestion

Kind = Literal["answer", "skip", "skip_reason", "ticket_id"]

#: Parts of the artifact brownfield derives, and what to do instead of editing them.
_DERIVED = {
    "schema_version": "written by brownfield",
    "artifact": "always interview",
    "status": "set by `brownfield approve --sha256`",
    "follow_up_rounds": "derived from the follow-up questions",
    "coverage": "written by the coverage checks",
    "approval": "set by `brownfield approve --sha256`",
}
_SUMMARY = "derived from the answers; edit the answers instead"
_METADATA = ("phase", "prompt", "source", "follow_up_round", "answer_type", "options")


@dataclass(frozen=True)
class Change:
    """One decision the person changed by hand."""

    question_id: str | None  # None for ticket_id
    kind: Kind
    value: str  # the answer (option labels for picked options), a skip reason, a ticket
    selected_option_ids: tuple[str, ...] = ()
    note: str | None = None  # a multiple choice's note


def compare(canonical: Artifact, edited: Artifact) -> tuple[list[Change], list[str]]:
    """The changes a hand edit makes, or the problems that refuse it (field by field)."""
    problems: list[str] = []
    changes: list[Change] = []
    ours, theirs = canonical.model_dump(mode="json"), edited.model_dump(mode="json")
    for key, why in _DERIVED.items():
        if ours[key] != theirs[key]:
            problems.append(f"{key}: {why}")
    for key in ours["summary"]:
        if ours["summary"][key] != theirs["summary"][key]:
            problems.append(f"summary.{key}: {_SUMMARY}")
    for key in ours["generated_by"]:
        if key != "version" and ours["generated_by"][key] != theirs["generated_by"][key]:
            problems.append(f"generated_by.{key}: written by brownfield")
    if canonical.ticket_id != edited.ticket_id:
        changes.append(Change(None, "ticket_id", edited.ticket_id or ""))
    ids, edited_ids = [q.id for q in canonical.questions], [q.id for q in edited.questions]
    if ids != edited_ids:
        problems.append(
            "questions: questions cannot be added, removed or reordered "
            f"(expected {', '.join(ids)})"
        )
        return changes, problems
    pairs = zip(canonical.questions, edited.questions, strict=True)
    for number, (before, after) in enumerate(pairs):
        where = f"questions.{number}"
        for name in _METADATA:
            if getattr(before, name) != getattr(after, name):
                problems.append(f"{where}.{name} ({before.id}): cannot be changed")
        change, found = _answer_change(before, after.answer, f"{where}.answer ({before.id})")
        problems += found
        if change is not None:
            changes.append(change)
    return changes, problems


def _content(answer: Answer) -> tuple[Any, ...]:
    return (answer.skipped, answer.selected_option_ids, answer.free_text, answer.skip_reason)


def _answer_change(
    question: ArtifactQuestion, edited: Answer | None, where: str
) -> tuple[Change | None, list[str]]:
    before = question.answer
    if before is None and edited is None:
        return None, []
    if before is None:
        return None, [f"{where}: not asked yet; answer it in the interview"]
    if edited is None:
        return None, [f"{where}: an answer cannot be removed; skip it instead (skipped: true)"]
    changed = _content(before) != _content(edited)
    problems = []
    implied = "user_skip" if edited.skipped else "user"
    if edited.answered_by not in (before.answered_by, implied if changed else before.answered_by):
        problems.append(f"{where}.answered_by: written by brownfield ({implied} for this answer)")
    if edited.answered_at != before.answered_at:
        problems.append(f"{where}.answered_at: written by brownfield")
    if edited.refined != before.refined:
        problems.append(f"{where}.refined: written by brownfield")
    if not changed:
        return None, problems
    qid = question.id
    if edited.skipped:
        if edited.selected_option_ids or edited.free_text is not None:
            problems.append(f"{where}: a skipped answer has no selected options and no free text")
        if problems:
            return None, problems
        reason = edited.skip_reason or ""
        if before.skipped:
            return Change(qid, "skip_reason", reason), []
        return Change(qid, "skip", reason), []
    if edited.skip_reason is not None:
        problems.append(f"{where}.skip_reason: only a skipped answer has a skip reason")
    choice, found = _choice(question, edited, where)
    problems += found
    return (None if problems else choice), problems


def _choice(
    question: ArtifactQuestion, edited: Answer, where: str
) -> tuple[Change | None, list[str]]:
    """An answer of the question's type: free text, one option or text, options and a note."""
    labels = {o.id: o.label for o in question.options}
    picked = edited.selected_option_ids
    text = (edited.free_text or "").strip()
    unknown = [i for i in picked if i not in labels]
    if unknown:
        known = ", ".join(labels) or "none"
        return None, [f"{where}.selected_option_ids: no option {', '.join(unknown)} ({known})"]
    if question.answer_type == "free_text":
        if picked:
            return None, [f"{where}.selected_option_ids: a free_text question has no options"]
        if not text:
            return None, [f"{where}.free_text: empty; to skip, set skipped: true"]
        return Change(question.id, "answer", text), []
    if question.answer_type == "single_choice":
        if len(picked) > 1:
            return None, [f"{where}.selected_option_ids: a single choice takes one option"]
        if picked and text:
            return None, [f"{where}: a single choice takes one option or free text, not both"]
        if picked:
            return Change(question.id, "answer", labels[picked[0]], tuple(picked)), []
        if not text:
            return None, [f"{where}: pick an option or write free text; to skip, skipped: true"]
        return Change(question.id, "answer", text), []
    if not picked and not text:
        return None, [f"{where}: pick options or write free text; to skip, skipped: true"]
    if not picked:
        return Change(question.id, "answer", text), []
    value = "; ".join(labels[i] for i in picked) + (f" (note: {text})" if text else "")
    return Change(question.id, "answer", value, tuple(picked), text or None), []
