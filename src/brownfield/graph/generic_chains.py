"""Expressions and types as chains, read from their text (every language but Python).

Expressions become chains by their text: `a.b`, `a::b`, `a->b`, `new A(...)`, `A{...}`,
`f(...)` (a call step, `()`), `a[i]` (a subscript step, `[]`), `x.(T)` (Go: a `T`),
stripped of `&`, `*` and `new`. A type becomes the chain of an instance: `T` is `T()`,
and a collection type (`[]T`, `map[K]T`, `T[]`, `chan T`) is `T() [*]`, whose elements
(`[]`) are `T()`.
"""

from __future__ import annotations

import re

from brownfield.graph.facts import CALL, SUBSCRIPT, Chain

#: The step of a collection type: `[]T` is `T() [*]`; a subscript (`[]`) of it is a `T()`.
ELEMENTS = "[*]"
#: Marks the k-th declared result (k >= 1) of a function: `#1`, `#2`...; the call step
#: `()#1` takes it (`a, b := f()`: `b` is `f ()#1`).
RESULT = "#"
#: Marks a member destructured from a call's result (`const { a } = f()`: `f () {}a`), which
#: is nothing where outside code made the result (`generic_called.taken_out`).
DESTRUCTURED = "{}"
#: A language's generic types as `declared_chain` sees them: transparent, wrapped, sequences.
Wrappers = tuple[frozenset[str], frozenset[str], frozenset[str]]

_NAME = re.compile(r"[$@#]{0,2}[A-Za-z_][A-Za-z0-9_$]*(?:[!?](?![.:=]))?")
_SIMPLE = re.compile(r"[A-Za-z_][A-Za-z0-9_$]*(?:\.[A-Za-z_][A-Za-z0-9_$]*)*\Z")
_SEPARATOR = re.compile(r"\s*(?:\.|::|->|\?\.|\\)\s*")
_PREFIX = re.compile(r"(?:new\s+|await\s+|&|\*|\\|::)*")  # `::Dir`: the top level's
_COLLECTION = re.compile(r"^(?:\[[^\]]*\]|map\[[^\]]*\]|(?:<-\s*)?chan\s+(?:<-\s*)?)")
_CLOSING = {"(": ")", "<": ">", "{": "}", "[": "]"}
_BRACKETS = {
    opener: re.compile(f"[{re.escape(opener)}{re.escape(closer)}]")
    for opener, closer in _CLOSING.items()
}
_NOT_A_TYPE = re.compile(r"[()\n;=]")  # after ` as `: the cast's type has none of these


#: `require("./x")` written inside an expression (`require("./x")(app)`, `.f()` after it).
_REQUIRED = re.compile(r"\brequire\(\s*(['\"`])([^'\"`]+)\1\s*\)")


def required(text: str) -> str:
    """An expression with each `require("./x")` in it replaced by the name the module is
    imported as there (`required_name`): `require("./routes")(app)` calls that module."""
    return _REQUIRED.sub(lambda found: required_name(found[2]), text)


def required_name(spec: str) -> str:
    """The name a `require(spec)` written inside an expression imports its module as (a
    JavaScript import made by the query's `@import.inline`): `require$__routes`."""
    return "require$" + re.sub(r"\W", "_", spec)


