"""Python: what builtins and the standard library do with the values passed to them.

Two tables. `CALLS_ARGUMENT`: functions that call a function they are given (`map(f, xs)`
calls f, `sorted(xs, key=f)` calls f): the call site gets an edge to it. `RETURNS_FROM`:
functions whose result is made of an argument (`functools.partial(f, 1)` calls f when it is
called; `list(xs)` holds xs's elements; `enumerate(xs)` pairs of an index and an element).
Names are the resolver's outside names (`<builtin>.map`, `functools.reduce`).
"""

from __future__ import annotations

from brownfield.graph.facts import CallFact, Chain

#: name -> (positions, keywords) of the arguments it calls.
CALLS_ARGUMENT: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {
    "<builtin>.map": ((0,), ()),
    "<builtin>.filter": ((0,), ()),
    "<builtin>.sorted": ((), ("key",)),
    "<builtin>.min": ((), ("key",)),
    "<builtin>.max": ((), ("key",)),
    "functools.reduce": ((0,), ()),
    "itertools.starmap": ((0,), ()),
    "itertools.filterfalse": ((0,), ()),
    "itertools.takewhile": ((0,), ()),
    "itertools.dropwhile": ((0,), ()),
    "itertools.groupby": ((1,), ("key",)),
    "itertools.accumulate": ((1,), ("func",)),
    "heapq.nsmallest": ((), ("key",)),
    "heapq.nlargest": ((), ("key",)),
    "heapq.merge": ((), ("key",)),
    "bisect.bisect": ((), ("key",)),
    "bisect.bisect_left": ((), ("key",)),
    "bisect.bisect_right": ((), ("key",)),
    "bisect.insort": ((), ("key",)),
}
#: `xs.sort(key=f)`: the only common method called with a function as `key`.
SORT_METHOD = "sort"

#: What a call returns, made of its first argument: "same" (a callable standing for it),
#: "slice" (a sequence of its elements), "items" (pairs with its elements second),
#: "element" (one of its elements), "instance" (an instance of the class it is).
RETURNS_FROM: dict[str, str] = {
    "functools.partial": "same",
    "functools.partialmethod": "same",
    "functools.cache": "same",
    "functools.update_wrapper": "same",
    "<builtin>.staticmethod": "same",
    "<builtin>.classmethod": "same",
    "<builtin>.list": "slice",
    "<builtin>.tuple": "slice",
    "<builtin>.set": "slice",
    "<builtin>.frozenset": "slice",
    "<builtin>.sorted": "slice",
    "<builtin>.reversed": "slice",
    "<builtin>.iter": "slice",
    "<builtin>.filter": "slice",
    "collections.deque": "slice",
    "copy.copy": "same",
    "copy.deepcopy": "same",
    "<builtin>.enumerate": "items",
    "<builtin>.next": "element",
    "typing.cast": "instance",  # `cast(T, x)` is x, typed T: an instance of T (x when a
    # class or function: `cast(Type[A], A)`)
}


def called_arguments(name: str, call: CallFact) -> list[Chain]:
    """The argument chains that the function `name`, called at `call`, calls."""
    positions, keywords = CALLS_ARGUMENT.get(name, ((), ()))
    found = [call.args[i] for i in positions if i < len(call.args)]
    found += [chain for keyword, chain in call.kwargs if keyword in keywords]
    return [chain for chain in found if chain is not None and not chain[0].startswith("[")]


def argument_of(name: str, args: tuple[Chain | None, ...]) -> Chain | None:
    """The argument a `RETURNS_FROM` function's result is made of (the second for
    `filter(f, xs)`), when it is a chain."""
    index = 1 if name == "<builtin>.filter" else 0
    chain = args[index] if index < len(args) else None
    return None if chain is None or chain[0].startswith("[") else chain
