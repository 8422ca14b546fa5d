"""Resolve the files a build asks for: in this process, or in forked worker processes
when there are many (each worker builds one resolver per resolver module, once).

Workers are forked with every file's facts and the build's indexes loaded up front, so
that they never touch the store; the parent writes their results as they come.
"""

from __future__ import annotations

import importlib
import inspect
import os
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from brownfield.graph.build_indexes import (
    DefinitionIndex,
    StoredInherits,
    resolver_context,
    resolver_indexes,
)
from brownfield.graph.facts import FileFacts, FileGraph, ImportFact
from brownfield.graph.languages import LANGUAGES
from brownfield.graph.store import GraphStore

Progress = Callable[[str, int, int], None]  # (stage, done, total)
#: Below this many files to resolve, a process pool costs more than it saves.
POOL_THRESHOLD = 256

#: The dependency key of a file's classes and their bases (`python_world.BASES_KEY`): a
#: file reading a class order depends on it for each file holding a class of the order.
BASES_KEY = "bases:"


@dataclass(frozen=True)
class ResolveInputs:
    """What every round of one build's resolution reads: the store, each live file's
    language, the files parsed now, the build's indexes, where progress goes, the layouts
    and how to make a process pool."""

    store: GraphStore
    languages: dict[str, str]
    live: set[str]
    parsed: dict[str, FileFacts]
    definitions: DefinitionIndex
    report: Progress
    layouts: dict[str, Any]
    pool: Callable[[int, Any], Any]


def resolve_settled(
    inputs: ResolveInputs, to_resolve: set[str], workers: int | None, resolved: set[str]
) -> Iterator[tuple[str, FileGraph]]:
    """Resolve `to_resolve` (starting the workers now, if any), then, in an incremental
    build, every file depending on the bases of a file whose `inherits` edges came out
    other than stored (`bases:PATH`), in this process, until none did; `resolved` gets
    every file resolved. Each file's graph is compared with the store before it is
    yielded: the caller writes it over the stored one."""
    store, live = inputs.store, inputs.live
    stored = None if store.fresh else StoredInherits(store, resolved)

    def start(paths: set[str], count: int | None) -> Iterator[tuple[str, FileGraph]]:
        return _start_resolution(inputs, paths, count, stored)

    resolved |= to_resolve
    first = start(to_resolve, workers)

    def waves() -> Iterator[tuple[str, FileGraph]]:
        wave, read = first, set()  # the files whose stored bases earlier rounds read
        while True:
            changed: list[str] = []
            for path, graph in wave:
                if not store.fresh and _bases_changed(store, path, graph):
                    changed.append(path)
                yield path, graph
            if stored is not None:
                read |= stored.used
            # a file resolved already read the bases found now only if they were current
            stale = [path for path in changed if path in read]
            more = set()
            if changed:
                readers = store.files_depending_on(BASES_KEY + p for p in changed) & live
                more = readers if stale else readers - resolved
            if not more:
                return
            resolved.update(more)
            wave = start(more, 1)  # inside the caller's transaction: no fork

    return waves()


def _bases_changed(store: GraphStore, path: str, graph: FileGraph) -> bool:
    found = [(edge[0], edge[1]) for edge in graph.edges if edge[2] == "inherits"]
    return found != [(src, dst) for _, src, dst, _ in store.inherits(path)]


# Set in the parent just before a fork-based pool starts; the workers inherit it.
_POOL_CONTEXT: dict[str, Any] = {}


