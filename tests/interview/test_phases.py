"""The phases planner through the engine, with scripted answers and a real state file."""

from __future__ import annotations

from pathlib import Path

import pytest

from brownfield.interview.engine.loop import Engine, Outcome
from brownfield.interview.engine.records import slugify
from brownfield.interview.engine.scripted import ScriptedAnswers
from brownfield.interview.phases.planner import BANK, PhasesPlanner
from brownfield.interview.phases.state import load
from brownfield.interview.session import Session, resume, start

#: The 15 bank answers, then the confirmation (seed 000: nothing between). The answers
#: leave no coverage gap (constraints, an edge case, a boundary and metrics are all given).
FULL = [
    "Rate limiter",
    "Stop brute-force logins",
    "no account lockouts; p99 under 5 ms",
    "password rules",
    "limit per IP, limit per account",
    "SKIP",
    " Skip ",
    "count failed logins, reject empty passwords",
    "skip",
    "deploy behind nginx",
    "LoginAttempt",
    "POST /login",
    "redis",
    "as an admin I see blocked IPs",
    "skip",
    "yes",
]
#: The same with `--review`: the final free-form answer comes before the confirmation.
REVIEWED = [*FULL[:15], "skip: nothing more to add", "yes"]


def run(
    tmp_path: Path, answers: list[str], max_questions: int = 18, review: bool = False
) -> tuple[Session, Outcome, ScriptedAnswers]:
    session = start(tmp_path, "Add a login rate limiter", Path("docs"), max_questions, review)
    script = ScriptedAnswers(answers)
    outcome = Engine(PhasesPlanner(), script, session.save).run(session.state)
    return session, outcome, script


def test_bank_is_the_seed_word_for_word() -> None:
    assert len(BANK) == 16
    assert [e.field for e in BANK] == [
        "title", "goal", "success_metrics", "non_goals", "in_scope", "out_of_scope",
        "assumptions", "functional", "non_functional", "constraints", "data_models", "apis",
        "external", "stories", "open_questions", "_confirm",
    ]  # fmt: skip
    assert [e.required for e in BANK].count(True) == 5
    assert BANK[0].text == "What is the title of this project or feature?"
    assert BANK[8].text == (
        "Any non-functional requirements? (e.g., performance, security) (or type 'skip' to skip)"
    )
    assert BANK[-1].text == "Review complete. Ready to generate REQUIREMENTS.md? (yes/no)"


def test_full_flow_completes_and_compiles(tmp_path: Path) -> None:
    session, outcome, script = run(tmp_path, FULL)
    assert outcome is Outcome.COMPLETE
    state = load(session.state_path)
    assert (state.status, state.phase, state.progress) == ("complete", "complete", 1.0)
    assert len(state.history) == 16  # the 16 bank questions, nothing else (seed 000)
    assert state.review.final is None and state.review.followups == []
    assert state.requirements_path == "docs/REQUIREMENTS.md"
    assert (tmp_path / "docs/REQUIREMENTS.md").exists()
    assert [q.progress for q in script.asked[:5]] == [
        "[overview: 1/4 | Next: Scope]",
        "[overview: 2/4 | Next: Scope]",
        "[overview: 3/4 | Next: Scope]",
        "[overview: 4/4 | Next: Scope]",
        "[scope: 1/3 | Next: Requirements]",
    ]
    assert [q.id for q in script.asked] == [f"Q{n:02d}" for n in range(1, 17)]
    assert script.asked[-1].progress == "[review: 2/2 | Next: Done]"


def test_review_adds_the_final_free_form_question_before_the_confirmation(
    tmp_path: Path,
) -> None:
    session, outcome, script = run(tmp_path, REVIEWED, review=True)
    assert outcome is Outcome.COMPLETE
    assert [q.id for q in script.asked[-3:]] == ["Q15", "FFF", "Q16"]
    state = load(session.state_path)
    assert len(state.history) == 17
    assert state.review.final is not None and state.review.final.skipped
    assert state.review.followups == [] and state.review.remaining_gaps == []
    assert [(c.status, c.synthetic) for c in state.review.coverage] == [("clean", False)]


def test_skip_any_case_stores_empty_list_distinct_from_not_asked(tmp_path: Path) -> None:
    session, outcome, _ = run(tmp_path, FULL[:7])  # stops after assumptions
    assert outcome is Outcome.PAUSED
    state = load(session.state_path)
    assert state.spec_data.scope.out_of_scope == []  # "SKIP"
    assert state.spec_data.scope.assumptions == []  # " Skip "
    assert state.spec_data.requirements.functional is None  # not asked yet
    text = session.state_path.read_text()
    assert "out_of_scope: []" in text and "functional: null" in text
    assert (state.phase, state.question_cursor) == ("requirements", 7)


