"""Refined free-text answers (seed 004, Step 2b''): structure, one confirmation, the record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from brownfield.graph.builder import build
from brownfield.graph.store import GraphStore
from brownfield.interview.adaptive import refine
from brownfield.interview.engine.words import choose
from brownfield.interview.review.artifact import load_artifact
from tests.interview.test_adaptive import (
    COOPERATIVE,
    IDEA,
    SLUG,
    interview,
    sample,
    state_of,
    without_ids,
)
from tests.interview.test_adaptive_words import run

#: A free-text outcome with a reason, a scope boundary and two identifiers the graph knows.
FREE = (
    "Retry declined charges 3 times with exponential backoff in charge because the card "
    "network drops requests under load, but not in retry_failed"
)
CONSTRAINT = "Total wait must stay under 10 seconds"
#: Topology, the free text, add a constraint, the constraint, send as-is, then cooperate.
REFINED = ["1", FREE, "2", CONSTRAINT, "1", *COOPERATIVE]


@pytest.fixture(scope="module")
def shop_store(tmp_path_factory: pytest.TempPathFactory) -> GraphStore:
    root = sample("shop", tmp_path_factory.mktemp("shop"))
    build(root, workers=1)
    return GraphStore.open(root)


@pytest.mark.parametrize(
    ("text", "kind", "expected"),
    [
        (FREE, "other", True),
        ("Keep refunds unchanged", "other", False),  # short: under six words
        ("Retry the charge in the background job and email the customer", "other", False),
        ("Only checkout: it must never block the order page", "option", False),  # a pick
        ("F4 is wrong: charge is not called from checkout at all", "other", False),
        ("Retries stop after 30 seconds for every caller", "other", True),  # a quantity
    ],
)
def test_the_detection_rule(text: str, kind: str, expected: bool) -> None:
    assert refine.applies(text, kind, None) is expected


def test_a_multiple_choice_note_is_an_option_pick() -> None:
    picked = choose("1, 3: only because the nightly job must not retry", ["a", "b", "c"])
    assert picked.kind == "option"
    assert not refine.applies(picked.value, picked.kind, None)


def test_structure_splits_reasons_scope_and_constraints(shop_store: GraphStore) -> None:
    state, _, _ = run(shop_store, ["1"])
    answer = refine.structure(
        state,
        "Because the gateway times out, retry charge up to 3 times. Refunds are out of scope. "
        "Backoff must not exceed 10 s, without changing checkout",
    )
    assert answer.decision == "retry charge up to 3 times"
    assert answer.reasoning == ["the gateway times out"]
    assert answer.constraints == ["Backoff must not exceed 10 s"]
    assert answer.out_of_scope == ["Refunds", "changing checkout"]
    assert [f"{c.symbol} ({c})" for c in answer.codebase] == [
        "app.payments.gateway.charge (app/payments/gateway.py:8)",  # decision first
        # "the gateway": the module, cited at the import the codebase context holds for it
        "app.payments.gateway (app/payments/gateway.py:3)",
        "app.cart.checkout (app/cart.py:16)",  # a touchpoint: cited where it is defined
    ]


def test_a_clause_is_not_cut_inside_brackets_or_quotes(shop_store: GraphStore) -> None:
    state, _, _ = run(shop_store, ["1"])
    answer = refine.structure(
        state, "Retry charge (declined cards, and log them apart), and keep the receipt"
    )
    assert answer.decision == "Retry charge (declined cards, and log them apart); keep the receipt"
    assert answer.constraints == [] and answer.out_of_scope == []


def test_every_confirmation_path_in_process(shop_store: GraphStore) -> None:
    state, script, _ = run(
        shop_store,
        [
            "1",
            FREE,
            "3",  # mark something out of scope
            "Refund handling",
            "whatever",  # refused: two words or fewer are not context
            "The gateway is shared with the nightly reports",  # added as context
            "4",  # rewrite
            "Retry charge up to 5 times because declines are often transient",
            "2",
            "skip",  # nothing added: back to the confirmation
            "1",
        ],
    )
    asked = [q.id for q in script.asked[1:]]
    assert asked == [
        "R1",
        "R1.refine",
        "R1.refine.out-of-scope",
        "R1.refine",
        "R1.refine",
        "R1.refine",
        "R1.refine.rewrite",
        "R1.refine",
        "R1.refine.constraint",
        "R1.refine",
        "R2",
    ]
    assert "Out of scope:\n    - retry_failed\n    - Refund handling" in script.asked[4].text
    assert any(k == "hint" and "type more context" in text for k, text in script.told)
    round_1 = state.rounds[1]
    assert round_1.refined is not None
    assert round_1.answer == "Retry charge up to 5 times"
    assert round_1.refined.reasoning == ["declines are often transient"]  # a rewrite restarts
    assert round_1.refined.steps == [
        "mark out of scope: Refund handling",
        "add context: The gateway is shared with the nightly reports",
        "rewrite: Retry charge up to 5 times because declines are often transient",
        "add a constraint: nothing added",
        "send as-is",
    ]
    assert state.refinement is None
    assert [a.text for a in state.answers][1:3] == [FREE, "3"]  # every answer is replayable


def test_refined_answer_confirmed_after_adding_a_constraint(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    done = interview(root, REFINED, IDEA)
    assert done.returncode == 0, done.stderr
    shown, again = done.stdout.split("Which constraint? Type it exactly as it should be kept.")
    assert "I read your answer as:\n  Decision: Retry declined charges 3 times" in shown
    assert "  Reasoning:\n    - the card network drops requests under load" in shown
    assert "  Out of scope:\n    - retry_failed" in shown
    assert "    - app.payments.gateway.charge (app/payments/gateway.py:8)" in shown
    assert "  1. Send as-is\n  2. Add a constraint\n  3. Mark something out of scope" in shown
    assert f"  Constraints:\n    - {CONSTRAINT}\n" in again  # shown again with the constraint
    state = state_of(root)
    round_1 = next(r for r in state.rounds if r.round == 1)
    assert round_1.refined is not None and round_1.kind == "decision"
    assert round_1.answer == "Retry declined charges 3 times with exponential backoff in charge"
    assert round_1.refined.constraints == [CONSTRAINT]
    assert round_1.refined.steps == [f"add a constraint: {CONSTRAINT}", "send as-is"]
    assert round_1.triggers == []  # "not in retry_failed" is a boundary, not a contradiction
    assert state.refined_rounds == [1]
    outcome = next(s for s in state.topology.components[0].slots if s.name == "outcome")
    assert (outcome.value, outcome.filled_by, outcome.round) == (round_1.answer, "person", 1)
    spec = (root / f"docs/specs/{SLUG}.md").read_text()
    assert "| Restated Goal: Retry declined charges 3 times with exponential backoff" in spec
    assert "| Refined Rounds: [1]\n" in spec
    assert f"- {CONSTRAINT} (round 1)\n\n## Non-Goals" in spec
    assert "- retry_failed (round 1)\n\n## Acceptance Criteria" in spec
    assert (
        "### Round 1: outcome\n"
        "- Decision: Retry declined charges 3 times with exponential backoff in charge\n"
        "- Reasoning: the card network drops requests under load\n"
        f"- Constraints: {CONSTRAINT}\n"
        "- Out of scope: retry_failed\n"
        "- Codebase context (verified): app.payments.gateway.charge (app/payments/gateway.py:8); "
        "app.jobs.billing.retry_failed (app/jobs/billing.py:5)\n"
        f"- Confirmed: add a constraint: {CONSTRAINT} -> send as-is\n"
    ) in spec
    assert CONSTRAINT in (root / "docs/REQUIREMENTS.md").read_text()
    artifact = load_artifact(root / "docs/interview.yaml")
    answer = next(q for q in artifact.questions if q.id == "R1").answer
    assert answer is not None and answer.refined is not None
    assert answer.refined.constraints == [CONSTRAINT]
    assert f"{CONSTRAINT} (round 1)" in artifact.summary.constraints


def test_short_answers_and_option_picks_are_not_refined(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    done = interview(root, ["1", "2", "Keep refunds unchanged", "you decide"], IDEA)
    assert done.returncode == 2  # input ended
    assert "I read your answer as:" not in done.stdout
    state = state_of(root)
    assert [(r.round, r.answer_kind) for r in state.rounds[1:4]] == [
        (1, "option"),
        (2, "other"),
        (3, "auto-answer"),
    ]
    assert all(r.refined is None for r in state.rounds)
    assert state.refined_rounds == [] and state.refinement is None


def test_pause_and_resume_in_the_middle_of_a_refinement(tmp_path: Path) -> None:
    straight = sample("shop", tmp_path / "a")
    assert interview(straight, REFINED, IDEA).returncode == 0
    paused = sample("shop", tmp_path / "b")
    first = interview(paused, REFINED[:3], IDEA)  # paused at "Which constraint?"
    assert first.returncode == 2
    held = state_of(paused)
    assert held.refinement is not None and held.refinement.stage == "constraint"
    assert held.round_count == 0 and held.rounds[-1].kind == "topology"  # nothing scored yet
    resumed = f"docs/INTERVIEW-{SLUG}.yaml"
    second = interview(paused, REFINED[3:], "--resume", resumed, "--json")
    assert second.returncode == 0, second.stderr
    events = [json.loads(line) for line in second.stdout.splitlines()]
    asked = [e["id"] for e in events if e["type"] == "question"]
    assert asked[:3] == ["R1.refine.constraint", "R1.refine", "R2"]
    for name in (f"docs/specs/{SLUG}.md", "docs/interview.yaml"):
        a, b = (straight / name).read_text(), (paused / name).read_text()
        assert without_ids(a) == without_ids(b), name


def test_back_in_the_middle_of_a_refinement(shop_store: GraphStore) -> None:
    direct, _, _ = run(shop_store, ["1", FREE, "1"])
    undone, script, _ = run(shop_store, ["1", FREE, "2", "back", "1"])
    assert [q.id for q in script.asked[1:5]] == [
        "R1",
        "R1.refine",
        "R1.refine.constraint",
        "R1.refine",
    ]
    assert undone.rounds[1].refined == direct.rounds[1].refined
    assert undone.current_ambiguity == direct.current_ambiguity


@pytest.mark.parametrize(
    ("text", "decision", "reasoning"),
    [
        # "since" counting time is no reason (rxjs: "Retry stops resubscribing once the
        # total time" was the decision, "the first subscription exceeds ..." its reason)
        (
            "retry stops resubscribing once the total time since the first subscription "
            "exceeds the timeout",
            "retry stops resubscribing once the total time since the first subscription "
            "exceeds the timeout",
            [],
        ),
        ("log every retry since the last success with its delay", None, []),
        # monolog: "... whose message" was the decision, "Level were already logged ..." a
        # constraint: two nouns share the plural verb
        ("skip a record whose message and level were already logged", None, []),
        (
            "retry charge up to 3 times since the bank drops requests",
            "retry charge up to 3 times",
            ["the bank drops requests"],
        ),
    ],
)
def test_a_clause_is_cut_only_where_it_is_one(
    shop_store: GraphStore, text: str, decision: str | None, reasoning: list[str]
) -> None:
    state, _, _ = run(shop_store, ["1"])
    answer = refine.structure(state, text)
    assert answer.decision == (decision or text)
    assert answer.reasoning == reasoning
