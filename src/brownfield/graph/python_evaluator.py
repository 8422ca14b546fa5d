"""What the Python resolver's collaborators ask of it, and what resolving one file consulted.

`ClassMembers` (python_classes) and `ValueFlow` (python_flow) are given the resolver as an
`Evaluator`: they evaluate chains and look names up through it, and what they consult is
recorded in its `Consulted`, so that a file's recorded dependencies stay complete.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from brownfield.graph.facts import Chain, Definition
from brownfield.graph.python_scopes import Found, ModuleTable, Value
from brownfield.graph.python_world import World

T = TypeVar("T")


@dataclass
class Consulted:
    """What resolving the current file consulted: the keys of its dependencies, the
    evaluations remembered within it, and why the current call failed to resolve."""

    files: set[str] = field(default_factory=set)
    modules: set[str] = field(default_factory=set)
    names: set[str] = field(default_factory=set)
    calls: set[str] = field(default_factory=set)  # names whose callers in other files were read
    keys: set[str] = field(default_factory=set)  # other dependency keys, whole (`bases:PATH`)
    memo: dict[object, tuple[list[Found], str]] = field(default_factory=dict)
    reason: str = ""  # the first cause wins

    def fail(self, reason: str) -> None:
        """Record why a value was not found, unless an earlier cause explains it."""
        if not self.reason:
            self.reason = reason

    def absorb(self, other: Consulted | Kept) -> None:
        """Depend on what `other` consulted too."""
        self.files |= other.files
        self.modules |= other.modules
        self.names |= other.names
        self.calls |= other.calls
        self.keys |= other.keys


@dataclass(frozen=True)
class Kept:
    """A result kept across the files of a build, with what computing it consulted (a file
    reusing it depends on the same keys)."""

    value: Any
    files: frozenset[str]
    modules: frozenset[str]
    names: frozenset[str]
    calls: frozenset[str]
    keys: frozenset[str]

    @classmethod
    def of(cls, value: Any, consulted: Consulted) -> Kept:
        return cls(
            value,
            frozenset(consulted.files),
            frozenset(consulted.modules),
            frozenset(consulted.names),
            frozenset(consulted.calls),
            frozenset(consulted.keys),
        )


class Evaluator(Protocol):
    """The resolver, as its collaborators see it."""

    consulted: Consulted
    world: World  # the repository's modules and indexes
    current: str  # the file being resolved ("" while computing a result kept for all files)
    _active: set[object]  # the evaluations in progress (a cycle asks one again)

    def table(self, path: str) -> ModuleTable:
        """The scope table of a repository file (recording the dependency)."""

    def module(self, dotted: str) -> Value | None:
        """A repository module or package by dotted name (recording the lookup)."""

    def evaluate(self, table: ModuleTable, scope: str, chain: Chain, line: int) -> list[Found]:
        """The values a chain may have when evaluated in `scope` at `line`."""

    def lookup_in_scope(
        self, table: ModuleTable, scope: str, name: str, line: int | None
    ) -> list[Found] | None:
        """The values of `name` bound in exactly this scope, or None when it is not."""

    def files_calling(self, name: str) -> list[str]:
        """The repository's Python files with a call of `name` (with arguments)."""

    def imported_by(self, path: str) -> set[str]:
        """The absolute modules a file imports, and `module.name` of each name it imports
        (read off its facts: no dependency is recorded)."""

    def bases(self, table: ModuleTable, definition: Definition) -> list[Value]:
        """The classes a class definition names as its bases."""

    def remembered(
        self, key: object, compute: Callable[..., list[Found]], *args: object
    ) -> list[Found]:
        """`compute(*args)` once per file: asked again, the same values and failure cause."""

    def shared(self, key: object, compute: Callable[[], T], empty: T) -> T:
        """`compute()` once per build, in a context of its own (so that its result does not
        depend on the file asking); `empty` while it is being computed."""
