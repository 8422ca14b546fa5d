"""Before the first question: the threshold, the suitability gate, brownfield detection, Round 0."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from brownfield.errors import UsageError
from brownfield.graph.store import GraphStore
from brownfield.interview.adaptive.enclosed import enclosed
from brownfield.interview.adaptive.established import add_fact
from brownfield.interview.adaptive.evidence import EvidenceSource
from brownfield.interview.adaptive.scoring import rescore
from brownfield.interview.adaptive.state import AdaptiveState, Relationship, TouchpointRecord
from brownfield.interview.adaptive.topology import new_component
from brownfield.interview.engine.records import now, slugify
from brownfield.interview.engine.store import StateError, read_mapping
from brownfield.query.context import Touchpoint, idea_words, touchpoints
from brownfield.query.traverse import file_query

PRESETS = {"quick": 0.6, "standard": 0.5, "deep": 0.35}
DEFAULT_THRESHOLD = 0.05
CONFIG = Path(".brownfield") / "config.yaml"


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
_SYMBOL = re.compile(r"`[^`]+`|\b[a-z]+_[a-z0-9_]+\b|\b[a-z]+[A-Z]\w*\b|\b\w+\(\)")
_ISSUE = re.compile(r"(?<!\w)#\d+\b")
_TRACE = re.compile(r"Traceback \(most recent call last\)|\b\w+(Error|Exception): ")
_FENCE = re.compile(r"```")
_DONE = re.compile(
    r"\b(so that|should|must|expected|expect|returns?|done when|acceptance|passes|instead of|"
    r"to equal|to be|fails? with)\b",
    re.I,
)


def suitability(idea: str) -> str | None:
    """Why no interview is needed (a clear, small request), or None to interview."""
    signals = [
        ("a file path", _PATH.search(idea)),
        ("a symbol", _SYMBOL.search(idea)),
        ("an issue number", _ISSUE.search(idea)),
        ("an error trace", _TRACE.search(idea)),
        ("a code fence", _FENCE.search(idea)),
    ]
    named = [(label, match.group(0)) for label, match in signals if match]
    done = _DONE.search(idea)
    if not named or not done or len(idea.split()) > 60:
        return None
    label, value = named[0]
    return (
        f"No interview needed: the request names {label} ({value}) and says what done looks "
        f"like ('{done.group(0)}'). Direct path: make the change at {value} and run its tests."
    )


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


def _components(idea: str, found: list[Touchpoint], brownfield: bool) -> list:  # type: ignore[type-arg]
    """1 to 6 components: one per clause of the idea that has its own key words."""
    clauses = [c.strip(" .") for c in _split_clauses(idea)]
    for index in range(1, len(clauses)):
        clauses[index] = _completed(clauses[index], clauses[index - 1])
    clauses = [c for c in clauses if len(idea_words(c).keywords) >= 2] or [idea.strip(" .")]
    if len(clauses) > 6:
        clauses = [*clauses[:5], "; ".join(clauses[5:])]
    made = []
    for number, clause in enumerate(clauses, 1):
        keys = idea_words(clause).keywords
        mine = [t.node.id for t in found if set(t.matched) & set(keys)]
        if len(clauses) == 1:
            mine = [t.node.id for t in found]
        made.append(new_component(number, _name(clause), clause, mine, brownfield))
    return made


#: Where an idea's clauses meet: a comma or semicolon followed by a space ("ids=1,2,3" is one
#: value), or a joining word.
_JOINT = re.compile(r"\s*(?:[;,](?=\s|$)|\band then\b|\bthen\b|\band\b|\bplus\b|\balso\b)\s*")


def _split_clauses(idea: str) -> list[str]:
    """The idea cut at its joints, except inside brackets or quotes: "(ids=1, 2 and 3)" and
    "`a, b`" are one thing the person wrote, not two clauses; nor after a colon, but at a
    semicolon ("an access log: who asked, for what and the status" lists one log's parts).
    A piece with one key word and no preposition is no clause of its own but part of the
    next one (of the one before, when last): "read and write CSV files" is one thing done
    to the files."""
    inside = enclosed(idea)
    colon = idea.find(": ")  # what follows a colon spells out one thing: "a log: who, what"
    joints = [
        j
        for j in _JOINT.finditer(idea)
        if j.start() not in inside
        and j.end() - 1 not in inside
        and (colon < 0 or j.start() < colon or ";" in j.group(0))
    ]
    starts = [0, *(j.end() for j in joints)]
    spans = list(zip(starts, [*(j.start() for j in joints), len(idea)], strict=True))

    def part_of_another(begin: int, end: int) -> bool:  # one key word, and no preposition
        text = idea[begin:end].strip()  # ("for orders" borrows its verb: `_completed`)
        return len(idea_words(text).keywords) == 1 and not _PREPOSITION.match(text)

    kept: list[tuple[int, int]] = []
    start: int | None = None
    for index, (begin, end) in enumerate(spans):
        begin = begin if start is None else start
        start = begin if part_of_another(begin, end) and index < len(spans) - 1 else None
        if start is None:
            kept.append((begin, end))
    if len(kept) > 1 and part_of_another(*kept[-1]):
        kept[-2:] = [(kept[-2][0], kept[-1][1])]
    return [idea[begin:end] for begin, end in _qualified(idea, kept)]


#: A piece that opens so says how, when or instead of what another piece is done: "give up
#: after three attempts, *instead of asking forever*"; "*When someone keeps typing*, give up".
_QUALIFIER = re.compile(
    r"(?:instead of|rather than|not only|not just|without|unless|except|so that|even if|"
    r"even when|only if|only when|when|whenever|if|once)\b",
    re.I,
)


#: A piece that opens so describes what the piece before it names: "... servers that offer
#: the LOGIN method, *which asks for the user name*".
_RELATIVE = re.compile(r"(?:which|who|whom|whose|that)\b", re.I)


def _qualified(idea: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans with each qualifying piece joined to the one before it (to the one after
    it, when first): a condition or a contrast is part of a clause, no component; so is a
    relative clause, of the clause before it."""
    kept: list[tuple[int, int]] = []
    pending: int | None = None  # the start of a first piece that qualifies the next one
    for begin, end in spans:
        if pending is not None:
            begin, pending = pending, None
        elif kept and _RELATIVE.match(idea[begin:end].strip()):
            kept[-1] = (kept[-1][0], end)
            continue
        elif _QUALIFIER.match(idea[begin:end].strip()):
            if kept:
                kept[-1] = (kept[-1][0], end)
                continue
            if len(spans) > 1:
                pending = begin
                continue
        kept.append((begin, end))
    return kept


_PREPOSITION = re.compile(r"(?:to|for|into|in|on|from|with|at)\b", re.I)


def _completed(clause: str, before: str) -> str:
    """A clause that starts with a preposition ("... to checkout and *to the nightly job*")
    borrows what the clause before it says up to the same preposition: "Add an audit log
    *to the nightly job*"."""
    opening = _PREPOSITION.match(clause)
    if opening is None:
        return clause
    cut = before.lower().rfind(f" {opening.group(0).lower()} ")
    return f"{before[:cut]} {clause}" if cut > 0 else clause


def _name(clause: str, limit: int = 60) -> str:
    """A component's name: its clause as the person wrote it, cut at a word when long."""
    clause = clause[:1].upper() + clause[1:]
    if len(clause) <= limit:
        return clause
    return clause[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "..."


def seed_state(
    idea: str,
    threshold: Threshold,
    store: GraphStore | None,
    type_note: str | None = None,
    max_rounds: int = 100,
) -> AdaptiveState:
    """The state before Round 0: type, touchpoints, codebase context, facts, components."""
    found = touchpoints(store, idea) if store is not None else []
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
        state.touchpoints = [
            TouchpointRecord(
                id=t.node.id,
                symbol=t.node.qualname,
                kind=t.node.kind.value,
                path=t.node.path or "",
                line=t.node.line or 1,
                score=round(t.score, 3),
                matched=list(t.matched),
            )
            for t in found
        ]
        files = list(dict.fromkeys(t.node.path for t in found if t.node.path))[:3]
        for path in files:
            result = file_query(store, path, depth=2)
            for hop in result.hops[:15]:
                state.codebase_context.append(
                    Relationship(
                        file=path,
                        distance=hop.distance,
                        relation=hop.relation.value,
                        symbol=hop.node.qualname,
                        kind=hop.node.kind.value,
                        site=str(hop.site) if hop.site else "",
                        via=hop.via,
                    )
                )
        for fact in EvidenceSource(store).project():
            add_fact(state, fact, "evidence", 0)
    state.topology.components = _components(idea, found, brownfield)
    rescore(state)
    state.initial = state.model_dump(mode="json", exclude={"initial"})
    return state
