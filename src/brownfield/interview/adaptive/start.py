"""Before the first question: the threshold, the suitability gate, brownfield detection, Round 0."""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from brownfield.errors import BrownfieldError, UsageError
from brownfield.git import GitUnavailableError, list_files
from brownfield.graph.repository import open_store
from brownfield.graph.roles import is_test
from brownfield.graph.store import GraphStore
from brownfield.graph.store_home import db_path
from brownfield.interview.adaptive.clauses import completed, referred, split_clauses
from brownfield.interview.adaptive.established import add_fact
from brownfield.interview.adaptive.evidence import EvidenceSource
from brownfield.interview.adaptive.scoring import rescore
from brownfield.interview.adaptive.state import AdaptiveState, Relationship, TouchpointRecord
from brownfield.interview.adaptive.topology import new_component
from brownfield.interview.engine.records import now, slugify
from brownfield.interview.engine.store import StateError, read_mapping
from brownfield.query.context import Touchpoint, idea_words, touchpoints
from brownfield.query.freshness import stale_paths
from brownfield.query.search import Query, carried, parse
from brownfield.query.traverse import file_query

PRESETS = {"quick": 0.6, "standard": 0.5, "deep": 0.35}
DEFAULT_THRESHOLD = 0.05
CONFIG = Path(".brownfield") / "config.yaml"
#: Relationships kept around each touched file (of the first three), in the state file.
MAX_RELATIONSHIPS_PER_FILE = 15


@dataclass(frozen=True)
class Threshold:
    value: float
    source: str

    def line(self) -> str:
        return f"Interview threshold: {self.value * 100:g}% (source: {self.source})"


def _valid(value: object) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and 0 < value <= 1
    )


def resolve_threshold(flag: float | None, preset: str | None, root: Path) -> Threshold:
    """Seed 004's precedence: the repository's settings (`.brownfield/config.yaml`,
    `interview.ambiguity_threshold`) first, then a resolution flag (`--threshold`, or the
    mode default of --quick/--standard/--deep), then 0.05. A flag is still checked when the
    settings win, so that a bad value never passes silently."""
    if flag is not None and not _valid(flag):
        raise UsageError(f"--threshold must be above 0 and at most 1, not {flag}")
    config = read_mapping(root / CONFIG)
    section = config.get("interview") or {}
    if isinstance(section, dict) and "ambiguity_threshold" in section:
        value = section["ambiguity_threshold"]
        if not _valid(value):
            raise StateError(
                f"{root / CONFIG}: interview.ambiguity_threshold must be above 0 and at most 1"
            )
        return Threshold(float(value), ".brownfield/config.yaml")
    if flag is not None:
        return Threshold(float(flag), "--threshold")
    if preset is not None:
        return Threshold(PRESETS[preset], f"mode default (--{preset})")
    return Threshold(DEFAULT_THRESHOLD, "default")


_PATH = re.compile(r"[\w.-]+/[\w./-]+|\b[\w-]+\.(?:py|js|ts|tsx|go|rs|java|rb|php|cs|c|h|cpp)\b")
#: A file name alone (`gateway.js`) is a path only where the repository has such a file:
#: "the Node.js adapter" names a product.
_BARE = re.compile(r"[\w-]+\.\w+")
_SYMBOL = re.compile(r"`[^`]+`|\b[a-z]+_[a-z0-9_]+\b|\b[a-z]+[A-Z]\w*\b|\b\w+\(\)")
_ISSUE = re.compile(r"(?<!\w)#\d+\b")
_TRACE = re.compile(r"Traceback \(most recent call last\)|\b\w+(Error|Exception): ")
_FENCE = re.compile(r"```")
_DONE = re.compile(
    r"\b(so that|should|must|expected|expect|returns?|done when|acceptance|passes|instead of|"
    r"to equal|to be|fails? with)\b",
    re.I,
)


#: A request adding to what callers configure or pass: its name, default and reach are
#: decisions, not a quick fix ("Add an option to `EntityAdapterOptions` for a callback that
#: decides how ... are combined ..., instead of always overwriting ...").
_NEW_SURFACE = re.compile(
    r"\b(?:add|adds|adding|new|introduce|introducing)\b(?:\W+\w+){0,4}?\W+"
    r"(?:option|setting|callback|hook|flag|parameter|argument|mode)s?\b",
    re.I,
)


