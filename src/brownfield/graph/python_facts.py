"""Python: turn tree-sitter query matches into `FileFacts` (definitions, imports, calls...).

Bindings come from `python_bindings`, the calls Python makes implicitly (operators,
`raise E`) from `python_implicit`; chains and scopes from `python_chains`.
"""

from __future__ import annotations

from brownfield.graph.facts import (
    CALL,
    CallFact,
    Chain,
    Definition,
    FileFacts,
    ImportFact,
    ReturnFact,
)
from brownfield.graph.python_bindings import Binder
from brownfield.graph.python_chains import (
    NAMED,
    Names,
    Node,
    Scopes,
    annotated_classes,
    branch_number,
    branches,
    chain_of,
    line_of,
    literal_key,
    name_container,
    span,
    text,
)
from brownfield.graph.python_implicit import (
    READ,
    attribute_read,
    class_statement,
    formatted,
    operation,
    raise_statement,
    truth_test,
    yield_expression,
)
from brownfield.graph.python_predicates import self_test_fact

Match = tuple[int, dict[str, list[Node]]]

#: Methods whose first argument is a key: `d.get("a")` keeps the literal key "a".
KEYED_METHODS = frozenset({"get", "pop", "setdefault"})

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
    "except",
    "narrow",
    "declaration",
    "raise",
    "operation",
    "read",
    "truth",
    "format",
    "yield",
    "branch",
)


def extract(root: Node, source: bytes, matches: list[Match]) -> FileFacts:
    """Build the facts of one Python file from the matches of its grammar's queries."""
    facts = FileFacts(language="python")
    groups: dict[str, list[dict[str, list[Node]]]] = {kind: [] for kind in _TOP_CAPTURES}
    sinks: dict[int, list[dict[str, list[Node]]]] = {}  # pattern index -> its top's group
    for pattern, captures in matches:  # a million matches in the standard library
        sink = sinks.get(pattern)
        if sink is None:
            sink = sinks[pattern] = groups[next(k for k in _TOP_CAPTURES if k in captures)]
        sink.append(captures)
    definitions = [
        (captures[kind][0], captures)
        for kind in ("definition.class", "definition.function", "definition.lambda")
        for captures in groups[kind]
    ]  # (sorted by their start below: no two definitions start at one byte)
    alternatives: list[tuple[int, int, int, int]] = []
    for captures in groups["branch"]:
        capture, [alternative] = next((k, v) for k, v in captures.items() if k != "branch")
        number = branch_number(capture, alternative)
        statement = captures["branch"][0].start_byte
        alternatives.append((alternative.start_byte, alternative.end_byte, statement, number))

    scopes = Scopes(branches(alternatives))
    names: Names = {}  # a lambda's or container's span -> its synthetic name
    _definitions(facts, scopes, names, definitions)
    callees: set[int] = set()  # the ids of the nodes called: reading one of them is no read
    add_callee, add_call, scope_at = callees.add, facts.calls.append, scopes.at
    for captures in groups["reference.call"]:
        call = captures["reference.call"][0]
        callee = captures["callee"][0]
        add_callee(callee.id)
        arguments = captures["arguments"][0]
        chain = chain_of(callee, names)
        args, kwargs, passed = _arguments(
            facts, scopes, names, arguments, chain is not None and chain[-1] in KEYED_METHODS
        )
        add_call(
            CallFact(
                scope=scope_at(call.start_byte),
                chain=chain,
                # the callee as written, for reports of unresolved calls
                text=".".join(chain).replace(".()", "()")[:80] if chain else text(callee)[:80],
                line=callee.end_point[0] + 1,  # `.add(1)` on its own line of a chain
                args=args,
                kwargs=kwargs,
                passed=passed,
            )
        )
        if chain == ("getattr",):  # `getattr(x, "name")` reads x.name: maybe a property
            read = chain_of(call, names)
            if read is not None and len(read) >= 2 and read[-1] not in (CALL, "__class__"):
                facts.calls.append(
                    CallFact(scopes.at(call.start_byte), read, READ, line_of(call), implicit=True)
                )
    for captures in groups["import"]:
        node = captures["import"][0]
        branch = scopes.branch(node.start_byte)
        facts.imports.extend(
            fact._replace(branch=branch) for fact in _imports(node, scopes.at(node.start_byte))
        )
    binder = Binder(facts, scopes, names)
    for captures in groups["binding"]:
        binder.assignment(captures)
    for captures in groups["return"]:
        node, value_node = captures["return"][0], captures["value"][0]
        if value_node.type in NAMED:  # `return f, g`, `return a or b`
            name_container(facts, scopes, names, value_node)
        value = chain_of(value_node, names)
        if value is not None:
            scope = scopes.at(node.start_byte)
            facts.returns.append(ReturnFact(scope, value, line_of(node), _none_guard(node)))
        tested = self_test_fact(scopes.at(node.start_byte), node, names)
        if tested is not None:  # `def is_bool(self): return isinstance(self, Bool)`
            facts.bindings.append(tested)
    for captures in groups["loop"]:
        binder.loop(captures)
    for captures in groups["with"]:
        binder.with_item(captures["with"][0])
    for captures in groups["except"]:
        binder.except_clause(captures["except"][0])
    for captures in groups["narrow"]:
        binder.narrowing(captures)
    for captures in groups["declaration"]:
        binder.declaration(captures["declaration"][0])
    binder.rebind()
    for captures in groups["raise"]:
        raise_statement(facts, scopes, names, captures["value"][0])
    for captures in groups["operation"]:
        operation(facts, scopes, names, captures["operation"][0])
    for captures in groups["read"]:
        read = captures["read"][0]
        if read.id not in callees:  # (`attribute_read` would find it called, more slowly)
            attribute_read(facts, scopes, read)
    for captures in groups["truth"]:
        truth_test(facts, scopes, names, captures["operand"][0])
    for captures in groups["format"]:
        formatted(facts, scopes, names, captures["format"][0], captures["operand"][0])
    for captures in groups["yield"]:
        yield_expression(facts, scopes, names, captures["yield"][0])
    return facts


