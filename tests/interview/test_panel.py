"""The lateral review panel: milestone changes and auto-answers convene it; its findings
become options of the next single question, never an extra question."""

from __future__ import annotations

import json
from pathlib import Path

from brownfield.interview.adaptive import panel
from brownfield.interview.adaptive.slots import Prompt
from brownfield.interview.adaptive.state import AdaptiveState
from tests.interview.test_adaptive import COOPERATIVE, IDEA, interview, sample, state_of

#: The simplifier's option: only the top touchpoint changes (retry_failed, the retry loop)
SMALLEST = "The smallest version: only change app.jobs.billing.retry_failed (app/jobs/billing.py:5)"


def questions(stdout: str) -> dict[str, str]:
    events = [json.loads(line) for line in stdout.splitlines()]
    return {e["id"]: e["text"] for e in events if e["type"] == "question"}


def test_a_milestone_change_folds_the_panel_into_the_next_question(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    done = interview(root, COOPERATIVE, IDEA, "--json")
    assert done.returncode == 0, done.stderr
    asked = questions(done.stdout)
    # after round 4 the ambiguity left the initial band: round 5 carries the simplifier's
    # option right after the recommended one
    assert asked["R5"].splitlines()[1:3] == [
        "  1. Yes: keep charge's signature and behaviour for every caller (recommended)",
        f"  2. {SMALLEST}",
    ]
    state = state_of(root)
    first = state.lateral_reviews[0]
    assert (first.round, first.trigger, first.slot) == (5, "initial -> progress", "compatibility")
    assert first.folded == [SMALLEST]
    # the researcher has nothing to add: the touchpoints' callers and tests are facts already
    assert [f.persona for f in first.findings] == ["simplifier"]
    # one question per round: the panel never added one
    assert len([q for q in asked if q.startswith("R") and q[1:].isdigit()]) == len(
        {r.round for r in state.rounds if r.kind in ("topology", "decision", "auto-answer")}
    )


def test_the_researcher_names_what_the_graph_can_still_say(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    assert interview(root, COOPERATIVE, IDEA).returncode == 0
    state = state_of(root)
    component = state.topology.components[0]
    slot = next(s for s in component.slots if s.name == "compatibility")
    state.established_facts = [  # as if retry_failed's tests were never looked up
        f
        for f in state.established_facts
        if (f.topic, f.subject) != ("tests", "app.jobs.billing.retry_failed")
    ]
    review = panel.convene(state, component, slot, "progress -> refined", 99)
    assert [(f.persona, f.text) for f in review.findings if f.persona == "researcher"] == [
        ("researcher", "The graph can still tell which tests reach app.jobs.billing.retry_failed.")
    ]


def test_a_finding_is_folded_only_into_a_question_it_answers(tmp_path: Path) -> None:
    """go's flag: "Who or what starts it?" offered "Not at all: leave flag.Flag as it is"
    and "The smallest version: only change flag.Flag": neither says who starts it."""
    root = sample("shop", tmp_path)
    assert interview(root, COOPERATIVE, IDEA).returncode == 0
    state = state_of(root)
    component = state.topology.components[0]
    folded = {
        slot.name: panel.convene(state, component, slot, "initial -> progress", 90).folded
        for slot in component.slots
    }
    smallest, never = SMALLEST, "Not at all: leave app.jobs.billing.retry_failed as it is"
    assert folded["change_points"] == [never, smallest]
    assert folded["outcome"] == [never, smallest]
    assert folded["compatibility"] == folded["non_goals"] == [smallest]
    for name in ("trigger", "limits", "acceptance", "edge_cases"):
        assert folded[name] == [], name
    # folded, the question keeps its way out, the last option
    asked = Prompt(
        "Which should change?", ("Change A", "Change B", "Change C", "None of these"), ""
    )
    slot = next(s for s in component.slots if s.name == "change_points")
    panel.convene(state, component, slot, "initial -> progress", state.round_count + 1)
    assert panel.fold(state, component, slot, asked).options == (
        "Change A",
        never,
        smallest,
        "None of these",
    )
    # the findings are recorded all the same
    trigger = next(r for r in state.lateral_reviews if r.slot == "trigger" and r.round == 90)
    assert [f.persona for f in trigger.findings][:2] == ["contrarian", "simplifier"]


def test_the_folded_option_can_be_picked(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    assert interview(root, ["1", "1", "1", "1", "2"], IDEA).returncode == 2  # paused after
    state = state_of(root)
    slot = next(s for s in state.topology.components[0].slots if s.name == "compatibility")
    assert (slot.value, slot.filled_by) == (SMALLEST, "person")


def test_an_auto_answer_is_reviewed_before_it_is_accepted(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    interview(root, ["1", "you decide"], IDEA)
    state = state_of(root)
    review = next(r for r in state.lateral_reviews if r.trigger == "pre-answer")
    assert (review.round, review.slot, review.folded) == (1, "outcome", [])
    assert "contrarian" in {f.persona for f in review.findings}
    assert 1 in state.auto_answered_rounds


def test_the_panel_convenes_in_either_direction() -> None:
    state = AdaptiveState.model_validate(
        {
            "slug": "s",
            "description": "d",
            "type": "brownfield",
            "type_reason": "r",
            "threshold": 0.2,
            "threshold_source": "default",
            "created_at": "2026-11-29T12:00:00Z",
            "updated_at": "2026-11-29T12:00:00Z",
        }
    )
    state.milestone = "progress"
    panel.note_transition(state, "progress")
    assert state.panel_pending is None  # no change, no panel
    state.milestone = "initial"  # a contradiction raised the ambiguity again
    panel.note_transition(state, "progress")
    assert state.panel_pending == "progress -> initial"