@pytest.mark.parametrize(
    ("index", "answer", "hint"),
    [
        (0, "skip", "'title' is required; please answer."),
        (0, "   ", "'title' is required; please answer."),
        (4, "skip", "'in_scope' is required and cannot be skipped."),
        (4, ", ;", "'in_scope' is required and needs at least one item."),
    ],
)
def test_required_fields_refuse_with_a_hint(
    tmp_path: Path, index: int, answer: str, hint: str
) -> None:
    session, _, script = run(tmp_path, [*FULL[:index], answer])
    assert script.told == [("hint", hint)]
    assert [q.field for q in script.asked[-2:]] == [BANK[index].field] * 2  # asked again
    assert len(load(session.state_path).history) == index


def test_back_at_the_first_question_is_ignored(tmp_path: Path) -> None:
    session, _, script = run(tmp_path, ["back", "BACK", "My title"])
    state = load(session.state_path)
    assert [q.field for q in script.asked] == ["title", "title", "title", "goal"]
    assert state.spec_data.overview.title == "My title"
    assert [t.answer for t in state.history] == ["My title"]


def test_back_within_a_phase_clears_the_field(tmp_path: Path) -> None:
    session, _, script = run(tmp_path, ["T", "G", "m1, m2", "Back", "m3"])
    state = load(session.state_path)
    assert state.spec_data.overview.success_metrics == ["m3"]
    assert [t.field for t in state.history] == ["title", "goal", "success_metrics"]
    assert [q.field for q in script.asked] == [
        "title", "goal", "success_metrics", "non_goals", "success_metrics", "non_goals",
    ]  # fmt: skip


def test_back_across_a_phase_boundary_recomputes_the_phase(tmp_path: Path) -> None:
    session, _, _ = run(tmp_path, [*FULL[:5], "back", "back"])
    state = load(session.state_path)
    assert state.phase == "overview"
    assert state.question_cursor == 3
    assert state.spec_data.scope.in_scope is None
    assert state.spec_data.overview.non_goals is None
    assert len(state.history) == 3


def test_repeated_back_to_the_start(tmp_path: Path) -> None:
    session, _, _ = run(tmp_path, ["T", "G", "back", "back", " back ", "New title"])
    state = load(session.state_path)
    assert [t.answer for t in state.history] == ["New title"]
    assert state.spec_data.overview.goal is None


def test_confirm_accepts_y_and_stays_in_review_on_no(tmp_path: Path) -> None:
    session, outcome, script = run(tmp_path, [*FULL[:15], "no", "maybe", "y"])
    assert outcome is Outcome.COMPLETE
    assert ("hint", "Please answer yes or no.") in script.told
    state = load(session.state_path)
    assert [t.answer for t in state.history[-2:]] == ["no", "y"]
    assert state.phase == "complete"


def test_list_answers_split_and_trim(tmp_path: Path) -> None:
    session, _, _ = run(tmp_path, ["T", "G", " a ,b;; c ,", "skip", "x;y"])
    state = load(session.state_path)
    assert state.spec_data.overview.success_metrics == ["a", "b", "c"]
    assert state.spec_data.scope.in_scope == ["x", "y"]


def test_resume_continues_at_the_next_question_and_keeps_history(tmp_path: Path) -> None:
    first, outcome, _ = run(tmp_path, FULL[:6])
    assert outcome is Outcome.PAUSED
    again = resume(tmp_path, first.state_path)
    script = ScriptedAnswers(FULL[6:])
    assert Engine(PhasesPlanner(), script, again.save).run(again.state) is Outcome.COMPLETE
    assert script.asked[0].field == "assumptions"
    state = load(first.state_path)
    assert [t.answer for t in state.history] == [a.strip() for a in FULL]
    assert [t.turn_number for t in state.history] == list(range(1, 17))


def test_truncation_compiles_with_a_warning(tmp_path: Path) -> None:
    session, outcome, _ = run(tmp_path, FULL, max_questions=5)
    assert outcome is Outcome.COMPLETE
    state = load(session.state_path)
    assert state.status == "complete" and state.phase == "scope"
    assert len(state.history) == 5
    text = (tmp_path / "docs/REQUIREMENTS.md").read_text()
    assert (
        text.count(
            "## Warnings\n- Interview truncated at max_questions limit. Some phases incomplete."
        )
        == 1
    )


def test_max_questions_counts_every_answered_turn(tmp_path: Path) -> None:
    # 15 bank answers and two `no`s: 17 turns; the 18th is the limit
    session, outcome, script = run(tmp_path, [*FULL[:15], "no", "n", "no", "yes"])
    assert outcome is Outcome.COMPLETE
    assert len(script.asked) == 18  # the `yes` is never asked for
    state = load(session.state_path)
    assert (state.status, state.phase, len(state.history)) == ("complete", "review", 18)
    text = (tmp_path / "docs/REQUIREMENTS.md").read_text()
    assert "## Warnings" not in text  # every phase was answered: not a truncation


