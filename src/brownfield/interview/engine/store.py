"""Saving and loading state files: YAML, written atomically after every turn.

This is the only module that imports YAML. A state file is `safe_load`ed, then validated
with `extra="forbid"` and a schema version; a corrupt, hand-broken or newer file is an error
that names the field, and the file is never overwritten by a failed load.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from brownfield.errors import BrownfieldError
from brownfield.interview.engine.records import SCHEMA_VERSION


class StateError(BrownfieldError):
    """A state file cannot be read, validated or written."""


def dump(state: BaseModel) -> str:
    """The YAML text of a state (keys in model order, timestamps as RFC 3339)."""
    data = state.model_dump(mode="json")
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file and a rename: never half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def save(state: BaseModel, path: Path) -> None:
    try:
        write_atomic(path, dump(state))
    except OSError as exc:
        raise StateError(f"cannot write the interview state {path}: {exc.strerror or exc}") from exc


def load_data(path: Path, what: str = "interview state") -> dict[str, Any]:
    """The raw mapping of a state (or artifact) file, with a clear error for anything
    unreadable; `what` names the kind of file in the messages."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StateError(f"no {what} at {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise StateError(f"cannot read the {what} {path}: {exc}") from exc
    return parse_data(text, path, what)


def parse_data(text: str, path: Path, what: str = "interview state") -> dict[str, Any]:
    """The mapping in `text` (read from `path`), checked to be YAML of a known version."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        message = f"the {what} {path} is not valid YAML{where}: {problem}"
        raise StateError(message) from None
    if not isinstance(data, dict):
        raise StateError(f"the {what} {path} is not a mapping")
    version = data.get("schema_version")
    if isinstance(version, int) and version > SCHEMA_VERSION:
        raise StateError(
            f"the {what} {path} has schema_version {version}, newer than this "
            f"brownfield understands ({SCHEMA_VERSION}); upgrade brownfield"
        )
    return data


M = TypeVar("M", bound=BaseModel)


def read_mapping(path: Path) -> dict[str, Any]:
    """A YAML mapping from a file (a config file); empty when the file does not exist."""
    if not path.exists():
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise StateError(f"cannot read {path}: {str(exc).splitlines()[0]}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise StateError(f"{path} is not a mapping")
    return data


def problems_of(model: type[M], data: dict[str, Any]) -> tuple[M | None, list[str]]:
    """`data` validated as `model`, or None and every bad field as `dotted.path: problem`."""
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        return None, [
            f"{'.'.join(str(part) for part in error['loc']) or '(top)'}: {error['msg']}"
            for error in exc.errors()
        ]


def validate(model: type[M], data: dict[str, Any], path: Path, what: str = "interview state") -> M:
    """Validate `data` as `model`; the error lists every bad field by its dotted path."""
    valid, problems = problems_of(model, data)
    if valid is None:
        raise StateError(f"the {what} {path} is invalid: {'; '.join(problems)}")
    return valid
