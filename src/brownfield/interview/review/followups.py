"""The end of every interview: one final free-form question, then coverage follow-ups.

Coverage is a set of written rules (docs/artifact.md; each planner has its own, in its
`coverage` module) that look for real gaps: unresolved
ambiguity, missing constraints, missing edge cases, missing non-goals or out-of-scope
boundaries, inconsistent answers, and gaps that would force the spec to guess. Each gap can
become one targeted follow-up (`CFU<n>`), within a budget (a share of the planned questions,
20 % by default, at least one unless the share is 0 %) and at most two passes; gaps left over
stay listed in the artifact. Every check is recorded (`CoverageCheck`): `gaps` with the
follow-ups it asked, or none once the budget is spent; `clean` when nothing is missing; a
synthetic `clean` one for `skip all`, the person's explicit bypass.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from brownfield.interview.engine.records import CoverageCheck, FollowUp, Review, now
from brownfield.interview.engine.words import SKIP

FINAL_PROMPT = "Anything else to record before the interview is compiled? (or type 'skip')"
MAX_PASSES = 2


@dataclass(frozen=True)
class Gap:
    """A real gap: which rule found it, what to ask, and what an answer fills."""

    rule: str
    prompt: str
    target: str
    options: tuple[str, ...] = ()  # what the slot's question offered, still offered

    def describe(self) -> str:
        return f"{self.rule}: {self.prompt}"


def budget(planned: int, percent: int = 20) -> int:
    """How many follow-ups `planned` questions allow: `percent` of them, at least one,
    except at 0 %, which allows none."""
    if percent <= 0:
        return 0
    return max(1, planned * percent // 100)


def next_followup(
    review: Review,
    planned: int,
    find_gaps: Callable[[], list[Gap]],
    turns_left: int | None = None,
) -> FollowUp | None:
    """The next review question, running a coverage pass (over the gaps `find_gaps` finds,
    the planner's own rules) when nothing is pending. `turns_left`: how many more questions
    the interview may still ask (None: no limit)."""
    if review.done or not review.enabled:
        return None
    if review.final is None:
        if turns_left is not None and turns_left <= 0:
            _close(review, find_gaps())
            return None
        review.final = FollowUp(id="FFF", rule="final_free_form", prompt=FINAL_PROMPT, target="")
    pending = review.pending()
    if pending is not None:
        return pending
    found = find_gaps()
    asked = {f.target for f in review.followups}
    fresh = [gap for gap in found if gap.target not in asked]
    room = budget(planned, review.budget_percent) - len(review.followups)
    if turns_left is not None:
        room = min(room, turns_left)
    if fresh and room > 0 and review.passes < MAX_PASSES:
        review.passes += 1
        start = len(review.followups)
        for gap in fresh[:room]:
            review.followups.append(
                FollowUp(
                    id=f"CFU{len(review.followups) + 1}",
                    rule=gap.rule,
                    prompt=gap.prompt,
                    target=gap.target,
                    pass_number=review.passes,
                    options=list(gap.options),
                )
            )
        review.coverage.append(
            CoverageCheck(
                check=len(review.coverage) + 1,
                status="gaps",
                gaps=[gap.describe() for gap in found],
                follow_up_ids=[f.id for f in review.followups[start:]],
                at=now(),
            )
        )
        return review.pending()
    _close(review, found)
    return None


def _close(review: Review, found: list[Gap]) -> None:
    """The last check: clean, or the gaps that stay (no follow-up asks them)."""
    review.remaining_gaps = [gap.describe() for gap in found]
    review.coverage.append(
        CoverageCheck(
            check=len(review.coverage) + 1,
            status="gaps" if found else "clean",
            gaps=list(review.remaining_gaps),
            at=now(),
        )
    )
    review.done = True


def bypass(review: Review, reason: str | None, when: datetime) -> None:
    """`skip all`: the explicit bypass of coverage, recorded as a synthetic clean check."""
    review.remaining_gaps = []
    review.coverage.append(
        CoverageCheck(
            check=len(review.coverage) + 1,
            status="clean",
            synthetic=True,
            reason=f"skip all: {reason}" if reason else "skip all",
            at=when,
        )
    )
    review.done = True


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
