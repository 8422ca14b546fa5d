"""Seed 002's coverage rules over a phases interview: the gaps its answers leave, and the
answers with the follow-up answers laid over them."""

from __future__ import annotations

import re
from typing import cast

from brownfield.interview.engine.records import FollowUp
from brownfield.interview.engine.words import words_of
from brownfield.interview.phases.bank import get_field, set_field, split_list
from brownfield.interview.phases.state import InterviewState, SpecData
from brownfield.interview.review import followups
from brownfield.interview.review.followups import Gap

_EDGE = re.compile(
    r"\b(empty|invalid|error|errors|fail|fails|failure|timeout|limit|limits|duplicate|missing|"
    r"edge|retry|concurrent|overflow|null|none|zero)\b",
    re.I,
)


def effective_spec(state: InterviewState) -> SpecData:
    """The bank's answers with the follow-up answers laid over them (they never overwrite)."""
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


def next_followup(
    state: InterviewState, planned: int, turns_left: int | None = None
) -> FollowUp | None:
    """The next review question of a phases interview (see `followups.next_followup`)."""
    return followups.next_followup(state.review, planned, lambda: phases_gaps(state), turns_left)
