"""Facts the code can answer, as sentences with citations: only what the graph holds."""

from __future__ import annotations

from brownfield.graph.roles import is_production, is_test, marked_as_test, what_counts_as_tests
from brownfield.graph.store import GraphStore
from brownfield.graph.vocabulary import STOP_WORDS, index_words
from brownfield.model import Citation, Edge, EdgeKind, Fact, Node, NodeKind
from brownfield.query.class_members import members_called
from brownfield.query.context import Touchpoint
from brownfield.query.declarations import (
    is_go_type,
    is_named_only,
    is_type_declaration,
    outside_bases,
)
from brownfield.query.exports import EXPORTER, exported_by
from brownfield.query.freshness import file_lines, repository_root
from brownfield.query.handed_on import handed_on
from brownfield.query.operators import called_without_name
from brownfield.query.possible_calls import call_names, possible_calls
from brownfield.query.reaching_tests import (
    TEST_DEPTH,
    call_targets,
    called,
    closeness,
    rank_of_test,
    walk_to_tests,
)
from brownfield.query.same_name import same_name_calls
from brownfield.query.search import Query, carried, matched_words, parse
from brownfield.query.traverse import Hop
from brownfield.query.written import type_statement, written_note

MAX_SETTINGS = 12  # attributes and keys named per touchpoint
_CONFIG_CALLS = ("os.getenv", "os.environ.get", "os.environ.setdefault", "os.environ.__getitem__")


def _site(path: str, line: int | None, symbol: str) -> Citation:
    return Citation(path, line or 1, None, symbol)


def definition_citation(node: Node) -> Citation:
    return Citation(node.path or "", node.line or 1, node.end_line, node.qualname)


def has_test_files(store: GraphStore) -> bool:
    """Whether any file of the repository is a test (by its language's rule), or holds an
    inline test module (Rust's `mod tests`, where a crate's unit tests live)."""
    return any(is_test(path) for path in store.file_rows()) or bool(inline_tests(store, 1))


MAX_INLINE_LOOKED = 200  # definitions named like an inline test module's looked at


def inline_tests(store: GraphStore, limit: int) -> list[Node]:
    """Definitions of production files that sit in an inline test module (`roles.role_at`:
    Rust's `mod tests`), in id order."""
    found = [
        node
        for pattern in (".tests.", ".test.")
        for node in store.nodes_like(pattern, MAX_INLINE_LOOKED)
        if not is_test(node.path) and is_test(node.path, node.id)
    ]
    return sorted(found, key=lambda node: node.id)[:limit]


def _unresolved_note(store: GraphStore, node: Node) -> tuple[str, tuple[Citation, ...]]:
    """How complete a negative answer is: the unresolved calls that carry the node's name."""
    if node.kind is NodeKind.MODULE:
        return "", ()
    sites = _unresolved_sites(store, node)
    implicit = None if sites else called_without_name(store, node)
    if implicit:
        return (
            f"; {implicit}, and the graph follows no such call: it may have callers all the same",
            (),
        )
    named = _named(store, node)
    if not sites:
        return f"; no unresolved call is named {named} either", ()
    cited = tuple(_site(path, line, node.name) for path, line in sites[:3])
    return (
        f"; {len(sites)} unresolved call(s) named {named} remain, e.g. {_listed(sites)}",
        cited,
    )


def _named(store: GraphStore, node: Node) -> str:
    """The names its calls carry, as a fact says them: `save`; `exports` or `stringify`."""
    return " or ".join(f"`{name}`" for name in call_names(store, node))


def _unresolved_sites(store: GraphStore, node: Node) -> list[tuple[str, int]]:
    """The places of the unresolved calls that carry the node's name (none for a module)."""
    return sorted({(u.path, u.line) for u in possible_calls(store, node)})


def _listed(sites: list[tuple[str, int]]) -> str:
    """The first three sites as `path:line`, " ..." after them when there are more."""
    shown = ", ".join(f"{path}:{line}" for path, line in sites[:3])
    return shown + (" ..." if len(sites) > 3 else "")


