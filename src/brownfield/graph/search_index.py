"""The full-text search index in the store: writing a file's rows and asking SQLite's FTS5
(porter stemmer, bm25 ranking with per-column weights) which definitions match.

Rows are a pure function of one file (see `search_text`), so an incremental build that
replaces a changed file's rows leaves the same index as a full build.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from brownfield.graph.store_rows import NUMBER, OPTIONAL_TEXT, TEXT, checked

if TYPE_CHECKING:  # the text rules load only where rows are made, not for every query
    from brownfield.graph.search_text import SearchRow

#: bm25 weights of the columns: a name word counts most, then the keys it reads and the
#: attributes it assigns, its docstring, its parameters (shared by every wrapper with the
#: same signature) and the words of its owners and its file (shared by every definition
#: beside it), and least the identifiers its body mentions (any word a body uses).
WEIGHTS = {
    "name": 8.0,
    "words": 1.0,
    "doc": 2.0,
    "params": 1.0,
    "attrs": 2.5,
    "keys": 4.0,
    "body": 0.5,
    "messages": 4.0,
}


class Connection(Protocol):
    def execute(self, sql: str, parameters: Any = ..., /) -> Any: ...

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> Any: ...


class Match(NamedTuple):
    """A definition the index found: its id, kind, path, the raw attributes and keys it
    holds, and how well it matched (bm25, higher is better)."""

    id: str
    kind: str
    path: str
    raw: str
    relevance: float
    text: str  # every indexed word of the row, to tell which terms matched
    name: str  # the words of the definition's own name


def put(db: Connection, path: str, rows: Sequence[SearchRow], fresh: bool) -> None:
    """Replace the rows of `path` with `rows`."""
    if not fresh:
        remove(db, path)
    db.executemany(
        "INSERT INTO search_docs "
        "(id, path, kind, name, words, doc, params, attrs, keys, body, messages, raw) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )


def rebuild(db: Connection) -> None:
    """Index every row of `search_docs` (a fresh graph's, written without triggers)."""
    db.execute("INSERT INTO search(search) VALUES ('rebuild')")


def remove(db: Connection, path: str) -> None:
    db.execute("DELETE FROM search_docs WHERE path = ?", (path,))


_SAFE = re.compile(r"[^\w]+")


def expression(groups: Sequence[Sequence[str]]) -> str:
    """An FTS5 query: each group's terms OR-ed, the groups OR-ed too (bm25 ranks rows
    matching more, and rarer, groups higher). Terms are quoted: nothing a person typed is
    read as query syntax."""
    clauses = []
    for group in groups:
        terms = [_SAFE.sub(" ", term).strip() for term in group]
        quoted = sorted({f'"{term}"' for term in terms if term})
        if quoted:
            clauses.append("(" + " OR ".join(quoted) + ")")
    return " OR ".join(clauses)


def find(db: Connection, query: str, limit: int, among: Sequence[str] | None = None) -> list[Match]:
    """The best `limit` rows for an FTS5 query, best first (ties by id); only the rows of
    the definitions `among`, when given."""
    if not query or (among is not None and not among):
        return []
    weights = ", ".join(str(w) for w in WEIGHTS.values())
    only = f"AND d.id IN ({','.join('?' * len(among))}) " if among else ""
    rows = db.execute(
        f"SELECT d.id, d.kind, d.path, d.raw, -bm25(search, {weights}) AS relevance, "
        "d.name || ' ' || d.words || ' ' || d.doc || ' ' || d.params || ' ' || d.attrs "
        "|| ' ' || d.keys || ' ' || d.body || ' ' || d.messages, d.name "
        "FROM search JOIN search_docs d ON d.rowid = search.rowid "
        f"WHERE search MATCH ? {only}ORDER BY relevance DESC, d.id LIMIT ?",
        (query, *(among or ()), limit),
    )
    return [_match(row) for row in rows]


#: A found row: its id, kind, path, raw, relevance, text and name (NULL text is no words).
_MATCH_ROW = (TEXT, TEXT, OPTIONAL_TEXT, OPTIONAL_TEXT, NUMBER, OPTIONAL_TEXT, OPTIONAL_TEXT)


def _match(row: Sequence[Any]) -> Match:
    node_id, kind, path, raw, relevance, text, name = checked(row, _MATCH_ROW, "search")
    return Match(node_id, kind, path or "", raw or "", relevance, text or "", name or "")


def raw_of(db: Connection, ids: Sequence[str]) -> dict[str, str]:
    """The `name:line` attributes and keys the index holds for these definitions."""
    found: dict[str, str] = {}
    for start in range(0, len(ids), 500):
        chunk = list(ids[start : start + 500])
        marks = ",".join("?" * len(chunk))
        rows = db.execute(f"SELECT id, raw FROM search_docs WHERE id IN ({marks})", chunk)
        for row in rows:
            node_id, raw = checked(row, (TEXT, OPTIONAL_TEXT), "search")
            found[node_id] = raw or ""
    return found
