"""Text from outside made safe: arguments that are valid UTF-8, and text from the repository
or from a person (names, paths, answers, messages) that cannot steer a terminal.

Imports nothing of brownfield but `errors`; every layer may use it.
"""

from __future__ import annotations

from brownfield.errors import UsageError

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


def check_text(value: str, what: str) -> str:
    """An argument as valid text: argv bytes that are not UTF-8 arrive as surrogate
    escapes, which nothing downstream (SQLite, JSON) can hold; they are a usage error."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        shown = value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        raise UsageError(f"{what} is not valid UTF-8: {shown!r}") from None
    return value
