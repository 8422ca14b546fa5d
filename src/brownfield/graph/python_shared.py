"""Python: results kept across the files of a build, the same whatever order they come in.

What a function of another file returns, what other files pass into a parameter, a class's
method resolution order: each is computed once per build, in a context of its own (so that
it does not depend on the file asking), and kept with what computing it consulted.

Such results can depend on each other in a cycle (`make_a` returns what `make_b` returns,
which returns what `make_a` returns). A result asked again while it is being computed gives
its value so far (at first the empty value). A result that read such a value is
provisional: it is given to the one that asked but not kept, since keeping it would make
every later answer depend on which file happened to ask first (a build with two workers
differed from one with one). The outermost result of the cycle is computed again, from its
new value, until that no longer changes (at most `MAX_ROUNDS` times), and kept; the others
are kept only for its current round (asked again within it, they are not computed again),
and computed afresh when asked after it, from its kept value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from brownfield.graph.python_evaluator import Consulted, Kept, T
from brownfield.graph.python_scopes import Value

MAX_ROUNDS = 8
#: Values a cycle's value keeps (see `_widened`): outside names of at most this many dots,
#: views of a container's elements at most this many views deep.
MAX_OUTSIDE_DEPTH = 6
MAX_VIEW_DEPTH = 4


class Context(Protocol):
    """The resolver's state a computation of its own replaces."""

    consulted: Consulted
    current: str
    _active: set[object]


@dataclass
class _Frame:
    """A result being computed: its value so far, and what it read of others in progress."""

    value: Any
    index: int  # its depth among the results being computed
    lowest: int  # the outermost result in progress whose value so far it read (else index)
    cyclic: bool = False  # something it computed read its own value so far
    #: provisional results that read this one's value so far, kept for its current round
    tentative: dict[object, Kept] = field(default_factory=dict)


class SharedResults:
    """The results kept for one build of one resolver."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.kept: dict[object, Kept] = {}
        self._frames: list[_Frame] = []
        self._computing: dict[object, int] = {}

    def get(self, key: object, compute: Callable[[], T], empty: T) -> T:
        """`compute()` once per build (see the module's docstring); `empty` is its value
        while it is first being computed."""
        context = self.context
        kept = self.kept.get(key)
        if kept is not None:
            context.consulted.absorb(kept)
            found: T = kept.value
            return found
        at = self._computing.get(key)
        if at is not None:  # asked again while being computed: its value so far
            self._read(self._frames[-1], at)
            so_far: T = self._frames[at].value
            return so_far
        for depth, holder in enumerate(self._frames):  # computed in this round already
            kept = holder.tentative.get(key)
            if kept is not None:
                self._read(self._frames[-1], depth)
                context.consulted.absorb(kept)
                again: T = kept.value
                return again
        frame = _Frame(empty, len(self._frames), len(self._frames))
        self._frames.append(frame)
        self._computing[key] = frame.index
        outer, current, active = context.consulted, context.current, context._active
        seen = Consulted()
        try:
            for _ in range(MAX_ROUNDS):
                context.consulted = own = Consulted()
                context.current, context._active = "", set()
                frame.cyclic = False
                frame.tentative.clear()  # computed from its value before this round
                value = compute()
                seen.absorb(own)
                if frame.lowest < frame.index or not frame.cyclic:
                    break
                value = _widened(value)  # the head of a cycle: again, from its new value
                if _same(value, frame.value):
                    break
                frame.value = value
        finally:
            context.consulted, context.current, context._active = outer, current, active
            self._frames.pop()
            del self._computing[key]
        kept = Kept.of(value, seen)
        if frame.lowest < frame.index:  # provisional: it read a value still being computed
            self._read(self._frames[-1], frame.lowest)
            self._frames[frame.lowest].tentative[key] = kept
        else:
            self.kept[key] = kept
        context.consulted.absorb(kept)
        return value

    @staticmethod
    def _read(reader: _Frame, at: int) -> None:
        """`reader` used the value so far of the result being computed at depth `at`."""
        if at == reader.index:
            reader.cyclic = True
        else:
            reader.lowest = min(reader.lowest, at)


def _widened(value: T) -> T:
    """A cycle's value without the values that only going round it again and again makes
    (`exc = exc.__cause__` in a loop: `sys.last_value.__cause__.__cause__...`, a slice of a
    slice of...), so that going round ends; the same whatever the cycle was entered by."""
    if not isinstance(value, list):
        return value
    kept = [found for found in value if not _deep(found)]
    return kept if len(kept) != len(value) else value  # type: ignore[return-value]


def _deep(found: object) -> bool:
    if not (isinstance(found, tuple) and found and isinstance(found[0], Value)):
        return False
    value = found[0]
    if value.kind == "ext":
        return value.name.count(".") >= MAX_OUTSIDE_DEPTH
    return value.name.count("|") >= MAX_VIEW_DEPTH


def _same(new: object, old: object) -> bool:
    """Whether a result did not change (lists of values compared as sets)."""
    if isinstance(new, list) and isinstance(old, list):
        try:
            return set(new) == set(old)
        except TypeError:
            return new == old
    return new == old
