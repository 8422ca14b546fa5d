"""Output for people and machines: tables with clickable `path:line`, sorted JSON, progress."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

#: Characters that would steer a terminal (C0 and C1 controls, DEL) or reorder what it
#: shows (bidirectional overrides and isolates), each shown escaped instead.
_CONTROLS = {
    code: f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    for code in [
        *range(0x00, 0x20),
        *range(0x7F, 0xA0),
        0x061C,
        0x200E,
        0x200F,
        *range(0x202A, 0x202F),
        *range(0x2066, 0x206A),
    ]
}


def clean(text: object) -> str:
    """Text that came from the repository (names, paths, messages) made safe for a
    terminal: control characters, ANSI escapes included, are shown as `\\x1b`-style escapes."""
    return str(text).translate(_CONTROLS)


def one_line(text: object) -> str:
    """A message as one clean line: line breaks become spaces, other controls escapes."""
    return clean(" ".join(str(text).splitlines()))


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