def chain_of_text(text: str) -> Chain | None:
    """`this.repo.find(x)` -> ("this", "repo", "find", "()"); `new A(1)` -> ("A", "()");
    `Type{...}` (a Go literal) -> ("Type", "()"); `a[0].b` -> ("a", "[]", "b");
    `x.(*T).m` -> ("T", "()", "m"); None for anything else (`a + b`)."""
    text = text.strip()
    if _SIMPLE.match(text):  # the common case, `a` or `a.b.c`: no brackets, no prefix
        return tuple(text.split("."))
    prefix = _PREFIX.match(text)
    constructs = bool(prefix and "new" in prefix.group(0))
    position = prefix.end() if prefix else 0
    steps: list[str] = []
    while True:
        if text.startswith("<", position):  # `Vec::<i32>::new`
            position = _skip_space(text, _balanced(text, position))
            separator = _SEPARATOR.match(text, position)
            position = separator.end() if separator else position
        if text.startswith("(", position):
            end = _balanced(text, position)
            inner = _parenthesized(text[position + 1 : end - 1], steps, text[end : end + 1])
            if inner is None or end > len(text):
                return None
            steps[:] = list(inner)
            position = _skip_space(text, end)
        else:
            name = _NAME.match(text, position)
            if name is None:
                return None
            steps.append(name.group(0))
            position = _skip_space(text, name.end())
            if text.startswith("!", position) and text[position + 1 : position + 2] in ".[(":
                position += 1  # TypeScript's `x!.y`: not null
        if text.startswith("<", position):  # generic arguments: `List<T>`, `::<T>`
            position = _skip_space(text, _balanced(text, position))
        while position < len(text) and text[position] in "({[":
            opener = text[position]
            position = _skip_space(text, _balanced(text, position))
            steps.append(SUBSCRIPT if opener == "[" else CALL)
            if opener != "[":
                constructs = False
            if opener == "{":
                break
        if constructs and position >= len(text):
            steps.append(CALL)  # `new Foo` without arguments
        if position >= len(text):
            return tuple(steps) if position == len(text) else None
        separator = _SEPARATOR.match(text, position)
        if separator is None or separator.end() == position:
            return None
        position = separator.end()


#: A Java or C# cast at the start of a parenthesized receiver: `(Future<?>) r`, `(a.B) x`.
_CAST = re.compile(r"\(\s*(?P<type>[A-Za-z_][\w.]*(?:\s*<[^()]*>)?)\s*\)\s*[A-Za-z_$(]")


def _parenthesized(inner: str, steps: list[str], after: str) -> Chain | None:
    """The steps a parenthesized part of a chain stands for: after a name, `x.(*T)` (a Go
    type assertion: a T); at the start, `(x as T)` (a TypeScript cast: a T), `(*T)(x)` (a
    Go conversion: the type T, which the call step that follows makes a T), `((T) x)` (a
    Java or C# cast: a T) or `(a.b)`."""
    if steps:
        return type_chain(inner)
    cast = inner.rfind(" as ")
    if cast > 0 and not _NOT_A_TYPE.search(inner, cast + 4):
        return type_chain(inner[cast + 4 :])
    if after == "(":
        converted = type_chain(inner)
        return None if converted is None else converted[:-1]
    java = _CAST.match(inner)  # `((Future<?>) r).isCancelled()`: a Java or C# cast, a T
    return type_chain(re.sub(r"<.*>", "", java["type"])) if java else chain_of_text(inner)


def type_chain(text: str) -> Chain | None:
    """A declared type as the chain of a value of it: `Repo` -> ("Repo", "()"), `*Repo`
    the same, `[]*Repo` / `Repo[]` / `map[string]Repo` -> ("Repo", "()", "[*]")."""
    text = text.strip().lstrip("*&").strip()
    collection = _COLLECTION.match(text)
    if collection and collection.end():
        element = type_chain(text[collection.end() :])
        return None if element is None else (*element, ELEMENTS)
    if text.endswith("[]"):
        element = type_chain(text[:-2])
        return None if element is None else (*element, ELEMENTS)
    chain = chain_of_text(text)
    if chain is None or chain[-1] in (CALL, SUBSCRIPT):
        return chain if chain is None or chain[-1] == CALL else None
    return (*chain, CALL)


def _skip_space(text: str, position: int) -> int:
    while position < len(text) and text[position].isspace():
        position += 1
    return position


