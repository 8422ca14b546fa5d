"""`brownfield show|approve|status|edit ARTIFACT`: review an interview and approve it by hash.

Each command first applies a hand edit of the artifact (or refuses it, exit 1); what that
did is said on stderr, so stdout stays the command's own answer.
"""

from __future__ import annotations

import getpass
import sys
from collections.abc import Iterable
from pathlib import Path

import typer

from brownfield.cli.options import REPO
from brownfield.cli.render import print_json
from brownfield.graph.repository import check_repository
from brownfield.text import clean, one_line

ARTIFACT = typer.Argument(..., help="An interview.yaml written by `brownfield interview`.")


def _notes(notes: Iterable[str]) -> None:
    for note in notes:
        sys.stderr.write(f"note: {one_line(note)}\n")


def _shown(text: str) -> str:
    """Text of the artifact (a hand edit may hold anything) for the terminal: its lines
    kept, indented, every control character shown as an escape."""
    return "\n  ".join(clean(line) for line in text.split("\n"))


def register(app: typer.Typer) -> None:
    @app.command("show")
    def show_command(
        artifact: Path = ARTIFACT,
        as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
        repo: Path = REPO,
    ) -> None:
        """Print the questions and answers, and the SHA-256 to approve them with."""
        from brownfield.interview.approval import review

        reviewed = review(artifact, check_repository(repo))
        _notes(reviewed.notes)
        if as_json:
            print_json(
                {"sha256": reviewed.sha256, "artifact": reviewed.artifact.model_dump(mode="json")}
            )
            return
        data = reviewed.artifact
        ticket = f", ticket {clean(data.ticket_id)}" if data.ticket_id else ""
        print(f"{clean(artifact)} ({data.status}{ticket})")
        for question in data.questions:
            kind = f"{question.phase}, {question.source}, {question.answer_type}"
            print(f"\n{clean(question.id)} [{clean(kind)}]")
            print(f"  {_shown(question.prompt)}")
            for option in question.options:
                print(f"    {clean(option.id)}. {clean(option.label)}")
            answer = question.answer
            if answer is None:
                print("  -> (not asked)")
            elif answer.skipped:
                reason = f": {clean(answer.skip_reason)}" if answer.skip_reason else ""
                print(f"  -> skipped{reason} ({answer.answered_by})")
            else:
                shown = ", ".join(answer.selected_option_ids) or answer.free_text or ""
                print(f"  -> {clean(shown)} ({answer.answered_by})")
        if data.summary.remaining_gaps:
            print("\nRemaining gaps:")
            for gap in data.summary.remaining_gaps:
                print(f"  - {clean(gap)}")
        print(f"\nsha256: {reviewed.sha256}")
        print(f"approve with: brownfield approve {clean(artifact)} --sha256 {reviewed.sha256}")

    @app.command("approve")
    def approve_command(
        artifact: Path = ARTIFACT,
        sha256: str | None = typer.Option(None, "--sha256", help="The hash `show` printed."),
        by: str | None = typer.Option(None, "--by", help="Who approves (default: the login name)."),
        repo: Path = REPO,
    ) -> None:
        """Approve the artifact, only if it is still exactly what was reviewed."""
        from brownfield.interview.approval import approve

        who = by or getpass.getuser()
        approve(artifact, sha256, who, check_repository(repo))
        print(f"approved {clean(artifact)} (reviewed sha256 {clean(sha256)}) by {clean(who)}")

    @app.command("status")
    def status_command(
        artifact: Path = ARTIFACT,
        repo: Path = REPO,
        as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
    ) -> None:
        """Say whether the artifact is a draft, approved, or changed since approval, and
        which compiled documents are stale."""
        from brownfield.interview.approval import status

        found = status(artifact, check_repository(repo))
        _notes(found.notes)
        if as_json:
            print_json(
                {
                    "artifact": str(artifact),
                    "status": found.word,
                    "detail": found.detail,
                    "stale": list(found.stale),
                }
            )
        else:
            print(f"{found.word}: {clean(found.detail)}")

    @app.command("edit")
    def edit_command(
        artifact: Path = ARTIFACT,
        question_id: str = typer.Argument(..., help="The question to change (Q03, R5, CFU1...)."),
        answer: str | None = typer.Option(
            None, "--answer", help="The new answer (an option by id or number, or text)."
        ),
        skip_reason: str | None = typer.Option(None, "--skip-reason", help="A new skip reason."),
        sha256: str | None = typer.Option(
            None, "--sha256", help="The hash of the version you edit (`show` prints it)."
        ),
        repo: Path = REPO,
    ) -> None:
        """Change an answer or a skip reason; an approved artifact is archived and goes back
        to draft."""
        from brownfield.interview.approval import edit

        edited = edit(artifact, question_id, answer, skip_reason, sha256, check_repository(repo))
        _notes(edited.notes)
        print(f"edited {clean(question_id)}; {clean(artifact)} is a draft (sha256 {edited.sha256})")
