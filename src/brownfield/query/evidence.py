"""Facts the code can answer, as sentences with citations: only what the graph holds."""

from __future__ import annotations

from collections import Counter

from brownfield.graph.roles import is_test
from brownfield.graph.store import GraphStore
from brownfield.model import Citation, EdgeKind, Fact, Node, NodeKind
from brownfield.query.context import Touchpoint, stem
from brownfield.query.search import words

#: Well-known libraries whose import says what kind of project this is.
FRAMEWORKS = {
    "django": "Django",
    "flask": "Flask",
    "fastapi": "FastAPI",
    "starlette": "Starlette",
    "click": "Click",
    "typer": "Typer",
    "sqlalchemy": "SQLAlchemy",
    "pydantic": "pydantic",
    "requests": "requests",
    "httpx": "HTTPX",
    "celery": "Celery",
    "aiohttp": "aiohttp",
}
TEST_FRAMEWORKS = {"pytest": "pytest", "unittest": "unittest"}
_CONFIG_CALLS = ("os.getenv", "os.environ.get", "os.environ.setdefault", "os.environ.__getitem__")


def _site(path: str, line: int | None, symbol: str) -> Citation:
    return Citation(path, line or 1, None, symbol)


def _definition(node: Node) -> Citation:
    return Citation(node.path or "", node.line or 1, node.end_line, node.qualname)


def project_facts(store: GraphStore) -> list[Fact]:
    """Language, frameworks, the test framework and where tests live."""
    facts: list[Fact] = []
    languages = store.count("files", "language")
    if languages:
        listing = ", ".join(f"{name} ({count} files)" for name, count in sorted(languages.items()))
        facts.append(Fact("language", "language", f"Language: {listing}."))
    imports = store.import_sites()
    for topic, table in (("framework", FRAMEWORKS), ("test-framework", TEST_FRAMEWORKS)):
        for module, label in sorted(table.items()):
            sites = [
                (path, line)
                for target, path, line in imports
                if not target.endswith(".py") and target.split(".")[0] == module
            ]
            if sites:
                path, line = min(sites)
                facts.append(
                    Fact(
                        topic,
                        label,
                        f"{label} is imported in {len({p for p, _ in sites})} file(s).",
                        (_site(path, line, module),),
                    )
                )
    tests = sorted(path for path in store.file_rows() if is_test(path))
    if tests:
        folders = Counter(path.rsplit("/", 1)[0] if "/" in path else "." for path in tests)
        top = ", ".join(f"{folder}/ ({count})" for folder, count in folders.most_common(3))
        facts.append(
            Fact(
                "test-layout",
                "tests",
                f"Tests live in {top}.",
                (_site(tests[0], 1, tests[0]),),
            )
        )
    return facts


def callers_fact(store: GraphStore, touchpoint: Touchpoint) -> Fact | None:
    """Who calls a touchpoint (direct callers, each call site cited)."""
    node = touchpoint.node
    ids = [node.id]
    if node.kind is NodeKind.CLASS:
        ids.append(f"{node.id}.__init__")
    if node.kind is NodeKind.MODULE:
        ids = [n.id for n in store.nodes_where("path", node.path or "")]
    edges = [e for e in store.edges_into(ids, [EdgeKind.CALLS]) if e.src not in ids]
    if not edges:
        return Fact(
            "callers",
            node.qualname,
            f"{node.qualname} ({node.path}:{node.line}) has no callers in the repository.",
            (_definition(node),),
        )
    callers = store.nodes(e.src for e in edges)
    sites = [
        _site(e.path, e.line, callers[e.src].qualname if e.src in callers else e.src) for e in edges
    ]
    names = sorted({c.symbol or "" for c in sites})
    shown = ", ".join(f"{c.symbol} ({c})" for c in sites[:5]) + (" ..." if len(sites) > 5 else "")
    return Fact(
        "callers",
        node.qualname,
        f"{node.qualname} ({node.path}:{node.line}) is called from {len(sites)} place(s) "
        f"in {len(names)} definition(s): {shown}.",
        (_definition(node), *sites),
    )


def tests_fact(store: GraphStore, touchpoint: Touchpoint, depth: int = 3) -> Fact:
    """Which tests reach a touchpoint through calls (to `depth` hops)."""
    node = touchpoint.node
    seen = {node.id}
    frontier = [node.id] + ([f"{node.id}.__init__"] if node.kind is NodeKind.CLASS else [])
    found: list[Citation] = []
    for _ in range(depth):
        edges = store.edges_into(frontier, [EdgeKind.CALLS])
        frontier = sorted({e.src for e in edges} - seen)
        seen.update(frontier)
        callers = store.nodes(frontier)
        for edge in edges:
            caller = callers.get(edge.src)
            if caller is not None and is_test(caller.path):
                found.append(_site(edge.path, edge.line, caller.qualname))
    found = sorted(set(found))
    if not found:
        return Fact("tests", node.qualname, f"No test reaches {node.qualname} through calls.")
    names = sorted({c.symbol or "" for c in found})
    return Fact(
        "tests",
        node.qualname,
        f"{len(names)} test definition(s) reach {node.qualname}: "
        + ", ".join(f"{c.symbol} ({c})" for c in found[:5])
        + ("." if len(found) <= 5 else " ..."),
        tuple(found),
    )


def similar_fact(store: GraphStore, keywords: tuple[str, ...], exclude: set[str]) -> Fact:
    """Definitions that share the idea's key words but are not its touchpoints."""
    found: dict[str, Node] = {}
    for keyword in keywords:
        for node in store.nodes_like(keyword, limit=200):
            definition = node.kind in (NodeKind.FUNCTION, NodeKind.METHOD, NodeKind.CLASS)
            named = keyword in {stem(w) for w in words(node.name)}
            if definition and named and node.id not in exclude:
                found[node.id] = node
    if not found:
        return Fact(
            "similar",
            "similar mechanism",
            "No similar mechanism exists: no other definition shares the idea's key words.",
        )
    nodes = sorted(found.values(), key=lambda n: n.id)[:5]
    return Fact(
        "similar",
        "similar mechanism",
        "Similar definitions exist: "
        + ", ".join(f"{n.qualname} ({n.path}:{n.line})" for n in nodes)
        + ".",
        tuple(_definition(n) for n in nodes),
    )


def configuration_fact(store: GraphStore, touchpoint: Touchpoint) -> Fact | None:
    """Environment reads in the touchpoint's file (where it is configured), when there are any."""
    path = touchpoint.node.path or ""
    ids = [n.id for n in store.nodes_where("path", path)]
    edges = [e for e in store.edges_out_of(ids, [EdgeKind.CALLS]) if e.dst in _CONFIG_CALLS]
    if not edges:
        return None
    sites = tuple(_site(e.path, e.line, e.dst) for e in edges)
    return Fact(
        "configuration",
        path,  # a fact about the file, not about the touched symbol
        f"{path} reads its configuration from the environment at "
        + ", ".join(str(s) for s in sites[:5])
        + ".",
        sites,
    )
