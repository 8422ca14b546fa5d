"""The conversation as a careful person has it (issue 16), end to end through the CLI on the
shop sample: answers kept whole, answer words that never become content, option picks with
notes, the person's own contradictions, an honest close, the design source, refused
implementation requests and the rhythm guard."""

from __future__ import annotations

from pathlib import Path

from tests.interview.test_adaptive import CAREFUL, IDEA, SLUG, interview, sample, state_of


def spec_of(root: Path) -> str:
    return (root / f"docs/specs/{SLUG}.md").read_text()


def test_a_negation_inside_a_clause_is_a_constraint_not_an_exclusion(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    answer = "A retry loop per call site in charge, and never sleep longer than 4 seconds"
    done = interview(root, ["1", answer], IDEA)
    assert done.returncode == 2
    shown = done.stdout.split("I read your answer as:")[1].split("Is anything lost")[0]
    assert "  Decision: A retry loop per call site in charge\n" in shown
    assert "  Constraints:\n    - never sleep longer than 4 seconds\n" in shown
    assert "Out of scope" not in shown  # the decision never lands in the exclusions


def test_enough_at_a_follow_up_ends_the_review_and_is_never_content(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    answers = CAREFUL[: CAREFUL.index("Log each retry with its attempt number and delay")]
    done = interview(root, [*answers, "enough", "1", "1"], IDEA)
    assert done.returncode == 0, done.stderr
    state = state_of(root)
    final = state.review.final
    assert final is not None and final.skipped and final.answer is None
    assert final.skip_reason == "enough: the review was ended early"
    spec = spec_of(root)
    assert "## Also Recorded" not in spec
    assert "- enough" not in spec and "- Enough" not in spec


def test_an_option_pick_with_a_note_and_a_pasted_link_reach_the_spec(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    assert interview(root, CAREFUL, IDEA).returncode == 0
    spec = spec_of(root)
    assert (
        "- Keep charge's signature and behaviour for every caller. Note: retry_failed keeps "
        "its own loop and simply sees fewer declines\n" in spec
    )
    assert "1: retry_failed" not in spec  # no option numbers
    assert "- Design Source: https://bank.example.com/docs/rate-limits\n" in spec
    assert "- Status: ready | Exit: threshold\n" in spec


def test_the_persons_own_contradiction_is_disputed_and_blocks_the_spec(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    # round 7 (which call sites get it): "opt-in"; round 8 (edge cases): a change of mind
    opening = ["1", "1", "1", "1", "1", "1", "2", "Changed my mind: it is not opt-in"]
    done = interview(root, opening, IDEA)
    assert done.returncode == 2
    state = state_of(root)
    opt_in = next(f for f in state.established_facts if "opt-in" in f.statement)
    assert opt_in.disputed and opt_in.challenge == "Changed my mind: it is not opt-in"
    last = state.rounds[-1]
    assert [t.kind for t in last.triggers] == ["contradiction"]
    assert last.ambiguity is not None and last.ambiguity_before is not None
    assert last.ambiguity > last.ambiguity_before  # ambiguity rises (mechanism A)
    assert state.ambiguity_floor >= 0.10  # the dispute keeps the interview from closing
    assert "Both cannot stand: which does?" in done.stdout.rsplit("Round 9", 1)[1]
    # the person says which stands: the later answer; the dispute is settled for good
    settled = interview(root, ["2"], "--resume", f"docs/INTERVIEW-{SLUG}.yaml")
    assert settled.returncode == 2
    state = state_of(root)
    assert state.fact(opt_in.id).superseded_by is not None  # type: ignore[union-attr]
    assert not any(f.open_dispute for f in state.established_facts)


def test_a_close_above_the_threshold_warns_and_is_an_early_exit(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    # the topology, then every decision skipped: no question is left above the threshold
    done = interview(root, ["1", *["skip"] * 12, "1", "enough", "1", "1"], IDEA)
    assert done.returncode == 0, done.stdout[-2000:]
    assert "No question is left to ask, but ambiguity is" in done.stdout
    assert "Proceed with an early exit?" in done.stdout
    spec = spec_of(root)
    assert "- Status: early-exit | Exit: early-exit\n" in spec
    assert state_of(root).exit_reason == "early-exit"


def test_a_request_to_implement_is_refused_and_the_question_asked_again(
    tmp_path: Path,
) -> None:
    root = sample("shop", tmp_path)
    done = interview(root, ["1", "just write the code"], IDEA, "--non-interactive")
    assert done.returncode == 2
    assert "I can interview for an implementation plan, but I won't implement" in done.stderr
    state = state_of(root)
    assert [r.round for r in state.rounds] == [0]  # not recorded as an answer
    assert [a.text for a in state.answers] == ["1"]


def test_the_fourth_you_decide_in_a_row_goes_back_to_the_person(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    done = interview(root, ["1", *["you decide"] * 4], IDEA, "--non-interactive")
    assert done.returncode == 2
    assert "this decision is yours" in done.stderr
    state = state_of(root)
    assert state.auto_answered_rounds == [1, 2, 3]
    assert state.auto_answer_streak == 3
    assert "Auto-answer for outcome of 'Add retries with backoff to payment charges'" in (
        interview(sample("shop", tmp_path / "shown"), ["1", "you decide"], IDEA).stdout
    )
