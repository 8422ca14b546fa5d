"""Python: turn tree-sitter query matches into `FileFacts` (definitions, imports, calls...)."""

from __future__ import annotations

import re
from typing import Any

from brownfield.graph.facts import (
    CALL,
    ELSE,
    SUBSCRIPT,
    BindingFact,
    CallFact,
    Chain,
    Definition,
    FileFacts,
    ImportFact,
    ReturnFact,
)
from brownfield.graph.spans import Spans

Node = Any  # tree_sitter.Node; typed loosely so this module needs no tree-sitter import
Match = tuple[int, dict[str, list[Node]]]

_PLAIN_CHAIN = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")


def _text(node: Node) -> str:
    return bytes(node.text).decode("utf-8", "replace")


def _line(node: Node) -> int:
    return int(node.start_point.row) + 1


_CONSTANTS = frozenset({b"None", b"True", b"False"})
_TOP_CAPTURES = (
    "definition.class",
    "definition.function",
    "definition.lambda",
    "reference.call",
    "import",
    "binding",
    "return",
    "loop",
    "with",
    "branch",
)
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
    }
)
_CONTAINERS = frozenset({"dictionary", "list", "tuple", "set", "expression_list"})
_LITERAL_KEYS = frozenset({"string", "integer"})


def chain_of(node: Node, names: dict[int, str] | None = None) -> Chain | None:
    """The expression as a chain of steps, or None when it is not one (a literal...).

    `names` maps the start byte of lambdas and container literals to their synthetic
    names (`<lambda1>`, `<c1203>`), so that they can be referred to like names.
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
        return None if head is None or attribute is None else (*head, _text(attribute))
    if kind not in _CHAIN_KINDS:
        return None
    if names and node.start_byte in names:
        return (names[node.start_byte],)
    if kind == "call":
        head = chain_of(node.child_by_field_name("function"), names)
        return None if head is None else (*head, CALL)
    if kind == "subscript":
        head = chain_of(node.child_by_field_name("value"), names)
        index = node.child_by_field_name("subscript")
        key = _key(index) if index is not None else None
        return None if head is None else (*head, f"[{key}]" if key is not None else SUBSCRIPT)
    if kind == "parenthesized_expression" and node.named_child_count == 1:
        return chain_of(node.named_children[0], names)
    return None


def _key(node: Node) -> str | None:
    """A literal subscript key (`"a"`, `0`) as text, or None."""
    if node.type == "integer":
        return _text(node)
    if node.type == "string" and node.named_child_count <= 3:
        text = _text(node)
        if len(text) >= 2 and text[0] in "'\"" and text[-1] == text[0]:
            return text[1:-1]
    return None


def _branches(alternatives: list[tuple[int, int, int, int]]) -> Spans[tuple[int, int]]:
    """The if/try alternatives (start, end, statement, number) as nested spans."""
    spans: Spans[tuple[int, int]] = Spans()
    for start, end, statement, number in sorted(alternatives, key=lambda a: (a[0], -a[1])):
        spans.add(start, end, (statement, number))
    return spans


def _branch_number(capture: str, alternative: Node) -> int:
    """0 for the body of an if/try, ELSE for an if's else, a distinct number otherwise."""
    if capture == "branch.body":
        return 0
    if capture == "branch.else":
        return ELSE
    return ELSE + 1 + int(alternative.start_byte)


class _Scopes(Spans[str]):
    """Definitions by the span of their body, and the if/try alternatives inside them."""

    def __init__(self, branches: Spans[tuple[int, int]]) -> None:
        super().__init__()
        self.branches = branches

    def at(self, offset: int) -> str:
        """The innermost definition whose body holds `offset` ("" for the module)."""
        return self.innermost(offset, "")

    def branch(self, offset: int) -> tuple[tuple[int, int], ...]:
        """The if/try alternatives holding `offset` inside its innermost scope, outermost
        first."""
        floor = next((start for start, _ in self.holding(offset)), 0)
        path = []
        for start, alternative in self.branches.holding(offset):
            if start < floor:
                break
            path.append(alternative)
        return tuple(reversed(path))


