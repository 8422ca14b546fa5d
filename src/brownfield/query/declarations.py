"""Methods declared without a body, and the methods that implement them; type
declarations (TypeScript's types and interfaces, other languages' interfaces and traits, Go's
types); the bases from outside the repository whose method a method says it overrides.

A method with no body (`abstract void exportNode(...);`, an interface's method, a Python
method whose body is only a docstring, `pass`, `...` or `raise NotImplementedError`)
states a contract: the behaviour a change alters lives in the methods of the same name in
the classes deriving from its class. Read from the file as it is now and from the graph's
`inherits` edges.
"""

from __future__ import annotations

import re
from pathlib import Path

from brownfield.graph.facts import without_overload
from brownfield.graph.store import GraphStore
from brownfield.model import EdgeKind, Node, NodeKind
from brownfield.query.freshness import file_lines, repository_root

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


#: A Rust `impl` header's `for` (not a bound's `for<'a>`): `impl<T> Trait for Type`.
_IMPL_FOR = re.compile(r"\sfor\s+(?!<)")
#: What else a Rust method's block may be, or what ends the one above it.
_OTHER_ITEMS = ("}", "fn ", "pub ", "mod ", "trait ", "struct ", "enum ", "macro_rules!")
#: A method's own word that it overrides one of its bases' (Java's annotation, the C#,
#: TypeScript and Kotlin modifier).
_OVERRIDE = re.compile(r"@Override\b|\boverride\b")
#: Python methods the language calls that a base from outside may call too (not those
#: that construct an instance: a base's code does not construct its subclasses).
_CONSTRUCTING = frozenset({"__init__", "__new__", "__init_subclass__", "__post_init__"})


def outside_bases(store: GraphStore, node: Node) -> list[str]:
    """The bases from outside the repository a method's class extends or implements,
    directly or through repository classes (`serde.de.SeqAccess`, `collections.abc.Mapping`),
    those the method says it overrides a method of (`overridden_bases`): code there, which
    the graph does not read, may call it. None for anything else."""
    if node.kind is not NodeKind.METHOD:
        return []
    path, _, qualname = without_overload(node.id).partition("::")
    owner = qualname.rpartition(".")[0]
    if not owner:
        return []
    bases = ancestors(store, f"{path}::{owner}")
    known = store.nodes(bases)
    outside = [b for b in bases if b not in known or known[b].kind is NodeKind.EXTERNAL]
    return overridden_bases(repository_root(store), node, outside) if outside else []


def ancestors(store: GraphStore, class_id: str) -> list[str]:
    """The bases of a class (node ids), theirs and so on, nearest first, each once; a base
    from outside the repository ends its line (the graph holds none of its bases)."""
    found: list[str] = []
    todo = [class_id]
    while todo:
        above = store.edges_out_of(todo, [EdgeKind.INHERITS])
        todo = [b for b in dict.fromkeys(e.dst for e in above) if b not in found and b != class_id]
        found += todo
    return found


def overridden_bases(root: Path, node: Node, bases: list[str]) -> list[str]:
    """Those of a method's class's `bases` the method says it overrides a method of, where
    its code says so: a Rust method of an `impl Trait for Type` block (the trait, if among
    them); a Java, C#, TypeScript or Kotlin method marked `@Override` or `override`; a
    Python special method (`__getitem__`), which any base may call. None otherwise: a
    base's code calls what it declares, which the repository does not show."""
    text = file_lines(root, node.path or "") if node.line else None
    if text is None or node.line is None or node.line > len(text):
        return []
    if node.language == "rust":
        header = _rust_trait_header(text, node.line)
        return [b for b in bases if re.search(rf"\b{re.escape(b.rpartition('.')[2])}\b", header)]
    if node.language == "python":
        special = node.name.startswith("__") and node.name.endswith("__")
        return bases if special and node.name not in _CONSTRUCTING else []
    above: list[str] = []  # the definition's first line, with the annotations written above it
    for line in reversed(text[max(node.line - 6, 0) : node.line]):
        if above and line.rstrip().endswith(("}", ";", "{")):
            break
        if not line.lstrip().startswith(("*", "/*", "//")):  # "Subclasses may override this"
            above.append(line)
    return bases if any(_OVERRIDE.search(line) for line in above) else []


def _rust_trait_header(text: list[str], line: int) -> str:
    """The part before `for` of the `impl Trait for Type` header a Rust method at `line` is
    written in; empty for a method of an inherent `impl Type` block, a trait's or a module's."""
    indent = len(text[line - 1]) - len(text[line - 1].lstrip())
    for at in range(line - 2, -1, -1):
        stripped = text[at].lstrip()
        if not stripped or len(text[at]) - len(stripped) >= indent:
            continue  # inside the block, or blank
        item = stripped.removeprefix("unsafe ")
        if item.startswith(_OTHER_ITEMS):
            return ""  # the method is in something else (a trait, a module)
        if item.startswith("impl"):
            header = " ".join(text[at : line - 1]).partition("{")[0]  # may take lines
            parts = _IMPL_FOR.split(header, maxsplit=1)
            return parts[0] if len(parts) > 1 else ""
    return ""


#: A TypeScript declaration file's suffix -> the suffixes of the JavaScript it may declare
#: the types of: a behaviour changes in the code (dotenv's `lib/main.js`), its declaration
#: beside it (`lib/main.d.ts`) follows.
_DECLARES = {".d.ts": (".js", ".cjs", ".mjs", ".jsx"), ".d.mts": (".mjs",), ".d.cts": (".cjs",)}


def declaring_javascript(store: GraphStore, paths: set[str]) -> set[str]:
    """The paths that are TypeScript declarations of JavaScript beside them."""
    found = set()
    for path in paths:
        for suffix, sources in _DECLARES.items():
            stem = path.removesuffix(suffix)
            if stem != path and any(store.file_row(stem + s) for s in sources):
                found.add(path)
    return found
