"""Python: the calls Python makes without a call being written.

`raise E` constructs E; an operator calls a special method of its operand's class
(`a + b` is `a.__add__`, `a < b` is `a.__lt__`, `x in c` is `c.__contains__`, `-a` is
`a.__neg__`, `a += b` is `a.__iadd__`); subscripting calls `__getitem__`, `__setitem__`
or `__delitem__` (and, on a dict, the key's `__hash__`); and the builtins that delegate
to one (`len(x)` is `x.__len__`, `str(x)` is `x.__str__`...); a class statement with bases
calls the `__init_subclass__` after the class in its order. They are `implicit` call
facts: an edge only when they reach repository code. The resolver looks special methods
up on the operand's class, as Python does, with the same fallbacks (`__ne__` falls back
to `__eq__`, `__str__` to `__repr__`).
"""

from __future__ import annotations

from brownfield.graph.facts import SUBSCRIPT, CallFact, FileFacts, ReturnFact
from brownfield.graph.python_chains import (
    BINARY_METHODS,
    YIELD,
    Names,
    Node,
    Scopes,
    chain_of,
    line_of,
    name_container,
    text,
)

#: The text of an implicit call fact, saying which statement made it.
RAISE = "raise"
OPERATOR = "operator"
READ = "read"  # reading `x.name`: a call when name is a property (or a descriptor)
HASH = "hash"  # `d[k]`: hashing the key, when d is a dict
SUBCLASS = "class"  # a class statement with bases: the next `__init_subclass__` in its order

BINARY = BINARY_METHODS
AUGMENTED = {f"{symbol}=": f"__i{name[2:]}" for symbol, name in BINARY.items()}
UNARY = {"-": "__neg__", "+": "__pos__", "~": "__invert__"}
COMPARISON = {
    "<": "__lt__",
    "<=": "__le__",
    ">": "__gt__",
    ">=": "__ge__",
    "==": "__eq__",
    "!=": "__ne__",
}

#: A special method that is not defined falls back to another (Python's own defaults:
#: `object.__ne__` inverts `__eq__`, `object.__str__` calls `__repr__`, an in-place
#: operator without its method uses the plain one, truth without `__bool__` asks `__len__`).
FALLBACK = {
    "__ne__": "__eq__",
    "__str__": "__repr__",
    "__format__": "__str__",
    "__bool__": "__len__",
    "__contains__": "__iter__",
    **{augmented: BINARY[symbol[:-1]] for symbol, augmented in AUGMENTED.items()},
}

#: Builtins that call a special method of their (first) argument.
BUILTIN_DUNDERS = {
    "len": "__len__",
    "str": "__str__",
    "repr": "__repr__",
    "bool": "__bool__",
    "hash": "__hash__",
    "iter": "__iter__",
    "next": "__next__",
    "abs": "__abs__",
    "int": "__int__",
    "float": "__float__",
    "complex": "__complex__",
    "bytes": "__bytes__",
    "format": "__format__",
    "reversed": "__reversed__",
    "round": "__round__",
    "dir": "__dir__",
    "divmod": "__divmod__",
    # builtins that iterate over their arguments are `python_builtins.ITERATES`
}
#: Builtins that call `__str__` on every positional argument.
PRINTING = frozenset({"print"})


def raise_statement(facts: FileFacts, scopes: Scopes, names: Names, value: Node) -> None:
    """`raise E` (a class, not a call) constructs E."""
    if value.type not in ("identifier", "attribute"):
        return  # `raise E(...)` is a call already; `raise` alone re-raises
    chain = chain_of(value, names)
    if chain is not None:
        facts.calls.append(
            CallFact(scopes.at(value.start_byte), chain, RAISE, line_of(value), implicit=True)
        )


def class_statement(facts: FileFacts, scope: str, qualname: str, line: int) -> None:
    """`class C(Base): ...` calls the `__init_subclass__` that comes after C in its order
    (Base's, or an ancestor's), when the class is made: a call of the scope holding it."""
    facts.calls.append(CallFact(scope, (qualname,), SUBCLASS, line, implicit=True))


def attribute_read(facts: FileFacts, scopes: Scopes, node: Node) -> None:
    """`x.name` read (not called, not assigned; x a name, an attribute, a call, `Foo().name`,
    `super().name`, or a subscript, `xs[0].name`): a property getter's call, if it is one."""
    parent = node.parent
    if parent is not None:
        kind = parent.type
        if kind == "call" and parent.child_by_field_name("function") == node:
            return  # `self.m()` is a call already
        if kind in ("assignment", "augmented_assignment") and (
            parent.child_by_field_name("left") == node
        ):
            return  # a store (a setter, which a node of the getter's name does not stand for)
        if kind == "delete_statement":
            return
    chain = chain_of(node)
    if chain is not None and len(chain) >= 2:
        facts.calls.append(
            CallFact(scopes.at(node.start_byte), chain, READ, line_of(node), implicit=True)
        )


def yield_expression(facts: FileFacts, scopes: Scopes, names: Names, node: Node) -> None:
    """`yield x` (or `yield from xs`) in a function: calling it makes a generator, whose
    elements are what it yields (the elements of xs)."""
    value = node.named_children[0] if node.named_child_count else None
    if value is not None:  # `yield a, b`: a tuple of them
        name_container(facts, scopes, names, value)
    chain = chain_of(value, names) if value is not None else None
    if chain is not None and any(child.type == "from" for child in node.children):
        chain = (*chain, SUBSCRIPT)
    scope = scopes.at(node.start_byte)
    facts.returns.append(ReturnFact(scope, (YIELD, *(chain or ())), line_of(node)))


