"""Python: turn tree-sitter query matches into `FileFacts` (definitions, imports, calls...)."""

from __future__ import annotations

import bisect
import re
from typing import Any

from brownfield.graph.facts import (
    CALL,
    SUBSCRIPT,
    BindingFact,
    CallFact,
    Chain,
    Definition,
    FileFacts,
    ImportFact,
    ReturnFact,
)

Node = Any  # tree_sitter.Node; typed loosely so this module needs no tree-sitter import
Match = tuple[int, dict[str, list[Node]]]

_PLAIN_CHAIN = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")


def _text(node: Node) -> str:
    return bytes(node.text).decode("utf-8", "replace")


def _line(node: Node) -> int:
    return int(node.start_point.row) + 1


def chain_of(node: Node) -> Chain | None:
    """The expression as a chain of steps, or None when it is not one (a literal, a lambda)."""
    raw = node.text
    if _PLAIN_CHAIN.fullmatch(raw):
        return tuple(raw.decode("utf-8", "replace").split("."))
    kind = node.type
    if kind == "identifier":
        return (_text(node),)
    if kind == "attribute":
        head = chain_of(node.child_by_field_name("object"))
        attribute = node.child_by_field_name("attribute")
        return None if head is None or attribute is None else (*head, _text(attribute))
    if kind == "call":
        head = chain_of(node.child_by_field_name("function"))
        return None if head is None else (*head, CALL)
    if kind == "subscript":
        head = chain_of(node.child_by_field_name("value"))
        return None if head is None else (*head, SUBSCRIPT)
    if kind == "parenthesized_expression" and node.named_child_count == 1:
        return chain_of(node.named_children[0])
    return None


class _Scopes:
    """Finds the innermost definition whose body holds a byte offset."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.spans: list[tuple[int, int, str, int]] = []  # body_start, end, qualname, parent

    def add(self, body_start: int, end: int, qualname: str, parent: int) -> None:
        self.starts.append(body_start)
        self.spans.append((body_start, end, qualname, parent))

    def at(self, offset: int) -> str:
        index = bisect.bisect_right(self.starts, offset) - 1
        while index >= 0:
            body_start, end, qualname, parent = self.spans[index]
            if body_start <= offset < end:
                return qualname
            index = parent
        return ""


def extract(root: Node, source: bytes, matches: list[Match]) -> FileFacts:
    """Build the facts of one Python file from the matches of its grammar's queries."""
    facts = FileFacts(language="python")
    definitions: list[tuple[Node, dict[str, list[Node]]]] = []
    calls: list[dict[str, list[Node]]] = []
    imports: list[Node] = []
    bindings: list[dict[str, list[Node]]] = []
    returns: list[dict[str, list[Node]]] = []
    for _, captures in matches:
        if "definition.class" in captures:
            definitions.append((captures["definition.class"][0], captures))
        elif "definition.function" in captures:
            definitions.append((captures["definition.function"][0], captures))
        elif "reference.call" in captures:
            calls.append(captures)
        elif "import" in captures:
            imports.append(captures["import"][0])
        elif "binding" in captures:
            bindings.append(captures)
        elif "return" in captures:
            returns.append(captures)

    scopes = _Scopes()
    definitions.sort(key=lambda item: item[0].start_byte)
    stack: list[tuple[int, int, str, bool]] = []  # end byte, span index, qualname, is class
    for node, captures in definitions:
        if _header_is_broken(captures):
            continue  # `def g(:` is a syntax error, not a definition
        while stack and stack[-1][0] <= node.start_byte:
            stack.pop()
        parent_index, parent_name, parent_is_class = (
            (stack[-1][1], stack[-1][2], stack[-1][3]) if stack else (-1, "", False)
        )
        name = _text(captures["name"][0])
        qualname = f"{parent_name}.{name}" if parent_name else name
        is_class = node.type == "class_definition"
        kind = "class" if is_class else ("method" if parent_is_class else "function")
        decorators = _decorator_nodes(node)
        for decorator in decorators:
            if decorator.type != "call":  # `@name` is called at definition time too
                facts.calls.append(
                    CallFact(
                        parent_name, chain_of(decorator), _text(decorator)[:80], _line(decorator)
                    )
                )
        facts.definitions.append(
            Definition(
                kind=kind,
                qualname=qualname,
                scope=parent_name,
                line=_line(node),
                end_line=int(node.end_point.row) + 1,
                bases=_bases(captures.get("bases")),
                decorators=tuple(chain_of(decorator) for decorator in decorators),
                params=_params(captures.get("parameters")),
            )
        )
        scopes.add(captures["body"][0].start_byte, node.end_byte, qualname, parent_index)
        stack.append((node.end_byte, len(scopes.spans) - 1, qualname, is_class))

    for captures in calls:
        call = captures["reference.call"][0]
        callee = captures["callee"][0]
        facts.calls.append(
            CallFact(
                scope=scopes.at(call.start_byte),
                chain=chain_of(callee),
                text=_text(callee)[:80],
                line=_line(call),
            )
        )
    for node in imports:
        facts.imports.extend(_imports(node, scopes.at(node.start_byte)))
    for captures in bindings:
        _binding(facts, scopes, captures)
    for captures in returns:
        node = captures["return"][0]
        value = chain_of(captures["value"][0])
        if value is not None:
            facts.returns.append(ReturnFact(scopes.at(node.start_byte), value, _line(node)))
    return facts


