"""Build or refresh a repository's graph: discover, parse what changed, resolve, store.

An incremental build parses only files whose content hash changed, then resolves again
the changed files and every file whose last resolution consulted something that changed
(its dependency keys), so that the result equals a clean full build.
"""

from __future__ import annotations

import fcntl
import gc
import hashlib
import importlib
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import Any

from brownfield import __version__, git
from brownfield.confine import open_nofollow, real_folder
from brownfield.errors import BuildLockedError, UntrustedStoreError
from brownfield.graph import search_text
from brownfield.graph.build_indexes import DefinitionIndex, name_indexes
from brownfield.graph.build_indexes import resolver_context as _context
from brownfield.graph.build_resolve import ResolveInputs, resolve_settled
from brownfield.graph.declared import class_fields
from brownfield.graph.discover import DEFAULT_MAX_FILE_SIZE, SkipReason, discover, read_source
from brownfield.graph.facts import FileFacts
from brownfield.graph.languages import LANGUAGES
from brownfield.graph.repository import check_repository
from brownfield.graph.search_text import SearchRow
from brownfield.graph.store import FileRow, GraphStore, NodeRow
from brownfield.graph.store_connect import is_outdated
from brownfield.graph.store_home import STATE_DIR, db_path, remove_leftovers
from brownfield.model import NodeKind

_DEFINITION_KINDS = {NodeKind.CLASS.value, NodeKind.FUNCTION.value, NodeKind.METHOD.value}

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
    notes: list[str] = field(default_factory=list)  # one line each: what the build decided

    def to_json(self) -> dict[str, Any]:
        return {
            "notes": list(self.notes),
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


@contextmanager
def build_lock(root: Path, timeout: float) -> Iterator[None]:
    """Hold the build lock; wait up to `timeout` seconds for another build to finish.

    The lock is a `flock` on `.brownfield/build.lock`, held by this process's open file.
    Pool workers forked during the build close their inherited copy first thing (and
    exit when this process dies), so a killed build never leaves the lock held.
    """
    state = real_folder(root, STATE_DIR)
    fd = open_nofollow(state / LOCK_NAME, os.O_RDWR | os.O_CREAT)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise BuildLockedError(
                        f"another build of {root} is running (lock {state / LOCK_NAME}); "
                        f"waited {timeout:g}s, try again when it finishes"
                    ) from None
                time.sleep(0.1)
        info = os.fstat(fd)
        _HELD_LOCKS[fd] = (info.st_dev, info.st_ino)
        try:
            yield
        finally:
            del _HELD_LOCKS[fd]
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


#: The build locks this process holds: file descriptor -> (device, inode) of the lock file.
_HELD_LOCKS: dict[int, tuple[int, int]] = {}


def _start_worker(parent: int, locks: dict[int, tuple[int, int]]) -> None:
    """A pool worker's first step: let go of the parent's build lock (a forked worker
    inherits the descriptor, and would keep the lock alive if the parent were killed),
    then watch the parent and exit when it is gone."""
    for fd, identity in locks.items():
        with suppress(OSError):  # not inherited (a spawned worker): nothing to close
            info = os.fstat(fd)
            if (info.st_dev, info.st_ino) == identity:
                os.close(fd)
    threading.Thread(target=_exit_with, args=(parent,), daemon=True).start()


def _exit_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)  # orphaned: the parent died, nobody will read the results


def _pool(count: int, context: Any = None) -> Any:
    """A process pool whose workers drop the build lock and die with this process."""
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(
        max_workers=count,
        mp_context=context,
        initializer=_start_worker,
        initargs=(os.getpid(), dict(_HELD_LOCKS)),
    )


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
        remove_leftovers(root)
        notes: list[str] = []
        store: GraphStore | None = None
        fresh = full or not os.path.lexists(db_path(root)) or is_outdated(root)
        if not fresh:
            try:
                store = GraphStore.open(root, writable=True)
            except UntrustedStoreError as exc:
                notes.append(f"the old graph store is not trusted ({exc.reason}); built afresh")
                fresh = True
        if store is None:
            store = GraphStore.create_fresh(root)
        try:
            with _without_cycle_collection():
                summary = _build(store, root, max_file_size, report, workers)
            if fresh:
                store.publish()
        finally:
            store.close()
    summary.notes = notes + summary.notes
    summary.elapsed = time.perf_counter() - started
    return summary


