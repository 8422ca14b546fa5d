"""The interview on hostile state, artifact and answer input: nothing written or read outside
the docs folder, nothing lost, every error one line (issue 18, the interview side).

Most cases run a phases interview in a folder without source files (fast, no graph); the
cases about the graph and the spec run the adaptive interview on the `shop` sample. Cases
about processes (two writers on one state, a killed interview, bytes on stdin) use real
subprocesses.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError

from brownfield.errors import BrownfieldError
from brownfield.interview.approval import review
from brownfield.interview.engine.intake import clean_text
from brownfield.interview.engine.json_lines import parse_json_answer
from brownfield.interview.engine.words import answer_word, asks_to_implement, choose
from brownfield.interview.review.artifact import load_artifact
from brownfield.interview.session import load_any, resume
from brownfield.mcp_server import create_server
from brownfield.text import one_line
from tests.hostile.conftest import assert_one_error_line, corrupt_tables
from tests.interview.test_adaptive import COOPERATIVE, IDEA, NOW, SLUG, sample
from tests.interview.test_phases import FULL

STATE = "docs/INTERVIEW-rate-limiter.yaml"
STRIPPED = [a.strip() for a in FULL]  # the answers as the state keeps them
ARTIFACT = "docs/interview.yaml"


def bf(
    cwd: Path, *args: str, stdin: bytes | str = b"", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """The command line in a fresh process, run in `cwd` (the repository)."""
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    done = subprocess.run(
        [sys.executable, "-m", "brownfield", *args],
        input=data,
        capture_output=True,
        cwd=cwd,
        env={**os.environ, "BROWNFIELD_NOW": NOW, **(env or {})},
        timeout=120,
        check=False,
    )
    return subprocess.CompletedProcess(
        done.args,
        done.returncode,
        done.stdout.decode("utf-8", "replace"),
        done.stderr.decode("utf-8", "replace"),
    )


def lines(answers: list[str]) -> str:
    return "".join(a + "\n" for a in answers)


def assert_one_line(done: subprocess.CompletedProcess[str], prefix: str = "error: ") -> None:
    assert_one_error_line(done.returncode, done.stderr.splitlines(True)[-1], prefix)
    assert "Traceback" not in done.stderr


def paused(repo: Path, answers: list[str] = FULL[:3]) -> Path:
    """A phases interview paused after `answers`; its state file."""
    done = bf(repo, "interview", "Rate limiter", "--non-interactive", stdin=lines(answers))
    assert done.returncode == 2, done.stderr
    return repo / STATE


def completed(repo: Path) -> Path:
    """A phases interview run to its end; its artifact."""
    done = bf(repo, "interview", "Rate limiter", "--non-interactive", stdin=lines(FULL))
    assert done.returncode == 0, done.stderr
    return repo / ARTIFACT


def edit_yaml(path: Path, change: Any) -> None:
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


def tree(root: Path) -> dict[str, bytes]:
    """Every regular file under `root` and its bytes (symlinks not followed)."""
    found = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = Path(folder) / name
            if path.is_file() and not path.is_symlink():
                found[str(path.relative_to(root))] = path.read_bytes()
    return found


def sha_of(repo: Path, artifact: str = ARTIFACT) -> str:
    done = bf(repo, "show", artifact, "--json")
    assert done.returncode == 0, done.stderr
    return str(json.loads(done.stdout)["sha256"])


def mcp(root: Path, tool: str, arguments: dict[str, Any]) -> Any:
    server = create_server(root)
    return asyncio.run(server.call_tool(tool, arguments))


# -- 1. state and artifact fields used as paths ------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("artifact_path", "../../victim.yaml"),
        ("artifact_path", "ABSOLUTE"),
        ("artifact_path", "interview-x.yaml/../../../victim.yaml"),
        ("artifact_path", "INTERVIEW-rate-limiter.yaml"),  # the state itself
        ("artifact_path", "notes.txt"),
        ("requirements_path", "../victim.md"),
        ("requirements_path", "ABSOLUTE"),
        ("requirements_path", "docs/INTERVIEW-rate-limiter.yaml"),
    ],
)
def test_state_fields_that_lead_out_are_refused(repo: Path, field: str, value: str) -> None:
    victim = repo.parent / ("victim.md" if field == "requirements_path" else "victim.yaml")
    victim.write_text("precious\n")
    completed(repo)
    state = repo / STATE
    given = str(victim) if value == "ABSOLUTE" else value

    def point(data: dict[str, Any]) -> None:
        if field == "artifact_path":
            data["review"]["artifact_path"] = given
        else:
            data["requirements_path"] = given

    edit_yaml(state, point)
    before = tree(repo.parent)
    sha = sha_of_file(repo / ARTIFACT)
    for args in (
        ("interview", "--resume", STATE),
        ("show", ARTIFACT),
        ("status", ARTIFACT),
        ("approve", ARTIFACT, "--sha256", sha),
        ("edit", ARTIFACT, "Q02", "--answer", "Other goal", "--sha256", sha),
    ):
        done = bf(repo, *args)
        assert_one_line(done, "error: the interview state")
        assert "is refused" in done.stderr, (args, done.stderr)
    assert tree(repo.parent) == before  # nothing written, the victim untouched
    assert victim.read_text() == "precious\n"


def sha_of_file(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_mcp_interview_answer_refuses_a_state_whose_field_leads_out(repo: Path) -> None:
    victim = repo.parent / "victim.yaml"
    victim.write_text("precious\n")
    state = paused(repo)
    edit_yaml(state, lambda d: d["review"].update(artifact_path="../../victim.yaml"))
    before = tree(repo.parent)
    with pytest.raises(MCPError) as raised:
        mcp(repo, "interview_answer", {"state_path": STATE, "answer": "more"})
    assert raised.value.message.startswith("error: the interview state")
    assert "\n" not in raised.value.message
    assert tree(repo.parent) == before


@pytest.mark.parametrize("value", ["../../outside.yaml", "/etc/passwd", "sub/INTERVIEW-x.yaml", ""])
def test_an_artifact_naming_a_state_elsewhere_is_refused(repo: Path, value: str) -> None:
    artifact = completed(repo)
    outside = repo.parent / "outside.yaml"
    outside.write_bytes((repo / STATE).read_bytes())  # a valid state, outside
    edit_yaml(artifact, lambda d: d["generated_by"].update(state_path=value))
    before = tree(repo.parent)
    for command in ("show", "status"):
        done = bf(repo, command, ARTIFACT)
        assert_one_line(done, "error: the interview artifact")
    done = bf(repo, "approve", ARTIFACT, "--sha256", sha_of_file(artifact))
    assert_one_line(done, "error: the interview artifact")
    assert tree(repo.parent) == before


def test_names_brownfield_derives_from_a_state_file_name_are_sanitised(repo: Path) -> None:
    state = paused(repo, FULL[:5])
    edit_yaml(state, lambda d: d["review"].update(artifact_path=None))
    odd = repo / "docs" / "INTERVIEW-..;$(touch x)\x1b[31m.yaml"
    state.rename(odd)
    (repo / ARTIFACT).unlink()
    (repo / "docs/interview.yaml").write_text("a file another tool wrote\n")  # taken
    done = bf(repo, "interview", "--resume", str(odd), "--non-interactive", stdin=lines(FULL[5:]))
    assert done.returncode == 0, done.stderr
    names = sorted(os.listdir(repo / "docs"))
    derived = [n for n in names if n != odd.name and not n.startswith(".")]
    assert all(re.fullmatch(r"[A-Za-z0-9._-]+", n) for n in derived), derived
    assert "interview-touch-x-31m.yaml" in derived  # the key: unsafe runs become one dash
    assert "INTERVIEW-touch-x-31m.receipts.jsonl" in derived
    assert not (repo / "x").exists()


# -- 2. symlinks -----------------------------------------------------------------------------


def test_a_symlinked_docs_folder_is_refused(repo: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (repo / "docs").symlink_to(outside)
    done = bf(repo, "interview", "Rate limiter", "--non-interactive", stdin=lines(FULL[:2]))
    assert_one_line(done, "error: refusing to use")
    assert "symlink" in done.stderr
    assert os.listdir(outside) == []
    (repo / "docs").unlink()
    (repo / "real").mkdir()
    (repo / "docs").symlink_to(repo / "real")  # a link that stays inside: refused too
    done = bf(repo, "interview", "Rate limiter", "--non-interactive", stdin=lines(FULL[:2]))
    assert_one_line(done, "error: refusing to use")
    assert os.listdir(repo / "real") == []


def test_a_state_in_a_symlinked_docs_folder_is_refused_on_resume(repo: Path) -> None:
    paused(repo)
    (repo / "docs").rename(repo / "real")
    (repo / "docs").symlink_to(repo / "real")
    done = bf(repo, "interview", "--resume", STATE, "--non-interactive", stdin="more\n")
    assert_one_line(done, "error: refusing to use")


def test_a_symlinked_state_file_is_refused_on_resume(repo: Path, tmp_path: Path) -> None:
    state = paused(repo)
    outside = tmp_path / "outside-state.yaml"
    outside.write_bytes(state.read_bytes())
    state.unlink()
    state.symlink_to(outside)
    done = bf(repo, "interview", "--resume", STATE, "--non-interactive", stdin="more\n")
    assert_one_line(done, "error: cannot read the interview state")
    assert "symlink" in done.stderr
    assert outside.read_bytes() == (tmp_path / "outside-state.yaml").read_bytes()
    assert state.is_symlink()


def test_symlinked_receipts_artifact_and_requirements_are_never_written_through(
    repo: Path, tmp_path: Path
) -> None:
    victims = {name: tmp_path / f"victim-{name}" for name in ("receipts", "artifact", "req")}
    for victim in victims.values():
        victim.write_text("precious\n")
    docs = repo / "docs"
    docs.mkdir()
    (docs / "interview.yaml").symlink_to(victims["artifact"])
    (docs / "REQUIREMENTS.md").symlink_to(victims["req"])
    (docs / "INTERVIEW-rate-limiter.receipts.jsonl").symlink_to(victims["receipts"])
    done = bf(repo, "interview", "Rate limiter", "--non-interactive", stdin=lines(FULL))
    # the receipts log cannot be read (it is checked at every save): one line, state kept
    assert_one_line(done, "error: cannot read the receipts log")
    assert "symlink" in done.stderr and f"the answers are saved in {repo / STATE}" in done.stderr
    assert all(v.read_text() == "precious\n" for v in victims.values())
    assert (docs / "interview-rate-limiter.yaml").is_file()  # not the linked interview.yaml
    history = yaml.safe_load((repo / STATE).read_text())["history"]
    assert history == []  # refused at the first save, before any question
    (docs / "INTERVIEW-rate-limiter.receipts.jsonl").unlink()
    done = bf(repo, "interview", "--resume", STATE, "--non-interactive", stdin=lines(FULL))
    assert done.returncode == 0, done.stderr
    assert "Requirements written to docs/REQUIREMENTS-rate-limiter.md" in done.stdout
    assert all(v.read_text() == "precious\n" for v in victims.values())
    assert (docs / "REQUIREMENTS.md").is_symlink()


def test_a_recorded_artifact_turned_into_a_symlink_out_is_refused(
    repo: Path, tmp_path: Path
) -> None:
    paused(repo)
    victim = tmp_path / "victim.yaml"
    victim.write_text("precious\n")
    (repo / ARTIFACT).unlink()
    (repo / ARTIFACT).symlink_to(victim)
    done = bf(repo, "interview", "--resume", STATE, "--non-interactive", stdin="more\n")
    assert_one_line(done, "error: the interview state")
    assert "leads outside" in done.stderr
    assert victim.read_text() == "precious\n"


def test_the_spec_and_a_brief_replace_symlinks_instead_of_writing_through(
    tmp_path: Path,
) -> None:
    root = sample("shop", tmp_path)
    victim = tmp_path / "victim.md"
    victim.write_text("precious\n")
    specs = root / "docs/specs"
    specs.mkdir(parents=True)
    (specs / f"{SLUG}.md").symlink_to(victim)
    (specs / f"{SLUG}.brief.md").symlink_to(victim)
    events = drive_json(root, IDEA, lambda q: "3" if q["id"] == "HANDOFF" else "1")
    assert events[-1]["type"] == "complete" and events[-1]["handoff"] == "brief"
    assert victim.read_text() == "precious\n"
    for name in (f"{SLUG}.md", f"{SLUG}.brief.md"):
        assert not (specs / name).is_symlink() and (specs / name).stat().st_size > 0


def drive_json(root: Path, idea: str, answer: Any) -> list[dict[str, Any]]:
    """An adaptive interview in JSON lines, each question answered by `answer(question)`."""
    process = subprocess.Popen(
        [sys.executable, "-m", "brownfield", "interview", idea, "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=root,
        env={**os.environ, "BROWNFIELD_NOW": NOW},
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    events = []
    try:
        for line in process.stdout:
            event = json.loads(line)
            events.append(event)
            if event["type"] == "question":
                process.stdin.write(json.dumps({"answer": answer(event)}) + "\n")
                process.stdin.flush()
        assert process.wait(120) == 0, process.stderr.read() if process.stderr else ""
    finally:
        _finish(process)
    return events


# -- 3. the MCP interview tools --------------------------------------------------------------


def test_mcp_interview_tools_stay_inside_the_repository(repo: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("root:$6$leakedhash:19000:0:99999:7:::\npassword: hunter2\n")
    paused(repo)
    outside_state = tmp_path / "INTERVIEW-outside.yaml"
    outside_state.write_bytes((repo / STATE).read_bytes())
    (repo / "docs/INTERVIEW-link.yaml").symlink_to(outside_state)
    (repo / "notes.yaml").write_text("password: hunter2\napi_key: leakedkey\n")
    before = tree(tmp_path)
    cases = [
        ("interview_status", {"state_path": "/etc/shadow"}, "error: path is outside"),
        ("interview_status", {"state_path": str(secret)}, "error: path is outside"),
        ("interview_status", {"state_path": "../secret.yaml"}, "error: path is outside"),
        ("interview_status", {"state_path": "docs/INTERVIEW-link.yaml"}, "error: path is outside"),
        ("interview_status", {"state_path": "notes.yaml"}, "error: the interview state"),
        ("interview_answer", {"state_path": str(outside_state), "answer": "x"}, "error: path is"),
        ("interview_answer", {"state_path": "docs/INTERVIEW-link.yaml", "answer": "x"}, "error:"),
        ("interview_answer", {"state_path": "notes.yaml", "answer": "x"}, "error: the interview"),
    ]
    for tool, arguments, prefix in cases:
        with pytest.raises(MCPError) as raised:
            mcp(repo, tool, arguments)
        message = raised.value.message
        assert message.startswith(prefix), (tool, arguments, message)
        assert "\n" not in message
        for leaked in ("leakedhash", "hunter2", "leakedkey", "root:"):
            assert leaked not in message, message
    assert tree(tmp_path) == before


def test_mcp_interview_answer_with_bytes_that_are_not_text(repo: Path) -> None:
    paused(repo, FULL[:2])
    result = mcp(repo, "interview_answer", {"state_path": STATE, "answer": "p99 \udcff\x1b[2J ok"})
    assert not result.is_error
    state = yaml.safe_load((repo / STATE).read_text())
    assert state["history"][-1]["answer"] == "p99 \ufffd ok"
    assert state["review"]["cleaned"][-1]["changes"] == [
        "invalid_utf8_replaced",
        "control_characters_removed",
    ]


# -- 4. no answer lost -----------------------------------------------------------------------


def _wait_for(predicate: Any, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def _finish(process: subprocess.Popen[Any]) -> None:
    """Kill a process if it still runs, reap it and close its pipes."""
    process.kill()
    process.wait()
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            stream.close()


def _interview_process(repo: Path, *args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "brownfield", "interview", *args, "--non-interactive"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=repo,
        env={**os.environ, "BROWNFIELD_NOW": NOW},
    )


def test_a_second_run_on_the_same_state_is_refused_naming_the_holder(repo: Path) -> None:
    state = paused(repo)
    first = _interview_process(repo, "--resume", STATE)
    try:
        lock = state.with_name(f".{state.name}.lock")
        _wait_for(lambda: lock.is_file() and b"process" in lock.read_bytes())
        second = bf(repo, "interview", "--resume", STATE, stdin=lines(FULL[3:]))
        assert_one_line(second, "error: the interview docs/INTERVIEW-rate-limiter.yaml is in use")
        assert f"process {first.pid}" in second.stderr
        for command in (("show", ARTIFACT), ("approve", ARTIFACT, "--sha256", "ab" * 32)):
            assert_one_line(bf(repo, *command), "error: the interview")
        with pytest.raises(MCPError) as raised:
            mcp(repo, "interview_answer", {"state_path": STATE, "answer": "mine"})
        assert "in use by another brownfield" in raised.value.message
        assert first.stdin is not None
        first.stdin.write(b"password rules\n")
        first.stdin.close()
        assert first.wait(60) == 2  # paused at the end of its input, with its answer
    finally:
        _finish(first)
    assert [t["answer"] for t in yaml.safe_load(state.read_text())["history"]] == [
        *FULL[:3],
        "password rules",
    ]
    assert not state.with_name(f".{state.name}.lock").exists()  # let go, and removed
    done = bf(repo, "interview", "--resume", STATE, "--non-interactive", stdin=lines(FULL[4:]))
    assert done.returncode == 0, done.stderr


def test_two_interviews_started_at_once_on_one_idea_keep_their_own_files(repo: Path) -> None:
    runs = [_interview_process(repo, "Rate limiter") for _ in range(2)]
    try:
        outputs = [r.communicate(lines(FULL).encode(), timeout=120) for r in runs]
    finally:
        for r in runs:
            _finish(r)
    assert [r.returncode for r in runs] == [0, 0], [o[1] for o in outputs]
    docs = repo / "docs"
    states = sorted(p.name for p in docs.glob("INTERVIEW-*.yaml"))
    assert states == ["INTERVIEW-rate-limiter-2.yaml", "INTERVIEW-rate-limiter.yaml"]
    artifacts = sorted(p.name for p in docs.glob("interview*.yaml"))
    assert len(artifacts) == 2
    ids = {
        yaml.safe_load((docs / a).read_text())["generated_by"]["interview_id"] for a in artifacts
    }
    assert len(ids) == 2  # each its own artifact
    requirements = sorted(p.name for p in docs.glob("REQUIREMENTS*.md"))
    assert len(requirements) == 2
    for name in states:
        history = yaml.safe_load((docs / name).read_text())["history"]
        assert [t["answer"] for t in history] == STRIPPED  # nobody's answers lost


def test_a_killed_interview_keeps_its_answers_and_frees_its_state(repo: Path) -> None:
    state = paused(repo)
    process = _interview_process(repo, "--resume", STATE)
    assert process.stdin is not None
    process.stdin.write(b"password rules\n")
    process.stdin.flush()
    _wait_for(lambda: "password rules" in state.read_text("utf-8", "replace"))
    process.send_signal(signal.SIGKILL)
    _finish(process)
    done = bf(repo, "interview", "--resume", STATE, "--non-interactive", stdin=lines(FULL[4:]))
    assert done.returncode == 0, done.stderr  # the dead process's lock died with it
    history = yaml.safe_load(state.read_text())["history"]
    assert [t["answer"] for t in history] == STRIPPED


@pytest.mark.parametrize("strict_stdin", [False, True])
def test_bytes_that_are_not_utf8_on_stdin_are_stored_as_text(
    repo: Path, strict_stdin: bool
) -> None:
    env = {"PYTHONIOENCODING": "utf-8:strict"} if strict_stdin else {}
    answers = b"Rate \xff\xfe limiter\nStop \xc3 logins\n" + lines(FULL[2:]).encode()
    done = bf(repo, "interview", "Rate limiter", "--non-interactive", stdin=answers, env=env)
    assert done.returncode == 0, done.stderr  # every later completion works
    assert "bytes that are not UTF-8 were replaced with U+FFFD" in done.stderr
    state = yaml.safe_load((repo / STATE).read_text(encoding="utf-8"))
    assert [t["answer"] for t in state["history"][:2]] == [
        "Rate \ufffd\ufffd limiter",
        "Stop \ufffd logins",
    ]
    assert [(c["question_id"], c["changes"]) for c in state["review"]["cleaned"]] == [
        ("Q01", ["invalid_utf8_replaced"]),
        ("Q02", ["invalid_utf8_replaced"]),
    ]
    text = (repo / "docs/REQUIREMENTS.md").read_text(encoding="utf-8")
    assert "Rate \ufffd\ufffd limiter" in text
    assert bf(repo, "show", ARTIFACT).returncode == 0


def test_a_state_holding_lone_surrogates_still_completes(repo: Path) -> None:
    state = paused(repo)  # an older brownfield stored stdin's bytes as "\\uDCFF" escapes
    state.write_text(state.read_text().replace("title: Rate limiter", 'title: "Rate \\uDCFF"'))
    assert 'title: "Rate \\uDCFF"' in state.read_text()
    done = bf(repo, "interview", "--resume", STATE, "--non-interactive", stdin=lines(FULL[3:]))
    assert done.returncode == 0, done.stderr
    assert "# Requirements: Rate \ufffd" in (repo / "docs/REQUIREMENTS.md").read_text()


def test_json_lines_answers_with_lone_surrogates_are_stored_as_text(repo: Path) -> None:
    answers = [json.dumps({"answer": "Title \udcff"}), '"Goal \\udcfe"', *map(json.dumps, FULL[2:])]
    done = bf(repo, "interview", "Rate limiter", "--json", stdin=lines(answers))
    assert done.returncode == 0, done.stderr
    history = yaml.safe_load((repo / STATE).read_text())["history"]
    assert [t["answer"] for t in history[:2]] == ["Title \ufffd", "Goal \ufffd"]


def test_the_state_is_saved_before_the_artifact_and_the_receipts(repo: Path) -> None:
    state = paused(repo, FULL[:5])
    docs = repo / "docs"
    (docs / "interview.yaml").unlink()
    (docs / "interview.yaml").mkdir()  # the artifact cannot be written
    done = bf(repo, "interview", "--resume", STATE, "--non-interactive", stdin=lines(FULL[5:7]))
    assert_one_line(done, "error: cannot write")
    assert f"the answers are saved in {STATE}" in done.stderr
    history = yaml.safe_load(state.read_text())["history"]
    assert [t["answer"] for t in history] == STRIPPED[:6]  # the answer that failed is kept
    (docs / "interview.yaml").rmdir()
    receipts = docs / "INTERVIEW-rate-limiter.receipts.jsonl"
    receipts.write_text("not a receipt\n")  # the receipts log cannot be read
    done = bf(repo, "interview", "--resume", STATE, "--non-interactive", stdin=lines(FULL[6:8]))
    assert_one_line(done, "error: the receipts log")
    history = yaml.safe_load(state.read_text())["history"]
    assert [t["answer"] for t in history] == STRIPPED[:7]
    receipts.unlink()
    done = bf(repo, "interview", "--resume", STATE, "--non-interactive", stdin=lines(FULL[7:]))
    assert done.returncode == 0, done.stderr
    logged = [json.loads(line)["question_id"] for line in receipts.read_text().splitlines()]
    assert logged == ["Q06", "Q07", "Q09", "Q15"]  # every skip, once the log could be written
    assert bf(repo, "status", ARTIFACT).stdout.startswith("draft: not approved")


# -- 5. every error is one line --------------------------------------------------------------


def _adaptive_started(root: Path) -> subprocess.CompletedProcess[str]:
    return bf(root, "interview", IDEA, "--non-interactive", stdin=lines(COOPERATIVE[:2]))


def test_an_interview_in_a_repository_whose_build_fails_continues_as_greenfield(
    tmp_path: Path,
) -> None:
    root = sample("shop", tmp_path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (root / ".brownfield").symlink_to(outside)  # the build refuses it
    done = _adaptive_started(root)
    assert done.returncode == 2, done.stderr
    assert "the code graph could not be built (refusing to use" in done.stdout
    assert "continuing as greenfield" in done.stdout and "Traceback" not in done.stderr
    assert yaml.safe_load((root / f"docs/INTERVIEW-{SLUG}.yaml").read_text())["type"] == (
        "greenfield"
    )
    assert os.listdir(outside) == []


def test_an_interview_on_a_corrupt_store_continues_and_a_resume_too(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    done = _adaptive_started(root)
    assert done.returncode == 2, done.stderr
    assert yaml.safe_load((root / f"docs/INTERVIEW-{SLUG}.yaml").read_text())["type"] == (
        "brownfield"
    )
    corrupt_tables(root / ".brownfield/graph.db")
    resumed = bf(
        root,
        "interview",
        "--resume",
        f"docs/INTERVIEW-{SLUG}.yaml",
        "--non-interactive",
        stdin=lines(COOPERATIVE[2:4]),
    )
    assert resumed.returncode == 2, resumed.stderr
    assert "the code graph cannot be read (" in resumed.stdout
    assert "continuing without it" in resumed.stdout and "Traceback" not in resumed.stderr
    again = bf(root, "interview", IDEA, "--non-interactive", stdin=lines(COOPERATIVE[:2]))
    assert again.returncode == 2, again.stderr
    assert "the code graph could not be built (" in again.stdout and "corrupt" in again.stdout


def test_an_interview_on_an_untrusted_store_continues(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    assert bf(root, "graph", "build").returncode == 0
    copy = tmp_path / "copy"
    shutil.copytree(root, copy, symlinks=True)  # a store built for another folder
    done = _adaptive_started(copy)
    assert done.returncode == 2, done.stderr
    state = yaml.safe_load((copy / f"docs/INTERVIEW-{SLUG}.yaml").read_text())
    assert state["type"] == "brownfield"  # a fresh store was built for this folder, and used
    subprocess.run(["git", "-C", str(root), "add", "-f", ".brownfield"], check=True)
    done = _adaptive_started(root)  # a store git tracks is never trusted, even rebuilt
    assert done.returncode == 2, done.stderr
    assert "is not trusted (git tracks" in done.stdout and "continuing as greenfield" in done.stdout
    assert "Traceback" not in done.stderr


SPEC = """\
# Spec

