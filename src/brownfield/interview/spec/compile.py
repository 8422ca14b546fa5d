"""Compile an adaptive interview into its spec (every code claim cited) and REQUIREMENTS.md."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from brownfield.confine import read_bytes_inside
from brownfield.errors import BrownfieldError
from brownfield.graph.facts import without_overload
from brownfield.graph.roles import is_test
from brownfield.interview.adaptive import decisions, ontology, panel, refine
from brownfield.interview.adaptive.scoring import BROWNFIELD_WEIGHTS, dimension_scores, weights
from brownfield.interview.adaptive.start import relevance
from brownfield.interview.adaptive.state import (
    AdaptiveState,
    EstablishedFact,
    Relationship,
    Round,
)
from brownfield.interview.engine.records import CitationRecord
from brownfield.interview.phases.requirements import compile_requirements
from brownfield.interview.phases.state import InterviewState, SpecData
from brownfield.interview.spec import autofill
from brownfield.interview.spec.verify import holds_word
from brownfield.query.reaching_tests import CONSTRUCTOR_NAMES
from brownfield.query.search import parse


@dataclass(frozen=True)
class EvidenceItem:
    """One checkable claim: a cited line and a token that must still be on it."""

    path: str
    line: int
    needle: str
    claim: str


def spec_status(state: AdaptiveState) -> str:
    """Seed 004's bands of the final clamped ambiguity: ready (at or below the threshold),
    refined (above it, at most 30%), early-exit (above 30%)."""
    if state.current_ambiguity <= state.threshold:
        return "ready"
    return "refined" if state.current_ambiguity <= 0.30 else "early-exit"


def exit_label(state: AdaptiveState) -> str:
    """How the interview ended; `threshold` only when ambiguity is at or below it."""
    reason = state.exit_reason or "early-exit"
    if reason == "threshold" and state.current_ambiguity > state.threshold:
        return "early-exit"
    return reason


def _bullets(items: list[str], empty: str = "- none stated") -> list[str]:
    return [f"- {item}" for item in items] or [empty]


#: An evidence item names its fact by id and headline, at most this long: the fact itself
#: is in Established Facts (a fact citing 12 lines was written 12 times).
MAX_HEADLINE = 120
#: A fact's cited lines written after it in Established Facts (each once, in its order).
SHOWN_CITATIONS = 6
MAX_NEEDLE = 60  # characters of a line shown as an evidence item's needle


def headline(statement: str, site: str = "") -> str:
    """What a fact says, without the list it gives: up to its first `: ` (`X sets or
    reads...`, `X (a.py:3) is called from 2 place(s) in production code...`), cut at a word
    if long; `...` where the statement goes on. Where the cited `site` (`path:line`) is in
    a later part of the list (`; 1 test(s), e.g. t (tests/a.py:8)`), that part follows:
    a test's line is not shown under "called from production code" alone."""
    head, _, rest = statement.partition(": ")
    shown = _cut(head.rstrip("."))
    shown += "..." if rest and not shown.endswith("...") else ""
    later = rest.split("; ")[1:]
    part = next((p for p in later if site and f"({site})" in p), None)
    return f"{shown} {_cut(part.rstrip('.'))}" if part else shown


def _cut(text: str) -> str:
    return text if len(text) <= MAX_HEADLINE else text[:MAX_HEADLINE].rsplit(" ", 1)[0] + "..."


def _line_of(root: Path, path: str, line: int) -> str | None:
    """The cited line, read only from a regular file inside the repository (a citation in
    a hand-broken state may name any path)."""
    try:
        data = read_bytes_inside(root, path)
    except BrownfieldError:
        return None
    lines = data.decode("utf-8", errors="replace").splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else None


