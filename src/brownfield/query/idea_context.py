"""`brownfield context`: the touchpoints the interview would find for an idea, each with its
callers and callees at depth 1 and the tests that reach it (as the interview's tests fact:
within `TEST_DEPTH` calls, its own tests and those named after it first). Callers in
production code come before tests' and helpers', callees in the repository's code before
builtins and outside code: what a maintainer reads first. Where it has no caller or no
test, the interview's fact says what was looked for and what the graph could not resolve:
never a flat "(none)"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from brownfield.errors import UsageError
from brownfield.graph.roles import Role, role_at
from brownfield.graph.store import GraphStore
from brownfield.model import EdgeKind, NodeKind
from brownfield.query.context import Touchpoint, touchpoints
from brownfield.query.evidence import callers_fact, ordered_tests, tests_fact
from brownfield.query.reaching_tests import tests_reaching
from brownfield.query.traverse import Hop, walk


@dataclass
class IdeaContext:
    touchpoint: Touchpoint
    callers: list[Hop]
    callees: list[Hop]
    tests: list[Hop]
    callers_note: str | None = None  # when no caller: what was looked for, what is left
    tests_note: str | None = None  # when no test: the same

    def to_json(self) -> dict[str, Any]:
        return {
            **self.touchpoint.to_json(),
            "citation": f"{self.touchpoint.node.path}:{self.touchpoint.node.line}",
            "callers": [hop.to_json() for hop in self.callers],
            "callees": [hop.to_json() for hop in self.callees],
            "tests": [hop.to_json() for hop in self.tests],
            "callers_note": self.callers_note,
            "tests_note": self.tests_note,
        }


def idea_context(store: GraphStore, idea: str, limit: int = 5) -> list[IdeaContext]:
    """The interview's touchpoints for `idea`, ranked, each with its neighbourhood."""
    if limit < 1:
        raise UsageError(f"--limit must be 1 or more, not {limit}")
    if not idea.strip():
        raise UsageError("give an idea: the change, in one sentence")
    found = []
    for touchpoint in touchpoints(store, idea, limit):
        start = [touchpoint.node.id]
        callers = sorted(
            walk(store, start, 1, [EdgeKind.CALLS], True, None),
            key=lambda hop: role_at(hop.node.path or "", hop.node.id) is not Role.PRODUCTION,
        )
        callees = sorted(
            walk(store, start, 1, [EdgeKind.CALLS], False, None),
            key=lambda hop: hop.node.kind is NodeKind.EXTERNAL,
        )
        tests = ordered_tests(touchpoint.node, tests_reaching(store, touchpoint.node))
        no_callers = None if callers else callers_fact(store, touchpoint)
        found.append(
            IdeaContext(
                touchpoint,
                callers,
                callees,
                tests,
                no_callers.statement if no_callers else None,
                None if tests else tests_fact(store, touchpoint).statement,
            )
        )
    return found
