"""A batch being answered (seed 002): `N: answer` lines in any order, edits, `N: unskip`,
then `submit`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_LINE = re.compile(r"^\s*(\d+)\s*[:.)]\s*(.*)$")


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
