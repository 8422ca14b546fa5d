"""The interview command's flows, shared by the command line and the MCP server: start or
resume an interview, run it to its end or to the end of input, offer the handoff.

Nothing here reads argv or exits; a `Reporter` (a conversation that also reports how a run
ended) carries every word to the person.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from brownfield.errors import BrownfieldError, UsageError
from brownfield.graph.builder import Progress, build, open_store
from brownfield.graph.discover import discover
from brownfield.interview import approval, handoff
from brownfield.interview.adaptive.evidence import EvidenceSource
from brownfield.interview.adaptive.planner import AdaptivePlanner
from brownfield.interview.adaptive.start import resolve_threshold, seed_state, suitability
from brownfield.interview.adaptive.state import AdaptiveState
from brownfield.interview.engine.loop import Conversation, Engine, Outcome, Question
from brownfield.interview.phases.bank import is_truncated
from brownfield.interview.phases.planner import PhasesPlanner
from brownfield.interview.phases.state import InterviewState
from brownfield.interview.review.artifact import sha256_of
from brownfield.interview.session import Session, artifact_folder, begin, resume, start


class Reporter(Conversation, Protocol):
    """A conversation that also reports how a run ended (always shown)."""

    def report(self, event: str, fields: dict[str, object], text: str) -> None:
        """One event: its JSON fields, or its text for a person."""


def _shown(path: Path) -> str:
    """A path as the person typed paths: relative to the current folder when inside it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(path)


def interview(
    root: Path,
    conversation: Reporter,
    idea: str = "",
    mode: str | None = None,
    resume_path: Path | None = None,
    docs_dir: Path = Path("docs"),
    *,
    max_questions: int = 18,
    review: bool = False,
    followup_budget: int = 20,
    ticket_id: str | None = None,
    threshold: float | None = None,
    preset: str | None = None,
    force: bool = False,
    max_rounds: int = 100,
    batch: bool = False,
    progress: Progress | None = None,
) -> Outcome | None:
    """Start (or resume) an interview and run it until it ends or the answers run out;
    what the command and the MCP tools both call. None: no interview was needed.

    Phases (`--mode phases`) is seed 000's interview exactly; `review` adds seed 002's final
    free-form question and coverage follow-ups (an adaptive interview always has them).
    `followup_budget`: the follow-ups' share of the planned questions, in percent (0-100).
    """

    if not 0 <= followup_budget <= 100:
        raise UsageError(f"--followup-budget must be 0 to 100 (percent), not {followup_budget}")
    if resume_path is not None:
        session = resume(root, resume_path)
        artifact = session.artifact_file(session.state)
        if artifact.is_file():  # a hand edit of the artifact is applied (or refused) first
            opened = approval.open_artifact(artifact, root)
            session = Session(
                opened.session.state, session.state_path, root, original=session.original
            )
            for note in opened.notes:
                conversation.tell(note, "hint")
    elif not idea.strip():
        raise UsageError("give an idea to interview about, or --resume FILE")
    elif (mode or _default_mode(root)) == "phases":
        session = start(
            root, idea, docs_dir, max_questions, review, followup_budget, ticket_id or None
        )
    elif mode not in (None, "adaptive"):
        raise UsageError(f"unknown --mode {mode!r}; use adaptive or phases")
    else:
        started = _start_adaptive(
            root, idea, docs_dir, threshold, preset, force, max_rounds, conversation, progress
        )
        if started is None:
            return None
        session = started
        session.state.review.budget_percent = followup_budget
        session.state.review.ticket_id = ticket_id or None
        session.save(session.state)
    return _run(session, conversation, batch)


def _default_mode(root: Path) -> str:

    return "adaptive" if discover(root).files else "phases"


def _start_adaptive(
    root: Path,
    idea: str,
    docs_dir: Path,
    threshold: float | None,
    preset: str | None,
    force: bool,
    max_rounds: int,
    conversation: Reporter,
    progress: Progress | None,
) -> Session | None:
    """Threshold line, suitability gate, graph, Round 0 seed; None when no interview is needed."""

    resolved = resolve_threshold(threshold, preset, root)
    conversation.report(
        "threshold", {"threshold": resolved.value, "source": resolved.source}, resolved.line()
    )
    if not force:
        reason = suitability(idea)
        if reason is not None:
            conversation.report("not-needed", {"reason": reason}, reason)
            return None
    folder = artifact_folder(root, docs_dir)
    store = None
    note = "no source files in the repository"
    if discover(root).files:
        try:
            build(root, progress=progress)
            store = open_store(root)
        except BrownfieldError as exc:
            note = f"the code graph could not be built ({exc}); continuing as greenfield"
            conversation.report("warning", {"text": note}, note)
    state = seed_state(idea, resolved, store, note, max_rounds)
    session = begin(root, folder, state)
    session.evidence_store = store
    conversation.report(
        "start",
        {
            "project_type": state.type,
            "reason": state.type_reason,
            "state_path": _shown(session.state_path),
        },
        f'Starting the interview. Idea: "{idea}" | Project type: {state.type} '
        f"({state.type_reason}) | Current ambiguity: 100%",
    )
    return session


