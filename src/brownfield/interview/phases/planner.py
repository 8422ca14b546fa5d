"""The phases planner: the fixed six-phase question bank, asked in order, with skip and back.

Seed 000 exactly: the 16 questions, the confirmation last, nothing between. Seed 002's final
free-form question and coverage follow-ups come before the confirmation only when the
state's review stage is enabled (`--review`). `max_questions` counts every answered turn.
"""

from __future__ import annotations

from brownfield.interview.engine.loop import Feedback, Question, Verdict
from brownfield.interview.engine.records import FollowUp, Review, SkipAll, now
from brownfield.interview.engine.words import SKIP, SKIP_ALL
from brownfield.interview.phases.bank import (
    BANK,
    CONFIRM,
    PHASES,
    REVIEW_PREFIX,
    SKIP_ALL_FIELD,
    TEXT_FIELDS,
    BankEntry,
    cursor_of,
    get_field,
    question_id,
    set_field,
    split_list,
)
from brownfield.interview.phases.coverage import next_followup
from brownfield.interview.phases.requirements import compile_requirements
from brownfield.interview.phases.state import InterviewState, Turn
from brownfield.interview.review.followups import bypass, settle, skip_pending, unsettle


def _progress_line(index: int) -> str:
    entry = BANK[index]
    in_phase = [i for i, e in enumerate(BANK) if e.phase == entry.phase]
    position = in_phase.index(index) + 1
    following = PHASES.index(entry.phase) + 1
    upcoming = PHASES[following].capitalize() if following < len(PHASES) else "Done"
    return f"[{entry.phase}: {position}/{len(in_phase)} | Next: {upcoming}]"


def _hint(entry: BankEntry) -> str:
    if entry.field == CONFIRM:
        return "Answer yes to generate REQUIREMENTS.md, or no to keep reviewing (back revises)."
    if entry.field in TEXT_FIELDS:
        return "Required."
    listing = "Separate items with commas."
    return f"Required. {listing}" if entry.required else f"Optional: {listing} Type 'skip' to skip."


def answered_turns(state: InterviewState) -> int:
    """What counts toward `max_questions`: every answered turn (bank, review, `skip all`,
    each confirmation answer); a refused answer is not a turn, `back` takes one away."""
    return len(state.history)


def find_followup(review: Review, question_id: str) -> FollowUp:
    return next(
        f for f in [review.final, *review.followups] if f is not None and f.id == question_id
    )