def suitability(idea: str, root: Path | None = None) -> str | None:
    """Why no interview is needed (a clear, small request), or None to interview; a new
    option, setting, callback, hook, flag, parameter or mode is no small request. With the
    repository at `root`, a path counts only where it names the repository's code: a file
    name alone where it has such a file, a path where it has that file or folder, or the
    folder a new file would go in ("collapse /a/./b/../c" gives an example, no file)."""
    listed = functools.cache(lambda: _listed(root) if root else None)  # git's files, once
    path = next(
        (
            match
            for match in _PATH.finditer(idea)
            if root is None
            or (
                _has_file(root, match.group(0), listed())
                if _BARE.fullmatch(match.group(0))
                else _has_path(root, match.group(0), listed())
            )
        ),
        None,
    )
    signals = [
        ("a file path", path),
        ("a symbol", _SYMBOL.search(idea)),
        ("an issue number", _ISSUE.search(idea)),
        ("an error trace", _TRACE.search(idea)),
        ("a code fence", _FENCE.search(idea)),
    ]
    named = [(label, match.group(0)) for label, match in signals if match]
    done = _DONE.search(idea)
    if not named or not done or len(idea.split()) > 60 or _NEW_SURFACE.search(idea):
        return None
    label, value = named[0]
    return (
        f"No interview needed: the request names {label} ({value}) and says what done looks "
        f"like ('{done.group(0)}'). Direct path: make the change at {value} and run its tests."
    )


DIRECT_SITES = 3  # definitions the gate's direct path cites
TOUCHPOINTS = 5  # the idea's touchpoints, and at most a component's
COMPONENT_POOL = 15  # the idea's matches a component of several picks its own from


def direct_sites(root: Path, idea: str) -> str:
    """Where the direct path leads, from the graph when one is built already (the gate
    builds nothing and writes nothing): the request's first touchpoints whose files have
    not changed since, cited; empty without a graph or a match."""
    if not db_path(root).is_file():
        return ""
    try:
        store = open_store(root)
    except BrownfieldError:
        return ""
    try:
        found = touchpoints(store, idea, DIRECT_SITES)
        stale = set(stale_paths(store, [t.node.path or "" for t in found]))
    except BrownfieldError:
        found, stale = [], set()
    finally:
        store.close()
    found = [t for t in found if t.node.path not in stale]  # a line since moved: not cited
    cited = ", ".join(f"{t.node.qualname} ({t.node.path}:{t.node.line})" for t in found)
    return f" The code it leads to: {cited}." if cited else ""


def _listed(root: Path) -> set[str] | None:
    """The repository's files as git lists them; None outside git."""
    try:
        return set(list_files(root))
    except GitUnavailableError:
        return None


def _has_file(root: Path, name: str, files: set[str] | None) -> bool:
    """Whether the repository has a file of this name anywhere (among git's `files`;
    outside git, at its top, not through a link)."""
    if files is None:
        top = root / name
        return not top.is_symlink() and top.is_file()
    return any(path.rpartition("/")[2] == name for path in files)


def _has_path(root: Path, path: str, files: set[str] | None) -> bool:
    """Whether the repository has this file or folder, or the folder of this new file (among
    git's `files`; outside git, under `root`, through no link and no `.` or `..`)."""
    parts = PurePosixPath(path.rstrip("/")).parts
    if files is None:
        if {".", ".."} & set(parts):
            return False
        reached = 0  # how many of the path's folders (and file) exist, from the top
        for depth in range(1, len(parts) + 1):
            at = root.joinpath(*parts[:depth])
            if at.is_symlink() or not at.exists():
                break
            reached = depth
        return reached >= len(parts) - 1
    folders = {name.rsplit("/", i)[0] for name in files for i in range(1, name.count("/") + 1)}
    joined = "/".join(parts)
    return joined in files or joined in folders or "/".join(parts[:-1]) in folders


_CHANGE_WORDS = frozenset(
    "existing current fix refactor extend change update replace improve modify bug rename "
    "remove speed slow faster retry limit".split()
)


def is_brownfield(idea: str, found: list[Touchpoint]) -> tuple[bool, str]:
    if found:
        return (
            True,
            f"the idea's words match {len(found)} existing definition(s), e.g. "
            f"{found[0].node.qualname}",
        )
    said = sorted(set(idea.lower().split()) & _CHANGE_WORDS)
    if said:
        return True, f"the idea speaks of changing existing code ({', '.join(said)})"
    return False, "the idea's words match nothing that exists in the code"


