"""`brownfield callers|callees|dependents|dependencies|search|stats`: read-only questions."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import typer

from brownfield.cli.options import DEPTH_HELP, JSON, REPO, check_depth, repo_path
from brownfield.cli.render import print_json, role_mark, table
from brownfield.graph.repository import check_repository, open_store
from brownfield.graph.store import GraphStore
from brownfield.query.exports import EXPORTER
from brownfield.query.traverse import (
    Completeness,
    Hop,
    WalkResult,
    callees,
    callers,
    dependencies,
    dependents,
)
from brownfield.text import check_text, clean

MIN_CONFIDENCE = typer.Option(
    None,
    "--min-confidence",
    help="Follow only edges at least this certain: local, import, self, constructor, builtin, "
    "inferred, unique-name, override, dispatch (the last two are dynamic dispatch).",
)
POSSIBLE = typer.Option(
    False,
    "--possible",
    help="Also list the unresolved call sites counted as possibly missing (same name for "
    "callers, made by SYMBOL for callees).",
)


def _with_store(repo: Path, action: Callable[[GraphStore], WalkResult]) -> WalkResult:
    store = open_store(repo)
    try:
        return action(store)
    finally:
        store.close()


def print_walk(result: WalkResult, as_json: bool) -> None:
    if as_json:
        print_json(result.to_json())
        return
    for node in result.start:
        where = f"{node.path}:{node.line}" if node.path else "outside the repository"
        print(f"{result.query} of {clean(node.qualname)} ({clean(where)}), depth {result.depth}")
    if result.stale:
        print(
            "stale: the graph is older than "
            + clean(", ".join(result.stale))
            + " (run `brownfield graph build`)"
        )
    completeness = result.unresolved
    static = result.static if completeness is not None else result.hops
    if static:
        print(table(_hop_rows(static), ["dist", "site", "symbol", "kind", "how"]))
    elif not result.dispatch:
        print("  (none)")
    if completeness is not None and result.dispatch:
        print("dynamic dispatch (may run instead of the named target, at run time):")
        print(table(_hop_rows(result.dispatch), ["dist", "site", "symbol", "kind", "how"]))
    if completeness is not None:
        print(clean(_completeness_line(result.query, completeness)))
        if completeness.outside:
            owner = result.start[0].qualname.rpartition(".")[0] if result.start else ""
            print(
                clean(
                    f"outside: {owner} has a base from outside the repository "
                    f"({', '.join(completeness.outside)}), whose code the graph does not "
                    "read: it may call it too"
                )
            )
        if completeness.exported and result.start:
            start = result.start[0]
            print(
                clean(
                    f"outside: {start.name} is exported by {EXPORTER[start.language or '']} "
                    f"{completeness.exported}: code outside the repository may call it"
                )
            )
        if completeness.sites:
            rows = [
                [f"{u.path}:{u.line}", u.callee, u.src, u.reason, "possible"]
                for u in completeness.sites
            ]
            print(table(rows, ["site", "callee", "in", "unresolved", "mark"]))


def _hop_rows(hops: list[Hop]) -> list[list[str]]:
    return [
        [
            str(hop.distance),
            str(hop.site or ""),
            hop.node.qualname + role_mark(hop.node.path, hop.node.id),
            hop.node.kind.value,
            hop.resolution.value if hop.resolution else hop.relation.value,
        ]
        for hop in hops
    ]


def _completeness_line(query: str, completeness: Completeness) -> str:
    """How complete the answer is, in one line."""
    count, callers_query = completeness.count, query == "callers"
    named = " or ".join(f"`{name}`" for name in completeness.names or [completeness.name])
    if not count:
        where = f"is named {named}" if callers_query else "is in it"
        return f"unresolved: no unresolved call site {where}"
    if callers_query:
        what = f"{count} unresolved call site(s) named {named} may also call it"
    else:
        what = f"{count} of its own call site(s) are unresolved"
    return "unresolved: " + what + ("" if completeness.sites else " (--possible lists them)")


def register(app: typer.Typer) -> None:
    """Add the query commands to the top-level app."""

    @app.command("callers")
    def callers_command(
        symbol: str = typer.Argument(
            ..., help="A node id (a/b.py::C.m), a dotted name or a bare name."
        ),
        depth: int = typer.Option(1, "--depth", help=DEPTH_HELP),
        min_confidence: str | None = MIN_CONFIDENCE,
        possible: bool = POSSIBLE,
        repo: Path = REPO,
        as_json: bool = JSON,
    ) -> None:
        """Who calls SYMBOL, transitively to --depth, with every call site; calls through
        dynamic dispatch apart; and how many unresolved calls share its name."""
        check_depth(depth)
        check_text(symbol, "the symbol")
        print_walk(
            _with_store(repo, lambda s: callers(s, symbol, depth, min_confidence, possible)),
            as_json,
        )

    @app.command("callees")
    def callees_command(
        symbol: str = typer.Argument(
            ..., help="A node id (a/b.py::C.m), a dotted name or a bare name."
        ),
        depth: int = typer.Option(1, "--depth", help=DEPTH_HELP),
        min_confidence: str | None = MIN_CONFIDENCE,
        possible: bool = POSSIBLE,
        repo: Path = REPO,
        as_json: bool = JSON,
    ) -> None:
        """What SYMBOL calls, transitively to --depth, with every call site; calls through
        dynamic dispatch apart; and how many of its calls are unresolved."""
        check_depth(depth)
        check_text(symbol, "the symbol")
        print_walk(
            _with_store(repo, lambda s: callees(s, symbol, depth, min_confidence, possible)),
            as_json,
        )

    @app.command("dependents")
    def dependents_command(
        file: str = typer.Argument(..., help="A file of the repository."),
        depth: int = typer.Option(1, "--depth", help=DEPTH_HELP),
        repo: Path = REPO,
        as_json: bool = JSON,
    ) -> None:
        """The files that import FILE, call into it or subclass its classes."""
        check_depth(depth)
        rel_path = repo_path(check_repository(repo), file)
        print_walk(_with_store(repo, lambda s: dependents(s, rel_path, depth)), as_json)

    @app.command("dependencies")
    def dependencies_command(
        file: str = typer.Argument(..., help="A file of the repository."),
        depth: int = typer.Option(1, "--depth", help=DEPTH_HELP),
        repo: Path = REPO,
        as_json: bool = JSON,
    ) -> None:
        """The files FILE imports, calls into or subclasses from."""
        check_depth(depth)
        rel_path = repo_path(check_repository(repo), file)
        print_walk(_with_store(repo, lambda s: dependencies(s, rel_path, depth)), as_json)

    @app.command("search")
    def search_command(
        text: str = typer.Argument(..., help="A name, part of a name, a dotted name or a path."),
        limit: int = typer.Option(20, "--limit", help="At most this many results."),
        repo: Path = REPO,
        as_json: bool = JSON,
    ) -> None:
        """Definitions matching TEXT, best first."""
        from brownfield.query.search import search  # the search index loads only here

        check_text(text, "the search text")
        store = open_store(repo)
        try:
            hits = search(store, text, limit)
        finally:
            store.close()
        if as_json:
            print_json({"query": text, "results": [hit.to_json() for hit in hits]})
            return
        if not hits:
            print(f"no definitions match {text!r}")
            return
        rows = [
            [f"{h.node.path}:{h.node.line}", h.node.kind.value, h.node.qualname, str(h.score)]
            for h in hits
        ]
        print(table(rows, ["location", "kind", "symbol", "score"]))

    @app.command("stats")
    def stats_command(repo: Path = REPO, as_json: bool = JSON) -> None:
        """Counts of files, nodes, edges, resolutions and unresolved calls."""
        from brownfield.query.overview import stats

        store = open_store(repo)
        try:
            data = stats(store)
        finally:
            store.close()
        if as_json:
            print_json(data)
            return
        print(f"snapshot {clean(data['snapshot'])} built {clean(data['built_at'])}")
        for section in ("files", "nodes", "edges", "resolutions", "unresolved"):
            values = data[section]
            print(f"{section:<12}" + ", ".join(f"{k} {v}" for k, v in sorted(values.items())))
        rows = [
            [
                language,
                str(v["files"]),
                str(v["definitions"]),
                str(v["calls"]),
                str(v["unresolved"]),
            ]
            for language, v in sorted(data["languages"].items())
        ]
        print(table(rows, ["language", "files", "definitions", "calls", "unresolved"]))
