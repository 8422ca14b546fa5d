"""Every language but Python: turn query matches into `FileFacts` by capture names alone.

A language's queries (`grammars/<language>/*.scm`) name what they capture; this module
reads those names, so a language needs no extraction code of its own:

* `@definition.class` / `.interface` / `.function` / `.method` / `.object` with `@name`: a
  definition (`@name` may be a dotted path, `a.b.f`, or a string, `'f'`). An object is a
  namespace of members (a JavaScript object literal, `exports`): it has no node. With
  `@member`, a definition counts only inside an object (a member of an object literal that
  is no namespace, say an argument, is none). Optional: `@declaration` (the statement
  holding it, whose line it is made on), `@base` (each base type), `@owner` (the type or
  object a member belongs to when it is written outside it: Go receivers, C++ `A::f`,
  `Ctor.prototype.f = function`), `@owner.object` (an owner that is an object created by
  assigning to it, `exports.f = ...`, at the top of a file), `@return.type` (each declared
  result type, in order) or `@return.list` (a list of results, each with a `type`),
  `@parameters` (the parameter list: its arity; with overloads, its types:
  `overload_types`), `@abstract` (a method without a body).
* `@scope` with `@name`: a naming scope without a node of its own (Rust `impl T`, a
  namespace block): definitions inside are named `T.f`. `@namespace` with `@name`: the
  file's package or namespace (the first one counts).
* `@reference.call` with `@callee`, or with `@receiver` and `@method` (or
  `@method.writer`: Ruby's `x.label = v` calls `label=`, and no `label`), or with
  `@receiver` alone (a bare `super`: the enclosing method's namesake); `@arguments` (the
  argument list: the call's arity; with overloads, the types its arguments show).
* `@import` with `@import.source`: one imported name (or the whole module when no name),
  read by `generic_imports`; `@import` with `@import.doc`: a comment, whose JSDoc type
  imports are imports (`generic_docs`).
* `@inherits` with `@inherits.child` and `@inherits.base`: a base given to a definition
  by a statement of its own (`util.inherits(Child, Base)`).
* `@binding` with `@binding.name` (each name bound to the same value), `@binding.names`
  (a list whose items are names: `(a, b = 1, ...rest)`) or
  `@binding.targets` (a list of names: the k-th is the k-th result, `a, b := f()`), and
  `@binding.type` (a declared type) or `@binding.value` (an expression) or
  `@binding.element` (an expression whose elements the names are: `range`, `for of`);
  `@binding.field` (`this.x = ...`: a member of what `this` is); `@binding.computed` (the
  name in `{ [kWrite]: write }`: a member `[kWrite]` of the object); `@binding.owner` with
  `@binding.name` (`obj.x = ...` at the top of a file: a member of the object `obj`);
  `@binding.default` (what the file exports as its default); `@binding.key` (the member
  of the value a name is: `const { a, b: c } = value`); with `@member`, only in an object.
* `@return` with `@return.value` (a returned expression) or `@return.object` (a returned
  object literal, `generic_returns`).
* `@singleton`: a definition that is a method of the class itself (Ruby's `def self.m`, a
  `def m` in `class << self`), marked so (`SINGLETON_MARK`); beside an instance method of
  the same name it is `m~self` (`SINGLETON`). `@closed`: a method that overrides none and
  that none overrides (`CLOSED_MARK`; of two matches of one definition, that one counts).
  `@extension` with `@extension.type`: an extension method (C#'s `M(this T x)`: EXTENSION).

A definition with no declared result type takes the one its doc comment (`/** ... */` just
before it) gives: PHPDoc's `@return Node[]`, JSDoc's `@returns {Store}`; a binding with
`@binding.doc` and no type or value takes its doc comment's `@var T` or `@type {T}`; a
parameter (`@binding.param`) with no type takes its function's `@param {T} name` (JSDoc)
or `@param T $name` (PHPDoc); with `@binding.param.bound`, a type named in the file only.
Expressions and types are read as chains (`generic_chains`).
"""

from __future__ import annotations

import re
from typing import Any

