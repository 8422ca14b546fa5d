"""Every language but Python: turn query matches into `FileFacts` by capture names alone.

A language's queries (`grammars/<language>/*.scm`) name what they capture; this module
reads those names, so a language needs no extraction code of its own:

* `@definition.class` / `.function` / `.method` with `@name`: a definition. Optional:
  `@base` (each base type), `@owner` (the type a method belongs to when it is written
  outside it: Go receivers, C++ `A::f`), `@return.type` (a declared result type).
* `@scope` with `@name`: a naming scope without a node of its own (Rust `impl T`, a
  namespace block): definitions inside are named `T.f`.
* `@namespace` with `@name`: the file's package or namespace (the first one counts).
* `@reference.call` with `@callee`, or with `@receiver` and `@method`: a call.
* `@import` with `@import.source`, and optionally `@import.name`, `@import.alias`,
  `@import.wildcard`: one imported name (or the whole module when no name).
* `@binding` with `@binding.name` and `@binding.type` (a declared type) or
  `@binding.value` (an expression): a variable, parameter or field.
* `@return` with `@return.value`: a returned expression.

Expressions become chains by their text: `a.b`, `a::b`, `a->b`, `new A(...)`, `A{...}`,
`f(...)` (a call step, `()`), stripped of `&`, `*` and `new`.
"""

from __future__ import annotations

import re
from typing import Any

from brownfield.graph.facts import (
    CALL,
    BindingFact,
    CallFact,
    Chain,
    Definition,
    FileFacts,
    ImportFact,
    ReturnFact,
)
from brownfield.graph.spans import Spans

Node = Any  # tree_sitter.Node
Match = tuple[int, dict[str, list[Node]]]

_NAME = re.compile(r"[$@]{0,2}[A-Za-z_][A-Za-z0-9_]*(?:[!?](?![.:=]))?")
_SEPARATOR = re.compile(r"\s*(?:\.|::|->|\?\.|\\)\s*")
_PREFIX = re.compile(r"(?:new\s+|await\s+|&|\*|\\)*")
_CLOSING = {"(": ")", "<": ">", "{": "}", "[": "]"}
_TOP = ("definition.", "scope", "namespace", "reference.call", "import", "binding", "return")
_KINDS = {"class": "class", "function": "function", "method": "method"}


def chain_of_text(text: str) -> Chain | None:
    """`this.repo.find(x)` -> ("this", "repo", "find", "()"); `new A(1)` -> ("A", "()");
    `Type{...}` (a Go literal) -> ("Type", "()"); None for anything else (`a + b`, `x[0]`)."""
    text = text.strip()
    prefix = _PREFIX.match(text)
    constructs = bool(prefix and "new" in prefix.group(0))
    position = prefix.end() if prefix else 0
    steps: list[str] = []
    while True:
        if text.startswith("<", position):  # `Vec::<i32>::new`
            position = _skip_space(text, _balanced(text, position))
            separator = _SEPARATOR.match(text, position)
            position = separator.end() if separator else position
        name = _NAME.match(text, position)
        if name is None:
            return None
        steps.append(name.group(0))
        position = _skip_space(text, name.end())
        if text.startswith("<", position):  # generic arguments: `List<T>`, `::<T>`
            position = _skip_space(text, _balanced(text, position))
        calls = 0
        while position < len(text) and text[position] in "({":
            literal = text[position] == "{"
            position = _skip_space(text, _balanced(text, position))
            steps.append(CALL)
            calls += 1
            constructs = False
            if literal:
                break
        if constructs and position >= len(text):
            steps.append(CALL)  # `new Foo` without arguments
        if position >= len(text):
            return tuple(steps) if position == len(text) else None
        separator = _SEPARATOR.match(text, position)
        if separator is None or separator.end() == position:
            return None
        position = separator.end()


def _skip_space(text: str, position: int) -> int:
    while position < len(text) and text[position].isspace():
        position += 1
    return position


def _balanced(text: str, position: int) -> int:
    """The index just past the bracket group opening at `position` (or past the end)."""
    opener = text[position]
    closer, depth = _CLOSING[opener], 0
    for index in range(position, len(text)):
        if text[index] == opener:
            depth += 1
        elif text[index] == closer:
            depth -= 1
            if depth == 0:
                return index + 1
    return len(text) + 1


def _text(node: Node) -> str:
    return bytes(node.text).decode("utf-8", "replace")


def _line(node: Node) -> int:
    return int(node.start_point.row) + 1


def _unquote(text: str) -> str:
    return text.strip().strip("'\"`<>")


