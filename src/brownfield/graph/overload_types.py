"""The static types that choose among a Java method's overloads of one arity.

A call reaches the overloads whose parameter count fits (`generic_classes.accepts`); where
several fit, the types the arguments show pick among them as the compiler would: a literal
(`"x"`, `"a" + n`, `5`, `5L`, `2.0`, `'c'`, `true`, `null`), a cast (`(long) limit`), a
constructor call (`new StringTokenizer(...)`), a lambda or method reference, `this`, or a
variable declared with a type (a field, `this.field`, a parameter, a local: `Module
module`).
`this(pattern, (long) limit, count, append)` inside `FileHandler(String, int, int,
boolean)` is the `long` overload, not itself.

Parameters are stored as their type's simple name (`java.util.List<String>` -> `List`,
`int[]` stays), `*` for varargs; arguments as `(type,)` when shown, else None. Nothing else
about types is known (no types of results or of fields read through `.`, no `var`, the
hierarchy of the repository's own classes only): an overload is dropped only when a shown
type cannot be passed to its parameter (a primitive to a class other than its box or the
box's supertypes, a class to a primitive, `String` or a box, which are final, to anything
but their supertypes, anything else to them, a repository class whose bases are all known
to anything but them), when others take the shown types without boxing (Java's first
phase), or when others are more specific (`chosen`).
"""

from __future__ import annotations

import re

from tree_sitter import Node

from brownfield.graph.facts import Chain, Definition
from brownfield.graph.spans import Spans

UNKNOWN = "_"
VARARGS = "*"
#: What `null` and a lambda or method reference show: no class of their own.
NULL = "null"
FUNCTION = "(lambda)"

#: What each primitive widens to, and its box (method invocation allows both).
_WIDENS = {
    "byte": {"short", "int", "long", "float", "double"},
    "short": {"int", "long", "float", "double"},
    "char": {"int", "long", "float", "double"},
    "int": {"long", "float", "double"},
    "long": {"float", "double"},
    "float": {"double"},
    "double": set(),
    "boolean": set(),
}
_BOXES = {
    "byte": "Byte",
    "short": "Short",
    "char": "Character",
    "int": "Integer",
    "long": "Long",
    "float": "Float",
    "double": "Double",
    "boolean": "Boolean",
}
#: The supertypes every boxed primitive and `String` share, and numbers' `Number`.
_SHARED = {"Object", "Serializable", "Comparable", "Constable", "ConstantDesc"}
_STRING_SUPERTYPES = _SHARED | {"String", "CharSequence"}

_UNBOXES = {box: primitive for primitive, box in _BOXES.items()}
_NOT_NUMBERS = {"Boolean", "Character"}
#: The final classes whose supertypes are known: nothing else is one of them.
_FINAL = {"String", *_UNBOXES}

#: A type variable (`T`, `E`, `K2`): anything may be passed to it.
_TYPE_VARIABLE = re.compile(r"[A-Z][A-Z0-9]?")


def parameter_types(parameters: Node) -> tuple[str, ...]:
    """A `formal_parameters` node as one entry per parameter: its type's simple name,
    `*` for varargs, `_` when not read."""
    found = []
    for child in parameters.named_children:
        if child.type == "spread_parameter":
            found.append(VARARGS)
        elif child.type == "formal_parameter":
            declared = child.child_by_field_name("type")
            found.append(simple_type(_text(declared)) if declared is not None else UNKNOWN)
        elif "comment" not in child.type:
            found.append(UNKNOWN)  # a receiver parameter, or something unforeseen
    return tuple(found)


#: The declared types of a file's variables: (scope, name) -> [(line, simple type)].
Declared = dict[tuple[str, str], list[tuple[int, str]]]


def declared_types(
    bindings: list[dict[str, list[Node]]], scopes: Spans[str], definitions: list[Definition]
) -> Declared:
    """The types a file's fields, parameters and locals are declared with (the bindings
    query's `@binding.type` captures), by the scope declaring them; and `this` in each of
    the file's classes, whose type is the class."""
    found: Declared = {
        (d.qualname, "this"): [(0, d.name)] for d in definitions if d.kind in ("class", "interface")
    }
    for captures in bindings:
        if "binding.type" not in captures:
            continue
        node = captures["binding"][0]
        declared = simple_type(_text(captures["binding.type"][0]))
        scope, line = scopes.innermost(node.start_byte, ""), int(node.start_point.row) + 1
        for name in captures.get("binding.name", []):
            found.setdefault((scope, _text(name)), []).append((line, declared))
    return found


