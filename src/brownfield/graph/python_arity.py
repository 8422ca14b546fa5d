"""Python: whether a call's arguments can bind to a function's parameters.

Python binds a call's arguments before the function runs, and raises `TypeError` when they
do not fit: too few positional arguments for the parameters without a default, too many
with no `*args`, a keyword the function neither names nor gathers with `**kwargs`, a
parameter given twice, a keyword-only parameter without a default left out. A call whose
written arguments cannot bind to a candidate target never runs it, so that target is
dropped; the other candidates keep their labels. When the arguments fit none of the
targets, the call is broken as written (`f()` for `def f(a)`, a bug that `callers f` should
show): the targets it names (`local`, `import`, `self`, `constructor`) stay, and those only
reached through values (`inferred`, `unique-name`, `override`) go.

What Python passes besides the written arguments counts: the instance or class bound to a
method's first parameter (`obj.m(x)`, `super().m(x)`, a classmethod, a constructor call
reaching `__init__`, but not `Class.m(obj, x)` nor a staticmethod). When it is not known
whether something is bound, both are tried, and the target is dropped only when neither
fits. The check is skipped when the target's signature is not certain: a decorated
function (but `staticmethod`, `classmethod`, `abstractmethod`, `final`, `override`), a
class built by a decorator or a metaclass, a base from outside but the builtins. A function
that is ever given to `functools.partial` (or `partialmethod`, `classmethod`) may be called
with arguments bound before: only the errors more arguments cannot mend count for it (too
many, an unknown keyword, a parameter given twice).
"""

from __future__ import annotations

from typing import NamedTuple

from brownfield.graph.facts import CALL, CallFact, Chain, Definition
from brownfield.graph.python_classes import ClassMembers
from brownfield.graph.python_evaluator import Evaluator
from brownfield.graph.python_scopes import Found, ModuleTable, Value, node_id
from brownfield.model import Resolution

Target = tuple[str, Resolution]

#: Decorators (their last name; with a module, one of `_DECORATOR_MODULES`) that hand the
#: function back as it is, or bind it as Python's own method kinds do.
_KEEPING = frozenset({"staticmethod", "classmethod", "abstractmethod", "final", "override"})
_DECORATOR_MODULES = frozenset({"abc", "typing", "typing_extensions"})
#: Special methods Python makes class methods of, without a decorator.
_IMPLICIT_CLASSMETHODS = frozenset({"__init_subclass__", "__class_getitem__"})
#: First parameters naming what a function bound as a method gets: a function (not
#: defined in a class body) whose first parameter is so named may be stored in one.
_BOUND_NAMES = frozenset({"self", "cls", "klass", "mcs", "metacls"})
#: Calls that bind arguments ahead of the later calls of the function they are given.
ADDING = ("partial", "partialmethod", "classmethod")
#: The labels of a target the call names itself (not a value that flowed there): when the
#: arguments fit none of a call's targets, the call is broken as written, and keeps these.
NAMED = frozenset(
    {
        Resolution.LOCAL,
        Resolution.IMPORT,
        Resolution.SELF,
        Resolution.CONSTRUCTOR,
        Resolution.BUILTIN,
    }
)
#: What a call passes when any function given to one of `ADDING` is not known.
_ANY = "*"


class Signature(NamedTuple):
    """A function's parameters as binding reads them (from `Definition.signature`):
    positional ones come first, those without a default before the others."""

    positional: int  # how many parameters may be given by position
    required: int  # of those, how many have no default
    by_keyword: dict[str, int]  # the parameters a keyword may name, and their index
    only_position: tuple[int, ...]  # positional-only parameters without a default
    either: tuple[int, ...]  # positional-or-keyword parameters without a default
    only_keyword: tuple[int, ...]  # keyword-only parameters without a default
    varargs: bool
    varkw: bool


def _parse(definition: Definition) -> Signature:
    letters = definition.signature[1:]
    names = [param.lstrip("*") for param in definition.params]
    return Signature(
        sum(letter in "pPaA" for letter in letters),
        sum(letter in "pa" for letter in letters),
        {names[i]: i for i, letter in enumerate(letters) if letter in "aAkK"},
        tuple(i for i, letter in enumerate(letters) if letter == "p"),
        tuple(i for i, letter in enumerate(letters) if letter == "a"),
        tuple(i for i, letter in enumerate(letters) if letter == "k"),
        "v" in letters,
        "w" in letters,
    )


