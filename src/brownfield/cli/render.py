"""Output for people and machines: tables with clickable `path:line`, sorted JSON, progress."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from brownfield.graph.roles import Role, role_at
from brownfield.text import clean


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, sort_keys=True) + "\n")


def table(rows: Sequence[Sequence[str]], header: Sequence[str], indent: str = "  ") -> str:
    """Left-aligned columns separated by two spaces, each line indented; cells are cleaned."""
    cleaned = [[clean(cell) for cell in row] for row in [header, *rows]]
    widths = [max(len(row[i]) for row in cleaned) for i in range(len(header))]
    lines = []
    for row in cleaned:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=True)]
        lines.append((indent + "  ".join(cells)).rstrip())
    return "\n".join(lines)


def role_mark(path: str | None, symbol: str = "") -> str:
    """` [test]`, ` [example]`, ` [vendored]` ...: what a definition outside production code
    is, as a table of callers marks it."""
    role = role_at(path or "", symbol)
    return "" if role is Role.PRODUCTION or not path else f" [{role.value}]"


class ProgressBar:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty()
        self._drawn = False

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.enabled or total <= 0:
            return
        width = 30
        filled = int(width * done / total)
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r{stage:<8} [{bar}] {done}/{total}")
        self.stream.flush()
        self._drawn = True

    def close(self) -> None:
        if self._drawn:
            self.stream.write("\r\033[K")
            self.stream.flush()