def _outside_calls(store: GraphStore, node: Node) -> tuple[str, tuple[Citation, ...]]:
    """The calls named like `node` that resolve to something outside the repository (Node's
    `server.listen` for an `Application.listen`): a reader grepping for the name finds them,
    and the answer says where they go."""
    if node.kind is NodeKind.MODULE:
        return "", ()
    outside = [n.id for n in store.nodes_where("name", node.name) if n.kind is NodeKind.EXTERNAL]
    edges = sorted(store.edges_into(outside, [EdgeKind.CALLS]), key=lambda e: (e.path, e.line or 0))
    if not edges:
        return "", ()
    first = edges[0]
    return (
        f"; {len(edges)} call(s) named `{node.name}` resolve outside the repository (e.g. to "
        f"{first.dst} at {first.path}:{first.line})",
        tuple(_site(e.path, e.line, node.name) for e in edges[:3]),
    )


#: How many bases from outside a "no resolved caller" answer names.
MAX_OUTSIDE_BASES = 3


def _outside_bases(store: GraphStore, node: Node) -> str:
    """For a method that says it overrides one of a base from outside the repository (see
    `declarations.outside_bases`): those bases, and that their code, which the graph does
    not read, may call it. Empty for anything else."""
    outside = outside_bases(store, node)
    if not outside:
        return ""
    shown = ", ".join(outside[:MAX_OUTSIDE_BASES])
    shown += " ..." if len(outside) > MAX_OUTSIDE_BASES else ""
    return (
        f"; {node.qualname.rpartition('.')[0]} has a base from outside the repository "
        f"({shown}), whose code the graph does not read: it may call `{node.name}`"
    )


def _exported(store: GraphStore, node: Node) -> str:
    """For a function a Go, Java or Python package or a Rust crate exports (`exported_by`):
    that code outside the repository, which the graph does not read, may call it. Empty
    otherwise: httputil's `DumpResponse`, "called from only tests", is the package's API."""
    exporter = exported_by(store, node)
    return (
        f"; {node.name} is exported by {EXPORTER[node.language or '']} {exporter}: code "
        "outside the repository may call it"
        if exporter
        else ""
    )


def callers_fact(store: GraphStore, touchpoint: Touchpoint) -> Fact | None:
    """Who calls a touchpoint (direct callers, each call site cited), production code apart
    from tests; "no resolved caller" says how many unresolved same-name calls remain."""
    node = touchpoint.node
    if is_named_only(store, repository_root(store), node):
        statement, seen = type_statement(store, node, tests=False)
        return Fact("callers", node.qualname, statement, (definition_citation(node), *seen))
    ids = call_targets(store, node)
    into = store.edges_into(ids, [EdgeKind.CALLS])
    edges = [e for e in into if e.src not in ids]
    if not edges:  # but maybe itself: a recursion is no caller, and no absence of calls
        itself = [_site(e.path, e.line, node.qualname) for e in into if e.src in ids]
        but = f" but itself (at {', '.join(map(str, itself))})" if itself else ""
        note, cited = _unresolved_note(store, node)
        dispatch, dispatched = same_name_calls(store, node)
        outside, elsewhere = _outside_calls(store, node)
        bases = _outside_bases(store, node) or handed_on(store, node) or _exported(store, node)
        members = members_called(store, node, ids)
        written, seen = (
            ("", ())
            if cited or dispatched or elsewhere or members
            else written_note(store, node, False)
        )
        return Fact(
            "callers",
            node.qualname,
            f"No resolved caller of {node.qualname} ({node.path}:{node.line}) in the "
            f"repository{but}{note}{dispatch}{outside}{bases}{members}{written}.",
            (definition_citation(node), *itself, *cited, *dispatched, *elsewhere, *seen),
        )
    callers = store.nodes(e.src for e in edges)
    tested = _as_tests_fact_orders(node, [e for e in edges if is_test(e.path, e.src)], callers)
    edges = [e for e in edges if not is_test(e.path, e.src)] + tested
    sites = list(  # a call of a class lands on it and on its constructors: one site
        dict.fromkeys(
            _site(e.path, e.line, callers[e.src].qualname if e.src in callers else e.src)
            for e in edges
        )
    )
    production = [c for c in sites if is_production(c.path, c.symbol or "")]
    tests = [c for c in sites if is_test(c.path, c.symbol or "")]
    aside = [c for c in sites if c not in production and c not in tests]
    parts = []
    if production:
        by_caller: dict[str | None, list[str]] = {}  # a caller calling twice named once
        for c in production[:5]:
            by_caller.setdefault(c.symbol, []).append(str(c))
        shown = ", ".join(f"{symbol} ({', '.join(at)})" for symbol, at in by_caller.items())
        parts.append(
            f"{len(production)} place(s) in production code: {shown}"
            + (" ..." if len(production) > 5 else "")
        )
    if aside:  # test helpers, examples, benchmarks, docs, vendored copies
        parts.append(
            f"{len(aside)} place(s) in test helpers, examples, benchmarks, docs or vendored code, "
            f"e.g. {aside[0].symbol} ({aside[0]})"
        )
    if tests:
        names = sorted({c.symbol or "" for c in tests})
        parts.append(
            f"{len(names)} test(s), e.g. {tests[0].symbol} ({tests[0]})"
            if production or aside
            else f"only tests: {len(names)} test(s), e.g. {tests[0].symbol} ({tests[0]})"
            + _exported(store, node)
        )
    # How complete the count is: calls so named the graph did not resolve (named in the
    # text, not cited: the citations after the first are read as the callers).
    unresolved = _unresolved_sites(store, node)
    if unresolved:
        parts.append(
            f"{len(unresolved)} call(s) named {_named(store, node)} the graph left unresolved "
            f"may reach it too, e.g. {_listed(unresolved)}"
        )
    called = (  # a module is not called: its definitions are
        f"The definitions of {node.qualname} ({node.path}) are called from "
        if node.kind is NodeKind.MODULE
        else f"{node.qualname} ({node.path}:{node.line}) is called from "
    )
    statement = called + "; ".join(parts)
    return Fact(
        "callers",
        node.qualname,
        statement + ("" if statement.endswith("...") else "."),
        (definition_citation(node), *production, *aside, *tests),
    )


