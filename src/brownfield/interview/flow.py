"""The interview command's flows, shared by the command line and the MCP server: start or
resume an interview, run it to its end or to the end of input, offer the handoff.

Nothing here reads argv or exits; a `Reporter` (a conversation that also reports how a run
ended) carries every word to the person.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from brownfield.errors import BrownfieldError, UsageError
from brownfield.graph.builder import Progress, build
from brownfield.graph.discover import discover
from brownfield.graph.repository import open_store
from brownfield.interview import approval, handoff
from brownfield.interview.adaptive.evidence import EvidenceSource
from brownfield.interview.adaptive.planner import AdaptivePlanner
from brownfield.interview.adaptive.start import (
    direct_sites,
    resolve_threshold,
    seed_state,
    suitability,
)
from brownfield.interview.adaptive.state import AdaptiveState
from brownfield.interview.engine.intake import Change, clean_text, describe
from brownfield.interview.engine.loop import Conversation, Engine, Outcome, Question
from brownfield.interview.engine.records import Cleaned, now
from brownfield.interview.phases.bank import is_truncated
from brownfield.interview.phases.planner import PhasesPlanner
from brownfield.interview.phases.state import InterviewState
from brownfield.interview.review.artifact import sha256_of
from brownfield.interview.session import (
    Session,
    State,
    artifact_folder,
    begin,
    resume,
    start,
)
from brownfield.text import one_line


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
    idea, idea_cleaned = clean_text(idea)
    ticket, ticket_cleaned = clean_text(ticket_id or "")
    if resume_path is not None:
        session = _resumed(root, resume_path, conversation)
    elif not idea.strip():
        raise UsageError("give an idea to interview about, or --resume FILE")
    elif (mode or _default_mode(root)) == "phases":
        session = start(
            root, idea, docs_dir, max_questions, review, followup_budget, ticket or None, hold=True
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
        session.state.review.ticket_id = ticket or None
    try:
        cleaned = [("idea", idea_cleaned), ("ticket_id", ticket_cleaned)]
        for field, changes in cleaned if resume_path is None else []:
            if changes:
                _record(session.state, field, changes, conversation)
        if resume_path is None and (
            isinstance(session.state, AdaptiveState) or any(c for _, c in cleaned)
        ):
            session.save(session.state)
        return _run(session, _Intake(conversation, session.state), batch, progress)
    finally:
        session.close()


def _resumed(root: Path, path: Path, conversation: Reporter) -> Session:
    """The interview saved at `path`, holding its lock, with a hand edit of its artifact
    applied (or refused) first."""
    session = resume(root, path, hold=True)
    try:
        artifact = session.artifact_file(session.state) if session.written() else None
        if artifact is not None:
            opened = approval.open_artifact(artifact, root)
            opened.session.close()  # a second hold of this process's own lock
            session.state = opened.session.state
            for note in opened.notes:
                conversation.tell(note, "hint")
    except BaseException:
        session.close()
        raise
    return session


def _record(state: State, field: str, changes: list[Change], conversation: Reporter) -> None:
    """Log what intake cleaned in an answer (or the idea), and say so."""
    state.review.cleaned.append(Cleaned(question_id=field, at=now(), changes=changes))
    conversation.tell(f"{field}: {describe(changes)}", "hint")


class _Intake:
    """The conversation, with every answer made valid, terminal-safe text before the
    planner sees it (what was cleaned is logged in the state and told)."""

    def __init__(self, inner: Reporter, state: State) -> None:
        self.inner, self.state = inner, state

    def ask(self, question: Question) -> str | None:
        answer = self.inner.ask(question)
        if answer is None:
            return None
        cleaned, changes = clean_text(answer)
        if changes:
            _record(self.state, question.id, changes, self.inner)
        return cleaned

    def tell(self, message: str, kind: str = "info") -> None:
        self.inner.tell(message, kind)

    def report(self, event: str, fields: dict[str, object], text: str) -> None:
        self.inner.report(event, fields, text)


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
        reason = suitability(idea, root)
        if reason is not None:
            reason += direct_sites(root, idea)
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
            note = f"the code graph could not be built ({one_line(exc)}); continuing as greenfield"
            conversation.report("warning", {"text": note}, note)
    state = seed_state(idea, resolved, store, note, max_rounds)
    session = begin(root, folder, state, hold=True)
    session.evidence_store = store
    conversation.report(
        "start",
        {
            "project_type": state.type,
            "reason": state.type_reason,
            "state_path": _shown(session.state_path),
        },
        "Starting the interview. I'll ask targeted questions to understand your idea "
        "thoroughly before anything is built. After each answer, I'll show your clarity "
        f"score. We'll proceed once ambiguity drops below {state.threshold:.0%}. "
        f'Your idea: "{idea}" | Project type: {state.type} ({state.type_reason}) '
        "| Current ambiguity: 100% (we haven't started yet)",
    )
    return session


def _run_engine(
    session: Session, conversation: Reporter, batch: bool, progress: Progress | None
) -> Outcome:
    """The engine with the state's planner (an adaptive one sees the graph it cites)."""
    state = session.state
    if isinstance(state, InterviewState):
        return Engine(PhasesPlanner(), conversation, session.save, batch=batch).run(state)
    store = session.evidence_store
    if store is None and state.type == "brownfield":
        try:  # refreshed as at the start: a build finds damage and replaces a foreign store
            build(session.root, progress=progress)
            store = open_store(session.root)
        except BrownfieldError as exc:  # damaged, untrusted, gone: ask without the code
            note = f"the code graph cannot be read ({one_line(exc)}); continuing without it"
            conversation.report("warning", {"text": note}, note)
    planner = AdaptivePlanner(EvidenceSource(store) if store is not None else None)
    return Engine(planner, conversation, session.save, batch=batch).run(state)


def _run(
    session: Session,
    conversation: Reporter,
    batch: bool = False,
    progress: Progress | None = None,
) -> Outcome | None:
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
        outcome = _run_engine(session, conversation, batch, progress)
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
        markdown, as_json = handoff.export_brief(state, session.spec_file())
        lines.append(f"Brief for a coding agent: {_shown(markdown)}, {_shown(as_json)}")
        return {"handoff": "brief", "brief_paths": [_shown(markdown), _shown(as_json)]}
    if choice not in ("", "1", "stop"):
        conversation.tell(f"'{answer}' is not a step; stopping here.", "hint")
    return {"handoff": "stop"}
