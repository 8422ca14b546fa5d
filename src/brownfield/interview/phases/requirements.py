"""Compile an interview's answers into REQUIREMENTS.md, in seed 000's section format.

The seed's sections come first, exactly as its compiler writes them (its placeholder, with
`/polywave bootstrap` replaced by `brownfield`); its `## Warnings` only after truncation.
Answers the seed's compiler has no section for follow in one separate trailing section,
`## Other Answers (no section above holds them)`, one `###` subsection per field.
"""

from __future__ import annotations

from brownfield.interview.phases.coverage import effective_spec
from brownfield.interview.phases.state import InterviewState

PLACEHOLDER = "<!-- placeholder — fill in before running brownfield -->"
OTHER_ANSWERS = "Other Answers (no section above holds them)"
TRUNCATION_WARNING = "- Interview truncated at max_questions limit. Some phases incomplete."


def _bullets(items: list[str]) -> str:
    return "\n".join(f"- {item}" for item in items) if items else PLACEHOLDER


def _numbered(items: list[str]) -> str:
    return "\n".join(f"{n}. {item}" for n, item in enumerate(items, 1)) if items else PLACEHOLDER


def compile_requirements(
    state: InterviewState, truncated: bool = False, ecosystem: tuple[str, ...] = ()
) -> str:
    """The REQUIREMENTS.md text: the seed's sections, then every other answered field.

    `ecosystem` adds what is known of the language and ecosystem without naming it an
    external integration (the adaptive interview knows it from the code)."""
    spec = effective_spec(state)
    overview, scope, needs, faces = spec.overview, spec.scope, spec.requirements, spec.interfaces
    external = faces.external or []
    constraints = needs.constraints or []
    languages = [i for i in external if "language" in i.lower()] + list(ecosystem)
    sections = [
        ("Language & Ecosystem", _bullets(languages)),
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
    if truncated:
        sections.append(("Warnings", TRUNCATION_WARNING))
    # Everything else the person said, so that nothing is lost; never mixed into the above.
    other = [
        ("Success Metrics", overview.success_metrics),
        ("Non-Goals", overview.non_goals),
        ("Out of Scope", scope.out_of_scope),
        ("Assumptions", scope.assumptions),
        ("Functional Requirements", needs.functional),
        ("APIs", faces.apis),
        ("User Stories", spec.stories),
        ("Open Questions", spec.open_questions),
    ]
    final = state.review.final
    if final is not None and final.answer:
        other.append(("Anything Else", [final.answer]))
    kept = [f"### {heading}\n{_bullets(items)}" for heading, items in other if items]
    if kept:
        sections.append((OTHER_ANSWERS, "\n" + "\n\n".join(kept)))
    title = overview.title or state.description
    body = "\n\n".join(f"## {heading}\n{content}" for heading, content in sections)
    return f"# Requirements: {title}\n\n{body}\n"