## Evidence

- [E1] {path}:1 — `charge` — the function
"""


def test_verify_on_a_binary_spec_a_pipe_or_a_cited_pipe_is_one_line(repo: Path) -> None:
    (repo / "binary.md").write_bytes(b"\x00\x01\xff binary")
    done = bf(repo, "verify", "binary.md")
    assert_one_line(done, "error: cannot read binary.md: it is a binary file")
    (repo / "latin1.md").write_bytes(b"caf\xe9\n## Evidence\n")
    assert_one_line(bf(repo, "verify", "latin1.md"), "error: cannot read latin1.md: not UTF-8")
    os.mkfifo(repo / "pipe.md")
    assert_one_line(bf(repo, "verify", "pipe.md"), "error: cannot read pipe.md")
    os.mkfifo(repo / "cited.py")
    (repo / "spec.md").write_text(SPEC.format(path="cited.py"))
    done = bf(repo, "verify", "spec.md", "--json")  # a cited pipe is never opened for reading
    assert done.returncode == 1, done.stderr
    assert [r["status"] for r in json.loads(done.stdout)["results"]] == ["vanished"]
    (repo / "out.md").write_text(SPEC.format(path="../../../../etc/passwd"))
    done = bf(repo, "verify", "out.md", "--json")
    assert [r["status"] for r in json.loads(done.stdout)["results"]] == ["vanished"]


@pytest.mark.parametrize(
    ("version", "message"),
    [
        ('"2"', "has schema_version 2, newer than this brownfield"),
        ("'9'", "has schema_version 9, newer than this brownfield"),
        ('"two"', "has a schema_version that is not an integer (str)"),
        ("1.5", "has a schema_version that is not an integer (float)"),
        ("true", "has a schema_version that is not an integer (bool)"),
        ("[1]", "has a schema_version that is not an integer (list)"),
    ],
)
def test_a_schema_version_that_is_newer_or_not_an_integer_is_refused(
    repo: Path, version: str, message: str
) -> None:
    artifact = completed(repo)
    for path, args in (
        (repo / STATE, ("interview", "--resume", STATE)),
        (artifact, ("show", ARTIFACT)),
    ):
        original = path.read_text()
        broken = original.replace("schema_version: 1\n", f"schema_version: {version}\n", 1)
        assert broken != original
        path.write_text(broken)
        done = bf(repo, *args)
        assert_one_line(done, "error: the interview")
        assert message in done.stderr
        assert path.read_text() == broken  # never overwritten by a failed load
        path.write_text(original)


ESCAPES = "\x1b[2J\x1b]0;owned\x07\u202e"


def test_control_characters_in_answers_never_reach_show_the_spec_or_requirements(
    tmp_path: Path,
) -> None:
    repo = tmp_path / "phases"
    repo.mkdir()
    answers = [f"Rate {ESCAPES}limiter", *FULL[1:]]
    done = bf(
        repo, "interview", f"Rate {ESCAPES}limiter", "--non-interactive", stdin=lines(answers)
    )
    assert done.returncode == 0, done.stderr
    assert "control characters (terminal escapes) were removed" in done.stderr
    state = yaml.safe_load((repo / STATE).read_text())
    assert state["description"] == "Rate limiter" and state["history"][0]["answer"] == (
        "Rate limiter"
    )
    assert [c["question_id"] for c in state["review"]["cleaned"]] == ["idea", "Q01"]
    sha = sha_of(repo)
    edited = bf(repo, "edit", ARTIFACT, "Q02", "--answer", f"Stop {ESCAPES}logins", "--sha256", sha)
    assert edited.returncode == 0, edited.stderr
    edit_yaml(  # a hand edit: YAML's "\e" escape is a real ESC once loaded
        repo / ARTIFACT,
        lambda d: d["questions"][9]["answer"].update(free_text="nginx \x1b[31mred"),
    )
    shown = bf(repo, "show", ARTIFACT)
    assert shown.returncode == 0, shown.stderr
    sha = sha_of(repo)
    assert bf(repo, "approve", ARTIFACT, "--sha256", sha).returncode == 0
    for text in (
        shown.stdout,
        (repo / "docs/REQUIREMENTS.md").read_text(),
        (repo / ARTIFACT).read_text(),
        (repo / STATE).read_text(),
    ):
        assert "\x1b" not in text and "\u202e" not in text and "\x07" not in text
        assert "\\e" not in text and "\\x1b" not in text and "\\u202e" not in text.lower()
    state = yaml.safe_load((repo / STATE).read_text())
    assert [c["question_id"] for c in state["review"]["cleaned"]] == ["idea", "Q01", "Q02", "Q10"]
    root = sample("shop", tmp_path)
    script = [f"1 {ESCAPES}", *COOPERATIVE[1:]]
    done = bf(root, "interview", f"{IDEA}{ESCAPES}", stdin=lines(script))
    assert done.returncode == 0, done.stderr
    spec = (root / f"docs/specs/{SLUG}.md").read_text()
    assert "\x1b" not in spec and "\u202e" not in spec


def test_artifacts_and_states_are_written_0644(repo: Path) -> None:
    previous = os.umask(0o022)
    try:
        completed(repo)
    finally:
        os.umask(previous)
    docs = repo / "docs"
    for name in (
        "INTERVIEW-rate-limiter.yaml",
        "interview.yaml",
        "INTERVIEW-rate-limiter.receipts.jsonl",
        "REQUIREMENTS.md",
    ):
        assert stat.S_IMODE((docs / name).stat().st_mode) == 0o644, name
    assert not [p for p in docs.iterdir() if p.name.startswith(".")]  # no temporary, no lock


# -- 6. properties: the answer parser, the loaders, the JSON-lines reader, MCP arguments ------

ANSWER_TEXT = st.one_of(
    st.text(max_size=60),
    st.from_regex(r"\s*o?\d{1,3}((\s*(,|and)\s*|\s+)o?\d{1,3}){0,4}\s*(:.{0,20})?", fullmatch=True),
    st.sampled_from(
        [
            "skip",
            "skip all: later",
            "SKIP: x",
            "back",
            "you decide",
            "enough",
            "stop",
            "what do you mean?",
            "just implement it now",
            "please write the code",
            "1   " * 40 + "x",  # backtracked exponentially once
            "\udcff\x1b[31m",
            "",
        ]
    ),
)
OPTIONS = st.lists(st.text(min_size=1, max_size=12), max_size=6)


@settings(max_examples=300, deadline=1000, database=None)
@given(text=ANSWER_TEXT, options=OPTIONS)
def test_the_answer_parser_reads_any_text(text: str, options: list[str]) -> None:
    word = answer_word(text)
    assert word is None or word.kind in {"skip", "back", "you-decide", "enough", "stop", "clarify"}
    assert asks_to_implement(text) in (True, False)
    choice = choose(text, options)
    if choice.kind == "option":
        assert choice.chosen and all(1 <= n <= len(options) for n in choice.chosen)
        assert choice.labels == tuple(options[n - 1] for n in choice.chosen)
    else:
        assert (choice.kind, choice.chosen, choice.value) == ("other", [], text.strip())


@settings(max_examples=300, deadline=None, database=None)
@given(line=st.one_of(st.text(max_size=80), st.text(max_size=30).map(json.dumps)))
def test_the_json_lines_reader_takes_any_line(line: str) -> None:
    answer = parse_json_answer(line)
    assert isinstance(answer, str)
    for wrapped in (json.dumps({"answer": line}), json.dumps(line)):
        assert parse_json_answer(wrapped + "\n") == line
    assert isinstance(parse_json_answer('{"answer": ' + "[" * 5000), str)  # too deep: raw


@settings(max_examples=300, deadline=None, database=None)
@given(text=st.text(max_size=60))
def test_intake_leaves_valid_terminal_safe_text(text: str) -> None:
    cleaned, changes = clean_text(text)
    cleaned.encode("utf-8")  # no lone surrogate left
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]", cleaned)
    assert clean_text(cleaned) == (cleaned, [])  # clean text passes unchanged
    assert bool(changes) == (cleaned != text.replace("\r\n", "\n"))


#: A payload that would write this file if YAML ever ran code.
PWNED = Path(os.environ.get("TMPDIR", "/tmp")) / f"brownfield-pwned-{os.getpid()}"
DANGEROUS = [
    f"!!python/object/apply:os.system ['touch {PWNED}']\n",
    f"schema_version: !!python/object/apply:os.system ['touch {PWNED}']\n",
    "a: &a [*a]\n",
    "&a [*a, *a]\n",
    "[" * 3000 + "]" * 3000,
    "{a: " * 3000 + "1" + "}" * 3000,
    "created_at: 2024-13-45\n",
    "created_at: 2024-02-30T99:99:99Z\n",
    "? [a, b]\n: c\n",
    "schema_version: 99999999999999999999999999\n",
    "mode: adaptive\nschema_version: '2'\n",
    "artifact: interview\ngenerated_by: 3\n",
    "artifact: interview\ngenerated_by: {state_path: [1]}\n",
    "--- !!binary AAAA\n",
    "\ufeffmode: phases\n",
    "%YAML 9.9\n---\na: 1\n",
]
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=20), st.just([])
)
YAML_DATA = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=20,
)


def _mutated(template: dict[str, Any], path: list[str], value: Any) -> str:
    """`template` with the value at (the first keys of) `path` replaced, as YAML."""
    data = json.loads(json.dumps(template))
    holder = data
    for key in path[:-1]:
        if isinstance(holder.get(key), dict):
            holder = holder[key]
        else:
            break
    holder[path[-1]] = value
    return yaml.safe_dump(data, allow_unicode=True)


def _document(template: dict[str, Any]) -> st.SearchStrategy[bytes]:
    keys = sorted({*template, "review", "schema_version", "mode", "artifact_path"})
    texts = st.one_of(
        st.sampled_from(DANGEROUS),
        st.text(max_size=200),
        YAML_DATA.map(lambda d: yaml.safe_dump(d, allow_unicode=True)),
        st.builds(
            _mutated,
            st.just(template),
            st.lists(st.sampled_from(keys), min_size=1, max_size=3),
            YAML_DATA,
        ),
    )
    return st.one_of(
        texts.map(lambda t: t.encode("utf-8", "surrogatepass")), st.binary(max_size=200)
    )


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A repository with a paused phases interview in it (its state and artifact)."""
    repo = tmp_path_factory.mktemp("loaders") / "repo"
    repo.mkdir()
    paused(repo)
    return repo