MAX_WALKED_NAMES = 200  # definitions on the way whose unresolved same-name calls are counted


def _unresolved_on_the_way(store: GraphStore, node: Node, walked: dict[str, Node]) -> str:
    """How a negative tests answer may be incomplete beyond the node itself: unresolved
    calls named like a definition the walk went through (a chain a resolver lost)."""
    names = sorted(
        {
            name
            for n in walked.values()
            if n.kind is not NodeKind.MODULE
            for name in call_names(store, n)  # `stringify` for qs's `exports` on the way
        }
        - set(call_names(store, node))
    )
    looked = set(names[:MAX_WALKED_NAMES])
    sites = sorted(
        {
            (u.path, u.line, name)
            for u in store.unresolved_named(*sorted(looked))  # one scan for them all
            for name in _suffixes(u.callee) & looked
        }
    )
    if not sites:
        return ""
    shown = ", ".join(f"`{name}` at {path}:{line}" for path, line, name in sites[:3])
    return (
        f"; but {len(sites)} unresolved call(s) name a caller on the way, e.g. {shown}"
        + (" ..." if len(sites) > 3 else "")
        + ", so a test may reach it through them"
    )


def _through_files(
    store: GraphStore, node: Node, walked: dict[str, Node]
) -> tuple[str, tuple[Citation, ...]]:
    """How a negative tests answer may be incomplete through files: the walk reached code
    outside any named definition (a file's top level, a callback or object method the graph
    keeps at file level) in a file no test imports directly; a test loading it through
    another module, or calling what that code defines, may reach the node."""
    files = sorted((n for n in walked.values() if n.kind is NodeKind.MODULE), key=lambda n: n.id)
    if not files:
        return "", ()
    targets = set(walked) | set(call_targets(store, node))
    edges = sorted(
        (e for e in store.edges_out_of([files[0].id], [EdgeKind.CALLS]) if e.dst in targets),
        key=lambda e: (e.line or 0, e.dst),
    )
    site = (
        _site(edges[0].path, edges[0].line, files[0].qualname)
        if edges
        else definition_citation(files[0])
    )
    more = f" (and {len(files) - 1} more file(s))" if len(files) > 1 else ""
    return (
        f"; but the chain goes on through code outside any named definition in "
        f"{files[0].path} ({site}){more}, which no test imports directly, so a test loading "
        f"it through another module may reach it",
        (site,),
    )