def _balanced(text: str, position: int) -> int:
    """The index just past the bracket group opening at `position` (or past the end)."""
    opener = text[position]
    depth = 0
    for found in _BRACKETS[opener].finditer(text, position):
        if found.group() == opener:
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                return found.end()
    return len(text) + 1


#: A C++ operator's name, maybe qualified: `operator()`, `Adder::operator[]`, `operator bool`.
_OPERATOR = re.compile(r"(?:(.*)::)?\s*(operator\b.*)", re.S)


def operator_chain(text: str) -> Chain | None:
    """`A::operator()` -> ("A", "operator()"): its brackets are no call (None for a name
    that is no operator)."""
    found = _OPERATOR.fullmatch(text)
    if found is None or "operator" not in text:
        return None
    scope = tuple(part.strip() for part in found.group(1).split("::")) if found.group(1) else ()
    return (*scope, " ".join(found.group(2).split()))


_GENERIC = re.compile(r"^(?:[A-Za-z_][\w]*::)*([A-Za-z_]\w*)\s*<(.*)>$", re.S)
_REFERENCE = re.compile(r"^&\s*(?:'\w+\s+)?(?:mut\s+)?")


#: What a value of a declared union may be besides the type it names (`Node | undefined`).
_NULLISH = frozenset({"null", "undefined", "void"})
#: Generic types whose values are sequences of their argument (`Array<Node>`: `Node[]`).
_SEQUENCES = frozenset({"Array", "ReadonlyArray"})
#: TypeScript's primitive types: a sequence of one (`string[]`) is an `Array` and no more.
_PRIMITIVES = frozenset({"string", "number", "boolean", "bigint", "symbol", "any", "unknown"})


def declared_chain(
    text: str,
    transparent: frozenset[str],
    wrapped: frozenset[str],
    sequences: frozenset[str] = frozenset(),
) -> Chain | None:
    """A declared type as the chain of a value of it, seen through generic types: one of
    `transparent`'s is the type inside (Rust's `Box<Node>`, `&'a mut Node`: `Node`); one
    of `wrapped`'s is the type inside with a marker step `<Result>` after it (what `?` or
    `unwrap()` take out of a `Result<Value, Error>` is a `Value`). A union of one type and
    nothing (`Node | undefined`, `null | Node`) is that type; `Array<Node>`, and one of
    `sequences`' (C#'s `List<Node>`), is `Node[]`, and `string[]` an `Array`."""
    markers: list[str] = []
    for _ in range(8):  # `Option<Box<Rc<Node>>>`
        text = _REFERENCE.sub("", text.strip())
        named = [t for t in _top_level(text, "|") if t.strip() not in _NULLISH]
        if len(named) != 1:  # `Array<string | symbol>` is an Array still
            return ("Array", CALL) if ELEMENTS in markers else None
        text = named[0].strip()
        found = _GENERIC.match(text)
        if found is None or found.group(1) not in transparent | wrapped | _SEQUENCES | sequences:
            break
        if found.group(1) in wrapped:
            markers.insert(0, f"<{found.group(1)}>")
        elif found.group(1) in _SEQUENCES | sequences:
            markers.insert(0, ELEMENTS)
        text = _top_level(found.group(2), ",")[0]
    chain = type_chain(text)
    if chain is None:
        return None
    if chain[0] in _PRIMITIVES and ELEMENTS in (*chain, *markers) and not sequences:
        return ("Array", CALL)  # (TypeScript's: a C# `List<string>` is no `Array`)
    return (*chain, *markers)


def _top_level(text: str, separator: str) -> list[str]:
    """`HashMap<K, V>, E` -> [`HashMap<K, V>`, ` E`]: split at `separator` outside brackets."""
    parts, depth, start = [], 0, 0
    for at, char in enumerate(text):
        if char in "<([{":
            depth += 1
        elif char in ">)]}":
            depth -= 1
        elif char == separator and depth == 0:
            parts.append(text[start:at])
            start = at + 1
    return [*parts, text[start:]]
