"""What raises ambiguity after an answer (seed 004's triggers), and settling a dispute.

Each trigger lowers the slot it affects, so that the weighted formula raises ambiguity
(mechanism A); nothing here adds a separate penalty.
"""

from __future__ import annotations

import re

from brownfield.interview.adaptive.established import add_fact
from brownfield.interview.adaptive.state import AdaptiveState, Component, Slot, Trigger
from brownfield.interview.engine import words
from brownfield.model import Fact

#: Where a clause of an answer ends: a sentence's or a list's stop, or "but".
_CLAUSE = re.compile(r"[;.!?]\s|[;!?]|\s+but\s+", re.I)


def settle_dispute(
    state: AdaptiveState,
    slot: Slot,
    value: str,
    kind: str,
    chosen: list[int],
    number: int,
) -> None:
    """Re-confirm the disputed fact (option 1), or supersede it with the person's words."""
    disputed = [f for i in slot.fact_ids if (f := state.fact(i)) and f.open_dispute]
    if chosen == [1] or re.match(r"confirm\b", value, re.I):
        for fact in disputed:
            fact.disputed = False
        slot.filled_by, slot.quality, slot.round = "evidence", 1.0, number
        return
    replacement = add_fact(
        state, Fact(disputed[0].topic, disputed[0].subject, value), "person", number
    )
    for fact in disputed:
        fact.superseded_by = replacement.id
    slot.value, slot.filled_by, slot.quality, slot.round = value, "person", 1.0, number
    slot.fact_ids = [replacement.id]


def _away(match: re.Match[str], dropped: list[str]) -> str:
    """A rejection, gone from what is read for a dispute where it points away from code: a
    name written as code ("not Reader.FieldPos", "WalkDir::new is not it") or a dropped
    touchpoint's ("nor multistream"); "it does not retry" stays a negation."""
    name = match["a"] or match["b"] or match["c"] or ""
    code = re.search(r"[._:#]\w|[a-z][A-Z]", name) or name in {
        q.rpartition(".")[2] for q in dropped
    }
    return " " if code else match[0]


def detect_contradiction(
    state: AdaptiveState, component: Component, slot: Slot, text: str
) -> list[Trigger]:
    """Trigger A against the code: the answer disputes a fact from the code ("F3 is wrong",
    or a negation naming its subject); the fact is marked disputed and its slots reopened."""
    candidates = [f for f in state.established_facts if f.source == "evidence" and not f.disputed]
    dropped = [node_id.partition("::")[2] for node_id in state.rejected_touchpoints]
    dropped += [q.rpartition(".")[0] for q in dropped if "." in q]  # and what holds it
    named = [f for f in candidates if re.search(rf"\b{f.id}\b", text)]
    text = words.REJECTION.sub(lambda m: _away(m, dropped), text)
    if not named and words.mentions_negation(text):
        said = words.words_of(text)
        # a subject named in a clause that negates: "not that one; it belongs in X" is no
        # dispute of what the code says of X
        negating = [words.words_of(c) for c in _CLAUSE.split(text) if words.mentions_negation(c)]
        subjects = [
            f
            for f in candidates
            if len(short := f.subject.rsplit(".", 1)[-1].lower()) > 2
            and any(short in clause for clause in negating)
            and not any(f.subject == q or f.subject.endswith(f".{q}") for q in dropped)
        ]  # "nor multistream" drops the touchpoint: no dispute of what the code says of it,
        # or of its class ("not Security.entity_expansion_limit" disputed a fact of Security)
        # the fact the answer speaks of: the one sharing most of its words (the latest on a tie)
        ranked = sorted(subjects, key=lambda f: (len(words.words_of(f.statement) & said), f.round))
        named = ranked[-1:]
    elif not words.mentions_negation(text):
        named = []
    found: list[Trigger] = []
    for fact in named:
        fact.disputed = True
        for owner in state.topology.components:
            for other in owner.slots:
                if fact.id in other.fact_ids:
                    other.filled_by, other.quality = None, 0.0
        found.append(
            Trigger(
                kind="contradiction",
                component=component.id,
                dimension="context",
                slot=slot.name,
                evidence=f"the answer disputes {fact.id}: {fact.statement}",
                fact_id=fact.id,
            )
        )
    return found


def detect(state: AdaptiveState, component: Component, slot: Slot, text: str) -> list[Trigger]:
    """Triggers B (inconsistency) and D (scope expansion) after a decision fills `slot`; each
    lowers the affected slot (seed mechanism A). An inconsistency is one of the answer just
    given with another: jinja2's "Only change do_truncate" and "Do not change do_truncate"
    lowered every later answer, and "Must existing callers of do_wordwrap keep working
    unchanged?" was asked until the answers ran out."""
    found: list[Trigger] = []
    # B: inconsistency between filled slots of this component
    values = {s.name: (s.value or "") for s in component.slots if s.filled_by == "person"}
    outcome, non_goals = values.get("outcome", ""), values.get("non_goals", "")
    pair = slot.name in ("outcome", "non_goals")
    if pair and outcome and non_goals and _overlap(non_goals, outcome) >= 0.6:
        found.append(_inconsistent(component, slot, "a non-goal repeats the goal"))
    keeps = re.search(
        r"\b(keep|unchanged|same signature|no api change)\b",
        values.get("compatibility", ""),
        re.I,
    )
    changes = re.search(
        r"\b(change|add|rename|remove)s?\b.*\b(signature|parameter|argument)s?\b",
        values.get("acceptance", "") + " " + outcome,
        re.I,
    )
    if keeps and changes and slot.name in ("compatibility", "acceptance", "outcome"):
        found.append(
            _inconsistent(component, slot, "callers stay unchanged, yet the signature changes")
        )
    # D: scope expansion
    if words.mentions_expansion(text) and slot.name not in ("non_goals", "edge_cases"):
        boundary = next(s for s in component.slots if s.name == "non_goals")
        boundary.filled_by, boundary.quality, boundary.skipped = None, 0.0, False
        found.append(
            Trigger(
                kind="scope-expansion",
                component=component.id,
                dimension="constraints",
                slot="non_goals",
                evidence=f"the answer adds scope: '{text}'",
            )
        )
    return found


def _inconsistent(component: Component, slot: Slot, why: str) -> Trigger:
    slot.filled_by, slot.quality, slot.skipped = None, 0.0, False
    return Trigger(
        kind="inconsistency",
        component=component.id,
        dimension=slot.dimension,
        slot=slot.name,
        evidence=why,
    )


def _overlap(first: str, second: str) -> float:
    a, b = words.words_of(first), words.words_of(second)
    return len(a & b) / len(a) if a else 0.0
