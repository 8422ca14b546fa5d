"""Which tests reach a definition: up its callers through production code, and through
the test files that load a module whose top-level code calls it. The one rule shared by
the interview's tests fact (`evidence`) and `impact`."""

from __future__ import annotations

from brownfield.graph.facts import without_overload
from brownfield.graph.roles import closeness_of_tests, is_test, marked_as_test, name_tested
from brownfield.graph.store import GraphStore
from brownfield.model import Citation, EdgeKind, Node, NodeKind
from brownfield.query.traverse import Hop

#: The names a constructor has, by language: Python's `__init__` (and `__new__`), JS/TS's
#: `constructor`, Ruby's `initialize` (`Foo.new` runs it), PHP's `__construct`; Java's, C#'s
#: and C++'s is the class's own name (overloads `Name~2`...); Go and Rust have none.
CONSTRUCTORS = {
    "python": frozenset({"__init__", "__new__"}),
    "javascript": frozenset({"constructor"}),
    "typescript": frozenset({"constructor"}),
    "tsx": frozenset({"constructor"}),
    "ruby": frozenset({"initialize"}),
    "php": frozenset({"__construct"}),
}
CONSTRUCTOR_NAMES = frozenset().union(*CONSTRUCTORS.values())


def is_constructor(node: Node) -> bool:
    """Whether `node` is a constructor by its language's own name for one (`called`)."""
    names = CONSTRUCTORS.get(node.language or "", CONSTRUCTOR_NAMES)
    return without_overload(node.name) in names and "." in node.qualname


def call_targets(store: GraphStore, node: Node) -> list[str]:
    """The ids a call of `node` lands on: a class's constructors too (`X.__init__`,
    `X.constructor`, Java's `X.X` and its overloads); a module's definitions."""
    if node.kind is NodeKind.MODULE:
        return [n.id for n in store.nodes_where("path", node.path or "")]
    if node.kind is NodeKind.CLASS:
        inside = [e.dst for e in store.edges_out_of([node.id], [EdgeKind.CONTAINS])]
        names = CONSTRUCTORS.get(node.language or "", CONSTRUCTOR_NAMES) | {node.name}
        constructors = [
            child for child in inside if without_overload(child.rsplit(".", 1)[-1]) in names
        ]
        return list(dict.fromkeys([node.id, f"{node.id}.__init__", *sorted(constructors)]))
    return [node.id]


def called(node: Node) -> str:
    """What a definition is called: its name, its class's for a constructor."""
    return node.qualname.split(".")[-2] if is_constructor(node) else without_overload(node.name)


def closeness(test_path: str, node: Node) -> int:
    """How closely a test file is named after a definition: 0 for one named after the
    definition itself (`test_confirm.py` for `confirm`), else as `closeness_of_tests` to
    its file (0 for the file's own test file)."""
    if name_tested(test_path) == name_tested(called(node)):
        return 0
    return closeness_of_tests(test_path, node.path or "")


def rank_of_test(hop: Hop, node: Node) -> tuple[bool, int]:
    """Where a test reaching `node` is listed, before its other keys: the tests calling it
    directly first (its own tests, wherever they live), then by `closeness`: a test of
    click's `test_termui.py` reaches `confirm` through eight calls of a command run."""
    return hop.distance > 1, closeness(hop.node.path or "", node)


#: How far up the callers a test is looked for, and how many definitions may be visited:
#: tests reach code through runners and fixtures, often several calls away.
TEST_DEPTH = 8
TEST_BUDGET = 4000


def tests_reaching(store: GraphStore, node: Node, depth: int = TEST_DEPTH) -> list[Hop]:
    """The tests that reach `node` (see `walk_to_tests`)."""
    return walk_to_tests(store, node, depth)[0]