def extract(root: Node, source: bytes, matches: list[Match]) -> FileFacts:
    """Build the facts of one Python file from the matches of its grammar's queries."""
    facts = FileFacts(language="python")
    definitions: list[tuple[Node, dict[str, list[Node]]]] = []
    calls: list[dict[str, list[Node]]] = []
    imports: list[Node] = []
    bindings: list[dict[str, list[Node]]] = []
    returns: list[dict[str, list[Node]]] = []
    loops: list[dict[str, list[Node]]] = []
    withs: list[Node] = []
    alternatives: list[tuple[int, int, int, int]] = []
    groups: dict[str, list[Any]] = {
        "definition": definitions,
        "reference.call": calls,
        "import": imports,
        "binding": bindings,
        "return": returns,
        "loop": loops,
        "with": withs,
    }
    kinds: dict[int, str] = {}  # pattern index -> its top capture; found once per pattern
    for pattern, captures in matches:
        kind = kinds.get(pattern)
        if kind is None:
            kind = kinds[pattern] = next(k for k in _TOP_CAPTURES if k in captures)
        if kind.startswith("definition."):
            definitions.append((captures[kind][0], captures))
        elif kind == "import":
            imports.append(captures["import"][0])
        elif kind == "with":
            withs.append(captures["value"][0])
        elif kind == "branch":
            capture, [alternative] = next((k, v) for k, v in captures.items() if k != kind)
            number = _branch_number(capture, alternative)
            statement = captures[kind][0].start_byte
            alternatives.append((alternative.start_byte, alternative.end_byte, statement, number))
        else:
            groups[kind].append(captures)

    scopes = _Scopes(_branches(alternatives))
    names: dict[int, str] = {}  # start byte of a lambda or container -> its synthetic name
    definitions.sort(key=lambda item: item[0].start_byte)
    stack: list[tuple[int, str, bool]] = []  # end byte, qualname, is class
    lambdas = 0
    for node, captures in definitions:
        if node.type != "lambda" and _header_is_broken(captures):
            continue  # `def g(:` is a syntax error, not a definition
        while stack and stack[-1][0] <= node.start_byte:
            stack.pop()
        parent_name, parent_is_class = (stack[-1][1], stack[-1][2]) if stack else ("", False)
        if node.type == "lambda":
            lambdas += 1
            qualname = names[node.start_byte] = f"<lambda{lambdas}>"  # keyed under the module
            kind = "function"
        else:
            name = _text(captures["name"][0])
            qualname = f"{parent_name}.{name}" if parent_name else name
            kind = (
                "class"
                if node.type == "class_definition"
                else ("method" if parent_is_class else "function")
            )
        decorators = _decorator_nodes(node) if node.type != "lambda" else []
        for depth, decorator in enumerate(reversed(decorators)):
            # `@name` calls name(function); `@factory(arg)` calls what factory(arg) returned.
            # The innermost gets the function itself, each outer one what the inner returned.
            applied_to = f"<def:{qualname}>" if depth == 0 else f"<dec:{qualname}:{depth}>"
            facts.calls.append(
                CallFact(
                    parent_name,
                    chain_of(decorator),
                    _text(decorator)[:80],
                    _line(decorator),
                    args=((applied_to,),),
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
                defaults=_defaults(captures.get("parameters"), names),
            )
        )
        scopes.add(captures["body"][0].start_byte, node.end_byte, qualname)
        stack.append((node.end_byte, qualname, node.type == "class_definition"))

    for captures in calls:
        call = captures["reference.call"][0]
        callee = captures["callee"][0]
        arguments = captures["arguments"][0]
        args, kwargs = (
            _arguments(facts, scopes, names, arguments) if arguments.named_child_count else ((), ())
        )
        chain = chain_of(callee, names)
        facts.calls.append(
            CallFact(
                scope=scopes.at(call.start_byte),
                chain=chain,
                # the callee as written, for reports of unresolved calls
                text=".".join(chain).replace(".()", "()")[:80] if chain else _text(callee)[:80],
                line=_line(call),
                args=args,
                kwargs=kwargs,
            )
        )
    for node in imports:
        branch = scopes.branch(node.start_byte)
        facts.imports.extend(
            fact._replace(branch=branch) for fact in _imports(node, scopes.at(node.start_byte))
        )
    for captures in bindings:
        _binding(facts, scopes, names, captures)
    for captures in returns:
        node = captures["return"][0]
        value = chain_of(captures["value"][0], names)
        if value is not None:
            facts.returns.append(ReturnFact(scopes.at(node.start_byte), value, _line(node)))
    for captures in loops:
        _loop(facts, scopes, names, captures)
    for value in withs:
        _with(facts, scopes, names, value)
    return facts


def _container(facts: FileFacts, scopes: _Scopes, names: dict[int, str], node: Node) -> None:
    """Name a container literal and bind its elements (values keyed by literal keys)."""
    if node.type not in _CONTAINERS or node.start_byte in names:
        return
    name = names[node.start_byte] = f"<c{node.start_byte}>"
    scope, line = scopes.at(node.start_byte), _line(node)
    for index, element in enumerate(node.named_children):
        key: str | None = str(index)
        if element.type == "pair":
            key_node, element = (
                element.child_by_field_name("key"),
                element.child_by_field_name("value"),
            )
            key = _key(key_node) if key_node is not None else None
            if element is None:
                continue
        elif node.type == "set":
            key = None
        if element.type in _CONTAINERS:
            _container(facts, scopes, names, element)
        value = chain_of(element, names)
        if value is not None:
            step = f"[{key}]" if key is not None else SUBSCRIPT
            facts.bindings.append(BindingFact(scope, (name, step), value, line))


