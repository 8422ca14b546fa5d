"""The touchpoints of an idea: the definitions a change to it would start from, ranked.

The idea is searched in the full-text index (see `search.rank`: production code first, a
name spelled out first of all); the matches are then lifted by personalized PageRank over
the call and import edges around them, so that definitions central to several matches rise
and isolated word collisions fall, and by the other matches in their file. A longer
definition weighs a little more (its lines to the power SIZE_EXPONENT, capped): behaviour
lives in bodies, not in one-line accessors; a TypeScript type is a shape, not behaviour
(unless it holds the settings a caller passes, which an idea asking for a setting lifts
beside the code it changes). Near-identical
definitions (`Client.__init__`, `AsyncClient.__init__`) are one touchpoint, the twin listed
with it; a local function is folded into the function or method holding it, the one a change
edits. A method declared without a body (abstract, an interface's) gives its place to its
implementations in the classes deriving from its class, where the behaviour is. A
definition the person named is a touchpoint at once; one the person rejected is never one
again. A match scoring under FLOOR of the best (of production code, or of tests) is none: it
holds only words nearly every definition holds (bm25 weighs a word of a one-package
repository's file name next to nothing).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from brownfield.graph.roles import Role, role_at
from brownfield.graph.store import GraphStore
from brownfield.graph.vocabulary import STOP_WORDS, index_words, words
from brownfield.model import EdgeKind, Node, NodeKind
from brownfield.query.declarations import (
    ancestors,
    implementations,
    is_bodiless,
    is_go_type,
    is_type_declaration,
)
from brownfield.query.freshness import repository_root
from brownfield.query.search import Query, SearchHit, matched_words, parse, rank

__all__ = ["STOP_WORDS", "IdeaWords", "Touchpoint", "idea_words", "touchpoints"]
CANDIDATES = 60  # matches ranked before the lift
#: A match scoring under this share of the best (production code's, or the tests') matched
#: only words nearly every definition holds (its file's name, in a one-package repository).
FLOOR = 0.01
LIFT = 0.5  # how much centrality adds: score x (1 + LIFT x rank)
TWIN_SHARE = 0.6  # a twin scores at least this share of the definition it is listed with
_TESTING = (Role.TEST, Role.TEST_SUPPORT)  # listed after the rest unless the idea is on tests
_HOLDERS = (NodeKind.FUNCTION, NodeKind.METHOD)  # what a local function is folded into
#: Words that make a variant of a definition, not another one (`AsyncClient` of `Client`).
VARIANT = frozenset({"async", "sync", "blocking"})
BESIDE_LIFT = 1.0  # how much matches in the same file add: score x (1 + this x share)
IMPLEMENTED_SHARE = 0.9  # an implementation of a matched bodiless method: its score x this
DECLARATION_WEIGHT = 0.5  # the bodiless method itself keeps this share of its score
MAX_IMPLEMENTATIONS = 3  # implementations put in a bodiless method's place
SIZE_EXPONENT = 0.2  # a definition's score x its lines ** this (a module's is left alone)
SIZE_CAP = 200  # lines beyond this add nothing
EXCEPTION_WEIGHT = 0.3  # an exception class the idea does not name keeps this share
_RAISED = ("error", "exception", "throwable")
#: What every exception's name says it is: no word of the idea's it carries ("log the error")
_FAILURE = frozenset("error errors exception exceptions failure failures fault faults".split())
SHAPE_WEIGHT = 0.5  # a TypeScript type the idea does not pass as settings keeps this share
#: The names of the types that hold what a caller sets: a new setting extends them.
SETTINGS_SHAPES = (
    "Options",
    "Option",
    "Opts",
    "Config",
    "Configuration",
    "Settings",
    "Props",
    "Params",
)
SERIES = 3  # look-alike definitions ranked in a row that are one touchpoint (`_fold_series`)
SERIES_SHARE = 0.9  # each scoring at least this share of the first
WRAPPER_LINES = 5  # a definition this short calling only its namesake hands the work on


@dataclass(frozen=True)
class IdeaWords:
    """What an idea says: whole mentions (symbols, paths, quoted text) and key words."""

    mentions: tuple[str, ...]
    keywords: tuple[str, ...]


def idea_words(text: str) -> IdeaWords:
    query = parse(text)
    return IdeaWords(query.mentions, query.words)


@dataclass(frozen=True)
class Touchpoint:
    """A definition or file the idea touches, with why and how strongly."""

    node: Node
    score: float
    matched: tuple[str, ...]
    twins: tuple[Node, ...] = ()  # near-identical definitions it stands for (see `_twin`)
    inner: tuple[Node, ...] = ()  # local functions inside it that matched (folded into it)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.node.id,
            "symbol": self.node.qualname,
            "kind": self.node.kind.value,
            "path": self.node.path,
            "line": self.node.line,
            "score": round(self.score, 3),
            "matched": list(self.matched),
            "twins": [
                {"id": twin.id, "citation": f"{twin.path}:{twin.line}"} for twin in self.twins
            ],
            "inner": [
                {"id": inner.id, "citation": f"{inner.path}:{inner.line}"} for inner in self.inner
            ],
        }


def touchpoints(
    store: GraphStore, text: str, limit: int = 5, rejected: frozenset[str] = frozenset()
) -> list[Touchpoint]:
    """The best `limit` definitions for an idea (a file only when the idea names it);
    empty when nothing matches. `rejected` ids are never touchpoints."""
    query = parse(text)
    hits = [
        hit
        for hit in rank(store, text, CANDIDATES)
        if hit.node.id not in rejected
        and hit.score > 0
        and (hit.node.kind is not NodeKind.MODULE or hit.node.path in query.mentions)
    ]
    if not hits:
        return []
    hits = _floored(hits)
    lift = _centrality(store, {hit.node.id: hit.score for hit in hits})
    beside = _beside(hits)
    found = [
        Touchpoint(
            hit.node,
            hit.score
            * (1 + LIFT * lift.get(hit.node.id, 0.0))
            * (1 + BESIDE_LIFT * beside.get(hit.node.id, 0.0)),
            hit.matched,
        )
        for hit in hits
    ]
    found = _raised(store, found, query)
    found = _shapes(store, found, query.mentions)
    found = _fold_local_functions(store, found, query.mentions, rejected)
    found = _implemented(store, found, rejected)
    found = _settings_beside(store, found, text, rejected)
    found = [replace(t, score=t.score * _size_weight(t.node)) for t in found]
    found = _delegated(store, found, rejected)
    # production code before tests, unless the idea is about tests (a test's own weight
    # alone let one named after the feature pass the code it tests)
    found.sort(
        key=lambda t: (
            not query.about_tests and role_at(t.node.path or "", t.node.id) in _TESTING,
            -round(t.score, 6),
            t.node.kind is NodeKind.MODULE,
            t.node.id,
        )
    )
    kept: list[Touchpoint] = []
    for touchpoint in found:  # one representative of near-identical definitions
        twin_of = next((i for i, k in enumerate(kept) if _twin(k, touchpoint)), None)
        if twin_of is None:
            kept.append(touchpoint)
        else:
            first = kept[twin_of]
            kept[twin_of] = replace(first, twins=(*first.twins, touchpoint.node))
    return _fold_series(kept)[:limit]


def _floored(hits: list[SearchHit]) -> list[SearchHit]:
    """The hits scoring at least FLOOR of the best of their kind: production code's, or the
    tests' (a test holding the idea's rarer words would floor the code it tests)."""
    testing = [role_at(hit.node.path or "", hit.node.id) in _TESTING for hit in hits]
    best = {
        kind: max((hit.score for hit, t in zip(hits, testing, strict=True) if t == kind), default=0)
        for kind in (False, True)
    }
    return [hit for hit, t in zip(hits, testing, strict=True) if hit.score >= FLOOR * best[t]]


def _raised(store: GraphStore, found: list[Touchpoint], query: Query) -> list[Touchpoint]:
    """An exception class says what goes wrong, not where: it matches an idea by its
    docstring's words far more often than it is the place to change. One whose own name
    carries none of the idea's words, in any of their forms (`RetryTimeout` carries
    "retries"), but those every exception's name may (`ScheduleError` and "log the error"),
    keeps EXCEPTION_WEIGHT of its score, and so do its methods."""
    classes = {t.node.id: _class_of(t.node) for t in found}
    exceptions = exception_classes(store, {c for c in classes.values() if c})
    return [
        replace(t, score=t.score * EXCEPTION_WEIGHT)
        if (exception := classes[t.node.id]) in exceptions
        and not any(
            value == 1.0 and word not in _FAILURE
            for word, value in matched_words(
                query, " ".join(index_words(_short(exception)))
            ).items()
        )
        else t
        for t in found
    ]


def _class_of(node: Node) -> str | None:
    """A class itself, a method's class (an exception's constructor matches an idea by the
    words of its message), else None."""
    if node.kind is NodeKind.CLASS:
        return node.id
    path, _, name = node.id.partition("::")
    owner = name.rpartition(".")[0]
    return f"{path}::{owner}" if node.kind is NodeKind.METHOD and owner else None


def _short(node_id: str) -> str:
    """A definition's own name, from its id (`a.py::Outer.Inner` -> `Inner`)."""
    return node_id.partition("::")[2].rpartition(".")[2]