def _written_before(
    store: GraphStore, node: Node, walked: dict[str, Node]
) -> tuple[str, tuple[Citation, ...]] | None:
    """Where the chain towards the tests stops: the first of the node and the definitions
    walked through (nearest first) that nothing calls through a resolved call but whose name
    production code writes (a function passed on, stored in a table, called through a
    computed member: `[asJsonSym]: asJson`), with those lines; None when there is none."""
    read = 0
    for walked_node in [node, *list(walked.values())[:MAX_WALKED_NAMES]]:
        if walked_node.kind is NodeKind.MODULE or store.edges_into(
            call_targets(store, walked_node), [EdgeKind.CALLS]
        ):
            continue
        role = "" if walked_node is node else ", a caller on the way,"
        note, cited = written_note(store, walked_node, False, role)
        if cited:
            return note, cited
        read += 1
        if read == MAX_STOPS_READ:
            break
    return None


MAX_STOPS_READ = 3  # definitions where the chain stops whose names are looked for in the code


def _suffixes(callee: str) -> set[str]:
    """What a call written `a.b.f` may name: `f`, `b.f`, `a.b.f`."""
    parts = callee.split(".")
    return {".".join(parts[start:]) for start in range(len(parts))}


def ordered_tests(node: Node, hops: list[Hop]) -> list[Hop]:
    """The tests reaching a definition, the likeliest to be its own first: those calling it
    directly, then its file's own tests and those of a test file named after it
    (`test_confirm.py` for `confirm`; see `reaching_tests.rank_of_test`), each group with
    those named after it first, then the nearest, then by place (a stable sort)."""
    words = _name_words(node)
    return sorted(
        hops,
        key=lambda hop: (
            *rank_of_test(hop, node),
            -len(words & _name_words(hop.node)),
            hop.distance,
        ),
    )


def _as_tests_fact_orders(node: Node, edges: list[Edge], callers: dict[str, Node]) -> list[Edge]:
    """Test call sites into `node` in the tests fact's order: tests before the helpers it
    walks through (`marked_as_test`), its own test file's first, then those named after it."""
    words = _name_words(node)

    def rank(e: Edge) -> tuple[bool, int, int]:
        named = len(words & _name_words(callers[e.src])) if e.src in callers else 0
        return not marked_as_test(e.path, e.src.partition("::")[2]), closeness(e.path, node), -named

    return sorted(edges, key=rank)


def _name_words(node: Node) -> set[str]:
    """The words of a definition's name (its class's, for a constructor), stop words out:
    what a test named after it carries (`test_envvar_multiple` for `value_from_envvar`)."""
    return set(index_words(called(node))) - STOP_WORDS - {"test", "tests"}


