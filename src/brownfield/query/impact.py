"""What a change touches: the definitions it changes, adds or deletes, and everything that
reaches them, grouped by distance; the tests that reach them (looked for deeper than the
callers shown, by the one rule of `roles`), and, when none does, what was looked for and
how many unresolved calls share a changed definition's name; and the lines that name a
changed type, which no call edge shows."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from brownfield import git
from brownfield.confine import read_bytes_inside, relative_inside, resolve_inside
from brownfield.errors import ConfinementError, FileAccessError, UsageError
from brownfield.graph.languages import language_of
from brownfield.graph.roles import is_test, what_counts_as_tests
from brownfield.graph.store import GraphStore
from brownfield.model import EdgeKind, Unresolved
from brownfield.query.declarations import is_named_only
from brownfield.query.freshness import repository_root, stale_paths
from brownfield.query.possible_calls import call_names
from brownfield.query.reaching_tests import TEST_DEPTH, rank_of_test, tests_reaching
from brownfield.query.traverse import Hop, check_depth, walk

Span = tuple[str, int, int]  # qualname, first line, last line


@dataclass(frozen=True)
class Changed:
    """A definition the change touches: `changed`, `added` or `deleted`."""

    id: str
    path: str
    line: int
    status: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "path": self.path, "line": self.line, "status": self.status}


@dataclass(frozen=True)
class TestSearch:
    """How the tests reaching a change were looked for, and what may still reach it: the
    unresolved calls sharing a changed definition's name (and how many are in tests)."""

    looked_for: str  # the test rule of the changed files' languages, in words
    depth: int
    names: tuple[str, ...]
    unresolved: int
    unresolved_in_tests: int

    def to_json(self) -> dict[str, Any]:
        return {
            "looked_for": self.looked_for,
            "depth": self.depth,
            "names": list(self.names),
            "unresolved_same_name": self.unresolved,
            "unresolved_same_name_in_tests": self.unresolved_in_tests,
        }

    def explanation(self, found: int) -> str:
        """One sentence for an answer with `found` tests."""
        shared = (
            f"{self.unresolved} unresolved call(s) share a changed name "
            f"({self.unresolved_in_tests} in tests) and may reach it"
        )
        if found:
            return shared if self.unresolved else ""
        return (
            f"no test reaches the change within {self.depth} calls "
            f"(looked for {self.looked_for}); {shared}"
        )


@dataclass
class Impact:
    changed: list[Changed]
    hops: list[Hop] = field(default_factory=list)
    broken: list[Unresolved] = field(default_factory=list)  # calls to deleted definitions
    stale: list[str] = field(default_factory=list)
    depth: int = 2
    tests: list[Hop] = field(default_factory=list)  # tests reaching a change, each once
    search: TestSearch | None = None
    named: list[Named] = field(default_factory=list)  # lines naming a changed type

    def summary(self) -> str:
        files = {hop.node.path for hop in self.hops} | {call.path for call in self.broken}
        callers = {hop.node.id for hop in self.hops} | {call.src for call in self.broken}
        tests = {hop.node.id for hop in self.tests}
        naming = f"; {len(self.named)} line(s) name a changed type" if self.named else ""
        return (
            f"{len(self.changed)} definitions changed, {len(callers)} callers affected "
            f"in {len(files)} files, {len(tests)} tests{naming}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "query": "impact",
            "depth": self.depth,
            "changed": [c.to_json() for c in self.changed],
            "results": [
                {**hop.to_json(), "test": is_test(hop.node.path, hop.node.id)} for hop in self.hops
            ],
            "tests": [hop.to_json() for hop in self.tests],
            "test_search": None if self.search is None else self.search.to_json(),
            "broken": [
                {"src": u.src, "callee": u.callee, "site": f"{u.path}:{u.line}"}
                for u in self.broken
            ],
            "stale": self.stale,
            "named": [n.to_json() for n in self.named],
            "summary": self.summary(),
        }


@dataclass(frozen=True)
class Named:
    """A line naming a changed type (an interface, a type alias, a trait, a Go type no call
    reaches): what a change to a shape affects, which no call edge shows."""

    type: str
    path: str
    line: int

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "site": f"{self.path}:{self.line}", "test": is_test(self.path)}


