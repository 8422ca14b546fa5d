"""What one source file says, as plain records: definitions, imports, calls, bindings.

A `Chain` is an expression as a tuple of steps: names, `()` for a call result and
`[]` for a subscript, e.g. `make().run` is `("make", "()", "run")`. Records are
JSON-friendly so the store can keep them per file and re-resolve without re-parsing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from brownfield.model import Unresolved

Chain = tuple[str, ...]
CALL = "()"
SUBSCRIPT = "[]"
#: A method of the class itself (Ruby's `def self.m`: `generic_facts`' `@singleton`) has
#: this marker among its `Definition.decorators`; beside an instance method of the same name,
#: its qualname is `m~self` (SINGLETON).
SINGLETON_MARK: Chain = ("self",)
SINGLETON = "~self"
#: A method that overrides no other class's and that none overrides (Java's and PHP's
#: `private` or `static` one: `generic_facts`' `@closed`) has this marker among its
#: `Definition.decorators`.
CLOSED_MARK: Chain = ("closed",)
#: An accessor a declaration defines (Ruby's `attr_reader :name`) has this marker among its
#: `Definition.decorators`: the field it reads or writes, searched as its class's.
ACCESSOR_MARK: Chain = ("attr",)
#: An overload's qualname: the n-th declaration (n >= 2) of `m` in one class is `m~n`.
OVERLOAD = "~"
_OVERLOADED = re.compile(re.escape(OVERLOAD) + r"(?:\d+|self)$")


def without_overload(name: str) -> str:
    """The name an overload is declared by (`A.m~2`, `A.m~self` -> `A.m`)."""
    return _OVERLOADED.sub("", name)


#: An extension method (C#'s `static R M(this T x)`) has `(EXTENSION, "T")` among its
#: `Definition.decorators`: a call `t.M()` on a T (or a value deriving from T) calls it.
EXTENSION = "extension"


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
    # how each of `params` binds, "(" then one letter each: "p" positional-only, "a"
    # positional or keyword, "k" keyword-only (upper case: it has a default), "v" `*args`,
    # "w" `**kwargs`; "" when not read. A class: "m" when its bases pass a keyword (`metaclass=M`)
    signature: str = ""

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
    # the arguments as written: how many by position, and every keyword's name ("*" for a
    # `*xs`, "**" for a `**kw` passed); None when not known (the implicit calls)
    passed: tuple[int, tuple[str, ...]] | None = None
    path: bool = False  # the callee's head is written before `::` (`unit::connect(...)`)


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
    """`return value` inside a function; `unless`: a parameter the return runs only while
    it is None (Python's `if fget is None: return partial(instanceproperty, ...)`)."""

    scope: str
    value: Chain
    line: int
    unless: str = ""


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
        """A compact positional form (lists of tuples), used for storage and between processes."""
        plain = self._positional()
        plain[4:9] = [list(map(tuple, records)) for records in plain[4:9]]
        return plain

    def json_text(self) -> str:
        """`to_json()` as JSON text, as stored. JSON writes a named tuple as it writes a
        tuple, so the records are not copied into plain tuples first."""
        return _ENCODER.encode(self._positional())

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

    @classmethod
    def from_json(cls, data: list[Any]) -> FileFacts:
        """Rebuild from `to_json()`, or from its JSON text loaded back (lists for tuples).

        Records are made as `_make` makes them (`tuple.__new__`, not through the named
        tuples' keyword-taking constructors), and empty lists become `()` without a
        generator: a one-file rebuild reads a thousand files' facts."""
        language, status, diagnostic, line_count, defs, imports, calls, binds, rets, exports, ns = (
            data
        )
        new = tuple.__new__
        return cls(
            language=language,
            status=status,
            diagnostic=diagnostic,
            line_count=line_count,
            definitions=[
                new(
                    Definition,
                    (
                        kind,
                        qualname,
                        scope,
                        line,
                        end_line,
                        tuple(map(tuple, bases)) if bases else (),
                        tuple([None if d is None else tuple(d) for d in decorators])
                        if decorators
                        else (),
                        tuple(params),
                        tuple([(name, tuple(value)) for name, value in defaults])
                        if defaults
                        else (),
                        tuple([(name, tuple(value)) for name, value in annotations])
                        if annotations
                        else (),
                        signature,
                    ),
                )
                for (
                    kind,
                    qualname,
                    scope,
                    line,
                    end_line,
                    bases,
                    decorators,
                    params,
                    defaults,
                    annotations,
                    signature,
                ) in defs
            ],
            imports=imports_from_json(imports),
            calls=[
                new(
                    CallFact,
                    (
                        s,
                        None if c is None else tuple(c),
                        text,
                        line,
                        tuple([None if a is None else tuple(a) for a in args]) if args else (),
                        tuple([(k, None if v is None else tuple(v)) for k, v in kwargs])
                        if kwargs
                        else (),
                        implicit,
                        None if passed is None else (passed[0], tuple(passed[1])),
                        path,
                    ),
                )
                for s, c, text, line, args, kwargs, implicit, passed, path in calls
            ],
            bindings=[
                new(
                    BindingFact,
                    (s, tuple(t), None if v is None else tuple(v), line, _branch(b) if b else ()),
                )
                for s, t, v, line, b in binds
            ],
            returns=[new(ReturnFact, (s, tuple(v), line, u)) for s, v, line, u in rets],
            exports=exports,
            namespace=ns,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickling named tuples one by one is slow; plain tuples cross processes ~5x faster.
        return (_restore, (self.to_json(),))


#: The stored facts' JSON: compact, and without the check for cycles (lists and tuples of
#: strings and numbers have none), which costs a tenth of the encoding.
_ENCODER = json.JSONEncoder(separators=(",", ":"), check_circular=False)


def imports_from_json(data: list[Any]) -> list[ImportFact]:
    """A file's import facts from their part of `FileFacts.to_json()` loaded back."""
    new = tuple.__new__
    return [
        new(ImportFact, (s, m, n, a, level, line, _branch(b) if b else ()))
        for s, m, n, a, level, line, b in data
    ]


def _branch(value: Any) -> Branch:
    return tuple([(int(a), int(b)) for a, b in value])


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
#: Likewise for each name of a decorated method the file defines (`has-decorated:NAME`),
#: so that a resolver asking whether reading `x.name` may call something loads no file.
DECORATED_KEY = "has-decorated:"
#: The index rows of the keyed members a file's objects bind (`[kWrite]`, see
#: `generic_guesses.computed_names`).
COMPUTED_KEY = "has-computed:"

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