def _state_template() -> dict[str, Any]:
    return {
        "schema_version": 1,
        "id": "x",
        "slug": "rate-limiter",
        "status": "in_progress",
        "mode": "phases",
        "description": "Rate limiter",
        "created_at": NOW,
        "updated_at": NOW,
        "history": [],
        "requirements_path": None,
        "review": {"artifact_path": "interview.yaml"},
    }


def _reset(template: Path, work: Path) -> None:
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(template, work)


@settings(
    max_examples=120,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=_document(_state_template()))
def test_no_state_file_crashes_the_loader_runs_code_or_writes(template: Path, data: bytes) -> None:
    work = template.parent / "state-work"
    _reset(template, work)
    state = work / STATE
    state.write_bytes(data)
    before = tree(template.parent)
    try:
        resume(work, state)  # its file fields checked to stay in the docs folder
    except BrownfieldError as exc:
        assert "\n" not in one_line(exc)
    with contextlib.suppress(BrownfieldError):
        load_any(state)
    assert tree(template.parent) == before  # loading writes nothing, anywhere
    assert not PWNED.exists()


@settings(
    max_examples=120,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_no_artifact_crashes_show_runs_code_or_writes_outside(template: Path, data: Any) -> None:
    work = template.parent / "artifact-work"
    _reset(template, work)
    artifact = work / ARTIFACT
    original = yaml.safe_load(artifact.read_text())
    artifact.write_bytes(data.draw(_document(original)))
    outside = {k: v for k, v in tree(template.parent).items() if not k.startswith("artifact-work/")}
    try:
        load_artifact(artifact)
        review(artifact, work)  # `show`: a valid hand edit is applied, inside the docs folder
    except BrownfieldError as exc:
        assert "\n" not in one_line(exc)
    after = tree(template.parent)
    assert {k: v for k, v in after.items() if not k.startswith("artifact-work/")} == outside
    assert all(k.startswith("artifact-work/docs/") for k in after if k.startswith("artifact-work/"))
    assert not PWNED.exists()


MCP_PATH = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [STATE, "/etc/shadow", "..", "docs", "docs/../" + STATE, "\x00", "\udcff", ARTIFACT, ""]
    ),
)


@settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    tool=st.sampled_from(["interview_status", "interview_answer"]),
    state_path=MCP_PATH,
    answer=ANSWER_TEXT,
)
def test_no_mcp_interview_argument_crashes_a_tool_or_writes_outside(
    template: Path, tool: str, state_path: str, answer: str
) -> None:
    work = template.parent / "mcp-work"
    _reset(template, work)
    outside = {k: v for k, v in tree(template.parent).items() if not k.startswith("mcp-work")}
    arguments = {"state_path": state_path}
    if tool == "interview_answer":
        arguments["answer"] = answer
    try:
        result = mcp(work, tool, arguments)
    except MCPError as exc:
        assert exc.message.startswith("error: ") and "\n" not in exc.message, exc.message
    except ToolError as exc:  # the SDK's validation of the arguments' types
        assert "validation error" in str(exc), exc
    else:
        assert not result.is_error, result
    after = tree(template.parent)
    assert {k: v for k, v in after.items() if not k.startswith("mcp-work")} == outside


def test_a_repository_path_with_terminal_escapes_is_escaped_in_the_spec(tmp_path: Path) -> None:
    root = sample("shop", tmp_path)
    hostile = root / "app" / "\x1b[31mretries.py"
    hostile.write_text("def retry_payment_charges_with_backoff():\n    return 1\n")
    done = bf(root, "interview", IDEA, stdin=lines(COOPERATIVE))
    assert done.returncode == 0, done.stderr
    spec = (root / f"docs/specs/{SLUG}.md").read_text()
    assert "\\x1b[31mretries.py" in spec  # cited, shown escaped
    assert "\x1b" not in spec and "\x1b" not in (root / "docs/REQUIREMENTS.md").read_text()