def truth_test(facts: FileFacts, scopes: Scopes, names: Names, operand: Node) -> None:
    """`if x:`, `while x:`, `not x` call `x.__bool__` (else `x.__len__`)."""
    _add(facts, scopes, names, operand, ("__bool__",), operand)


def formatted(facts: FileFacts, scopes: Scopes, names: Names, node: Node, operand: Node) -> None:
    """`f"{x}"` calls `x.__format__` (which falls back to `__str__`, then `__repr__`);
    `{x!r}` (or `!a`) calls `x.__repr__`, `{x!s}` `x.__str__`."""
    conversion = node.child_by_field_name("type_conversion")
    flag = text(conversion) if conversion is not None else ""
    method = {"!r": "__repr__", "!a": "__repr__", "!s": "__str__"}.get(flag, "__format__")
    _add(facts, scopes, names, operand, (method,), node)


def operation(facts: FileFacts, scopes: Scopes, names: Names, node: Node) -> None:
    """An operator or a subscript, as calls of its operand's special methods."""
    kind = node.type
    if kind == "comparison_operator":
        _comparison(facts, scopes, names, node)
        return
    if kind == "subscript":
        operand = node.child_by_field_name("value")
        methods = _subscript_methods(node)
        _hashed(facts, scopes, names, operand, node.child_by_field_name("subscript"), node)
    else:
        field = "argument" if kind == "unary_operator" else "left"
        operand = node.child_by_field_name(field)
        operator = node.child_by_field_name("operator")
        symbol = operator.type if operator is not None else ""
        table = (
            UNARY
            if kind == "unary_operator"
            else AUGMENTED
            if kind == "augmented_assignment"
            else BINARY
        )
        method = table.get(symbol)
        methods = (method,) if method else ()
    if operand is None or not methods:
        return
    _add(facts, scopes, names, operand, methods, node)


def _comparison(facts: FileFacts, scopes: Scopes, names: Names, node: Node) -> None:
    operands = [child for child in node.named_children if child.type != "comment"]
    symbols = _operator_texts(node)
    for index, symbol in enumerate(symbols):
        if index + 1 >= len(operands):
            break
        if symbol in ("in", "not in"):
            _add(facts, scopes, names, operands[index + 1], ("__contains__",), node)
        elif symbol in COMPARISON:
            _add(facts, scopes, names, operands[index], (COMPARISON[symbol],), node)


def _operator_texts(node: Node) -> list[str]:
    """The operators of a comparison in order, `not in` and `is not` as one each."""
    found: list[str] = []
    for child in node.children:
        if child.is_named:
            continue
        symbol = text(child)
        if found and (
            (found[-1] == "not" and symbol == "in") or (found[-1] == "is" and symbol == "not")
        ):
            found[-1] = f"{found[-1]} {symbol}"
        else:
            found.append(symbol)
    return found


def _subscript_methods(node: Node) -> tuple[str, ...]:
    parent = node.parent
    if parent is None:
        return ("__getitem__",)
    if parent.type == "assignment" and parent.child_by_field_name("left") == node:
        return ("__setitem__",)
    if parent.type == "augmented_assignment" and parent.child_by_field_name("left") == node:
        return ("__getitem__", "__setitem__")
    if parent.type == "delete_statement" or (
        parent.type == "expression_list"
        and parent.parent is not None
        and parent.parent.type == "delete_statement"
    ):
        return ("__delitem__",)
    if parent.type in ("pattern_list", "tuple_pattern", "list_pattern"):
        return ("__setitem__",)
    return ("__getitem__",)


def _hashed(
    facts: FileFacts,
    scopes: Scopes,
    names: Names,
    operand: Node | None,
    key: Node | None,
    node: Node,
) -> None:
    """`d[k]` (also stored into or deleted) hashes k when d is a dict: a call of k's
    `__hash__`, kept as the chain `(*k, "__hash__")` with d as its argument (the resolver
    makes it an edge only when d is a container literal: a dict or a list, never a
    repository class, whose `__getitem__` is what runs)."""
    if operand is None or key is None or key.type not in ("identifier", "attribute", "call"):
        return
    chain, container = chain_of(key, names), chain_of(operand, names)
    if chain is None or container is None:
        return
    scope, line = scopes.at(node.start_byte), line_of(node)
    facts.calls.append(
        CallFact(scope, (*chain, "__hash__"), HASH, line, args=(container,), implicit=True)
    )


def _add(
    facts: FileFacts,
    scopes: Scopes,
    names: Names,
    operand: Node,
    methods: tuple[str, ...],
    node: Node,
) -> None:
    if operand.type not in (
        "identifier",
        "attribute",
        "call",
        "subscript",
        "parenthesized_expression",
    ):
        return  # a literal's methods are the builtin types'
    chain = chain_of(operand, names)
    if chain is None or chain[0].startswith("<c"):
        return
    scope, line = scopes.at(node.start_byte), line_of(node)
    for method in methods:
        facts.calls.append(CallFact(scope, (*chain, method), OPERATOR, line, implicit=True))
