"""`brownfield show|approve|status|edit ARTIFACT`: review an interview and approve it by hash."""

from __future__ import annotations

import getpass
from pathlib import Path

import typer

from brownfield.cli.options import REPO
from brownfield.cli.render import print_json
from brownfield.graph.builder import check_repository

ARTIFACT = typer.Argument(..., help="An interview.yaml written by `brownfield interview`.")


def register(app: typer.Typer) -> None:
    @app.command("show")
    def show_command(
        artifact: Path = ARTIFACT,
        as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
    ) -> None:
        """Print the questions and answers, and the SHA-256 to approve them with."""
        from brownfield.interview.approval import review

        reviewed = review(artifact)
        if as_json:
            print_json(
                {"sha256": reviewed.sha256, "artifact": reviewed.artifact.model_dump(mode="json")}
            )
            return
        data = reviewed.artifact
        print(f"{artifact} ({data.status})")
        for question in data.questions:
            print(f"\n{question.id} [{question.phase}, {question.source}, {question.answer_type}]")
            print(f"  {question.prompt}")
            for option in question.options:
                print(f"    {option.id}. {option.label}")
            answer = question.answer
            if answer is None:
                print("  -> (not asked)")
            elif answer.skipped:
                reason = f": {answer.skip_reason}" if answer.skip_reason else ""
                print(f"  -> skipped{reason} ({answer.answered_by})")
            else:
                shown = ", ".join(answer.selected_option_ids) or answer.free_text or ""
                print(f"  -> {shown} ({answer.answered_by})")
        if data.summary.remaining_gaps:
            print("\nRemaining gaps:")
            for gap in data.summary.remaining_gaps:
                print(f"  - {gap}")
        print(f"\nsha256: {reviewed.sha256}")
        print(f"approve with: brownfield approve {artifact} --sha256 {reviewed.sha256}")

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
        print(f"approved {artifact} (reviewed sha256 {sha256}) by {who}")

    @app.command("status")
    def status_command(
        artifact: Path = ARTIFACT,
        repo: Path = REPO,
        as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
    ) -> None:
        """Say whether the artifact is a draft, approved, or changed since approval."""
        from brownfield.interview.approval import status

        state, detail = status(artifact, check_repository(repo))
        if as_json:
            print_json({"artifact": str(artifact), "status": state, "detail": detail})
        else:
            print(f"{state}: {detail}")

    @app.command("edit")
    def edit_command(
        artifact: Path = ARTIFACT,
        question_id: str = typer.Argument(..., help="The question to change (Q03, R5, CFU1...)."),
        answer: str | None = typer.Option(None, "--answer", help="The new answer."),
        skip_reason: str | None = typer.Option(None, "--skip-reason", help="A new skip reason."),
        repo: Path = REPO,
    ) -> None:
        """Change an answer or a skip reason; an approved artifact goes back to draft."""
        from brownfield.interview.approval import edit

        edit(artifact, question_id, answer, skip_reason, check_repository(repo))
        print(f"edited {question_id}; {artifact} is a draft again")