from brownfield.graph.facts import (
    CALL,
    CLOSED_MARK,
    EXTENSION,
    OVERLOAD,
    SINGLETON,
    SINGLETON_MARK,
    SUBSCRIPT,
    BindingFact,
    CallFact,
    Chain,
    Definition,
    FileFacts,
    ReturnFact,
)
from brownfield.graph.generic_chains import (
    DESTRUCTURED,
    RESULT,
    Wrappers,
    chain_of_text,
    declared_chain,
    operator_chain,
    required,
)
from brownfield.graph.generic_docs import doc_imports, doc_parameter_type, doc_type
from brownfield.graph.generic_imports import add_import
from brownfield.graph.generic_returns import add_returns
from brownfield.graph.overload_types import (
    Declared,
    argument_types,
    declared_types,
    parameter_types,
)
from brownfield.graph.spans import Spans

Node = Any  # tree_sitter.Node
Match = tuple[int, dict[str, list[Node]]]

_TOP = (
    "definition.",
    "scope",
    "namespace",
    "reference.call",
    "import",
    "binding",
    "return",
    "inherits",
    "singleton",
    "extension",
)
_HOLDERS = ("function", "method", "class")
_CLASSES = ("class", "interface")
_NONE = Definition("", "", "", 0, 0)
_KINDS = frozenset({"class", "interface", "function", "method", "object"})


def _operator_name(text: str) -> tuple[str] | None:
    """A method named by an operator (Ruby's `<=>`, `[]=`) as written, not read as a chain."""
    return (text,) if text and not any(c.isalnum() or c == "_" for c in text) else None


def _text(node: Node) -> str:
    return bytes(node.text).decode("utf-8", "replace")


def _line(node: Node) -> int:
    return int(node.start_point.row) + 1


#: What stands before a Java declaration without being it (`@Override // why`).
_ANNOTATIONS = frozenset({"annotation", "marker_annotation", "line_comment", "block_comment"})


def _declared_line(node: Node) -> int:
    """A definition's line: after its annotations (Java's `@Override` above a method), as a
    Python or TypeScript definition's is after its decorators: the line a citation shows."""
    first = node.child(0)
    if first is None or first.type != "modifiers":
        return _line(node)
    rest = [child for child in first.children if child.type not in _ANNOTATIONS]
    after = rest[0] if rest else first.next_sibling
    return _line(after) if after is not None else _line(node)


def _extended(text: str) -> str:
    """The simple name of the type an extension method extends (`Runtime.PyObject?` ->
    `PyObject`; `List<T>` -> `List`; an array stays one: `T[]`)."""
    return re.sub(r"<.*>|\?", "", text).rpartition(".")[2].strip()


def _unquote(text: str) -> str:
    return text.strip().strip("'\"`<>")


def _arity(node: Node) -> tuple[str, ...]:
    """A parameter list, one entry per parameter: "*" for a rest one (`...xs`), else "_"."""
    return tuple(
        "*" if "..." in _text(child) else "_"
        for child in node.named_children
        if "comment" not in child.type
    )


def extract(
    root: Node,
    source: bytes,
    matches: list[Match],
    language: str,
    overloads: bool = False,
    wrappers: Wrappers = (frozenset(), frozenset(), frozenset()),
    inline_functions: frozenset[str] = frozenset(),
) -> FileFacts:
    """The facts of one file from the matches of its language's queries; with `overloads`,
    a name declared again in one class is a definition of its own (`m~2`, see OVERLOAD)."""
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
    scopes = _definitions(facts, grouped, overloads, wrappers)

    for captures in grouped["inherits"]:  # `util.inherits(Child, Base)` and the like
        _inherits(facts, scopes, captures)
    for captures in grouped["namespace"]:
        if not facts.namespace and "name" in captures:
            facts.namespace = ".".join(chain_of_text(_text(captures["name"][0])) or ())

    declared = declared_types(grouped["binding"], scopes, facts.definitions) if overloads else None
    calls = grouped["reference.call"]
    writes = {c["reference.call"][0].id for c in calls if "method.writer" in c}
    for captures in calls:  # `x.label = v` calls `label=`, not `label` as well
        if "method.writer" in captures or captures["reference.call"][0].id not in writes:
            _call(facts, scopes, captures, declared)
    documented = [c for c in grouped["import"] if "import.doc" in c]
    holders = {d.qualname: d for d in facts.definitions}
    for captures in grouped["import"]:
        if "import.doc" not in captures:
            scope = scopes.innermost(captures["import"][0].start_byte, "")
            while scope in holders and holders[scope].kind == "object":  # `{ x: require(".") }`
                scope = holders[scope].scope  # is made where the object is
            add_import(facts, scope, captures)
    # a JSDoc type import names a type: never what the code binds so (`const InnerGraph =
    # require("./InnerGraph")` beside `@typedef {import("./InnerGraph").InnerGraph} InnerGraph`)
    taken = {i.alias or i.name for i in facts.imports if not i.scope}
    taken |= {d.qualname for d in facts.definitions}
    for captures in documented:
        node = captures["import"][0]
        facts.imports += [
            fact
            for fact in doc_imports(_text(node), scopes.innermost(node.start_byte, ""), _line(node))
            if (fact.alias or fact.name) not in taken
        ]
    members: dict[str, int] = {}  # `obj.x = y` at the top of a file: obj -> first line
    for captures in grouped["binding"]:
        _binding(facts, scopes, holders, captures, members, wrappers)
    for holder, line in sorted(members.items()):  # nothing defines obj: an object
        owner = holder.rpartition(".")[0]
        if holder not in holders and (not owner or owner in holders):
            holders[holder] = Definition("object", holder, owner, line, line)
            facts.definitions.append(holders[holder])
    add_returns(facts, grouped["return"], scopes, holders, inline_functions)
    return facts