def binds(
    signature: Signature, passed: tuple[int, tuple[str, ...]], offset: int, adding: bool
) -> bool:
    """Whether arguments (`CallFact.passed`, after `offset` bound ones) can bind to a
    signature; when `adding`, more may have been bound before them: only the errors more
    arguments cannot mend count."""
    positional, keywords = passed
    given = positional + offset
    if given > signature.positional and not signature.varargs:
        return False
    if not keywords:  # (most calls)
        return adding or (given >= signature.required and not signature.only_keyword)
    filled = set(range(min(given, signature.positional)))
    for keyword in keywords:
        if keyword in ("*", "**"):
            continue
        index = signature.by_keyword.get(keyword)
        if index is None:
            if not signature.varkw:
                return False
            continue
        if index in filled:
            return False  # given by position and by keyword
        filled.add(index)
    if adding:
        return True
    star, double = "*" in keywords, "**" in keywords
    return (
        (star or all(i in filled for i in signature.only_position))
        and (star or double or all(i in filled for i in signature.either))
        and (double or all(i in filled for i in signature.only_keyword))
    )


class ArityCheck:
    """The targets a call's arguments can bind to, for the resolver evaluating through it."""

    def __init__(self, resolver: Evaluator, classes: ClassMembers) -> None:
        self.resolver = resolver
        self.classes = classes
        self._known: dict[str, tuple[str, Definition, Signature] | None] = {}  # by node id

    def reachable(
        self, table: ModuleTable, call: CallFact, found: list[Found], targets: set[Target]
    ) -> set[Target]:
        """`targets` but those the call's written arguments cannot bind to (its callee
        evaluated to `found`)."""
        if call.passed is None or not targets:
            return targets
        kept = {target for target in targets if self._fits(table, call, found, target[0])}
        if kept:
            return kept
        named = {target for target in targets if target[1] in NAMED}
        if not named:  # what the call reached explains why it stays unresolved
            self.resolver.consulted.reason = "arguments"
        return named

    def _fits(self, table: ModuleTable, call: CallFact, found: list[Found], target: str) -> bool:
        if target not in self._known:
            self._known[target] = self._read(target)
        known = self._known[target]
        if known is None:
            return True
        path, definition, signature = known
        self.resolver.consulted.files.add(path)  # the edge depends on the target's signature
        passed = call.passed
        assert passed is not None
        unbound = binds(signature, passed, 0, False)
        if unbound and definition.kind != "method":
            return True  # (a function is bound only through a class: 0 is always possible)
        fitting = (unbound, binds(signature, passed, 1, False))
        if unbound and fitting[1]:
            return True
        offsets = self._offsets(table, call, found, path, definition)
        if offsets is None or any(fitting[offset] for offset in offsets):
            return True
        if not any(binds(signature, passed, offset, True) for offset in offsets):
            return False
        partialized = self._partialized()
        return _ANY in partialized or target in partialized or definition.name in partialized

    def _read(self, target: str) -> tuple[str, Definition, Signature] | None:
        """A target's path, definition and signature; None when it is not checked (outside
        code, a class, a definition whose parameters were not read)."""
        path, _, qualname = target.partition("::")
        if not qualname:
            return None
        definition = self.resolver.table(path).definitions.get(qualname)
        if definition is None or definition.kind == "class" or not definition.signature:
            return None
        return path, definition, _parse(definition)

    def _offsets(
        self,
        table: ModuleTable,
        call: CallFact,
        found: list[Found],
        path: str,
        definition: Definition,
    ) -> tuple[int, ...] | None:
        """How many arguments Python may bind ahead of the written ones (the instance, the
        class), or None when the target's signature is not certain."""
        chain = call.chain
        assert chain is not None
        decorators = [_keeping(chain) for chain in definition.decorators]
        if not all(decorators):
            return None
        name = definition.name
        if definition.kind != "method":
            if definition.params and definition.params[0] in _BOUND_NAMES:
                return (0, 1)
            if len(chain) < 2 or chain[-1] == CALL or chain[-1].startswith("["):
                return (0,)
            receivers = self.resolver.evaluate(table, call.scope, chain[:-1], call.line)
            return (0, 1) if self._class_attribute(receivers, chain[-1]) else (0,)
        if "staticmethod" in decorators:
            return (0,)
        if "classmethod" in decorators or name in _IMPLICIT_CLASSMETHODS:
            return (1,)
        if name in ("__init__", "__new__") and chain[-1] != name:  # a class is called
            owner = Value("def", path, definition.scope)
            classes = [owner] + [
                value for value, _ in found if value.kind == "def" and self.classes.is_class(value)
            ]
            return (1,) if all(self._plainly_built(cls) for cls in classes) else None
        if name == "__new__":  # a static method, whoever calls it
            return (0,)
        if len(chain) < 2 or chain[-1] != name:
            return (0, 1)
        if len(chain) == 2 and self._on_instance(table, call.scope, chain[0]):
            return (1,)  # `self.m(x)`
        receivers = self.resolver.evaluate(table, call.scope, chain[:-1], call.line)
        if receivers and all(value.kind in ("inst", "super") for value, _ in receivers):
            return (1,)
        if receivers and all(
            value.kind == "def" and self.classes.is_class(value) for value, _ in receivers
        ):
            return (0,)
        return (0, 1)

    def _on_instance(self, table: ModuleTable, scope: str, name: str) -> bool:
        """Whether `name` is `self` in a plain method: its first parameter, never rebound."""
        method = table.definitions.get(scope)
        if (
            method is None
            or method.kind != "method"
            or not method.params
            or method.params[0] != name
            or method.decorators
            or method.name in ("__new__", *_IMPLICIT_CLASSMETHODS)
        ):
            return False
        bindings = table.scopes.get(scope, {}).get(name, [])
        return len(bindings) == 1 and bindings[0].source == "param"

    def _class_attribute(self, receivers: list[Found], name: str) -> bool:
        """Whether `name` may be a class attribute of one of these instances or classes (a
        function stored there is bound when read on an instance)."""
        for value, _ in receivers:
            if value.kind not in ("inst", "super", "def"):
                continue
            cls = Value("def", value.path, value.name)
            if value.kind == "def" and not self.classes.is_class(cls):
                continue
            for klass in self.classes.mro(cls):
                if klass.kind == "ext":
                    return True
                home = self.resolver.table(klass.path)
                if self.resolver.lookup_in_scope(home, klass.name, name, None) is not None:
                    return True
        return False

    def _plainly_built(self, cls: Value) -> bool:
        """Whether calling a class runs its `__new__` and `__init__` with the call's own
        arguments: no class of its order is decorated or names a metaclass (which may
        replace them, or the call), and its outside bases are builtins."""
        for klass in self.classes.mro(cls):
            if klass.kind == "ext":
                if not klass.name.startswith("<builtin>."):
                    return False
                continue
            definition = self.resolver.table(klass.path).definitions.get(klass.name)
            if definition is None or definition.decorators or definition.signature:
                return False
        return True

    def _partialized(self) -> frozenset[str]:
        """The functions (node ids, and the names they are given by) passed to one of
        `ADDING` anywhere in the repository; `_ANY` when one is given something else."""
        empty: frozenset[str] = frozenset()
        return self.resolver.shared(("partialized",), self._given_to_adding, empty)

    def _given_to_adding(self) -> frozenset[str]:
        found: set[str] = set()
        for name in ADDING:
            self.resolver.consulted.calls.add(name)
            for path in self.resolver.files_calling(name):
                table = self.resolver.table(path)
                for call in table.facts.calls:
                    if call.implicit or not call.chain or call.chain[-1] != name:
                        continue
                    first: Chain | None = call.args[0] if call.args else None
                    if first is None:
                        found.add(_ANY)
                        continue
                    if first[0].startswith(("<def:", "<dec:")):
                        continue  # `@classmethod` above a method: it is bound as one
                    found.add(first[-1])
                    for value, _ in self.resolver.evaluate(table, call.scope, first, call.line):
                        if value.kind == "def":
                            found.add(node_id(value.path, value.name))
        return frozenset(found)


def _keeping(chain: Chain | None) -> str:
    """The last name of a decorator that keeps a function's signature, else ""."""
    if chain is None or chain[-1] not in _KEEPING:
        return ""
    if len(chain) == 1 or (len(chain) == 2 and chain[0] in _DECORATOR_MODULES):
        return chain[-1]
    return ""
