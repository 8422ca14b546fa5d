"""Build or refresh a repository's graph: discover, parse what changed, resolve, store.

An incremental build parses only files whose content hash changed, then resolves again
the changed files and every file whose last resolution consulted something that changed
(its dependency keys), so that the result equals a clean full build.
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib
import json
import os
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import Any

from brownfield import __version__, git
from brownfield.errors import BuildLockedError, RepositoryError
from brownfield.graph import parser
from brownfield.graph.discover import DEFAULT_MAX_FILE_SIZE, discover, read_source
from brownfield.graph.facts import FileFacts
from brownfield.graph.languages import LANGUAGES
from brownfield.graph.store import STATE_DIR, FileRow, GraphStore

#: Below this many files to parse, a process pool costs more than it saves.
POOL_THRESHOLD = 64
LOCK_NAME = "build.lock"

Progress = Callable[[str, int, int], None]  # (stage, done, total)


@dataclass
class BuildSummary:
    """What a build did, for the one-screen summary and `--json`."""

    parsed: int = 0
    unchanged: int = 0
    removed: int = 0
    resolved: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    diagnostics: list[dict[str, str]] = field(default_factory=list)
    nodes: dict[str, int] = field(default_factory=dict)
    edges: dict[str, int] = field(default_factory=dict)
    unresolved: int = 0
    lines: int = 0
    snapshot: str = ""
    elapsed: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "parsed": self.parsed,
            "unchanged": self.unchanged,
            "removed": self.removed,
            "resolved": self.resolved,
            "skipped": dict(sorted(self.skipped.items())),
            "diagnostics": sorted(self.diagnostics, key=lambda d: d["path"]),
            "nodes": dict(sorted(self.nodes.items())),
            "edges": dict(sorted(self.edges.items())),
            "unresolved": self.unresolved,
            "lines": self.lines,
            "snapshot": self.snapshot,
            "elapsed_seconds": round(self.elapsed, 3),
        }


def check_repository(repo: Path) -> Path:
    """The repository root as an absolute path, or a clear error."""
    if not repo.exists():
        raise RepositoryError(f"repository not found: {repo}")
    if not repo.is_dir():
        raise RepositoryError(f"repository is not a folder: {repo}")
    return repo.resolve()


@contextmanager
def build_lock(root: Path, timeout: float) -> Iterator[None]:
    """Hold the build lock; wait up to `timeout` seconds for another build to finish."""
    state = root / STATE_DIR
    state.mkdir(exist_ok=True)
    with open(state / LOCK_NAME, "a+") as handle:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise BuildLockedError(
                        f"another build of {root} is running (lock {state / LOCK_NAME}); "
                        f"waited {timeout:g}s, try again when it finishes"
                    ) from None
                time.sleep(0.1)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build(
    repo: Path,
    *,
    full: bool = False,
    max_file_size: int = DEFAULT_MAX_FILE_SIZE,
    lock_timeout: float = 30.0,
    progress: Progress | None = None,
    workers: int | None = None,
) -> BuildSummary:
    """Build the graph of `repo` (incrementally unless `full`) and return what happened."""
    started = time.perf_counter()
    root = check_repository(repo)
    report = progress or (lambda stage, done, total: None)
    with build_lock(root, lock_timeout):
        if full:
            GraphStore.remove(root)
        store = GraphStore.open(root, create=True)
        try:
            summary = _build(store, root, max_file_size, report, workers)
        finally:
            store.close()
    summary.elapsed = time.perf_counter() - started
    return summary


def _build(
    store: GraphStore, root: Path, max_file_size: int, report: Progress, workers: int | None
) -> BuildSummary:
    summary = BuildSummary()
    found = discover(root)
    skipped = Counter({reason: len(paths) for reason, paths in found.skipped.items()})
    known = store.file_rows()

    to_parse: dict[str, tuple[str, bytes, os.stat_result]] = {}
    unchanged: dict[str, os.stat_result] = {}
    skipped_rows: list[FileRow] = []
    for rel_path, language in sorted(found.files.items()):
        stat = (root / rel_path).stat()
        previous = known.get(rel_path)
        if (
            previous is not None
            and previous.sha256
            and previous.size == stat.st_size
            and previous.mtime_ns == stat.st_mtime_ns
        ):
            unchanged[rel_path] = stat
            continue
        data = read_source(root, rel_path, max_file_size)
        if isinstance(data, str):
            skipped[data] += 1
            skipped_rows.append(
                FileRow(rel_path, language, None, stat.st_size, None, data, None, 0)
            )
            continue
        digest = hashlib.sha256(data).hexdigest()
        if previous is not None and previous.sha256 == digest:
            unchanged[rel_path] = stat
            continue
        to_parse[rel_path] = (language, data, stat)

    parsed = _parse_all(
        {path: (language, data) for path, (language, data, _) in to_parse.items()},
        report,
        workers,
    )
    live = set(found.files) - {row.path for row in skipped_rows}
    removed = sorted(set(known) - live)

    with store.transaction():
        invalidated: set[str] = set()
        resolver_modules = {name: _resolver_module(name) for name in LANGUAGES}
        for path in removed:
            row = known[path]
            if row.sha256 and row.language:
                module = resolver_modules[row.language]
                invalidated |= module.invalidated_keys(path, store.facts(path), None)
            store.remove_file(path)
        for row in skipped_rows:
            if row.path in known:
                store.remove_file(row.path)
            store.put_file(row, None)
        for path, facts in sorted(parsed.items()):
            language, data, stat = to_parse[path]
            previous = known.get(path)
            old = store.facts(path) if previous is not None and previous.sha256 else None
            module = resolver_modules[language]
            invalidated |= module.invalidated_keys(path, old, facts)
            row = FileRow(
                path,
                language,
                hashlib.sha256(data).hexdigest(),
                stat.st_size,
                stat.st_mtime_ns,
                facts.status,
                facts.diagnostic,
                facts.line_count,
            )
            store.put_file(row, json.dumps(facts.to_json(), separators=(",", ":")))
            store.put_nodes(path, module.nodes_of(path, facts))
        for path, stat in unchanged.items():
            if known[path].mtime_ns != stat.st_mtime_ns:
                store.touch_file(path, stat.st_mtime_ns)

        to_resolve = (set(parsed) | store.files_depending_on(invalidated)) & live
        summary.resolved = _resolve(store, found.files, live, parsed, to_resolve, report)
        if removed or to_resolve:
            store.sync_external_nodes()

        commit, dirty = git.snapshot(root) if git.work_tree_root(root) else (None, False)
        snapshot = (commit[:12] if commit else "no-commit") + ("+dirty" if dirty else "")
        store.set_meta(
            {
                "snapshot": snapshot,
                "commit": commit or "",
                "dirty": "true" if dirty else "false",
                "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
                "brownfield_version": __version__,
                "max_file_size": str(max_file_size),
            }
        )

    summary.parsed = len(parsed)
    summary.unchanged = len(unchanged)
    summary.removed = len(removed)
    summary.skipped = dict(skipped)
    summary.diagnostics = [
        {"path": path, "status": row.status, "message": row.diagnostic or row.status}
        for path, row in sorted(store.file_rows().items())
        if row.status != "ok"
    ]
    summary.nodes = store.count("nodes", "kind")
    summary.edges = store.count("edges", "kind")
    summary.unresolved = sum(store.count("unresolved", "reason").values())
    summary.lines = sum(row.lines for row in store.file_rows().values())
    summary.snapshot = snapshot
    return summary


def _resolver_module(language: str) -> ModuleType:
    return importlib.import_module(LANGUAGES[language].resolver)


def _resolve(
    store: GraphStore,
    languages: dict[str, str],
    live: set[str],
    parsed: dict[str, FileFacts],
    to_resolve: set[str],
    report: Progress,
) -> int:
    """Resolve `to_resolve` and store their edges; facts of other files load on demand."""

    def load_facts(path: str) -> FileFacts:
        facts = parsed.get(path)
        return facts if facts is not None else store.facts(path)

    method_cache: dict[str, list[str]] = {}

    def methods_named(name: str) -> list[str]:
        if name not in method_cache:
            method_cache[name] = store.method_ids(name)
        return method_cache[name]

    total = len(to_resolve)
    done = 0
    for language in sorted({languages[path] for path in to_resolve}):
        paths = sorted(path for path in live if languages[path] == language)
        resolver = _resolver_module(language).new_resolver(paths, load_facts, methods_named)
        for path in sorted(p for p in to_resolve if languages[p] == language):
            try:
                graph = resolver.resolve(path)
            except RecursionError:  # a pathological file must not stop the build
                store.put_resolution(path, [], [], [f"file:{path}"])
                continue
            store.put_resolution(path, graph.edges, graph.unresolved, graph.deps)
            done += 1
            if done % 200 == 0 or done == total:
                report("resolve", done, total)
    return total


def _parse_one(job: tuple[str, str, bytes]) -> tuple[str, FileFacts]:
    path, language, data = job
    return path, parser.parse(language, data)


def _parse_all(
    jobs: dict[str, tuple[str, bytes]], report: Progress, workers: int | None
) -> dict[str, FileFacts]:
    """Parse every job, on all cores when there are enough files to pay for the pool."""
    items = [(path, language, data) for path, (language, data) in sorted(jobs.items())]
    total = len(items)
    results: dict[str, FileFacts] = {}
    count = workers if workers is not None else (os.cpu_count() or 1)
    if total >= POOL_THRESHOLD and count > 1:
        with ProcessPoolExecutor(max_workers=count) as pool:
            for path, facts in pool.map(_parse_one, items, chunksize=16):
                results[path] = facts
                if len(results) % 50 == 0 or len(results) == total:
                    report("parse", len(results), total)
    else:
        for item in items:
            path, facts = _parse_one(item)
            results[path] = facts
            report("parse", len(results), total)
    return results


def open_store(repo: Path) -> GraphStore:
    """Open an existing graph for reading; a missing or corrupt store is a clear error."""
    return GraphStore.open(check_repository(repo))