def _definitions(
    facts: FileFacts,
    grouped: dict[str, list[dict[str, list[Node]]]],
    overloads: bool,
    wrappers: Wrappers,
    apart: frozenset[int] = frozenset(),
) -> Spans[str]:
    """Definitions and naming scopes, outermost first, so that names nest; the singleton
    methods that start at `apart` are `m~self` (see SINGLETON)."""
    spans: list[tuple[Node, dict[str, list[Node]], str]] = []
    for captures in grouped["definition."]:
        kind = next(
            name[len("definition.") :] for name in captures if name.startswith("definition.")
        )
        spans.append((captures[f"definition.{kind}"][0], captures, kind))
    for captures in grouped["scope"]:
        spans.append((captures["scope"][0], captures, "scope"))
    spans.sort(key=lambda item: (item[0].start_byte, -item[0].end_byte, "closed" not in item[1]))
    scopes: Spans[str] = Spans()
    seen: set[int] = set()
    declared: dict[str, int] = {}  # qualname -> how many times declared (overloads)
    kinds: dict[str, str] = {}  # qualname -> kind, of the definitions so far
    implicit: dict[str, int] = {}  # objects created by assigning members to them -> line
    own = {captures["singleton"][0].start_byte for captures in grouped["singleton"]}
    extended = {  # an extension method's start -> its mark: what it extends
        c["extension"][0].start_byte: ((EXTENSION, _extended(_text(c["extension.type"][0]))),)
        for c in grouped["extension"]
    }
    singletons: dict[int, str] = {}  # start -> qualname, of each method of a class itself
    methods: set[str] = set()  # the other methods' qualnames
    first = len(facts.definitions), len(facts.returns)
    for node, captures, kind in spans:
        if node.start_byte * 4 + (kind == "scope") in seen or "name" not in captures:
            continue
        parent = scopes.innermost(node.start_byte, "")
        if "member" in captures and kinds.get(parent) != "object":
            continue  # a member of an object literal that is no namespace (an argument...)
        seen.add(node.start_byte * 4 + (kind == "scope"))
        owner = captures.get("owner") or captures.get("owner.object")
        name_text = _text(captures["name"][0])
        named = operator_chain(name_text) or _operator_name(name_text) or chain_of_text(name_text)
        name_chain = named or (_unquote(name_text),)
        prefix = ".".join(chain_of_text(_text(owner[0])) or ()) if owner else ""
        if not prefix and len(name_chain) > 1:  # `void A::f()`: the owner is in the name
            prefix, name_chain = ".".join(name_chain[:-1]), name_chain[-1:]
        prefix = "" if f".{parent}".endswith(f".{prefix}") else prefix  # `def HTTP.m` in HTTP
        base = ".".join(filter(None, (parent, prefix)))
        qualname = ".".join(filter(None, (base, name_chain[-1])))
        if "owner.object" in captures and not parent and prefix:
            implicit.setdefault(prefix, _line(node))
        if kind == "scope":
            scopes.add(node.start_byte, node.end_byte, qualname)
            continue
        definition_kind = kind if kind in _KINDS else "class"
        if definition_kind == "function" and (owner or kinds.get(base) in _CLASSES):
            # `F.m = function` on a function F is a method of it (`this` is an F); on an
            # object, a function member (`this` is the object)
            method = "owner.object" not in captures or kinds.get(base) in _HOLDERS
            definition_kind = "method" if method else "function"
        if definition_kind == "method" and "abstract" in captures:
            definition_kind = "abstract"
        if node.start_byte in own:
            qualname += SINGLETON if node.start_byte in apart else ""
            singletons[node.start_byte] = qualname
        elif definition_kind == "method":
            methods.add(qualname)
        count = declared[qualname] = declared.get(qualname, 0) + 1
        if overloads and count > 1 and definition_kind in ("method", "abstract"):
            qualname = f"{qualname}{OVERLOAD}{count}"
        scopes.add(node.start_byte, node.end_byte, qualname)
        kinds.setdefault(qualname, definition_kind)
        parameters = captures.get("parameters")
        facts.definitions.append(
            Definition(
                kind=definition_kind,
                qualname=qualname,
                scope=base,
                decorators=(SINGLETON_MARK,) * (node.start_byte in own)
                + (CLOSED_MARK,) * ("closed" in captures)
                + extended.get(node.start_byte, ()),
                line=_declared_line(captures.get("declaration", [node])[0]),
                end_line=int(node.end_point.row) + 1,
                bases=tuple(
                    chain
                    for base_node in captures.get("base", [])
                    if (chain := chain_of_text(_text(base_node))) is not None
                ),
                params=(
                    (parameter_types if overloads else _arity)(parameters[0]) if parameters else ()
                ),
            )
        )
        results = list(captures.get("return.type", []))
        for listed in captures.get("return.list", []):  # `(x *T, err error)`
            results += [
                child.child_by_field_name("type") or child
                for child in listed.named_children
                if "comment" not in child.type
            ]
        for index, returned in enumerate(results):
            chain = declared_chain(_text(returned), *wrappers)
            if chain is not None:
                marked = (f"{RESULT}{index}", *chain) if index else chain
                facts.returns.append(ReturnFact(qualname, marked, _line(returned)))
        documented = doc_type(node, ("return", "returns")) if not results else None
        if documented is not None:  # `/** @return Node[] */ function children(): iterable`
            facts.returns.append(ReturnFact(qualname, documented, _line(node)))
    twins = frozenset(at for at, name in singletons.items() if name in methods)
    if twins and not apart:  # a class's `def self.m` and `def m`: again, the first apart
        del facts.definitions[first[0] :], facts.returns[first[1] :]
        return _definitions(facts, grouped, overloads, wrappers, twins)
    defined = {d.qualname for d in facts.definitions}
    for holder, line in sorted(implicit.items()):
        if holder not in defined:
            parent = holder.rpartition(".")[0]
            facts.definitions.append(Definition("object", holder, parent, line, line))
    return scopes


