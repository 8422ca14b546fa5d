"""Seed 000's CLI contract and seed 002's artifact rules, through real subprocesses: the
seed's own script and state files, hand edits of interview.yaml, files keyed by the
interview, and edits after approval (archived, the compiled documents stale)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from brownfield.interview.adaptive.state import AdaptiveState
from brownfield.interview.phases.state import load
from brownfield.interview.review.artifact import load_artifact
from brownfield.interview.session import load_any
from tests.interview.test_adaptive import COOPERATIVE, IDEA, NOW, SLUG, sample
from tests.interview.test_phases import FULL
from tests.interview.test_requirements import assert_golden

#: Seed 000's script: title, goal, skip, skip, in scope, skip, skip, functional, skip x7, yes.
SEED_SCRIPT = [
    "My App",
    "A CLI tool",
    "skip",
    "skip",
    "feature A, feature B",
    "skip",
    "skip",
    "req1, req2",
    *["skip"] * 7,
    "yes",
]


def bf(cwd: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "brownfield", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "BROWNFIELD_NOW": NOW},
        check=False,
    )


def lines(answers: list[str]) -> str:
    return "".join(a + "\n" for a in answers)


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def shown_sha(cwd: Path, artifact: str) -> str:
    done = bf(cwd, "show", artifact, "--json")
    assert done.returncode == 0, done.stderr
    return str(json.loads(done.stdout)["sha256"])


# -- seed 000's CLI contract -----------------------------------------------------------------


@pytest.mark.parametrize(
    "flags", [["--non-interactive"], [], ["--mode", "phases", "--non-interactive"]]
)
def test_the_seed_script_completes_with_the_seeds_requirements(
    tmp_path: Path, flags: list[str]
) -> None:
    done = bf(tmp_path, "interview", "test", *flags, stdin=lines(SEED_SCRIPT))
    assert done.returncode == 0, done.stderr
    assert_golden((tmp_path / "docs/REQUIREMENTS.md").read_text(), "requirements-seed.md")
    state = load(tmp_path / "docs/INTERVIEW-test.yaml")
    assert (state.status, state.phase, state.progress) == ("complete", "complete", 1.0)
    assert [t.answer for t in state.history] == SEED_SCRIPT  # `yes` is the confirmation
    assert state.history[-1].field == "_confirm"
    assert state.requirements_path == "docs/REQUIREMENTS.md"
    if "--non-interactive" in flags:
        assert done.stdout == (
            "Requirements written to docs/REQUIREMENTS.md\n"
            "Interview state saved to docs/INTERVIEW-test.yaml\n"
        )
    else:
        assert "Review complete. Ready to generate REQUIREMENTS.md? (yes/no)" in done.stdout


def test_the_seeds_piped_example_pauses_with_exit_2(tmp_path: Path) -> None:
    done = bf(tmp_path, "interview", "test", "--non-interactive", stdin="My App\nA CLI tool\n")
    assert done.returncode == 2
    assert done.stdout == (
        "Interview paused. Resume with: brownfield interview --resume docs/INTERVIEW-test.yaml\n"
    )
    again = bf(
        tmp_path,
        "interview",
        "--resume",
        "docs/INTERVIEW-test.yaml",
        "--non-interactive",
        stdin=lines(SEED_SCRIPT[2:]),
    )
    assert again.returncode == 0, again.stderr
    assert_golden((tmp_path / "docs/REQUIREMENTS.md").read_text(), "requirements-seed.md")


#: A state file as seed 000's own tool writes it: `mode: deterministic`, no schema_version,
#: turns without `field`, fields absent or null until asked, an empty (Go zero) goal.
SEED_STATE = """\
id: 6a1f0e4e-8a52-4d47-9d3c-0a4b6cbb1b7e
slug: my-app
status: in_progress
mode: deterministic
description: My App
created_at: 2026-05-12T10:00:00.123456789Z
updated_at: 2026-05-12T10:01:30Z
phase: overview
question_cursor: 3
max_questions: 18
progress: 0.1875
spec_data:
  overview:
    title: My App
    goal: A CLI tool
    success_metrics: []
  scope: {}
  requirements:
    functional: null
  interfaces: {}
