"""Definitions a language calls without their name: an operator (Ruby's `def ==`, C++'s
`operator==`), a Rust operator trait's method (`index` of `impl Index for T`, which `t[i]`
calls), a method of a protocol the language or its library calls (Python's `__eq__`, Go's
`String`, Java's `toString`, PHP's `__get`). The graph follows no such call, so "no
resolved caller" of one says so rather than "no unresolved call is named `index` either"."""

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
#: Methods a language or its standard library may call without their name, by language:
#: the name -> what calls it.
_PROTOCOLS = {
    "go": {
        "String": "`fmt`'s printing (a `fmt.Stringer`)",
        "Error": "`fmt`'s printing and the `errors` package (an `error`)",
        "Format": "`fmt`'s printing (a `fmt.Formatter`)",
        "GoString": "`fmt`'s `%#v`",
        "ServeHTTP": "`net/http`'s server (an `http.Handler`)",
    },
    "java": {
        "toString": "string concatenation and formatting",
        "equals": "collections and `Objects.equals`",
        "hashCode": "hash-based collections",
        "compareTo": "sorting and sorted collections (a `Comparable`)",
        "close": "try-with-resources (an `AutoCloseable`)",
        "iterator": "a for-each loop (an `Iterable`)",
    },
    "javascript": {
        "toString": "string conversion and template literals",
        "valueOf": "arithmetic and comparison",
        "toJSON": "`JSON.stringify`",
        "then": "`await` (a thenable)",
    },
    "ruby": {
        "to_s": "string interpolation",
        "to_str": "implicit conversion to a String",
        "inspect": "`p` and the console",
        "each": "`Enumerable`'s methods and `for`",
        "hash": "Hash keys",
        "eql?": "Hash keys",
        "method_missing": "a call of any method the object does not define",
        "respond_to_missing?": "`respond_to?`",
        "coerce": "arithmetic with a built-in number",
    },
    "csharp": {
        "ToString": "string conversion and interpolation",
        "Equals": "collections and `==` of a record",
        "GetHashCode": "hash-based collections",
        "Dispose": "a `using` statement (an `IDisposable`)",
        "GetEnumerator": "a `foreach` loop",
    },
    "php": {
        "__toString": "string conversion",
        "__get": "reading a property the object does not declare",
        "__set": "writing a property the object does not declare",
        "__isset": "`isset()` of a property the object does not declare",
        "__unset": "`unset()` of a property the object does not declare",
        "__call": "a call of a method the object does not define",
        "__callStatic": "a static call of a method the class does not define",
        "__invoke": "calling the object as a function",
        "__destruct": "the end of the object's life",
        "__clone": "`clone`",
        "__serialize": "`serialize()`",
        "__unserialize": "`unserialize()`",
        "getIterator": "a `foreach` loop (an `IteratorAggregate`)",
        "offsetGet": "`$x[$key]` (an `ArrayAccess`)",
        "offsetSet": "`$x[$key] = ...` (an `ArrayAccess`)",
        "offsetExists": "`isset($x[$key])` (an `ArrayAccess`)",
        "offsetUnset": "`unset($x[$key])` (an `ArrayAccess`)",
        "jsonSerialize": "`json_encode()` (a `JsonSerializable`)",
        "count": "`count()` (a `Countable`)",
    },
}
_PROTOCOLS["typescript"] = _PROTOCOLS["tsx"] = _PROTOCOLS["javascript"]
#: Python's special methods the language calls (operators, builtins, `with`, `for`): all
#: but the constructors, whose calls the graph resolves (`X()`).
_DUNDER = re.compile(r"__(?!init__|new__)\w+__")
_IMPL = re.compile(r"^\s*(?:unsafe\s+)?impl\b")
LOOK_BACK = 500  # lines read up from a method for its `impl` header


def called_without_name(store: GraphStore, node: Node) -> str | None:
    """How the language calls `node` without naming it, as a clause of a "no resolved
    caller" answer, or None when it is called by its name."""
    if _SYMBOLIC.fullmatch(node.name):
        return f"`{node.name}` is an operator, called without its name"
    if node.kind is not NodeKind.METHOD or not node.line:
        return None
    if node.language == "python" and _DUNDER.fullmatch(node.name):
        return (
            f"`{node.name}` is one of Python's special methods, which its operators and "
            "builtins may call without its name"
        )
    how = _PROTOCOLS.get(node.language or "", {}).get(node.name)
    if how:
        return f"`{node.name}` may be called without its name, by {how}"
    if node.language != "rust":
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
