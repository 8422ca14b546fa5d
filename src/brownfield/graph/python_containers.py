"""Python: the elements of containers, as the resolver reads them.

A container literal's elements by literal key (never every element for a key it lacks),
the stores its file makes into it afterwards (`d[k] = f`, `xs.append(f)`...), views of
them (`d.items()`, `d.values()`, `xs[1:]`, `enumerate(xs)`), a container's methods (`d.get`,
`d.pop`...), the elements `*args` and `**kwargs` gather (from `python_flow`), and those
a declaration gives (`self.body: list[tuple[K, V]]`: tuples of a K and a V).
"""

from __future__ import annotations

from collections.abc import Callable

from brownfield.graph.facts import SUBSCRIPT, BindingFact, Chain
from brownfield.graph.python_chains import ELEMENTS, SLICE, TUPLES
from brownfield.graph.python_evaluator import Evaluator
from brownfield.graph.python_flow import INFERRED, ValueFlow, unique
from brownfield.graph.python_scopes import Found, ModuleTable, Value, inferred

#: A container reached by more elements than this is a table of data: its elements are not
#: evaluated (the cost of a large literal table read by a variable key, for no callable).
MAX_ELEMENTS = 64

#: Views of a container's elements, named `kind|name` of the container (or view) they view:
#: "slice" (the same elements as a sequence: `xs[1:]`, `list(xs)`, `d.values()`), "items"
#: (pairs whose second item is an element: `d.items()`, `enumerate(xs)`), "pair" (one of
#: those pairs), "bound" (a container's method: `d.get`, named `method|kind|name`).
VIEWS = frozenset({"slice", "items", "pair"})
_CONTAINER_METHODS = frozenset(
    {"get", "pop", "setdefault", "values", "items", "keys", "copy", "__getitem__"}
)
#: Methods that store their argument at this position into the container they are called on.
_STORING = {
    "append": 0,
    "add": 0,
    "insert": 1,
    "appendleft": 0,
    "setdefault": 1,
    "extend": 0,
    "update": 0,
}


def _container_names(table: ModuleTable) -> set[tuple[str, ...]]:
    """The names (`registry`) and `self` attributes (`self.handlers`, keyed `("self",
    "handlers")` whatever the first parameter is called) a file binds to a container."""
    found: set[tuple[str, ...]] = set()
    for binding in table.facts.bindings:
        value = binding.value
        if value is None or not value[0].startswith("<c") or len(value) != 1:
            continue
        target = binding.target
        if len(target) == 1 or (len(target) == 2 and not target[0].startswith("<c")):
            found.add(target)
    return found


def viewed(view: Value) -> Value:
    """The container (or view) a view's elements come from."""
    kind, _, name = view.name.partition("|")
    return Value(kind, view.path, name)


def _keyed(elements: list[BindingFact], key: str) -> list[BindingFact]:
    """The elements a literal key reaches: those stored under it, and those whose key is
    not known. For a sequence (integer keys), a position within the literal part is that
    element, and one past it (or a negative one, with elements added later) is one of
    the added elements (`append` adds at the end)."""
    known = [e for e in elements if e.value is not None]
    unknown = [e for e in known if e.target[1] == SUBSCRIPT]
    digits = key[1:] if key.startswith("-") else key
    keys = [e.target[1][1:-1] for e in known if e.target[1] != SUBSCRIPT]
    if digits.isdigit() and all(k.isdigit() for k in keys):
        count = 1 + max(map(int, keys)) if keys else 0
        index = int(key)
        if index < 0:
            if unknown:
                return unknown
            index += count
        if 0 <= index < count:
            return [e for e in known if e.target[1] == f"[{index}]"]
        return unknown
    return [e for e in known if e.target[1] in (f"[{key}]", SUBSCRIPT)]


