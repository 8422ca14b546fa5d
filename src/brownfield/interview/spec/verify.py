"""Re-check a spec's evidence against the working tree: what moved, what vanished."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from brownfield.confine import read_bytes_inside, read_text_inside
from brownfield.errors import BrownfieldError, ConfinementError, FileAccessError

_ITEM = re.compile(r"^- \[(?P<id>E\d+)\] (?P<path>.+?):(?P<line>\d+) — `(?P<needle>.+?)` — ", re.M)


@dataclass(frozen=True)
class Check:
    """One citation and what became of it: ok, moved (to `now_line`) or vanished."""

    id: str
    path: str
    line: int
    needle: str
    status: str
    now_line: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "path": self.path,
            "line": self.line,
            "symbol": self.needle,
            "status": self.status,
            "now_line": self.now_line,
        }


def verify_spec(spec: Path, root: Path) -> list[Check]:
    """Every evidence item of `spec` (relative to the current folder), checked against the
    files under `root`. The spec is read as a regular UTF-8 text file, not through a
    symlink out of its folder: missing, binary, not UTF-8 or a named pipe is one error
    line. (The MCP tool confines `spec` to the repository first.)"""
    given = spec if spec.is_absolute() else Path(os.path.join(os.getcwd(), spec))
    try:
        text = read_text_inside(given.parent, given)
    except ConfinementError as exc:  # messages name the spec as it was given
        raise ConfinementError(str(spec), str(exc).replace(str(given), str(spec))) from None
    except FileAccessError as exc:
        raise FileAccessError(str(spec), str(exc).replace(str(given), str(spec))) from None
    if "## Evidence" not in text:
        raise BrownfieldError(f"{spec} has no Evidence section; is it a brownfield spec?")
    checks = []
    for match in _ITEM.finditer(text):
        path, line, needle = match["path"], int(match["line"]), match["needle"]
        checks.append(_check(root, match["id"], path, line, needle))
    return checks


def _check(root: Path, item: str, path: str, line: int, needle: str) -> Check:
    """One citation: a cited file outside the repository, behind a symlink leading out,
    missing or not a regular file (a named pipe is never opened for reading) has vanished."""
    try:
        data = read_bytes_inside(root, path)
    except BrownfieldError:
        return Check(item, path, line, needle, "vanished")
    lines = data.decode("utf-8", errors="replace").splitlines()
    if 0 < line <= len(lines) and holds_word(needle, lines[line - 1]):
        return Check(item, path, line, needle, "ok")
    found = [n for n, text in enumerate(lines, 1) if holds_word(needle, text)]
    if found:
        nearest = min(found, key=lambda n: (abs(n - line), n))
        return Check(item, path, line, needle, "moved", nearest)
    return Check(item, path, line, needle, "vanished")


def holds_word(needle: str, text: str) -> bool:
    """`needle` on the line as a whole word (`charge` is not in `charge_card`): how a spec's
    evidence items are checked, and so how they are chosen."""
    before = r"(?<!\w)" if needle[:1].isalnum() or needle[:1] == "_" else ""
    after = r"(?!\w)" if needle[-1:].isalnum() or needle[-1:] == "_" else ""
    return re.search(before + re.escape(needle) + after, text) is not None


def verify_json(spec: Path, checks: list[Check]) -> dict[str, object]:
    """What `verify --json` prints (and the MCP tool returns)."""
    return {"spec": str(spec), "checked": len(checks), "results": [c.to_json() for c in checks]}
