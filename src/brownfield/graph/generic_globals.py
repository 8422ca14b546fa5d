"""Every language but Python: a bare name no scope of its file binds, found among the
definitions of every file of the language.

* With `Profile.lexical_constants` (Ruby), a capitalized name is first a constant of each
  module or class written around it, innermost first, wherever it is defined: `Shape`
  inside `module Shapes; class Circle` is `Shapes::Circle::Shape`, else `Shapes::Shape`.
* With `Profile.global_names` (C's functions, Ruby's top-level classes), it is the one
  top-level definition with that name, anywhere; with lexical constants, a module or class
  reopened in several files is one, and all of its definitions count.
"""

from __future__ import annotations

from brownfield.graph.generic_classes import Reader
from brownfield.graph.generic_world import CLASS_LIKE, Found, Table, Value
from brownfield.model import Resolution


def _defined(resolver: Reader, name: str) -> list[tuple[str, str]]:
    """(path, qualname) of each definition named `name` in a file of the language."""
    resolver.depend(f"name:{name}")
    found = []
    for node, _ in resolver.world.definitions_named(name):
        path, _, qualname = node.partition("::")
        if path in resolver.world.files:
            found.append((path, qualname))
    return sorted(found)


def nested_constant(resolver: Reader, table: Table, scope: str, name: str) -> list[Found]:
    """`name` as a constant of each module or class written around `scope`, innermost
    first, wherever it is defined ([] for none, or where constants are not lexical)."""
    if not resolver.profile.lexical_constants or not name[:1].isupper():
        return []
    defined = _defined(resolver, name)
    current: str | None = scope
    while current:
        if table.kinds.get(current) in CLASS_LIKE:
            wanted = f"{current}.{name}"
            found = [(Value("def", p, q), Resolution.IMPORT) for p, q in defined if q == wanted]
            if found:
                return found
        current = table.parent(current)
    return []


def top_level_definition(resolver: Reader, name: str) -> list[Found]:
    """The one top-level definition named `name` ([] for none, or more than one but a
    module or class reopened where constants are lexical)."""
    top = [(path, qualname) for path, qualname in _defined(resolver, name) if "." not in qualname]
    reopened = resolver.profile.lexical_constants and len({q for _, q in top}) == 1
    if len(top) != 1 and not reopened:
        return []
    return [(Value("def", path, qualname), Resolution.IMPORT) for path, qualname in top]