def listed_sites(fact: EstablishedFact) -> list[str]:
    """The `path:line`s of a fact the spec writes, each once: its first SHOWN_CITATIONS and
    those its statement names. A count's other sites ("414 test(s) reach X") stay in the
    state file: a reader checks a claim by its examples, not by 400 lines of tests."""
    sites = list(dict.fromkeys(f"{c.path}:{c.line}" for c in fact.citations))
    return [site for n, site in enumerate(sites) if n < SHOWN_CITATIONS or _names_site(fact, site)]


def _names_site(fact: EstablishedFact, site: str) -> bool:
    """Whether the statement writes `site` whole (`a.py:3` is not in `a.py:31`)."""
    return re.search(rf"(?<![\w./-]){re.escape(site)}(?!\d)", fact.statement) is not None


def unlisted_citations(state: AdaptiveState) -> dict[str, int]:
    """By fact id, how many lines it cites that no Evidence item lists (and no fact before
    it cites: each line counted once)."""
    facts = [f for f in state.established_facts if f.source == "evidence"]
    seen = {f"{t.path}:{t.line}" for t in state.touchpoints}
    seen.update(site for fact in facts for site in listed_sites(fact))
    counts = {}
    for fact in facts:
        sites = {f"{c.path}:{c.line}" for c in fact.citations} - seen
        seen |= sites
        if sites:
            counts[fact.id] = len(sites)
    return counts


def evidence_items(state: AdaptiveState, root: Path) -> list[EvidenceItem]:
    """Every cited line the spec writes, with the token that shows the claim on that line."""
    items: dict[tuple[str, int], EvidenceItem] = {}

    def add(citation: CitationRecord, claim: str, names: list[str]) -> None:
        text = _line_of(root, citation.path, citation.line)
        if text is None:
            return
        needle = next((n for n in names if n and holds_word(n, text)), None) or _snippet(text)
        if needle:
            items.setdefault(
                (citation.path, citation.line),
                EvidenceItem(citation.path, citation.line, needle, claim),
            )

    for touch in state.touchpoints:
        record = CitationRecord(path=touch.path, line=touch.line, symbol=touch.symbol)
        add(record, f"{touch.symbol} is defined here (touchpoint)", _names(touch.symbol))
    for fact in state.established_facts:
        if fact.source != "evidence":
            continue
        listed = set(listed_sites(fact))
        for citation in fact.citations:
            site = f"{citation.path}:{citation.line}"
            if site in listed:
                names = [*_names(citation.symbol or ""), *_names(fact.subject)]
                add(citation, f"{fact.id}: {headline(fact.statement, site)}", names)
    return sorted(items.values(), key=lambda item: (item.path, item.line))


_WORD_END = re.compile(r"\w+$")
_WORD_START = re.compile(r"\w")


def _names(symbol: str) -> list[str]:
    """The names a line citing `symbol` may show it by: its own (an overload's without its
    `~N`), and a constructor's class (`Client(...)` calls `Client.__init__`)."""
    parts = without_overload(symbol).split(".")
    if len(parts) > 1 and parts[-1] in CONSTRUCTOR_NAMES:
        return [parts[-1], parts[-2]]
    return parts[-1:]


def _snippet(text: str) -> str:
    """A line shown by its code when no name shows the claim: up to its first backtick (the
    spec quotes a needle in backticks), at most MAX_NEEDLE characters, never ending inside
    a word (a needle is found as whole words)."""
    flat = text.strip().split("`")[0].rstrip()
    if len(flat) <= MAX_NEEDLE:
        return flat
    cut = flat[:MAX_NEEDLE]
    if _WORD_END.search(cut) and _WORD_START.match(flat, MAX_NEEDLE):
        cut = _WORD_END.sub("", cut)  # a word cut in two: left out whole
    return cut.rstrip()


#: Relationships of the codebase context shown in the spec; the rest are counted.
MAX_RELATIONSHIPS = 10