def tests_fact(store: GraphStore, touchpoint: Touchpoint, depth: int = TEST_DEPTH) -> Fact:
    """Which tests reach a touchpoint through calls (to `depth` hops), and which test files
    load a module whose top-level code calls it; when none, what was looked for and how
    many unresolved same-name calls remain, or that the repository has no test files at
    all (a package as published often ships none)."""
    node = touchpoint.node
    if is_type_declaration(repository_root(store), node):
        statement, seen = type_statement(store, node, tests=True)
        return Fact("tests", node.qualname, statement, seen)
    reached, walked = walk_to_tests(store, node, depth)
    hops = ordered_tests(node, [hop for hop in reached if hop.site is not None])
    once: dict[str, Citation] = {}  # each test once, at its first site in that order
    for hop in hops:
        if hop.site is not None and hop.relation is not EdgeKind.IMPORTS:
            once.setdefault(
                hop.node.qualname, _site(hop.site.path, hop.site.line, hop.node.qualname)
            )
    found = list(once.values())
    loads = [hop for hop in hops if hop.relation is EdgeKind.IMPORTS]
    if not found and not loads and is_go_type(node):
        statement, seen = type_statement(store, node, tests=True)
        return Fact("tests", node.qualname, statement, seen)
    if not found and not loads:
        looked = what_counts_as_tests([node.path or ""])
        if not has_test_files(store):
            return Fact(
                "tests",
                node.qualname,
                f"No test reaches {node.qualname}: the repository has no test files "
                f"(looked for {looked}).",
            )
        note, cited = _unresolved_note(store, node)
        on_the_way = _unresolved_on_the_way(store, node, walked)
        through, passed = _through_files(store, node, walked)
        bases = _outside_bases(store, node) or handed_on(store, node)
        through += f"{bases}, and a test through it" if bases else ""
        lost = cited or on_the_way or through
        written, seen = ("", ()) if lost else written_note(store, node, True)
        if not lost and not seen:
            written, seen = _written_before(store, node, walked) or (written, seen)
        return Fact(
            "tests",
            node.qualname,
            f"No test reaches {node.qualname} through resolved calls within {depth} calls "
            f"(looked for {looked}){note}{on_the_way}{through}{written}.",
            (*cited, *passed, *seen),
        )
    parts = []
    if found:
        parts.append(
            f"{len(found)} test(s) reach {node.qualname}: "
            + ", ".join(f"{c.symbol} ({c})" for c in found[:5])
            + ("" if len(found) <= 5 else " ...")
        )
    loaded: tuple[Citation, ...] = ()
    if loads:
        first = loads[0]
        files = sorted({hop.node.path or "" for hop in loads})
        site = first.site or Citation(first.via, 1)
        loaded = (site, *(_site(path, 1, path) for path in files[:5]))
        parts.append(
            f"{len(files)} test file(s) load {first.via}, whose top-level code calls "
            f"{node.qualname} ({site}): "
            + ", ".join(files[:5])
            + (" ..." if len(files) > 5 else "")
        )
    statement = "; ".join(parts)
    statement += "" if statement.endswith("...") else "."
    return Fact("tests", node.qualname, statement, (*found, *loaded))


def configuration_fact(store: GraphStore, touchpoint: Touchpoint) -> Fact | None:
    """Where the touchpoint's file reads its configuration: each environment read, with the
    keys (environment variable and setting names) read at that line, when there are any."""
    path = touchpoint.node.path or ""
    nodes = store.nodes_where("path", path)
    edges = [
        e
        for e in store.edges_out_of([n.id for n in nodes], [EdgeKind.CALLS])
        if e.dst in _CONFIG_CALLS
    ]
    if not edges:
        return None
    keys: dict[int, list[str]] = {}  # the key-like names (`NETRC`, `a.B`, `X-Y`) by line
    for raw in store.search_raw([n.id for n in nodes]).values():  # a function's reads too
        for item in raw.split():
            name, _, line = item.rpartition(":")
            if (
                line.isdigit()
                and not name.islower()
                and (name.isupper() or "." in name or "-" in name)
            ):
                keys.setdefault(int(line), []).append(name)
    known = {k for found in keys.values() for k in found}
    lines = file_lines(repository_root(store), path) or []
    ordered = sorted(edges, key=lambda e: (e.path, e.line or 0))
    sites = tuple(_site(e.path, e.line, e.dst) for e in ordered)
    shown, unnamed = [], []
    for site in sites[:5]:
        named = keys.get(site.line, [])
        text = lines[site.line - 1] if site.line and site.line <= len(lines) else ""
        # a key read again on a later line: the index cites it where first written
        named = named or sorted(k for k in known if f'"{k}"' in text or f"'{k}'" in text)
        if named:
            shown.append(f"`{named[-1]}` at {site}")
        else:
            unnamed.append(str(site))
    if unnamed:  # said apart: listed after a named key, a site would read as its reads
        shown.append("by a name not written there at " + ", ".join(unnamed))
    return Fact(
        "configuration",
        path,  # a fact about the file, not about the touched symbol
        f"{path} reads its configuration from the environment: " + "; ".join(shown) + ".",
        sites,
    )


