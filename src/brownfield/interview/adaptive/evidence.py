"""The interview's window on the code: facts from the query layer, cached per component."""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from brownfield.graph.facts import without_overload
from brownfield.graph.roles import is_production, is_test
from brownfield.graph.store import GraphStore
from brownfield.interview.adaptive.state import Component
from brownfield.model import Citation, EdgeKind, Fact, Node, NodeKind, denies
from brownfield.query import code_names, counterparts, own_code, project, similar
from brownfield.query import evidence as facts
from brownfield.query.context import Touchpoint, exception_classes, idea_words
from brownfield.query.declarations import outside_bases
from brownfield.query.reaching_tests import call_targets, is_constructor
from brownfield.query.search import dotted, last_name, parse, spelled_by

MAX_TOUCHED = 5  # production touchpoints per component whose callers and tests are gathered
MAX_NAMED = 5  # touchpoints per component whose names are shown
CALLER_SHARE = 1 / 3  # a touchpoint scoring less than this share of the best is no caller target


def _named(owner: str) -> str:
    """A class's simple name, from its id (`A.java::A.Inner` -> `Inner`)."""
    return owner.rpartition("::")[2].rpartition(".")[2]


class CallerTarget(NamedTuple):
    """What the questions about existing callers are about: a touchpoint (`symbol`), its
    production call sites, the overrides extending it, which those leave out, and whether
    it builds an object (a class or a constructor: building one starts nothing by itself,
    so its call sites are no first guess at what starts a change)."""

    symbol: str
    sites: list[str]
    extending: tuple[str, ...] = ()
    builds: bool = False