def _inherits(facts: FileFacts, scopes: Spans[str], captures: dict[str, list[Node]]) -> None:
    """`@inherits` with `@inherits.child` and `@inherits.base`: the definition the child
    names (in the scope of the statement, or at the top) gets the base."""
    child = (
        chain_of_text(_text(captures["inherits.child"][0]))
        if "inherits.child" in captures
        else None
    )
    base = (
        chain_of_text(_text(captures["inherits.base"][0])) if "inherits.base" in captures else None
    )
    if not child or not base:
        return
    scope = scopes.innermost(captures["inherits"][0].start_byte, "")
    wanted = {".".join(filter(None, (scope, *child))), ".".join(child)}
    for index, definition in enumerate(facts.definitions):
        if definition.qualname in wanted and base not in definition.bases:
            facts.definitions[index] = definition._replace(bases=(*definition.bases, base))
            return


#: A subscript keyed by a name at the end of a callee: `this[kWrite]`.
_KEYED = re.compile(r"\[\s*([A-Za-z_$][\w$]*)\s*\]\s*$")
_PATH_HEAD = re.compile(r"\s*[A-Za-z_]\w*\s*::")  # `unit::connect`: the head is a path's


def _call(
    facts: FileFacts, scopes: Spans[str], captures: dict[str, list[Node]], declared: Declared | None
) -> None:
    """A call site; its arguments' types, with the variables' `declared` ones (overloads)."""
    call = captures["reference.call"][0]
    named = captures.get("method") or captures.get("method.writer") or captures.get("callee")
    end = named[0] if named and call.start_byte <= named[0].end_byte <= call.end_byte else None
    line = int(end.end_point.row) + 1 if end is not None else _line(call)  # `.add(1)`, `new(4)`
    path = False
    if "callee" in captures:
        text = required(_text(_called(captures["callee"][0])))  # `require("./x")(app)`
        path = bool(_PATH_HEAD.match(text))
        chain = chain_of_text(text)
        if chain is not None and chain[-1] == CALL:
            chain = None  # `f()()` and the like: not followed
    else:
        receiver = captures.get("receiver")
        method = captures.get("method") or captures.get("method.writer")
        if method is not None:
            name = _text(method[0]) + ("=" if "method.writer" in captures else "")
        elif receiver:  # a bare `super`: the enclosing method's namesake
            name = scopes.innermost(call.start_byte, "").rpartition(".")[2]
        else:
            return
        if not name:
            return
        head = chain_of_text(required(_text(receiver[0]))) if receiver else ()
        text = ".".join([*(head or ("?",)), name])
        chain = None if head is None else (*head, name)
    arguments = captures.get("arguments")
    keyed = _KEYED.search(text) if chain and chain[-1] == SUBSCRIPT else None
    if chain and keyed:  # `this[kWrite](...)`: the key is what names the member
        text = f"{'.'.join(chain[:-1])}[{keyed[1]}]"
    elif chain:
        text = ".".join(chain)
    facts.calls.append(
        CallFact(
            scope=scopes.innermost(call.start_byte, ""),
            chain=chain,
            text=" ".join(text.split())[:80],
            line=line,
            args=argument_types(arguments, scopes.innermost(call.start_byte, ""), declared),
            path=path,
        )
    )