def _run_engine(session: Session, conversation: Reporter, batch: bool) -> Outcome:
    """The engine with the state's planner (an adaptive one sees the graph it cites)."""
    state = session.state
    if isinstance(state, InterviewState):
        return Engine(PhasesPlanner(), conversation, session.save, batch=batch).run(state)
    store = session.evidence_store
    if store is None and state.type == "brownfield":
        store = open_store(session.root)
    planner = AdaptivePlanner(EvidenceSource(store) if store is not None else None)
    return Engine(planner, conversation, session.save, batch=batch).run(state)


def _run(session: Session, conversation: Reporter, batch: bool = False) -> Outcome | None:
    state = session.state
    fields = {
        "state_path": _shown(session.state_path),
        "requirements_path": state.requirements_path,
    }
    if state.status != "in_progress":
        text = (
            f"Interview already {state.status}; nothing to do. "
            f"Requirements: {state.requirements_path}"
        )
        conversation.report(state.status, {**fields, "already": True}, text)
        return None
    try:
        outcome = _run_engine(session, conversation, batch)
    except KeyboardInterrupt:
        session.save(state)
        outcome = Outcome.PAUSED
    if outcome is Outcome.PAUSED:
        resume_line = f"brownfield interview --resume {fields['state_path']}"
        conversation.report(
            "paused",
            {**fields, "resume": resume_line},
            f"Interview paused. Resume with: {resume_line}",
        )
        return outcome
    if state.status == "cancelled":  # type: ignore[comparison-overlap]  # set by "stop"
        conversation.report(
            "cancelled", fields, f"Interview cancelled; state kept at {fields['state_path']}"
        )
        return outcome
    lines = [
        f"Requirements written to {state.requirements_path}",
        f"Interview state saved to {fields['state_path']}",
    ]
    spec_path = getattr(state, "spec_path", None)
    if spec_path:
        lines.insert(0, f"Spec written to {spec_path} (status: pending-approval)")
    truncated = isinstance(state, InterviewState) and is_truncated(state)
    if truncated:
        lines.insert(
            0,
            f"Stopped after --max-questions {getattr(state, 'max_questions', '?')} answers; "
            "compiled what was answered.",
        )
    elif isinstance(state, InterviewState) and state.phase != "complete":
        lines.insert(
            0,
            f"Stopped after --max-questions {state.max_questions} answers at the "
            "confirmation (not confirmed); every phase has its answers, so nothing is "
            "truncated.",
        )
    fields["requirements_path"] = state.requirements_path
    extra: dict[str, object] = {"spec_path": spec_path} if spec_path else {}
    if spec_path:
        extra.update(_handoff(session, conversation, lines))
    conversation.report("complete", {**fields, **extra, "truncated": truncated}, "\n".join(lines))
    return outcome


def _handoff(session: Session, conversation: Reporter, lines: list[str]) -> dict[str, object]:
    """Offer the next step once the spec is written: stop, approve now, or export a brief."""

    state = session.state
    assert isinstance(state, AdaptiveState) and state.spec_path
    artifact = session.artifact_file(state)
    reviewed = sha256_of(artifact)
    answer = conversation.ask(
        Question(
            id="HANDOFF",
            phase="handoff",
            field="next_step",
            text=handoff.question(reviewed),
            required=False,
            hint="1, 2 or 3; an empty answer (or none) stops here",
            progress="Handoff | the interview is complete",
        )
    )
    choice = (answer or "").strip().lower()
    if choice == "2":
        handoff.approve_now(artifact, reviewed, session.root)
        lines.append(f"Approved {_shown(artifact)} (reviewed sha256 {reviewed})")
        return {"handoff": "approved", "approved_sha256": reviewed}
    if choice == "3":
        markdown, as_json = handoff.export_brief(state, session.root / state.spec_path)
        lines.append(f"Brief for a coding agent: {_shown(markdown)}, {_shown(as_json)}")
        return {"handoff": "brief", "brief_paths": [_shown(markdown), _shown(as_json)]}
    if choice not in ("", "1", "stop"):
        conversation.tell(f"'{answer}' is not a step; stopping here.", "hint")
    return {"handoff": "stop"}