def _shapes(
    store: GraphStore, found: list[Touchpoint], mentions: tuple[str, ...]
) -> list[Touchpoint]:
    """A type declaration (a TypeScript interface or type alias, an interface, a trait)
    states a shape: the change lives in the code that makes or reads it, unless the shape
    is the settings callers pass (named so: `QueryOptions`, `RetryerConfig`), which a new
    setting extends. Other type declarations the idea does not name keep SHAPE_WEIGHT of
    their score, and so do their members that nothing in the repository implements (a
    member something implements gives its place to the implementations: `_implemented`;
    a Go interface's members are implemented by any type with their methods, unseen here)."""
    root = repository_root(store)
    held = {t.node.id: _class_of(t.node) for t in found if t.node.kind is NodeKind.METHOD}
    owners = store.nodes({owner for owner in held.values() if owner})

    def shape(node: Node) -> bool:
        return (
            not node.name.endswith(SETTINGS_SHAPES)
            and node.name not in mentions
            and is_type_declaration(root, node)
        )

    def member(node: Node) -> bool:
        owner = owners.get(held.get(node.id) or "")
        return (
            owner is not None
            and shape(owner)
            and not is_go_type(owner)
            and node.name not in mentions
            and not implementations(store, node, root, 1)
        )

    return [
        replace(t, score=t.score * SHAPE_WEIGHT) if shape(t.node) or member(t.node) else t
        for t in found
    ]