def _definitions(
    facts: FileFacts,
    scopes: Scopes,
    names: Names,
    definitions: list[tuple[Node, dict[str, list[Node]]]],
) -> None:
    """Classes, functions and lambdas (with their decorators' calls), in source order."""
    definitions.sort(key=lambda item: item[0].start_byte)
    lambdas = 0
    for node, _ in definitions:  # named first: a lambda may be a default (`cb=lambda: 0`)
        if node.type == "lambda":
            lambdas += 1
            names[span(node)] = f"<lambda{lambdas}>"
    stack: list[tuple[int, str, bool, int]] = []  # end byte, qualname, is class, body start
    for node, captures in definitions:
        if node.type != "lambda" and _header_is_broken(captures):
            continue  # `def g(:` is a syntax error, not a definition
        while stack and stack[-1][0] <= node.start_byte:
            stack.pop()
        # a definition in another's header (a default `cb=lambda: 0`) is in the outer scope
        enclosing = [entry for entry in stack if entry[3] <= node.start_byte]
        parent_name, parent_is_class = enclosing[-1][1:3] if enclosing else ("", False)
        if node.type == "lambda":
            qualname = names[span(node)]  # `<lambdaN>`, keyed under the module
            kind = "function"
        else:
            name = text(captures["name"][0])
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
                    text(decorator)[:80],
                    line_of(decorator),
                    args=((applied_to,),),
                    passed=(1, ()),
                )
            )
        facts.definitions.append(
            Definition(
                kind=kind,
                qualname=qualname,
                scope=parent_name,
                line=line_of(node),
                end_line=int(node.end_point.row) + 1,
                bases=_bases(captures.get("bases")),
                decorators=tuple(chain_of(decorator) for decorator in decorators),
                params=_params(captures.get("parameters")),
                defaults=_defaults(captures.get("parameters"), names),
                annotations=_annotations(captures.get("parameters"), node),
                signature=_signature(node, captures.get("parameters"), captures.get("bases")),
            )
        )
        if kind == "class" and captures.get("bases"):
            class_statement(facts, parent_name, qualname, line_of(node))
        body = captures["body"][0].start_byte
        scopes.add(body, node.end_byte, qualname)
        stack.append((node.end_byte, qualname, node.type == "class_definition", body))


