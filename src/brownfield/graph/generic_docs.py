"""Doc comments, where code written without types says them: PHPDoc's and JSDoc's tags
(`@return Node[]`, `@var ?Node`, `@returns {Store}`, `@type {T}`, `@param {Headers}
headers`, `@param Node $node`) and JSDoc's imports of types (`@typedef {import("./Chunk")}
Chunk`, `@import { A, B as C } from "./x"`). Read as text by rules, like the code's own
declarations; a type naming no class is no type."""

from __future__ import annotations

import re
from typing import Any

from brownfield.graph.facts import Chain, ImportFact
from brownfield.graph.generic_chains import type_chain

#: A tag of a doc comment and its type: PHPDoc's `@return Node[]`, `@var ?Node`, JSDoc's
#: `@returns {Store}`, `@type {Array<Item>}`.
_DOC_TAG = re.compile(r"@(\w+)\s+(?:\{([^}\n]*)\}|([\\\w.?|<>\[\]]+))")
#: What a documented type may be besides the one it names: `Node|null`, `?Node`.
_NOTHING = frozenset({"null", "void", "undefined", "mixed", "false", "true", "static", "self"})
_GENERIC_LIST = re.compile(r"^(?:Array|array|list|iterable|Iterable)<([^<>,]+)>$")
MAX_DOC = 4000  # characters of a doc comment read


def doc_type(node: Any, tags: tuple[str, ...]) -> Chain | None:
    """The type the doc comment just before `node` (or before the `export` statement
    holding it) gives with the first of `tags`, as a chain (`Node[]` -> Node() [*]);
    None where there is none, or the type names no class."""
    for tag, braced, bare in _DOC_TAG.findall(_doc_comment(node)):
        if tag in tags:
            return _documented(braced or bare)
    return None


#: A parameter's tag: JSDoc's `@param {Headers} headers`, `@param {Node} [parent]`,
#: PHPDoc's `@param Node[] $children`.
_PARAM_TAG = re.compile(
    r"@(?:param|arg|argument)\s+(?:\{([^}\n]*)\}|([\\\w.?|<>\[\]]+))\s+\[?\$?([A-Za-z_$][\w$]*)"
)


def doc_parameter_type(function: Any, name: str) -> Chain | None:
    """The type the doc comment just before `function` gives its parameter `name` (`$`
    left off), as a chain; None where it gives none, or the type names no class."""
    for braced, bare, documented in _PARAM_TAG.findall(_doc_comment(function)):
        if documented == name.lstrip("$"):
            return _documented(braced or bare)
    return None


def _doc_comment(node: Any) -> str:
    """The `/** ... */` comment ending on the line before `node` (or before the statement
    holding it: `export function`), its first MAX_DOC characters; "" where there is none."""
    for holder in (node, node.parent):
        comment = holder.prev_named_sibling if holder is not None else None
        if comment is None or "comment" not in comment.type:
            continue
        text = bytes(comment.text[:MAX_DOC]).decode("utf-8", "replace")
        if not text.startswith("/**") or comment.end_point.row + 1 < holder.start_point.row:
            return ""
        return text
    return ""


def _documented(text: str) -> Chain | None:
    """`?Node`, `Node|null`, `\\App\\Node[]`, `Array<Item>` as the chain of a value."""
    kinds = [t.strip().lstrip("?") for t in text.split("|")]
    named = [t for t in kinds if t and t.lower() not in _NOTHING]
    if len(named) != 1:
        return None
    listed = _GENERIC_LIST.match(named[0])
    return type_chain(f"{listed[1]}[]" if listed else named[0])


#: `@typedef {import("./Chunk")} Chunk`, `@typedef {import("./Chunk").ChunkId} ChunkId`.
_TYPEDEF_IMPORT = re.compile(
    r"@typedef\s+\{\s*import\(\s*[\"']([^\"'\n]+)[\"']\s*\)(?:\.([A-Za-z_$][\w$]*))?\s*\}"
    r"\s+([A-Za-z_$][\w$]*)"
)
#: `@import { A, B as C } from "./x"` (TypeScript 5.5's JSDoc tag).
_TAG_IMPORT = re.compile(r"@import\s+\{([^}]*)\}\s+from\s+[\"']([^\"'\n]+)[\"']")
_SPECIFIER = re.compile(r"^\s*([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?\s*$")


def doc_imports(comment: str, scope: str, line: int) -> list[ImportFact]:
    """The types a JSDoc comment imports for the file's doc comments, as imports: the
    module (`import("./Chunk")`) or one of its names (`.ChunkId`, `{ A as B }`)."""
    found = [
        ImportFact(scope, module, name or None, None if alias == name else alias, 0, line)
        for module, name, alias in _TYPEDEF_IMPORT.findall(comment[:MAX_DOC])
    ]
    for names, module in _TAG_IMPORT.findall(comment[:MAX_DOC]):
        for specifier in names.split(","):
            named = _SPECIFIER.match(specifier)
            if named is not None:
                found.append(ImportFact(scope, module, named[1], named[2] or None, 0, line))
    return found
