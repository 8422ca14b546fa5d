"""Rounds answered from the code: a fact slot the graph can settle is resolved and shown
as cited evidence, never asked."""

from __future__ import annotations

from brownfield.interview.adaptive import ontology
from brownfield.interview.adaptive.asking import Clock, disputed, rescore
from brownfield.interview.adaptive.established import add_fact, established, evidence_line
from brownfield.interview.adaptive.evidence import EvidenceSource
from brownfield.interview.adaptive.report import progress_table
from brownfield.interview.adaptive.scoring import dimension_scores
from brownfield.interview.adaptive.slots import STYLE
from brownfield.interview.adaptive.state import AdaptiveState, Component, Round, Slot
from brownfield.model import Fact

#: After this many rounds in a row without the person, only decisions are eligible.
STREAK_LIMIT = 3
#: Decisions about existing callers: moot (answered by the callers fact) when no production
#: code calls the touchpoint.
MOOT_WITHOUT_CALLERS = frozenset({"compatibility", "caller_impact"})


class EvidenceRounds:
    """Answers fact slots from the interview's window on the code, one round each."""

    def __init__(self, evidence: EvidenceSource | None, clock: Clock) -> None:
        self.evidence = evidence
        self.clock = clock

    def can_resolve(self, state: AdaptiveState, component: Component, slot: Slot) -> bool:
        """Whether the code settles `slot` (found facts, none disputed)."""
        return bool(self.facts_for(state, component, slot)) and not disputed(state, slot)

    def facts_for(self, state: AdaptiveState, component: Component, slot: Slot) -> list[Fact]:
        """The facts that would fill `slot`, or none."""
        if self.evidence is None:
            return []
        if slot.name == "touchpoints_confirmed":  # callers, tests, own code, settings
            return (
                self.evidence.callers(component)
                + self.evidence.tests(component)
                + self.evidence.own_code_facts(component)
                + self.evidence.configuration(component)
            ) or self.evidence.untouched(component)
        if slot.name == "similar_mechanism":  # another part's further matches named once
            named = {
                str(c) for f in state.established_facts if f.topic == "further" for c in f.citations
            }
            return self.evidence.similar(component, state.rejected_touchpoints, frozenset(named))
        if slot.name == "test_location":
            reached = [f for f in self.evidence.tests(component) if f.citations]
            if reached:
                return reached
            return [f for f in self.evidence.project() if f.topic == "test-layout"]
        if slot.name in MOOT_WITHOUT_CALLERS and not self.evidence.caller_names(
            component, state.touchpoint_scores()
        ):
            # no production caller, or no production code at all: nothing to decide
            return self.evidence.callers(component) or self.evidence.untouched(component)
        return []

    def resolve(
        self, state: AdaptiveState, component: Component, slot: Slot, messages: list[str]
    ) -> bool:
        """Settle `slot` from the code as one evidence round; False when the code cannot."""
        found = self.facts_for(state, component, slot)
        if not found or disputed(state, slot) or state.auto_answer_streak >= STREAK_LIMIT:
            return False
        before = state.current_ambiguity
        number = state.round_count + 1
        records, shown = [], []  # shown: the facts established in an earlier round
        for fact in found:
            existing = established(state, fact)
            records.append(existing or add_fact(state, fact, "evidence", number))
            if existing is not None:
                shown.append(existing.id)
        slot.value = " ".join(r.statement for r in records)
        slot.filled_by, slot.quality, slot.round = "evidence", 1.0, number
        slot.fact_ids = [r.id for r in records]
        state.round_count = number
        state.auto_answer_streak += 1
        state.topology.last_targeted_component_id = component.id
        raw, low = rescore(state)
        state.rounds.append(
            Round(
                round=number,
                kind="evidence",
                component=component.id,
                dimension=slot.dimension,
                slot=slot.name,
                question=(
                    f"{STYLE[slot.dimension]} ({slot.name.replace('_', ' ')}, "
                    "answered from the code)"
                ),
                answer=slot.value,
                answer_kind="evidence",
                ambiguity_before=before,
                reported_ambiguity=raw,
                ambiguity=state.current_ambiguity,
                floor=low,
                scores=dimension_scores(state),
                fact_ids=slot.fact_ids,
                timestamp=self.clock.now(),
            )
        )
        ontology.observe(state)
        messages.extend(evidence_line(r) for r in records if r.id not in shown)
        if shown:  # printed once: a component sharing touchpoints shares their facts
            ids = list(dict.fromkeys(shown))
            messages.append(
                f"Evidence  {', '.join(ids)} (shown before) settle{'s' if len(ids) == 1 else ''} "
                f"{slot.name.replace('_', ' ')} for '{component.name}' too."
            )
        messages.append(progress_table(state, before, []))
        return True
