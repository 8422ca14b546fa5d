"""Answers made clean text at intake, before they reach the state.

An answer may arrive as anything: bytes that are not UTF-8 (read from stdin with
`surrogateescape`, or a JSON `\\udcff` escape: lone surrogates, which no file, JSON or SQLite
can hold), ANSI escape sequences and other control characters that would steer the
terminal of whoever runs `show`, or bidirectional overrides that reorder what a reviewer
reads in the spec and REQUIREMENTS.md. Each lone surrogate becomes U+FFFD; escape
sequences are removed whole and other control characters removed (tabs and line breaks
stay, a carriage return does not); what was done is returned, for the state to record.
"""

from __future__ import annotations

import re
from typing import Literal

Change = Literal["invalid_utf8_replaced", "control_characters_removed"]

_SURROGATES = re.compile("[\ud800-\udfff]")
#: CSI (`ESC [ ... final`), OSC/DCS/APC/PM/SOS strings (ended by BEL or `ESC \`, or by the
#: end of the text), then any other two-character escape; the 8-bit CSI (U+009B) too.
_ESCAPES = re.compile(
    "(?:\x1b\\[|\x9b)[0-?]*[ -/]*[@-~]?"
    "|(?:\x1b[\\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\\\|\x9c)?"
    "|\x1b[ -~]?"
)
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def clean_text(text: str) -> tuple[str, list[Change]]:
    """`text` as valid, terminal-safe text, and what had to change (nothing: `[]`)."""
    changes: list[Change] = []
    cleaned = text
    if _SURROGATES.search(cleaned):
        cleaned = _SURROGATES.sub("\ufffd", cleaned)
        changes.append("invalid_utf8_replaced")
    stripped = _CONTROLS.sub("", _ESCAPES.sub("", cleaned.replace("\r\n", "\n")))
    if stripped != cleaned.replace("\r\n", "\n"):
        changes.append("control_characters_removed")
    return stripped, changes


def describe(changes: list[Change]) -> str:
    """What a person is told about a cleaned answer."""
    said = []
    if "invalid_utf8_replaced" in changes:
        said.append("bytes that are not UTF-8 were replaced with U+FFFD")
    if "control_characters_removed" in changes:
        said.append("control characters (terminal escapes) were removed")
    return "; ".join(said)