def impact(
    store: GraphStore,
    paths: list[str] | None = None,
    rev: str | None = None,
    staged: bool = False,
    depth: int = 2,
) -> Impact:
    """The impact of the given files (all their definitions), or of a diff's changed lines.

    `paths` are repository-relative and confined to the repository (a symlink leading out
    is refused); `rev` is verified as a commit before git sees it.
    """
    check_depth(depth)
    root = repository_root(store)
    changed: list[Changed] = []
    deleted_names: list[str] = []
    if paths:
        for path in paths:
            if not os.path.lexists(resolve_inside(root, path)):
                raise UsageError(f"no such file in the repository: {path}")
            path = relative_inside(root, path)
            data = _read(root, path)
            if data is None:
                raise UsageError(f"not a readable regular file in the repository: {path}")
            spans = _spans(path, data)
            if spans is None:
                raise UsageError(f"not a source file brownfield parses: {path}")
            changed += [Changed(_id(path, q), path, first, "changed") for q, first, _ in spans]
    else:
        try:
            base = git.verify_revision(root, rev) if rev else "HEAD"
            diffs = git.diff(root, base if rev else None, staged)
        except git.GitUnavailableError as exc:
            raise UsageError(f"cannot read the diff: {exc}") from None
        for file in diffs:
            new_bytes = _read(root, file.new_path) if file.new_path else None
            new = _spans(file.new_path, new_bytes) if file.new_path else []
            old_bytes = git.show(root, base, file.old_path) if file.old_path else None
            old = _spans(file.old_path, old_bytes) if file.old_path else []
            if new is None or old is None:
                continue  # not a language brownfield parses
            now = {q for q, _, _ in new}
            before = {q for q, _, _ in old}
            assert file.new_path is not None or not new
            new_lines = (new_bytes or b"").splitlines()
            for qualname, first, _ in _innermost(new, file.added, new_lines):
                status = "changed" if qualname in before else "added"
                changed.append(
                    Changed(_id(file.new_path or "", qualname), file.new_path or "", first, status)
                )
            old_lines = (old_bytes or b"").splitlines()
            for qualname, first, _ in _innermost(old, file.removed, old_lines):
                if qualname not in now and (qualname or file.new_path is None):
                    changed.append(
                        Changed(
                            _id(file.old_path or "", qualname),
                            file.old_path or "",
                            first,
                            "deleted",
                        )
                    )
                    deleted_names.append(qualname.rpartition(".")[2])
    changed = sorted(set(changed), key=lambda c: (c.path, c.line, c.id))
    hops = walk(store, [c.id for c in changed], depth, [EdgeKind.CALLS], True, None, False)
    known = {c.id for c in changed}
    broken = [
        call
        for name in sorted(set(deleted_names))
        for call in store.unresolved_named(name)
        if call.src not in known
    ]
    touched = {c.path for c in changed} | {h.node.path for h in hops if h.node.path}
    tests, search = _tests_reaching(store, changed, depth)
    named = _naming(store, changed, root)
    return Impact(changed, hops, broken, stale_paths(store, touched), depth, tests, search, named)


def _naming(store: GraphStore, changed: list[Changed], root: Path) -> list[Named]:
    """The production and test lines that name a changed (not deleted) definition that
    code only names (`declarations.is_named_only`), as its facts say: `query/written.py`."""
    nodes = store.nodes(c.id for c in changed if c.status != "deleted")
    typed = [node for node in nodes.values() if is_named_only(store, root, node)]
    if not typed:
        return []
    from brownfield.query.written import written  # (with the search's vocabulary: only here)

    found = []
    for node in typed:
        for tests in (False, True):
            sites = written(store, node, tests)
            found += [Named(node.id, path, line) for path, line in (sites.sites if sites else [])]
    return found


def _tests_reaching(
    store: GraphStore, changed: list[Changed], depth: int
) -> tuple[list[Hop], TestSearch]:
    """The test definitions that reach a changed one (each once), by the rule the
    interview's tests fact uses (`reaching_tests`: up to `TEST_DEPTH` calls, through
    production code), those calling a changed definition first, then those of its own test
    file (its file's, one named after it), then the nearest (`reaching_tests.rank_of_test`);
    and how they were looked for."""
    found: dict[str, tuple[tuple[bool, int, int, str], Hop]] = {}
    nodes = store.nodes(c.id for c in changed)
    for change in changed:
        node = nodes.get(change.id)
        if node is None:
            continue  # added since the build, or a file's top level
        for hop in tests_reaching(store, node):
            key = (*rank_of_test(hop, node), hop.distance, hop.node.id)
            known = found.get(hop.node.id)
            if known is None or key < known[0]:
                found[hop.node.id] = (key, hop)
    names = sorted(  # a file's whole export (`exports`) with its importers' names for it
        {
            name
            for c in changed
            for name in (
                call_names(store, nodes[c.id])
                if c.id in nodes
                else (c.id.partition("::")[2].rpartition(".")[2],)
            )
        }
        - {""}
    )
    same_name = store.unresolved_named(*names)
    search = TestSearch(
        what_counts_as_tests(sorted({c.path for c in changed})),
        max(depth, TEST_DEPTH),
        tuple(names),
        len(same_name),
        sum(1 for u in same_name if is_test(u.path, u.src)),
    )
    return [hop for _, hop in sorted(found.values(), key=lambda item: item[0])], search


def _read(root: Path, path: str) -> bytes | None:
    """A file's bytes, or None when it is missing, not a regular file or a symlink out."""
    try:
        return read_bytes_inside(root, path)
    except (ConfinementError, FileAccessError):
        return None


def _spans(path: str, data: bytes | None) -> list[Span] | None:
    """The definitions of a file's content (qualname and lines); None for other files."""
    language = language_of(path, data or b"")
    if language is None:
        return None
    if data is None:
        return []
    from brownfield.graph import parser  # tree-sitter loads only when something is parsed

    return [(d.qualname, d.line, d.end_line) for d in parser.definitions(language, data)]


def _innermost(spans: list[Span], ranges: list[tuple[int, int]], lines: list[bytes]) -> list[Span]:
    """For each changed line, the innermost definition holding it ("" for top-level code,
    unless the line is blank)."""
    found: dict[str, Span] = {}
    for first, last in ranges:
        for line in range(first, last + 1):
            holding = [s for s in spans if s[1] <= line <= s[2]]
            if holding:
                inner = max(holding, key=lambda s: s[1])
            elif line <= len(lines) and lines[line - 1].strip():
                inner = ("", 1, 1)
            else:
                continue
            found.setdefault(inner[0], inner)
    return list(found.values())


def _id(path: str, qualname: str) -> str:
    return f"{path}::{qualname}" if qualname else path
