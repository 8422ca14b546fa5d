"""Skipped decisions filled from the code in the spec, apart from the person's answers."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from brownfield.interview.engine.loop import Outcome, Question
from brownfield.interview.flow import interview
from tests.interview.test_adaptive import IDEA, NOW, SLUG, sample

#: what the person says, by slot: skips with and without a reason; "1" otherwise
SKIPS = {
    "acceptance": "skip: the team decides later",
    "caller_impact": "skip",
    "limits": "skip: no idea yet",
}


class Person:
    """Answers each question by the slot it asks about (follow-ups included)."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def ask(self, question: Question) -> str | None:
        slot = question.field.rpartition(":")[2]
        self.asked.append(slot or question.id)
        if question.id == "FFF":
            return "skip"
        return SKIPS.get(slot, "1")

    def tell(self, message: str, kind: str = "info") -> None:
        pass

    def report(self, event: str, fields: dict[str, object], text: str) -> None:
        pass


@pytest.fixture(autouse=True)
def fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(os.environ, "BROWNFIELD_NOW", NOW)


def test_skips_are_filled_from_evidence_or_left_open(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    person = Person()
    assert interview(root, person, IDEA) is Outcome.COMPLETE  # type: ignore[arg-type]
    assert {"acceptance", "caller_impact", "limits"} <= set(person.asked)
    spec = (root / f"docs/specs/{SLUG}.md").read_text()
    filled = spec.split("## Filled From Evidence (skipped by the person)\n")[1].split("\n\n")[0]
    # charge (app/payments/gateway.py:8) is reached by two tests and called from 2 production
    # places (the third call is a test)
    assert filled.splitlines() == [
        "- Add retries with backoff to payment charges: acceptance = the 2 existing test(s) that reach "
        "app.payments.gateway.charge still pass (answered_by: auto_fill; the person skipped: "
        '"the team decides later") (tests/test_gateway.py:8, tests/test_cart.py:8)',
        "- Add retries with backoff to payment charges: caller impact = keep app.payments.gateway.charge's "
        "behaviour for its 2 existing call site(s) (answered_by: auto_fill; the person "
        "skipped) (app/payments/gateway.py:8, app/cart.py:17, app/jobs/billing.py:9)",
    ]
    # no evidence says what the limits are: it stays open, and is not an assumption
    open_questions = spec.split("## Open Questions\n")[1].split("\n\n")[0]
    assert open_questions == "- Add retries with backoff to payment charges: limits"
    assumptions = spec.split("## Assumptions Exposed & Resolved\n")[1].split("\n\n")[0]
    rows = [row.strip("| ").split(" | ") for row in assumptions.splitlines()[2:]]
    assert "auto_fill" not in assumptions
    # the panel's challenge of the recommended limit is listed, and it stays open
    assert [r[2] for r in rows if r[0].startswith("limits:")] == ["skipped: no idea yet; left open"]
    # the person's own answers never show the filled values
    transcript = spec.split("## Interview Transcript")[1]
    assert "auto_fill" not in transcript
    requirements = (root / "docs/REQUIREMENTS.md").read_text()
    assert "answered_by: auto_fill" in requirements
    assert "Add retries with backoff to payment charges: limits" in requirements