#: What a TypeScript wrapper around a called expression is at run time: the expression.
_SEE_THROUGH = {
    "parenthesized_expression": 0,  # `(f)(x)`
    "non_null_expression": 0,  # `f!(x)`
    "as_expression": 0,  # `(f as any)(x)`
    "satisfies_expression": 0,  # `(f satisfies Handler)(x)`
    "type_assertion": -1,  # `(<any>f)(x)`
}


def _called(node: Node) -> Node:
    """The function a call calls, seen through the wrappers that only tell the type
    checker something: `(checks.endsWith as any)(x)` calls `checks.endsWith` (a cast of a
    receiver, `(x as Foo).bar()`, is not this: its type says where `bar` is)."""
    while node.type in _SEE_THROUGH and node.named_child_count:
        node = node.named_children[_SEE_THROUGH[node.type]]
    return node


def _binding(
    facts: FileFacts,
    scopes: Spans[str],
    holders: dict[str, Definition],
    captures: dict[str, list[Node]],
    members: dict[str, int],
    wrappers: Wrappers,
) -> None:
    node = captures["binding"][0]
    value: Chain | None
    if "binding.type" in captures:
        value = declared_chain(_text(captures["binding.type"][0]), *wrappers)
    elif "binding.value" in captures:
        given = captures["binding.value"][0]
        text = _text(given)
        if given.parent is not None and given.parent.type != "variable_declarator":
            text = required(text)  # `exports.json = require("./json")`: imported inline
        value = chain_of_text(text)
    elif "binding.element" in captures:
        element = chain_of_text(_text(captures["binding.element"][0]))
        value = None if element is None else (*element, SUBSCRIPT)
    else:
        value = None
    if value is None and "binding.doc" in captures:  # `/** @var Node[] */ private $nodes;`
        value = doc_type(node, ("var", "type"))
    for key in captures.get("binding.key", []):  # `const { a, b: c } = value`: a member
        imported = value is not None and value[0] in ("require", "import")  # an import's
        member = _text(key) if value is None or value[-1] != CALL else DESTRUCTURED + _text(key)
        value = None if value is None or imported else (*value, member)
    line = _line(node)
    if "binding.default" in captures:  # `export default x`, `module.exports = x`
        value = value or chain_of_text(_text(captures["binding.default"][0]))
        facts.bindings.append(BindingFact("", ("default",), value, line))  # the file's
    if "member" in captures and holders.get(scopes.innermost(node.start_byte, ""), _NONE).kind != (
        "object"
    ):
        return  # `{ a: f }` in an object literal that is no namespace binds nothing
    if "binding.owner" in captures:  # `obj.x = ...` at the top of a file: a member of obj
        owner = captures["binding.owner"][0]
        path = chain_of_text(_text(owner))
        if path and not scopes.innermost(owner.start_byte, ""):
            members.setdefault(".".join(path), line)
            for name in captures.get("binding.name", []):
                facts.bindings.append(BindingFact(".".join(path), (_text(name),), value, line))
        return
    named = [(name, value) for name in captures.get("binding.name", [])]
    for listed in captures.get("binding.names", []):  # `(a, b = 1, ...rest)`
        named.extend((name, value) for name in _names_in(listed))
    results = [
        _target_name(child)
        for listed in captures.get("binding.targets", [])
        for child in (_targets_in(listed) if listed.named_children else [listed])
    ]
    for index, name in enumerate(results):
        if name is None:
            continue  # `_`, a nested pattern: its place still counts
        if index == 0 or value is None:  # `a, b := f()`: b is f's second result
            named.append((name, value if index == 0 else None))
        elif value[-1] == CALL:
            named.append((name, (*value[:-1], f"{CALL}{RESULT}{index}")))
    if "binding.param" in captures or "binding.param.bound" in captures:
        named = _documented_parameters(facts, holders, captures, named)
    for name, bound in named:
        target = chain_of_text(_text(name))
        if target and target != ("_",):
            facts.bindings.append(
                BindingFact(scopes.innermost(name.start_byte, ""), target[-1:], bound, line)
            )
    for key in captures.get("binding.computed", []):  # `{ [kWrite]: write }`: `[kWrite]`
        facts.bindings.append(
            BindingFact(scopes.innermost(key.start_byte, ""), (f"[{_text(key)}]",), value, line)
        )
    for field_node in captures.get("binding.field", []):  # `this.repo = ...`
        holder = _this_holder(holders, scopes.innermost(field_node.start_byte, ""))
        facts.bindings.append(BindingFact(holder, (_text(field_node),), value, line))