#: An idea asking for something a caller sets ("let me cap", "a configurable time").
_CONFIGURABLE = re.compile(
    r"\b(?:configurable|configure|option|options|setting|settings|mode|choose|chooses|"
    r"let (?:me|users|callers|people|operators|apps?|programs?|whoever))\b",
    re.I,
)
SETTINGS_SHARE = 0.6  # a settings type beside a top touchpoint scores this share of it
SETTINGS_BESIDE = 3  # the touchpoints whose files are looked at for settings types


def _settings_beside(
    store: GraphStore, found: list[Touchpoint], text: str, rejected: frozenset[str]
) -> list[Touchpoint]:
    """An idea asking for something a caller sets puts a new setting into the settings
    type of the code it changes: a class named as one (`SETTINGS_SHAPES`: `WSSHandlerOptions`,
    `MutationCacheConfig`) in the file of one of the SETTINGS_BESIDE best touchpoints
    scores at least SETTINGS_SHARE of that touchpoint, whatever words it carries."""
    if not _CONFIGURABLE.search(text):
        return found
    by_id = {t.node.id: t for t in found}
    for top in sorted(found, key=lambda t: -t.score)[:SETTINGS_BESIDE]:
        for node in store.nodes_where("path", top.node.path) if top.node.path else []:
            if (
                node.kind is NodeKind.CLASS
                and node.name.endswith(SETTINGS_SHAPES)
                and node.id not in rejected
            ):
                current = by_id.get(node.id)
                if current is None or current.score < SETTINGS_SHARE * top.score:
                    by_id[node.id] = Touchpoint(node, SETTINGS_SHARE * top.score, top.matched)
    return list(by_id.values())


def exception_classes(store: GraphStore, classes: set[str]) -> set[str]:
    """The classes (node ids) named as an error or exception, or deriving from one."""
    return {
        start
        for start in classes
        if any(i.lower().endswith(_RAISED) for i in [start, *ancestors(store, start)])
    }


def _size_weight(node: Node) -> float:
    """How a definition's length weighs on its score: its lines ** SIZE_EXPONENT, at most
    SIZE_CAP lines; 1 for a module (a file only ranks when the idea names it)."""
    if node.kind is NodeKind.MODULE or node.line is None:
        return 1.0
    lines = (node.end_line or node.line) - node.line + 1
    return float(min(SIZE_CAP, max(1, lines)) ** SIZE_EXPONENT)


