"""The adaptive planner: topology, one question per round at the weakest spot, closing gates.

Each round targets the active (component, dimension) with the lowest clarity. A fact slot
the code can answer is resolved from the graph and shown as cited evidence (not asked); a
decision slot is asked with options built from the evidence. Answers can raise ambiguity
(contradiction, inconsistency, evasive answer, scope expansion). When ambiguity reaches
the threshold, a closure audit and a one-sentence restatement close the interview.
"""

from __future__ import annotations

from collections import Counter

from brownfield.interview.adaptive import (
    asking,
    batch,
    closing,
    contradictions,
    deciding,
    ontology,
    panel,
    pointers,
    refine,
    statements,
    topology,
)
from brownfield.interview.adaptive.asking import Clock
from brownfield.interview.adaptive.coverage import adaptive_gaps, next_followup
from brownfield.interview.adaptive.evidence import EvidenceSource
from brownfield.interview.adaptive.report import progress_table
from brownfield.interview.adaptive.rounds import MOOT_WITHOUT_CALLERS, STREAK_LIMIT, EvidenceRounds
from brownfield.interview.adaptive.scoring import (
    AUTO_ANSWER_CAP,
    dimension_scores,
    weights,
)
from brownfield.interview.adaptive.slots import Prompt, explain, prompt_for
from brownfield.interview.adaptive.state import (
    AdaptiveState,
    AnswerRecord,
    Component,
    Round,
    Slot,
    Trigger,
)
from brownfield.interview.engine import words
from brownfield.interview.engine.loop import Feedback, Question, Verdict
from brownfield.interview.engine.records import RefinedAnswer, SkipAll
from brownfield.interview.review.followups import settle, skip_pending

SOFT_WARNING_ROUND = 10
#: A slot asked this often is asked no more, answered or not: no question is asked forever.
MAX_ASKS = 4
TOPOLOGY_HELP = (
    "Say what to change: 'add: NAME', 'remove N', 'merge N M', 'split N: A / B', "
    "'defer N: reason' (several separated by ';'), or 1 when it looks right."
)
RHYTHM_GUARD = (
    "The last three answers came from the code or were left to me; this decision is yours "
    "(seed 004's rhythm guard). Pick an option or type your answer."
)
IMPLEMENT_REFUSAL = (
    "I can interview for an implementation plan, but I won't implement during the interview. "
    "The question again:"
)