def _targets_in(listed: Node) -> list[Node]:
    """The places of a list of targets, in order: each named item and each `_` (Rust's
    `let (s, _, mut r) = f()`; Go's `a, _ := f()`), not the brackets and commas."""
    return [child for child in listed.children if child.is_named or child.type == "_"]


def _target_name(item: Node) -> Node | None:
    """The name a target binds (`r` of Rust's `mut r`), None for none (`_`, a pattern)."""
    if item.type == "mut_pattern":
        item = next((c for c in item.named_children if c.type == "identifier"), item)
    return item if item.type == "identifier" or item.grammar_name == "identifier" else None


def _documented_parameters(
    facts: FileFacts,
    holders: dict[str, Definition],
    captures: dict[str, list[Node]],
    named: list[tuple[Node, Chain | None]],
) -> list[tuple[Node, Chain | None]]:
    """Parameters bound to nothing known take the type their function's doc comment gives
    them (`/** @param {Headers} headers */ function f(headers)`); with
    `@binding.param.bound`, only a type whose name the file imports, defines or binds at
    its top (a JSDoc type may name what no code of the file knows: a global, a type
    declared elsewhere)."""
    function = captures["binding"][0].parent
    while function is not None and function.type in ("formal_parameters", "parameters"):
        function = function.parent
    if function is None:
        return named
    found = [(name, bound or doc_parameter_type(function, _text(name))) for name, bound in named]
    if "binding.param.bound" not in captures or found == named:
        return found
    known = {i.alias or i.name for i in facts.imports if not i.scope}
    known |= {qualname for qualname in holders if "." not in qualname}
    known |= {b.target[0] for b in facts.bindings if not b.scope and b.target}
    return [
        (name, bound if bound is None or bound[0] in known or bound is was else None)
        for (name, bound), (_, was) in zip(found, named, strict=True)
    ]


def _names_in(listed: Node) -> list[Node]:
    """The names a list declares, or the name in each item (`b = 1`, `...rest`)."""
    found = []
    for item in listed.named_children:
        if not item.type.endswith("identifier"):
            item = (
                item.child_by_field_name("left")
                or item.child_by_field_name("pattern")
                or (item.named_children[0] if item.named_children else None)
            )
        if item is not None and item.type.endswith("identifier"):
            found.append(item)
    return found


def _this_holder(holders: dict[str, Definition], enclosing: str) -> str:
    """What `this` is in the definition `enclosing`, as a scope: a method's class (or
    constructor function, or object); a function's object when it is a member of one;
    else the function itself (a constructor function)."""
    definition = holders.get(enclosing)
    if definition is None or definition.kind in ("class", "interface", "object"):
        return enclosing
    parent = holders.get(definition.scope)
    if definition.kind in ("method", "abstract"):
        return definition.scope
    if definition.kind == "function" and parent is not None and parent.kind == "object":
        return parent.qualname
    return enclosing if definition.kind == "function" else definition.scope