def _fold_local_functions(
    store: GraphStore, found: list[Touchpoint], mentions: tuple[str, ...], rejected: frozenset[str]
) -> list[Touchpoint]:
    """A local function (a closure, a callback defined inside a function or method) is part
    of the definition that holds it: the one a change to it edits. It is folded into its
    outermost holding function or method, which takes its place at the better of the two
    scores and lists it in `inner` (unless the text names the local function itself)."""
    holders: dict[str, str] = {}
    for touchpoint in found:
        node = touchpoint.node
        path, _, name = node.id.partition("::")
        if node.kind is not NodeKind.FUNCTION or "." not in name or node.name in mentions:
            continue
        parts = name.split(".")
        prefixes = [f"{path}::{'.'.join(parts[:n])}" for n in range(1, len(parts))]
        outer = store.nodes(prefixes)
        holding = [i for i in prefixes if i in outer and outer[i].kind in _HOLDERS]
        if holding:
            holders[node.id] = holding[0]
    if not holders:
        return found
    nodes = store.nodes(set(holders.values()))
    by_id = {t.node.id: t for t in found if t.node.id not in holders}
    for touchpoint in found:
        holder = holders.get(touchpoint.node.id)
        if holder is None or holder in rejected or holder not in nodes:
            continue
        current = by_id.get(holder) or Touchpoint(nodes[holder], 0.0, touchpoint.matched)
        by_id[holder] = replace(
            current,
            score=max(current.score, touchpoint.score),
            matched=current.matched or touchpoint.matched,
            inner=(*current.inner, touchpoint.node),
        )
    return list(by_id.values())


def _implemented(
    store: GraphStore, found: list[Touchpoint], rejected: frozenset[str]
) -> list[Touchpoint]:
    """A method declared without a body (abstract, an interface's) states a contract; a
    change alters the behaviour in its implementations (`declarations`). They take its
    place, at IMPLEMENTED_SHARE of its score unless they score better already; it stays,
    at DECLARATION_WEIGHT of its score."""
    root = repository_root(store)
    by_id = {t.node.id: t for t in found}
    for touchpoint in found:
        if not is_bodiless(root, touchpoint.node):
            continue
        below = implementations(store, touchpoint.node, root, MAX_IMPLEMENTATIONS)
        below = [node for node in below if node.id not in rejected]
        if not below:
            continue
        by_id[touchpoint.node.id] = replace(touchpoint, score=touchpoint.score * DECLARATION_WEIGHT)
        score = touchpoint.score * IMPLEMENTED_SHARE
        for node in below:
            current = by_id.get(node.id)
            if current is None or current.score < score:
                by_id[node.id] = Touchpoint(node, score, touchpoint.matched)
    return list(by_id.values())


def _delegated(
    store: GraphStore, found: list[Touchpoint], rejected: frozenset[str]
) -> list[Touchpoint]:
    """A wrapper (a function or method of at most WRAPPER_LINES lines whose only call is to
    a definition of its own name: Go's `func PrintDefaults() { CommandLine.PrintDefaults()
    }`) hands the work on: the definition it calls is the one a change edits. That one takes
    its place, at the better of their scores, and lists the wrapper as its twin."""
    wrappers = {
        t.node.id: t
        for t in found
        if t.node.kind in _HOLDERS
        and t.node.line is not None
        and (t.node.end_line or t.node.line) - t.node.line < WRAPPER_LINES
    }
    if not wrappers:
        return found
    called: dict[str, set[str]] = {}
    for edge in store.edges_out_of(wrappers, [EdgeKind.CALLS]):
        called.setdefault(edge.src, set()).add(edge.dst)
    targets = {
        src: next(iter(dsts))
        for src, dsts in called.items()
        if len(dsts) == 1 and next(iter(dsts)) not in rejected | {src}
    }
    nodes = store.nodes(set(targets.values()))

    def hands_on(src: str) -> bool:
        node = nodes.get(targets[src])
        return node is not None and node.kind in _HOLDERS and node.name == wrappers[src].node.name

    by_id = {t.node.id: t for t in found}
    for src in sorted(targets):
        if not hands_on(src):
            continue
        dst, seen = targets[src], {src}
        while dst in targets and dst not in seen and hands_on(dst):  # a wrapper's wrapper
            seen.add(dst)
            dst = targets[dst]
        node = nodes[dst]
        wrapper = by_id.pop(src)
        current = by_id.get(dst) or Touchpoint(node, 0.0, wrapper.matched)
        by_id[dst] = replace(
            current,
            score=max(current.score, wrapper.score),
            twins=(*current.twins, wrapper.node, *wrapper.twins),
        )
    return list(by_id.values())


