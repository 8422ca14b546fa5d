"""The lateral review panel (seed 004 Phase 3, seed 002's council), as rules over the state.

The panel convenes when the ambiguity milestone changes, in either direction, and before
an auto-answer ("you decide") is accepted. Four reviewers read the state:

* the contrarian questions the premise: what if this is not done at all?
* the simplifier proposes the smallest version that meets the acceptance criteria;
* the researcher lists what the graph could still add (the component's first two
  touchpoints outside tests without a callers or tests fact);
* the architect, only when there is more than one active component, proposes keeping
  the component behind one entry point.

Findings with an option are folded into the NEXT question, after its recommended option
(never an extra question), where the option answers it (`FOLDS_INTO`: "Not at all" answers
what should change, never who starts it); every convened panel is recorded in
`lateral_reviews`.
"""

from __future__ import annotations

import re

from brownfield.graph.roles import is_test
from brownfield.interview.adaptive.slots import Prompt
from brownfield.interview.adaptive.state import (
    AdaptiveState,
    Component,
    LateralFinding,
    LateralReview,
    Slot,
)

MAX_FOLDED = 2
MAX_OPTIONS = 4
#: The questions (slots) each reviewer's option answers: what to do, what to change, and
#: (but for the contrarian's "not at all") what is out of scope and what callers keep.
#: go's flag: "Who or what starts it?" offered "Not at all: leave flag.Flag as it is".
_SCOPE = frozenset({"outcome", "change_points"})
FOLDS_INTO = {
    "contrarian": _SCOPE,
    "simplifier": _SCOPE | {"non_goals", "compatibility"},
    "architect": _SCOPE | {"non_goals", "compatibility"},
}


def note_transition(state: AdaptiveState, before: str) -> None:
    """Called after every rescore: a changed milestone convenes the panel for the next
    question."""
    if state.milestone != before:
        state.panel_pending = f"{before} -> {state.milestone}"


def convene(
    state: AdaptiveState, component: Component, slot: Slot, trigger: str, number: int
) -> LateralReview:
    """Run the reviewers for the question of round `number` and record what they found."""
    top = next(iter(state.touchpoints_of(component)), None)
    where = f"{top.symbol} ({top.path}:{top.line})" if top else None
    findings: list[LateralFinding] = []
    if slot.dimension == "goal":
        findings.append(
            LateralFinding(
                persona="contrarian",
                text="What if this is not done at all?",
                option=(
                    f"Not at all: leave {top.symbol} as it is"
                    if top
                    else "Not at all: change nothing"
                ),
            )
        )
    if where and slot.dimension in ("goal", "constraints", "criteria"):
        findings.append(
            LateralFinding(
                persona="simplifier",
                text="The smallest version that meets the acceptance criteria.",
                option=f"The smallest version: only change {where}",
            )
        )
    covered = {
        (fact.topic, fact.subject)
        for fact in state.established_facts
        if fact.topic in ("callers", "tests")
    }
    mine = [t for t in state.touchpoints_of(component) if not is_test(t.path, t.symbol)]
    asks = {"callers": "who calls", "tests": "which tests reach"}
    if any(fact.topic == "no-tests" for fact in state.established_facts):
        del asks["tests"]  # no file is a test
    for touchpoint in mine[:2]:
        missing = [asks[t] for t in asks if (t, touchpoint.symbol) not in covered]
        if missing:
            findings.append(
                LateralFinding(
                    persona="researcher",
                    text=f"The graph can still tell {' and '.join(missing)} {touchpoint.symbol}.",
                )
            )
    if len(state.topology.active()) > 1 and where:
        findings.append(
            LateralFinding(
                persona="architect",
                text="More than one component: each needs one way in.",
                option=f"Keep '{component.name}' behind one entry point: {where}",
            )
        )
    review = LateralReview(
        round=number,
        trigger=trigger,
        component=component.id,
        slot=slot.name,
        personas=sorted({"contrarian", "simplifier", "researcher"} | {f.persona for f in findings}),
        findings=findings,
        folded=[f.option for f in findings if f.option and slot.name in FOLDS_INTO[f.persona]][
            :MAX_FOLDED
        ]
        if trigger != "pre-answer"
        else [],
    )
    state.lateral_reviews.append(review)
    return review


def before_question(state: AdaptiveState, component: Component, slot: Slot) -> None:
    """Convene the pending panel for the question about to be asked (once per round)."""
    number = state.round_count + 1
    if state.panel_pending is None or any(r.round == number for r in state.lateral_reviews):
        return
    trigger, state.panel_pending = state.panel_pending, None
    convene(state, component, slot, trigger, number)


def fold(state: AdaptiveState, component: Component, slot: Slot, prompt: Prompt) -> Prompt:
    """The question with the panel's options after its recommended one, when a panel was
    convened for this round's question; its last option stays (trpc's "None of these: it
    needs new code beside them" gave way to "Not at all")."""
    number = state.round_count + 1
    review = next(
        (
            r
            for r in state.lateral_reviews
            if r.round == number
            and r.component == component.id
            and r.slot == slot.name
            and r.trigger != "pre-answer"
        ),
        None,
    )
    if review is None or not review.folded or not prompt.options:
        return prompt
    extra = [option for option in review.folded if not _repeats(option, prompt.options)]
    first, *rest = prompt.options
    kept = rest[-1:]  # the way out, kept: "None of these: it needs new code beside them"
    options = (first, *extra, *rest[:-1])[: MAX_OPTIONS - len(kept)] + tuple(kept)
    return Prompt(prompt.text, options, f"{prompt.why}; reviewed ({review.trigger})")


def _repeats(option: str, options: tuple[str, ...]) -> bool:
    """A folded option that says what an option already says (its words, after its framing
    "The smallest version: ..." or "Not at all: ...", are all in one of them)."""
    said = set(re.findall(r"[\w.]+", option.split(": ", 1)[-1].lower())) - _FILLER
    return any(said <= set(re.findall(r"[\w.]+", other.lower())) for other in options)


_FILLER = frozenset({"only", "just", "the", "a", "an", "it", "as", "is", "at", "all"})


def report(state: AdaptiveState) -> list[str]:
    """The spec's lines: one per convened panel."""
    return [
        f"- Round {r.round} ({r.trigger}) on {r.slot}: "
        + "; ".join(f"{f.persona}: {f.text}" for f in r.findings)
        + (f" | folded: {', '.join(r.folded)}" if r.folded else " | nothing folded")
        for r in state.lateral_reviews
    ]
