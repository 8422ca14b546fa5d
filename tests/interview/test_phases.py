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

#: The 15 bank answers, the final free-form answer, then the confirmation. The answers
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
    "skip: nothing more to add",
    "yes",
]


def run(
    tmp_path: Path, answers: list[str], max_questions: int = 18
) -> tuple[Session, Outcome, ScriptedAnswers]:
    session = start(tmp_path, "Add a login rate limiter", Path("docs"), max_questions)
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
    assert len(state.history) == 17  # the 16 bank questions and the final free-form one
    assert state.review.final is not None and state.review.final.skipped
    assert state.review.followups == [] and state.review.remaining_gaps == []
    assert state.requirements_path == "docs/REQUIREMENTS.md"
    assert (tmp_path / "docs/REQUIREMENTS.md").exists()
    assert [q.progress for q in script.asked[:5]] == [
        "[overview: 1/4 | Next: Scope]",
        "[overview: 2/4 | Next: Scope]",
        "[overview: 3/4 | Next: Scope]",
        "[overview: 4/4 | Next: Scope]",
        "[scope: 1/3 | Next: Requirements]",
    ]
    assert [q.id for q in script.asked[-3:]] == ["Q15", "FFF", "Q16"]
    assert script.asked[-1].progress == "[review: 2/2 | Next: Done]"


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
    assert [t.turn_number for t in state.history] == list(range(1, 18))


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
