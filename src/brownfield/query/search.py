"""Find definitions by name, dotted name, path or the words in a name; ranked."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from brownfield.errors import UsageError
from brownfield.graph.store import GraphStore
from brownfield.model import Node, NodeKind

_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


def words(identifier: str) -> list[str]:
    """`parseHTTPRequest_v2` -> ["parse", "http", "request", "v", "2"]."""
    return [word.lower() for word in _WORD.findall(identifier)]


@dataclass(frozen=True)
class SearchHit:
    """A definition and how well it matched."""

    score: int
    node: Node

    def to_json(self) -> dict[str, Any]:
        return {
            "score": self.score,
            "id": self.node.id,
            "symbol": self.node.qualname,
            "kind": self.node.kind.value,
            "path": self.node.path,
            "line": self.node.line,
        }


_KIND_BONUS = {NodeKind.CLASS: 3, NodeKind.FUNCTION: 2, NodeKind.METHOD: 2, NodeKind.MODULE: 1}


def score(node: Node, text: str) -> int:
    """How well `node` matches `text`: exact names first, then prefixes, words, substrings."""
    query = text.strip().lower()
    name = node.name.lower()
    qualname = node.qualname.lower()
    path = (node.path or "").lower()
    if query in (name, qualname, node.id.lower()):
        base = 100
    elif qualname.endswith("." + query):
        base = 90
    elif name.startswith(query):
        base = 70
    elif set(words(text)) and set(words(text)) <= set(words(node.name)):
        base = 60
    elif query in name:
        base = 50
    elif query in qualname:
        base = 40
    elif query in path:
        base = 30
    else:
        wanted = set(words(text))
        have = set(words(node.qualname)) | set(words(node.path or ""))
        if not wanted or not wanted & have:
            return 0
        base = int(25 * len(wanted & have) / len(wanted))
    return base + _KIND_BONUS.get(node.kind, 0)


def search(store: GraphStore, text: str, limit: int = 20) -> list[SearchHit]:
    """Definitions matching `text`, best first (ties: shorter names, then ids)."""
    if limit < 1:
        raise UsageError(f"--limit must be 1 or more, not {limit}")
    candidates: dict[str, Node] = {}
    terms = {text.strip(), *words(text)} - {""}
    for term in sorted(terms):
        for node in store.nodes_like(term, limit=2000):
            candidates[node.id] = node
    hits = [SearchHit(score(node, text), node) for node in candidates.values()]
    hits = [hit for hit in hits if hit.score > 0]
    hits.sort(key=lambda hit: (-hit.score, len(hit.node.qualname), hit.node.id))
    return hits[:limit]