def _arguments(
    facts: FileFacts, scopes: _Scopes, names: dict[int, str], node: Node
) -> tuple[tuple[Chain | None, ...], tuple[tuple[str, Chain | None], ...]]:
    """The chains passed to a call, by position and by keyword (literals are None)."""
    args: list[Chain | None] = []
    kwargs: list[tuple[str, Chain | None]] = []
    for argument in node.named_children:
        kind = argument.type
        if kind == "keyword_argument":
            name = argument.child_by_field_name("name")
            value = argument.child_by_field_name("value")
            if name is not None and value is not None:
                if value.type in _CONTAINERS:
                    _container(facts, scopes, names, value)
                chain = chain_of(value, names)
                if chain is not None:
                    kwargs.append((_text(name), chain))
        elif kind not in ("list_splat", "dictionary_splat", "comment"):
            if kind in _CONTAINERS:
                _container(facts, scopes, names, argument)
            args.append(chain_of(argument, names))
    while args and args[-1] is None:
        args.pop()
    return tuple(args), tuple(kwargs)


def _loop(
    facts: FileFacts, scopes: _Scopes, names: dict[int, str], captures: dict[str, list[Node]]
) -> None:
    """`for x in items:` binds x to an element of items and calls `items.__iter__`."""
    node, target = captures["loop"][0], captures["target"][0]
    _container(facts, scopes, names, captures["iterable"][0])
    iterable = chain_of(captures["iterable"][0], names)
    scope, line = scopes.at(node.start_byte), _line(node)
    if iterable is None:
        return
    # the loop calls iter(items) once, then next() on what __iter__ returned
    facts.calls.append(CallFact(scope, (*iterable, "__iter__"), "for", line, implicit=True))
    facts.calls.append(
        CallFact(scope, (*iterable, "__iter__", CALL, "__next__"), "for", line, implicit=True)
    )
    branch = scopes.branch(node.start_byte)
    element = (*iterable, SUBSCRIPT)
    if target.type == "identifier":
        facts.bindings.append(BindingFact(scope, (_text(target),), element, line, branch))
    elif target.type in ("pattern_list", "tuple_pattern"):  # for name, handler in pairs:
        for index, part in enumerate(target.named_children):
            if part.type == "identifier":
                facts.bindings.append(
                    BindingFact(scope, (_text(part),), (*element, f"[{index}]"), line, branch)
                )


def _with(facts: FileFacts, scopes: _Scopes, names: dict[int, str], value: Node) -> None:
    """`with X() as y:` calls `X.__enter__` and `X.__exit__`; y is what `__enter__` returns."""
    alias = None
    if value.type == "as_pattern":
        alias = value.child_by_field_name("alias")
        value = value.named_children[0]
    chain = chain_of(value, names)
    if chain is None:
        return
    scope, line = scopes.at(value.start_byte), _line(value)
    for method in ("__enter__", "__exit__"):
        facts.calls.append(CallFact(scope, (*chain, method), "with", line, implicit=True))
    if (
        alias is not None
        and alias.named_child_count
        and alias.named_children[0].type == "identifier"
    ):
        facts.bindings.append(
            BindingFact(scope, (_text(alias.named_children[0]),), (*chain, "__enter__", CALL), line)
        )


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


def _defaults(nodes: list[Node] | None, names: dict[int, str]) -> tuple[tuple[str, Chain], ...]:
    """Parameters whose default value is a chain (`cb=default_handler`)."""
    if not nodes:
        return ()
    found = []
    for child in nodes[0].named_children:
        if child.type in ("default_parameter", "typed_default_parameter"):
            name, value = child.child_by_field_name("name"), child.child_by_field_name("value")
            chain = chain_of(value, names) if value is not None else None
            if name is not None and chain is not None:
                found.append((_text(name), chain))
    return tuple(found)


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


def _binding(
    facts: FileFacts, scopes: _Scopes, names: dict[int, str], captures: dict[str, list[Node]]
) -> None:
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
    if value_node.type in _CONTAINERS:
        _container(facts, scopes, names, value_node)
    value = chain_of(value_node, names)
    facts.bindings.append(
        BindingFact(scope, target, value, _line(node), scopes.branch(node.start_byte))
    )
