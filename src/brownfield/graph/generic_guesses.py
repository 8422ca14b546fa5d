"""Every language but Python: the calls the chain alone did not resolve. A method call on a
receiver of unknown type reaches the member so named of the one top-level object named as
the receiver is (`app.render()`: `app.render = function`), else the one method of the
language with that name (`unique-name`). A call through a member keyed by a name
(`this[kWrite](...)`, the way Node libraries name members by symbols) reaches, on a receiver
of known type, its member so named; on one of unknown type, the one function the
repository's objects bind to that key (`{ [kWrite]: write }`) or the one method it names
(`[kWrite] () {}`), also `unique-name`.
"""

from __future__ import annotations

import re
from typing import Protocol

from brownfield.graph.facts import CALL, SUBSCRIPT, CallFact, Chain
from brownfield.graph.generic_classes import Reader
from brownfield.graph.generic_world import Found, Table, Value
from brownfield.graph.roles import is_test
from brownfield.model import Resolution


class Resolver(Reader, Protocol):
    """What the guesses ask of the resolver besides what `ClassMembers` does."""

    @property
    def reason(self) -> str: ...

    def step(self, value: Value, how: Resolution, step: str) -> list[Found]: ...

    def call_targets(
        self, value: Value, how: Resolution, arity: int | None
    ) -> list[tuple[str, Resolution]]: ...


#: The key of a member a call goes through, as the call's text ends: `this[kWrite]`.
_KEYED = re.compile(r"\[([A-Za-z_$][\w$]*)\]$")


def unique_name(resolver: Resolver, chain: Chain) -> tuple[str, Resolution] | None:
    """A method call on a receiver of unknown type, when the language has exactly one
    method with that name (and the profile allows the guess)."""
    name = chain[-1]
    if (
        not resolver.profile.unique_names
        or len(chain) < 2
        or resolver.reason != "unknown-receiver"
        or name in (CALL, SUBSCRIPT)
        or name in resolver.profile.common_methods
    ):
        return None
    resolver.depend(f"name:{name}")
    owners = _named_object_member(resolver, chain[-2], name) or _methods_named(resolver, name)
    return (owners[0], Resolution.UNIQUE_NAME) if len(owners) == 1 else None


def _named_object_member(resolver: Resolver, receiver: str, name: str) -> list[str]:
    """The members `name` of the top-level objects of the repository's code named as the
    receiver is (`app.render()` on an unknown `app`: express's `app.render = function`),
    for a receiver of at least three letters (a minified `r` names nothing); a test's
    objects are its own (pino's `opts.timestamp` in a test is no library's `opts`)."""
    if len(receiver) < 3:
        return []
    wanted = f"{receiver}.{name}"
    found = []
    for node, _ in resolver.world.definitions_named(name):
        path, _, qualname = node.partition("::")
        if qualname == wanted and path in resolver.world.files and not is_test(path):
            found.append(node)
    return found


def _methods_named(resolver: Resolver, name: str) -> list[str]:
    """The methods of the repository's files of the language named `name`."""
    return [
        node
        for node, kind in resolver.world.definitions_named(name)
        if kind == "method" and node.partition("::")[0] in resolver.world.files
    ]


def keyed_member(resolver: Resolver, table: Table, call: CallFact) -> tuple[str, Resolution] | None:
    """A call through a member keyed by a name (`obj[kWrite](...)`): on a receiver of a
    known class or object, its member so named (none, when it has no such member: the key
    may name a field, `this[kFactory] = factory`); on a receiver of unknown type, the one
    function the repository's objects bind to the key or the one method it names."""
    keyed = _KEYED.search(call.text)
    files_keyed = resolver.world.computed_named
    if keyed is None or files_keyed is None or not call.chain or call.chain[-1] != SUBSCRIPT:
        return None
    name = f"[{keyed[1]}]"
    receivers = resolver.evaluate(table, call.scope, call.chain[:-1], call.line)
    if receivers:  # a key names the library's own members: none of outside classes
        found = {
            (target, how)
            for value, how in receivers
            for member, member_how in resolver.step(value, how, name)
            for target, _ in resolver.call_targets(member, member_how, None)
            if target.partition("::")[0] in resolver.world.files
        }
        return found.pop() if len(found) == 1 else None
    resolver.depend(f"name:{name}")  # a file binding the key, or no longer, resolves it again
    targets = set(_methods_named(resolver, name))  # a class's method: `[kWrite] () {}`
    for path in files_keyed(name):
        table = resolver.table(path)
        for scope, names in table.scopes.items():
            if scope and table.kinds.get(scope) == "object" and name in names:
                for value, how in resolver.binding_values(table, scope, names[name]):
                    targets.update(t for t, _ in resolver.call_targets(value, how, None))
    return (targets.pop(), Resolution.UNIQUE_NAME) if len(targets) == 1 else None
