"""The imports a file's queries capture (every language but Python): `@import` with
`@import.source`, and optionally `@import.name`, `@import.alias`, `@import.wildcard`,
`@import.default`, `@import.as_default` (the module is what the file exports as its
default: `module.exports = require("./x")`) and `@import.inline` (a JavaScript
`require("./x")` written inside an expression, imported as `generic_chains.required_name`
says)."""

from __future__ import annotations

from typing import Any

from brownfield.graph.facts import FileFacts, ImportFact
from brownfield.graph.generic_chains import required_name

Node = Any  # tree_sitter.Node


def add_import(facts: FileFacts, scope: str, captures: dict[str, list[Node]]) -> None:
    """The imported names of one `@import` match, made in `scope`, into the file's facts."""
    node = captures["import"][0]
    spec = captures.get("import.source")
    if not spec:
        return
    module = _text(spec[0]).strip().strip("'\"`<>")
    aliased = captures.get("import.alias") or captures.get("import.default")
    alias = _text(aliased[0]) if aliased else None
    if "import.inline" in captures:
        alias = required_name(module)
    if "import.as_default" in captures:
        alias = "default"
    if "import.wildcard" in captures:
        names: list[str | None] = ["*"]
    elif "import.default" in captures:
        names = ["default"]
    else:
        names = [_text(name) for name in captures.get("import.name", [])] or [None]
    line = int(node.start_point.row) + 1
    for name in names:
        facts.imports.append(ImportFact(scope, module, name, alias, 0, line))


def _text(node: Node) -> str:
    return bytes(node.text).decode("utf-8", "replace")
