"""`brownfield interview`: run, pause and resume an interview (terminal, pipe or JSON lines)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import typer

from brownfield.cli.options import REPO
from brownfield.cli.render import ProgressBar
from brownfield.errors import UsageError
from brownfield.graph.builder import check_repository
from brownfield.interview.engine.loop import Engine, Outcome, Question

if TYPE_CHECKING:  # pydantic and YAML load only when an interview runs
    from brownfield.interview.session import Session


class TextConversation:
    """Questions on stdout, one answer per line on stdin; quiet when not interactive."""

    def __init__(self, interactive: bool, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> None:
        self.interactive = interactive
        self.stdin, self.stdout, self.stderr = stdin, stdout, stderr

    def ask(self, question: Question) -> str | None:
        if self.interactive:
            self.stdout.write(
                f"\n{question.progress}\n{question.text}\n  hint: {question.hint}\n> "
            )
            self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            if self.interactive:
                self.stdout.write("\n")
            return None
        return line.rstrip("\r\n")

    def tell(self, message: str, kind: str = "info") -> None:
        if self.interactive:
            self.stdout.write(message.rstrip("\n") + "\n")
        elif kind == "hint":
            self.stderr.write(message.rstrip("\n") + "\n")

    def report(self, event: str, fields: dict[str, object], text: str) -> None:
        """The end of a run, always shown (even when not interactive)."""
        self.stdout.write(text + "\n")


class JsonConversation:
    """The JSON-lines protocol for agents: one JSON object per line each way."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin, self.stdout = stdin, stdout

    def emit(self, data: dict[str, object]) -> None:
        self.stdout.write(json.dumps(data, sort_keys=True) + "\n")
        self.stdout.flush()

    def ask(self, question: Question) -> str | None:
        self.emit({"type": "question", **question.to_json()})
        line = self.stdin.readline()
        if not line:
            return None
        return parse_json_answer(line)

    def tell(self, message: str, kind: str = "info") -> None:
        self.emit({"type": kind, "text": message})

    def report(self, event: str, fields: dict[str, object], text: str) -> None:
        self.emit({**fields, "type": event})


def parse_json_answer(line: str) -> str:
    """`{"answer": "..."}`, a JSON string, or (leniently) the raw line."""
    text = line.strip()
    if text.startswith(("{", '"')):
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            return text
        if isinstance(data, str):
            return data
        if isinstance(data, dict) and isinstance(data.get("answer"), str):
            return str(data["answer"])
    return text


