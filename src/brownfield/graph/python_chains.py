"""Python: expressions as chains of steps, and where a node sits (scope, if/try branch).

Shared by the extractors of one file's facts (`python_facts`, `python_bindings`,
`python_implicit`): a chain is what the resolver evaluates (`make().run` is
`("make", "()", "run")`), container literals and lambdas get synthetic names so that
chains can refer to them, and `Scopes` says which definition and branch holds a byte.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Any

from brownfield.graph.facts import CALL, ELSE, SUBSCRIPT, BindingFact, Chain, FileFacts
from brownfield.graph.spans import Spans

Node = Any  # tree_sitter.Node; typed loosely so this module needs no tree-sitter import
#: Synthetic names of lambdas and container literals by their span (start and end byte:
#: `a, b` starts where `a` does, `a or b or c` where `a or b` does).
Names = dict[tuple[int, int], str]

_PLAIN_CHAIN = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_CONSTANTS = frozenset({b"None", b"True", b"False"})
_CHAIN_KINDS = frozenset(
    {
        "call",
        "subscript",
        "parenthesized_expression",
        "lambda",
        "dictionary",
        "list",
        "tuple",
        "set",
        "expression_list",
        "boolean_operator",
        "conditional_expression",
        "binary_operator",
    }
)
CONTAINERS = frozenset({"dictionary", "list", "tuple", "set", "expression_list"})
SEQUENCES = frozenset({"list", "tuple", "expression_list"})
#: Expressions whose value is one of their operands: `a or b`, `a and b`, `a if c else b`.
#: Named like containers (the operands are the elements), a chain takes an element.
ALTERNATIVES = frozenset({"boolean_operator", "conditional_expression"})
NAMED = CONTAINERS | ALTERNATIVES
#: A step taking every element of a sequence as a sequence (`xs[1:]`, `*rest = ...`).
SLICE = "[:]"
#: The first step of a `ReturnFact` standing for a `yield` (then the yielded chain, if any):
#: the function is a generator function.
YIELD = "<yield>"
#: The first step of an annotated class that is the class of a collection's elements
#: (`List[A]` is `(ELEMENTS, "A")`).
ELEMENTS = "<elements>"
#: After `ELEMENTS`, the position a fixed-length tuple annotation declares the class for
#: (`Tuple[A, B]` is `(ELEMENTS, "<at:0>", "A")` and `(ELEMENTS, "<at:1>", "B")`).
AT = "<at:"
#: After `ELEMENTS`, for a collection of fixed-length tuples (`list[tuple[K, V]]`, read for
#: a declared instance attribute only), the position and the length of the tuples the class
#: is declared at: `(ELEMENTS, "<tuples:1/2>", "V")`.
TUPLES = "<tuples:"
#: The first step of an instance attribute's value that its annotation declares
#: (`self.body: list[Table] = []`): what the attribute holds, whatever is stored in it.
ANNOTATED = "<annotated>"
#: The second step of a binding of a name to a literal `True`, `False` or `None`
#: (`composite = False` in a class body), kept beside it: `(name, LITERAL)`, valued
#: `("False",)`.
LITERAL = "<literal>"
#: Before `UNTIL`, a narrowing by the truth of an attribute (`if x.flag:`): the target
#: `(*x, "<truthy:flag>", "<until:LINE>")` says that x is no instance of a class whose
#: `flag` is a false literal there (`python_classes.ClassMembers.truthy`).
TRUTHY = "<truthy:"
#: Before `UNTIL`, a narrowing by a call without arguments of the name's method (`if
#: x.is_boolean():`): the target `(x, "<predicate:is_boolean>", "<until:LINE>")` says that
#: x is no instance of a class whose `is_boolean` is a self test it fails
#: (`python_predicates`).
PREDICATE = "<predicate:"
#: The target of a method's self test, `(SELF_TEST,)` in the method's scope, valued the class
#: its whole body tests the instance against (`return isinstance(self, Bool)`: `("Bool",)`).
SELF_TEST = "<self-test>"
#: A step reading an attribute whose name is computed from a literal start
#: (`getattr(self, f"visit_{kind}")` is `("self", "<prefixed:visit_>")`): any attribute so named.
PREFIXED = "<prefixed:"
#: The first step of the target of a class body's bare annotation (`node: Expr`, no value):
#: `(DECLARED, "node")` declares what the attribute of the class's instances holds.
DECLARED = "<declared>"
#: The second step of a narrowing by a failed `isinstance` (`if not isinstance(x, A):`):
#: `(x, EXCLUDING, *A)` is what x held before, but instances of A.
EXCLUDING = "<excluding>"


def span(node: Node) -> tuple[int, int]:
    return (node.start_byte, node.end_byte)


def text(node: Node) -> str:
    return node.text.decode("utf-8", "replace")  # type: ignore[no-any-return]


def operands(condition: Node, joined: str = "and") -> list[Node]:
    """What a condition tests, operand by operand: the condition itself, or, for operands
    of `joined` (also in parentheses), each of them. Joined by `and`, all of them hold when
    the condition is true; joined by `or`, all of them failed when it is false."""
    if condition.type == "parenthesized_expression" and condition.named_child_count == 1:
        return operands(condition.named_children[0], joined)
    if condition.type == "boolean_operator":
        operator = condition.child_by_field_name("operator")
        if operator is not None and operator.type == joined:
            sides = [condition.child_by_field_name(side) for side in ("left", "right")]
            return [test for side in sides if side is not None for test in operands(side, joined)]
    return [condition]


def line_of(node: Node) -> int:
    return node.start_point[0] + 1  # type: ignore[no-any-return]


def chain_of(node: Node, names: Names | None = None) -> Chain | None:
    """The expression as a chain of steps, or None when it is not one (a literal...).

    `names` maps the start byte of lambdas and container literals to their synthetic
    names (`<lambda1>`, `<c1203>`), so that they can be referred to like names.
    `getattr(x, "name")` is `x.name` and `type(x)` is `x.__class__`.
    """
    kind = node.type
    if kind == "identifier":
        raw = node.text
        return None if raw in _CONSTANTS else (raw.decode("utf-8", "replace"),)
    if kind == "attribute":
        raw = node.text
        if _PLAIN_CHAIN.fullmatch(raw):  # the common `a.b.c`, without walking the tree
            return tuple(raw.decode("utf-8", "replace").split("."))
        head = chain_of(node.child_by_field_name("object"), names)
        attribute = node.child_by_field_name("attribute")
        return None if head is None or attribute is None else (*head, text(attribute))
    if kind not in _CHAIN_KINDS:
        return None
    if names and span(node) in names:
        name = names[span(node)]
        return (name, SUBSCRIPT) if kind in ALTERNATIVES else (name,)
    if kind == "call":
        function = node.child_by_field_name("function")
        rewritten = _builtin_access(function, node.child_by_field_name("arguments"), names)
        if rewritten is not None:
            return rewritten
        head = chain_of(function, names)
        return None if head is None else (*head, CALL)
    if kind == "subscript":
        head = chain_of(node.child_by_field_name("value"), names)
        index = node.child_by_field_name("subscript")
        if head is None:
            return None
        if index is not None and index.type == "slice":
            return (*head, SLICE)
        key = literal_key(index) if index is not None else None
        return (*head, f"[{key}]" if key is not None else SUBSCRIPT)
    if kind == "parenthesized_expression" and node.named_child_count == 1:
        return chain_of(node.named_children[0], names)
    if kind == "binary_operator":  # `a + b` is what `a.__add__(b)` returns
        operator = node.child_by_field_name("operator")
        method = BINARY_METHODS.get(operator.type) if operator is not None else None
        left = node.child_by_field_name("left")
        head = chain_of(left, names) if method is not None and left is not None else None
        return None if head is None or method is None else (*head, method, CALL)
    return None


BINARY_METHODS = {
    "+": "__add__",
    "-": "__sub__",
    "*": "__mul__",
    "@": "__matmul__",
    "/": "__truediv__",
    "//": "__floordiv__",
    "%": "__mod__",
    "**": "__pow__",
    "<<": "__lshift__",
    ">>": "__rshift__",
    "&": "__and__",
    "|": "__or__",
    "^": "__xor__",
}


def _builtin_access(function: Node, arguments: Node, names: Names | None) -> Chain | None:
    """`getattr(x, "name")` (with or without a default) as `x.name`; `type(x)` as
    `x.__class__`. Other calls are None."""
    if function.type != "identifier" or arguments is None or arguments.type != "argument_list":
        return None
    name = function.text
    if name not in (b"getattr", b"type"):
        return None
    args = [a for a in arguments.named_children if a.type != "comment"]
    if name == b"type" and len(args) == 1 and args[0].type != "keyword_argument":
        head = chain_of(args[0], names)
        return None if head is None else (*head, "__class__")
    if name == b"getattr" and len(args) in (2, 3):
        attribute = literal_key(args[1]) if args[1].type == "string" else None
        if attribute is None:
            prefix = name_prefix(args[1])  # `getattr(self, f"visit_{kind}")`
            attribute = f"{PREFIXED}{prefix}>" if prefix is not None else None
        elif not attribute.isidentifier():
            return None
        if attribute is None:
            return None
        head = chain_of(args[0], names)
        return None if head is None else (*head, attribute)
    return None


def name_prefix(node: Node) -> str | None:
    """The literal start of a computed attribute name: `f"visit_{kind}"` and `"visit_" +
    kind` start with `visit_`; None for anything else, or a start too short to name a
    family of methods (at least two letters or digits beside underscores)."""
    prefix = None
    if node.type == "string" and node.named_child_count >= 3:
        start, content, rest = node.named_children[:3]
        if (
            start.type == "string_start"
            and "f" in text(start).lower()
            and "r" not in text(start).lower()
            and content.type == "string_content"
            and rest.type == "interpolation"
        ):
            prefix = text(content)
    elif node.type == "binary_operator" and node.child_by_field_name("operator") is not None:
        left = node.child_by_field_name("left")
        operator = node.child_by_field_name("operator")
        if operator is not None and operator.type == "+" and left is not None:
            prefix = literal_key(left) if left.type == "string" else None
    if prefix is None or not prefix.isidentifier() or len(prefix.replace("_", "")) < 2:
        return None
    return prefix


def literal_key(node: Node) -> str | None:
    """A literal subscript key (`"a"`, `0`, `-1`) as text, or None."""
    kind = node.type
    if kind == "integer":
        return text(node)
    if kind == "unary_operator" and node.named_child_count == 1:
        operand = node.named_children[0]
        if operand.type == "integer" and text(node).startswith("-"):
            return "-" + text(operand)
        return None
    if kind == "string" and node.named_child_count <= 3:
        value = text(node)
        if len(value) >= 2 and value[0] in "'\"" and value[-1] == value[0]:
            return value[1:-1]
    return None


def branches(alternatives: list[tuple[int, int, int, int]]) -> Spans[tuple[int, int]]:
    """The if/try alternatives (start, end, statement, number) as nested spans."""
    spans: Spans[tuple[int, int]] = Spans()
    for start, end, statement, number in sorted(alternatives, key=lambda a: (a[0], -a[1])):
        spans.add(start, end, (statement, number))
    return spans


#: The second step of the binding that records the branch a definition sits in.
DEF_BRANCH = "<branch>"
#: The branch number of the body of a `try` that only imports (`try: from threading import
#: RLock` / `except ImportError: class RLock: ...`); its `except` clauses are numbered above
#: it. The resolver drops those when the imports cannot fail (`python_guards`).
GUARDED = 1 << 40
_QUIET = frozenset({"import_statement", "import_from_statement", "pass_statement", "comment"})


def branch_number(capture: str, alternative: Node) -> int:
    """0 for the body of an if/try, ELSE for an if's else, a distinct number otherwise;
    GUARDED for the body of a `try` that only imports, and above it for its handlers."""
    statement = alternative.parent
    if statement is not None and statement.type == "try_statement":
        # a `try`'s `else:` runs after its body, when nothing was raised: the body's branch
        body = GUARDED if _imports_only(statement) else 0
        if alternative.type == "except_clause":
            return (
                body + 1 + int(alternative.start_byte)
                if body
                else ELSE + 1 + int(alternative.start_byte)
            )
        if alternative.type in ("block", "else_clause"):
            return body
    if capture == "branch.body":
        return 0
    if capture == "branch.else":
        return ELSE
    return ELSE + 1 + int(alternative.start_byte)


def _imports_only(statement: Node | None) -> bool:
    """Whether a `try` statement's body holds imports and nothing that could fail else (a
    docstring, `pass`)."""
    body = statement.child_by_field_name("body") if statement is not None else None
    if body is None:
        return False
    found = False
    for child in body.named_children:
        if child.type in ("import_statement", "import_from_statement"):
            found = True
        elif child.type not in _QUIET and not (
            child.type == "expression_statement"
            and child.named_child_count == 1
            and child.named_children[0].type == "string"
        ):
            return False
    return found


class Scopes(Spans[str]):
    """Definitions by the span of their body, and the if/try alternatives inside them."""

    def __init__(self, alternatives: Spans[tuple[int, int]]) -> None:
        super().__init__()
        self.alternatives = alternatives

    def at(self, offset: int) -> str:
        """The innermost definition whose body holds `offset` ("" for the module); the
        loop of `innermost`, written out: this is asked for every fact of a file."""
        spans = self.spans
        index = bisect_right(self.starts, offset) - 1
        while index >= 0:
            start, end, value, parent = spans[index]
            if start <= offset < end:
                return value
            index = parent
        return ""

    def branch(self, offset: int) -> tuple[tuple[int, int], ...]:
        """The if/try alternatives holding `offset` inside its innermost scope, outermost
        first (the loops of `holding`, written out)."""
        floor = 0
        spans = self.spans
        index = bisect_right(self.starts, offset) - 1
        while index >= 0:
            start, end, _, parent = spans[index]
            if start <= offset < end:
                floor = start
                break
            index = parent
        alternatives = self.alternatives.spans
        index = bisect_right(self.alternatives.starts, offset) - 1
        path = []
        while index >= 0:
            start, end, alternative, parent = alternatives[index]
            if start <= offset < end:
                if start < floor:
                    break
                path.append(alternative)
            index = parent
        path.reverse()
        return tuple(path)


def name_container(facts: FileFacts, scopes: Scopes, names: Names, node: Node) -> None:
    """Name a container literal and bind its elements (values keyed by literal keys);
    parentheses around one are transparent (`(a if c else b)`)."""
    if node.type == "parenthesized_expression" and node.named_child_count == 1:
        name_container(facts, scopes, names, node.named_children[0])
        return
    if node.type not in NAMED or span(node) in names:
        return
    name = names[span(node)] = f"<c{node.start_byte}:{node.end_byte}>"
    scope, line = scopes.at(node.start_byte), line_of(node)
    if node.type in ALTERNATIVES:
        operands = [c for c in node.named_children if c.type != "comment"]
        if node.type == "conditional_expression":
            operands = operands[:1] + operands[2:3]  # `a if condition else b`
        elif node.type == "boolean_operator" and node.child_by_field_name("operator").type == "and":
            operands = operands[1:]  # `a and b` is b when it matters (a is a test)
        facts.bindings.append(BindingFact(scope, (name, SUBSCRIPT), None, line))
        for operand in operands:
            name_container(facts, scopes, names, operand)
            value = chain_of(operand, names)
            if value is not None:
                facts.bindings.append(BindingFact(scope, (name, SUBSCRIPT), value, line))
        return
    if not node.named_child_count:  # `{}`, `[]`: a container all the same, filled later
        facts.bindings.append(BindingFact(scope, (name, SUBSCRIPT), None, line))
        return
    position: int | None = 0  # None once a splat makes later positions unknown
    for element in node.named_children:
        if element.type == "comment":
            continue
        key = str(position) if position is not None else None
        if position is not None:
            position += 1
        if element.type == "pair":
            key_node, element = (
                element.child_by_field_name("key"),
                element.child_by_field_name("value"),
            )
            key = literal_key(key_node) if key_node is not None else None
            if element is None:
                continue
        elif node.type == "set":
            key = None
        elif element.type in ("list_splat", "dictionary_splat"):
            # `[*a, f]` / `{**a}`: a's elements, under unknown keys; later positions unknown
            position = None
            inner = (
                chain_of(element.named_children[0], names) if element.named_child_count else None
            )
            if inner is not None:
                facts.bindings.append(
                    BindingFact(scope, (name, SUBSCRIPT), (*inner, SUBSCRIPT), line)
                )
            continue
        name_container(facts, scopes, names, element)
        value = chain_of(element, names)
        if value is not None:
            step = f"[{key}]" if key is not None else SUBSCRIPT
            facts.bindings.append(BindingFact(scope, (name, step), value, line))
        elif key is not None and node.type in SEQUENCES:  # a position all the same: the
            facts.bindings.append(BindingFact(scope, (name, f"[{key}]"), None, line))  # length


_ANNOTATION_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
#: Annotation wrappers whose arguments are the value's possible classes.
_UNIONS = frozenset({"Optional", "Union", "Annotated", "Final", "ClassVar"})
#: Generics whose (first) argument is the class of the value's elements (iterating it,
#: subscripting it): `List[A]`, `Sequence[A]`, `Iterator[A]`, `Tuple[A, ...]`...
_COLLECTIONS = frozenset(
    {
        *("List", "list", "Sequence", "MutableSequence", "Iterable", "Iterator", "Collection"),
        *("Set", "set", "FrozenSet", "frozenset", "AbstractSet", "MutableSet", "Deque", "deque"),
        *("Tuple", "tuple", "Generator", "Reversible", "AsyncIterator", "AsyncIterable"),
        "AsyncGenerator",
    }
)


def annotated_classes(node: Node, depth: int = 0, nested: bool = False) -> list[Chain]:
    """The classes an annotation says a value is an instance of: a name (`Context`, a
    string `"Context"`), the arguments of `Optional`/`Union` and the sides of `A | B`;
    for a collection (`List[A]`), the class of its elements after the step `ELEMENTS`
    (and, for a fixed-length `Tuple[A, B]`, the position after `AT`). Other generics say
    nothing of the value; nor do elements of elements, but with `nested` a collection of
    fixed-length tuples (`list[tuple[K, V]]`), whose classes come after `ELEMENTS` and
    `TUPLES` (the position and the length)."""
    if depth > 4:
        return []
    kind = node.type
    if kind == "type" and node.named_child_count:  # a wrapper, not a level of nesting
        return annotated_classes(node.named_children[0], depth, nested)
    if kind in ("identifier", "attribute"):
        chain = chain_of(node)
        return [] if chain is None or chain == ("None",) else [chain]
    if kind == "string" and node.named_child_count <= 3:
        words = [w.strip() for w in text(node)[1:-1].split("|")]
        return [tuple(w.split(".")) for w in words if _ANNOTATION_NAME.fullmatch(w) and w != "None"]
    if kind == "binary_operator":
        return [
            chain
            for side in (node.child_by_field_name("left"), node.child_by_field_name("right"))
            if side is not None
            for chain in annotated_classes(side, depth + 1)
        ]
    if kind in ("subscript", "generic_type") and node.named_child_count > 1:
        wrapper = chain_of(node.named_children[0])
        if wrapper is None or wrapper[-1] not in _UNIONS | _COLLECTIONS:
            return []
        arguments = [c for c in node.named_children[1:] if c.type != "comment"]
        if kind == "generic_type":  # `Optional[A]` in a type: (type_parameter (type A))
            arguments = [c for a in arguments for c in a.named_children]
        if wrapper[-1] in _COLLECTIONS:  # the elements' classes, marked as such
            fixed = wrapper[-1] in ("Tuple", "tuple") and len(arguments) > 1
            if fixed and any(a.type == "ellipsis" for a in arguments):  # `Tuple[A, ...]`
                fixed, arguments = False, arguments[:1]
            if nested and not fixed and arguments:
                length = _tuple_length(arguments[0])
                if length is not None:  # `list[tuple[K, V]]`: each element a (K, V)
                    return [
                        (ELEMENTS, f"{TUPLES}{chain[1][len(AT) : -1]}/{length}>", *chain[2:])
                        for chain in annotated_classes(arguments[0], depth + 1)
                        if chain[0] == ELEMENTS and chain[1].startswith(AT)
                    ]
            return [
                (ELEMENTS, f"{AT}{position}>", *chain) if fixed else (ELEMENTS, *chain)
                for position, a in enumerate(arguments if fixed else arguments[:1])
                for chain in annotated_classes(a, depth + 1)
                if chain[0] != ELEMENTS  # elements of elements are not followed
            ]
        if wrapper[-1] in ("Annotated", "Final", "ClassVar"):
            arguments = arguments[:1]
        return [chain for a in arguments for chain in annotated_classes(a, depth + 1)]
    return []


def _tuple_length(node: Node) -> int | None:
    """How many elements a fixed-length tuple annotation (`tuple[K, V]`) declares; None
    for any other annotation (`Tuple[A, ...]` too)."""
    while node.type == "type" and node.named_child_count:
        node = node.named_children[0]
    if node.type not in ("subscript", "generic_type") or node.named_child_count < 2:
        return None
    wrapper = chain_of(node.named_children[0])
    if wrapper is None or wrapper[-1] not in ("Tuple", "tuple"):
        return None
    arguments = [c for c in node.named_children[1:] if c.type != "comment"]
    if node.type == "generic_type":
        arguments = [c for a in arguments for c in a.named_children]
    if len(arguments) < 2 or any(a.type == "ellipsis" for a in arguments):
        return None
    return len(arguments)
