"""Skipped decisions filled from the code when the spec is compiled (seed 002's PRD phase).

A decision the person skipped is filled only where evidence the interview already holds
answers it: the callers of a touchpoint say who must keep working, the tests that reach
it say what must still pass, the touchpoints say where the change lands. Each fill keeps
its citations and the person's skip reason, and is marked `answered_by: auto_fill`;
what no evidence answers stays an open question.
"""

from __future__ import annotations

from dataclasses import dataclass

from brownfield.graph.roles import is_test
from brownfield.interview.adaptive.state import AdaptiveState, Component, EstablishedFact, Slot
from brownfield.interview.engine.records import CitationRecord


@dataclass(frozen=True)
class Fill:
    component: str
    slot: str
    value: str
    citations: tuple[CitationRecord, ...]
    skip_reason: str | None

    def line(self) -> str:
        cites = ", ".join(str(c) for c in self.citations[:6])
        reason = f'skipped: "{self.skip_reason}"' if self.skip_reason else "skipped"
        return (
            f"- {self.component}: {self.slot.replace('_', ' ')} = {self.value} "
            f"(answered_by: auto_fill; the person {reason}) ({cites})"
        )


def skipped(state: AdaptiveState) -> list[tuple[Component, Slot]]:
    """The decisions of active components the person skipped and nothing filled."""
    return [
        (component, slot)
        for component in state.topology.active()
        for slot in component.slots
        if slot.skipped and not slot.filled_by
    ]


def fills(state: AdaptiveState) -> list[Fill]:
    """Every skipped decision the evidence answers, in component and slot order."""
    found = []
    for component, slot in skipped(state):
        answer = _answer(state, component, slot.name)
        if answer is not None:
            value, citations = answer
            found.append(
                Fill(component.name, slot.name, value, citations, _reason(state, component, slot))
            )
    return found


def open_questions(state: AdaptiveState) -> list[str]:
    """The skipped decisions the evidence does not answer."""
    filled = {(f.component, f.slot) for f in fills(state)}
    return [
        f"{component.name}: {slot.name.replace('_', ' ')}"
        for component, slot in skipped(state)
        if (component.name, slot.name) not in filled
    ]


def _facts(state: AdaptiveState, component: Component, topic: str) -> list[EstablishedFact]:
    symbols = {t.symbol for t in state.touchpoints_of(component)}
    return [
        fact
        for fact in state.established_facts
        if fact.topic == topic
        and fact.subject in symbols
        and fact.source == "evidence"
        and not fact.open_dispute
        and fact.citations
    ]


def _answer(
    state: AdaptiveState, component: Component, slot: str
) -> tuple[str, tuple[CitationRecord, ...]] | None:
    callers = [f for f in _facts(state, component, "callers") if len(f.citations) > 1]
    tests = [
        (fact, tuple(c for c in fact.citations if is_test(c.path, c.symbol or "")))
        for fact in _facts(state, component, "tests")
    ]  # where no test reaches it, the fact cites what it looked at instead: not tests
    tests = [(fact, tested) for fact, tested in tests if tested]
    touched = state.touchpoints_of(component)
    production = [
        (fact, [c for c in fact.citations[1:] if not is_test(c.path, c.symbol or "")])
        for fact in callers
    ]  # the first citation is the definition itself; call sites in tests are not callers
    production = [(fact, sites) for fact, sites in production if sites]
    if slot in ("compatibility", "caller_impact") and production:
        fact, sites = production[0]
        return (
            f"keep {fact.subject}'s behaviour for its {len(sites)} existing call site(s)",
            (fact.citations[0], *sites),
        )
    if slot == "trigger" and production:
        fact, sites = production[0]
        return f"called as today, from {sites[0]}", (fact.citations[0], sites[0])
    if slot == "acceptance" and tests:
        fact, tested = tests[0]
        return f"the {len(tested)} existing test(s) that reach {fact.subject} still pass", tested
    if slot == "change_points" and touched:
        top = touched[0]
        return (
            f"change {top.symbol}",
            (CitationRecord(path=top.path, line=top.line, symbol=top.symbol),),
        )
    return None


def _reason(state: AdaptiveState, component: Component, slot: Slot) -> str | None:
    for record in reversed(state.rounds):
        if (
            record.component == component.id
            and record.slot == slot.name
            and record.answer_kind == "skip"
        ):
            return record.skip_reason
    return None
