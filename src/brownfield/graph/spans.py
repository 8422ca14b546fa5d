"""Nested byte spans (definitions, naming scopes, if/try alternatives): which hold an offset."""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class Spans(Generic[T]):
    """Spans that nest or are disjoint, added in order of their start (an enclosing span
    before the spans inside it)."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.spans: list[tuple[int, int, T, int]] = []  # start, end, value, enclosing index

    def add(self, start: int, end: int, value: T) -> None:
        parent = len(self.spans) - 1
        while parent >= 0 and not start < self.spans[parent][1]:
            parent = self.spans[parent][3]
        self.starts.append(start)
        self.spans.append((start, end, value, parent))

    def holding(self, offset: int) -> Iterator[tuple[int, T]]:
        """(start, value) of every span holding `offset`, innermost first."""
        index = bisect.bisect_right(self.starts, offset) - 1
        while index >= 0:
            start, end, value, parent = self.spans[index]
            if start <= offset < end:
                yield start, value
            index = parent

    def innermost(self, offset: int, default: T) -> T:
        """The value of the innermost span holding `offset` (a plain loop: this is asked for
        every call, binding and return of a file)."""
        index = bisect.bisect_right(self.starts, offset) - 1
        while index >= 0:
            start, end, value, parent = self.spans[index]
            if start <= offset < end:
                return value
            index = parent
        return default
