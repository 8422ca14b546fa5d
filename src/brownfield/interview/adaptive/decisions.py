"""What the person decided, section by section, as the spec and REQUIREMENTS.md state it.

Each decision appears once, in its section, de-duplicated across components: constraints,
non-goals, acceptance criteria, change points, the test location, the final free-form
answer. Values are the statements kept in the slots (no option numbers, framing words or
answer particles); "nothing" answers ("Nothing is excluded", "No specific limits") add
nothing. Also here: the design sources the person pasted (verbatim), the deferrals, and the
assumptions the interview exposed and how each was resolved.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from brownfield.graph.roles import is_test
from brownfield.interview.adaptive import refine
from brownfield.interview.adaptive.state import AdaptiveState, Component
from brownfield.interview.adaptive.statements import edge_criterion, is_nothing, statement
from brownfield.model import denies

_URL = re.compile(r"https?://[^\s<>\"'`]+")
PACING = (
    "Convergence pacing: no minimum number of rounds, no cap on how fast ambiguity may "
    "drop and no dampening; bidirectional scoring is the pacing mechanism."
)


@dataclass(frozen=True)
class Assumption:
    assumption: str
    challenge: str
    resolution: str


def _key(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def unique(items: list[str]) -> list[str]:
    """Each statement once (compared without case and punctuation), in first-seen order."""
    seen: dict[str, str] = {}
    for item in items:
        if item and not is_nothing(item):
            seen.setdefault(_key(item), item)
    return list(seen.values())


def values(state: AdaptiveState, *names: str) -> list[str]:
    """The decided values of these slots across the active components, de-duplicated."""
    return unique(
        [
            slot.value
            for component in state.topology.active()
            for name in names
            for slot in component.slots
            if slot.name == name and slot.filled_by in ("person", "auto") and slot.value
        ]
    )


def constraints(state: AdaptiveState) -> list[str]:
    refined = refine.constraints(state)
    return unique(values(state, "compatibility", "caller_impact", "limits") + refined)


def non_goals(state: AdaptiveState) -> list[str]:
    return unique(values(state, "non_goals") + refine.out_of_scope(state))


def acceptance(state: AdaptiveState) -> list[str]:
    """The acceptance checks, then the edge cases (an offered one as a check: "Handles
    empty or missing input")."""
    edges = [edge_criterion(value) for value in values(state, "edge_cases")]
    return unique(values(state, "acceptance") + edges)


def change_points(state: AdaptiveState) -> list[str]:
    return values(state, "change_points")


def triggers(state: AdaptiveState) -> list[str]:
    return values(state, "trigger")


def test_location(state: AdaptiveState) -> list[str]:
    """The decided test location; else what the code shows: the tests that reach the
    touchpoints (the tests facts citing test files), the test lines naming a touchpoint no
    test reaches, then where the repository's tests live, or that it has none (each with
    the fact's id)."""
    decided = values(state, "test_location")
    if decided:
        return decided
    shown = [
        slot.value
        for component in state.topology.active()
        for slot in component.slots
        if slot.name == "test_location" and slot.filled_by == "evidence" and slot.value
    ]
    if not shown:
        facts = [
            f
            for f in state.established_facts
            if f.source == "evidence"
            and not f.disputed
            and (
                f.topic in ("test-layout", "no-tests")
                or (
                    f.topic == "tests" and any(is_test(c.path, c.symbol or "") for c in f.citations)
                )
            )
        ]
        # the tests reaching a touchpoint first, then the test lines naming one none reaches
        facts.sort(key=lambda f: (f.topic != "tests", denies(f.statement)))
        shown = [f"{statement(f.statement)} ({f.id}, from the code)" for f in facts]
    return unique(shown)


def also_recorded(state: AdaptiveState) -> list[str]:
    final = state.review.final
    return [statement(final.answer)] if final is not None and final.answer else []


def design_sources(state: AdaptiveState) -> list[str]:
    """Every URL the person wrote (the idea and every answer), verbatim, in order."""
    texts = [state.description, *(a.text for a in state.answers)]
    found: dict[str, None] = {}
    for text in texts:
        for url in _URL.findall(text):
            found.setdefault(url.rstrip(".,;:!?)]}"), None)
    return list(found)


def deferrals(state: AdaptiveState) -> list[str]:
    names = {c.id: c.name for c in state.topology.components}
    lines = [
        f"{names.get(d.component_id, d.component_id)}: {d.reason} "
        f"(confirmed {d.confirmed_at.isoformat().replace('+00:00', 'Z')})"
        for d in state.topology.deferrals
    ]
    return [*lines, PACING]


def _component(state: AdaptiveState, component_id: str | None) -> Component | None:
    return next((c for c in state.topology.components if c.id == component_id), None)


def _resolution(kind: str | None, answer: str | None) -> str:
    if kind == "skip":
        return f"{answer}; left open" if answer else "skipped; left open"
    return f"answered: {answer}" if answer else "open"


def assumptions(state: AdaptiveState) -> list[Assumption]:
    """Auto-answers, the panel's challenges and disputed facts, with how each ended."""
    found: list[Assumption] = []
    answers = {r.round: r for r in state.rounds}
    for r in state.rounds:
        if r.kind != "auto-answer":
            continue
        component = _component(state, r.component)
        slot = next((s for s in component.slots if s.name == r.slot), None) if component else None
        still = slot is not None and slot.filled_by == "auto" and slot.round == r.round
        found.append(
            Assumption(
                f"{(r.slot or '').replace('_', ' ')}: {r.answer} (you decide)",
                "an answer the person left to brownfield counts at most 0.85",
                "kept as the recommended option" if still else "later answered by the person",
            )
        )
    for review in state.lateral_reviews:
        challenges = [f for f in review.findings if f.persona != "researcher"]
        asked = answers.get(review.round)
        if not challenges or asked is None or not asked.options:
            continue
        found.append(
            Assumption(
                f"{review.slot.replace('_', ' ')}: {statement(asked.options[0])} "
                "(the recommended option)",
                "; ".join(f"{f.persona}: {f.text}" for f in challenges),
                _resolution(asked.answer_kind, asked.answer),
            )
        )
    for r in state.rounds:
        for trigger in r.triggers:
            fact = state.fact(trigger.fact_id) if trigger.fact_id else None
            if fact is None:
                continue
            if fact.superseded_by:
                settled = state.fact(fact.superseded_by)
                resolution = f"superseded by {fact.superseded_by}" + (
                    f": {settled.statement}" if settled else ""
                )
            elif fact.open_dispute:
                resolution = "open: not settled"
            else:
                resolution = "re-confirmed"
            found.append(
                Assumption(
                    f"{fact.id}: {fact.statement}",
                    f"round {r.round}: {trigger.evidence}",
                    resolution,
                )
            )
    return found
