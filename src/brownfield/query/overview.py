"""Counts that describe a graph: files, nodes, edges, resolutions, unresolved reasons."""

from __future__ import annotations

from typing import Any

from brownfield.graph.store import GraphStore


def stats(store: GraphStore) -> dict[str, Any]:
    """Everything `brownfield stats` prints, as one sorted dictionary."""
    meta = store.meta()
    return {
        "snapshot": meta.get("snapshot", ""),
        "built_at": meta.get("built_at", ""),
        "files": store.count("files", "status"),
        "languages": store.language_counts(),
        "nodes": store.count("nodes", "kind"),
        "edges": store.count("edges", "kind"),
        "resolutions": {
            key: value for key, value in store.count("edges", "resolution").items() if key
        },
        "unresolved": store.count("unresolved", "reason"),
    }
