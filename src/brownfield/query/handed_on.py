"""What may call a definition without naming it, because the code hands it on: a method of
an object a function makes (a Java anonymous class, an object literal's method), a
JavaScript function assigned to a member of an object the repository does not define (an
event handler: `request.onreadystatechange = function () {...}`)."""

from __future__ import annotations

import re

from brownfield.graph.store import GraphStore
from brownfield.model import Node, NodeKind
from brownfield.query.freshness import file_lines, repository_root
from brownfield.query.js_exports import LANGUAGES as JS_LANGUAGES

#: An event handler's property: `onreadystatechange`, `onload`, `onerror`, `onmessage`.
_HANDLER = re.compile(r"^on[a-z]+$")
#: What a JavaScript file's `exports.f = ...` assigns to: its module object, not an outside one.
_MODULE_OBJECTS = frozenset({"exports", "module.exports"})


def handed_on(store: GraphStore, node: Node) -> str:
    """For a method of an object a function makes (a Java anonymous class, `new
    PrivilegedExceptionAction<Void>() { public Void run() {..} }`; an object literal's
    method), or a JavaScript event handler assigned to a member of an object the repository
    does not define (`request.onreadystatechange = function`): whatever holds the object, outside
    the repository too, may call it without naming it. Empty for anything else."""
    owner = node.id.rpartition(".")[0] if node.kind is NodeKind.METHOD else ""
    maker = store.nodes([owner]).get(owner) if "::" in owner else None
    if maker is not None and maker.kind in (NodeKind.FUNCTION, NodeKind.METHOD):
        return (
            f"; {node.name} is a method of an object made inside {maker.qualname} (an "
            "anonymous class or an object literal): whatever that object is handed to, here "
            f"or outside the repository, may call `{node.name}` without naming it"
        )
    held = _held_by(store, node)
    if not held or held in _MODULE_OBJECTS:
        return ""
    return (
        f"; {node.name} is an event handler assigned to `{held}.{node.name}`, a member of an "
        "object the repository does not define: whatever holds that object, here or outside "
        f"the repository, may call `{node.name}` without naming it"
    )


def _held_by(store: GraphStore, node: Node) -> str:
    """The object a JavaScript function is assigned to a member of, when the repository
    defines no such object: `request` of `send.request.onreadystatechange` (made inside the
    function `send`); empty for anything else, an object the file writes as a literal
    (`const settings = {}`) among them."""
    parts = node.id.partition("::")[2].split(".")[:-1]
    if node.kind is not NodeKind.FUNCTION or node.language not in JS_LANGUAGES or not parts:
        return ""
    if not _HANDLER.match(node.name):
        return ""  # `res.send = function`: an API its callers name
    held = parts
    for end in range(len(parts), 0, -1):  # the definition it is made in, if any
        if store.node(f"{node.path}::{'.'.join(parts[:end])}") is not None:
            held = parts[end:]
            break
    name = re.escape(held[-1]) if held else ""
    literal = re.compile(rf"\b{name}\s*=\s*(?:[\w.$]+\s*=\s*)*\{{") if held else None
    lines = file_lines(repository_root(store), node.path or "") or []
    if literal is None or any(literal.search(line) for line in lines):
        return ""  # `const settings = {}`: an object of the file's own
    return ".".join(held)