history:
  - turn_number: 1
    phase: overview
    question: What is the title of this project or feature?
    answer: My App
    timestamp: 2026-05-12T10:00:10Z
  - turn_number: 2
    phase: overview
    question: What is the primary goal? (one sentence)
    answer: A CLI tool
    timestamp: 2026-05-12T10:00:50+02:00
  - turn_number: 3
    phase: overview
    question: What are the success metrics? (comma-separated) (or type 'skip' to skip)
    answer: skip
    timestamp: 2026-05-12T10:01:30Z
requirements_path: ""
"""


def test_a_seed_000_state_file_resumes_to_completion(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    path = docs / "INTERVIEW-my-app.yaml"
    path.write_text(SEED_STATE)
    done = bf(
        tmp_path,
        "interview",
        "--resume",
        "docs/INTERVIEW-my-app.yaml",
        "--non-interactive",
        stdin=lines(SEED_SCRIPT[3:]),
    )
    assert done.returncode == 0, done.stderr
    original = docs / "INTERVIEW-my-app.yaml.seed-000"
    assert original.read_text() == SEED_STATE  # kept beside it, byte for byte
    state = load(path)
    assert (state.status, state.phase, state.mode) == ("complete", "complete", "phases")
    assert state.migrations == ["seed-000"] and state.schema_version == 1
    assert [t.field for t in state.history[:4]] == ["title", "goal", "success_metrics", "non_goals"]
    assert len(state.history) == 16 and state.review.enabled is False
    text = (docs / "REQUIREMENTS.md").read_text()
    assert text.startswith("# Requirements: My App\n") and "1. feature A" in text
    assert_golden(text.replace("INTERVIEW-my-app", "INTERVIEW-test"), "requirements-seed.md")


def test_a_seed_000_state_is_only_read_until_something_is_saved(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    complete = SEED_STATE.replace("status: in_progress", "status: complete")
    (docs / "INTERVIEW-my-app.yaml").write_text(complete)
    done = bf(tmp_path, "interview", "--resume", "docs/INTERVIEW-my-app.yaml")
    assert done.returncode == 0 and "already complete" in done.stdout
    assert (docs / "INTERVIEW-my-app.yaml").read_text() == complete  # a no-op, untouched
    assert not (docs / "INTERVIEW-my-app.yaml.seed-000").exists()
    llm = docs / "INTERVIEW-llm.yaml"
    llm.write_text(SEED_STATE.replace("mode: deterministic", "mode: llm"))
    refused = bf(tmp_path, "interview", "--resume", "docs/INTERVIEW-llm.yaml")
    assert refused.returncode == 1 and "llm mode" in refused.stderr
    unknown = docs / "INTERVIEW-odd.yaml"
    unknown.write_text(SEED_STATE.replace("question: What is the primary goal", "question: Why"))
    refused = bf(tmp_path, "interview", "--resume", "docs/INTERVIEW-odd.yaml")
    assert refused.returncode == 1
    assert "history.1.question: not a question of seed 000's bank" in refused.stderr


# -- hand edits of interview.yaml (seed 002's raw YAML editor) -------------------------------


def completed_phases(tmp_path: Path) -> Path:
    done = bf(tmp_path, "interview", "Rate limiter", "--non-interactive", stdin=lines(FULL))
    assert done.returncode == 0, done.stderr
    return tmp_path / "docs/interview.yaml"


def edit_yaml(path: Path, change: object) -> str:
    data = yaml.safe_load(path.read_text())
    change(data)  # type: ignore[operator]
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    path.write_text(text)
    return text


def question(data: dict[str, object], qid: str) -> dict[str, object]:
    return next(q for q in data["questions"] if q["id"] == qid)  # type: ignore[attr-defined,index]


def test_a_hand_edit_is_applied_approved_and_kept(tmp_path: Path) -> None:
    artifact = completed_phases(tmp_path)
    state_path = tmp_path / "docs/INTERVIEW-rate-limiter.yaml"

    def change(data: dict[str, object]) -> None:
        out_of_scope = question(data, "Q06")["answer"]  # skipped (SKIP)
        out_of_scope.update(skipped=False, free_text="admin logins")  # type: ignore[attr-defined]
        question(data, "Q02")["answer"]["free_text"] = "Stop credential stuffing"  # type: ignore[index]
        data["ticket_id"] = "SEC-12"

    edited = edit_yaml(artifact, change)
    stale = bf(tmp_path, "approve", "docs/interview.yaml", "--sha256", sha(artifact))
    assert stale.returncode == 1  # the edit is applied first; the bytes are canonical now
    assert "(a hand edit was applied to it)" in stale.stderr
    assert artifact.read_text() != edited
    shown = bf(tmp_path, "show", "docs/interview.yaml")
    assert shown.returncode == 0 and shown.stderr == ""  # applied once, not again
    current = shown_sha(tmp_path, "docs/interview.yaml")
    done = bf(tmp_path, "approve", "docs/interview.yaml", "--sha256", current, "--by", "alice")
    assert done.returncode == 0, done.stderr
    status = bf(tmp_path, "status", "docs/interview.yaml")
    assert status.stdout.startswith("approved: approved by alice")
    # kept: in the state, the artifact, REQUIREMENTS.md, across a resume
    assert bf(tmp_path, "interview", "--resume", str(state_path)).returncode == 0
    state = load(state_path)
    assert state.spec_data.scope.out_of_scope == ["admin logins"]
    assert state.spec_data.overview.goal == "Stop credential stuffing"
    assert state.review.approval is not None and state.review.approval.reviewed_sha256 == current
    loaded = load_artifact(artifact)
    assert loaded.ticket_id == "SEC-12" and loaded.status == "approved"
    answers = {q.id: q.answer for q in loaded.questions}
    assert answers["Q06"].free_text == "admin logins"  # type: ignore[union-attr]
    assert answers["Q06"].answered_by == "user"  # type: ignore[union-attr]
    requirements = (tmp_path / "docs/REQUIREMENTS.md").read_text()
    assert "## Project Type\nStop credential stuffing\n" in requirements
    assert "### Out of Scope\n- admin logins" in requirements
    receipts = [
        json.loads(line)
        for line in (tmp_path / "docs/INTERVIEW-rate-limiter.receipts.jsonl")
        .read_text()
        .splitlines()
    ]
    mine = [
        (r["event"], r["question_id"], r["surface"])
        for r in receipts
        if r["action_id"] == "hand-edit-1"
    ]
    assert mine == [
        ("hand_edit", None, "yaml"),
        ("edit_answer", "Q02", "yaml"),
        ("resolve", "Q06", "yaml"),
    ]


@pytest.mark.parametrize(
    "command",
    [
        ["show", "docs/interview.yaml"],
        ["status", "docs/interview.yaml"],
        ["approve", "docs/interview.yaml", "--sha256", "0" * 64],
        ["edit", "docs/interview.yaml", "Q03", "--answer", "x", "--sha256", "0" * 64],
        ["interview", "--resume", "docs/INTERVIEW-rate-limiter.yaml"],
    ],
)
def test_an_invalid_hand_edit_is_refused_field_by_field_and_nothing_changes(
    tmp_path: Path, command: list[str]
) -> None:
    artifact = completed_phases(tmp_path)
    state_path = tmp_path / "docs/INTERVIEW-rate-limiter.yaml"

    def change(data: dict[str, object]) -> None:
        question(data, "Q01")["answer"].update(skipped=True, free_text=None)  # type: ignore[attr-defined]
        question(data, "Q03")["prompt"] = "What is success?"
        question(data, "Q16")["answer"]["selected_option_ids"] = ["maybe"]  # type: ignore[index]
        data["summary"]["goals"] = ["something else"]  # type: ignore[index]
        data["status"] = "approved"

    edited = edit_yaml(artifact, change)
    before = state_path.read_bytes(), (tmp_path / "docs/REQUIREMENTS.md").read_bytes()
    done = bf(tmp_path, *command)
    assert done.returncode == 1
    assert done.stderr.startswith(
        f"error: the hand edit of {Path('docs/interview.yaml')} is refused"
    )
    for field in (
        "status: set by `brownfield approve --sha256`",
        "summary.goals: derived from the answers",
        "questions.2.prompt (Q03): cannot be changed",
        "questions.15.answer (Q16).selected_option_ids: no option maybe",
    ):
        assert field in done.stderr, field
    assert done.stderr.count("\n") == 1
    assert artifact.read_text() == edited
    assert (state_path.read_bytes(), (tmp_path / "docs/REQUIREMENTS.md").read_bytes()) == before


def test_a_hand_edit_that_breaks_the_schema_or_a_rule_is_refused(tmp_path: Path) -> None:
    artifact = completed_phases(tmp_path)
    text = artifact.read_text()
    artifact.write_text(text.replace("answered_at: '", "answered_at: 'yesterday", 1))
    done = bf(tmp_path, "status", "docs/interview.yaml")
    assert done.returncode == 1 and "questions.0.answer.answered_at" in done.stderr
    artifact.write_text(text.replace("ticket_id: null", "ticket_id: [", 1))
    done = bf(tmp_path, "status", "docs/interview.yaml")
    assert done.returncode == 1 and "is not valid YAML at line" in done.stderr

    def skip_required(data: dict[str, object]) -> None:
        question(data, "Q05")["answer"].update(skipped=True, free_text=None)  # type: ignore[attr-defined]

    artifact.write_text(text)
    edit_yaml(artifact, skip_required)
    done = bf(tmp_path, "status", "docs/interview.yaml")
    assert done.returncode == 1
    assert "Q05: Q05 (in_scope) is required and cannot be skipped" in done.stderr


# -- every interview has its own files --------------------------------------------------------


def test_two_interviews_on_one_idea_keep_their_own_files(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    assert bf(root, "interview", IDEA, stdin=lines(COOPERATIVE)).returncode == 0
    docs = root / "docs"
    first = {p: p.read_bytes() for p in docs.rglob("*") if p.is_file()}
    second = bf(
        root,
        "interview",
        IDEA,
        "--non-interactive",
        stdin=lines(["1", "skip: later", *COOPERATIVE]),
    )
    assert second.returncode == 0, second.stderr
    assert {p: p.read_bytes() for p in first} == first  # nothing of the first overwritten
    key = f"{SLUG}-2"
    for name in (
        f"INTERVIEW-{key}.yaml",
        f"interview-{key}.yaml",
        f"INTERVIEW-{key}.receipts.jsonl",
        f"specs/{key}.md",
        f"REQUIREMENTS-{key}.md",
    ):
        assert (docs / name).is_file(), name
    state = load_any(docs / f"INTERVIEW-{key}.yaml")
    assert isinstance(state, AdaptiveState)
    assert state.spec_path == f"docs/specs/{key}.md"
    assert load_artifact(docs / f"interview-{key}.yaml").generated_by.interview_id == state.id
    receipts = (docs / f"INTERVIEW-{key}.receipts.jsonl").read_text().splitlines()
    assert [json.loads(r)["event"] for r in receipts][:1] == ["skip"]  # its own log
    assert not (docs / f"INTERVIEW-{SLUG}.receipts.jsonl").exists()  # the first skipped nothing


def test_two_phases_interviews_on_one_idea_log_their_own_skips(tmp_path: Path) -> None:
    for _ in range(2):
        assert (
            bf(
                tmp_path, "interview", "Same idea", "--non-interactive", stdin=lines(FULL)
            ).returncode
            == 0
        )
    docs = tmp_path / "docs"
    for key in ("same-idea", "same-idea-2"):
        log = [
            json.loads(r)
            for r in (docs / f"INTERVIEW-{key}.receipts.jsonl").read_text().splitlines()
        ]
        assert [(r["question_id"], r["event"]) for r in log] == [
            ("Q06", "skip"),
            ("Q07", "skip"),
            ("Q09", "skip"),
            ("Q15", "skip"),
        ]
    assert (docs / "REQUIREMENTS-same-idea-2.md").is_file()
    assert "from INTERVIEW-same-idea.yaml" in (docs / "REQUIREMENTS.md").read_text()


# -- an edit after approval -------------------------------------------------------------------


def test_an_edit_after_approval_archives_it_and_marks_the_spec_stale(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    assert bf(root, "interview", IDEA, stdin=lines(COOPERATIVE)).returncode == 0
    artifact, spec = "docs/interview.yaml", f"docs/specs/{SLUG}.md"
    approved_sha = shown_sha(root, artifact)
    assert bf(root, "approve", artifact, "--sha256", approved_sha).returncode == 0
    approved_sha = sha(root / artifact)
    approved = (root / artifact).read_bytes()
    spec_before = (root / spec).read_text()
    missing = bf(root, "edit", artifact, "R10", "--answer", "o2")
    assert missing.returncode == 2 and "--sha256 is required" in missing.stderr
    done = bf(root, "edit", artifact, "R10", "--answer", "o2", "--sha256", approved_sha)
    assert done.returncode == 0, done.stderr
    assert "the approved version is archived at" in done.stderr
    # the approved version, named with its hash and approval time
    archived = sorted((root / "docs/archive").iterdir())
    stamp = r"\d{8}T\d{6}Z"
    assert [re.sub(stamp, "T", p.name) for p in archived] == [
        f"REQUIREMENTS-{SLUG}-T-{approved_sha}.md",
        f"interview-{SLUG}-T-{approved_sha}.yaml",
        f"spec-{SLUG}-T-{approved_sha}.md",
    ]
    assert archived[1].read_bytes() == approved
    assert archived[2].read_text() == spec_before
    # the edit is a new draft; `o2` is the option's label
    loaded = load_artifact(root / artifact)
    r10 = next(q for q in loaded.questions if q.id == "R10")
    assert loaded.status == "draft" and r10.answer is not None
    assert r10.answer.selected_option_ids == ["o2"] and r10.answer.free_text is None
    state = load_any(root / f"docs/INTERVIEW-{SLUG}.yaml")
    assert isinstance(state, AdaptiveState)
    limits = next(s for c in state.topology.components for s in c.slots if s.name == "limits")
    assert limits.value == "It must not make retry_failed noticeably slower"
    # stale until approved again: status and verify say so
    status = bf(root, "status", artifact, "--json")
    report = json.loads(status.stdout)
    assert report["status"] == "draft" and report["stale"] == [spec, "docs/REQUIREMENTS.md"]
    assert "edited after approval" in report["detail"] and approved_sha in report["detail"]
    verified = bf(root, "verify", spec)
    assert (
        verified.returncode == 1
        and "stale: derived from the interview approved as" in verified.stdout
    )
    assert json.loads(bf(root, "verify", spec, "--json").stdout)["stale"].startswith("derived from")
    assert (root / "docs/REQUIREMENTS.md").read_text().startswith("<!-- brownfield: stale")
    assert "It must not make retry_failed noticeably slower" not in (root / spec).read_text()
    again = shown_sha(root, artifact)
    assert bf(root, "approve", artifact, "--sha256", again).returncode == 0
    assert bf(root, "verify", spec).returncode == 0
    assert "It must not make retry_failed noticeably slower" in (root / spec).read_text()
    assert "stale" not in (root / "docs/REQUIREMENTS.md").read_text().splitlines()[0]
    assert bf(root, "status", artifact).stdout.startswith("approved:")


# -- seed 004's spec contract ----------------------------------------------------------------


def test_each_scored_round_in_the_transcript_shows_its_dimension_scores(tmp_path: Path) -> None:
    """Seed 004: `**Q:** {question}  **A:** {answer}  **Ambiguity:** {score}% (Goal: {g},
    Constraints: {c}, Criteria: {cr})`, with Context in a brownfield interview; the scores
    give the ambiguity by the brownfield weights."""
    from tests.interview.test_adaptive import interview

    root = sample("shop", tmp_path)
    assert interview(root, COOPERATIVE, IDEA).returncode == 0
    spec = (root / f"docs/specs/{SLUG}.md").read_text()
    transcript = spec.split("## Interview Transcript")[1]
    scored = re.findall(
        r"^\*\*Q:\*\* .+  \*\*A:\*\* .*  \*\*Ambiguity:\*\* (\d+)% \(Goal: ([\d.]+), "
        r"Constraints: ([\d.]+), Criteria: ([\d.]+), Context: ([\d.]+)\)$",
        transcript,
        re.M,
    )
    state = load_any(root / f"docs/INTERVIEW-{SLUG}.yaml")
    assert isinstance(state, AdaptiveState)
    assert len(scored) == sum(1 for r in state.rounds if r.ambiguity is not None and r.scores)
    assert len(scored) >= 5
    for shown, *scores in scored:
        g, c, cr, ctx = (float(s) for s in scores)
        clarity = 0.35 * g + 0.25 * c + 0.25 * cr + 0.15 * ctx
        assert abs(int(shown) - 100 * (1 - clarity)) <= 1, (shown, scores)


def test_each_round_reports_seed_004s_progress(tmp_path: Path) -> None:
    """Seed 004 Step 2d: `Round {n} complete.`, the table with a Gap column, then the
    Topology, Ontology and Milestone lines (a milestone change convenes the panel) and the
    closing line."""
    from tests.interview.test_adaptive import interview

    root = sample("shop", tmp_path)
    done = interview(root, COOPERATIVE, IDEA)
    assert done.returncode == 0, done.stderr
    marker, announcement = done.stdout.splitlines()[:2]  # seed 004 Phase 0 and step 6
    assert marker == "Interview threshold: 5% (source: default)"
    assert announcement == (
        "Starting the interview. I'll ask targeted questions to understand your idea thoroughly "
        "before anything is built. After each answer, I'll show your clarity score. We'll "
        f'proceed once ambiguity drops below 5%. Your idea: "{IDEA}" | Project type: brownfield '
        "(the idea's words match 5 existing definition(s), e.g. app.jobs.billing.retry_failed) "
        "| Current ambiguity: 100% (we haven't started yet)"
    )
    reports = re.findall(r"Round \d+ complete\.\n\n((?:.+\n)+)\n((?:.+\n)+)", done.stdout)
    assert len(reports) >= 8, done.stdout
    milestones = []
    for table, after in reports:
        rows = [row.split(" | ")[0].strip("| ") for row in table.splitlines()]
        assert rows[0] == "Dimension" and table.startswith(
            "| Dimension | Score | Weight | Weighted | Gap |\n"
        )
        assert rows[2:6] == ["Goal", "Constraints", "Success Criteria", "Context (brownfield)"]
        assert re.search(r"\*\*Ambiguity\*\* \| \| \| \*\*\d+% -> \d+% (up|down|flat)\*\*", table)
        lines = after.splitlines()
        assert re.fullmatch(
            r"\*\*Topology:\*\* Targeted .+ \| Active: 1 \| Deferred: 0 \| Next rotation after: C1",
            lines[0],
        ), lines
        assert re.match(r"\*\*Ontology:\*\* \d+ entities \| Stability: ", lines[1]), lines
        milestone = re.match(
            r"\*\*Milestone:\*\* \w+ → (\w+)( — lateral panel convened)?", lines[2]
        )
        assert milestone, lines
        milestones.append(milestone.groups())
        assert lines[3].startswith(("Focusing next question on: ", "Clarity threshold met!"))
    convened = [m for m, note in milestones if note]
    assert convened == ["progress", "refined"], milestones  # the panels of rounds 5 and 9
