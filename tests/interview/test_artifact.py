"""The interview artifact: answer types, skips and receipts, coverage, approval by hash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from brownfield.cli import app
from brownfield.interview.engine.loop import Engine
from brownfield.interview.engine.scripted import ScriptedAnswers
from brownfield.interview.phases.coverage import next_followup
from brownfield.interview.phases.planner import PhasesPlanner
from brownfield.interview.phases.state import InterviewState, load
from brownfield.interview.review.artifact import load_artifact, render
from brownfield.interview.session import Session, build_artifact, resume, start
from tests.interview.test_adaptive import COOPERATIVE, IDEA, interview, sample
from tests.interview.test_phases import FULL, REVIEWED

runner = CliRunner()


def phases(
    tmp_path: Path, answers: list[str], max_questions: int = 18, review: bool = False
) -> Session:
    session = start(tmp_path, "Add a login rate limiter", Path("docs"), max_questions, review)
    Engine(PhasesPlanner(), ScriptedAnswers(answers), session.save).run(session.state)
    return session


def answers_of(path: Path) -> dict[str, dict[str, object]]:
    return {
        q.id: (q.answer.model_dump() if q.answer else {}) for q in load_artifact(path).questions
    }


def receipts_of(session: Session) -> list[dict[str, object]]:
    log = session.receipts_file(session.state)
    return [json.loads(line) for line in log.read_text().splitlines()]


def test_phases_artifact_metadata(tmp_path: Path) -> None:
    session = phases(tmp_path, FULL, review=False)
    artifact = load_artifact(tmp_path / "docs/interview.yaml")
    assert [q.id for q in artifact.questions] == [f"Q{n:02d}" for n in range(1, 17)]
    assert artifact.ticket_id is None and artifact.coverage == []
    session = phases(tmp_path / "reviewed", REVIEWED, review=True)
    artifact = load_artifact(tmp_path / "reviewed/docs/interview.yaml")
    ids = [q.id for q in artifact.questions]
    assert ids == [f"Q{n:02d}" for n in range(1, 17)] + ["FFF"]
    confirm = artifact.questions[15]
    assert (confirm.answer_type, [o.id for o in confirm.options]) == (
        "single_choice",
        ["yes", "no"],
    )
    assert confirm.answer is not None and confirm.answer.selected_option_ids == ["yes"]
    assert artifact.questions[-1].source == "final_free_form"
    assert {q.source for q in artifact.questions[:16]} == {"compiled"}
    assert artifact.generated_by.state_path == session.state_path.name
    assert artifact.generated_by.generated_at == session.state.updated_at  # never invented


def test_skip_reason_then_answer_writes_both_receipts(tmp_path: Path) -> None:
    session = phases(tmp_path, ["T", "G", "skip: not decided yet", "back", "p99 under 5 ms"])
    answers = answers_of(tmp_path / "docs/interview.yaml")
    assert answers["Q03"]["free_text"] == "p99 under 5 ms"
    assert answers["Q03"]["skip_reason"] is None
    events = [(r["question_id"], r["event"], r["reason"]) for r in receipts_of(session)]
    assert events == [("Q03", "skip", "not decided yet"), ("Q03", "resolve", None)]
    assert (
        "skip_reason"
        not in (tmp_path / "docs/interview.yaml").read_text().split("id: Q03")[1].split("- id:")[0]
    )


#: the optional bank questions after Q03 (Q05 in scope and Q08 functional are required)
OPTIONAL_AFTER_Q03 = ["Q04", "Q06", "Q07", *[f"Q{n:02d}" for n in range(9, 16)]]


def test_skip_all_keeps_own_reasons_and_replays_to_nothing_new(tmp_path: Path) -> None:
    script = ["T", "G", "skip: metrics later", "skip all: not now", "api", "parse", "yes"]
    session = phases(tmp_path, script, review=True)
    answers = answers_of(tmp_path / "docs/interview.yaml")
    assert answers["Q01"]["answered_by"] == "user"
    assert answers["Q03"]["skip_reason"] == "metrics later"  # never overwritten
    assert {answers[q]["skip_reason"] for q in OPTIONAL_AFTER_Q03} == {"not now"}
    assert answers["FFF"]["skip_reason"] == "not now"
    assert answers["Q05"]["answered_by"] == "user"  # required: asked after the skip all
    assert answers["Q05"]["free_text"] == "api"
    before = session.receipts_file(session.state).read_text()
    summary = [r for r in receipts_of(session) if r["event"] == "skip_all"]
    assert len(summary) == 1 and summary[0]["reason"] == "not now"
    skipped = 1 + len(OPTIONAL_AFTER_Q03) + 1  # the summary, the bank's and FFF
    assert sum(1 for r in receipts_of(session) if r["action_id"] == "skip-all-1") == skipped
    coverage = load_artifact(tmp_path / "docs/interview.yaml").coverage
    assert [(c.status, c.synthetic, c.follow_up_questions) for c in coverage] == [
        ("clean", True, [])
    ]
    again = resume(tmp_path, session.state_path)
    again.save(again.state)  # replaying the same state writes nothing new
    assert session.receipts_file(session.state).read_text() == before


def test_receipts_are_append_only_across_a_resume(tmp_path: Path) -> None:
    first = phases(tmp_path, ["T", "G", "skip: later"])
    log = first.receipts_file(first.state)
    before = log.read_text()
    again = resume(tmp_path, first.state_path)
    Engine(PhasesPlanner(), ScriptedAnswers(["skip: no boundary", "x"]), again.save).run(
        again.state
    )
    after = log.read_text()
    assert after.startswith(before) and len(after.splitlines()) == len(before.splitlines()) + 1


def test_coverage_asks_within_budget_and_lists_the_rest(tmp_path: Path) -> None:
    # no constraints, no edge case, no boundary, no metrics, one open question: 5 gaps
    answers = [
        "T",
        "G",
        "skip",
        "skip",
        "api",
        "skip",
        "skip",
        "parse input",
        "skip",
        "skip",
        "skip",
        "skip",
        "skip",
        "skip",
        "which database?",
        "skip",
    ]
    script = [*answers, "nginx only", "skip: later", "skip", "yes"]
    session = phases(tmp_path, script, max_questions=20, review=True)  # room for 3 follow-ups
    review = load(session.state_path).review
    assert [f.id for f in review.followups] == ["CFU1", "CFU2", "CFU3"]  # budget max(1, 16 // 5)
    assert [f.rule for f in review.followups] == [
        "missing-constraints",
        "missing-edge-cases",
        "missing-boundaries",
    ]
    assert review.followups[1].skip_reason == "later"
    assert review.remaining_gaps == [
        "missing-edge-cases: Which edge cases must be handled (empty input, errors, limits)? (comma-separated)",
        "missing-boundaries: Nothing is marked out of scope: what should this NOT do? (comma-separated)",
        "unresolved-ambiguity: Open question 'which database?': what is the decision?",
        "forced-guess: How will you know it worked? The requirements would have to guess. (comma-separated)",
    ]
    artifact = load_artifact(tmp_path / "docs/interview.yaml")
    assert [(r.round, r.question_ids) for r in artifact.follow_up_rounds] == [
        (1, ["CFU1", "CFU2", "CFU3"])
    ]
    assert "- nginx only" in (tmp_path / "docs/REQUIREMENTS.md").read_text()  # the follow-up counts


def test_coverage_stops_after_two_passes(tmp_path: Path) -> None:
    state = start(tmp_path, "x", Path("docs"), 18, review=True).state
    state.spec_data.scope.in_scope = ["api"]
    state.spec_data.overview.success_metrics = ["fast"]
    state.spec_data.requirements.constraints = ["py3"]
    state.spec_data.requirements.functional = ["reject empty input"]
    planned = 100  # a budget large enough that only the pass limit stops coverage
    final = next_followup(state, planned)
    assert final is not None and final.id == "FFF"
    final.answer = "nothing"
    first = next_followup(state, planned)
    assert first is not None and (first.id, first.rule) == ("CFU1", "missing-boundaries")
    first.answer = "api"  # puts "api" out of scope too: a new, inconsistent gap
    second = next_followup(state, planned)
    assert second is not None and (second.rule, second.pass_number) == ("inconsistent-answers", 2)
    second.skipped = True
    assert next_followup(state, planned) is None  # no third pass
    assert state.review.passes == 2
    assert state.review.remaining_gaps == [
        "inconsistent-answers: 'api' is listed both in scope and out of scope: which is it? (in/out)"
    ]


def test_artifact_schema_round_trips(tmp_path: Path) -> None:
    session = phases(tmp_path, ["T", "G", "skip: later", "skip all"])
    built = build_artifact(session.state, session.state_path.name)
    path = tmp_path / "again.yaml"
    path.write_text(render(built))
    assert load_artifact(path) == built
    broken = render(built).replace("answered_at: '", "answered_at: 'yesterday", 1)
    path.write_text(broken)
    with pytest.raises(Exception, match="answered_at"):
        load_artifact(path)


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def sha_of(artifact: Path) -> str:
    code, out, _ = run("show", str(artifact), "--json")
    assert code == 0
    return str(json.loads(out)["sha256"])


def approval_flow(artifact: Path, root: Path) -> None:
    repo = ("--repo", str(root))
    assert run("status", str(artifact), *repo)[1].startswith("draft: not approved")
    code, _, err = run("approve", str(artifact), *repo)
    assert (code, err.startswith("error: --sha256 is required")) == (2, True)
    code, _, err = run("approve", str(artifact), "--sha256", "ab" * 32, *repo)
    current = sha_of(artifact)
    assert code == 1
    assert (
        err
        == f"error: stale approval: you reviewed {'ab' * 32} but {artifact} is now {current}; review it again\n"
    )
    code, out, _ = run("approve", str(artifact), "--sha256", current, "--by", "alice", *repo)
    assert code == 0 and "by alice" in out
    assert load_artifact(artifact).status == "approved"
    assert load_artifact(artifact).approval.reviewed_sha256 == current  # type: ignore[union-attr]
    assert run("status", str(artifact), *repo)[1].startswith("approved: approved by alice")
    approved = artifact.read_bytes()
    artifact.write_text(artifact.read_text() + "# a comment\n")  # changes no answer
    code, out, err = run("status", str(artifact), *repo)
    assert (code, out.startswith("approved: approved by alice")) == (0, True)
    assert "only in layout or comments" in err
    assert artifact.read_bytes() == approved  # the approved bytes, in canonical form


def test_phases_approval_flow_and_edit(tmp_path: Path) -> None:
    session = phases(tmp_path, ["T", "G", "skip: later", "skip all", "api", "parse", "yes"])
    artifact = tmp_path / "docs/interview.yaml"
    repo = ("--repo", str(tmp_path))
    approval_flow(artifact, tmp_path)
    code, _, err = run("edit", str(artifact), "Q03", "--skip-reason", "next sprint", *repo)
    assert (code, err.startswith("error: --sha256 is required")) == (2, True)
    code, _, err = run(
        "edit", str(artifact), "Q03", "--skip-reason", "x", "--sha256", "ab" * 32, *repo
    )
    current = sha_of(artifact)
    assert code == 1
    assert err == (
        f"error: stale edit: you edited {'ab' * 32} but {artifact} is now {current}; "
        "review it again\n"
    )
    code, out, _ = run(
        "edit", str(artifact), "Q03", "--skip-reason", "next sprint", "--sha256", current, *repo
    )
    assert code == 0 and out.startswith("edited Q03;")
    assert load_artifact(artifact).status == "draft"
    assert answers_of(artifact)["Q03"]["skip_reason"] == "next sprint"
    assert receipts_of(session)[-1]["event"] == "edit_skip_reason"
    code, _, _ = run(
        "edit", str(artifact), "Q04", "--answer", "legacy API", "--sha256", sha_of(artifact), *repo
    )
    assert code == 0
    assert answers_of(artifact)["Q04"]["free_text"] == "legacy API"
    assert receipts_of(session)[-1]["event"] == "resolve"
    requirements = tmp_path / "docs/REQUIREMENTS.md"
    assert requirements.read_text().startswith("<!-- brownfield: stale: derived from")
    assert "- legacy API" not in requirements.read_text()  # until approved again
    code, _, _ = run(
        "edit",
        str(artifact),
        "Q02",
        "--answer",
        "Faster logins",
        "--sha256",
        sha_of(artifact),
        *repo,
    )
    assert code == 0 and receipts_of(session)[-1]["event"] == "edit_answer"
    assert [q.id for q in load_artifact(artifact).questions][:4] == ["Q01", "Q02", "Q03", "Q04"]
    sha = sha_of(artifact)
    code, _, err = run("edit", str(artifact), "Q01", "--skip-reason", "x", "--sha256", sha, *repo)
    assert code == 2 and "was not skipped" in err
    code, _, err = run("edit", str(artifact), "Q16", "--answer", "no", "--sha256", sha, *repo)
    assert code == 2 and "cannot be edited" in err
    assert run("approve", str(artifact), "--sha256", sha, *repo)[0] == 0
    assert "- legacy API" in requirements.read_text() and "stale" not in requirements.read_text()


def test_adaptive_answer_types_and_approval(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    script = ["1", "o2", "Retry only the nightly billing job, never checkout", *COOPERATIVE]
    assert interview(root, script, IDEA).returncode == 0
    artifact = root / "docs/interview.yaml"
    questions = {q.id: q for q in load_artifact(artifact).questions}
    assert questions["R0"].answer_type == "single_choice"
    by_id = questions["R1"]
    assert (by_id.answer_type, by_id.answer.selected_option_ids, by_id.answer.free_text) == (  # type: ignore[union-attr]
        "single_choice",
        ["o2"],
        None,
    )
    by_number = questions["R3"]
    assert by_number.answer.selected_option_ids == ["o1"] and by_number.answer.free_text is None  # type: ignore[union-attr]
    free = questions["R2"]
    assert free.answer.selected_option_ids == [] and free.answer.free_text.startswith("Retry only")  # type: ignore[union-attr]
    approval_flow(artifact, root)
    spec = next((root / "docs/specs").glob("*.md")).read_text()
    assert "interview_sha256: " in spec


def test_adaptive_multiple_choice_with_a_note(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    # answer every question with option 1, except change points: two options and a note
    done = interview(root, ["1"] * 8 + ["1, 2: and the retry job"] + ["1"] * 10, IDEA)
    assert done.returncode == 0, done.stderr
    question = next(
        q
        for q in load_artifact(root / "docs/interview.yaml").questions
        if q.answer_type == "multiple_choice"
    )
    assert question.answer is not None
    assert question.answer.selected_option_ids == ["o1", "o2"]
    assert question.answer.free_text == "and the retry job"


def test_state_and_artifact_agree(tmp_path: Path) -> None:
    session = phases(tmp_path, ["T", "G", "m1"])
    on_disk = (tmp_path / "docs/interview.yaml").read_text()
    assert on_disk == render(build_artifact(load(session.state_path), session.state_path.name))
    assert isinstance(session.state, InterviewState)


def test_missing_or_wrong_files_are_one_line_errors(tmp_path: Path) -> None:
    missing = str(tmp_path / "nope.yaml")
    for args in (["show", missing], ["status", missing], ["approve", missing, "--sha256", "ab"]):
        code, _, err = run(*args, "--repo", str(tmp_path)) if args[0] != "show" else run(*args)
        assert code == 1 and err.startswith("error: ") and err.count("\n") == 1, (args, err)
    session = phases(tmp_path, ["T"])
    code, _, err = run(
        "interview", "--resume", str(tmp_path / "docs/interview.yaml"), "--repo", str(tmp_path)
    )
    assert code == 1
    assert err == (
        f"error: {tmp_path / 'docs/interview.yaml'} is an interview artifact, not a state file; "
        f"resume {session.state_path.name}\n"
    )
