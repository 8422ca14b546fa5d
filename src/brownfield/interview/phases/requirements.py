"""Compile an interview's answers into REQUIREMENTS.md, in the seed's section format."""

from __future__ import annotations

from brownfield.interview.phases.coverage import effective_spec
from brownfield.interview.phases.state import InterviewState

PLACEHOLDER = "<!-- placeholder — fill in before planning the change -->"
TRUNCATION_WARNING = "- Interview truncated at max_questions limit. Some phases incomplete."


def _bullets(items: list[str]) -> str:
    return "\n".join(f"- {item}" for item in items) if items else PLACEHOLDER


def _numbered(items: list[str]) -> str:
    return "\n".join(f"{n}. {item}" for n, item in enumerate(items, 1)) if items else PLACEHOLDER


def compile_requirements(state: InterviewState, truncated: bool = False) -> str:
    """The REQUIREMENTS.md text: the seed's sections, then every other answered field."""
    spec = effective_spec(state)
    overview, scope, needs, faces = spec.overview, spec.scope, spec.requirements, spec.interfaces
    external = faces.external or []
    constraints = needs.constraints or []
    sections = [
        ("Language & Ecosystem", _bullets([i for i in external if "language" in i.lower()])),
        ("Project Type", overview.goal or PLACEHOLDER),
        ("Deployment Target", _bullets([c for c in constraints if "deploy" in c.lower()])),
        ("Key Concerns (3-6 major responsibility areas)", _numbered(scope.in_scope or [])),
        ("Storage", _bullets(faces.data_models or [])),
        ("External Integrations", _bullets(external)),
        (
            "Source Codebase (if porting/adapting)",
            _bullets(
                [i[len("source:") :].strip() for i in external if i.lower().startswith("source:")]
            ),
        ),
        (
            "Architectural Decisions Already Made",
            _bullets(constraints + (needs.non_functional or [])),
        ),
    ]
    # Everything else the person said, so that nothing is lost.
    extra = [
        ("Success Metrics", overview.success_metrics),
        ("Non-Goals", overview.non_goals),
        ("Out of Scope", scope.out_of_scope),
        ("Assumptions", scope.assumptions),
        ("Functional Requirements", needs.functional),
        ("Data Models", faces.data_models),
        ("APIs", faces.apis),
        ("User Stories", spec.stories),
        ("Open Questions", spec.open_questions),
    ]
    sections += [(title, _bullets(items)) for title, items in extra if items]
    final = state.review.final
    if final is not None and final.answer:
        sections.append(("Also Recorded", _bullets([final.answer])))
    if truncated:
        sections.append(("Warnings", TRUNCATION_WARNING))
    title = overview.title or state.description
    body = "\n\n".join(f"## {heading}\n{content}" for heading, content in sections)
    return f"# Requirements: {title}\n\n{body}\n"
