"""Turn what a person types (a node id, a dotted name, a bare name, a path) into nodes."""

from __future__ import annotations

from brownfield.errors import AmbiguousSymbolError, SymbolError, UsageError
from brownfield.graph.facts import SINGLETON
from brownfield.graph.store import GraphStore
from brownfield.model import Node, NodeKind
from brownfield.query.declarations import declaring_javascript


def find_symbol(store: GraphStore, symbol: str) -> Node:
    """The one node `symbol` names: a node id, a dotted name, a bare name, then the end of
    a dotted name (`Session.request` for `requests.sessions.Session.request`); a name
    written with `::` or `#` (`URI::Generic.default_port`, `Shape#area`, `cart::total`)
    also as its dotted spellings (`_spellings`). Of a name defined in JavaScript and in a
    TypeScript declaration of it beside it, the JavaScript is meant."""
    text = symbol.strip()
    if not text:
        raise UsageError("give a symbol: a node id, a dotted name or a bare name")
    unknown: SymbolError | None = None
    for spelled in (text, *_spellings(text)):
        try:
            return _find(store, spelled)
        except AmbiguousSymbolError:
            raise
        except SymbolError as error:
            unknown = unknown or error  # what the symbol as written failed with
    assert unknown is not None
    raise unknown


def _spellings(text: str) -> list[str]:
    """The dotted names a name written with a language's separators may be, most likely
    first: `::` and `#` are dots (`Shapes::Circle#area` is `Shapes.Circle.area`), and Ruby's
    `A::B.m` or `A::m` names first the class method `A.B.m~self` (the one beside an
    instance method of the same name), then `A.B.m`; `A#m` is an instance's."""
    if "::" not in text and "#" not in text:
        return []
    dotted = text.replace("::", ".").replace("#", ".")
    return [dotted] if "#" in text else [f"{dotted}{SINGLETON}", dotted]


def _find(store: GraphStore, text: str) -> Node:
    node = store.node(text)
    if node is not None:
        return node
    for column in ("qualname", "name"):
        matches = [n for n in store.nodes_where(column, text) if n.kind is not NodeKind.EXTERNAL]
        if not matches and column == "qualname":
            matches = store.nodes_where(column, text)  # an outside name such as os.path.join
        if len(matches) > 1:  # dotenv's `parse` in `lib/main.js` and its `lib/main.d.ts`
            declared = declaring_javascript(store, {n.path for n in matches if n.path})
            kept = [n for n in matches if n.path not in declared]
            if len(kept) != 1:
                raise AmbiguousSymbolError(text, [n.id for n in matches])
            matches = kept
        if matches:
            return matches[0]
    if "." in text.strip("."):
        ending = [
            n
            for n in store.nodes_like(text, limit=1000)
            if n.kind is not NodeKind.EXTERNAL and n.qualname.endswith("." + text)
        ]
        if len(ending) == 1:
            return ending[0]
        if ending:
            raise AmbiguousSymbolError(text, [n.id for n in ending])
    raise SymbolError(text, f"unknown symbol: {text} (try `brownfield search {text}`)")


def expand_targets(store: GraphStore, node: Node) -> list[str]:
    """The node ids a query about `node` covers: a class also means its `__init__`."""
    ids = [node.id]
    if node.kind is NodeKind.CLASS:
        init = store.node(f"{node.id}.__init__")
        if init is not None:
            ids.append(init.id)
    return ids
