"""`brownfield interview`: run, pause and resume an interview (terminal, pipe or JSON lines)."""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import typer

from brownfield.cli.options import REPO
from brownfield.cli.render import ProgressBar
from brownfield.errors import UsageError
from brownfield.graph.repository import check_repository
from brownfield.text import clean

if TYPE_CHECKING:
    from brownfield.interview.engine.json_lines import JsonConversation
    from brownfield.interview.engine.loop import Question


class TextConversation:
    """Questions on stdout, one answer per line on stdin; quiet when not interactive."""

    def __init__(self, interactive: bool, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> None:
        self.interactive = interactive
        self.stdin, self.stdout, self.stderr = stdin, stdout, stderr

    def ask(self, question: Question) -> str | None:
        if self.interactive:
            self.stdout.write(
                _safe(f"\n{question.progress}\n{question.text}\n  hint: {question.hint}\n> ")
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
            self.stdout.write(_safe(message.rstrip("\n")) + "\n")
        elif kind == "hint":
            self.stderr.write(_safe(message.rstrip("\n")) + "\n")

    def report(self, event: str, fields: dict[str, object], text: str) -> None:
        """The end of a run, always shown (even when not interactive)."""
        self.stdout.write(_safe(text) + "\n")


def _safe(text: str) -> str:
    """Text for the terminal: line breaks kept, every other control character (names
    from the repository may hold ANSI escapes) shown as an escape."""
    return "\n".join(clean(line) for line in text.split("\n"))


def _stdin() -> TextIO:
    """Standard input that never fails to decode: bytes that are not UTF-8 arrive as
    surrogate escapes, which the interview's intake replaces (and records)."""
    stream = sys.stdin
    if isinstance(stream, io.TextIOWrapper):
        with contextlib.suppress(ValueError, OSError):  # already read from: left as it is
            stream.reconfigure(errors="surrogateescape")
    return stream


def register(app: typer.Typer) -> None:
    @app.command("interview")
    def interview_command(
        idea: str = typer.Argument("", help="The change, in one sentence."),
        mode: str | None = typer.Option(
            None,
            "--mode",
            help="adaptive (graph-grounded, the default inside a repository with source files) "
            "or phases (the fixed six-phase question bank).",
        ),
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
            18,
            "--max-questions",
            help="phases: compile what there is after this many answered turns (every "
            "answer counts: bank, review, confirmation).",
        ),
        review: bool = typer.Option(
            False,
            "--review",
            help="phases: also ask the final free-form question and coverage follow-ups "
            "before the confirmation (adaptive always does).",
        ),
        followup_budget: int = typer.Option(
            20,
            "--followup-budget",
            help="Coverage follow-ups allowed, in percent of the planned questions (0: none).",
        ),
        ticket: str | None = typer.Option(
            None, "--ticket", help="An external ticket reference, kept as the artifact's ticket_id."
        ),
        threshold: float | None = typer.Option(
            None, "--threshold", help="adaptive: stop asking at this ambiguity (0 < T <= 1)."
        ),
        quick: bool = typer.Option(False, "--quick", help="adaptive: threshold 0.6."),
        standard: bool = typer.Option(False, "--standard", help="adaptive: threshold 0.5."),
        deep: bool = typer.Option(False, "--deep", help="adaptive: threshold 0.35."),
        force: bool = typer.Option(
            False, "--force", help="adaptive: interview even a request that is already clear."
        ),
        max_rounds: int = typer.Option(
            100, "--max-rounds", help="adaptive: the hard cap on rounds."
        ),
        batch: bool = typer.Option(
            False, "--batch", help="adaptive: ask 1-3 related questions at once."
        ),
        repo: Path = REPO,
    ) -> None:
        """Interview the person about IDEA; saved after every answer, resumable with --resume."""
        presets = [
            name for name, on in (("quick", quick), ("standard", standard), ("deep", deep)) if on
        ]
        if len(presets) > 1:
            raise UsageError("use at most one of --quick, --standard, --deep")
        from brownfield.interview.engine.loop import Outcome
        from brownfield.interview.flow import interview  # pydantic and YAML load only here

        conversation = _conversation(as_json, non_interactive)
        bar = ProgressBar()
        try:
            outcome = interview(
                check_repository(repo),
                conversation,
                idea,
                mode,
                resume_path,
                docs_dir,
                max_questions=max_questions,
                review=review,
                followup_budget=followup_budget,
                ticket_id=ticket,
                threshold=threshold,
                preset=presets[0] if presets else None,
                force=force,
                max_rounds=max_rounds,
                batch=batch,
                progress=bar,
            )
        finally:
            bar.close()
        if outcome is Outcome.PAUSED:
            raise typer.Exit(2)


def register_verify(app: typer.Typer) -> None:
    @app.command("verify")
    def verify_command(
        spec: Path = typer.Argument(..., help="A spec written by `brownfield interview`."),
        repo: Path = REPO,
        as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
    ) -> None:
        """Re-check the citations of SPEC against the working tree; exit 1 if any broke, or
        if SPEC is stale (derived from an approved interview edited since)."""
        from brownfield.cli.render import print_json
        from brownfield.interview.session import stale_note
        from brownfield.interview.spec.verify import verify_json, verify_spec

        checks = verify_spec(spec, check_repository(repo))
        broken = [c for c in checks if c.status != "ok"]
        stale = stale_note(spec)
        if as_json:
            print_json({**verify_json(spec, checks), "stale": stale})
        else:
            for check in broken:
                where = f" (now at line {check.now_line})" if check.now_line else ""
                cited = f"{check.path}:{check.line} `{check.needle}`"
                print(f"{check.status:<8} {check.id} {cited}{where}")
            print(f"{len(checks)} citation(s) checked, {len(broken)} moved or vanished")
            if stale:
                print(f"stale: {stale}")
        if broken or stale:
            raise typer.Exit(1)


def _conversation(as_json: bool, non_interactive: bool) -> TextConversation | JsonConversation:
    if as_json:
        from brownfield.interview.engine.json_lines import JsonConversation

        return JsonConversation(_stdin(), sys.stdout)
    return TextConversation(not non_interactive, _stdin(), sys.stdout, sys.stderr)
