"""What one source file says, as plain records: definitions, imports, calls, bindings.

A `Chain` is an expression as a tuple of steps: names, `()` for a call result and
`[]` for a subscript, e.g. `make().run` is `("make", "()", "run")`. Records hold only
tuples, strings and numbers, so the store can keep them per file (`FileFacts.to_bytes`)
and re-resolve without re-parsing.
"""

from __future__ import annotations

import marshal
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from brownfield.model import Unresolved

Chain = tuple[str, ...]
CALL = "()"
SUBSCRIPT = "[]"


class Definition(NamedTuple):
    """A class or function; `scope` is the qualname of the enclosing definition ("" at top)."""

    kind: str  # "class" | "function" | "method"
    qualname: str
    scope: str
    line: int
    end_line: int
    bases: tuple[Chain, ...] = ()
    decorators: tuple[Chain | None, ...] = ()
    params: tuple[str, ...] = ()
    defaults: tuple[tuple[str, Chain], ...] = ()  # parameters whose default is a chain
    # the classes parameters are annotated with (`ctx: Context`), "" for the return type
    annotations: tuple[tuple[str, Chain], ...] = ()

    @property
    def name(self) -> str:
        return self.qualname.rpartition(".")[2]


#: Where a statement sits among alternatives: (if/try statement start byte, branch number)
#: for every enclosing `if`/`elif`/`else` and `try`/`except`/`else`, innermost last.
Branch = tuple[tuple[int, int], ...]
ELSE = 99  # the branch number of an `if` statement's `else` clause
#: The branch "statement" of a binding made through `global name` (number 0) or
#: `nonlocal name` (number 1) inside a function: it binds the outer scope's name, at a
#: time nobody knows, so it never replaces the outer scope's other bindings.
REBOUND = -1
#: The second step of a binding's target `(name, "<until:LINE>")`: a name narrowed by
#: `isinstance` from the binding's line to LINE (the end of the block it holds in).
UNTIL = "<until:"


class ImportFact(NamedTuple):
    """One imported name: `import module as alias` or `from module import name as alias`."""

    scope: str
    module: str
    name: str | None
    alias: str | None
    level: int
    line: int
    branch: Branch = ()


class CallFact(NamedTuple):
    """A call site; `chain` is None when the callee is not a plain expression chain.

    `args` and `kwargs` keep the arguments that are chains (so values can flow into the
    callee's parameters). An `implicit` call is one the language makes (`__enter__` for
    `with`, `__iter__` for `for`): it counts only when it reaches repository code.
    """

    scope: str
    chain: Chain | None
    text: str
    line: int
    args: tuple[Chain | None, ...] = ()
    kwargs: tuple[tuple[str, Chain | None], ...] = ()
    implicit: bool = False


class BindingFact(NamedTuple):
    """`target = value` in a scope; `value` is None when it is not a chain (a literal...).

    A container literal is bound to a synthetic name (`<c1203>`), and each of its elements
    is a binding of `(<c1203>, "[key]")` (`"[]"` when the key is not a literal).
    """

    scope: str
    target: Chain
    value: Chain | None
    line: int
    branch: Branch = ()


class ReturnFact(NamedTuple):
    """`return value` inside a function."""

    scope: str
    value: Chain
    line: int


@dataclass
class FileFacts:
    """Everything extracted from one file, and how the parse went."""

    language: str
    status: str = "ok"  # ok | syntax-error | invalid-utf8 | too-deep
    diagnostic: str | None = None
    line_count: int = 0
    definitions: list[Definition] = field(default_factory=list)
    imports: list[ImportFact] = field(default_factory=list)
    calls: list[CallFact] = field(default_factory=list)
    bindings: list[BindingFact] = field(default_factory=list)
    returns: list[ReturnFact] = field(default_factory=list)
    exports: list[str] | None = None  # a module's `__all__`, when it is a literal
    namespace: str = ""  # the package or namespace a file declares (dotted), if any

    def to_json(self) -> list[Any]:
        """A compact positional form (lists of plain tuples), stored as `to_bytes()`."""
        plain = self._positional()
        plain[4:9] = [list(map(tuple, records)) for records in plain[4:9]]
        return plain

    def to_bytes(self) -> bytes:
        """`to_json()` as stored, and as it crosses from a parse worker: `marshal` keeps
        tuples as tuples and writes and reads several times faster than JSON (88 MB of
        JSON for the standard library, 56 MB of this), so nothing is converted back."""
        return marshal.dumps(self.to_json())

    @classmethod
    def from_bytes(cls, data: bytes) -> FileFacts:
        """Rebuild from `to_bytes()`."""
        return _restore(marshal.loads(data))

    def _positional(self) -> list[Any]:
        return [
            self.language,
            self.status,
            self.diagnostic,
            self.line_count,
            self.definitions,
            self.imports,
            self.calls,
            self.bindings,
            self.returns,
            self.exports,
            self.namespace,
        ]

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickling named tuples one by one is slow; plain tuples cross processes ~5x faster.
        return (_restore, (self.to_json(),))


def _restore(data: list[Any]) -> FileFacts:
    language, status, diagnostic, line_count, defs, imports, calls, binds, rets, exports, ns = data
    return FileFacts(
        language,
        status,
        diagnostic,
        line_count,
        list(map(Definition._make, defs)),
        list(map(ImportFact._make, imports)),
        list(map(CallFact._make, calls)),
        list(map(BindingFact._make, binds)),
        list(map(ReturnFact._make, rets)),
        exports,
        ns,
    )


#: The dependency key a file records for each name it calls (with arguments), so that a
#: resolver following arguments into a function's parameters finds its callers' files:
#: `has-call:NAME` rows are an index, never a key that changes.
CALL_KEY = "has-call:"

#: A resolved edge as the store writes it: (src, dst, kind, line, resolution).
EdgeRow = tuple[str, str, str, int | None, str | None]


@dataclass
class FileGraph:
    """What resolving one file produced, and the keys of everything it consulted.

    Plain tuples and strings: results cross from resolution workers to the writer, where
    they go straight into SQLite.
    """

    edges: list[EdgeRow] = field(default_factory=list)
    unresolved: list[Unresolved] = field(default_factory=list)
    deps: set[str] = field(default_factory=set)
