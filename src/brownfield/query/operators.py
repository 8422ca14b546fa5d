"""Definitions a language calls without their name: an operator (Ruby's `def ==`, C++'s
`operator==`) and a Rust operator trait's method (`index` of `impl Index for T`, which
`t[i]` calls). The graph follows no such call, so "no resolved caller" of one says so
rather than "no unresolved call is named `index` either"."""

from __future__ import annotations

import re

from brownfield.graph.store import GraphStore
from brownfield.model import Node, NodeKind
from brownfield.query.freshness import file_lines, repository_root

#: An operator's name: its calls (`a == b`) do not spell it.
_SYMBOLIC = re.compile(r"[^\w\s]+|operator\W.*")
#: Rust's traits whose methods the language calls without their name: (the methods, what
#: calls them).
_RUST_TRAITS = {
    "Index": (("index",), "`x[i]`"),
    "IndexMut": (("index_mut",), "`x[i]`"),
    "Deref": (("deref",), "`*x` and auto-deref"),
    "DerefMut": (("deref_mut",), "`*x` and auto-deref"),
    "Drop": (("drop",), "the end of a value's scope"),
    "PartialEq": (("eq", "ne"), "`==` and `!=`"),
    "PartialOrd": (("partial_cmp", "lt", "le", "gt", "ge"), "`<`, `<=`, `>` and `>=`"),
    "Iterator": (("next",), "a `for` loop"),
    "IntoIterator": (("into_iter",), "a `for` loop"),
    "Display": (("fmt",), "`{}` formatting"),
    "Debug": (("fmt",), "`{:?}` formatting"),
    **{
        trait: ((trait.lower().replace("assign", "_assign"),), f"`a {sign} b`")
        for trait, sign in (
            ("Add", "+"),
            ("Sub", "-"),
            ("Mul", "*"),
            ("Div", "/"),
            ("Rem", "%"),
            ("BitAnd", "&"),
            ("BitOr", "|"),
            ("BitXor", "^"),
            ("Shl", "<<"),
            ("Shr", ">>"),
            ("AddAssign", "+="),
            ("SubAssign", "-="),
            ("MulAssign", "*="),
            ("DivAssign", "/="),
            ("RemAssign", "%="),
        )
    },
    "Neg": (("neg",), "`-x`"),
    "Not": (("not",), "`!x`"),
}
_IMPL = re.compile(r"^\s*(?:unsafe\s+)?impl\b")
LOOK_BACK = 500  # lines read up from a method for its `impl` header


def called_without_name(store: GraphStore, node: Node) -> str | None:
    """How the language calls `node` without naming it, as a clause of a "no resolved
    caller" answer, or None when it is called by its name."""
    if _SYMBOLIC.fullmatch(node.name):
        return f"`{node.name}` is an operator, called without its name"
    if node.language != "rust" or node.kind is not NodeKind.METHOD or not node.line:
        return None
    lines = file_lines(repository_root(store), node.path or "") or []
    above = lines[max(0, node.line - 1 - LOOK_BACK) : node.line - 1]
    header = next((text for text in reversed(above) if _IMPL.match(text)), None)
    trait = _trait(header) if header else None
    methods, how = _RUST_TRAITS.get(trait or "", ((), ""))
    if node.name not in methods:
        return None
    return f"`{node.name}` implements Rust's `{trait}`, which {how} calls without its name"


def _trait(header: str) -> str | None:
    """The trait an `impl<...> path::Trait<...> for Type` header implements (its last path
    segment), None for an inherent `impl Type`."""
    rest = _IMPL.sub("", header, count=1).lstrip()
    if rest.startswith("<"):  # the impl's own generics, which may nest: `impl<T: Into<U>>`
        depth = 0
        for index, char in enumerate(rest):
            depth += {"<": 1, ">": -1}.get(char, 0)
            if depth == 0:
                rest = rest[index + 1 :].lstrip()
                break
    before, found, _ = rest.partition(" for ")
    if not found:
        return None
    name = re.match(r"[\w:]+", before.lstrip("!"))
    return name.group(0).rpartition("::")[2] if name else None