def _components(
    idea: str, found: list[Touchpoint], brownfield: bool, pool: list[Touchpoint] | None = None
) -> list:  # type: ignore[type-arg]
    """1 to 6 components: one per clause of the idea that has its own key words. One
    component has the idea's touchpoints (`found`); the first of several, those of them
    that match any of its words. A later one, which extends the first, has the first
    TOUCHPOINTS of the idea's wider `pool` that match its own words, those no other clause
    holds ("read them back when unpacking" after "store the original file name and
    modification time in the gzip files they write": read, back, unpacking), else it is
    matched as the first: the words the clauses share (what "them" refers to) do not tell
    its code from the first's. A first clause keeps its shared words: "stop re-fetching on
    a timer ..., and pick the timer back up ..." is about the timer."""
    clauses = [c.strip(" .") for c in split_clauses(idea)]
    for index in range(1, len(clauses)):
        clauses[index] = referred(completed(clauses[index], clauses[index - 1]), clauses[index - 1])
    clauses = [c for c in clauses if len(idea_words(c).keywords) >= 2] or [idea.strip(" .")]
    if len(clauses) > 6:
        clauses = [*clauses[:5], "; ".join(clauses[5:])]
    if len(clauses) == 1:
        return [
            new_component(1, _name(clauses[0]), clauses[0], [t.node.id for t in found], brownfield)
        ]
    words = [_vocabulary(clause) for clause in clauses]
    made = []
    for number, (clause, keys) in enumerate(zip(clauses, words, strict=True), 1):
        own = keys - set().union(*(other for other in words if other is not keys))
        later = [t.node.id for t in pool or found if set(t.matched) & own] if number > 1 else []
        mine = later[:TOUCHPOINTS] or [t.node.id for t in found if set(t.matched) & keys]
        made.append(new_component(number, _name(clause), clause, mine, brownfield))
    return made


def _vocabulary(clause: str) -> set[str]:
    """The words a touchpoint may have matched a clause by: its key words and each two
    together, as the search joins the words the repository writes as one ("back up" is
    matched as `backup`)."""
    query = parse(clause)
    return {*query.words, *(first + second for first, second in query.pairs)}


def _record(touchpoint: Touchpoint) -> TouchpointRecord:
    """A touchpoint as the state keeps it, with its score when the idea was searched."""
    return TouchpointRecord(
        id=touchpoint.node.id,
        symbol=touchpoint.node.qualname,
        kind=touchpoint.node.kind.value,
        path=touchpoint.node.path or "",
        line=touchpoint.node.line or 1,
        score=round(touchpoint.score, 3),
        matched=list(touchpoint.matched),
    )


def _name(clause: str, limit: int = 60) -> str:
    """A component's name: its clause as the person wrote it, cut at a word when long."""
    clause = clause[:1].upper() + clause[1:]
    if len(clause) <= limit:
        return clause
    return clause[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "..."


def relevance(
    r: Relationship, query: Query, touchpoints: set[str]
) -> tuple[bool, float, int, bool]:
    """How a relationship of the codebase context ranks, best first: from production code
    before from tests (unless the idea is about tests), then by the idea's words its names
    carry, one more when it reaches a touchpoint (or its constructor), then nearer first,
    then calls from other files before the touched file's own helpers calling each other
    (koa's `host` calling `get` in request.js)."""
    path = r.site.rpartition(":")[0]
    weight = carried(query, *r.names()) + r.reaches(touchpoints)
    return is_test(path) and not query.about_tests, -weight, r.distance, path == r.file


def seed_state(
    idea: str,
    threshold: Threshold,
    store: GraphStore | None,
    type_note: str | None = None,
    max_rounds: int = 100,
) -> AdaptiveState:
    """The state before Round 0: type, touchpoints, codebase context, facts, components."""
    pool = touchpoints(store, idea, COMPONENT_POOL) if store is not None else []
    found = pool[:TOUCHPOINTS]
    brownfield, reason = (
        is_brownfield(idea, found) if store is not None else (False, type_note or "")
    )
    moment = now()
    state = AdaptiveState(
        slug=slugify(idea),
        description=idea,
        created_at=moment,
        updated_at=moment,
        threshold=threshold.value,
        threshold_source=threshold.source,
        type="brownfield" if brownfield else "greenfield",
        type_reason=reason,
        max_rounds=max_rounds,
    )
    if store is not None:
        state.snapshot = store.meta().get("snapshot", "")
        state.touchpoints = [_record(t) for t in found]
        query = parse(idea)
        files = list(dict.fromkeys(t.node.path for t in found if t.node.path))[:3]
        ids = {t.node.id for t in found}
        for path in files:
            around = [
                Relationship(
                    file=path,
                    distance=hop.distance,
                    relation=hop.relation.value,
                    symbol=hop.node.qualname,
                    kind=hop.node.kind.value,
                    site=str(hop.site) if hop.site else "",
                    via=hop.via,
                )
                for hop in file_query(store, path, depth=2).hops
            ]
            around.sort(key=lambda r: relevance(r, query, ids))
            state.codebase_context += around[:MAX_RELATIONSHIPS_PER_FILE]
        for fact in EvidenceSource(store).project():
            add_fact(state, fact, "evidence", 0)
    state.topology.components = _components(idea, found, brownfield, pool)
    used = {i for c in state.topology.components for i in c.touchpoints}
    state.touchpoints += [_record(t) for t in pool[len(found) :] if t.node.id in used]
    rescore(state)
    state.initial = state.model_dump(mode="json", exclude={"initial"})
    return state
