"""The person's own contradictions (seed 004's triggers A and B, on decisions).

Every decision the person makes is kept as an established fact of its slot. A later answer
contradicts one when it says the person changed their mind about it, negates a phrase it
holds ("it is not opt-in" after "... is opt-in"), gives the same slot a different answer, or
puts a non-goal's words into a constraint. The earlier decision is then marked disputed and
the new answer waits beside it as its challenge: its slot loses its value (so ambiguity rises
by mechanism A, and the floor counts the dispute), the next question asks which stands, and
the closure audit refuses to close while it is open. Nothing is deleted: a settled dispute
re-confirms the earlier fact or supersedes it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from brownfield.interview.adaptive.state import AdaptiveState, Component, EstablishedFact, Slot
from brownfield.interview.adaptive.statements import is_nothing

CHANGE_OF_MIND = re.compile(
    r"\b(?:changed? my mind|on second thought|scratch that|i take (?:that|it) back|"
    r"actually,? no|not what i said|forget what i said)\b",
    re.I,
)
_NEGATED = re.compile(
    r"\b(?:not|no|never|isn't|aren't|doesn't|don't|won't|without)\s+"
    r"(?:be\s+|an?\s+|the\s+|any\s+)?(?P<phrase>[\w-]+(?:\s+[\w-]+)?)",
    re.I,
)
_NEGATION_BEFORE = re.compile(
    r"\b(?:not|no|never|isn't|aren't|doesn't|don't|won't|without)\s+(?:\S+\s+)?$", re.I
)
_WORD = re.compile(r"[a-z0-9][a-z0-9'-]*")
#: Words too common to carry a decision on their own.
_COMMON = frozenset(
    """a an the and or but of to in on for with by at from as is are be been it its this that
    these those there here do does did not no never any all every each some new old same
    other only also just it's they them we you i my our your their can may must should will
    would could change changes changed behaviour behavior code work works keep existing caller
    callers call calls thing things way one two make made use used yes""".split()
)


@dataclass(frozen=True)
class Contradiction:
    """An earlier decision a new answer cannot stand beside, and which trigger it is."""

    fact: EstablishedFact
    kind: Literal["contradiction", "inconsistency"]  # trigger A or B
    why: str


def slot_key(component: Component, slot: Slot) -> str:
    return f"{component.id}:{slot.name}"


def decisions(state: AdaptiveState, component_id: str) -> list[EstablishedFact]:
    """The component's standing decisions (undisputed, not superseded nor withdrawn), oldest
    first."""
    return [
        f
        for f in state.established_facts
        if f.source == "person"
        and f.slot
        and f.slot.split(":")[0] == component_id
        and not f.disputed
        and f.superseded_by is None
        and f.withdrawn is None
    ]


def record(
    state: AdaptiveState, component: Component, slot: Slot, value: str, number: int
) -> EstablishedFact:
    """Keep a decision as an established fact of its slot (`D<n>`, apart from the code's
    `F<n>`); an earlier decision of the slot is superseded."""
    key = slot_key(component, slot)
    fact = EstablishedFact(
        id=f"D{sum(1 for f in state.established_facts if f.id.startswith('D')) + 1}",
        topic=slot.name,
        subject=component.id,
        statement=value,
        source="person",
        round=number,
        slot=key,
    )
    for earlier in decisions(state, component.id):
        if earlier.slot == key:
            earlier.superseded_by = fact.id
    state.established_facts.append(fact)
    slot.fact_ids = [fact.id]
    return fact


def _content(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _COMMON and len(w) > 2}


def _holds(text: str, phrase: str) -> bool:
    """`text` says `phrase` without negating it."""
    for match in re.finditer(rf"\b{re.escape(phrase)}\b", text, re.I):
        if not _NEGATION_BEFORE.search(text[: match.start()]):
            return True
    return False


def _negated_phrases(text: str) -> list[str]:
    found = []
    for match in _NEGATED.finditer(text):
        words = match.group("phrase").lower().split()
        if len(words) == 2 and words[1] in _COMMON:
            words = words[:1]
        phrase = " ".join(words)
        if re.search(r"[_.]|[a-z][A-Z]", match.group("phrase")):
            continue  # "not retry_failed" points away from code (see pointers), not a decision
        if _content(phrase) and (len(words) == 2 or len(words[0]) >= 4):
            found.append(phrase)
    return found


def find(
    state: AdaptiveState, component: Component, slot: Slot, value: str, text: str
) -> Contradiction | None:
    """The earlier decision `text` (answering `slot`) contradicts, if any."""
    standing = decisions(state, component.id)
    if not standing:
        return None
    key = slot_key(component, slot)
    same = [f for f in standing if f.slot == key]
    if same and _content(same[-1].statement) != _content(value):
        return Contradiction(same[-1], "contradiction", "the same decision now has another answer")
    if CHANGE_OF_MIND.search(text):
        words = _content(text)
        ranked = sorted(standing, key=lambda f: (len(_content(f.statement) & words), f.round))
        return Contradiction(ranked[-1], "contradiction", "the person changed their mind")
    for phrase in _negated_phrases(text):
        for fact in reversed(standing):
            if _holds(fact.statement, phrase):
                return Contradiction(fact, "contradiction", f"'{phrase}' is now negated")
    if slot.dimension == "constraints" and slot.name != "non_goals":
        for fact in standing:
            excluded = _content(fact.statement)
            if fact.topic == "non_goals" and excluded and excluded <= _content(value):
                return Contradiction(fact, "inconsistency", "a constraint names a non-goal")
    if slot.name == "non_goals" and not is_nothing(value):
        excluded = _content(value)
        for fact in standing:
            if (
                fact.topic in ("compatibility", "limits")
                and excluded
                and (excluded <= _content(fact.statement))
            ):
                return Contradiction(fact, "inconsistency", "a non-goal names a constraint")
    return None


def dispute(
    state: AdaptiveState, contradiction: Contradiction, challenge: str, challenge_slot: str
) -> Slot:
    """Mark the earlier decision disputed, hold the new answer as its challenge, and open
    the earlier decision's slot again; returns that slot."""
    fact = contradiction.fact
    fact.disputed, fact.challenge, fact.challenge_slot = True, challenge, challenge_slot
    component_id, _, name = (fact.slot or "").partition(":")
    component = next(c for c in state.topology.components if c.id == component_id)
    slot = next(s for s in component.slots if s.name == name)
    slot.filled_by, slot.quality, slot.skipped = None, 0.0, False
    slot.fact_ids = [fact.id]
    return slot


def settle(state: AdaptiveState, slot: Slot, keep_earlier: bool, text: str, number: int) -> None:
    """Which stands: the earlier decision (re-confirmed) or the challenge (or the person's new
    words), recorded as a new fact that supersedes it. A challenge given to another slot
    fills that slot; the loser's slot stays open, to be asked again."""
    fact = next(f for i in slot.fact_ids if (f := state.fact(i)) and f.open_dispute)
    challenge, where = fact.challenge or text, fact.challenge_slot or fact.slot or ""
    fact.challenge = fact.challenge_slot = None
    if keep_earlier:
        fact.disputed = False
        slot.value, slot.filled_by, slot.quality, slot.round = fact.statement, "person", 1.0, number
        return
    component_id, _, name = where.partition(":")
    component = next(c for c in state.topology.components if c.id == component_id)
    target = next(s for s in component.slots if s.name == name)
    replacement = record(state, component, target, text or challenge, number)
    fact.superseded_by = replacement.id
    target.value, target.filled_by, target.quality = replacement.statement, "person", 1.0
    target.round, target.skipped = number, False
    if target is not slot:
        slot.fact_ids = []  # the earlier decision's slot is asked again