def technical_context(state: AdaptiveState) -> list[str]:
    """The touchpoints (production code first unless the idea is about tests, each
    component's in its order: one the person named first), then the relationships around
    them: one line per caller, relation and target (its other sites counted), by
    `start.relevance` (production before tests, the idea's words, a touchpoint reached,
    distance, calls from other files first), bounded."""
    ids, query = {t.id for t in state.touchpoints}, parse(state.description)
    touched = sorted(
        state.ordered_touchpoints(),
        key=lambda t: is_test(t.path, t.symbol) and not query.about_tests,
    )
    lines = [
        f"- Touchpoint: {t.symbol} ({t.path}:{t.line})"
        + (" (a test)" if is_test(t.path, t.symbol) else "")
        for t in touched
    ]
    sites: dict[tuple[str, str, str], list[Relationship]] = {}
    for r in state.codebase_context:
        found = sites.setdefault((r.symbol, r.relation, r.via), [])
        if all(r.site != other.site for other in found):
            found.append(r)
    ranked = sorted(
        sites.values(),
        key=lambda rs: (relevance(rs[0], query, ids), rs[0].relation != "calls"),
    )
    for first, *more in ranked[:MAX_RELATIONSHIPS]:
        also = f" and {len(more)} more site(s)" if more else ""
        lines.append(
            f"- {first.symbol} {first.relation} {first.via} at {first.site}{also} "
            f"(distance {first.distance} from {first.file})"
        )
    if len(ranked) > MAX_RELATIONSHIPS:
        rest = ranked[MAX_RELATIONSHIPS:]
        tests = sum(1 for rs in rest if is_test(rs[0].site.rpartition(":")[0]))
        lines.append(
            f"- and {len(rest)} more relationship(s)"
            + (f" ({tests} from tests)" if tests else "")
            + " in the state file's codebase_context"
        )
    return lines or ["- greenfield: no existing code is involved"]