def _header_is_broken(captures: dict[str, list[Node]]) -> bool:
    """A definition whose parameters or bases hold a parse error, or whose body is empty."""
    header = captures.get("parameters") or captures.get("bases") or []
    body = captures["body"][0]
    return any(node.has_error for node in header) or body.end_byte == body.start_byte


def _bases(nodes: list[Node] | None) -> tuple[Chain, ...]:
    if not nodes:
        return ()
    found = []
    for child in nodes[0].named_children:
        if child.type in ("keyword_argument", "comment"):
            continue
        chain = chain_of(child)
        if chain is not None:
            found.append(chain)
    return tuple(found)


def _decorator_nodes(node: Node) -> list[Node]:
    parent = node.parent
    if parent is None or parent.type != "decorated_definition":
        return []
    return [
        child.named_children[0]
        for child in parent.named_children
        if child.type == "decorator" and child.named_child_count
    ]


_PARAM_PREFIX = {"list_splat_pattern": "*", "dictionary_splat_pattern": "**"}


def _params(nodes: list[Node] | None) -> tuple[str, ...]:
    if not nodes:
        return ()
    names = []
    for child in nodes[0].named_children:
        kind = child.type
        if kind == "identifier":
            names.append(_text(child))
        elif kind in ("default_parameter", "typed_default_parameter"):
            name = child.child_by_field_name("name")
            if name is not None:
                names.append(_text(name))
        elif kind == "typed_parameter" and child.named_child_count:
            first = child.named_children[0]
            names.append(_PARAM_PREFIX.get(first.type, "") + _text(first).lstrip("*"))
        elif kind in _PARAM_PREFIX and child.named_child_count:
            names.append(_PARAM_PREFIX[kind] + _text(child.named_children[0]))
    return tuple(names)


def _dotted(node: Node) -> str:
    return "".join(_text(node).split())


def _imports(node: Node, scope: str) -> list[ImportFact]:
    line = _line(node)
    found: list[ImportFact] = []
    if node.type == "import_statement":
        for child in node.named_children:
            if child.type == "dotted_name":
                found.append(ImportFact(scope, _dotted(child), None, None, 0, line))
            elif child.type == "aliased_import":
                name, alias = child.child_by_field_name("name"), child.child_by_field_name("alias")
                found.append(ImportFact(scope, _dotted(name), None, _text(alias), 0, line))
        return found
    module_node = node.child_by_field_name("module_name")
    level, module = 0, ""
    if module_node is not None and module_node.type == "relative_import":
        for part in module_node.named_children:
            if part.type == "import_prefix":
                level = _text(part).count(".")
            elif part.type == "dotted_name":
                module = _dotted(part)
    elif module_node is not None:
        module = _dotted(module_node)
    for child in node.named_children:
        if child is module_node or child == module_node:
            continue
        if child.type == "wildcard_import":
            found.append(ImportFact(scope, module, "*", None, level, line))
        elif child.type == "dotted_name":
            found.append(ImportFact(scope, module, _dotted(child), None, level, line))
        elif child.type == "aliased_import":
            name, alias = child.child_by_field_name("name"), child.child_by_field_name("alias")
            found.append(ImportFact(scope, module, _dotted(name), _text(alias), level, line))
    return found


def _binding(facts: FileFacts, scopes: _Scopes, captures: dict[str, list[Node]]) -> None:
    node = captures["binding"][0]
    target_node, value_node = captures["target"][0], captures["value"][0]
    if target_node.type not in ("identifier", "attribute"):
        return  # tuple unpacking and subscripts bind nothing we follow
    target = chain_of(target_node)
    if target is None or CALL in target or SUBSCRIPT in target:
        return
    scope = scopes.at(node.start_byte)
    if target == ("__all__",) and not scope and value_node.type in ("list", "tuple"):
        facts.exports = [
            _text(item)[1:-1]
            for item in value_node.named_children
            if item.type == "string" and len(_text(item)) >= 2
        ]
    facts.bindings.append(BindingFact(scope, target, chain_of(value_node), _line(node)))
