"""Saving and loading state files: YAML, written atomically after every turn.

This is the only module that imports YAML. A state file is read as a regular file (never
through a symlink, never a named pipe), `safe_load`ed (nothing in it is ever executed),
then validated with `extra="forbid"` and a schema version; a corrupt, hand-broken or newer
file is one error line that names the file and the field, never its content, and the file
is never overwritten by a failed load. States are written by `confine.write_atomic`: a
temporary file beside the target renamed over it (mode 0644 under the usual umask), so a
symlink at the target is replaced, never written through.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from brownfield.confine import read_regular, write_atomic
from brownfield.errors import BrownfieldError
from brownfield.interview.engine.records import SCHEMA_VERSION


class StateError(BrownfieldError):
    """A state file cannot be read, validated or written."""


#: libyaml's emitter where PyYAML has it (4x faster than the Python one: an interview on a
#: large repository spent most of its time writing its state after every answer); both
#: write plain data only, and what either writes reads back the same.
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class _EscapingDumper(yaml.SafeDumper):
    """PyYAML's Python emitter, but a scalar holding a next-line, line-separator or
    paragraph-separator character is written double-quoted (where they are escaped): in a
    single-quoted or plain scalar it folds them, and `'\x85'` read back as a space."""

    def choose_scalar_style(self) -> str:
        value = getattr(self.event, "value", "") or ""
        if any(mark in value for mark in _FOLDED):
            return '"'
        style: str = super().choose_scalar_style()
        return style


_FOLDED = ("\x85", "\u2028", "\u2029")


def dump(state: BaseModel) -> str:
    """The YAML text of a state (keys in model order, timestamps as RFC 3339)."""
    return dump_data(state.model_dump(mode="json"))


def dump_data(data: Any) -> str:
    """YAML of plain data; a lone surrogate, which libyaml cannot encode, is written as
    the Python emitter writes it (an escape)."""
    options: dict[str, Any] = {"sort_keys": False, "allow_unicode": True, "width": 100}
    try:
        text: str = yaml.dump(data, Dumper=_DUMPER, **options)
    except UnicodeEncodeError:
        text = yaml.dump(data, Dumper=_EscapingDumper, **options)
    return text


def save(state: BaseModel, path: Path) -> None:
    """Write the state to `path` (whose folder exists) in one atomic rename."""
    try:
        write_atomic(path, dump(state))
    except BrownfieldError as exc:
        raise StateError(f"cannot write the interview state {path}: {_reason(exc)}") from None
    except OSError as exc:
        raise StateError(f"cannot write the interview state {path}: {exc.strerror or exc}") from exc


def _reason(exc: BrownfieldError) -> str:
    """A confinement or file error's message without the path it repeats."""
    text = str(exc)
    return text.split(": ", 1)[1] if text.startswith(("cannot ", "refusing ")) else text


def read_file(path: Path, what: str, shown: Path | None = None) -> bytes:
    """The bytes of a state or artifact file: a regular file, never read through a symlink
    (`what` names the kind of file in the messages, `shown` the file: `path` by default)."""
    name = shown if shown is not None else path
    try:
        return read_regular(path)
    except BrownfieldError as exc:
        if not path.is_symlink() and not path.exists():
            raise StateError(f"no {what} at {name}") from None
        raise StateError(f"cannot read the {what} {name}: {_reason(exc)}") from None


