"""Where a person's text is enclosed: inside brackets or quotes, what they wrote is one
thing ("(ids=1, 2 and 3)", "`a, b`"), never cut at its commas or conjunctions."""

from __future__ import annotations

_OPENING, _CLOSING = "([{", ")]}"
_QUOTES = '"`'


def enclosed(text: str) -> set[int]:
    """The indexes of the characters inside brackets or quotes (brackets themselves too); a
    quote that no later one closes encloses nothing (the third backtick of a fence written
    inline, ```` ```{.python} ````, would otherwise enclose the rest of the text)."""
    inside: set[int] = set()
    depth, quote = 0, ""
    for index, char in enumerate(text):
        if quote:
            quote = "" if char == quote else quote
        elif char in _QUOTES and char in text[index + 1 :]:
            quote = char
        elif char in _OPENING:
            depth += 1
        elif char in _CLOSING:
            depth = max(0, depth - 1)
        if quote or depth:
            inside.add(index)
    return inside
