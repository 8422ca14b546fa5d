"""`--batch`: related questions asked together, answered in any order, edited, unskipped."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from brownfield.interview.adaptive import batch
from brownfield.interview.engine.drafts import Draft
from brownfield.interview.engine.loop import Outcome, Question
from brownfield.interview.flow import interview
from tests.interview.test_adaptive import IDEA, NOW, sample, state_of
from tests.interview.test_adaptive import interview as run_cli

#: batch 1 (non-goals, compatibility, limits: one dimension) out of order with an edit and
#: the third left unanswered; batch 2 (acceptance, edge cases) with a skip taken back
SCRIPTS = {
    1: ["2: 1", "1: 2", "2: 3", "submit"],
    2: ["2: skip", "2: unskip", "1: 1", "2: 1", "submit"],
}


class Person:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.headers: list[str] = []
        self.hints: list[str] = []

    def ask(self, question: Question) -> str | None:
        if question.id.startswith("batch-"):
            return self.lines.pop(0)
        return "skip" if question.id == "FFF" else "1"

    def tell(self, message: str, kind: str = "info") -> None:
        if kind == "hint":
            self.hints.append(message)
        if kind == "batch" and message.startswith("Batch "):
            self.headers.append(message)
            number = int(message.split()[1])
            size = int(re.search(r"(\d) questions", message).group(1))  # type: ignore[union-attr]
            self.lines = SCRIPTS.get(number, [f"{n}: 1" for n in range(1, size + 1)] + ["submit"])

    def report(self, event: str, fields: dict[str, object], text: str) -> None:
        pass


@pytest.fixture(autouse=True)
def fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(os.environ, "BROWNFIELD_NOW", NOW)


def test_a_batched_interview_answered_out_of_order(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    person = Person()
    assert interview(root, person, IDEA, batch=True) is Outcome.COMPLETE  # type: ignore[arg-type]
    # the batch number is exact, the count of questions left is an estimate and says so
    assert person.headers[0].startswith(
        "Batch 1 | about 8 question(s) left (an estimate) | 3 questions"
    )
    assert person.headers[1].startswith("Batch 2 | about 6 question(s) left (an estimate)")
    assert person.hints[:3] == ["2: recorded", "1: recorded", "2: changed"]
    assert person.hints[3:5] == ["2: recorded", "2: open again"]
    state = state_of(root)
    slots = {s.name: s for s in state.topology.components[0].slots}
    # "1: 2" picked the second non-goal option; "2: 3" replaced "2: 1" for compatibility
    assert slots["non_goals"].value.startswith("No changes outside ")  # type: ignore[union-attr]
    assert (
        slots["compatibility"].value == "Add a new entry point beside charge and leave it as it is"
    )
    # the unanswered third question came back in a later batch
    assert slots["limits"].filled_by == "person"
    assert slots["limits"].round > slots["compatibility"].round + 1  # type: ignore[operator]
    # the skip taken back: edge cases answered, not skipped
    assert slots["edge_cases"].filled_by == "person" and not slots["edge_cases"].skipped
    assert [r.slot for r in state.rounds if r.kind == "decision"][:3] == [
        "outcome",
        "non_goals",
        "compatibility",
    ]


def test_without_batch_one_question_per_round(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    done = run_cli(root, ["1"] * 40, IDEA, "--json")
    assert '"type": "batch"' not in done.stdout


def test_batch_sizes_follow_the_rules(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    run_cli(root, ["1"], IDEA)  # topology confirmed, the slots exist
    component = state_of(root).topology.components[0]
    slots = {s.name: s for s in component.slots}
    assert batch.companions(component, slots["outcome"]) == []  # complex: alone
    # simple and tightly related (same component and dimension): up to 3 in all
    assert [s.name for s in batch.companions(component, slots["non_goals"])] == [
        "compatibility",
        "limits",
    ]
    # moderately related (same component, another dimension): 2 in all
    assert [s.name for s in batch.companions(component, slots["trigger"])] == ["non_goals"]


def test_a_draft_takes_answers_in_any_order() -> None:
    draft = Draft(2)
    assert draft.take("2: b") == "2: recorded"
    assert draft.take("1: a") == "1: recorded"
    assert draft.take("1: c") == "1: changed"
    assert draft.take("3: x").startswith("Answer as 'N: answer'")
    assert draft.take("2: unskip") == "2: open again"
    assert draft.take("") == "Answer as 'N: answer' with N from 1 to 2, then 'submit'."
    assert draft.take("submit") is None
    assert draft.answers == {1: "c"}
