"""The end of every interview: one final free-form question, then coverage follow-ups.

Coverage is a set of written rules (docs/artifact.md) that look for real gaps: unresolved
ambiguity, missing constraints, missing edge cases, missing non-goals or out-of-scope
boundaries, inconsistent answers, and gaps that would force the spec to guess. Each gap can
become one targeted follow-up (`CFU<n>`), within a budget of max(1, 20% of the planned
questions) and at most two passes; gaps left over stay listed in the artifact.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import cast

from brownfield.interview.adaptive_state import AdaptiveState, Slot
from brownfield.interview.answers import SKIP, words_of
from brownfield.interview.scoring import dimension_scores
from brownfield.interview.state import FollowUp, InterviewState, Review, SpecData

FINAL_PROMPT = "Anything else to record before the interview is compiled? (or type 'skip')"
MAX_PASSES = 2
_EDGE = re.compile(
    r"\b(empty|invalid|error|errors|fail|fails|failure|timeout|limit|limits|duplicate|missing|"
    r"edge|retry|concurrent|overflow|null|none|zero)\b",
    re.I,
)


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


# -- phases ------------------------------------------------------------------------------


def effective_spec(state: InterviewState) -> SpecData:
    """The bank's answers with the follow-up answers laid over them (they never overwrite)."""
    from brownfield.interview.phases import get_field, set_field, split_list

    spec = state.spec_data.model_copy(deep=True)
    holder = InterviewState.model_construct(spec_data=spec)
    for followup in state.review.followups:
        if followup.answer is None or not followup.target:
            continue
        target, _, item = followup.target.partition(":")
        if target == "scope-conflict":
            answer = followup.answer.strip().lower()
            if answer.startswith("in"):
                for field in ("out_of_scope", "non_goals"):
                    current = cast(list[str], get_field(holder, field) or [])
                    kept = [v for v in current if _norm(v) != item]
                    set_field(holder, field, kept)
            elif answer.startswith("out"):
                kept = [v for v in spec.scope.in_scope or [] if _norm(v) != item]
                spec.scope.in_scope = kept
            continue
        existing = cast(list[str], get_field(holder, target) or [])
        set_field(holder, target, [*existing, *split_list(followup.answer)])
    return spec


def _norm(text: str) -> str:
    return " ".join(sorted(words_of(text)))


def phases_gaps(state: InterviewState) -> list[Gap]:
    spec = effective_spec(state)
    found = []
    conflicts = sorted(
        {_norm(i) for i in spec.scope.in_scope or []}
        & {_norm(o) for o in (spec.scope.out_of_scope or []) + (spec.overview.non_goals or [])}
        - {""}
    )
    for item in conflicts:
        found.append(
            Gap(
                "inconsistent-answers",
                f"'{item}' is listed both in scope and out of scope: which is it? (in/out)",
                f"scope-conflict:{item}",
            )
        )
    if not spec.requirements.constraints and not spec.requirements.non_functional:
        found.append(
            Gap(
                "missing-constraints",
                "No constraints were given: what must the change respect? (comma-separated)",
                "constraints",
            )
        )
    if not any(_EDGE.search(item) for item in spec.requirements.functional or []):
        found.append(
            Gap(
                "missing-edge-cases",
                "Which edge cases must be handled (empty input, errors, limits)? (comma-separated)",
                "functional",
            )
        )
    if not spec.overview.non_goals and not spec.scope.out_of_scope:
        found.append(
            Gap(
                "missing-boundaries",
                "Nothing is marked out of scope: what should this NOT do? (comma-separated)",
                "out_of_scope",
            )
        )
    if spec.open_questions:
        found.append(
            Gap(
                "unresolved-ambiguity",
                f"Open question '{spec.open_questions[0]}': what is the decision?",
                "constraints",
            )
        )
    if not spec.overview.success_metrics:
        found.append(
            Gap(
                "forced-guess",
                "How will you know it worked? The requirements would have to guess. "
                "(comma-separated)",
                "success_metrics",
            )
        )
    return found


# -- adaptive -----------------------------------------------------------------------------


def adaptive_gaps(state: AdaptiveState) -> list[Gap]:
    from brownfield.interview.slots import prompt_for

    found: list[Gap] = []
    seen: set[str] = set()

    def add(rule: str, component_id: str, slot: Slot) -> None:
        target = f"{component_id}:{slot.name}"
        if target in seen:
            return
        seen.add(target)
        component = next(c for c in state.topology.components if c.id == component_id)
        prompt = prompt_for(state, component, slot, None).text
        found.append(Gap(rule, prompt, target))

    for component in state.topology.active():
        slots = {s.name: s for s in component.slots}
        triggered = {
            t.slot for r in state.rounds for t in r.triggers if t.kind == "inconsistency" and t.slot
        }
        for name in sorted(triggered & set(slots)):
            if not slots[name].filled_by:
                add("inconsistent-answers", component.id, slots[name])
        constraint_slots = [s for s in component.slots if s.dimension == "constraints"]
        if not any(s.filled_by for s in constraint_slots):
            add("missing-constraints", component.id, constraint_slots[0])
        if not slots["edge_cases"].filled_by:
            add("missing-edge-cases", component.id, slots["edge_cases"])
        if not slots["non_goals"].filled_by:
            add("missing-boundaries", component.id, slots["non_goals"])
        for slot in component.slots:
            if slot.kind == "decision" and slot.skipped and not slot.filled_by:
                add("forced-guess", component.id, slot)
    scores = dimension_scores(state)
    weakest = min(scores, key=lambda d: (scores[d], list(scores).index(d)))
    if scores[weakest] < 0.9:
        for component in state.topology.active():
            open_slots = [
                s
                for s in component.slots
                if s.dimension == weakest and s.kind == "decision" and not s.filled_by
            ]
            if open_slots:
                add("unresolved-ambiguity", component.id, open_slots[0])
                break
    return found


# -- the shared stage -----------------------------------------------------------------------


def gaps_of(state: InterviewState | AdaptiveState) -> list[Gap]:
    return phases_gaps(state) if isinstance(state, InterviewState) else adaptive_gaps(state)


def next_followup(state: InterviewState | AdaptiveState, planned: int) -> FollowUp | None:
    """The next review question, running a coverage pass when nothing is pending."""
    review = state.review
    if review.done:
        return None
    if review.final is None:
        review.final = FollowUp(id="FFF", rule="final_free_form", prompt=FINAL_PROMPT, target="")
    pending = review.pending()
    if pending is not None:
        return pending
    found = gaps_of(state)
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
