"""Methods declared without a body, and the methods that implement them; type
declarations (TypeScript's types and interfaces, other languages' interfaces and traits, Go's
types).

A method with no body (`abstract void exportNode(...);`, an interface's method, a Python
method whose body is only a docstring, `pass`, `...` or `raise NotImplementedError`)
states a contract: the behaviour a change alters lives in the methods of the same name in
the classes deriving from its class. Read from the file as it is now and from the graph's
`inherits` edges.
"""

from __future__ import annotations

import re
from pathlib import Path

from brownfield.graph.store import GraphStore
from brownfield.model import EdgeKind, Node, NodeKind
from brownfield.query.freshness import file_lines

MAX_DERIVED = 50  # classes looked at for implementations, nearest first
#: Python statements that do nothing but say "not here" (a raise's message may take lines
#: of its own: `raise NotImplementedError(\n    "..."\n)`).
_ARGUMENTS = r"(?:\s*\((?:[^()]|\([^()]*\))*\))?"  # a call's arguments, one level of nesting
_PLACEHOLDERS = re.compile(
    rf"(?:(?:pass|\.\.\.|raise\s+NotImplementedError\b{_ARGUMENTS})[ \t]*(?:#[^\n]*)?\s*)*"
)
#: A leading docstring (or any leading string statement), which is no behaviour.
_DOCSTRING = re.compile(r"\A\s*[rRbBuU]{0,2}(\"\"\"|'''|\"|')(?:.|\n)*?(?<!\\)\1")
#: A one-line Python definition whose body is a placeholder: `def f(self) -> int: ...`.
_ONE_LINE = re.compile(r":\s*(?:pass|\.\.\.)\s*(?:#.*)?$")


def is_bodiless(root: Path, node: Node) -> bool:
    """Whether a method is declared without a body (see the module's docstring)."""
    if node.kind is not NodeKind.METHOD or not node.path:
        return False
    text = file_lines(root, node.path)
    if text is None:
        return False
    lines = text[(node.line or 1) - 1 : node.end_line or node.line or 1]
    if node.path.endswith((".py", ".pyi")):
        return _python_bodiless(lines)
    return bool(lines) and not any("{" in line for line in lines)


def _python_bodiless(lines: list[str]) -> bool:
    """The lines of a `def`: whether what follows its signature only says "not here"."""
    ends = [i for i, line in enumerate(lines) if line.split("#")[0].rstrip().endswith(":")]
    if not ends:
        return bool(lines) and _ONE_LINE.search(lines[-1]) is not None
    body = _DOCSTRING.sub("", "\n".join(lines[ends[0] + 1 :]), count=1)
    statements = [s.strip() for s in body.splitlines() if s.strip()]
    code = "\n".join(s for s in statements if not s.startswith("#"))
    return _PLACEHOLDERS.fullmatch(code) is not None


def implementations(store: GraphStore, node: Node, root: Path, limit: int) -> list[Node]:
    """The methods named as `node` in the classes deriving from its class (nearest first,
    then by id), those with a body, at most `limit`."""
    owner = node.id.rpartition(".")[0]
    derived: list[str] = []
    todo = [owner]
    while todo and len(derived) < MAX_DERIVED:
        below = {edge.src for edge in store.edges_into(todo, [EdgeKind.INHERITS])}
        todo = sorted(below - set(derived) - {owner})
        derived += todo
    ids = [f"{cls}.{node.name}" for cls in derived[:MAX_DERIVED]]
    found = store.nodes(ids)
    methods = [found[i] for i in ids if i in found and found[i].kind is NodeKind.METHOD]
    return [method for method in methods if not is_bodiless(root, method)][:limit]


#: A TypeScript declaration of a type (`export interface QueryState<T> {`, `type Action =`).
_TYPE_DECLARATION = re.compile(
    r"\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:interface|type)\s"
)
_TYPESCRIPT = (".ts", ".tsx", ".mts", ".cts")


#: A Go interface type (`type Unmarshaler interface {`) or a Java interface (not `@interface`).
_INTERFACE = {
    ".go": re.compile(r"\s*type\s+\w+(?:\[[^\]]*\])?\s+interface\b"),
    ".java": re.compile(
        r"\s*(?:(?:public|protected|private|static|abstract|sealed|non-sealed|strictfp)\s+)*"
        r"interface\s"
    ),
    ".cs": re.compile(
        r"\s*(?:(?:public|internal|protected|private|partial|unsafe|static|new)\s+)*interface\s"
    ),
    ".rs": re.compile(r"\s*(?:pub(?:\([^)]*\))?\s+)?(?:unsafe\s+)?trait\s"),
    ".php": re.compile(r"\s*interface\s"),
}


def is_go_type(node: Node) -> bool:
    """Whether a class node is a Go type (a struct, an interface, a named type): data, whose
    methods are definitions of their own; code builds and names it, and calls it only to
    convert a value (`HandlerFunc(f)`)."""
    return node.kind is NodeKind.CLASS and (node.path or "").endswith(".go")


def is_named_only(store: GraphStore, root: Path, node: Node) -> bool:
    """Whether code only names a definition, never calls it: a type declaration, or a Go
    type no call reaches (no conversion `T(x)`; a literal `T{...}` is no call)."""
    return is_type_declaration(root, node) or (
        is_go_type(node) and not store.edges_into([node.id], [EdgeKind.CALLS])
    )


def is_type_declaration(root: Path, node: Node) -> bool:
    """Whether a class node is a TypeScript interface or type alias (not one named as the
    value declared with it), a Go, Java, C# or PHP interface or a Rust trait: a shape, no
    code."""
    if node.kind is not NodeKind.CLASS or not node.path:
        return False
    suffix = node.path[node.path.rfind(".") :]
    pattern = _TYPE_DECLARATION if suffix in _TYPESCRIPT else _INTERFACE.get(suffix)
    if pattern is None:
        return False
    text = file_lines(root, node.path)
    line = (node.line or 1) - 1
    if text is None or line >= len(text) or pattern.match(text[line]) is None:
        return False
    if suffix not in _TYPESCRIPT:
        return True
    # a TypeScript type named as the value declared with it (`interface X {...}` then
    # `const X = ...`, one node) is that value's type: the value is code
    value = re.compile(
        rf"\s*(?:export\s+)?(?:const|let|var|function|class)\s+{re.escape(node.name)}\b"
    )
    return not any(value.match(row) for row in text[line : node.end_line or line + 1])