class AdaptivePlanner:
    """Plans the adaptive interview over an `AdaptiveState`; deterministic for replay."""

    def __init__(self, evidence: EvidenceSource | None) -> None:
        self.evidence = evidence
        self.clock = Clock()
        self.rounds = EvidenceRounds(evidence, self.clock)

    # -- the engine's protocol -------------------------------------------------------

    def auto_steps(self, state: AdaptiveState) -> list[str]:
        """Everything that needs no person: evidence rounds, limits, the closure audit."""
        messages: list[str] = []
        if state.refinement is not None:  # the round waits for its confirmation
            return messages
        while True:
            if state.phase == "interviewing" and state.step is None:
                if closing.should_close(state, messages):
                    state.phase = "closing"
                    continue
                target = self._target(state)
                if target is None:
                    if closing.out_of_questions(state, messages):
                        state.phase = "closing"
                    continue
                component, slot = target
                answerable = slot.kind == "fact" or slot.name in MOOT_WITHOUT_CALLERS
                if answerable and self.rounds.resolve(state, component, slot, messages):
                    continue
            elif state.phase == "closing" and state.step is None:
                closing.audit(state, messages)
                if state.step is None:
                    state.phase = "review"
                continue
            elif state.phase == "review" and next_followup(state, planned(state)) is None:
                state.phase = "restate"
                continue
            return messages

    def next_question(self, state: AdaptiveState) -> Question | None:
        if state.phase in ("complete", "cancelled"):
            return None
        if state.refinement is not None:
            return refine.question(state)
        if state.phase == "topology":
            return topology.question(state)
        if state.phase == "restate":
            return closing.restate_question(state)
        if state.phase == "review":
            followup = state.review.pending()
            if followup is None:
                return None
            header = (
                f"Review | {followup.id} ({followup.rule}) | "
                f"Ambiguity: {state.current_ambiguity:.0%}"
            )
            options = tuple(followup.options)
            return asking.question(
                state, followup.id, header, followup.prompt, options, followup.target
            )
        if state.step == "early-exit":
            return asking.question(
                state,
                f"R{state.round_count}.exit",
                "Early exit",
                closing.early_exit_warning(state),
                closing.EARLY_EXIT_OPTIONS,
            )
        stall = ontology.stall_reason(state)
        if stall is not None:  # the round's single question becomes the ontology question
            text, options = ontology.question(state)
            header = (
                f"Round {state.round_count + 1} | Ontology | Why now: {stall} | "
                f"Ambiguity: {state.current_ambiguity:.0%}"
            )
            number = f"R{state.round_count + 1}"
            return asking.question(state, number, header, text, options, ontology.SLOT)
        target = self._target(state, closure=state.step)
        if target is None:
            return None
        component, slot = target
        panel.before_question(state, component, slot)
        prompt = self._prompt(state, component, slot)
        shared = deciding.shared(state, component, slot, self.evidence)
        if shared:
            names = ", ".join(f"'{c.name}'" for c in shared)
            prompt = Prompt(
                f"{prompt.text} (The same question stands for {names}: one answer applies to "
                "all of them.)",
                prompt.options,
                prompt.why,
            )
        header = (
            f"Round {state.round_count + 1} | Component: {component.name} | "
            f"Targeting: {slot.dimension} | Why now: {prompt.why} | "
            f"Ambiguity: {state.current_ambiguity:.0%}"
        )
        return asking.question(
            state, f"R{state.round_count + 1}", header, prompt.text, prompt.options, slot.name
        )

    def note_before(self, state: AdaptiveState, question: Question) -> str:
        return ""

    def apply(self, state: AdaptiveState, question: Question, answer: str) -> Feedback:
        text = answer.strip()
        word = words.answer_word(text)
        if word is not None and word.kind == "back":
            return self._back(state)
        if word is not None and word.kind == "clarify":
            return Feedback(Verdict.IGNORED, self._clarify(state, question))
        if words.asks_to_implement(text):
            return Feedback(Verdict.REFUSED, IMPLEMENT_REFUSAL)
        if word is not None and word.kind == "stop":
            asking.record(state, question, text, self.clock.now())
            state.status, state.phase = "cancelled", "cancelled"
            return Feedback(Verdict.ACCEPTED, "Interview cancelled; the state is kept.")
        if state.refinement is not None:
            return self._apply_refinement(state, question, text)
        skip_all = words.SKIP_ALL.match(text)
        if skip_all and state.phase in ("interviewing", "closing", "review"):
            asking.record(state, question, text, self.clock.now())
            return self._skip_all(state, (skip_all.group("reason") or "").strip() or None)
        if state.phase == "topology":
            return topology.apply_answer(state, question, text, word, self.clock.now())
        if state.phase == "review":
            return self._apply_review(state, question, text, word)
        if state.phase == "restate":
            return closing.apply_restate(state, question, text, word, self.clock.now())
        if state.step == "early-exit":
            return closing.apply_early_exit(state, question, text, word, self.clock.now())
        if word is not None and word.kind == "enough":
            if state.round_count + 1 < 3:  # the question on screen is round N + 1
                return Feedback(Verdict.REFUSED, "Early exit is possible from round 3 on.")
            asking.record(state, question, text, self.clock.now())
            state.step = "early-exit"
            return Feedback(Verdict.ACCEPTED)
        if question.field == ontology.SLOT:
            asking.record(state, question, text, self.clock.now())
            before = state.current_ambiguity
            kind = word.kind if word else None
            ontology.apply_answer(state, question.text, text, kind, self.clock.now())
            return Feedback(Verdict.ACCEPTED, progress_table(state, before, []))
        return self._apply_round(state, question, text, word)

    def finish(self, state: AdaptiveState) -> None:
        if state.status != "cancelled":
            state.status, state.phase = "complete", "complete"
        state.updated_at = self.clock.now()

    # -- batches: what the engine asks of a planner that batches ---------------------------

    def apply_in_batch(self, state: AdaptiveState, question: Question, answer: str) -> Feedback:
        return batch.apply_in_batch(self.apply, state, question, answer)

    def remaining(self, state: AdaptiveState) -> int:
        return batch.remaining(state)

    def batch_companions(self, state: AdaptiveState, first: Question) -> list[Question]:
        return batch.companion_questions(state, first, self._target, self._prompt)

    # -- topology (round 0) ------------------------------------------------------------

    # -- choosing the target ---------------------------------------------------------------

    def _target(
        self, state: AdaptiveState, closure: str | None = None
    ) -> tuple[Component, Slot] | None:
        """The weakest active (component, dimension) and its first open slot.

        Ties rotate: a component other than the last targeted one goes first. After three
        rounds without the person, only decisions are eligible: not a slot the code settles,
        a fact or a decision about existing callers where no production code calls.
        """
        active = state.topology.active()
        if closure and closure.startswith(("closure:", "batch:")):
            kind, component_id, slot_name = closure.split(":")
            component = next(c for c in active if c.id == component_id)
            forced = next(s for s in component.slots if s.name == slot_name)
            if kind == "closure" or not forced.touched:
                return component, forced
            state.step = None  # a batch answer already applied: back to the weakest slot
            closure = None
        dimensions = list(weights(state))
        person_only = state.auto_answer_streak >= STREAK_LIMIT
        asked = Counter((r.component, r.slot) for r in state.rounds)
        candidates = []
        for order, component in enumerate(active):
            for dimension in dimensions:
                open_slots = [
                    s
                    for s in component.slots
                    if s.dimension == dimension
                    and s.name != "no_dispute"
                    and (not s.touched or asking.disputed(state, s))
                    and not (person_only and self.rounds.can_resolve(state, component, s))
                    and asked[component.id, s.name] < MAX_ASKS
                ]
                if not open_slots:
                    continue
                clarity = component.clarity_scores.get(dimension) or 0.0
                rotated = component.id == state.topology.last_targeted_component_id
                candidates.append(
                    (clarity, rotated, dimensions.index(dimension), order, component, open_slots[0])
                )
        if not candidates:
            return None
        candidates.sort(key=lambda c: c[:4])
        return candidates[0][4], candidates[0][5]

    # -- decision rounds -----------------------------------------------------------------------

    def _prompt(self, state: AdaptiveState, component: Component, slot: Slot) -> Prompt:
        if asking.disputed(state, slot):
            fact = next(f for i in slot.fact_ids if (f := state.fact(i)) and f.open_dispute)
            if fact.source == "person":
                return Prompt(
                    f"Earlier (round {fact.round}) you decided: '{fact.statement}'. "
                    f"Then you said: '{fact.challenge}'. Both cannot stand: which does?",
                    (
                        f"Keep the earlier decision: {fact.statement}",
                        f"The later answer stands: {fact.challenge}",
                    ),
                    f"{fact.id} is disputed and blocks the spec until it is settled",
                )
            return Prompt(
                f"The code shows: {fact.statement} You said this is wrong. "
                f"Confirm {fact.id}, or type what is right.",
                (f"Confirm {fact.id}: the code is right", "Replace it (type what is right)"),
                f"{fact.id} is disputed and blocks the interview until it is settled",
            )
        return panel.fold(state, component, slot, prompt_for(state, component, slot, self.evidence))

    def _apply_refinement(self, state: AdaptiveState, question: Question, text: str) -> Feedback:
        """An answer to the refinement's confirmation; send-as-is finishes the round."""
        pending = state.refinement
        assert pending is not None
        outcome = refine.respond(state, text)
        if isinstance(outcome, Feedback):
            if outcome.verdict is not Verdict.REFUSED:
                asking.record(state, question, text, self.clock.now())
            return outcome
        asking.record(state, question, text, self.clock.now())
        state.refinement = None
        original = refine.original_question(pending)
        return self._apply_round(
            state, original, refine.interpretation(outcome), None, refined=outcome
        )

    def _apply_round(
        self,
        state: AdaptiveState,
        question: Question,
        text: str,
        word: words.Word | None,
        refined: RefinedAnswer | None = None,
    ) -> Feedback:
        closure = state.step is not None and state.step.startswith("closure:")
        target = self._target(state, closure=state.step)
        if target is None:
            return Feedback(Verdict.IGNORED)
        component, slot = target
        disputed = asking.disputed(state, slot)
        guarded = state.auto_answer_streak >= STREAK_LIMIT
        if word is not None and word.kind == "you-decide" and guarded and not disputed:
            return Feedback(Verdict.REFUSED, RHYTHM_GUARD)
        prompt = self._prompt(state, component, slot)
        options, shared = (
            prompt.options,
            deciding.shared(state, component, slot, self.evidence),
        )
        choice = words.choose(text, options)
        if choice.labels == (statements.BIGGER,) and not choice.note:
            number = options.index(statements.BIGGER) + 1
            return Feedback(Verdict.REFUSED, f"Say what more: '{number}: it also ...'.")
        if (
            refined is None
            and not disputed
            and refine.applies(text, choice.kind, word)
            and refine.has_structure(state, text)
        ):
            asking.record(state, question, text, self.clock.now())
            refine.start(state, question, component.id, slot.name, text)
            return Feedback(Verdict.ACCEPTED)
        if refined is None:  # a refined answer was recorded at its confirmation
            asking.record(state, question, text, self.clock.now())
        before = state.current_ambiguity
        number = state.round_count + 1
        triggers: list[Trigger] = []
        kind, answer_kind, shown = "decision", choice.kind, ""
        value = (
            statements.compose(list(choice.labels), choice.note, component.description)
            if choice.labels
            else text
        )
        skip_reason: str | None = None
        if refined is not None:
            value, answer_kind = refined.decision, "other"
            state.refined_rounds.append(number)
        if disputed:
            deciding.settle(state, slot, choice, text, number)
        elif word is not None and word.kind == "skip":
            slot.skipped, answer_kind = True, "skip"
            value = f"skipped: {word.argument}" if word.argument else "skipped"
            skip_reason = word.argument or None
        elif word is not None and word.kind == "you-decide":
            value = statements.statement(options[0])
            slot.value, slot.filled_by, slot.quality = value, "auto", AUTO_ANSWER_CAP
            slot.round, slot.skipped = number, False
            kind, answer_kind = "auto-answer", "auto-answer"
            state.auto_answered_rounds.append(number)
            panel.convene(state, component, slot, "pre-answer", number)
            shown = (
                f"Auto-answer for {slot.name.replace('_', ' ')} of '{component.name}': {value} "
                f"(my pick, the recommended option; it counts at most {AUTO_ANSWER_CAP:.2f}. "
                "Say 'back' to answer it yourself.)"
            )
        elif refined is None and words.is_evasive(text, answer_kind) and not self._names(text):
            slot.skipped = True
            triggers.append(
                Trigger(
                    kind="evasive",
                    component=component.id,
                    dimension=slot.dimension,
                    slot=slot.name,
                    evidence=f"'{text}' does not settle {slot.name}",
                )
            )
        else:
            value = statements.statement(value)
            typed = refined.original if refined is not None else None
            pointed = pointers.follow(
                state, component, choice.note or text, self.evidence, number, typed, slot.name
            )
            shown = "\n".join(pointed)
            value = pointers.cited(value, self.evidence, slot.name, state.rejected_touchpoints)
            if not pointers.retargets(slot.name, pointed):
                triggers += deciding.decide(state, component, slot, value, text, number)
        if not disputed and not triggers:
            deciding.answer_shared(state, slot, shared, number)
        state.auto_answer_streak = state.auto_answer_streak + 1 if kind == "auto-answer" else 0
        state.round_count = number
        state.topology.last_targeted_component_id = component.id
        if closure:
            state.step, state.phase = None, "interviewing"
        raw, low = asking.rescore(state)
        state.rounds.append(
            Round(
                round=number,
                kind="closure" if closure else kind,  # type: ignore[arg-type]
                component=component.id,
                dimension=slot.dimension,
                slot=slot.name,
                question=question.text,
                options=list(options),
                answer=value,
                answer_kind=answer_kind,  # type: ignore[arg-type]
                selected=choice.chosen,
                note=choice.note,
                skip_reason=skip_reason,
                scored=answer_kind != "skip",
                ambiguity_before=before,
                reported_ambiguity=raw,
                ambiguity=state.current_ambiguity,
                floor=low,
                scores=dimension_scores(state),
                triggers=triggers,
                refined=refined,
                timestamp=self.clock.now(),
            )
        )
        ontology.observe(state)
        message = progress_table(state, before, triggers)
        if shown:
            message = f"{shown}\n{message}"
        if number == SOFT_WARNING_ROUND:
            message += (
                f"\nWe're at {SOFT_WARNING_ROUND} rounds. Current ambiguity: "
                f"{state.current_ambiguity:.0%}. Continue, or answer 'enough' to proceed."
            )
        return Feedback(Verdict.ACCEPTED, message)

    def _apply_review(
        self, state: AdaptiveState, question: Question, text: str, word: words.Word | None
    ) -> Feedback:
        """A follow-up's answer fills its slot; `enough` ends the review (the rest skipped),
        `you decide` leaves the follow-up to the code (skipped, filled from evidence later)."""
        followup = state.review.pending()
        if followup is None or followup.id != question.id:
            return Feedback(Verdict.IGNORED)
        moment = self.clock.now()
        if word is not None and word.kind == "enough":
            asking.record(state, question, text, moment)
            skipped = skip_pending(state.review, "enough: the review was ended early", moment)
            state.review.remaining_gaps = [gap.describe() for gap in adaptive_gaps(state)]
            state.review.done = True
            asking.rescore(state)
            return Feedback(Verdict.ACCEPTED, f"Review ended; {len(skipped)} question(s) skipped.")
        if word is not None and word.kind == "you-decide":
            text = "skip: left to brownfield (you decide)"
        elif word is not None and word.kind != "skip":
            return Feedback(Verdict.REFUSED, "Type an answer, or skip.")
        choice = words.choose(text, followup.options)  # a pick reads as the option says
        picked = statements.compose(list(choice.labels), choice.note) if choice.labels else text
        if not settle(followup, picked, moment):
            return Feedback(Verdict.REFUSED, "Type an answer, or skip.")
        asking.record(state, question, text, moment)
        if followup.answer and followup.target:
            followup.answer = statements.statement(followup.answer)
            component_id, _, slot_name = followup.target.partition(":")
            component = next(c for c in state.topology.components if c.id == component_id)
            slot = next(s for s in component.slots if s.name == slot_name)
            observable = words.is_observable(picked)
            quality = 0.5 if slot.name == "acceptance" and not observable else 1.0
            slot.value, slot.filled_by, slot.quality = followup.answer, "person", quality
            slot.round, slot.skipped = state.round_count, False
            contradictions.record(state, component, slot, followup.answer, state.round_count)
        before = state.current_ambiguity
        asking.rescore(state)
        return Feedback(Verdict.ACCEPTED, progress_table(state, before, []))

    def _skip_all(self, state: AdaptiveState, reason: str | None) -> Feedback:
        """Skip every open decision and review question at once; answered ones are kept."""
        moment = self.clock.now()
        skipped = []
        for component in state.topology.active():
            for slot in component.slots:
                if slot.kind == "decision" and not slot.filled_by and not slot.skipped:
                    slot.skipped = True
                    skipped.append(f"S:{component.id}:{slot.name}")
        skipped += skip_pending(state.review, reason, moment)
        state.review.skip_all.append(
            SkipAll(
                action_id=f"skip-all-{len(state.review.skip_all) + 1}",
                reason=reason,
                at=moment,
                question_ids=skipped,
            )
        )
        state.review.remaining_gaps = [gap.describe() for gap in adaptive_gaps(state)]
        state.review.done = True
        state.step, state.phase = None, "restate"
        state.exit_reason = state.exit_reason or "early-exit"
        asking.rescore(state)
        return Feedback(Verdict.ACCEPTED, f"Skipped {len(skipped)} open question(s).")

    # -- helpers -----------------------------------------------------------------------------------

    def _names(self, text: str) -> bool:
        """Whether a short answer names a definition ("Reader.init"): a pointer, not a
        hedge."""
        return self.evidence is not None and bool(self.evidence.named(text))

    def _clarify(self, state: AdaptiveState, question: Question) -> str:
        """What the question is about and what each option would mean here (not scored)."""
        target = self._target(state, closure=state.step)
        if target is None or state.phase != "interviewing" or state.refinement is not None:
            options = closing.question_options(question)
            listing = "".join(f"\n  {n}. {o}" for n, o in enumerate(options, 1))
            return f"This step asks: {question.text.splitlines()[0]}{listing}"
        component, slot = target
        prompt = self._prompt(state, component, slot)
        return explain(component, slot, prompt)

    def _back(self, state: AdaptiveState) -> Feedback:
        """Undo the person's last answer by replaying all the others from the initial state."""
        if not state.answers:
            return Feedback(Verdict.IGNORED)
        kept = state.answers[:-1]
        fresh = AdaptiveState.model_validate(state.initial)
        fresh.initial = state.initial
        self.replay(fresh, kept)
        for field in AdaptiveState.model_fields:
            setattr(state, field, getattr(fresh, field))
        return Feedback(Verdict.BACK, "Went back one answer.")

    def replay(self, state: AdaptiveState, recorded: list[AnswerRecord]) -> None:
        """Apply recorded answers in order, exactly as the engine would."""
        for record in recorded:
            self.clock.replaying = record.timestamp
            try:
                self.auto_steps(state)
                question = self.next_question(state)
                if question is None:
                    return
                self.apply(state, question, record.text)
            finally:
                self.clock.replaying = None
        self.auto_steps(state)


def planned(state: AdaptiveState) -> int:
    """The planned questions: the decision slots of the active components."""
    return sum(1 for c in state.topology.active() for s in c.slots if s.kind == "decision")
