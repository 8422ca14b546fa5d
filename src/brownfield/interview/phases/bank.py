"""Seed 000's canonical question bank, word for word, and the fields its answers fill."""

from __future__ import annotations

import re
from dataclasses import dataclass

from brownfield.interview.phases.state import InterviewState

PHASES = ("overview", "scope", "requirements", "interfaces", "stories", "review")
CONFIRM = "_confirm"
SKIP_ALL_FIELD = "_skip_all"  # the field of a `skip all` turn in the history
REVIEW_PREFIX = "review:"  # the field of a review turn: `review:FFF`, `review:CFU1`


@dataclass(frozen=True)
class BankEntry:
    phase: str
    field: str
    text: str
    required: bool


#: The question bank, word for word, in order (seed 000, "Canonical Question Bank").
BANK: tuple[BankEntry, ...] = (
    BankEntry("overview", "title", "What is the title of this project or feature?", True),
    BankEntry("overview", "goal", "What is the primary goal? (one sentence)", True),
    BankEntry(
        "overview",
        "success_metrics",
        "What are the success metrics? (comma-separated) (or type 'skip' to skip)",
        False,
    ),
    BankEntry(
        "overview",
        "non_goals",
        "What is explicitly out of scope? (comma-separated) (or type 'skip' to skip)",
        False,
    ),
    BankEntry(
        "scope", "in_scope", "What is in scope? List the key deliverables (comma-separated)", True
    ),
    BankEntry(
        "scope",
        "out_of_scope",
        "What is out of scope? (comma-separated) (or type 'skip' to skip)",
        False,
    ),
    BankEntry(
        "scope",
        "assumptions",
        "What assumptions are you making? (comma-separated) (or type 'skip' to skip)",
        False,
    ),
    BankEntry(
        "requirements",
        "functional",
        "List the functional requirements (one per line or comma-separated)",
        True,
    ),
    BankEntry(
        "requirements",
        "non_functional",
        "Any non-functional requirements? (e.g., performance, security) (or type 'skip' to skip)",
        False,
    ),
    BankEntry(
        "requirements",
        "constraints",
        "Any technical constraints? (e.g., Go 1.21+, no CGO) (or type 'skip' to skip)",
        False,
    ),
    BankEntry(
        "interfaces",
        "data_models",
        "What are the key data models or types? (or type 'skip' to skip)",
        False,
    ),
    BankEntry(
        "interfaces",
        "apis",
        "What are the key APIs or command interfaces? (or type 'skip' to skip)",
        False,
    ),
    BankEntry(
        "interfaces", "external", "Any external integrations? (or type 'skip' to skip)", False
    ),
    BankEntry(
        "stories",
        "stories",
        "List the key user stories or tasks (one per line) (or type 'skip' to skip)",
        False,
    ),
    BankEntry(
        "review",
        "open_questions",
        "Any open questions or unresolved decisions? (or type 'skip' to skip)",
        False,
    ),
    BankEntry(
        "review", CONFIRM, "Review complete. Ready to generate REQUIREMENTS.md? (yes/no)", True
    ),
)

#: Where each field lives in `spec_data` (None: directly on spec_data).
_SECTIONS = {
    "title": "overview",
    "goal": "overview",
    "success_metrics": "overview",
    "non_goals": "overview",
    "in_scope": "scope",
    "out_of_scope": "scope",
    "assumptions": "scope",
    "functional": "requirements",
    "non_functional": "requirements",
    "constraints": "requirements",
    "data_models": "interfaces",
    "apis": "interfaces",
    "external": "interfaces",
    "stories": None,
    "open_questions": None,
}
TEXT_FIELDS = frozenset({"title", "goal"})
_SEPARATORS = re.compile(r"[,;\n]")


def get_field(state: InterviewState, field: str) -> object:
    section = _SECTIONS[field]
    holder = state.spec_data if section is None else getattr(state.spec_data, section)
    return getattr(holder, field)


def set_field(state: InterviewState, field: str, value: object) -> None:
    section = _SECTIONS[field]
    holder = state.spec_data if section is None else getattr(state.spec_data, section)
    setattr(holder, field, value)


def split_list(answer: str) -> list[str]:
    """Comma- (or semicolon-) separated items, trimmed, empties dropped."""
    return [item.strip() for item in _SEPARATORS.split(answer) if item.strip()]


def cursor_of(state: InterviewState) -> int:
    """The index of the next question: the first field not asked yet, else the confirmation."""
    for index, entry in enumerate(BANK):
        if entry.field == CONFIRM or get_field(state, entry.field) is None:
            return index
    return len(BANK) - 1


def question_id(index: int) -> str:
    return f"Q{index + 1:02d}"


def unasked(state: InterviewState) -> list[str]:
    """The bank fields not asked yet (the confirmation aside)."""
    return [e.field for e in BANK if e.field != CONFIRM and get_field(state, e.field) is None]


def is_truncated(state: InterviewState) -> bool:
    """Complete with a phase that has no data yet: `max_questions` ran out before every
    question was asked (stopping at the confirmation, every phase answered, is not)."""
    return state.status == "complete" and bool(unasked(state))