class PhasesPlanner:
    """The deterministic six-phase interview."""

    def auto_steps(self, state: InterviewState) -> list[str]:
        return []  # every question of the bank goes to the person

    def next_question(self, state: InterviewState) -> Question | None:
        if state.status == "complete" or state.phase == "complete":
            return None
        if answered_turns(state) >= state.max_questions:
            return None  # the limit: `finish` compiles what there is
        index = cursor_of(state)
        entry = BANK[index]
        if entry.field == CONFIRM:
            # the follow-ups leave the confirmation its turn
            turns_left = state.max_questions - answered_turns(state) - 1
            followup = next_followup(state, len(BANK), turns_left)
            if followup is not None:
                return Question(
                    id=followup.id,
                    phase="review",
                    field=REVIEW_PREFIX + followup.id,
                    text=followup.prompt,
                    required=False,
                    hint="Optional: type 'skip' or 'skip: reason' to skip.",
                    progress=f"[review: {followup.id} | Next: Done]",
                )
        return Question(
            id=question_id(index),
            phase=entry.phase,
            field=entry.field,
            text=entry.text,
            required=entry.required,
            hint=_hint(entry),
            progress=_progress_line(index),
        )

    def note_before(self, state: InterviewState, question: Question) -> str:
        if question.field != CONFIRM:
            return ""
        return "Preview of REQUIREMENTS.md:\n\n" + compile_requirements(state)

    def apply(self, state: InterviewState, question: Question, answer: str) -> Feedback:
        text = answer.strip()
        if text.lower() == "back":
            return self._back(state)
        if SKIP_ALL.match(text) and question.field != CONFIRM:
            return self._skip_all(state, question, text)
        if question.field == CONFIRM:
            return self._confirm(state, question, text)
        if question.field.startswith(REVIEW_PREFIX):
            followup = find_followup(state.review, question.id)
            if not settle(followup, text, now()):
                return Feedback(Verdict.REFUSED, "Type an answer, or skip.")
            self._record(state, question, text)
            return Feedback(Verdict.ACCEPTED)
        is_skip = SKIP.match(text) is not None
        if question.field in TEXT_FIELDS:
            if is_skip or not text:
                return Feedback(Verdict.REFUSED, f"'{question.field}' is required; please answer.")
            value: object = text
        else:
            items = [] if is_skip else split_list(text)
            if question.required and not items:
                reason = "cannot be skipped" if is_skip else "needs at least one item"
                return Feedback(Verdict.REFUSED, f"'{question.field}' is required and {reason}.")
            value = items
        set_field(state, question.field, value)
        self._record(state, question, text)
        return Feedback(Verdict.ACCEPTED)

    def finish(self, state: InterviewState) -> None:
        """Complete: confirmed (phase `complete`), or stopped by `max_questions`, where the
        phase stays where it stopped (truncated if a phase has no data yet)."""
        state.status = "complete"
        state.updated_at = now()

    def _confirm(self, state: InterviewState, question: Question, text: str) -> Feedback:
        word = {"1": "yes", "2": "no"}.get(text.lower(), text.lower())  # by number or by id
        if word in ("yes", "y"):
            self._record(state, question, text)
            state.phase, state.question_cursor, state.progress = "complete", len(BANK), 1.0
            return Feedback(Verdict.ACCEPTED)
        if word in ("no", "n"):
            self._record(state, question, text)
            return Feedback(
                Verdict.ACCEPTED,
                "Staying in review. Type back to revise an answer, or yes to finish.",
            )
        return Feedback(Verdict.REFUSED, "Please answer yes or no.")

    def _back(self, state: InterviewState) -> Feedback:
        if not state.history:
            return Feedback(Verdict.IGNORED)  # nothing before the first question
        last = state.history.pop()
        if last.field == SKIP_ALL_FIELD:
            self._undo_skip_all(state)
        elif last.field.startswith(REVIEW_PREFIX):
            unsettle(find_followup(state.review, last.field[len(REVIEW_PREFIX) :]))
        elif last.field != CONFIRM:
            set_field(state, last.field, None)
        self._recompute(state)
        return Feedback(Verdict.BACK)

    def _skip_all(self, state: InterviewState, question: Question, text: str) -> Feedback:
        """Skip every optional question not answered yet, in one action (one turn); the
        required ones are still asked, since they cannot be skipped (seed 000)."""
        match = SKIP_ALL.match(text)
        reason = ((match.group("reason") if match else "") or "").strip() or None
        moment = now()
        skipped = []
        for index, entry in enumerate(BANK):
            if entry.required or get_field(state, entry.field) is not None:
                continue
            set_field(state, entry.field, [])
            skipped.append(question_id(index))
        review = state.review
        if review.enabled:
            skipped += skip_pending(review, reason, moment)
        required = [e.field for e in BANK if e.required and e.field != CONFIRM]
        still = [field for field in required if get_field(state, field) is None]
        if not skipped:
            note = f" {', '.join(still)} cannot be skipped." if still else ""
            return Feedback(Verdict.REFUSED, "Nothing optional is left to skip." + note)
        review.skip_all.append(
            SkipAll(
                action_id=f"skip-all-{len(review.skip_all) + 1}",
                reason=reason,
                at=moment,
                question_ids=skipped,
            )
        )
        bypass(review, reason, moment)  # a synthetic clean coverage record, no follow-ups
        self._record(state, question, text, SKIP_ALL_FIELD)
        note = f" Still required: {', '.join(still)}." if still else ""
        return Feedback(Verdict.ACCEPTED, f"Skipped {len(skipped)} question(s).{note}")

    def _undo_skip_all(self, state: InterviewState) -> None:
        """`back` after `skip all`: every question it skipped is open again."""
        review = state.review
        action = review.skip_all.pop()
        for qid in action.question_ids:
            if qid.startswith("Q"):
                set_field(state, BANK[int(qid[1:]) - 1].field, None)
            else:
                unsettle(find_followup(review, qid))
        review.coverage = [c for c in review.coverage if not (c.synthetic and c.at == action.at)]
        review.done = False

    def _record(
        self, state: InterviewState, question: Question, text: str, field: str | None = None
    ) -> None:
        state.history.append(
            Turn(
                turn_number=len(state.history) + 1,
                phase=question.phase,
                field=field or question.field,
                question=question.text,
                answer=text,
                timestamp=now(),
            )
        )
        self._recompute(state)

    def _recompute(self, state: InterviewState) -> None:
        """Replay the transitions: the phase and cursor follow from what was asked."""
        state.updated_at = now()
        index = cursor_of(state)
        state.question_cursor = index
        state.phase = BANK[index].phase  # type: ignore[assignment]
        state.progress = round(index / len(BANK), 4)