def test_review_turns_count_and_leave_the_confirmation_its_turn(tmp_path: Path) -> None:
    gaps = ["T", "G", "skip", "skip", "api", *["skip"] * 2, "parse input", *["skip"] * 7]
    session, outcome, script = run(tmp_path, [*gaps, "more", "nginx", "yes"], review=True)
    assert outcome is Outcome.COMPLETE
    assert [q.id for q in script.asked[15:]] == ["FFF", "CFU1", "Q16"]  # 18 turns in all
    state = load(session.state_path)
    assert (state.phase, len(state.history)) == ("complete", 18)
    assert len(state.review.remaining_gaps) == 3  # a budget of 3, cut to the 1 turn left
    assert [(c.status, c.follow_up_ids) for c in state.review.coverage] == [
        ("gaps", ["CFU1"]),
        ("gaps", []),
    ]


def test_a_zero_percent_follow_up_budget_asks_none_and_keeps_the_gaps(tmp_path: Path) -> None:
    gaps = ["T", "G", "skip", "skip", "api", *["skip"] * 2, "parse input", *["skip"] * 7]
    session = start(tmp_path, "Zero budget", Path("docs"), 18, True, 0)
    script = ScriptedAnswers([*gaps, "nothing else", "yes"])
    assert Engine(PhasesPlanner(), script, session.save).run(session.state) is Outcome.COMPLETE
    assert [q.id for q in script.asked[15:]] == ["FFF", "Q16"]
    review = load(session.state_path).review
    assert review.followups == [] and len(review.remaining_gaps) == 4
    assert [(c.status, c.follow_up_ids) for c in review.coverage] == [("gaps", [])]


def test_skip_all_skips_only_optional_questions_and_records_a_clean_check(
    tmp_path: Path,
) -> None:
    session, outcome, script = run(
        tmp_path, ["T", "skip all: not now", "G", "api", "parse input", "yes"], review=True
    )
    assert outcome is Outcome.COMPLETE
    assert [q.field for q in script.asked] == [
        "title", "goal", "goal", "in_scope", "functional", "_confirm",
    ]  # fmt: skip
    state = load(session.state_path)
    spec = state.spec_data
    assert (spec.overview.title, spec.overview.goal) == ("T", "G")  # required: never empty
    assert (spec.scope.in_scope, spec.requirements.functional) == (["api"], ["parse input"])
    assert spec.overview.success_metrics == [] and spec.stories == []
    assert state.review.final is not None and state.review.final.skip_reason == "not now"
    assert state.review.remaining_gaps == [] and state.review.followups == []
    check = state.review.coverage[-1]
    assert (check.status, check.synthetic, check.reason) == ("clean", True, "skip all: not now")
    assert [t.field for t in state.history][:2] == ["title", "_skip_all"]


def test_back_after_skip_all_opens_every_question_it_skipped(tmp_path: Path) -> None:
    session, _, script = run(tmp_path, ["T", "G", "skip all", "back", "m1"])
    state = load(session.state_path)
    assert state.spec_data.overview.success_metrics == ["m1"]
    assert state.spec_data.overview.non_goals is None and state.spec_data.stories is None
    assert state.review.skip_all == [] and state.review.coverage == []
    assert script.asked[-1].field == "non_goals"


def test_state_file_names_do_not_clobber(tmp_path: Path) -> None:
    one = start(tmp_path, "Same idea", Path("docs"), 18)
    two = start(tmp_path, "Same idea", Path("docs"), 18)
    assert one.state_path.name == "INTERVIEW-same-idea.yaml"
    assert two.state_path.name == "INTERVIEW-same-idea-2.yaml"


def test_a_human_requirements_file_is_not_overwritten(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs/REQUIREMENTS.md").write_text("mine\n")
    session, _, _ = run(tmp_path, FULL)
    assert (tmp_path / "docs/REQUIREMENTS.md").read_text() == "mine\n"
    assert (
        load(session.state_path).requirements_path
        == "docs/REQUIREMENTS-add-a-login-rate-limiter.md"
    )


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("Add a Login Rate-Limiter!", "add-a-login-rate-limiter"),
        ("  spaces   everywhere  ", "spaces-everywhere"),
        ("--weird__chars--", "weirdchars"),
        ("???", "interview"),
        ("x" * 50, "x" * 40),
        ("a" * 39 + " b", "a" * 39),
    ],
)
def test_slug_rules(text: str, slug: str) -> None:
    assert slugify(text) == slug
