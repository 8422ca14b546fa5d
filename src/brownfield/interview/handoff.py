"""After the spec: the next step (seeds 000 and 004). Stop here, approve now, or export a
compact brief for a coding agent. Nothing is executed and no code is changed."""

from __future__ import annotations

import getpass
import json
from pathlib import Path
from typing import Any

from brownfield.confine import write_atomic
from brownfield.interview.adaptive import decisions
from brownfield.interview.adaptive.state import AdaptiveState
from brownfield.interview.spec import autofill


def question(artifact_hash: str) -> str:
    """The one handoff question; option 2 shows the hash it would approve."""
    steps = (
        "Stop here (the spec stays pending approval)",
        f"Approve now: the interview artifact as it is (sha256 {artifact_hash})",
        "Export a brief for a coding agent (Markdown and JSON beside the spec)",
    )
    return "The spec is written. Next step?\n" + "\n".join(
        f"  {n}. {step}" for n, step in enumerate(steps, 1)
    )


def brief(state: AdaptiveState) -> dict[str, Any]:
    """Goal, constraints, acceptance criteria, touchpoints with citations, open questions."""
    return {
        "goal": state.restated_goal or state.description,
        "spec": state.spec_path,
        "constraints": decisions.constraints(state)
        + [f"out of scope: {v}" for v in decisions.non_goals(state)],
        "acceptance_criteria": decisions.acceptance(state)
        + [f.value for f in autofill.fills(state) if f.slot == "acceptance"],
        "change_points": decisions.change_points(state),
        "touchpoints": [
            {"symbol": t.symbol, "citation": f"{t.path}:{t.line}"}
            for t in state.ordered_touchpoints()
        ],
        "open_questions": autofill.open_questions(state),
    }


def brief_markdown(data: dict[str, Any]) -> str:
    def items(values: list[str]) -> list[str]:
        return [f"- {v}" for v in values] or ["- none"]

    return "\n".join(
        [
            f"# Brief: {data['goal']}",
            "",
            f"Spec: {data['spec']} (cite it; do not change code the spec does not name)",
            "",
            "## Constraints",
            *items(data["constraints"]),
            "",
            "## Acceptance criteria",
            *([f"- [ ] {v}" for v in data["acceptance_criteria"]] or ["- [ ] none stated"]),
            "",
            "## Touchpoints",
            *items([f"{t['symbol']} ({t['citation']})" for t in data["touchpoints"]]),
            "",
            "## Open questions",
            *items(data["open_questions"]),
            "",
        ]
    )


def export_brief(state: AdaptiveState, spec_file: Path) -> tuple[Path, Path]:
    """Write `<spec>.brief.md` and `<spec>.brief.json` beside the spec."""
    data = brief(state)
    markdown = spec_file.with_suffix(".brief.md")
    as_json = spec_file.with_suffix(".brief.json")
    write_atomic(markdown, brief_markdown(data))  # a symlink there is replaced, not followed
    write_atomic(as_json, json.dumps(data, indent=2, sort_keys=True) + "\n")
    return markdown, as_json


def approve_now(artifact: Path, reviewed: str, root: Path) -> str:
    """Approve the artifact, only if it still has the hash the person was shown."""
    from brownfield.interview.approval import approve

    return approve(artifact, reviewed, getpass.getuser(), root)
