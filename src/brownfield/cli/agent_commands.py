"""`brownfield impact` and `brownfield context`: what a change touches, what an idea touches."""

from __future__ import annotations

from pathlib import Path

import typer

from brownfield.cli.options import DEPTH_HELP, JSON, REPO, check_depth, repo_path
from brownfield.cli.render import print_json, role_mark, table
from brownfield.graph.repository import check_repository, open_store
from brownfield.query.impact import Impact, impact
from brownfield.text import check_text, clean

MAX_LISTED = 10  # callers, callees or tests listed per touchpoint by `context` (--json: all)


def register(app: typer.Typer) -> None:
    """Add the commands for agents to the top-level app."""

    @app.command("impact")
    def impact_command(
        paths: list[str] = typer.Argument(
            None, help="Files whose every definition counts as changed (instead of a diff)."
        ),
        diff: str | None = typer.Option(
            None, "--diff", help="Compare the working tree with this revision (e.g. HEAD)."
        ),
        staged: bool = typer.Option(False, "--staged", help="Use the staged changes."),
        depth: int = typer.Option(2, "--depth", help=DEPTH_HELP),
        repo: Path = REPO,
        as_json: bool = JSON,
    ) -> None:
        """The definitions a change touches and everything that reaches them, by distance.

        Without PATHS, --diff or --staged: the working tree's unstaged changes.
        """
        check_depth(depth)
        if diff is not None:
            check_text(diff, "--diff")
        root = check_repository(repo)
        rel_paths = [repo_path(root, path) for path in paths or []]
        store = open_store(repo)
        try:
            result = impact(store, rel_paths or None, diff, staged, depth)
        finally:
            store.close()
        if as_json:
            print_json(result.to_json())
        else:
            print_impact(result)

    @app.command("context")
    def context_command(
        idea: str = typer.Argument(..., help="The change, in one sentence."),
        limit: int = typer.Option(5, "--limit", help="At most this many touchpoints."),
        repo: Path = REPO,
        as_json: bool = JSON,
    ) -> None:
        """The code an idea touches (the interview's touchpoints), ranked, with callers,
        callees and tests; Markdown, or JSON with --json."""
        from brownfield.query.idea_context import idea_context  # search loads only here

        check_text(idea, "the idea")
        store = open_store(repo)
        try:
            found = idea_context(store, idea, limit)
        finally:
            store.close()
        if as_json:
            print_json({"idea": idea, "touchpoints": [item.to_json() for item in found]})
            return
        print(f"# Context for: {clean(idea)}\n")
        if not found:
            print("No definition in the graph matches the idea's words.")
        for rank, item in enumerate(found, 1):
            node = item.touchpoint.node
            where = clean(f"{node.path}:{node.line}")
            print(f"## {rank}. `{clean(node.qualname)}` ({node.kind.value}, {where})\n")
            for label, hops, note in (
                ("Called from", item.callers, item.callers_note),
                ("Calls", item.callees, None),
                ("Tests reaching it", item.tests, item.tests_note),
            ):
                print(f"{label}:")
                sites: dict[str, list[str]] = {}  # each definition once, with its sites
                for hop in hops or []:
                    sites.setdefault(hop.node.qualname, []).append(str(hop.site or hop.node.path))
                for qualname, at in list(sites.items())[:MAX_LISTED]:
                    more = f" and {len(at) - 1} more site(s)" if len(at) > 1 else ""
                    print(f"- `{clean(qualname)}` at {clean(at[0])}{more}")
                if len(sites) > MAX_LISTED:
                    print(f"- ... and {len(sites) - MAX_LISTED} more (--json lists every one)")
                if not hops:
                    print(f"- {clean(note)}" if note else "- (none)")
                print()

    @app.command("mcp")
    def mcp_command(repo: Path = REPO) -> None:
        """Serve the queries and the interview as MCP tools over stdio (for coding agents)."""
        from brownfield.mcp_server import serve  # the MCP SDK loads only here

        serve(repo)


def print_impact(result: Impact) -> None:
    if result.stale:
        print(
            "stale: the graph is older than "
            + clean(", ".join(result.stale))
            + " (run `brownfield graph build`)"
        )
    print(f"changed ({len(result.changed)}):")
    for change in result.changed:
        print(f"  {clean(change.path)}:{change.line}  {clean(change.id)}  [{change.status}]")
    for distance in sorted({hop.distance for hop in result.hops}):  # not range(depth)
        hops = [hop for hop in result.hops if hop.distance == distance]
        if hops:
            print(f"distance {distance} ({len(hops)}):")
            rows = [
                [
                    str(hop.site or ""),
                    hop.node.qualname + role_mark(hop.node.path, hop.node.id),
                    hop.via,
                ]
                for hop in hops
            ]
            print(table(rows, ["site", "caller", "calls"]))
    if result.broken:
        print(f"broken: calls to deleted definitions ({len(result.broken)}):")
        for call in result.broken:
            print(f"  {clean(call.path)}:{call.line}  {clean(call.src)} calls {clean(call.callee)}")
    if result.tests:
        print(f"tests reaching the change ({len(result.tests)}):")
        rows = [
            [str(hop.distance), clean(str(hop.site or "")), clean(hop.node.qualname)]
            for hop in result.tests
        ]
        print(table(rows, ["dist", "site", "test"]))
    if result.named:
        print(f"named: lines naming a changed type, which no call reaches ({len(result.named)}):")
        rows = [[clean(f"{n.path}:{n.line}"), clean(n.type)] for n in result.named]
        print(table(rows, ["site", "type"]))
    if result.search is not None:
        explanation = result.search.explanation(len(result.tests))
        if explanation:
            print(clean(explanation))
    print(result.summary())