def compile_spec(state: AdaptiveState, root: Path, interview_hash: str | None = None) -> str:
    """The spec markdown, `status: pending-approval`, with an Evidence section `verify` checks."""
    scores = dimension_scores(state)
    goal = state.restated_goal or state.description
    total = sum(scores[d] * w for d, w in weights(state).items())
    sources = decisions.design_sources(state)
    clamped = state.ambiguity_floor > state.reported_ambiguity
    lines = [
        "---",
        "status: pending-approval",
        f"snapshot: {state.snapshot or 'none'}",
        *([f"interview_sha256: {interview_hash}"] if interview_hash else []),
        "---",
        f"# Brownfield Spec: {state.description}",
        "",
        "## Metadata",
        f"- Rounds: {state.round_count} | Final Ambiguity: {state.current_ambiguity:.0%} "
        f"| Type: {state.type} | Generated: {state.updated_at.isoformat().replace('+00:00', 'Z')}",
        f"- Threshold: {state.threshold:g} | Threshold Source: {state.threshold_source}",
        f"- Design Source: {', '.join(sources) if sources else 'none'}",
        f"- Status: {spec_status(state)} | Exit: {exit_label(state)}",
        f"- Snapshot: {state.snapshot or 'none'} | Type reason: {state.type_reason}",
        f"- Initial Context Summarized: no | Restated Goal: {goal}",
        f"- Auto-Researched Rounds: {_evidence_rounds(state) or 'none'} "
        f"| Auto-Answered Rounds: {state.auto_answered_rounds or 'none'} "
        f"| Refined Rounds: {state.refined_rounds or 'none'}",
        f"- Lateral Reviews: {_lateral_reviews(state)} | Lateral Panel Failures: 0 "
        "| Architect Failures: 0",
        f"- Closure Overrides: {len(state.closure_overrides) or 'none'}",
        "",
        "## Clarity Breakdown",
        "| Dimension | Score | Weight | Weighted |",
        "|-----------|-------|--------|----------|",
        *[
            f"| {DIMENSION_NAMES[dim]} | {scores[dim]:.2f} | {weight:.2f} "
            f"| {scores[dim] * weight:.3f} |"
            for dim, weight in weights(state).items()
        ],
        f"| **Total Clarity** | | | **{total:.3f}** |",
        f"| **Ambiguity** | | | **{state.reported_ambiguity:.3f}** |",
        *([f"| **Floor** (clamped) | | | **{state.ambiguity_floor:.3f}** |"] if clamped else []),
        "",
        "## Topology",
        "| Component | Status | Description | Coverage / Deferral Note |",
        "|-----------|--------|-------------|--------------------------|",
    ]
    for component in state.topology.components:
        note = next(
            (d.reason for d in state.topology.deferrals if d.component_id == component.id),
            ", ".join(f"{k} {v:.2f}" for k, v in component.clarity_scores.items() if v is not None),
        )
        lines.append(
            f"| {component.name} | {component.status} | {component.description} | {note} |"
        )
    lines += ["", "## Established Facts"]
    names = {c.id: c.name for c in state.topology.components}
    deciding = {f.subject for f in state.established_facts if f.source == "person"} & set(names)
    for fact in state.established_facts:
        status = ""
        if fact.source == "person" and len(deciding) > 1 and fact.subject in deciding:
            status = f" (for '{names[fact.subject]}')"  # the same answer for two components
        if fact.superseded_by:
            status += f" (superseded by {fact.superseded_by})"
        elif fact.withdrawn:
            status += f" (withdrawn: {fact.withdrawn})"
        elif fact.disputed:
            status += " (DISPUTED)"
        sites = dict.fromkeys(f"{c.path}:{c.line}" for c in fact.citations)  # each once
        cites = ", ".join(list(sites)[:SHOWN_CITATIONS])
        lines.append(
            f"- {fact.id} [{fact.source}, round {fact.round}] {fact.statement}{status}"
            + (f" ({cites})" if cites else "")
        )
    lines += ["", "## Trigger Metadata"]
    triggers = [(r.round, t) for r in state.rounds for t in r.triggers]
    lines += [
        f"- Round {number}: {t.kind} on {t.component}/{t.dimension}: {t.evidence}"
        for number, t in triggers
    ] or ["- none"]
    lines += ["", "## Lateral Review Panel"]
    lines += panel.report(state) or ["- none"]
    lines += ["", "## Goal", goal]
    if len(state.topology.active()) > 1:
        lines += [
            f"- {c.name}: {slot.value}"
            for c in state.topology.active()
            for slot in c.slots
            if slot.name == "outcome" and slot.filled_by and slot.value
        ]
    lines += ["", "## Constraints", *_bullets(decisions.constraints(state))]
    lines += ["", "## Non-Goals", *_bullets(decisions.non_goals(state))]
    lines += ["", "## Acceptance Criteria"]
    lines += [f"- [ ] {item}" for item in decisions.acceptance(state)] or ["- [ ] none stated"]
    lines += ["", "## Change Points", *_bullets(decisions.change_points(state))]
    lines += ["", "## Test Location", *_bullets(decisions.test_location(state))]
    also = decisions.also_recorded(state)
    if also:
        lines += ["", "## Also Recorded", *_bullets(also)]
    lines += refine.spec_section(state)
    lines += ["", "## Deferrals", *_bullets(decisions.deferrals(state))]
    lines += [
        "",
        "## Assumptions Exposed & Resolved",
        "| Assumption | Challenge | Resolution |",
        "|------------|-----------|------------|",
        *[
            f"| {a.assumption} | {a.challenge} | {a.resolution} |"
            for a in decisions.assumptions(state)
        ],
    ]
    lines += ["", "## Filled From Evidence (skipped by the person)"]
    lines += [fill.line() for fill in autofill.fills(state)] or ["- none"]
    lines += ["", "## Open Questions"]
    lines += [f"- {question}" for question in autofill.open_questions(state)] or ["- none"]
    lines += ["", "## Technical Context", *technical_context(state)]
    lines += ["", *ontology.spec_section(state)]
    lines += ["", "## Evidence", f"Read at snapshot {state.snapshot or 'none'}.", ""]
    lines += [
        f"- [E{n}] {item.path}:{item.line} — `{item.needle}` — {item.claim}"
        for n, item in enumerate(evidence_items(state, root), 1)
    ] or ["- none (greenfield)"]
    unlisted = unlisted_citations(state)
    if unlisted:
        each = ", ".join(f"{fact_id} {n}" for fact_id, n in unlisted.items())
        lines.append(
            f"- Not listed: {sum(unlisted.values())} more line(s) the facts cite for what they"
            f" count ({each}), kept with each fact in the state file; `verify` re-reads the"
            " lines listed here."
        )
    lines += [
        "",
        "## Interview Transcript",
        f"<details><summary>Full Q&A ({len(state.rounds)} rounds)</summary>",
        "",
    ]
    for r in state.rounds:
        lines.append(
            f"### Round {r.round} ({r.kind})\n"
            f"**Q:** {r.question.splitlines()[0]}  **A:** {r.answer}"
            + (f"  **Ambiguity:** {r.ambiguity:.0%}" if r.ambiguity is not None else "")
            + _round_scores(r)
        )
    lines += ["</details>", ""]
    return "\n".join(lines)


