"""`brownfield context`: the touchpoints the interview would find for an idea, each with its
callers and callees at depth 1 and the tests that reach it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from brownfield.errors import UsageError
from brownfield.graph.roles import is_test
from brownfield.graph.store import GraphStore
from brownfield.model import EdgeKind
from brownfield.query.context import Touchpoint, touchpoints
from brownfield.query.traverse import Hop, walk

TEST_DEPTH = 3  # as the interview's tests fact: tests that reach a touchpoint within 3 calls


@dataclass
class IdeaContext:
    touchpoint: Touchpoint
    callers: list[Hop]
    callees: list[Hop]
    tests: list[Hop]

    def to_json(self) -> dict[str, Any]:
        return {
            **self.touchpoint.to_json(),
            "citation": f"{self.touchpoint.node.path}:{self.touchpoint.node.line}",
            "callers": [hop.to_json() for hop in self.callers],
            "callees": [hop.to_json() for hop in self.callees],
            "tests": [hop.to_json() for hop in self.tests],
        }


def idea_context(store: GraphStore, idea: str, limit: int = 5) -> list[IdeaContext]:
    """The interview's touchpoints for `idea`, ranked, each with its neighbourhood."""
    if limit < 1:
        raise UsageError(f"--limit must be 1 or more, not {limit}")
    found = []
    for touchpoint in touchpoints(store, idea, limit):
        start = [touchpoint.node.id]
        reaching = walk(store, start, TEST_DEPTH, [EdgeKind.CALLS], True, None)
        found.append(
            IdeaContext(
                touchpoint,
                [hop for hop in reaching if hop.distance == 1],
                walk(store, start, 1, [EdgeKind.CALLS], False, None),
                [hop for hop in reaching if is_test(hop.node.path)],
            )
        )
    return found
