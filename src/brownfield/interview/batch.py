"""Batches (seed 002): 1 to 3 questions at once, answered in any order before submitting.

How many: 1 for a critical or complex question (the outcome, the fate of callers, which
definitions change, anything disputed or answered from the code); up to 2 for
moderately related ones (the same component); up to 3 only for simple, tightly related
ones (the same component and dimension).

Within a batch, lines are `N: answer` in any order; a later `N: ...` edits an answer,
`N: skip` skips, `N: unskip` takes an answer or a skip back, and `submit` (or an empty
line once every question has an answer) applies them in question order. Questions left
without an answer come back later.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from brownfield.interview.adaptive_state import Component, Slot

COMPLEX = frozenset({"outcome", "caller_impact", "change_points"})
_LINE = re.compile(r"^\s*(\d+)\s*[:.)]\s*(.*)$")


def companions(component: Component, first: Slot) -> list[Slot]:
    """The open decisions that may share a batch with `first`."""
    if first.kind != "decision" or first.name in COMPLEX:
        return []
    simple = [
        slot
        for slot in component.slots
        if slot is not first
        and slot.kind == "decision"
        and slot.name not in COMPLEX
        and not slot.touched
    ]
    tight = [slot for slot in simple if slot.dimension == first.dimension]
    return tight[:2] if tight else simple[:1]


@dataclass
class Draft:
    """A batch being answered: the answers so far, by question number (1-based)."""

    size: int
    answers: dict[int, str] = field(default_factory=dict)

    def take(self, line: str) -> str | None:
        """Apply one line; returns a message for the person, or None when submitted."""
        text = line.strip()
        if text.lower() == "submit" or (not text and len(self.answers) == self.size):
            return None
        match = _LINE.match(text)
        if match is None or not 1 <= int(match.group(1)) <= self.size:
            return f"Answer as 'N: answer' with N from 1 to {self.size}, then 'submit'."
        number, answer = int(match.group(1)), match.group(2).strip()
        if answer.lower() == "unskip":
            self.answers.pop(number, None)
            return f"{number}: open again"
        if not answer:
            return f"{number}: type an answer (or skip)"
        edited = number in self.answers
        self.answers[number] = answer
        return f"{number}: {'changed' if edited else 'recorded'}"
