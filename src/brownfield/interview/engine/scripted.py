"""`ScriptedAnswers`: a conversation that answers from a list, for tests and for embedding."""

from __future__ import annotations

from collections.abc import Iterable

from brownfield.interview.engine.loop import Question


class ScriptedAnswers:
    """Answers questions from a script; None (end of input) when the script runs out."""

    def __init__(self, answers: Iterable[str]) -> None:
        self.pending = list(answers)
        self.asked: list[Question] = []
        self.told: list[tuple[str, str]] = []

    def ask(self, question: Question) -> str | None:
        self.asked.append(question)
        return self.pending.pop(0) if self.pending else None

    def tell(self, message: str, kind: str = "info") -> None:
        self.told.append((kind, message))
