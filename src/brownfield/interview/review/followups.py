"""The end of every interview: one final free-form question, then coverage follow-ups.

Coverage is a set of written rules (docs/artifact.md; each planner has its own, in its
`coverage` module) that look for real gaps: unresolved
ambiguity, missing constraints, missing edge cases, missing non-goals or out-of-scope
boundaries, inconsistent answers, and gaps that would force the spec to guess. Each gap can
become one targeted follow-up (`CFU<n>`), within a budget of max(1, 20% of the planned
questions) and at most two passes; gaps left over stay listed in the artifact.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from brownfield.interview.engine.records import FollowUp, Review
from brownfield.interview.engine.words import SKIP

FINAL_PROMPT = "Anything else to record before the interview is compiled? (or type 'skip')"
MAX_PASSES = 2


@dataclass(frozen=True)
class Gap:
    """A real gap: which rule found it, what to ask, and what an answer fills."""

    rule: str
    prompt: str
    target: str

    def describe(self) -> str:
        return f"{self.rule}: {self.prompt}"


def budget(planned: int) -> int:
    return max(1, planned // 5)


def next_followup(
    review: Review, planned: int, find_gaps: Callable[[], list[Gap]]
) -> FollowUp | None:
    """The next review question, running a coverage pass (over the gaps `find_gaps` finds,
    the planner's own rules) when nothing is pending."""
    if review.done:
        return None
    if review.final is None:
        review.final = FollowUp(id="FFF", rule="final_free_form", prompt=FINAL_PROMPT, target="")
    pending = review.pending()
    if pending is not None:
        return pending
    found = find_gaps()
    asked = {f.target for f in review.followups}
    fresh = [gap for gap in found if gap.target not in asked]
    room = budget(planned) - len(review.followups)
    if fresh and room > 0 and review.passes < MAX_PASSES:
        review.passes += 1
        for gap in fresh[:room]:
            review.followups.append(
                FollowUp(
                    id=f"CFU{len(review.followups) + 1}",
                    rule=gap.rule,
                    prompt=gap.prompt,
                    target=gap.target,
                    pass_number=review.passes,
                )
            )
        return review.pending()
    review.remaining_gaps = [gap.describe() for gap in found]
    review.done = True
    return None


def settle(followup: FollowUp, text: str, when: datetime) -> bool:
    """Record an answer or a skip (`skip: reason`); False when it is neither."""
    skip = SKIP.match(text)
    if skip:
        followup.skipped, followup.answer = True, None
        followup.skip_reason = (skip.group("reason") or "").strip() or None
        followup.answered_at = when
        return True
    if not text.strip():
        return False
    followup.answer, followup.answered_at = text.strip(), when
    followup.skipped, followup.skip_reason = False, None
    return True


def unsettle(followup: FollowUp) -> None:
    followup.answer = followup.answered_at = None
    followup.skipped, followup.skip_reason = False, None


def skip_pending(review: Review, reason: str | None, when: datetime) -> list[str]:
    """For `skip all`: skip the final question and every unsettled follow-up; their ids."""
    if review.final is None:
        review.final = FollowUp(id="FFF", rule="final_free_form", prompt=FINAL_PROMPT, target="")
    skipped = []
    for followup in [review.final, *review.followups]:
        if not followup.settled:
            settle(followup, f"skip: {reason}" if reason else "skip", when)
            skipped.append(followup.id)
    return skipped