def extract(root: Node, source: bytes, matches: list[Match], language: str) -> FileFacts:
    """The facts of one file from the matches of its language's queries."""
    facts = FileFacts(language=language)
    grouped: dict[str, list[dict[str, list[Node]]]] = {top: [] for top in _TOP}
    kinds: dict[int, str] = {}
    for pattern, captures in matches:
        top = kinds.get(pattern)
        if top is None:
            top = kinds[pattern] = next(
                (t for t in _TOP for name in captures if name == t or name.startswith(t)), ""
            )
        if top:
            grouped[top].append(captures)

    # Definitions and naming scopes, outermost first, so that names nest.
    spans: list[tuple[Node, dict[str, list[Node]], str]] = []
    for captures in grouped["definition."]:
        kind = next(
            name[len("definition.") :] for name in captures if name.startswith("definition.")
        )
        spans.append((captures[f"definition.{kind}"][0], captures, kind))
    for captures in grouped["scope"]:
        spans.append((captures["scope"][0], captures, "scope"))
    spans.sort(key=lambda item: (item[0].start_byte, -item[0].end_byte))
    scopes: Spans[str] = Spans()
    seen: set[int] = set()
    for node, captures, kind in spans:
        if node.start_byte * 4 + (kind == "scope") in seen or "name" not in captures:
            continue
        seen.add(node.start_byte * 4 + (kind == "scope"))
        parent = scopes.innermost(node.start_byte, "")
        owner = captures.get("owner")
        name_chain = chain_of_text(_text(captures["name"][0])) or (_text(captures["name"][0]),)
        prefix = ".".join(chain_of_text(_text(owner[0])) or ()) if owner else ""
        if not prefix and len(name_chain) > 1:  # `void A::f()`: the owner is in the name
            prefix, name_chain = ".".join(name_chain[:-1]), name_chain[-1:]
        base = ".".join(filter(None, (parent, prefix)))
        qualname = ".".join(filter(None, (base, name_chain[-1])))
        scopes.add(node.start_byte, node.end_byte, qualname)
        if kind == "scope":
            continue
        definition_kind = _KINDS.get(kind, "class")
        if definition_kind == "function" and (owner or _is_class_scope(facts, base)):
            definition_kind = "method"
        facts.definitions.append(
            Definition(
                kind=definition_kind,
                qualname=qualname,
                scope=base,
                line=_line(node),
                end_line=int(node.end_point.row) + 1,
                bases=tuple(
                    chain
                    for base_node in captures.get("base", [])
                    if (chain := chain_of_text(_text(base_node))) is not None
                ),
            )
        )
        for returned in captures.get("return.type", []):
            chain = chain_of_text(_text(returned))
            if chain is not None and chain[-1] != CALL:
                facts.returns.append(ReturnFact(qualname, (*chain, CALL), _line(returned)))

    for captures in grouped["namespace"]:
        if not facts.namespace and "name" in captures:
            facts.namespace = ".".join(chain_of_text(_text(captures["name"][0])) or ())

    for captures in grouped["reference.call"]:
        call = captures["reference.call"][0]
        if "callee" in captures:
            text = _text(captures["callee"][0])
            chain = chain_of_text(text)
            if chain is not None and chain[-1] == CALL:
                chain = None  # `f()()` and the like: not followed
        else:
            receiver = captures.get("receiver")
            method = captures.get("method")
            if method is None:
                continue
            head = chain_of_text(_text(receiver[0])) if receiver else ()
            text = ".".join([*(head or ("?",)), _text(method[0])])
            chain = None if head is None else (*head, _text(method[0]))
        facts.calls.append(
            CallFact(
                scope=scopes.innermost(call.start_byte, ""),
                chain=chain,
                text=(".".join(chain) if chain else " ".join(text.split()))[:80],
                line=_line(call),
            )
        )

    for captures in grouped["import"]:
        node = captures["import"][0]
        spec = captures.get("import.source")
        if not spec:
            continue
        names: list[Node | None] = list(captures.get("import.name") or [None])
        alias = captures.get("import.alias") or captures.get("import.default")
        for name in names:
            facts.imports.append(
                ImportFact(
                    scope=scopes.innermost(node.start_byte, ""),
                    module=_unquote(_text(spec[0])),
                    name="*"
                    if "import.wildcard" in captures
                    else "default"
                    if "import.default" in captures
                    else (_text(name) if name else None),
                    alias=_text(alias[0]) if alias else None,
                    level=0,
                    line=_line(node),
                )
            )

    for captures in grouped["binding"]:
        node = captures["binding"][0]
        if "binding.type" in captures:
            chain = chain_of_text(_text(captures["binding.type"][0]))
            value = (*chain, CALL) if chain and chain[-1] != CALL else chain
        elif "binding.value" in captures:
            value = chain_of_text(_text(captures["binding.value"][0]))
        else:
            value = None
        if "binding.default" in captures:  # `export default x`, `module.exports = x`
            value = value or chain_of_text(_text(captures["binding.default"][0]))
            facts.bindings.append(
                BindingFact(scopes.innermost(node.start_byte, ""), ("default",), value, _line(node))
            )
        for name in captures.get("binding.name", []):
            target = chain_of_text(_text(name))
            if target:
                facts.bindings.append(
                    BindingFact(
                        scopes.innermost(name.start_byte, ""), target[-1:], value, _line(node)
                    )
                )
        for field_node in captures.get("binding.field", []):  # `this.repo = ...`: the class's
            enclosing = scopes.innermost(field_node.start_byte, "")
            cls = next((d.scope for d in facts.definitions if d.qualname == enclosing), "")
            facts.bindings.append(BindingFact(cls, (_text(field_node),), value, _line(node)))

    for captures in grouped["return"]:
        node = captures["return"][0]
        for value_node in captures.get("return.value", []):
            chain = chain_of_text(_text(value_node))
            if chain is not None:
                facts.returns.append(
                    ReturnFact(scopes.innermost(node.start_byte, ""), chain, _line(node))
                )
    return facts


def _is_class_scope(facts: FileFacts, qualname: str) -> bool:
    return bool(qualname) and any(
        d.qualname == qualname and d.kind == "class" for d in reversed(facts.definitions)
    )