def settings_fact(
    store: GraphStore, touchpoint: Touchpoint, text: str = "", beside: tuple[Node, ...] = ()
) -> Fact | None:
    """The attributes a touchpoint assigns and the keys and constants it reads (the settings
    a change near it is likely to name), each cited where it first appears: at most
    MAX_SETTINGS, those carrying more of the idea's words (`text`, read as the search reads
    it) first, then those its members named with the idea's words set or read, then those
    sharing more words with the names of the other touchpoints
    (`beside`: `bytecode_cache` beside a class `BytecodeCache` holds what the idea touches
    too), ties in the order the code writes them; how many were left out is said."""
    node = touchpoint.node
    items = _raw_sites(node.path or "", store.search_raw([node.id]).get(node.id, ""))
    if not items:
        return None
    query = parse(text)
    near = {w for other in beside if other.id != node.id for w in index_words(other.name)}
    held = _set_by_matching_members(store, node, query) if text else set()

    def weight(item: Citation) -> tuple[float, bool, int]:
        words = index_words(item.symbol or "")
        carrying = carried(query, item.symbol or "") if text else 0.0
        return -carrying, item.symbol not in held, -len(near.intersection(words))

    items.sort(key=weight)  # stable: code order among equals
    shown = ", ".join(f"`{c.symbol}` ({c})" for c in items[:MAX_SETTINGS])
    left = len(items) - MAX_SETTINGS
    more = f"; {left} more not shown" if left > 0 else ""
    return Fact(
        "settings",
        node.qualname,
        f"{node.qualname} {_holding(node)}: {shown}{more}.",
        tuple(items[:MAX_SETTINGS]),
    )


def _holding(node: Node) -> str:
    """What a definition does with the names it holds: a Go type declares its fields (its
    methods, apart, set and read them); other code sets or reads them."""
    return "declares the fields" if is_go_type(node) else "sets or reads"


def _set_by_matching_members(store: GraphStore, node: Node, query: Query) -> set[str]:
    """The names the members of `node` whose own names carry the idea's words set or read
    (`hidden`, which `hideHelp` sets, for "say so in the help")."""
    prefix = node.qualname + "."
    members = [
        member.id
        for member in store.nodes_where("path", node.path or "")
        if member.qualname.startswith(prefix) and carried(query, member.name)
    ]
    raws = store.search_raw(members) if members else {}
    return {site.symbol or "" for raw in raws.values() for site in _raw_sites("", raw)}


def _raw_sites(path: str, raw: str) -> list[Citation]:
    """The index's `name:line` items of a definition in `path`, each once, as citations."""
    sites = []
    for item in dict.fromkeys(raw.split()):
        name, _, line = item.rpartition(":")
        if name and line.isdigit():
            sites.append(_site(path, int(line), name))
    return sites


def top_level_fact(
    store: GraphStore, touched: list[Touchpoint], text: str, cited: tuple[Citation, ...] = ()
) -> Fact | None:
    """The names the touchpoints' files declare at their top level (and the keys and
    constants they read) that carry the idea's words: a module's settings (`maxExecDepth`,
    `DEFAULT_CONVERTERS`), which no definition's own facts name. At most MAX_SETTINGS, those
    carrying more of the words first, then by file (in the touchpoints' order) and line;
    each cited where its file first has it; none named or at a line `cited` already. A
    name must carry one of the words itself (or its abbreviation, its base form): a synonym
    alone matched `TCP_NODELAY` for "wait" (delay)."""
    paths = list(dict.fromkeys(t.node.path for t in touched if t.node.path))
    raws = store.search_raw(paths)  # a module's node id is its path
    query = parse(text)
    named, places = {c.symbol for c in cited}, {str(c) for c in cited}
    items: list[tuple[float, int, int, Citation]] = []
    for order, path in enumerate(paths):
        for site in _raw_sites(path, raws.get(path, "")):
            if site.symbol in named or str(site) in places:
                continue
            matched = matched_words(query, " ".join(index_words(site.symbol or "")))
            if 1.0 in matched.values():  # a synonym alone is too loose here (`TCP_NODELAY`)
                items.append((-sum(matched.values()), order, site.line, site))
    if not items:
        return None
    items.sort(key=lambda item: item[:3])
    sites = tuple(item[3] for item in items[:MAX_SETTINGS])
    shown = ", ".join(f"`{c.symbol}` ({c})" for c in sites)
    left = len(items) - MAX_SETTINGS
    more = f"; {left} more not shown" if left > 0 else ""
    return Fact(
        "settings",
        "top-level names",
        "Names the touchpoints' files declare at their top level, or read as keys and "
        f"constants, that carry the idea's words: {shown}{more}.",
        sites,
    )
