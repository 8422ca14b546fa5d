"""The `brownfield` command line: argument parsing, output and exit codes only."""

from __future__ import annotations

import sys
from typing import Any

import typer
from typer.core import TyperGroup

from brownfield import __version__
from brownfield.errors import BrownfieldError
from brownfield.text import one_line


class _Group(TyperGroup):
    """Turns brownfield's own errors into one `error: ...` line and an exit code."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().main(*args, **kwargs)
        except BrownfieldError as exc:
            print(f"error: {one_line(exc)}", file=sys.stderr)
            sys.exit(exc.exit_code)
        except KeyboardInterrupt:
            print("error: interrupted", file=sys.stderr)
            sys.exit(130)


app = typer.Typer(
    cls=_Group,
    help="A code graph, read-only queries with path:line citations, and a deterministic "
    "interview for changing an existing repository.",
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        print(f"brownfield {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """brownfield: understand an existing repository before changing it."""


from brownfield.cli import (  # noqa: E402  (registers commands)
    agent_commands,
    artifact_commands,
    graph_commands,
    interview_commands,
    query_commands,
)

app.add_typer(graph_commands.graph_app, name="graph")
query_commands.register(app)
interview_commands.register(app)
interview_commands.register_verify(app)
artifact_commands.register(app)
agent_commands.register(app)


def main() -> None:
    """The console script entry point."""
    app()