def _start_resolution(
    inputs: ResolveInputs,
    to_resolve: set[str],
    workers: int | None,
    stored: StoredInherits | None,
) -> Iterator[tuple[str, FileGraph]]:
    """Resolve `to_resolve`, yielding each file's graph (in this process, with the class
    bases `stored` holds, if any).

    With many files, worker processes are forked here, before the caller opens its write
    transaction, with every file's facts loaded up front (workers never touch the store).
    """
    store, languages, live, parsed = inputs.store, inputs.languages, inputs.live, inputs.parsed
    definitions, report, layouts = inputs.definitions, inputs.report, inputs.layouts
    count = workers if workers is not None else (os.cpu_count() or 1)
    # Files are resolved together when one resolver serves them (TypeScript and TSX).
    family = {path: LANGUAGES[languages[path]].resolver for path in live}
    by_resolver: dict[str, list[str]] = {}
    for path in sorted(to_resolve):
        by_resolver.setdefault(family[path], []).append(path)
    every = {resolver: sorted(p for p in live if family[p] == resolver) for resolver in by_resolver}
    total = len(to_resolve)
    if len(to_resolve) < POOL_THRESHOLD or count < 2:
        return _resolve_here(
            store, parsed, by_resolver, every, definitions, report, total, layouts, stored
        )

    facts = dict(parsed)
    facts.update((path, store.facts(path)) for path in sorted(live - set(parsed)))
    definitions.load_all()
    for index in definitions.indexes.values():
        index.load_all(facts)
    _POOL_CONTEXT.update(
        load=facts.__getitem__,
        definitions=definitions.named,
        paths=every,
        layouts=layouts,
        indexes={module: resolver_indexes(module, definitions) for module in by_resolver},
    )
    import multiprocessing

    workers_pool = inputs.pool(count, multiprocessing.get_context("fork"))

    # Biggest files first, in small chunks, so that both workers finish together.
    def weight(path: str) -> int:
        return -len(facts[path].calls)

    futures = []
    for module, paths in sorted(by_resolver.items()):
        ordered = sorted(paths, key=lambda p: (weight(p), p))
        futures += [
            workers_pool.submit(_resolve_chunk, module, ordered[i : i + 16])
            for i in range(0, len(ordered), 16)
        ]
    _POOL_CONTEXT.clear()  # the workers have their copy

    def results() -> Iterator[tuple[str, FileGraph]]:
        done = 0
        try:
            for future in futures:
                batch = future.result()
                done += len(batch)
                report("resolve", done, total)
                yield from batch.items()
        finally:
            workers_pool.shutdown(cancel_futures=True)

    return results()


def _resolve_here(
    store: GraphStore,
    parsed: dict[str, FileFacts],
    by_resolver: dict[str, list[str]],
    every: dict[str, list[str]],
    definitions: DefinitionIndex,
    report: Progress,
    total: int,
    layouts: dict[str, Any],
    stored: StoredInherits | None,
) -> Iterator[tuple[str, FileGraph]]:
    """Resolve in this process; facts of files not parsed now are read on demand, once."""
    read: dict[str, FileFacts] = {}  # (a file's imports and its scope table both ask)

    def load_facts(path: str) -> FileFacts:
        found = parsed.get(path) or read.get(path)
        return found if found is not None else read.setdefault(path, store.facts(path))

    def load_imports(path: str) -> list[ImportFact]:  # (without decoding the rest)
        found = parsed.get(path) or read.get(path)
        return found.imports if found is not None else store.imports(path)

    done = 0
    for module, paths in sorted(by_resolver.items()):
        new_resolver = importlib.import_module(module).new_resolver
        accepted = inspect.signature(new_resolver).parameters
        extra: dict[str, Any] = {"load_imports": load_imports} if "load_imports" in accepted else {}
        if stored is not None and "stored" in accepted:
            extra["stored"] = stored
        resolver = new_resolver(
            every[module],
            load_facts,
            definitions.named,
            **resolver_context(layouts, module),
            **resolver_indexes(module, definitions),
            **extra,
        )
        for path in paths:
            yield path, _resolve_one(resolver, path)
            done += 1
            if done % 200 == 0 or done == total:
                report("resolve", done, total)
        _release(resolver)


def _release(resolver: Any) -> None:
    """Drop a resolver's state once done, and its helpers' (those referring back to it, some
    to each other): the collector's first pass after the build scanned them, 0.5-1.4 s."""
    with suppress(TypeError):  # (an object without attributes is left alone)
        state = vars(resolver)
        for helper in list(state.values()):
            with suppress(TypeError):
                if any(value is resolver for value in vars(helper).values()):
                    vars(helper).clear()  # not shared objects (a language's tables)
        state.clear()


def _resolve_one(resolver: Any, path: str) -> FileGraph:
    try:
        graph: FileGraph = resolver.resolve(path)
    except RecursionError:  # a pathological file must not stop the build
        return FileGraph(deps={f"file:{path}"})
    return graph


def _resolve_chunk(module_name: str, paths: list[str]) -> dict[str, FileGraph]:
    """A pool worker's share: one resolver per resolver module and process, built once."""
    key = f"resolver:{module_name}"
    resolver = _POOL_CONTEXT.get(key)
    if resolver is None:
        context = _POOL_CONTEXT
        module = importlib.import_module(module_name)
        resolver = module.new_resolver(
            context["paths"][module_name],
            context["load"],
            context["definitions"],
            **resolver_context(context["layouts"], module_name),
            **context["indexes"][module_name],
        )
        _POOL_CONTEXT[key] = resolver
    return {path: _resolve_one(resolver, path) for path in paths}