#: Seed 004's names of the dimensions in the Clarity Breakdown.
DIMENSION_NAMES = {
    "goal": "Goal Clarity",
    "constraints": "Constraint Clarity",
    "criteria": "Success Criteria",
    "context": "Context Clarity",
}


def _evidence_rounds(state: AdaptiveState) -> list[int]:
    """The rounds answered from the code (seed 004's auto-researched rounds)."""
    return [r.round for r in state.rounds if r.kind == "evidence"]


def _lateral_reviews(state: AdaptiveState) -> str:
    """How many panels met, with the milestone or trigger of each: `2 (round 5: initial ->
    progress; round 9: progress -> refined)`."""
    reviews = state.lateral_reviews
    if not reviews:
        return "none"
    return f"{len(reviews)} (" + "; ".join(f"round {r.round}: {r.trigger}" for r in reviews) + ")"


def _round_scores(r: Round) -> str:
    """Seed 004's `(Goal: {g}, Constraints: {c}, Criteria: {cr})` after a scored round's
    ambiguity, with Context for a brownfield interview."""
    if r.ambiguity is None or not r.scores:
        return ""
    shown = [f"{d.title()}: {r.scores[d]:.2f}" for d in BROWNFIELD_WEIGHTS if d in r.scores]
    return f" ({', '.join(shown)})"


def requirements_from(state: AdaptiveState, interview_hash: str | None = None) -> str:
    """REQUIREMENTS.md through the phases compiler, filled from what the interview established."""
    active = state.topology.active()
    spec = SpecData()
    spec.overview.title = state.description
    spec.overview.goal = state.restated_goal or "; ".join(decisions.values(state, "outcome"))
    spec.overview.goal = spec.overview.goal or state.description
    spec.overview.non_goals = decisions.non_goals(state)
    spec.scope.in_scope = [c.description for c in active]
    spec.scope.out_of_scope = [
        c.description for c in state.topology.components if c.status == "deferred"
    ]
    spec.scope.assumptions = [
        f"{s.name.replace('_', ' ')}: {s.value}"
        for c in active
        for s in c.slots
        if s.filled_by == "auto" and s.value
    ]
    spec.requirements.functional = decisions.acceptance(state)
    spec.requirements.constraints = decisions.constraints(state)
    ecosystem = tuple(
        f.statement for f in state.established_facts if f.topic in ("language", "framework")
    )
    spec.scope.assumptions += [fill.line().removeprefix("- ") for fill in autofill.fills(state)]
    spec.open_questions = autofill.open_questions(state)
    holder = InterviewState(
        slug=state.slug,
        description=state.description,
        created_at=state.created_at,
        updated_at=state.updated_at,
        spec_data=spec,
    )
    text = compile_requirements(holder, ecosystem=ecosystem)
    if interview_hash:
        text += f"\n<!-- interview_sha256: {interview_hash} -->\n"
    return text
