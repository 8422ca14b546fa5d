"""`brownfield interview`: run, pause and resume an interview (terminal, pipe or JSON lines)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import typer

from brownfield.cli.options import REPO
from brownfield.errors import UsageError
from brownfield.graph.builder import check_repository
from brownfield.interview.engine import Engine, Outcome, Question

if TYPE_CHECKING:  # pydantic and YAML load only when an interview runs
    from brownfield.interview.session import Session


class TextConversation:
    """Questions on stdout, one answer per line on stdin; quiet when not interactive."""

    def __init__(self, interactive: bool, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> None:
        self.interactive = interactive
        self.stdin, self.stdout, self.stderr = stdin, stdout, stderr

    def ask(self, question: Question) -> str | None:
        if self.interactive:
            self.stdout.write(
                f"\n{question.progress}\n{question.text}\n  hint: {question.hint}\n> "
            )
            self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            if self.interactive:
                self.stdout.write("\n")
            return None
        return line.rstrip("\r\n")

    def tell(self, message: str, kind: str = "info") -> None:
        if self.interactive:
            self.stdout.write(message.rstrip("\n") + "\n")
        elif kind == "hint":
            self.stderr.write(message.rstrip("\n") + "\n")

    def report(self, event: str, fields: dict[str, object], text: str) -> None:
        """The end of a run, always shown (even when not interactive)."""
        self.stdout.write(text + "\n")


class JsonConversation:
    """The JSON-lines protocol for agents: one JSON object per line each way."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin, self.stdout = stdin, stdout

    def emit(self, data: dict[str, object]) -> None:
        self.stdout.write(json.dumps(data, sort_keys=True) + "\n")
        self.stdout.flush()

    def ask(self, question: Question) -> str | None:
        self.emit({"type": "question", **question.to_json()})
        line = self.stdin.readline()
        if not line:
            return None
        return parse_json_answer(line)

    def tell(self, message: str, kind: str = "info") -> None:
        self.emit({"type": kind, "text": message})

    def report(self, event: str, fields: dict[str, object], text: str) -> None:
        self.emit({"type": event, **fields})


def parse_json_answer(line: str) -> str:
    """`{"answer": "..."}`, a JSON string, or (leniently) the raw line."""
    text = line.strip()
    if text.startswith(("{", '"')):
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            return text
        if isinstance(data, str):
            return data
        if isinstance(data, dict) and isinstance(data.get("answer"), str):
            return str(data["answer"])
    return text


def _shown(path: Path) -> str:
    """A path as the person typed paths: relative to the current folder when inside it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(path)


def register(app: typer.Typer) -> None:
    @app.command("interview")
    def interview_command(
        idea: str = typer.Argument("", help="The change, in one sentence."),
        mode: str = typer.Option("phases", "--mode", help="phases (the six-phase question bank)."),
        resume_path: Path | None = typer.Option(
            None, "--resume", help="Continue the interview saved in this state file."
        ),
        non_interactive: bool = typer.Option(
            False, "--non-interactive", help="Print no progress, question text or prompt."
        ),
        as_json: bool = typer.Option(
            False, "--json", help="JSON lines: one question object out, one answer line in."
        ),
        docs_dir: Path = typer.Option(
            Path("docs"), "--docs-dir", help="Artifact folder (relative to --repo)."
        ),
        max_questions: int = typer.Option(
            18, "--max-questions", help="Compile what there is after this many answers."
        ),
        repo: Path = REPO,
    ) -> None:
        """Interview the person about IDEA; saved after every answer, resumable with --resume."""
        from brownfield.interview.session import resume, start

        if mode != "phases":
            raise UsageError(f"unknown --mode {mode!r}; available: phases")
        root = check_repository(repo)
        if resume_path is not None:
            session = resume(root, resume_path)
        elif idea.strip():
            session = start(root, idea, docs_dir, max_questions)
        else:
            raise UsageError("give an idea to interview about, or --resume FILE")
        _run(session, as_json, non_interactive)


def _run(session: Session, as_json: bool, non_interactive: bool) -> None:
    conversation: TextConversation | JsonConversation
    if as_json:
        conversation = JsonConversation(sys.stdin, sys.stdout)
    else:
        conversation = TextConversation(not non_interactive, sys.stdin, sys.stdout, sys.stderr)
    state = session.state
    fields = {
        "state_path": _shown(session.state_path),
        "requirements_path": state.requirements_path,
    }
    if state.status == "complete":
        text = f"Interview already complete; nothing to do. Requirements: {state.requirements_path}"
        conversation.report("complete", {**fields, "already_complete": True}, text)
        return
    from brownfield.interview.phases import PhasesPlanner

    engine = Engine(PhasesPlanner(), conversation, session.save)
    try:
        outcome = engine.run(state)
    except KeyboardInterrupt:
        session.save(state)
        outcome = Outcome.PAUSED
    if outcome is Outcome.PAUSED:
        resume_line = f"brownfield interview --resume {fields['state_path']}"
        conversation.report(
            "paused",
            {**fields, "resume": resume_line},
            f"Interview paused. Resume with: {resume_line}",
        )
        raise typer.Exit(2)
    lines = [
        f"Requirements written to {state.requirements_path}",
        f"Interview state saved to {fields['state_path']}",
    ]
    if state.phase != "complete":
        lines.insert(
            0,
            f"Stopped after --max-questions {state.max_questions} answers; "
            "compiled what was answered.",
        )
    fields["requirements_path"] = state.requirements_path
    conversation.report(
        "complete", {**fields, "truncated": state.phase != "complete"}, "\n".join(lines)
    )
