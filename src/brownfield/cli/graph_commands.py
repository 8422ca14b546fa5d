"""`brownfield graph ...`: build the graph, query one file, export the whole graph."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from brownfield.cli.options import DEPTH_HELP, JSON, REPO, check_depth, repo_path
from brownfield.cli.render import ProgressBar, print_json, table
from brownfield.confine import write_atomic
from brownfield.graph.discover import DEFAULT_MAX_FILE_SIZE
from brownfield.graph.repository import check_repository, open_store
from brownfield.query.export import FORMATS, export
from brownfield.query.traverse import file_query
from brownfield.text import clean

if TYPE_CHECKING:
    from brownfield.graph.builder import BuildSummary

graph_app = typer.Typer(
    help="Build, query and export the code graph.", no_args_is_help=True, rich_markup_mode=None
)


@graph_app.command("build")
def build_command(
    repo: Path = REPO,
    full: bool = typer.Option(
        False, "--full", help="Re-parse every file instead of the changed ones."
    ),
    max_file_size: int = typer.Option(
        DEFAULT_MAX_FILE_SIZE, "--max-file-size", help="Skip files larger than this many bytes."
    ),
    wait: float = typer.Option(30.0, "--wait", help="Seconds to wait for another build's lock."),
    as_json: bool = JSON,
) -> None:
    """Build or refresh the graph in .brownfield/graph.db (incremental by default)."""
    from brownfield.graph.builder import build  # the builder loads only for a build

    bar = ProgressBar()
    try:
        summary = build(
            repo, full=full, max_file_size=max_file_size, lock_timeout=wait, progress=bar
        )
    finally:
        bar.close()
    if as_json:
        print_json(summary.to_json())
    else:
        print(format_summary(summary))


def format_summary(summary: BuildSummary) -> str:
    """The one-screen summary of a build."""
    skipped = sum(summary.skipped.values())
    reasons = ", ".join(f"{reason} {count}" for reason, count in sorted(summary.skipped.items()))
    nodes = sum(summary.nodes.values())
    lines = [
        f"files    {summary.parsed} parsed, {summary.unchanged} unchanged, "
        f"{summary.removed} removed, {skipped} skipped" + (f" ({reasons})" if reasons else ""),
        f"nodes    {nodes} ("
        + ", ".join(f"{k} {v}" for k, v in sorted(summary.nodes.items()))
        + ")",
        "edges    " + ", ".join(f"{k} {v}" for k, v in sorted(summary.edges.items())),
        f"calls    {summary.edges.get('calls', 0)} resolved, {summary.unresolved} unresolved",
    ]
    for note in summary.notes:
        lines.append(f"note     {clean(note)}")
    for diagnostic in summary.diagnostics[:10]:
        lines.append(f"warning  {clean(diagnostic['path'])}: {clean(diagnostic['message'])}")
    if len(summary.diagnostics) > 10:
        lines.append(f"warning  ... and {len(summary.diagnostics) - 10} more (see --json)")
    lines.append(f"snapshot {summary.snapshot}, {summary.elapsed:.2f}s")
    return "\n".join(lines)


@graph_app.command("query")
def query_command(
    file: str = typer.Option(..., "--file", help="The file whose callers and dependents to list."),
    depth: int = typer.Option(2, "--depth", help=DEPTH_HELP),
    repo: Path = REPO,
    as_json: bool = JSON,
) -> None:
    """A file's definitions, then everything that calls, imports or subclasses them."""
    check_depth(depth)
    root = check_repository(repo)
    rel_path = repo_path(root, file)
    store = open_store(root)
    try:
        result = file_query(store, rel_path, depth)
    finally:
        store.close()
    if as_json:
        print_json(result.to_json())
        return
    info = result.file or {}
    if info.get("missing"):
        print(f"{clean(rel_path)}: not in the graph (missing)")
        return
    flags = f"parse_status {info.get('parse_status')}" + (", STALE" if info.get("stale") else "")
    print(f"{clean(rel_path)} ({flags})")
    print("definitions:")
    print(
        table(
            [[f"{n.path}:{n.line}", n.kind.value, n.qualname] for n in result.start],
            ["location", "kind", "symbol"],
        )
    )
    print(f"callers and dependents (depth {depth}):")
    if not result.hops:
        print("  (none)")
        return
    print(
        table(
            [
                [
                    str(h.distance),
                    str(h.site or ""),
                    h.relation.value,
                    h.node.kind.value,
                    h.node.qualname,
                    h.via,
                ]
                for h in result.hops
            ],
            ["dist", "site", "relation", "kind", "symbol", "via"],
        )
    )


@graph_app.command("export")
def export_command(
    fmt: str = typer.Option("json", "--format", help=f"One of: {', '.join(FORMATS)}."),
    output: Path | None = typer.Option(
        None, "--output", "-o", help="Write here instead of stdout."
    ),
    repo: Path = REPO,
) -> None:
    """The whole graph as JSON, call-graph JSON (dotted names), DOT, Mermaid or GraphML.

    `-o FILE` is replaced in one rename (a symlink there is replaced, not written through);
    a missing folder or a folder at FILE is a one-line error.
    """
    store = open_store(repo)
    try:
        text = export(store, fmt)
    finally:
        store.close()
    if output is None:
        sys.stdout.write(text)
    else:
        write_atomic(output, text)