#: How a call passes its arguments: how many by position, and the names of its keywords
#: ("*" and "**" for the splats).
Passed = tuple[int, tuple[str, ...]]


def _arguments(
    facts: FileFacts, scopes: Scopes, names: Names, node: Node, keyed: bool
) -> tuple[tuple[Chain | None, ...], tuple[tuple[str, Chain | None], ...], Passed]:
    """The chains passed to a call, by position and by keyword (other values are None),
    and how it passes them (`CallFact.passed`; a generator expression, `f(x for x in xs)`,
    is one argument), in one pass over the arguments. For a `keyed` call (`d.get("a")`) a
    literal key is kept too, as the chain `("[a]",)`."""
    listed = node.type == "argument_list"
    if listed and not node.named_child_count:
        return (), (), (0, ())
    positional, keywords = 0, []
    args: list[Chain | None] = []
    kwargs: list[tuple[str, Chain | None]] = []
    for argument in node.named_children:
        kind = argument.type
        if kind == "keyword_argument":
            name = argument.child_by_field_name("name")
            value = argument.child_by_field_name("value")
            keyword = text(name) if name is not None else "**"
            keywords.append(keyword)
            if name is not None and value is not None:
                if value.type in NAMED:
                    name_container(facts, scopes, names, value)
                chain = chain_of(value, names)
                if chain is not None:
                    kwargs.append((keyword, chain))
        elif kind == "list_splat":
            keywords.append("*")
        elif kind == "dictionary_splat":
            keywords.append("**")
        elif kind != "comment":
            positional += 1
            if kind in NAMED:
                name_container(facts, scopes, names, argument)
            chain = chain_of(argument, names)
            if chain is None and keyed and kind in ("string", "integer"):
                key = literal_key(argument)
                chain = None if key is None else (f"[{key}]",)
            args.append(chain)
    while args and args[-1] is None:
        args.pop()
    passed = (positional, tuple(keywords)) if listed else (1, ())
    return tuple(args), tuple(kwargs), passed


#: `Definition.signature`'s letter for each kind of parameter node (lower case: no default).
_BINDS = {
    "identifier": "a",
    "typed_parameter": "a",
    "default_parameter": "A",
    "typed_default_parameter": "A",
    "list_splat_pattern": "v",
    "dictionary_splat_pattern": "w",
}


def _signature(node: Node, parameters: list[Node] | None, bases: list[Node] | None) -> str:
    """How each parameter binds (see `Definition.signature`, aligned with `_params`), ""
    when a parameter is of a form not read; a class's "m" when its bases pass a keyword."""
    if node.type == "class_definition":
        named = bases[0].named_children if bases else []
        return "m" if any(child.type == "keyword_argument" for child in named) else ""
    letters: list[str] = []
    keyword_only = False
    for child in parameters[0].named_children if parameters else ():
        kind = child.type
        if kind == "typed_parameter" and child.named_child_count:
            first = child.named_children[0].type
            kind = first if first in ("list_splat_pattern", "dictionary_splat_pattern") else kind
        if kind == "positional_separator":
            letters = [letter.replace("a", "p").replace("A", "P") for letter in letters]
        elif kind == "keyword_separator":
            keyword_only = True
        elif kind in _BINDS:
            letter = _BINDS[kind]
            keyword_only = keyword_only or letter == "v"
            if keyword_only and letter in "aA":
                letter = "k" if letter == "a" else "K"
            letters.append(letter)
        elif kind != "comment":
            return ""
    return "(" + "".join(letters)


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
        while child.type == "subscript":  # a generic base, `Serializer[T]`, is Serializer
            child = child.child_by_field_name("value")
        chain = chain_of(child)
        if chain is not None:
            found.append(chain)
    return tuple(found)