def _fold_series(kept: list[Touchpoint]) -> list[Touchpoint]:
    """A series (SERIES or more definitions ranked one after the other, of one owner in
    one file, of one kind, matching the same words, each scoring at least SERIES_SHARE of
    the first: Go's `StringVar`, `BoolVar`, `IntVar`...) is one touchpoint, the first,
    listing the others as its twins: one place to look, not five."""
    folded: list[Touchpoint] = []
    start = 0
    while start < len(kept):
        first = kept[start]
        end = start + 1
        while end < len(kept) and _in_series(first, kept[end]):
            end += 1
        if end - start >= SERIES:
            rest = tuple(t.node for t in kept[start + 1 : end])
            folded.append(replace(first, twins=(*first.twins, *rest)))
        else:
            folded.extend(kept[start:end])
        start = end
    return folded


def _in_series(first: Touchpoint, other: Touchpoint) -> bool:
    a, b = first.node, other.node
    return (
        a.path == b.path
        and a.kind is b.kind
        and a.qualname.rpartition(".")[0] == b.qualname.rpartition(".")[0]
        and set(first.matched) == set(other.matched)
        and other.score >= SERIES_SHARE * first.score
    )


def _twin(kept: Touchpoint, other: Touchpoint) -> bool:
    """Whether `other` is a near-identical definition of `kept` (which ranks above it),
    matching the same words of the idea about as well: of the same kind, and either names
    that differ only by words saying how it runs (VARIANT: `Client`, `AsyncClient`) in one
    file, or the same name in owners whose names differ so (`Client.__init__`,
    `AsyncClient.__init__`). One of them in the list says where to look; the other is
    listed with it."""
    a, b = kept.node, other.node
    if a.kind is not b.kind or a.kind is NodeKind.MODULE:
        return False
    if set(kept.matched) != set(other.matched) or other.score < TWIN_SHARE * kept.score:
        return False
    if a.name != b.name:
        return a.path == b.path and _variants(a.name, b.name)
    owner_a, owner_b = a.qualname.rpartition(".")[0], b.qualname.rpartition(".")[0]
    if not owner_a or not owner_b or owner_a == owner_b:
        return False
    return _variants(owner_a.rsplit(".", 1)[-1], owner_b.rsplit(".", 1)[-1])


def _variants(a: str, b: str) -> bool:
    """Names that differ only by words saying how it runs (`Client`, `AsyncClient`)."""
    differ = set(words(a)) ^ set(words(b))
    return bool(set(words(a)) & set(words(b))) and bool(differ) and differ <= VARIANT


def _beside(hits: list[SearchHit]) -> dict[str, float]:
    """How much of the matching lies in each hit's file: the scores of the other matches
    there, over the best score, capped at 1. A feature lives in a few definitions side by
    side, so a match among matches is likelier than a lone word collision elsewhere."""
    top = max((hit.score for hit in hits), default=0.0)
    if top <= 0:
        return {}
    total: dict[str, float] = {}
    for hit in hits:
        total[hit.node.path or ""] = total.get(hit.node.path or "", 0.0) + hit.score
    return {hit.node.id: min(1.0, (total[hit.node.path or ""] - hit.score) / top) for hit in hits}


def _centrality(store: GraphStore, seeds: dict[str, float]) -> dict[str, float]:
    """Personalized PageRank over calls and imports around the matches, scaled to 0..1.

    Power iteration in plain Python: the neighbourhood is small, and networkx's PageRank
    would pull in NumPy and SciPy for it.
    """
    edges = store.edges_into(seeds, [EdgeKind.CALLS, EdgeKind.IMPORTS])
    edges += store.edges_out_of(seeds, [EdgeKind.CALLS, EdgeKind.IMPORTS])
    links = sorted({(e.src, e.dst) for e in edges if e.src != e.dst})
    nodes = sorted(set(seeds) | {n for link in links for n in link})
    out: dict[str, list[str]] = {n: [] for n in nodes}
    for src, dst in links:
        out[src].append(dst)
    total = sum(seeds.values())
    teleport = {n: seeds.get(n, 0.0) / total for n in nodes}
    rank = dict(teleport)
    damping = 0.85
    for _ in range(50):
        dangling = sum(rank[n] for n in nodes if not out[n])
        new = {n: (1 - damping + damping * dangling) * teleport[n] for n in nodes}
        for src in nodes:
            if out[src]:
                share = damping * rank[src] / len(out[src])
                for dst in out[src]:
                    new[dst] += share
        if sum(abs(new[n] - rank[n]) for n in nodes) < 1e-9:
            rank = new
            break
        rank = new
    top = max((rank[n] for n in seeds), default=0.0)
    return {n: rank[n] / top for n in seeds} if top else {}
