"""The interview's window on the code: facts from the query layer, cached per component."""

from __future__ import annotations

from brownfield.graph.roles import is_production
from brownfield.graph.store import GraphStore
from brownfield.interview.adaptive.state import Component
from brownfield.model import EdgeKind, Fact
from brownfield.query import evidence as facts
from brownfield.query.context import Touchpoint, idea_words


class EvidenceSource:
    """Answers fact slots from the graph; the same answers every time (replay relies on it)."""

    def __init__(self, store: GraphStore) -> None:
        self.store = store

    def _touchpoints(self, component: Component) -> list[Touchpoint]:
        nodes = self.store.nodes(component.touchpoints)
        return [Touchpoint(nodes[i], 1.0, ()) for i in component.touchpoints if i in nodes]

    def project(self) -> list[Fact]:
        return facts.project_facts(self.store)

    def callers(self, component: Component) -> list[Fact]:
        found = [facts.callers_fact(self.store, t) for t in self._touchpoints(component)[:3]]
        return [fact for fact in found if fact is not None]

    def _caller_sites(self, component: Component) -> list[tuple[str, bool]]:
        """`symbol (path:line)` of every call site into the component's top touchpoint, and
        whether it is in production code (not a test, example, benchmark...)."""
        touched = self._touchpoints(component)
        if not touched:
            return []
        node = touched[0].node
        ids = [node.id, f"{node.id}.__init__"]
        edges = [e for e in self.store.edges_into(ids, [EdgeKind.CALLS]) if e.src not in ids]
        callers = self.store.nodes(e.src for e in edges)
        return [
            (
                f"{callers[e.src].qualname if e.src in callers else e.src} ({e.path}:{e.line})",
                is_production(e.path),
            )
            for e in edges
        ]

    def caller_names(self, component: Component) -> list[str]:
        """The production call sites into the component's top touchpoint (options are built
        only from these: a test is not a trigger, nor a caller whose fate is decided)."""
        return [site for site, production in self._caller_sites(component) if production]

    def tests(self, component: Component) -> list[Fact]:
        return [facts.tests_fact(self.store, t) for t in self._touchpoints(component)[:3]]

    def test_sites(self, component: Component) -> list[str]:
        return [str(c) for fact in self.tests(component) for c in fact.citations]

    def similar(self, component: Component) -> Fact:
        """Definitions that already do something like the idea: they share its key words.
        Only the definition the change targets (the top touchpoint) is left out: another
        touchpoint can be the similar mechanism (a retry loop beside the call to change)."""
        keywords = idea_words(f"{component.name} {component.description}").keywords
        return facts.similar_fact(self.store, keywords, set(component.touchpoints[:1]))

    def configuration(self, component: Component) -> list[Fact]:
        found = [facts.configuration_fact(self.store, t) for t in self._touchpoints(component)[:3]]
        return [fact for fact in found if fact is not None]
