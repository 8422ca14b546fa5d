"""Compile an adaptive interview into its spec (every code claim cited) and REQUIREMENTS.md."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from brownfield.interview.adaptive import ontology, panel, refine
from brownfield.interview.adaptive.scoring import dimension_scores, weights
from brownfield.interview.adaptive.slots import option_value
from brownfield.interview.adaptive.state import AdaptiveState, Component
from brownfield.interview.engine.records import CitationRecord
from brownfield.interview.phases.requirements import compile_requirements
from brownfield.interview.phases.state import InterviewState, SpecData
from brownfield.interview.spec import autofill


@dataclass(frozen=True)
class EvidenceItem:
    """One checkable claim: a cited line and a token that must still be on it."""

    path: str
    line: int
    needle: str
    claim: str


def spec_status(state: AdaptiveState) -> str:
    """ready (at the threshold), refined (early exit at <= 30%), early-exit (above)."""
    if state.current_ambiguity <= state.threshold:
        return "ready"
    return "refined" if state.current_ambiguity <= 0.30 else "early-exit"


def _values(component: Component, name: str) -> list[str]:
    return [
        option_value(slot.value)
        for slot in component.slots
        if slot.name == name and slot.filled_by in ("person", "auto") and slot.value
    ]


def _line_of(root: Path, path: str, line: int) -> str | None:
    try:
        lines = (root / path).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    return lines[line - 1] if 0 < line <= len(lines) else None


def evidence_items(state: AdaptiveState, root: Path) -> list[EvidenceItem]:
    """Every cited line of the interview, with the token that shows the claim on that line."""
    items: dict[tuple[str, int], EvidenceItem] = {}

    def add(citation: CitationRecord, claim: str, names: list[str]) -> None:
        text = _line_of(root, citation.path, citation.line)
        if text is None:
            return
        needle = next((n for n in names if n and n in text), text.strip()[:60])
        if needle:
            items.setdefault(
                (citation.path, citation.line),
                EvidenceItem(citation.path, citation.line, needle, claim),
            )

    for touch in state.touchpoints:
        short = touch.symbol.rsplit(".", 1)[-1]
        record = CitationRecord(path=touch.path, line=touch.line, symbol=touch.symbol)
        add(record, f"{touch.symbol} is defined here (touchpoint)", [short])
    for fact in state.established_facts:
        if fact.source != "evidence":
            continue
        for citation in fact.citations:
            names = [fact.subject.rsplit(".", 1)[-1], (citation.symbol or "").rsplit(".", 1)[-1]]
            add(citation, f"{fact.id}: {fact.statement}", names)
    return sorted(items.values(), key=lambda item: (item.path, item.line))


def compile_spec(state: AdaptiveState, root: Path, interview_hash: str | None = None) -> str:
    """The spec markdown, `status: pending-approval`, with an Evidence section `verify` checks."""
    scores = dimension_scores(state)
    active = state.topology.active()
    goal = state.restated_goal or state.description
    total = sum(scores[d] * w for d, w in weights(state).items())
    lines = [
        "---",
        "status: pending-approval",
        f"snapshot: {state.snapshot or 'none'}",
        *([f"interview_sha256: {interview_hash}"] if interview_hash else []),
        "---",
        f"# Brownfield Spec: {goal}",
        "",
        "## Metadata",
        f"- Rounds: {state.round_count} | Final Ambiguity: {state.current_ambiguity:.0%} "
        f"| Type: {state.type} | Generated: {state.updated_at.isoformat().replace('+00:00', 'Z')}",
        f"- Threshold: {state.threshold:g} | Threshold Source: {state.threshold_source}",
        f"- Status: {spec_status(state)} | Exit: {state.exit_reason or 'threshold'}",
        f"- Snapshot: {state.snapshot or 'none'} | Type reason: {state.type_reason}",
        f"- Restated Goal: {goal}",
        f"- Auto-Answered Rounds: {state.auto_answered_rounds or 'none'} "
        f"| Closure Overrides: {len(state.closure_overrides) or 'none'}",
        *([f"- Refined Rounds: {state.refined_rounds}"] if state.refined_rounds else []),
        "",
        "## Clarity Breakdown",
        "| Dimension | Score | Weight | Weighted |",
        "|-----------|-------|--------|----------|",
        *[
            f"| {dim} | {scores[dim]:.2f} | {weight:.2f} | {scores[dim] * weight:.3f} |"
            for dim, weight in weights(state).items()
        ],
        f"| **Total Clarity** | | | **{total:.3f}** |",
        f"| **Ambiguity** | | | **{state.current_ambiguity:.3f}** |",
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
    for fact in state.established_facts:
        status = ""
        if fact.superseded_by:
            status = f" (superseded by {fact.superseded_by})"
        elif fact.disputed:
            status = " (DISPUTED)"
        cites = ", ".join(f"{c.path}:{c.line}" for c in fact.citations[:6])
        lines.append(
            f"- {fact.id} [{fact.source}, round {fact.round}] {fact.statement}{status}"
            + (f" ({cites})" if cites else "")
        )
    lines += ["", "## Lateral Reviews"]
    lines += panel.report(state) or ["- none"]
    lines += ["", "## Trigger Metadata"]
    triggers = [(r.round, t) for r in state.rounds for t in r.triggers]
    lines += [
        f"- Round {number}: {t.kind} on {t.component}/{t.dimension}: {t.evidence}"
        for number, t in triggers
    ] or ["- none"]
    lines += ["", "## Goal", goal, ""]
    lines += ["## Constraints"]
    lines += [
        f"- {v}" for c in active for name in ("compatibility", "limits") for v in _values(c, name)
    ] + [f"- {v}" for v in refine.constraints(state)] or ["- none stated"]
    lines += ["", "## Non-Goals"]
    lines += [
        f"- {v}"
        for c in active
        for v in _values(c, "non_goals")
        if v.lower() != "nothing is excluded"
    ] + [f"- {v}" for v in refine.out_of_scope(state)] or ["- none stated"]
    lines += ["", "## Acceptance Criteria"]
    lines += [
        f"- [ ] {v}"
        for c in active
        for name in ("acceptance", "edge_cases")
        for v in _values(c, name)
    ] or ["- [ ] none stated"]
    lines += refine.spec_section(state)
    lines += ["", "## Assumptions"]
    assumed = [
        f"- {c.name}: {s.name.replace('_', ' ')} = {option_value(s.value or '')} "
        "(you decide; capped at 0.85)"
        for c in active
        for s in c.slots
        if s.filled_by == "auto"
    ]
    lines += assumed or ["- none"]
    lines += ["", "## Filled From Evidence (skipped by the person)"]
    lines += [fill.line() for fill in autofill.fills(state)] or ["- none"]
    lines += ["", "## Open Questions"]
    lines += [f"- {question}" for question in autofill.open_questions(state)] or ["- none"]
    lines += ["", "## Technical Context"]
    lines += [f"- Touchpoint: {t.symbol} ({t.path}:{t.line})" for t in state.touchpoints]
    lines += [
        f"- {r.symbol} {r.relation} {r.via} at {r.site} (distance {r.distance} from {r.file})"
        for r in state.codebase_context
    ]
    if len(lines) and lines[-1] == "## Technical Context":
        lines.append("- greenfield: no existing code is involved")
    lines += ["", *ontology.spec_section(state)]
    lines += ["", "## Evidence", f"Read at snapshot {state.snapshot or 'none'}.", ""]
    lines += [
        f"- [E{n}] {item.path}:{item.line} — `{item.needle}` — {item.claim}"
        for n, item in enumerate(evidence_items(state, root), 1)
    ] or ["- none (greenfield)"]
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
        )
    lines += ["</details>", ""]
    return "\n".join(lines)


def requirements_from(state: AdaptiveState, interview_hash: str | None = None) -> str:
    """REQUIREMENTS.md through the phases compiler, filled from what the interview established."""
    active = state.topology.active()

    def gather(*names: str) -> list[str]:
        return [v for c in active for name in names for v in _values(c, name)]

    spec = SpecData()
    spec.overview.title = state.restated_goal or state.description
    spec.overview.goal = "; ".join(gather("outcome")) or state.description
    spec.overview.non_goals = [v for v in gather("non_goals") if v.lower() != "nothing is excluded"]
    spec.overview.non_goals += refine.out_of_scope(state)
    spec.scope.in_scope = [c.description for c in active]
    spec.scope.out_of_scope = [
        c.description for c in state.topology.components if c.status == "deferred"
    ]
    spec.scope.assumptions = [
        f"{s.name.replace('_', ' ')}: {option_value(s.value or '')}"
        for c in active
        for s in c.slots
        if s.filled_by == "auto"
    ]
    spec.requirements.functional = gather("acceptance", "edge_cases")
    spec.requirements.constraints = gather("compatibility", "limits") + refine.constraints(state)
    spec.interfaces.external = [
        f.statement for f in state.established_facts if f.topic in ("language", "framework")
    ]
    spec.scope.assumptions += [fill.line().removeprefix("- ") for fill in autofill.fills(state)]
    spec.open_questions = autofill.open_questions(state)
    holder = InterviewState(
        slug=state.slug,
        description=state.description,
        created_at=state.created_at,
        updated_at=state.updated_at,
        spec_data=spec,
    )
    text = compile_requirements(holder)
    if interview_hash:
        text += f"\n<!-- interview_sha256: {interview_hash} -->\n"
    return text
