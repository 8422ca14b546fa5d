"""The interview loop: next question from the state, apply the answer, save; nothing else.

The engine knows nothing about terminals. A `Planner` decides the questions and applies
answers to the state; a `Conversation` asks and tells (the CLI provides a terminal, piped
stdin and JSON lines); `save` persists the state after every turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar

from brownfield.interview.engine.drafts import Draft

S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)


@dataclass(frozen=True)
class Question:
    """One question as every surface shows it."""

    id: str
    phase: str
    field: str
    text: str
    required: bool
    hint: str
    progress: str  # e.g. "[overview: 1/4 | Next: Scope]"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "phase": self.phase,
            "field": self.field,
            "text": self.text,
            "required": self.required,
            "hint": self.hint,
            "progress": self.progress,
        }


class Verdict(StrEnum):
    """What became of an answer."""

    ACCEPTED = "accepted"
    REFUSED = "refused"  # the same question comes back, with a hint
    BACK = "back"
    IGNORED = "ignored"
    HELD = "held"  # accepted, but waiting for a confirmation (a refined answer in a batch)


@dataclass(frozen=True)
class Feedback:
    verdict: Verdict
    message: str = ""


class Planner(Protocol[S_contra]):
    """Decides what to ask next and what an answer means."""

    def auto_steps(self, state: S_contra) -> list[str]:
        """Do what needs no person (facts answered from the code); messages to show."""

    def next_question(self, state: S_contra) -> Question | None:
        """The next question, or None when the interview is over."""

    def note_before(self, state: S_contra, question: Question) -> str:
        """Anything to show before `question` (a preview); empty for nothing."""

    def apply(self, state: S_contra, question: Question, answer: str) -> Feedback:
        """Apply one answer to the state."""

    def finish(self, state: S_contra) -> None:
        """Mark the state complete (compiled artifacts are written by the caller's `save`)."""


class Conversation(Protocol):
    """Where questions go and answers come from."""

    def ask(self, question: Question) -> str | None:
        """The answer, or None at the end of input."""

    def tell(self, message: str, kind: str = "info") -> None:
        """Show a message (`info`, `hint` or `preview`)."""


class Outcome(StrEnum):
    COMPLETE = "complete"
    PAUSED = "paused"


@dataclass
class Engine(Generic[S]):
    """Runs one interview to its end or to the end of input."""

    planner: Planner[S]
    conversation: Conversation
    save: Callable[[S], None]
    batch: bool = False  # ask related questions together (see `batch.py`)
    batches: int = 0

    def run(self, state: S) -> Outcome:
        while True:
            shown = self.planner.auto_steps(state)
            for message in shown:
                self.conversation.tell(message, "evidence")
            if shown:
                self.save(state)
            question = self.planner.next_question(state)
            if question is None:
                break
            note = self.planner.note_before(state, question)
            if note:
                self.conversation.tell(note, "preview")
            together = self._companions(state, question)
            if together:
                if not self._ask_batch(state, [question, *together]):
                    self.save(state)
                    return Outcome.PAUSED
                continue
            answer = self.conversation.ask(question)
            if answer is None:
                self.save(state)
                return Outcome.PAUSED
            feedback = self.planner.apply(state, question, answer)
            if feedback.message:
                kind = "hint" if feedback.verdict is Verdict.REFUSED else "info"
                self.conversation.tell(feedback.message, kind)
            if feedback.verdict is not Verdict.REFUSED:
                self.save(state)
        self.planner.finish(state)
        self.save(state)
        return Outcome.COMPLETE

    def _companions(self, state: S, question: Question) -> list[Question]:
        if not self.batch:
            return []
        find = getattr(self.planner, "batch_companions", None)
        return list(find(state, question)) if find is not None else []

    def _ask_batch(self, state: S, questions: list[Question]) -> bool:
        """Ask a batch, then apply its answers in question order; False at end of input."""
        self.batches += 1
        draft = Draft(len(questions))
        remaining = getattr(self.planner, "remaining", None)
        estimate = (
            f" | about {remaining(state)} question(s) left (an estimate)" if remaining else ""
        )
        header = (
            f"Batch {self.batches}{estimate} | {len(questions)} questions: answer as "
            "'N: answer' in any order, edit or 'N: unskip', then 'submit'"
        )
        self.conversation.tell(header, "batch")
        for number, question in enumerate(questions, 1):
            self.conversation.tell(f"[{number}] {question.progress}\n{question.text}", "batch")
        while True:
            line = self.conversation.ask(
                Question(
                    id=f"batch-{self.batches}",
                    phase="batch",
                    field="",
                    text="Your answers (N: answer), then submit",
                    required=False,
                    hint="'N: answer', 'N: skip', 'N: unskip', 'submit'",
                    progress=header,
                )
            )
            if line is None:
                return False
            message = draft.take(line)
            if message is None:
                break
            self.conversation.tell(message, "hint")
        apply = getattr(self.planner, "apply_in_batch", self.planner.apply)
        for number, question in enumerate(questions, 1):
            answer = draft.answers.get(number)
            if answer is None:
                continue  # asked again later
            feedback = apply(state, question, answer)
            self.save(state)
            if feedback.message:
                kind = "hint" if feedback.verdict is Verdict.REFUSED else "info"
                self.conversation.tell(f"[{number}] {feedback.message}", kind)
            if feedback.verdict is Verdict.HELD:
                self.conversation.tell(
                    "The rest of this batch comes back after this answer is confirmed.", "hint"
                )
                break
        return True