def argument_types(
    arguments: list[Node] | None, scope: str, declared: Declared | None
) -> tuple[Chain | None, ...]:
    """A call's argument list (the `@arguments` capture, if any) as one entry per argument:
    with the variables' `declared` types (a language with overloads), `(type,)` when the
    expression shows its static type or is a variable declared with one (in `scope` or
    around it), else None."""
    found: list[Chain | None] = []
    for child in arguments[0].named_children if arguments else ():
        if "comment" in child.type:
            continue
        if declared is None:
            found.append(None)
            continue
        shown = _shown(child)
        line = int(child.start_point.row) + 1
        if shown is None and child.type in ("identifier", "this"):
            shown = _variable(declared, scope, _text(child), line)
        elif shown is None and (field := _this_field(child)) is not None:
            shown = _variable(declared, scope.rpartition(".")[0], field, line)  # the class's
        found.append((shown,) if shown else None)
    return tuple(found)


def _this_field(node: Node) -> str | None:
    """The name of the field `this.field` reads, else None."""
    if node.type != "field_access":
        return None
    target, field = node.child_by_field_name("object"), node.child_by_field_name("field")
    return _text(field) if target is not None and target.type == "this" and field else None


def _variable(declared: Declared, scope: str, name: str, line: int) -> str | None:
    """The declared type of the variable `name` seen from `scope` at `line`: the innermost
    scope's, the last declaration before the line (a field may come after); not a type
    variable's (`T item`: anything)."""
    while True:
        entries = declared.get((scope, name))
        if entries:
            before = [kind for at, kind in entries if at <= line]
            kind = before[-1] if before else entries[0][1]
            return None if _TYPE_VARIABLE.fullmatch(kind) and name != "this" else kind
        if not scope:
            return None
        scope = scope.rpartition(".")[0]


def simple_type(text: str) -> str:
    """`java.util.Map<K, V>` -> `Map`; `final int[]` -> `int[]`; `Map.Entry` -> `Entry`."""
    text = re.sub(r"<.*>", "", " ".join(text.split()))
    dims = "[]" * text.count("[]")
    name = text.replace("[]", "").replace("...", "").strip().split(" ")[-1]
    return name.rpartition(".")[2] + dims


_INTEGERS = {
    "decimal_integer_literal",
    "hex_integer_literal",
    "octal_integer_literal",
    "binary_integer_literal",
}


def _shown(node: Node) -> str | None:
    """The static type an expression shows by itself, if any."""
    kind = node.type
    if kind == "string_literal" or kind == "text_block":
        return "String"
    if kind in _INTEGERS:
        return "long" if _text(node).endswith(("l", "L")) else "int"
    if kind in ("decimal_floating_point_literal", "hex_floating_point_literal"):
        return "float" if _text(node).endswith(("f", "F")) else "double"
    if kind == "character_literal":
        return "char"
    if kind in ("true", "false"):
        return "boolean"
    if kind == "null_literal":
        return NULL
    if kind in ("lambda_expression", "method_reference"):
        return FUNCTION
    if kind in ("cast_expression", "object_creation_expression"):
        declared = node.child_by_field_name("type")
        return simple_type(_text(declared)) if declared is not None else None
    if kind == "parenthesized_expression" and node.named_child_count == 1:
        return _shown(node.named_children[0])
    if kind == "binary_expression" and _text(node.child_by_field_name("operator")) == "+":
        sides = (node.child_by_field_name("left"), node.child_by_field_name("right"))
        if any(side is not None and _shown(side) == "String" for side in sides):
            return "String"
    return None


def _text(node: Node | None) -> str:
    return "" if node is None or node.text is None else node.text.decode("utf-8", "replace")


