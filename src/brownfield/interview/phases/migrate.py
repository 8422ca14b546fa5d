"""State files written by seed 000's own tool, read as brownfield's (`from_seed_000`).

The seed's schema (`mode: deterministic`, no `schema_version`, no `history[].field`, a field
absent or null until asked) is converted on load, in memory: the file itself is rewritten
only by the next save, which first keeps the original beside it (see `session`).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from brownfield.interview.engine.records import SCHEMA_VERSION
from brownfield.interview.engine.store import StateError, load_data, validate
from brownfield.interview.phases.bank import BANK
from brownfield.interview.phases.state import InterviewState

SEED_000 = "seed-000"
_FIELDS = {entry.text: entry.field for entry in BANK}
_TEXT_FIELDS = (("overview", "title"), ("overview", "goal"))


def is_seed_000(data: dict[str, Any]) -> bool:
    """A state in seed 000's own schema: its modes, and none of brownfield's fields."""
    return "schema_version" not in data and data.get("mode") in ("deterministic", "llm")


def from_seed_000(data: dict[str, Any], path: Path) -> dict[str, Any]:
    """The migration `seed-000`: seed 000's state as brownfield's schema version 1.

    `mode: deterministic` becomes `phases`; each turn gets the bank field its question asks
    (matched word for word); an empty title or goal (Go's zero value) means not asked yet;
    the review stage is off (seed 000 has none); `migrations` records `seed-000`.
    """
    if data.get("mode") == "llm":
        raise StateError(
            f"the interview state {path} is in seed 000's llm mode, which brownfield does not "
            "run (only mode: deterministic can be resumed)"
        )
    migrated = copy.deepcopy(data)
    migrated["schema_version"] = SCHEMA_VERSION
    migrated["mode"] = "phases"
    problems = []
    history = migrated.get("history") or []
    if isinstance(history, list):
        for number, turn in enumerate(history):
            if not isinstance(turn, dict) or "field" in turn:
                continue
            question = str(turn.get("question", "")).strip()
            if question in _FIELDS:
                turn["field"] = _FIELDS[question]
            else:
                problems.append(f"history.{number}.question: not a question of seed 000's bank")
    spec = migrated.get("spec_data")
    if isinstance(spec, dict):
        for section, name in _TEXT_FIELDS:
            holder = spec.get(section)
            if isinstance(holder, dict) and holder.get(name) == "":
                holder[name] = None
    if problems:
        raise StateError(f"the interview state {path} is invalid: {'; '.join(problems)}")
    if migrated.get("requirements_path") == "":
        migrated["requirements_path"] = None
    migrated["migrations"] = [*(migrated.get("migrations") or []), SEED_000]
    migrated["review"] = {"enabled": False}
    return migrated


def load(path: Path) -> tuple[InterviewState, bool]:
    """A phases state from either schema, and whether it was migrated from seed 000's."""
    data = load_data(path)
    return read(data, path)


def read(data: dict[str, Any], path: Path) -> tuple[InterviewState, bool]:
    """`data` (a phases state's mapping) validated, migrating it first when it is the seed's."""
    if is_seed_000(data):
        return validate(InterviewState, from_seed_000(data, path), path), True
    return validate(InterviewState, data, path), False