class Containers:
    """Container elements, for the resolver that evaluates through it (and the value flow
    that gives what `*args`/`**kwargs` gather)."""

    def __init__(self, resolver: Evaluator, flow: ValueFlow) -> None:
        self.resolver = resolver
        self.flow = flow

    def element(self, value: Value, step: str) -> list[Found]:
        """An element of a container (by literal key when it has one, negative positions
        counted from the end of a literal sequence), of a view of one, or of `*args`;
        `[:]` takes a slice (a sequence of the same elements)."""
        step, parts = _unpacking(step)
        if parts is not None and not self._unpacks(value, parts):
            return []  # `a, b = (f, g, h)` raises: nothing is bound
        if value.kind == "typed":  # `-> Tuple[A, B]`: the class declared at that position
            return [(value, INFERRED)] if step == SLICE else self.flow.declared_at(value, step)
        if value.kind == "tuples":  # `self.body: list[tuple[K, V]]`: each element a tuple
            kind = "tuples" if step == SLICE else "tuple"
            return [(Value(kind, value.path, value.name), INFERRED)]
        if value.kind == "tuple":
            return _declared_part(value, step)
        if step == SLICE:
            if value.kind == "elems":
                return [(value, INFERRED)]
            if value.kind in ("cont", "seq", "slice"):
                return [(Value("slice", value.path, f"{value.kind}|{value.name}"), INFERRED)]
            self.resolver.consulted.fail("unknown-receiver")
            return []
        if value.kind in VIEWS:
            inner = viewed(value)
            if value.kind == "items":  # (key, value) pairs; enumerate's (index, element)
                return [(Value("pair", value.path, value.name), INFERRED)]
            if value.kind == "pair" and step == "[0]":
                return []
            return self.resolver.remembered(
                ("element", inner, SUBSCRIPT), lambda: self.element(inner, SUBSCRIPT)
            )
        if value.kind == "seq":
            qualname, _, index = value.name.rpartition("#")
            table = self.resolver.table(value.path)
            definition = table.definitions[qualname]
            return self.flow.flowing_in(table, definition, int(index), gather=False, key=step)
        if value.kind == "gen":  # what a generator yields
            return self.flow.yielded(value)
        if value.kind == "elems":  # annotated `List[A]`: an A
            return [(Value("inst", value.path, value.name), INFERRED)]
        if value.kind != "cont":
            self.resolver.consulted.fail("unknown-receiver")
            return []
        empty: list[Found] = []
        found = self.resolver.shared(("element", value, step), _contained(self, value, step), empty)
        if not found:
            self.resolver.consulted.fail("unknown-receiver")
        return found

    def _unpacks(self, value: Value, parts: int) -> bool:
        """Whether unpacking `value` into `parts` names may succeed: a sequence literal
        only when it has that many elements (and nothing stored into it afterwards);
        a declared tuple (`Tuple[A, B]`) only of its length; anything else may."""
        if value.kind == "typed":
            return self.flow.declared_length(value) in (None, parts)
        if value.kind == "tuple":
            return _tuple_shape(value)[1] == parts
        if value.kind != "cont":
            return True
        table = self.resolver.table(value.path)
        elements = table.containers.get(value.name, [])
        keys = {e.target[1] for e in elements}
        if SUBSCRIPT in keys or self.stored_in(table, value):
            return True
        digits = [k[1:-1] for k in keys]
        if not digits or not all(k.isdigit() for k in digits):
            return True  # a dict (its keys unpack) or a container filled later
        return len(digits) == parts

    def contained(self, value: Value, step: str) -> list[Found]:
        """The elements of a container literal at `step` (the same from every file)."""
        table = self.resolver.table(value.path)
        elements = table.containers.get(value.name, []) + self.stored_in(table, value)
        if step != SUBSCRIPT:
            elements = _keyed(elements, step[1:-1])
        if len(elements) > MAX_ELEMENTS:  # a table of data, not of callables
            return []
        found: list[Found] = []
        for element in elements:
            if element.value is not None:
                found += self.resolver.evaluate(table, element.scope, element.value, element.line)
        return [(v, inferred(how)) for v, how in unique(found)]

    def stored_in(self, table: ModuleTable, container: Value) -> list[BindingFact]:
        """What the file stores into a container after creating it: `d[k] = v` (keyed),
        `xs.append(v)`, `xs.insert(i, v)`, `s.add(v)`, `d.setdefault(k, v)` (unkeyed),
        `xs.extend([...])` and `d.update({...})` (the other container's elements)."""
        empty: dict[Value, list[BindingFact]] = {}
        index = self.resolver.shared(("stores", table.path), lambda: self._stores(table), empty)
        return index.get(container, [])

    def _stores(self, table: ModuleTable) -> dict[Value, list[BindingFact]]:
        """Every store of a file, by the container it stores into (only stores into a name
        or a `self` attribute that the file binds to a container literal somewhere)."""
        found: dict[Value, list[BindingFact]] = {}
        holding = _container_names(table)
        for store in table.stores:
            if store.target[:-1] not in holding:
                continue
            holders = self.resolver.evaluate(table, store.scope, store.target[:-1], store.line)
            for holder, _ in holders:
                if holder.kind == "cont":
                    target = (holder.name, store.target[-1])
                    found.setdefault(holder, []).append(store._replace(target=target))
        for method, position in _STORING.items():
            for call in self.flow.calls_named(table, method):
                assert call.chain is not None
                if len(call.chain) < 2 or len(call.args) <= position:
                    continue
                argument = call.args[position]
                if (
                    argument is None
                    or argument[0].startswith("[")
                    or (call.chain[:-1] not in holding)
                ):
                    continue
                if method in ("extend", "update"):  # the other container's elements
                    argument = (*argument, SUBSCRIPT)
                holders = self.resolver.evaluate(table, call.scope, call.chain[:-1], call.line)
                for holder, _ in holders:
                    if holder.kind == "cont":
                        store = BindingFact(
                            call.scope, (holder.name, SUBSCRIPT), argument, call.line
                        )
                        found.setdefault(holder, []).append(store)
        return found

    def bound_method(self, container: Value, name: str) -> list[Found]:
        """`d.get`, `d.items`... of a container literal (or of a view of one)."""
        if name not in _CONTAINER_METHODS:
            self.resolver.consulted.fail("unknown-attribute")
            return []
        return [
            (Value("bound", container.path, f"{name}|{container.kind}|{container.name}"), INFERRED)
        ]

    def call_bound(
        self,
        bound: Value,
        args: list[tuple[Chain | None, ...]],
        evaluate_argument: Callable[[Chain], list[Found]],
    ) -> list[Found]:
        """What calling a container's method returns (`args`: its arguments at each call
        site on the line; `evaluate_argument` evaluates one of them there)."""
        name, _, rest = bound.name.partition("|")
        kind, _, inner_name = rest.partition("|")
        inner = Value(kind, bound.path, inner_name)
        encoded = f"{inner.kind}|{inner.name}"
        if name == "values":
            return [(Value("slice", inner.path, encoded), INFERRED)]
        if name == "items":
            return [(Value("items", inner.path, encoded), INFERRED)]
        if name == "copy":
            return [(inner, INFERRED)]
        if name == "keys":
            return []
        found: list[Found] = []
        for site_args in args or [()]:
            key = site_args[0] if site_args else None
            step = (
                key[0]
                if key is not None and len(key) == 1 and key[0].startswith("[")
                else SUBSCRIPT
            )
            found += self.resolver.remembered(("element", inner, step), _element(self, inner, step))
            if len(site_args) > 1 and site_args[1] is not None:  # a default
                found += evaluate_argument(site_args[1])
        return unique(found)