@contextmanager
def _without_cycle_collection() -> Iterator[None]:
    """A build makes millions of long-lived objects and almost no cycles: the collector
    would scan them again and again (a quarter of resolution time) for nothing. Pool
    workers, forked inside, inherit the setting."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _build(
    store: GraphStore, root: Path, max_file_size: int, report: Progress, workers: int | None
) -> BuildSummary:
    """Parse and resolve first (reading the store only), then write everything in one go."""
    found = discover(root)
    skipped = Counter({reason: len(paths) for reason, paths in found.skipped.items()})
    stored_meta = store.meta()
    # Another brownfield reads the code otherwise: every file is parsed again (the facts of
    # the unchanged ones would be the old version's).
    same_reader = stored_meta.get("brownfield_version", __version__) == __version__
    known = store.file_rows()
    # Per-repository context a resolver names files with (Python's import roots), computed
    # once; when it changed since the last build, that resolver's files are parsed again.
    layouts = _layouts(root, found.files, found.configs)
    fingerprints = {f"layout:{module}": layout.fingerprint() for module, layout in layouts.items()}
    relayout = {
        module
        for module in layouts
        if stored_meta.get(f"layout:{module}") != fingerprints[f"layout:{module}"]
    }

    to_parse: dict[str, tuple[str, bytes, str, os.stat_result]] = {}  # language, data, sha
    unchanged: dict[str, os.stat_result] = {}
    skipped_rows: list[FileRow] = []
    for rel_path, language in sorted(found.files.items()):
        stat = found.stats[rel_path]
        previous = known.get(rel_path)
        if LANGUAGES[language].resolver in relayout or not same_reader:
            previous = None
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
        to_parse[rel_path] = (language, data, digest, stat)

    outputs = _parse_all(
        {path: (language, data) for path, (language, data, _, _) in to_parse.items()},
        report,
        workers,
        layouts,
    )
    parsed = {path: output.facts for path, output in outputs.items()}
    live = set(found.files) - {row.path for row in skipped_rows}
    removed = sorted(set(known) - live)
    gone = set(removed) | {row.path for row in skipped_rows if row.path in known}

    # What changed, as dependency keys; every file that consulted one is resolved again.
    invalidated: set[str] = set()
    # (a fresh graph has no file depending on anything: every file is parsed and resolved;
    # so is every file when another version wrote the graph, whose facts it may not read)
    for path in [] if store.fresh or not same_reader else sorted(gone | set(parsed)):
        row = known.get(path)
        file_language = row.language if row is not None else found.files.get(path)
        if file_language is None:
            continue
        old = store.facts(path) if row is not None and row.sha256 else None
        new = parsed.get(path)
        if old is not None or new is not None:
            resolver = LANGUAGES[file_language].resolver
            invalidated |= _resolver_module(file_language).invalidated_keys(
                path, old, new, **_context(layouts, resolver)
            )
    to_resolve = (set(parsed) | store.files_depending_on(invalidated)) & live
    new_definitions: dict[str, list[tuple[str, str]]] = {}
    for output in outputs.values():
        for node in output.nodes:
            if node[1] in _DEFINITION_KINDS:
                new_definitions.setdefault(node[2], []).append((node[0], node[1]))
    definitions = DefinitionIndex(store, gone | set(parsed), new_definitions)
    definitions.indexes = name_indexes(store, gone | set(parsed), parsed)
    commit, dirty = git.snapshot(root)
    snapshot = (commit[:12] if commit else "no-commit") + ("+dirty" if dirty else "")
    changed = bool(gone or parsed or to_resolve)
    # Workers (if any) start before the transaction; their results are written as they come.
    resolved: set[str] = set()  # with the files whose classes' bases changed resolved
    inputs = ResolveInputs(store, found.files, live, parsed, definitions, report, layouts, _pool)
    resolutions = resolve_settled(inputs, to_resolve, workers, resolved)
    with store.transaction():
        for path in sorted(gone):
            store.remove_file(path)
        for row in skipped_rows:
            store.put_file(row, None)
        for path, facts in sorted(parsed.items()):
            language, _, digest, stat = to_parse[path]
            row = FileRow(
                path,
                language,
                digest,
                stat.st_size,
                stat.st_mtime_ns,
                facts.status,
                facts.diagnostic,
                facts.line_count,
            )
            store.put_file(row, outputs[path].facts_json)
            store.put_nodes(path, outputs[path].nodes)
            store.put_search(path, outputs[path].search)
        for path, stat in unchanged.items():
            if known[path].mtime_ns != stat.st_mtime_ns:
                store.touch_file(path, stat.st_mtime_ns)
        if store.fresh:  # while the workers resolve, if any
            store.index_files()
        for path, graph in resolutions:
            store.put_resolution(path, graph.edges, graph.unresolved, graph.deps)
        if changed:
            store.sync_external_nodes()
            store.refresh_counts()
        store.set_meta(
            {
                "snapshot": snapshot,
                "commit": commit or "",
                "dirty": "true" if dirty else "false",
                "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
                "brownfield_version": __version__,
                "max_file_size": str(max_file_size),
                **fingerprints,
            }
        )

    counts = store.counts()
    undecodable = [
        {
            "path": name,
            "status": SkipReason.UNDECODABLE_NAME,
            "message": "the file name is not valid UTF-8; skipped",
        }
        for name in found.skipped.get(SkipReason.UNDECODABLE_NAME, [])
    ]
    return BuildSummary(
        parsed=len(parsed),
        unchanged=len(unchanged),
        removed=len(removed),
        resolved=len(resolved),
        skipped=dict(skipped),
        diagnostics=store.diagnostics() + undecodable,
        nodes=counts["nodes"],
        edges=counts["edges"],
        unresolved=sum(counts["unresolved"].values()),
        lines=counts["lines"],
        snapshot=snapshot,
    )


def _resolver_module(language: str) -> ModuleType:
    return importlib.import_module(LANGUAGES[language].resolver)


def _layouts(root: Path, files: dict[str, str], configs: list[str]) -> dict[str, Any]:
    """Each resolver module's view of the repository layout, for those that have one
    (a `layout(root, configs, paths)` function: Python's import roots)."""
    by_resolver: dict[str, list[str]] = {}
    for path, language in sorted(files.items()):
        by_resolver.setdefault(LANGUAGES[language].resolver, []).append(path)
    layouts: dict[str, Any] = {}
    for module, paths in sorted(by_resolver.items()):
        hook = getattr(importlib.import_module(module), "layout", None)
        if hook is not None:
            layouts[module] = hook(root, configs, paths)
    return layouts


@dataclass
class Parsed:
    """A parsed file, as a worker hands it back: its facts (which cross processes in their
    plain form and are rebuilt as they arrive), its node rows and its facts as stored."""

    facts: FileFacts
    nodes: list[NodeRow]
    facts_json: str
    search: list[SearchRow]

    def __reduce__(self) -> tuple[Any, ...]:  # plain tuples pickle faster than named ones
        return (_arrived, (self.facts, self.nodes, self.facts_json, list(map(tuple, self.search))))


def _arrived(facts: FileFacts, nodes: list[NodeRow], facts_json: str, rows: list[Any]) -> Parsed:
    return Parsed(facts, nodes, facts_json, list(map(SearchRow._make, rows)))


def _parse_one(job: tuple[str, str, bytes, dict[str, Any]]) -> tuple[str, Parsed]:
    from brownfield.graph import parser  # tree-sitter loads only when something is parsed

    path, language, data, context = job
    facts = parser.parse(language, data)
    nodes = [
        (n.id, n.kind.value, n.name, n.qualname, n.path, n.line, n.end_line, n.language)
        for n in _resolver_module(language).nodes_of(path, facts, **context)
    ]
    search = search_text.rows_for(path, language, data, nodes, class_fields(facts))
    return path, Parsed(facts, nodes, facts.json_text(), search)


def _parse_all(
    jobs: dict[str, tuple[str, bytes]],
    report: Progress,
    workers: int | None,
    layouts: dict[str, Any],
) -> dict[str, Parsed]:
    """Parse every job, on all cores when there are enough files to pay for the pool."""
    contexts = {language: _context(layouts, LANGUAGES[language].resolver) for language in LANGUAGES}
    items = [
        (path, language, data, contexts[language])
        for path, (language, data) in sorted(jobs.items())
    ]
    total = len(items)
    results: dict[str, Parsed] = {}
    count = workers if workers is not None else (os.cpu_count() or 1)
    if total >= POOL_THRESHOLD and count > 1:
        with _pool(count) as pool:
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