def _none_guard(node: Node) -> str:
    """The name a `return` runs only while it is None: it is in the body of an `if name is
    None:` of its own function (the idiom of a decorator taking optional arguments: `if
    fget is None: return partial(instanceproperty, ...)`), else ""."""
    child, parent = node, node.parent
    while parent is not None and parent.type not in ("function_definition", "lambda"):
        condition = parent.child_by_field_name("condition")
        if (
            parent.type == "if_statement"
            and parent.child_by_field_name("consequence") == child
            and condition is not None
            and [c.type for c in condition.children] == ["identifier", "is", "none"]
        ):
            return text(condition.children[0])
        child, parent = parent, parent.parent
    return ""


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
            names.append(text(child))
        elif kind in ("default_parameter", "typed_default_parameter"):
            name = child.child_by_field_name("name")
            if name is not None:
                names.append(text(name))
        elif kind == "typed_parameter" and child.named_child_count:
            first = child.named_children[0]
            names.append(_PARAM_PREFIX.get(first.type, "") + text(first).lstrip("*"))
        elif kind in _PARAM_PREFIX and child.named_child_count:
            names.append(_PARAM_PREFIX[kind] + text(child.named_children[0]))
    return tuple(names)


def _annotations(nodes: list[Node] | None, definition: Node) -> tuple[tuple[str, Chain], ...]:
    """The classes a function's parameters (and, under "", its return) are annotated with."""
    found: list[tuple[str, Chain]] = []
    for child in nodes[0].named_children if nodes else ():
        if child.type in ("typed_parameter", "typed_default_parameter"):
            name = child.child_by_field_name("name") or child.named_children[0]
            annotation = child.child_by_field_name("type")
            if name.type == "identifier" and annotation is not None:
                found += [(text(name), chain) for chain in annotated_classes(annotation)]
    returned = definition.child_by_field_name("return_type")
    if returned is not None:
        found += [("", chain) for chain in annotated_classes(returned)]
    return tuple(found)


def _defaults(nodes: list[Node] | None, names: Names) -> tuple[tuple[str, Chain], ...]:
    """Parameters whose default value is a chain (`cb=default_handler`)."""
    if not nodes:
        return ()
    found = []
    for child in nodes[0].named_children:
        if child.type in ("default_parameter", "typed_default_parameter"):
            name, value = child.child_by_field_name("name"), child.child_by_field_name("value")
            chain = chain_of(value, names) if value is not None else None
            if name is not None and chain is not None:
                found.append((text(name), chain))
    return tuple(found)


def _dotted(node: Node) -> str:
    return "".join(text(node).split())


def _imports(node: Node, scope: str) -> list[ImportFact]:
    line = line_of(node)
    found: list[ImportFact] = []
    if node.type == "import_statement":
        for child in node.named_children:
            if child.type == "dotted_name":
                found.append(ImportFact(scope, _dotted(child), None, None, 0, line))
            elif child.type == "aliased_import":
                name, alias = child.child_by_field_name("name"), child.child_by_field_name("alias")
                found.append(ImportFact(scope, _dotted(name), None, text(alias), 0, line))
        return found
    module_node = node.child_by_field_name("module_name")
    level, module = 0, ""
    if module_node is not None and module_node.type == "relative_import":
        for part in module_node.named_children:
            if part.type == "import_prefix":
                level = text(part).count(".")
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
            found.append(ImportFact(scope, module, _dotted(name), text(alias), level, line))
    return found
