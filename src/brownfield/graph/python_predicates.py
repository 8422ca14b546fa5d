"""Python: methods testing their own instance's class, narrowing a receiver like `isinstance`.

`def is_boolean(self): return isinstance(self, Bool)` returns True exactly for instances of
`Bool` (and of its subclasses). So inside `if item.is_boolean():` (or after `item.is_boolean()
and`), `item` is an instance of a class whose `is_boolean` returned True: a call on it no
longer dispatches to the methods of classes that are no `Bool` (`item.value` reaches
`Bool.value`, not `Date.value`). Only `override` edges are dropped so; the static target of
the call stays.
"""

from __future__ import annotations

from collections.abc import Callable

from brownfield.graph.facts import UNTIL, BindingFact, CallFact, Chain
from brownfield.graph.python_chains import (
    PREDICATE,
    SELF_TEST,
    Names,
    Node,
    chain_of,
    line_of,
    operands,
    text,
)
from brownfield.graph.python_classes import ClassMembers
from brownfield.graph.python_evaluator import Evaluator
from brownfield.graph.python_scopes import ModuleTable, Value


def predicate_narrowings(
    condition: Node, where: tuple[str, int, tuple[tuple[int, int], ...]], until: int
) -> list[BindingFact]:
    """The narrowings `x.m()` in a condition says hold from the test to `until` (the end of
    the block, or of the `and`): the condition itself, or operands of `and`."""
    scope, line, branch = where
    return [
        BindingFact(
            scope, (subject, f"{PREDICATE}{method}>", f"{UNTIL}{until}>"), None, line, branch
        )
        for subject, method in _predicate_tests(condition)
    ]


def _predicate_tests(condition: Node) -> list[tuple[str, str]]:
    """The (name, method) pairs `x.m()`, called without arguments, among the condition's
    operands of `and` (`python_chains.operands`)."""
    found = []
    for test in operands(condition):
        function, arguments = (
            test.child_by_field_name("function"),
            test.child_by_field_name("arguments"),
        )
        if test.type != "call" or function is None or function.type != "attribute":
            continue
        if arguments is None or [a for a in arguments.named_children if a.type != "comment"]:
            continue
        subject, attribute = (
            function.child_by_field_name("object"),
            function.child_by_field_name("attribute"),
        )
        if subject is not None and attribute is not None and subject.type == "identifier":
            found.append((text(subject), text(attribute)))
    return found


def self_test(statement: Node, names: Names) -> Chain | None:
    """The class a method's body tests its instance against, when the body is this one
    `return isinstance(self, A)` (a docstring before it allowed) of an undecorated method:
    A's chain, else None (a tuple of classes, or any other body, tests something else)."""
    block = statement.parent
    function = block.parent if block is not None else None
    if block is None or function is None or function.type != "function_definition":
        return None
    if function.parent is None or function.parent.type != "block":
        return None  # decorated (a property, a classmethod...), or not in a class body
    if function.parent.parent is None or function.parent.parent.type != "class_definition":
        return None
    body = [child for child in block.named_children if child.type != "comment"]
    if (
        body
        and body[0].type == "expression_statement"
        and body[0].named_children[0].type == "string"
    ):
        body = body[1:]
    parameters = function.child_by_field_name("parameters")
    first = parameters.named_children[0] if parameters and parameters.named_child_count else None
    if len(body) != 1 or body[0].id != statement.id or first is None or first.type != "identifier":
        return None
    value = statement.named_children[0] if statement.named_child_count else None
    if value is None or value.type != "call":
        return None
    callee, arguments = (
        value.child_by_field_name("function"),
        value.child_by_field_name("arguments"),
    )
    if callee is None or callee.text != b"isinstance" or arguments is None:
        return None
    args = [a for a in arguments.named_children if a.type != "comment"]
    if (
        len(args) != 2
        or args[0].text != first.text
        or args[1].type not in ("identifier", "attribute")
    ):
        return None
    return chain_of(args[1], names)


def self_test_fact(scope: str, statement: Node, names: Names) -> BindingFact | None:
    """The fact `(SELF_TEST,) = A` of a method whose body is `return isinstance(self, A)`."""
    tested = self_test(statement, names)
    return None if tested is None else BindingFact(scope, (SELF_TEST,), tested, line_of(statement))


class SelfTests:
    """Which `override` targets a test `if x.m():` of the receiver rules out at a call."""

    def __init__(
        self,
        resolver: Evaluator,
        classes: ClassMembers,
        overridden: Callable[[Value, str], bool],
        deriving: Callable[[Value], list[list[Value]]],
    ) -> None:
        self.resolver = resolver
        self.classes = classes
        self.overridden = overridden  # whether a class below this one defines its own `m`
        self.deriving = deriving  # the orders of the classes of its module deriving from it

    def tested(self, table: ModuleTable, call: CallFact) -> list[str]:
        """The methods `m` that `if x.m():` tested on the receiver name of `x.attr()`, holding
        at the call (and x not bound again since the test)."""
        assert call.chain is not None
        name = call.chain[0]
        found = []
        for fact in table.predicates.get((call.scope, name), []):
            until = int(fact.target[-1][len(UNTIL) : -1])
            if not fact.line <= call.line <= until:
                continue
            if any(
                fact.line <= binding.line <= call.line and binding.source != "narrow"
                for binding in table.scopes.get(call.scope, {}).get(name, [])
            ):
                continue  # bound again inside the block: the test says nothing of it
            found.append(fact.target[1][len(PREDICATE) : -1])
        return found

    def fails(self, klass: Value, method: str) -> bool:
        """Whether `x.method()` is False for every instance that finds its methods first in
        `klass`: the `method` that `klass` finds is a self test `isinstance(self, A)`, `klass`
        is no A, no class below `klass` defines its own `method`, and no class of the modules
        of `klass` and A derives from both."""
        order = self.classes.mro(klass)
        tested: list[Value] = []
        for owner in order:
            if owner.kind == "ext":
                return False
            home = self.resolver.table(owner.path)
            if home.scopes.get(owner.name, {}).get(method) is None:
                continue
            fact = home.self_tests.get(f"{owner.name}.{method}")
            if fact is None or fact.value is None:
                return False  # something else answers (an attribute, another body)
            values = self.resolver.evaluate(home, fact.scope, fact.value, fact.line)
            tested = [v for v, _ in values if v.kind == "def" and self.classes.is_class(v)]
            if not tested or len(tested) != len(values):
                return False
            break
        if not tested or any(cls in order for cls in tested):
            return False
        if self.overridden(klass, method):
            return False
        orders = [*self.deriving(klass), *(o for cls in tested for o in self.deriving(cls))]
        return not any(klass in o and any(cls in o for cls in tested) for o in orders)
