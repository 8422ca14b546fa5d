"""What a function returns (every language but Python): a value written as a chain
(`return new Repo()`, `return this.x`), or, in JavaScript and TypeScript, an object
literal (`return { previous, retire, size: count }`).

The literal is an object named by the line of its `return` (`makeWriter.<return 44>`),
whose members are bound to what is written for them, read in the function (`retire` is
its local `retire`): a caller reaching a member through the call (`const { retire } =
makeWriter()`, `makeWriter().retire()`) reaches what the member is bound to. The object is
no node of the graph (nobody can name it). A literal spreading another (`{ ...base, x }`),
whose members are not all written, or one a function written inside the definition
returns (a callback's), is none.
"""

from __future__ import annotations

from tree_sitter import Node

from brownfield.graph.facts import BindingFact, Definition, FileFacts, ReturnFact
from brownfield.graph.generic_chains import chain_of_text
from brownfield.graph.spans import Spans

_KEYS = frozenset({"shorthand_property_identifier", "property_identifier"})


def add_returns(
    facts: FileFacts,
    found: list[dict[str, list[Node]]],
    scopes: Spans[str],
    holders: dict[str, Definition],
    functions: frozenset[str] = frozenset(),
) -> None:
    """The returns of a file's `return` matches (`@return` with `@return.value`, a chain,
    or `@return.object`, a literal) into its facts. `functions`: the node types of the
    language's functions, which it may write inline, with no definition of their own
    (`Profile.inline_functions`): a `return` in one is not the definition's around it."""
    for captures in found:
        node = captures["return"][0]
        scope = scopes.innermost(node.start_byte, "")
        definition = holders.get(scope)
        if functions and (definition is None or not _returned_by(node, definition, functions)):
            continue  # a callback's, or a method's of an object literal no name binds
        for literal in captures.get("return.object", []):
            _add_object(facts, scope, node, literal)
        for value in captures.get("return.value", []):
            chain = chain_of_text(_text(value))
            if chain is not None:  # made where the value is (a method's last expression)
                facts.returns.append(ReturnFact(scope, chain, _line(value)))


def _returned_by(statement: Node, definition: Definition, functions: frozenset[str]) -> bool:
    """Whether the definition's own function returns from `statement`: the only function
    around it from the definition's line on (`const make =` then `() => {...}` on the next
    line), no callback inside that one."""
    around, node = 0, statement.parent
    while node is not None and _line(node) >= definition.line:
        around += node.type in functions
        node = node.parent
    return around == 1


def _add_object(facts: FileFacts, scope: str, statement: Node, literal: Node) -> None:
    if any(child.type == "spread_element" for child in literal.named_children):
        return
    name = f"<return {_line(statement)}>"
    holder = f"{scope}.{name}"
    for member in literal.named_children:
        key: Node | None = member  # `{ retire }`
        value: Node | None = member
        if member.type == "pair":
            key, value = member.child_by_field_name("key"), member.child_by_field_name("value")
        elif member.type != "shorthand_property_identifier":
            continue
        if key is None or value is None or key.type not in _KEYS:
            continue
        chain = chain_of_text(_text(value))
        if chain is not None:
            facts.bindings.append(BindingFact(holder, (_text(key),), chain, _line(member)))
    end = statement.end_point.row + 1
    facts.definitions.append(Definition("object", holder, scope, _line(statement), end))
    facts.returns.append(ReturnFact(scope, (name,), _line(statement)))


def _text(node: Node) -> str:
    return bytes(node.text or b"").decode("utf-8", "replace")


def _line(node: Node) -> int:
    return int(node.start_point.row) + 1
