"""Python: what names are bound to, from every statement that binds one.

Assignments in all their forms (chained `a = b = f`, tuple and starred unpacking, stores
into a subscript `d[k] = f`), walrus expressions, `for` loops and comprehensions, `with ...
as`, `except E as e`, receivers narrowed by `isinstance`, and `global`/`nonlocal`
rebinding. `for` and `with` also make the calls Python makes for them (`__iter__`,
`__next__`, `__enter__`, `__exit__`).
"""

from __future__ import annotations

from brownfield.graph.facts import (
    CALL,
    ELSE,
    REBOUND,
    SUBSCRIPT,
    UNTIL,
    BindingFact,
    CallFact,
    Chain,
    FileFacts,
)
from brownfield.graph.python_chains import (
    ANNOTATED,
    AT,
    DECLARED,
    DEF_BRANCH,
    ELEMENTS,
    EXCLUDING,
    LITERAL,
    SLICE,
    TRUTHY,
    TUPLES,
    Names,
    Node,
    Scopes,
    annotated_classes,
    chain_of,
    line_of,
    name_container,
    operands,
    text,
)
from brownfield.graph.python_predicates import predicate_narrowings

Captures = dict[str, list[Node]]
#: Expressions an `and` may sit in within a condition, and the statements whose condition
#: narrows by itself (their `and`s are not narrowed again).
_WRAPPING = frozenset({"parenthesized_expression", "boolean_operator", "not_operator"})
_NARROWING_STATEMENTS = frozenset({"if_statement", "elif_clause", "assert_statement"})
_PATTERNS = frozenset(
    {"pattern_list", "tuple_pattern", "list_pattern", "tuple", "list", "expression_list"}
)
_STARRED = frozenset({"list_splat_pattern", "list_splat"})
_EXITS = frozenset({"return_statement", "raise_statement", "continue_statement", "break_statement"})