def fits(shown: str, declared: str, above: set[str] | None = None) -> bool:
    """Whether an argument of static type `shown` may be passed to a parameter of type
    `declared` (when in doubt, it may), `above` being the simple names of `shown` and of
    all its supertypes, when they are known."""
    if declared in (shown, UNKNOWN, VARARGS) or _TYPE_VARIABLE.fullmatch(declared):
        return True
    if shown in (NULL, FUNCTION):  # any class; a lambda only an interface it may implement
        return declared not in _WIDENS and (
            shown == NULL or declared not in (*_FINAL, "Object", "Number", "Serializable")
        )
    if shown == "Object":  # nothing is above it
        return False
    if shown in _WIDENS:
        box = _BOXES[shown]
        numeric = shown not in ("boolean", "char")
        return (
            declared in _WIDENS[shown]
            or declared == box
            or declared in _SHARED
            or (numeric and declared == "Number")
        )
    if declared in _WIDENS:  # a class to a primitive: only its box unboxes
        return _BOXES[declared] == shown or any(
            _BOXES[source] == shown for source in _WIDENS if declared in _WIDENS[source]
        )
    if shown == "String":
        return declared in _STRING_SUPERTYPES
    if shown in _UNBOXES:  # final: only its supertypes
        return declared in _SHARED or (declared == "Number" and shown not in _NOT_NUMBERS)
    if above is not None:  # a repository class whose every supertype is known
        return declared in above or declared == "Object"
    return declared not in _FINAL  # a final class: nothing else is one


def chosen(
    candidates: list[tuple[str, tuple[str, ...]]],
    args: tuple[Chain | None, ...],
    above: dict[str, set[str] | None] | None = None,
) -> list[str]:
    """The candidates (target, parameter types) a call with `args` may reach: those its
    shown types fit (not varargs, when every argument shows its type and a fixed-arity
    one surely fits), of those the ones that need no boxing, if any, and of those the ones
    taking exactly the shown types, if any, else those no other one is more specific
    than (`(BigDecimal, StringBuffer, FieldPosition)` over `(BigInteger, StringBuffer,
    FieldPosition)` for a `BigDecimal`); all of them when no argument shows its type or
    none fits (what was read was not enough). `above` holds, by shown type, the simple
    names of its supertypes where they are all known (a repository class)."""
    shown = {i: arg[0] for i, arg in enumerate(args) if arg}
    if not shown or len(candidates) < 2:
        return [target for target, _ in candidates]

    def at(params: tuple[str, ...], index: int) -> str:
        if params and params[-1] == VARARGS and index >= len(params) - 1:
            return VARARGS
        return params[index] if index < len(params) else UNKNOWN

    known = above or {}
    applicable = [
        (target, params)
        for target, params in candidates
        if all(fits(kind, at(params, i), known.get(kind)) for i, kind in shown.items())
    ]
    if not applicable:
        return [target for target, _ in candidates]
    if len(shown) == len(args):  # Java tries varargs last: only when nothing else applies
        fixed = [
            (target, params)
            for target, params in applicable
            if VARARGS not in params
            and all(_surely_fits(kind, at(params, i), known.get(kind)) for i, kind in shown.items())
        ]
        applicable = fixed or applicable
    # Java's first phase: without boxing (`put(1)` is `put(long)`, not `put(Object)`)
    strict = [
        (target, params)
        for target, params in applicable
        if not any(_boxes(kind, at(params, i)) for i, kind in shown.items())
    ]
    left = strict or applicable
    exact = [
        target for target, params in left if all(at(params, i) == kind for i, kind in shown.items())
    ]
    if exact:
        return exact

    def dominates(one: tuple[str, ...], other: tuple[str, ...]) -> bool:
        """`one` is more specific than `other`: the shown type where they differ at a
        shown argument, the same type at every other argument."""
        width = max(len(one), len(other), len(args))
        pairs = [(i, at(one, i), at(other, i)) for i in range(width)]
        return any(a != b for _, a, b in pairs) and all(
            a == b or (i in shown and a == shown[i]) for i, a, b in pairs
        )

    return [
        target
        for target, params in left
        if not any(dominates(other, params) for _, other in left if other != params)
    ]


def _surely_fits(shown: str, declared: str, above: set[str] | None) -> bool:
    """`fits`, where it knows (not a class passed to another class it may extend)."""
    known = shown in _WIDENS or shown in _FINAL or declared in _WIDENS or declared in _FINAL
    known = known or above is not None or declared in (shown, "Object")
    return fits(shown, declared, above) and known


def _boxes(shown: str, declared: str) -> bool:
    """Whether passing `shown` to `declared` boxes or unboxes (a primitive and a class)."""
    if declared in (UNKNOWN, VARARGS):
        return False
    return (shown in _WIDENS) != (declared in _WIDENS)