class EvidenceSource:
    """Answers fact slots from the graph; the same answers every time (replay relies on it)."""

    def __init__(self, store: GraphStore) -> None:
        self.store = store

    def _touchpoints(self, component: Component) -> list[Touchpoint]:
        nodes = self.store.nodes(component.touchpoints)
        return [Touchpoint(nodes[i], 1.0, ()) for i in component.touchpoints if i in nodes]

    def _touched(self, component: Component) -> list[Touchpoint]:
        """The production code among the component's first MAX_NAMED touchpoints, at most
        MAX_TOUCHED: a test is where a chain of calls starts, and its callers, its tests
        and its file's configuration say nothing about the change."""
        first = self._touchpoints(component)[:MAX_NAMED]
        return [t for t in first if is_production(t.node.path, t.node.id)][:MAX_TOUCHED]

    def project(self) -> list[Fact]:
        return project.project_facts(self.store)

    def callers(self, component: Component) -> list[Fact]:
        found = [facts.callers_fact(self.store, t) for t in self._touched(component)]
        return [fact for fact in found if fact is not None]

    def untouched(self, component: Component) -> list[Fact]:
        """That the component touches no production definition the interview found (none
        when it does): what the questions about its existing code and callers would be
        about does not exist, so they are not asked."""
        if self._touched(component):
            return []
        words = ", ".join(idea_words(component.description).keywords)
        return [
            Fact(
                "touchpoints",
                component.name,
                f"No touchpoint in production code carries the words of '{component.name}' "
                f"({words}): it touches no existing definition the interview found, so no "
                "existing caller depends on it.",
            )
        ]

    def own_code_facts(self, component: Component) -> list[Fact]:
        """Each production touchpoint's signature and what it calls."""
        found = [own_code.own_code_fact(self.store, t) for t in self._touched(component)]
        return [fact for fact in found if fact is not None]

    def _production_callers(self, node_id: str) -> tuple[list[str], list[str]]:
        """`symbol (path:line)` of every production call site into a definition, and apart
        an override's call of the method it overrides (`super().__init__(...)` in a
        subclass's `__init__`): that extends the operation, it does not start it, but a
        question naming the call sites says it is left out. The callers most production
        code calls come first: `Session.send`, which every request goes through, before
        `HTTPDigestAuth.handle_401`, a hook (stable otherwise)."""
        node = self.store.node(node_id)
        ids = call_targets(self.store, node) if node else [node_id]
        edges = [e for e in self.store.edges_into(ids, [EdgeKind.CALLS]) if e.src not in ids]
        callers = self.store.nodes(e.src for e in edges)
        reached = Counter(
            e.dst
            for e in self.store.edges_into(list(callers), [EdgeKind.CALLS])
            if is_production(e.path, e.src)
        )
        edges.sort(key=lambda e: -reached[e.src])
        sites: dict[str, None] = {}  # a call of a class lands on it and on its constructors
        extending: dict[str, None] = {}
        for e in edges:
            if is_production(e.path, e.src):
                name = callers[e.src].qualname if e.src in callers else e.src
                site = f"{name} ({e.path}:{e.line})"
                (extending if self._extends(e.src, e.dst) else sites)[site] = None
        return list(sites), [site for site in extending if site not in sites]

    def _extends(self, caller: str, callee: str) -> bool:
        """Whether `caller` overrides `callee`: a method of the same name in a subclass, or
        a constructor named for its class (Java's `B.B` calling `super(...)`, `A.A`)."""
        src_owner, _, src_name = caller.rpartition(".")
        dst_owner, _, dst_name = callee.rpartition(".")
        if "::" not in src_owner or "::" not in dst_owner:
            return False
        src_name, dst_name = without_overload(src_name), without_overload(dst_name)
        if src_name != dst_name and (src_name, dst_name) != (_named(src_owner), _named(dst_owner)):
            return False
        seen, todo = {src_owner}, [src_owner]
        while todo:  # the caller's bases, transitively
            bases = [e.dst for e in self.store.edges_out_of(todo, [EdgeKind.INHERITS])]
            if dst_owner in bases:
                return True
            todo = [b for b in bases if b not in seen]
            seen.update(todo)
        return False

    def caller_target(
        self, component: Component, scores: dict[str, float], started: bool = False
    ) -> CallerTarget | None:
        """The first of the component's top touchpoints that production code calls, with
        those call sites and the overrides extending it (`_production_callers`): what the
        questions about existing callers are about (None when no production code calls any
        of them). An exception class is none: the code that raises it is no caller whose
        behaviour the change decides ("Apply it to all 33 call sites" of `ProtocolError`).
        Nor is a touchpoint whose score (`scores`, by id) is below CALLER_SHARE of the best:
        "Stop sending visitors to another website when a redirect address comes from the
        request" matches `res.redirect` (3.7), which no code here calls, far better than
        `sendfile` (0.99), whose caller is no part of the idea. The best of the others, one
        the person named (score 0) and one that a qualifying touchpoint calls always qualify
        (the shop's `charge`, which `retry_failed` calls, for "add retries with backoff to
        payment charges"), and a method scores as the best of its owners among the
        touchpoints. Asked what sets the change in motion (`started`), a function's callers
        come before a class's or a constructor's: `Session.__init__` building an
        `HTTPAdapter` starts no retry of a failed request; `Session.send` calling
        `HTTPAdapter.send` does. A file (a module the person named) is called nowhere: its
        definitions are ("Must existing callers of reader ...?" for csv's src/reader.rs).
        Where the first touchpoint is one the person named, the others count only as its
        members or as what it calls: "... wrapped by DeduplicationHandler skips a record"
        asked about the callers of `ChromePHPHandler.send`."""
        touched = self._touched(component)
        raised = exception_classes(
            self.store, {t.node.id for t in touched if t.node.kind is NodeKind.CLASS}
        )
        eligible = [
            t for t in touched if t.node.id not in raised and t.node.kind is not NodeKind.MODULE
        ]
        if started:
            eligible.sort(key=lambda t: t.node.kind is NodeKind.CLASS or is_constructor(t.node))
        share = {t.node.id: _score_with_owners(t.node.id, scores) for t in eligible}
        best = max(share.values(), default=0.0)
        strong = {i for i, score in share.items() if not 0 < score < CALLER_SHARE * best}
        lead = touched[0].node.id if touched and touched[0] in eligible else None
        if lead is not None and share[lead] == 0:  # the person pointed here: the rest follow
            strong = {i for i, score in share.items() if score == 0 or i.startswith(f"{lead}.")}
        for touchpoint in eligible:
            if touchpoint.node.id not in strong and not self._called_by(touchpoint, strong):
                continue
            sites, extending = self._production_callers(touchpoint.node.id)
            if sites:
                node = touchpoint.node
                builds = node.kind is NodeKind.CLASS or is_constructor(node)
                return CallerTarget(node.qualname, sites, tuple(extending), builds)
        return None

    def _called_by(self, touchpoint: Touchpoint, callers: set[str]) -> bool:
        """Whether one of `callers` (touchpoint ids) calls the touchpoint: what the idea's
        best matches call is part of it however few of its words it holds."""
        ids = call_targets(self.store, touchpoint.node)
        return any(e.src in callers for e in self.store.edges_into(ids, [EdgeKind.CALLS]))

    def outside_callers(self, component: Component) -> tuple[str, list[str]] | None:
        """The component's first production touchpoint when code outside the repository
        may call it through its class's bases (`declarations.outside_bases`): its qualname
        and those bases. serde_json's `SeqAccess.next_element_seed`, which serde calls
        through its `de::SeqAccess` trait, is started by no caller in the repository."""
        touched = self._touched(component)
        bases = outside_bases(self.store, touched[0].node) if touched else []
        return (touched[0].node.qualname, bases) if bases else None

    def caller_names(self, component: Component, scores: dict[str, float]) -> list[str]:
        """The production call sites into the caller target (options are built only from
        these: a test is not a trigger, nor a caller whose fate is decided)."""
        target = self.caller_target(component, scores)
        return target.sites if target else []

    def tests(self, component: Component) -> list[Fact]:
        """Which tests reach each production touchpoint; none where the repository has no
        test files (a project fact says so once, not once per touchpoint)."""
        if not facts.has_test_files(self.store):
            return []
        return [facts.tests_fact(self.store, t) for t in self._touched(component)]

    def test_sites(self, component: Component) -> list[str]:
        """The test code that reaches the component's touchpoints, then the test lines that
        only name one no test reaches (a tests fact saying "No test reaches X" cites what
        it looked at instead: unresolved calls, lines writing its name). A test is cited
        where it is defined, by name ("tests.test_basic.test_return_values
        (tests/test_basic.py:126)"), not at the line inside it that reaches the touchpoint
        (click's "A new test beside tests/test_basic.py:132", a `with` line)."""
        found = sorted(self.tests(component), key=lambda fact: denies(fact.statement))
        return [
            self._defined(c)
            for fact in found
            for c in fact.citations
            if is_test(c.path, c.symbol or "")
        ]

    def _defined(self, site: Citation) -> str:
        """A test's site as its definition's: its name and where it starts."""
        nodes = self.store.nodes_where("qualname", site.symbol) if site.symbol else []
        node = next((n for n in nodes if n.path == site.path and n.line), None)
        return f"{site.symbol} ({site.path}:{node.line})" if node else str(site)

    def similar(
        self, component: Component, rejected: list[str], named: frozenset[str] = frozenset()
    ) -> list[Fact]:
        """Definitions that already do something like the idea (see `similar_fact`), those
        it matches next after the component's touchpoints and the `rejected` ones (see
        `further_fact`) but for those `named` before (`path:line`: an earlier part's further
        matches), and the idea's words the code never uses (see `unfound_fact`)."""
        shown = component.touchpoints + rejected
        like = similar.similar_fact(self.store, component.description)
        cited = named | {str(c) for c in like.citations}
        found = [
            like,
            similar.further_fact(self.store, component.description, shown, cited),
            similar.unfound_fact(self.store, component.description),
        ]
        return [fact for fact in found if fact is not None]

    def configuration(self, component: Component) -> list[Fact]:
        """Where the production touchpoints' files (`_touched`) read their configuration, the
        settings (assigned attributes, keys and constants read) of the first MAX_NAMED
        touchpoints themselves (a struct fourth or fifth may hold the knobs) and of the
        classes holding those that are methods, the members of those classes and of the
        classes among the first MAX_NAMED touchpoints, the names their code writes that
        carry the component's words, the state several of them share, the errors they
        raise and the counterparts named for their opposite operations."""
        first = self._touchpoints(component)[:MAX_NAMED]
        touched = self._touched(component)
        owners = self._owners(first)
        named = tuple(t.node for t in first)
        text = component.description
        found = [facts.configuration_fact(self.store, t) for t in touched]
        found += [facts.settings_fact(self.store, t, text, named) for t in first + owners]
        found += [code_names.members_fact(self.store, t, text) for t in first + owners]
        shown: set[str] = set()
        for touchpoint in first:  # each name once
            names = code_names.names_fact(
                self.store, touchpoint, component.description, frozenset(shown)
            )
            if names is not None:
                shown.update(c.symbol or "" for c in names.citations)
                found.append(names)
        found.append(code_names.shared_names_fact(self.store, first))
        found += [code_names.errors_fact(self.store, t) for t in first]
        pairs: set[frozenset[str]] = set()  # a pair once, when both are touchpoints
        for fact in (counterparts.counterpart_fact(self.store, t) for t in touched):
            if fact is None:
                continue
            pair = frozenset(c.symbol or "" for c in fact.citations[:2])
            if pair not in pairs:
                pairs.add(pair)
                found.append(fact)
        cited = tuple(c for fact in found if fact is not None for c in fact.citations)
        found.append(facts.top_level_fact(self.store, first, component.description, cited))
        unique = {fact.statement: fact for fact in found if fact is not None}
        return list(unique.values())  # one file's configuration once

    def _owners(self, touchpoints: list[Touchpoint]) -> list[Touchpoint]:
        """The classes (Go: the structs, in the same file) holding the methods among
        `touchpoints`, each once, but those among them: the state a method works with
        (`FlagSet`'s `actual` and `formal` for a change to `FlagSet.Parse`)."""
        found: dict[str, Touchpoint] = {}
        for touchpoint in touchpoints:
            owner = touchpoint.node.id.rpartition(".")[0]
            if touchpoint.node.kind is not NodeKind.METHOD or "::" not in owner:
                continue
            if owner in found or any(t.node.id == owner for t in touchpoints):
                continue
            node = self.store.node(owner)
            if node is not None and node.kind is NodeKind.CLASS:
                found[owner] = Touchpoint(node, 0.0, ())
        return list(found.values())

    def named(self, text: str) -> list[Node]:
        """Definitions the text names exactly: an identifier, dotted name or path that is a
        definition's name, qualified name or file (a name several definitions share is not
        one pointer; a file the text also names a definition of is where that one is); for
        a class's member that is no definition (`Context.default_map`, an attribute), the
        class."""
        return [node for _, node, _ in self.mentioned(text)]

    def mentioned(self, text: str) -> list[tuple[str, Node, str]]:
        """`named`, each definition with the mention that names it (its first) and, where
        that names a member the class does not define, the member (else "")."""
        found: dict[str, tuple[str, Node, str]] = {}
        for mention in parse(text).mentions:
            node, missing = self._one_named(mention.rstrip("()")), ""
            owner, _, member = dotted(mention.rstrip("()")).rpartition(".")
            if node is None and owner:
                node, missing = self._one_named(owner), member
                node = node if node is not None and node.kind is NodeKind.CLASS else None
            if node is not None:
                found.setdefault(node.id, (mention, node, missing))
        # "setLevel in lib/levels.js": the file says where the definition is
        return [
            (mention, node, missing)
            for mention, node, missing in found.values()
            if node.kind is not NodeKind.MODULE
            or not any(o.path == node.path and o is not node for _, o, _ in found.values())
        ]

    def spelled_out(self, text: str) -> list[tuple[str, Node]]:
        """Definitions the text names in plain words, two words one name ("it goes in the
        procedure builder": trpc's `ProcedureBuilder`; `procedure_builder`,
        `procedureBuilder`), each the one definition so named, no file, with the words."""
        found: dict[str, tuple[str, Node]] = {}
        for a, b in parse(text).pairs:
            for name in (a.capitalize() + b.capitalize(), a + b.capitalize(), f"{a}_{b}"):
                node = self._one_named(name)
                if node is not None and node.kind is not NodeKind.MODULE:
                    found.setdefault(node.id, (f"{a} {b}", node))
        return list(found.values())

    def _one_named(self, mention: str) -> Node | None:
        """The one definition a mention names exactly, if only one does, or only one in
        production code: "Change format_interval" is tqdm's, not a test's helper so named.
        A file and the class it is named after (Java's, PHP's), a class and its constructors
        so named (Java's `ForkJoinPool.ForkJoinPool`), are the class. Looked up by name
        first (`spelled_by`)."""
        if not last_name(mention):
            return None
        exact = spelled_by(self.store, mention)
        if len(exact) > 1:
            exact = [node for node in exact if node.kind is not NodeKind.MODULE] or exact
            exact = [
                n for n in exact if not any(n.qualname.startswith(f"{o.qualname}.") for o in exact)
            ]
        production = [node for node in exact if is_production(node.path, node.id)]
        return exact[0] if len(exact) == 1 else production[0] if len(production) == 1 else None


def _score_with_owners(node_id: str, scores: dict[str, float]) -> float:
    """A touchpoint's score, or its owner's where that is higher: `HTTPAdapter.send` is as
    much the idea's as `HTTPAdapter`, whatever its own words (ids: `path::Owner.name`)."""
    path, _, name = node_id.partition("::")
    parts = name.split(".")
    owners = (f"{path}::{'.'.join(parts[:n])}" for n in range(1, len(parts)))
    return max([scores.get(node_id, 0.0), *(scores.get(owner, 0.0) for owner in owners)])