class Binder:
    """Adds the bindings of one file's statements to its facts."""

    def __init__(self, facts: FileFacts, scopes: Scopes, names: Names) -> None:
        self.facts, self.scopes, self.names = facts, scopes, names
        self.declared: dict[str, dict[str, int]] = {}  # scope -> name -> 0 global, 1 nonlocal

    # -- the statements ------------------------------------------------------------

    def assignment(self, captures: Captures) -> None:
        """`target = value`, `a = b = value`, `a, *b = value`, `d[k] = value`, `(x := value)`."""
        node = captures["binding"][0]
        if "value" not in captures:  # `node: Expr` in a class body
            self._class_declaration(node, captures["target"][0])
            return
        target, value = captures["target"][0], captures["value"][0]
        while value.type == "assignment":  # `a = b = f`: every target gets the last value
            right = value.child_by_field_name("right")
            if right is None:
                return
            value = right
        scope = self.scopes.at(node.start_byte)
        if target.text == b"__all__" and not scope and value.type in ("list", "tuple"):
            self.facts.exports = [
                text(item)[1:-1]
                for item in value.named_children
                if item.type == "string" and len(text(item)) >= 2
            ]
        name_container(self.facts, self.scopes, self.names, value)  # (a literal's elements)
        chain = chain_of(value, self.names)
        where = (scope, line_of(node), self.scopes.branch(node.start_byte))
        self.bind(target, chain, where, value)
        if target.type == "identifier" and value.type in _LITERALS:  # `composite = False`
            fact = BindingFact(scope, (text(target), LITERAL), (text(value),), where[1], where[2])
            self.facts.bindings.append(fact)
        annotation = node.child_by_field_name("type")
        if annotation is not None and target.type == "attribute":
            self._declared(target, annotation, where)

    def _declared(
        self, target: Node, annotation: Node, where: tuple[str, int, tuple[tuple[int, int], ...]]
    ) -> None:
        """`self.body: list[Table] = []`: the attribute holds what its annotation says (an
        instance of each class, a collection of their instances, of tuples of them),
        recorded apart."""
        for declared in annotated_classes(annotation, nested=True):
            value: Chain
            if declared[0] == ELEMENTS and declared[1].startswith(TUPLES):
                value = (ANNOTATED, *declared[2:], declared[1])  # `list[tuple[K, V]]`
            elif declared[0] == ELEMENTS:  # any element (a tuple's positions not kept)
                classes = declared[2:] if declared[1].startswith(AT) else declared[1:]
                value = (ANNOTATED, *classes, ELEMENTS)
            else:
                value = (ANNOTATED, *declared, CALL)
            self.bind(target, value, where)

    def _class_declaration(self, node: Node, target: Node) -> None:
        """`node: Expr` in a class body, without a value, binds no class attribute: it
        declares what the attribute of the class's instances holds (PEP 526; dataclass
        fields, attributes set by a base class's `setattr`), recorded as `(DECLARED, name)`."""
        annotation = node.child_by_field_name("type")
        scope = self.scopes.at(node.start_byte)
        if annotation is None or not scope:
            return
        where = (scope, line_of(node), self.scopes.branch(node.start_byte))
        for declared in annotated_classes(annotation):
            if declared[0] == ELEMENTS:
                classes = declared[2:] if declared[1].startswith(AT) else declared[1:]
                value: Chain = (ANNOTATED, *classes, ELEMENTS)
            else:
                value = (ANNOTATED, *declared, CALL)
            self.facts.bindings.append(
                BindingFact(scope, (DECLARED, text(target)), value, where[1], where[2])
            )

    def loop(self, captures: Captures) -> None:
        """`for x in items:` (or a comprehension's `for`) binds x to an element of items and
        calls `items.__iter__`, then `__next__` on what that returned."""
        node, target, iterable_node = (
            captures["loop"][0],
            captures["target"][0],
            captures["iterable"][0],
        )
        name_container(self.facts, self.scopes, self.names, iterable_node)
        iterable = chain_of(iterable_node, self.names)
        scope, line = self.scopes.at(node.start_byte), line_of(node)
        if iterable is None:
            self.bind(target, None, (scope, line, self.scopes.branch(node.start_byte)))
            return
        start, step = ("__aiter__", "__anext__") if _is_async(node) else ("__iter__", "__next__")
        self.facts.calls.append(CallFact(scope, (*iterable, start), "for", line, implicit=True))
        self.facts.calls.append(
            CallFact(scope, (*iterable, start, CALL, step), "for", line, implicit=True)
        )
        where = (scope, line, self.scopes.branch(node.start_byte))
        self.bind(target, (*iterable, SUBSCRIPT), where)

    def with_item(self, item: Node) -> None:
        """`with X() as y:` calls `X.__enter__` and `X.__exit__`; y is what `__enter__` returns."""
        value = item.child_by_field_name("value")
        if value is None:
            return
        clause = item.parent
        statement = clause.parent if clause is not None else None
        alias = None
        if value.type == "as_pattern":
            alias = value.child_by_field_name("alias")
            value = value.named_children[0]
        chain = chain_of(value, self.names)
        if chain is None:
            return
        scope, line = self.scopes.at(value.start_byte), line_of(value)
        enter, leave = (
            ("__aenter__", "__aexit__") if _is_async(statement) else ("__enter__", "__exit__")
        )
        for method in (enter, leave):
            self.facts.calls.append(CallFact(scope, (*chain, method), "with", line, implicit=True))
        if alias is not None and alias.named_child_count:
            where = (scope, line, self.scopes.branch(value.start_byte))
            self.bind(alias.named_children[0], (*chain, enter, CALL), where)

    def except_clause(self, clause: Node) -> None:
        """`except E as e:` binds e to an instance of E (of any of them, for a tuple)."""
        value = clause.child_by_field_name("value")
        if value is None or value.type != "as_pattern" or not value.named_child_count:
            return
        alias = value.child_by_field_name("alias")
        if alias is None or not alias.named_child_count:
            return
        instance = self._instance_of(value.named_children[0])
        where = (
            self.scopes.at(clause.start_byte),
            line_of(clause),
            self.scopes.branch(clause.start_byte),
        )
        self.bind(alias.named_children[0], instance, where)

    def narrowing(self, captures: Captures) -> None:
        """`if isinstance(x, A):` makes x an A inside the body; `if not isinstance(x, A):`
        with a body that leaves (return, raise...) makes it one after the `if`; so does
        `assert isinstance(x, A)`."""
        node, condition = captures["narrow"][0], captures["condition"][0]
        scope = self.scopes.at(node.start_byte)
        body = captures.get("body")
        if node.type != "boolean_operator":
            self._or_operands(condition, scope)
        if node.type == "assert_statement":
            after = (scope, line_of(node), self.scopes.branch(node.start_byte))
            self._narrow(_isinstance_tests(condition), after)
            return
        if node.type == "boolean_operator":  # the right operand runs only when the left held
            outer = node.parent
            while outer is not None and outer.type in _WRAPPING:
                outer = outer.parent
            if outer is None or outer.type not in _NARROWING_STATEMENTS:
                here = (scope, line_of(node), self.scopes.branch(node.start_byte))
                until = int(node.end_point.row) + 1
                self._narrow(_isinstance_tests(condition), here, until=until)
                self._truthy(_flag_tests(condition), here, until)
                self.facts.bindings += predicate_narrowings(condition, here, until)
                if condition.type == "not_operator":  # `not isinstance(x, A) and x.m()`
                    argument = condition.child_by_field_name("argument")
                    tests = _failed_tests(argument) if argument is not None else []
                    self._exclude(tests, here, until=until)
            return
        if body is None:
            return
        block = body[0]
        # from the condition on (`isinstance(x, A) and x.ok()`) to the end of the body
        inside = (scope, line_of(node), self.scopes.branch(block.start_byte))
        self._narrow(_isinstance_tests(condition), inside, until=int(block.end_point.row) + 1)
        self._truthy(_flag_tests(condition), inside, int(block.end_point.row) + 1)
        self.facts.bindings += predicate_narrowings(condition, inside, int(block.end_point.row) + 1)
        if condition.type == "not_operator":  # `if not isinstance(x, A):` x is no A inside
            argument = condition.child_by_field_name("argument")
            tests = _failed_tests(argument) if argument is not None else []
            self._exclude(tests, inside, until=int(block.end_point.row) + 1)
        exits = (
            node.type == "if_statement"
            and node.child_by_field_name("alternative") is None
            and block.named_child_count
            and block.named_children[-1].type in _EXITS
        )
        after = (scope, int(node.end_point.row) + 1, self.scopes.branch(node.start_byte))
        if exits and condition.type == "not_operator":
            argument = condition.child_by_field_name("argument")
            if argument is not None:
                self._narrow(_isinstance_tests(argument), after)
        failed = _failed_tests(condition)  # when the condition is false, these tests failed
        if not failed:
            return
        statement = node if node.type == "if_statement" else node.parent
        for clause in statement.children if statement is not None else []:
            # `elif`/`else` after `if isinstance(x, A):`: x is no A there
            if (
                clause.type in ("elif_clause", "else_clause")
                and clause.start_byte > node.start_byte
            ):
                where = (scope, line_of(clause), self.scopes.branch(clause.start_byte))
                self._exclude(failed, where, until=int(clause.end_point.row) + 1)
        if exits:  # `if isinstance(x, A): return`: below it, x is no A
            for subject, classes in failed:
                value = _excluding(subject, classes, self)
                if value is not None:
                    self.bind(subject, value, after)
        elif node.type == "if_statement" and node.child_by_field_name("alternative") is None:
            # a body that rebinds x (`if isinstance(cb, Command): cb = cb.callback`): after
            # the `if`, x is what the body left, or (the `else` not written) no A
            first, last = line_of(block), int(block.end_point.row) + 1
            implicit = (scope, after[1], (*after[2], (node.start_byte, ELSE)))
            for subject, classes in failed:
                name = (text(subject),)
                if any(
                    fact.target == name and fact.scope == scope and first <= fact.line <= last
                    for fact in self.facts.bindings
                ):
                    value = _excluding(subject, classes, self)
                    if value is not None:
                        self.bind(subject, value, implicit)

    def _or_operands(self, condition: Node, scope: str) -> None:
        """`isinstance(x, A) or x.m()` in a condition: the right operand runs only when the
        left failed, so x is no A there."""
        kind = condition.type
        if kind in ("parenthesized_expression", "not_operator"):
            for child in condition.named_children:
                self._or_operands(child, scope)
            return
        if kind != "boolean_operator":
            return
        left, right = condition.child_by_field_name("left"), condition.child_by_field_name("right")
        for operand in (left, right):
            if operand is not None:
                self._or_operands(operand, scope)
        operator = condition.child_by_field_name("operator")
        if left is None or right is None or operator is None or operator.type != "or":
            return
        here = (scope, line_of(right), self.scopes.branch(right.start_byte))
        self._exclude(_failed_tests(left), here, until=int(right.end_point.row) + 1)

    def declaration(self, node: Node) -> None:
        """`global a, b` / `nonlocal a`: the function's bindings of these names are the outer
        scope's (see `rebind`)."""
        kind = 0 if node.type == "global_statement" else 1
        names = self.declared.setdefault(self.scopes.at(node.start_byte), {})
        for child in node.named_children:
            if child.type == "identifier":
                names[text(child)] = kind

    def rebind(self) -> None:
        """Mark the bindings of names declared `global`/`nonlocal` in their scope (and
        record the branches definitions sit in)."""
        self._definition_branches()
        if not self.declared:
            return
        bindings = self.facts.bindings
        for index, fact in enumerate(bindings):
            declared = self.declared.get(fact.scope)
            if declared and len(fact.target) == 1 and fact.target[0] in declared:
                bindings[index] = fact._replace(branch=((REBOUND, declared[fact.target[0]]),))

    def _definition_branches(self) -> None:
        """A `def` or `class` inside an if/try alternative binds its name only when that
        branch runs (`try: from threading import RLock` / `except ImportError: class
        RLock:`): its branch is recorded as a binding `(name, DEF_BRANCH)` -> `<def:Q>`."""
        spans = self.scopes.spans
        for start, _, qualname, parent in spans:
            if qualname.startswith("<"):
                continue  # lambdas (and comprehensions) bind no name
            floor = spans[parent][0] if parent >= 0 else 0
            path = []
            for begin, alternative in self.scopes.alternatives.holding(start):
                if begin < floor:
                    break
                path.append(alternative)
            if path:
                scope, _, name = qualname.rpartition(".")
                target = (name, DEF_BRANCH)
                value = (f"<def:{qualname}>",)
                fact = BindingFact(scope, target, value, 0, tuple(reversed(path)))
                self.facts.bindings.append(fact)

    # -- targets ---------------------------------------------------------------------

    def bind(
        self,
        target: Node,
        value: Chain | None,
        where: tuple[str, int, tuple[tuple[int, int], ...]],
        value_node: Node | None = None,
    ) -> None:
        """Bind a target (a name, an attribute, a subscript or a pattern of them) to a value."""
        scope, line, branch = where
        kind = target.type
        if kind == "identifier":  # the common case, without building a chain
            name = (target.text.decode("utf-8", "replace"),)
            self.facts.bindings.append(BindingFact(scope, name, value, line, branch))
        elif kind in ("attribute", "subscript"):
            chain = chain_of(target, self.names if kind == "subscript" else None)
            if chain is None or CALL in chain[:-1] or SUBSCRIPT in chain[:-1]:
                return
            if kind == "attribute" and chain[-1] in (CALL, SUBSCRIPT):
                return
            self.facts.bindings.append(BindingFact(scope, chain, value, line, branch))
        elif kind in ("parenthesized_expression", "as_pattern_target") and target.named_child_count:
            self.bind(target.named_children[0], value, where, value_node)
        elif kind in _PATTERNS:
            self._unpack(target, value, where, value_node)

    def _unpack(
        self,
        target: Node,
        value: Chain | None,
        where: tuple[str, int, tuple[tuple[int, int], ...]],
        value_node: Node | None,
    ) -> None:
        """`a, (b, c), *rest = value`: each part gets its element (by position from the
        front before a starred part, from the back after it; without one, the step says
        how many parts there are: `[0/2]`, since only a sequence of that length unpacks)."""
        parts = [p for p in target.named_children if p.type != "comment"]
        star = next((i for i, part in enumerate(parts) if part.type in _STARRED), None)
        elements = None
        if value_node is not None and value_node.type in ("tuple", "list", "expression_list"):
            found = [e for e in value_node.named_children if e.type != "comment"]
            fits = len(found) == len(parts) if star is None else len(found) >= len(parts) - 1
            if fits and not any(e.type in _STARRED for e in found):
                elements = found
        for index, part in enumerate(parts):
            after = len(parts) - index  # 1 for the last part
            if index == star:
                inner = part.named_children[0] if part.named_child_count else None
                if inner is None:
                    continue
                if elements is not None:  # the covered elements, as a list of their own
                    covered = elements[index : len(elements) - (len(parts) - index - 1)]
                    self.bind(inner, self._sequence(part, covered, where[0], where[1]), where)
                else:
                    self.bind(inner, None if value is None else (*value, SLICE), where)
                continue
            if elements is not None:
                element = elements[index] if star is None or index < star else elements[-after]
                self.bind(part, chain_of(element, self.names), where, element)
                continue
            # `[i/n]`: the i-th of n (a sequence of another length does not unpack)
            step = f"[{index}/{len(parts)}]" if star is None else f"[{index}]"
            if star is not None and index > star:
                step = f"[-{after}]"
            self.bind(part, None if value is None else (*value, step), where)

    def _sequence(self, node: Node, elements: list[Node], scope: str, line: int) -> Chain:
        """A synthetic list holding `elements` (what a starred target gets from a literal)."""
        name = f"<c{node.start_byte}:{node.end_byte}>"
        for index, element in enumerate(elements):
            chain = chain_of(element, self.names)
            if chain is not None:
                self.facts.bindings.append(BindingFact(scope, (name, f"[{index}]"), chain, line))
        if not elements:  # still a container, with no element
            self.facts.bindings.append(BindingFact(scope, (name, SUBSCRIPT), None, line))
        return (name,)

    def _instance_of(self, classes: Node) -> Chain | None:
        """An instance of a class expression, or of any class of a tuple of them."""
        if classes.type == "tuple":
            name_container(self.facts, self.scopes, self.names, classes)
            chain = chain_of(classes, self.names)
            return None if chain is None else (*chain, SUBSCRIPT, CALL)
        chain = chain_of(classes, self.names)
        return None if chain is None else (*chain, CALL)

    def _exclude(
        self,
        tests: list[tuple[Node, Node]],
        where: tuple[str, int, tuple[tuple[int, int], ...]],
        until: int,
    ) -> None:
        """Where `isinstance(x, A)` failed, x is what it was but an instance of A."""
        scope, line, branch = where
        for subject, classes in tests:
            value = _excluding(subject, classes, self)
            if value is not None:
                target = (text(subject), f"{UNTIL}{until}>")
                self.facts.bindings.append(BindingFact(scope, target, value, line, branch))

    def _narrow(
        self,
        tests: list[tuple[Node, Node]],
        where: tuple[str, int, tuple[tuple[int, int], ...]],
        until: int | None = None,
    ) -> None:
        """Bind each tested name to an instance of its classes; `until` a last line, for a
        narrowing that holds in a block only (target `(name, "<until:LINE>")`)."""
        scope, line, branch = where
        for subject, classes in tests:
            instance = self._instance_of(classes)
            if instance is None:
                continue
            if until is None:
                self.bind(subject, instance, where)
            else:
                target = (text(subject), f"{UNTIL}{until}>")
                self.facts.bindings.append(BindingFact(scope, target, instance, line, branch))

    def _truthy(
        self,
        tests: list[tuple[Node, str]],
        where: tuple[str, int, tuple[tuple[int, int], ...]],
        until: int,
    ) -> None:
        """Record that each tested attribute (`x.flag`) is true from the test to `until`:
        the target `(*x, "<truthy:flag>", "<until:LINE>")`."""
        scope, line, branch = where
        for subject, flag in tests:
            chain = chain_of(subject, self.names)
            if chain is None or CALL in chain or SUBSCRIPT in chain:
                continue
            target = (*chain, f"{TRUTHY}{flag}>", f"{UNTIL}{until}>")
            self.facts.bindings.append(BindingFact(scope, target, None, line, branch))


