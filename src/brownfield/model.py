"""The records every layer shares: nodes, edges, citations and their kinds."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple


class NodeKind(StrEnum):
    """What a node in the code graph stands for."""

    MODULE = "module"
    CLASS = "class"
    FUNCTION = "function"
    METHOD = "method"
    EXTERNAL = "external"


class EdgeKind(StrEnum):
    """How two nodes are related."""

    CONTAINS = "contains"
    IMPORTS = "imports"
    CALLS = "calls"
    INHERITS = "inherits"


class Resolution(StrEnum):
    """How a call or import edge was resolved, from most to least certain."""

    LOCAL = "local"
    IMPORT = "import"
    SELF = "self"
    CONSTRUCTOR = "constructor"
    BUILTIN = "builtin"
    INFERRED = "inferred"
    UNIQUE_NAME = "unique-name"
    # Dynamic dispatch, listed apart from the static edges: a call that may reach this
    # definition at run time, not the one the code names.
    OVERRIDE = "override"  # Python: `self.m()` in a base class, `m` overridden below
    DISPATCH = "dispatch"  # an interface (or abstract) method call, to an implementation


#: Resolutions that are dynamic dispatch rather than a statically named target.
DYNAMIC_DISPATCH = frozenset({Resolution.OVERRIDE, Resolution.DISPATCH})

#: Resolutions ordered by confidence, for `--min-confidence` style filters.
CONFIDENCE_ORDER: tuple[Resolution, ...] = (
    Resolution.LOCAL,
    Resolution.IMPORT,
    Resolution.SELF,
    Resolution.CONSTRUCTOR,
    Resolution.BUILTIN,
    Resolution.INFERRED,
    Resolution.UNIQUE_NAME,
    Resolution.OVERRIDE,
    Resolution.DISPATCH,
)


@dataclass(frozen=True, order=True)
class Citation:
    """A place in the repository: 1-based lines, repository-relative POSIX path."""

    path: str
    line: int
    end_line: int | None = None
    symbol: str | None = None

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True, order=True)
class Node:
    """A definition (or an external name) in the code graph."""

    id: str
    kind: NodeKind
    name: str
    qualname: str
    path: str | None
    line: int | None
    end_line: int | None
    language: str | None


class Edge(NamedTuple):
    """A relationship between two nodes, with the site that holds it.

    A named tuple rather than a dataclass: a build makes hundreds of thousands of these
    and sends them between processes, where tuples are several times cheaper.
    """

    src: str
    dst: str
    kind: EdgeKind
    path: str  # the file whose code holds the edge (the call or import site)
    line: int | None = None
    resolution: Resolution | None = None


class Unresolved(NamedTuple):
    """A call that could not be resolved, kept with its call site instead of guessed."""

    src: str
    callee: str
    path: str
    line: int
    reason: str


@dataclass(frozen=True)
class Fact:
    """Something the code says, in one sentence, with the citations that show it.

    `subject` names what the fact is about (a symbol, "tests", "language"), so that a
    later answer naming the same subject can be checked against it.
    """

    #: callers | tests | similar | further | vocabulary | language | framework |
    #: test-framework | test-layout | no-tests | configuration | settings | members | names |
    #: shared-names | errors | counterpart | touchpoints (and the person's topics:
    #: compatibility, limits, non_goals...)
    topic: str
    subject: str
    statement: str
    citations: tuple[Citation, ...] = ()


def denies(statement: str) -> bool:
    """Whether a fact says what is not there ("No test reaches X ...", "No resolved caller
    of X ...": every such fact starts so); it cites what it looked at, not what it found."""
    return statement.startswith("No ")
