"""Python: what builtins and the standard library do with the values passed to them.

Two tables. `CALLS_ARGUMENT`: functions that call a function they are given (`map(f, xs)`
calls f, `sorted(xs, key=f)` calls f): the call site gets an edge to it. `RETURNS_FROM`:
functions whose result is made of an argument (`functools.partial(f, 1)` calls f when it is
called; `list(xs)` holds xs's elements; `enumerate(xs)` pairs of an index and an element).
Names are the resolver's outside names (`<builtin>.map`, `functools.reduce`).
"""

from __future__ import annotations

import io

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
#: name -> (positions of the arguments it iterates, None for all; whether it consumes them
#: at the call, so that their iterators' `__next__` runs there too). Each calls `__iter__`
#: of those arguments at the call (`iter()` on them); lazy ones (`zip`, `map`, `islice`...)
#: resume the iterators later, where their result is consumed.
ITERATES: dict[str, tuple[tuple[int, ...] | None, bool]] = {
    **dict.fromkeys(
        ("<builtin>.list", "<builtin>.tuple", "<builtin>.set", "<builtin>.frozenset"),
        ((0,), True),
    ),
    **dict.fromkeys(
        ("<builtin>.sorted", "<builtin>.sum", "<builtin>.any", "<builtin>.all", "<builtin>.dict"),
        ((0,), True),
    ),
    "<builtin>.min": ((0,), True),
    "<builtin>.max": ((0,), True),
    "<builtin>.enumerate": ((0,), False),
    "<builtin>.zip": (None, False),
    "<builtin>.map": (None, False),  # the function (position 0) has no `__iter__` of ours
    "<builtin>.filter": ((1,), False),
    "collections.deque": ((0,), True),
    "itertools.islice": ((0,), False),
    "itertools.zip_longest": (None, False),
    "itertools.cycle": ((0,), False),
    "itertools.tee": ((0,), False),
    "itertools.groupby": ((0,), False),
    "itertools.accumulate": ((0,), False),
    "itertools.pairwise": ((0,), False),
    "itertools.starmap": ((1,), False),
    "itertools.compress": ((0, 1), False),
    "itertools.dropwhile": ((1,), False),
    "itertools.takewhile": ((1,), False),
    "itertools.filterfalse": ((1,), False),
    "itertools.product": (None, True),
    "itertools.permutations": ((0,), True),
    "itertools.combinations": ((0,), True),
    "itertools.combinations_with_replacement": ((0,), True),
}
#: Builtins that ask their argument's length first (`__len__`, CPython's length hint).
LENGTH_HINT = frozenset({"<builtin>.list", "<builtin>.tuple", "<builtin>.sorted"})

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


#: What every class has from `object` (and, read on the class itself, from `type`): a class
#: written `class A(object)` finds nothing else there, as `class A:` does not.
OBJECT = "<builtin>.object"
OBJECT_ATTRIBUTES = frozenset(dir(object)) | frozenset(dir(type))

#: Attribute names of builtin types and of the standard file objects: a method call with
#: one of these names on an unknown receiver is most likely on a str/list/dict/file...,
#: never guessed by unique name (`fp.write(text)`, `buffer.getvalue()`).
BUILTIN_ATTRIBUTES = frozenset(
    name
    for kind in (str, bytes, list, dict, set, frozenset, tuple, int, float, complex, object, type)
    for name in dir(kind)
) | frozenset(
    name for kind in (io.TextIOWrapper, io.BufferedRandom, io.BytesIO) for name in dir(kind)
)