def _unpacking(step: str) -> tuple[str, int | None]:
    """`[0/2]` (the first of two names unpacked) -> (`[0]`, 2); other steps (a literal key
    `["a/b"]` too) as they are."""
    index, slash, parts = step[1:-1].partition("/")
    if not slash or not index.isdigit() or not parts.isdigit():
        return step, None
    return f"[{index}]", int(parts)


#: The kinds of values a declaration makes (`list[A]`, `-> Tuple[A, B]`, `list[tuple[K, V]]`).
DECLARED = frozenset({"elems", "typed", "tuples", "tuple"})


def declared_collection(klass: Value, step: str) -> list[Found]:
    """What a declared collection of a class holds: its elements (`ELEMENTS`: `list[A]`),
    or tuples holding an instance of it at one position (`TUPLES`: `list[tuple[K, V]]`)."""
    if step == ELEMENTS:
        return [(Value("elems", klass.path, klass.name), INFERRED)]
    shape = step[len(TUPLES) : -1]  # "1/2" for V
    return [(Value("tuples", klass.path, f"{shape}|{klass.name}"), INFERRED)]


def _tuple_shape(value: Value) -> tuple[int, int, str]:
    """A declared tuple's (`tuple` value's) position, length and class qualname."""
    shape, _, qualname = value.name.partition("|")
    position, _, length = shape.partition("/")
    return int(position), int(length), qualname


def _declared_part(value: Value, step: str) -> list[Found]:
    """The instance a declared tuple (an element of `list[tuple[K, V]]`) holds at a position:
    one of the class its value stands for at that position (`[1]`, `[-1]`, any position for
    `[]`), nothing at the others (another value of the same tuple stands for them)."""
    position, length, qualname = _tuple_shape(value)
    index = step[1:-1]
    if step == SLICE or not (step == SUBSCRIPT or index.lstrip("-").isdigit()):
        return []
    if step != SUBSCRIPT and int(index) % length != position:
        return []
    return [(Value("inst", value.path, qualname), INFERRED)]


def _element(containers: Containers, container: Value, step: str) -> Callable[[], list[Found]]:
    """The element computation of a container, for `remembered`."""
    return lambda: containers.element(container, step)


def _contained(containers: Containers, container: Value, step: str) -> Callable[[], list[Found]]:
    return lambda: containers.contained(container, step)