def decode(raw: bytes, path: Path, what: str) -> str:
    """UTF-8 text of a state or artifact file, or one error line naming the first bad byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise StateError(
            f"cannot read the {what} {path}: not UTF-8 text (byte {exc.start})"
        ) from None


def load_data(path: Path, what: str = "interview state") -> dict[str, Any]:
    """The raw mapping of a state (or artifact) file, with a clear error for anything
    unreadable; `what` names the kind of file in the messages."""
    return parse_data(decode(read_file(path, what), path, what), path, what)


#: What a YAML parser or constructor raises on hostile text besides `YAMLError`: a date
#: out of range (ValueError), an unhashable key (TypeError), nesting too deep to follow.
_PARSE_FAILURES = (yaml.YAMLError, ValueError, TypeError, OverflowError, RecursionError)


class _Loader(yaml.SafeLoader):
    """`yaml.SafeLoader` (plain data only: no tag ever constructs an object or runs code)
    without aliases: brownfield and seed 000 never write them, and an alias bomb (`&a` used
    a thousand times, a thousand times over) or a cycle would blow up every walk of the
    data."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise yaml.composer.ComposerError(
                None, None, "an alias (*name), which brownfield does not read", event.start_mark
            )
        return super().compose_node(parent, index)


_SURROGATES = re.compile("[\ud800-\udfff]")


def _valid_text(value: Any) -> Any:
    """`value` with every lone surrogate in its strings (keys too) made U+FFFD: a YAML
    `"\\udcff"` escape loads as one, and no file, JSON or terminal can take it."""
    if isinstance(value, str):
        return _SURROGATES.sub("\ufffd", value)
    if isinstance(value, list):
        return [_valid_text(item) for item in value]
    if isinstance(value, dict):
        return {_valid_text(key): _valid_text(item) for key, item in value.items()}
    return value


def parse_data(text: str, path: Path, what: str = "interview state") -> dict[str, Any]:
    """The mapping in `text` (read from `path`), checked to be YAML of a known version;
    its text made valid (lone surrogates, as an older brownfield stored bytes that were not
    UTF-8, become U+FFFD)."""
    try:
        data = _valid_text(yaml.load(text, Loader=_Loader))
    except _PARSE_FAILURES as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        message = f"the {what} {path} is not valid YAML{where}: {_problem(exc)}"
        raise StateError(message) from None
    if not isinstance(data, dict):
        raise StateError(f"the {what} {path} is not a mapping")
    _check_version(data.get("schema_version", SCHEMA_VERSION), path, what)
    return data


def _problem(exc: Exception) -> str:
    """What a parse failure says, without quoting the file: YAML's problem, else its kind."""
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, yaml.YAMLError):
        problem = getattr(exc, "problem", None)
        if problem:
            return str(problem)
        lines = str(exc).splitlines()
        return lines[0] if lines else type(exc).__name__
    return f"a value that cannot be read ({type(exc).__name__})"


_DIGITS = re.compile(r"\s*[0-9]+\s*")


def _check_version(version: object, path: Path, what: str) -> None:
    """A schema version is an integer (a quoted one counts by its value: `"2"` is 2); a
    newer one than this brownfield knows, or anything else, is refused."""
    if isinstance(version, str) and _DIGITS.fullmatch(version):
        version = int(version)
    if isinstance(version, bool) or not isinstance(version, int):
        raise StateError(
            f"the {what} {path} has a schema_version that is not an integer "
            f"({type(version).__name__}); this brownfield writes schema_version {SCHEMA_VERSION}"
        )
    if version > SCHEMA_VERSION:
        raise StateError(
            f"the {what} {path} has schema_version {version}, newer than this "
            f"brownfield understands ({SCHEMA_VERSION}); upgrade brownfield"
        )


M = TypeVar("M", bound=BaseModel)


def read_mapping(path: Path) -> dict[str, Any]:
    """A YAML mapping from a file (a config file); empty when the file does not exist."""
    if not path.is_symlink() and not path.exists():
        return {}
    try:
        data = yaml.load(decode(read_file(path, "file"), path, "file"), Loader=_Loader)
    except StateError:
        raise
    except _PARSE_FAILURES as exc:
        raise StateError(f"cannot read {path}: {_problem(exc)}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise StateError(f"{path} is not a mapping")
    return data


def problems_of(model: type[M], data: dict[str, Any]) -> tuple[M | None, list[str]]:
    """`data` validated as `model`, or None and every bad field as `dotted.path: problem`."""
    try:
        return model.model_validate(data), []
    except RecursionError:
        return None, ["(top): nested too deeply"]
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