def _shown(path: Path) -> str:
    """A path as the person typed paths: relative to the current folder when inside it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(path)


def register(app: typer.Typer) -> None:
    @app.command("interview")
    def interview_command(
        idea: str = typer.Argument("", help="The change, in one sentence."),
        mode: str | None = typer.Option(
            None,
            "--mode",
            help="adaptive (graph-grounded, the default inside a repository with source files) "
            "or phases (the fixed six-phase question bank).",
        ),
        resume_path: Path | None = typer.Option(
            None, "--resume", help="Continue the interview saved in this state file."
        ),
        non_interactive: bool = typer.Option(
            False, "--non-interactive", help="Print no progress, question text or prompt."
        ),
        as_json: bool = typer.Option(
            False, "--json", help="JSON lines: one question object out, one answer line in."
        ),
        docs_dir: Path = typer.Option(
            Path("docs"), "--docs-dir", help="Artifact folder (relative to --repo)."
        ),
        max_questions: int = typer.Option(
            18, "--max-questions", help="phases: compile what there is after this many answers."
        ),
        threshold: float | None = typer.Option(
            None, "--threshold", help="adaptive: stop asking at this ambiguity (0 < T <= 1)."
        ),
        quick: bool = typer.Option(False, "--quick", help="adaptive: threshold 0.6."),
        standard: bool = typer.Option(False, "--standard", help="adaptive: threshold 0.5."),
        deep: bool = typer.Option(False, "--deep", help="adaptive: threshold 0.35."),
        force: bool = typer.Option(
            False, "--force", help="adaptive: interview even a request that is already clear."
        ),
        max_rounds: int = typer.Option(
            100, "--max-rounds", help="adaptive: the hard cap on rounds."
        ),
        batch: bool = typer.Option(
            False, "--batch", help="adaptive: ask 1-3 related questions at once."
        ),
        repo: Path = REPO,
    ) -> None:
        """Interview the person about IDEA; saved after every answer, resumable with --resume."""
        presets = [
            name for name, on in (("quick", quick), ("standard", standard), ("deep", deep)) if on
        ]
        if len(presets) > 1:
            raise UsageError("use at most one of --quick, --standard, --deep")
        conversation = _conversation(as_json, non_interactive)
        outcome = interview(
            check_repository(repo),
            conversation,
            idea,
            mode,
            resume_path,
            docs_dir,
            max_questions=max_questions,
            threshold=threshold,
            preset=presets[0] if presets else None,
            force=force,
            max_rounds=max_rounds,
            batch=batch,
        )
        if outcome is Outcome.PAUSED:
            raise typer.Exit(2)


def interview(
    root: Path,
    conversation: TextConversation | JsonConversation,
    idea: str = "",
    mode: str | None = None,
    resume_path: Path | None = None,
    docs_dir: Path = Path("docs"),
    *,
    max_questions: int = 18,
    threshold: float | None = None,
    preset: str | None = None,
    force: bool = False,
    max_rounds: int = 100,
    batch: bool = False,
) -> Outcome | None:
    """Start (or resume) an interview and run it until it ends or the answers run out;
    what the command and the MCP tools both call. None: no interview was needed."""
    from brownfield.interview.session import resume, start

    if resume_path is not None:
        session = resume(root, resume_path)
    elif not idea.strip():
        raise UsageError("give an idea to interview about, or --resume FILE")
    elif (mode or _default_mode(root)) == "phases":
        session = start(root, idea, docs_dir, max_questions)
    elif mode not in (None, "adaptive"):
        raise UsageError(f"unknown --mode {mode!r}; use adaptive or phases")
    else:
        started = _start_adaptive(
            root, idea, docs_dir, threshold, preset, force, max_rounds, conversation
        )
        if started is None:
            return None
        session = started
    return _run(session, conversation, batch)


def _default_mode(root: Path) -> str:
    from brownfield.graph.discover import discover

    return "adaptive" if discover(root).files else "phases"


def _conversation(as_json: bool, non_interactive: bool) -> TextConversation | JsonConversation:
    if as_json:
        return JsonConversation(sys.stdin, sys.stdout)
    return TextConversation(not non_interactive, sys.stdin, sys.stdout, sys.stderr)


def _start_adaptive(
    root: Path,
    idea: str,
    docs_dir: Path,
    threshold: float | None,
    preset: str | None,
    force: bool,
    max_rounds: int,
    conversation: TextConversation | JsonConversation,
) -> Session | None:
    """Threshold line, suitability gate, graph, Round 0 seed; None when no interview is needed."""
    from brownfield.errors import BrownfieldError
    from brownfield.graph.builder import build, open_store
    from brownfield.graph.discover import discover
    from brownfield.interview.adaptive.start import resolve_threshold, seed_state, suitability
    from brownfield.interview.session import artifact_folder, begin

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
        bar = ProgressBar()
        try:
            build(root, progress=bar)
            store = open_store(root)
        except BrownfieldError as exc:
            note = f"the code graph could not be built ({exc}); continuing as greenfield"
            conversation.report("warning", {"text": note}, note)
        finally:
            bar.close()
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


def _planner(session: Session):  # type: ignore[no-untyped-def]
    from brownfield.interview.phases.state import InterviewState

    if isinstance(session.state, InterviewState):
        from brownfield.interview.phases.planner import PhasesPlanner

        return PhasesPlanner()
    from brownfield.graph.builder import open_store
    from brownfield.interview.adaptive.evidence import EvidenceSource
    from brownfield.interview.adaptive.planner import AdaptivePlanner

    store = session.evidence_store
    if store is None and session.state.type == "brownfield":
        store = open_store(session.root)
    return AdaptivePlanner(EvidenceSource(store) if store is not None else None)


def _run(
    session: Session, conversation: TextConversation | JsonConversation, batch: bool = False
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
    engine = Engine(_planner(session), conversation, session.save, batch=batch)
    try:
        outcome = engine.run(state)
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
    truncated = getattr(state, "phase", "complete") != "complete"
    if truncated:
        lines.insert(
            0,
            f"Stopped after --max-questions {getattr(state, 'max_questions', '?')} answers; "
            "compiled what was answered.",
        )
    fields["requirements_path"] = state.requirements_path
    extra: dict[str, object] = {"spec_path": spec_path} if spec_path else {}
    if spec_path:
        extra.update(_handoff(session, conversation, lines))
    conversation.report("complete", {**fields, **extra, "truncated": truncated}, "\n".join(lines))
    return outcome


def _handoff(
    session: Session, conversation: TextConversation | JsonConversation, lines: list[str]
) -> dict[str, object]:
    """Offer the next step once the spec is written: stop, approve now, or export a brief."""
    from brownfield.interview import handoff
    from brownfield.interview.adaptive.state import AdaptiveState
    from brownfield.interview.review.artifact import sha256_of

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


def register_verify(app: typer.Typer) -> None:
    @app.command("verify")
    def verify_command(
        spec: Path = typer.Argument(..., help="A spec written by `brownfield interview`."),
        repo: Path = REPO,
        as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
    ) -> None:
        """Re-check the citations of SPEC against the working tree; exit 1 if any broke."""
        from brownfield.cli.render import print_json
        from brownfield.interview.spec.verify import verify_spec

        checks = verify_spec(spec, check_repository(repo))
        broken = [c for c in checks if c.status != "ok"]
        if as_json:
            print_json(verify_json(spec, checks))
        else:
            for check in broken:
                where = f" (now at line {check.now_line})" if check.now_line else ""
                cited = f"{check.path}:{check.line} `{check.needle}`"
                print(f"{check.status:<8} {check.id} {cited}{where}")
            print(f"{len(checks)} citation(s) checked, {len(broken)} moved or vanished")
        if broken:
            raise typer.Exit(1)


def verify_json(spec: Path, checks: list[Any]) -> dict[str, object]:
    """What `verify --json` prints (and the MCP tool returns)."""
    return {"spec": str(spec), "checked": len(checks), "results": [c.to_json() for c in checks]}