#: Literals whose binding is kept beside it (`LITERAL`): what a flag test can rule out.
_LITERALS = frozenset({"true", "false", "none"})


def _flag_tests(condition: Node) -> list[tuple[Node, str]]:
    """The (subject, attribute) pairs `x.flag` that hold when `condition` is true: the
    condition itself, or operands of `and` (also in parentheses)."""
    found = []
    for test in operands(condition):
        if test.type != "attribute":
            continue
        subject, attribute = (
            test.child_by_field_name("object"),
            test.child_by_field_name("attribute"),
        )
        if subject is not None and attribute is not None:
            found.append((subject, text(attribute)))
    return found


def _isinstance_tests(condition: Node, joined: str = "and") -> list[tuple[Node, Node]]:
    """The (name, classes) pairs `isinstance(x, A)` in `condition`, also among the operands
    of `joined` and in parentheses: joined by `and`, all of them hold when the condition is
    true; joined by `or` (see `_failed_tests`), all of them failed when it is false."""
    found = []
    for test in operands(condition, joined):
        function, arguments = (
            test.child_by_field_name("function"),
            test.child_by_field_name("arguments"),
        )
        if test.type != "call" or function is None or function.text != b"isinstance":
            continue
        args = [a for a in arguments.named_children if a.type != "comment"] if arguments else []
        if len(args) == 2 and args[0].type == "identifier":
            found.append((args[0], args[1]))
    return found


def _excluding(subject: Node, classes: Node, binder: Binder) -> Chain | None:
    """The value `(x, EXCLUDING, *classes)`: what x held, but an instance of the classes."""
    if classes.type == "tuple":
        name_container(binder.facts, binder.scopes, binder.names, classes)
    chain = chain_of(classes, binder.names)
    if chain is None:
        return None
    if classes.type == "tuple":
        chain = (*chain, SUBSCRIPT)
    return (text(subject), EXCLUDING, *chain)


def _failed_tests(condition: Node) -> list[tuple[Node, Node]]:
    """The (name, classes) pairs `isinstance(x, A)` of which all failed when `condition`
    is false: the tests among the operands of an `or` (and in parentheses)."""
    return _isinstance_tests(condition, "or")


def _is_async(statement: Node | None) -> bool:
    """Whether a `for`/`with` statement (or a comprehension's `for`) is `async`."""
    return (
        statement is not None
        and statement.child_count > 0
        and statement.children[0].type == "async"
    )