def walk_to_tests(
    store: GraphStore, node: Node, depth: int = TEST_DEPTH
) -> tuple[list[Hop], dict[str, Node]]:
    """The tests that reach `node` through resolved calls within `depth` calls, one hop per
    call site, nearest first (a test is not walked through: it is where a chain starts).
    A definition of a test file no name marks as a test (`marked_as_test`: Go's
    `testParse`, a fixture, any Java method) is walked through to the tests calling it,
    and is itself one when neither a test nor a definition nothing calls is found above it
    (a fixture pytest hands to its tests by name, a method JUnit runs for its `@Test`:
    nothing calls them; helpers calling each other, that nothing else calls).
    Code at a module's top level runs when the module is loaded: a module reached is
    reached by the test files that import it and, in Go, by the test files of its package
    (its folder), each cited at the top-level call site that runs at load. Also returns
    the production definitions walked through (where an unresolved call could lead on)."""
    seen = {node.id}
    walked: dict[str, Node] = {}
    frontier = call_targets(store, node)
    found: list[Hop] = []
    helpers: list[Hop] = []  # test-file code no name marks: kept if no test is above it
    callers_of: dict[str, set[str]] = {}
    go_tests: list[str] | None = None
    for distance in range(1, depth + 1):
        if not frontier or len(seen) > TEST_BUDGET:
            break
        edges = store.edges_into(frontier, [EdgeKind.CALLS])
        callers = store.nodes({e.src for e in edges} - seen)
        frontier = []
        loaded: dict[str, Citation] = {}  # a module reached -> the top-level call it runs
        for edge in sorted(edges, key=lambda e: (e.path, e.line or 0, e.src)):
            callers_of.setdefault(edge.dst, set()).add(edge.src)
            caller = callers.get(edge.src)
            if caller is None:
                continue
            site = Citation(edge.path, edge.line or 1)
            hop = Hop(distance, caller, edge.dst, edge.kind, site, edge.resolution)
            if is_test(caller.path, caller.id):
                test = marked_as_test(caller.path or "", caller.id.partition("::")[2])
                (found if test else helpers).append(hop)
                if not test and edge.src not in frontier:
                    frontier.append(edge.src)
            elif edge.src not in frontier:
                frontier.append(edge.src)
                walked[caller.id] = caller
                if caller.kind is NodeKind.MODULE:
                    loaded.setdefault(caller.id, site)
        seen.update(callers)
        if not loaded:
            continue
        importers = [
            e for e in store.edges_into(list(loaded), [EdgeKind.IMPORTS]) if is_test(e.path)
        ]
        if go_tests is None and any(m.endswith(".go") for m in loaded):
            go_tests = sorted(p for p in store.file_rows() if p.endswith("_test.go"))
        tests_of: list[tuple[str, str]] = [(e.src, e.dst) for e in importers]
        for module in loaded:
            folder = module.rpartition("/")[0]
            if module.endswith(".go"):
                tests_of += [(t, module) for t in go_tests or [] if t.rpartition("/")[0] == folder]
        test_nodes = store.nodes({src for src, _ in tests_of})
        for src, module in sorted(set(tests_of)):
            if src in test_nodes and src not in seen:
                found.append(
                    Hop(
                        distance + 1,
                        test_nodes[src],
                        module,
                        EdgeKind.IMPORTS,
                        loaded[module],
                        None,
                    )
                )
                seen.add(src)
    uncalled = {h.node.id for h in helpers if not callers_of.get(h.node.id, set()) - {h.node.id}}
    below = _below({hop.node.id for hop in found} | uncalled, callers_of)
    kept = [hop for hop in helpers if hop.node.id not in below]
    return sorted(found + kept, key=lambda hop: hop.distance), walked


def _below(starts: set[str], callers_of: dict[str, set[str]]) -> set[str]:
    """What `starts` reach through the calls seen (`callers_of`: a callee -> its callers),
    `starts` left out. A helper below a test or below one nothing calls (a fixture) is no
    test itself; helpers calling each other that nothing else calls are none's."""
    reached, frontier = set(starts), set(starts)
    while frontier:
        frontier = {
            callee
            for callee, callers in callers_of.items()
            if callee not in reached and not callers.isdisjoint(frontier)
        }
        reached |= frontier
    return reached - starts
