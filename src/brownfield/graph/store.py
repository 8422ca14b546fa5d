"""The graph store: one SQLite file, `.brownfield/graph.db`, written in one transaction.

With `store_errors` (SQLite's errors at its boundary) and `store_connect` (opening it),
the only modules that import sqlite3; `store_schema` holds its tables, `store_home` where
it lives and whose it is, `store_counts` its counting queries, `store_unresolved` its
queries of unresolved calls by name. Builds write through `GraphStore` inside
`transaction()`; queries read through the same class. Never pickle (nor marshal, which a
crafted file can crash): per-file facts are kept as JSON, so a crafted cache file cannot
run code, and damaged facts are a "corrupt store" error; `store_resolution` tells a
file's stored resolution unchanged.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from brownfield.errors import FileAccessError, StoreError, UntrustedStoreError
from brownfield.graph import (
    search_index,
    store_counts,
    store_facts,
    store_resolution,
    store_unresolved,
)
from brownfield.graph.facts import EdgeRow, FileFacts, ImportFact
from brownfield.graph.store_connect import connect
from brownfield.graph.store_errors import at_the_boundary, store_error
from brownfield.graph.store_home import DB_NAME, db_path, distrust, prepare, root_text
from brownfield.graph.store_rows import checked
from brownfield.graph.store_rows import edge as _edge
from brownfield.graph.store_rows import node as _node
from brownfield.graph.store_schema import (
    INDEXES,
    NODE_INDEXES,
    SCHEMA,
    SCHEMA_VERSION,
    SEARCH_SCHEMA,
    SEARCH_TRIGGERS,
    TABLES,
)
from brownfield.model import Edge, EdgeKind, Node, NodeKind, Unresolved

if TYPE_CHECKING:  # the text rules load only where rows are made (issue 19)
    from brownfield.graph.search_text import SearchRow

_DEFINITION_KINDS = (NodeKind.CLASS.value, NodeKind.FUNCTION.value, NodeKind.METHOD.value)

NodeRow = tuple[str, str, str, str, str | None, int | None, int | None, str | None]
_FILE_COLUMNS = "path, language, sha256, size, mtime_ns, status, diagnostic, lines"


@dataclass(frozen=True)
class FileRow:
    """What the store knows about one file, without its facts."""

    path: str
    language: str | None
    sha256: str | None
    size: int | None
    mtime_ns: int | None
    status: str
    diagnostic: str | None
    lines: int


@at_the_boundary
class GraphStore:
    """Reads and writes one graph database."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self.path = path
        # running changes of one build, so that summaries need no full-table counts
        self._delta: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self._orphan_candidates: set[str] = set()
        self._new_targets: set[str] = set()
        self._written_ids: set[str] = set()  # node ids `put_nodes` wrote (no external node)
        self.fresh = False  # a fresh graph has no old rows to find, count or delete
        self._files_indexed = False  # a fresh graph's nodes and search rows, by `index_files`
        #: answers the query layer derives from the graph, kept while this store is open
        #: (each command, each MCP request opens its own)
        self.memo: dict[str, Any] = {}

    # -- opening --------------------------------------------------------------------

    @classmethod
    def open(cls, root: Path, *, writable: bool = True) -> GraphStore:
        """Open the existing graph of repository `root`, checking that it is sound and
        brownfield's own (`UntrustedStoreError` otherwise).

        A build opens it `writable` (write-ahead logging, so that queries can read while
        it writes); queries open it read-only, so that they work in a read-only
        `.brownfield/`.
        """
        path = db_path(root)
        if path.parent.is_symlink():
            raise UntrustedStoreError(path, f"{path.parent} is a symlink")
        if path.is_symlink():
            raise UntrustedStoreError(path, "it is a symlink")
        if not path.exists():
            raise StoreError(f"no graph at {path}; run `brownfield graph build` first")
        for suffix in ("-wal", "-shm"):  # SQLite would write through a planted link
            if Path(f"{path}{suffix}").is_symlink():
                raise UntrustedStoreError(path, f"its {suffix} file is a symlink")
        try:
            connection = connect(path, writable)
        except sqlite3.DatabaseError as exc:
            raise store_error(path, exc) from None
        store = cls(connection, path)
        try:
            try:
                version = store._schema_version()
                tables = store._tables()
            except sqlite3.DatabaseError as exc:
                raise store_error(path, exc) from None
            if version is None:
                raise StoreError(
                    f"the graph store {path} is empty; run `brownfield graph build --full`"
                )
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"the graph store {path} has schema {version}, newer than this brownfield "
                    f"({SCHEMA_VERSION}); upgrade brownfield or rebuild with --full"
                )
            if version < SCHEMA_VERSION:
                raise StoreError(
                    f"the graph store {path} has an old schema ({version}); "
                    "rebuild it with `brownfield graph build --full`"
                )
            missing = sorted(set(TABLES) - tables)
            if missing:
                raise StoreError(
                    f"the graph store {path} is corrupt (no table {', '.join(missing)}); "
                    "rebuild it with `brownfield graph build --full`"
                )
            reason = distrust(root, store.meta())
            if reason is not None:
                raise UntrustedStoreError(path, reason)
        except BaseException:
            connection.close()
            raise
        return store

    def _tables(self) -> set[str]:
        rows = self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {name for (name,) in rows}

    @classmethod
    def create_fresh(cls, root: Path) -> GraphStore:
        """An empty graph written beside the current one; `publish()` replaces it atomically.

        A fresh build needs no journal: until the rename, the old graph is untouched, and a
        killed build leaves only a stray `graph.db.new` that the next build removes. The
        meta records the repository's real path and the random id in `.brownfield/store-id`
        (made here if missing) with that file's inode number: what `open` checks.
        """
        token, inode = prepare(root)
        path = db_path(root).with_name(DB_NAME + ".new")
        try:
            connection = sqlite3.connect(path, isolation_level=None)
            connection.execute("PRAGMA journal_mode=OFF")
            connection.execute("PRAGMA synchronous=OFF")
            store = cls(connection, path)
            store.fresh = True
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    connection.execute(statement)
            connection.executescript(SEARCH_SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise store_error(path, exc) from None
        store.set_meta(
            {
                "schema_version": str(SCHEMA_VERSION),
                "root": root_text(root),
                "store_id": token,
                "store_inode": str(inode),
            }
        )
        return store

    def index_files(self) -> None:
        """A fresh graph whose files, nodes and search rows are all written: index those
        now (the builder does while resolution workers run), before edges are written."""
        assert self.fresh, "only a fresh graph is indexed in steps"
        if self._files_indexed:
            return
        for statement in NODE_INDEXES.split(";"):
            if statement.strip():
                self._db.execute(statement)
        search_index.rebuild(self._db)
        self._files_indexed = True

    def publish(self) -> None:
        """Index a fresh graph and move it into place (an atomic rename)."""
        assert self.fresh, "only a fresh graph is published"
        self.index_files()
        for statement in INDEXES.split(";"):
            if statement.strip():
                self._db.execute(statement)
        self._db.executescript(SEARCH_TRIGGERS)
        self._db.close()
        final = self.path.with_name(DB_NAME)
        try:
            for suffix in ("-wal", "-shm"):  # a stale log must never be replayed onto the new file
                Path(f"{final}{suffix}").unlink(missing_ok=True)
            os.replace(self.path, final)  # whatever the old file was: corrupt, read-only, a link
        except OSError as exc:
            raise FileAccessError(str(final), f"cannot replace {final}: {exc.strerror}") from None

    def close(self) -> None:
        self._db.close()

    def _schema_version(self) -> int | None:
        exists = self._db.execute(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'"
        ).fetchone()
        if not exists:
            return None
        row = self._db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        if row is None:
            return None
        if not str(row[0]).isdigit():
            raise StoreError(
                f"the graph store {self.path} is corrupt (schema version {row[0]!r}); "
                "rebuild it with `brownfield graph build --full`"
            )
        return int(row[0])

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Everything inside commits together or not at all; a killed build leaves the old graph."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as exc:
            raise store_error(self.path, exc) from None
        try:
            yield
        except BaseException:
            if not self.fresh:  # a fresh graph has no journal; it is simply never published
                with suppress(sqlite3.DatabaseError):  # a damaged file: the first error counts
                    self._db.execute("ROLLBACK")
            raise
        try:
            self._db.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            raise store_error(self.path, exc) from None

    # -- writing --------------------------------------------------------------------

    def set_meta(self, values: dict[str, str]) -> None:
        self._db.executemany(
            "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", sorted(values.items())
        )

    def put_file(self, row: FileRow, facts_json: str | None) -> None:
        if not self.fresh:
            self._tally_lines(row.path, -1)
        self._delta["lines"][""] += row.lines
        self._db.execute(
            "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                row.path,
                row.language,
                row.sha256,
                row.size,
                row.mtime_ns,
                row.status,
                row.diagnostic,
                row.lines,
                facts_json,
            ),
        )

    def touch_file(self, path: str, mtime_ns: int) -> None:
        self._db.execute("UPDATE files SET mtime_ns = ? WHERE path = ?", (mtime_ns, path))

    def remove_file(self, path: str) -> None:
        """Forget a file: its row, its nodes and everything its resolution produced."""
        self._tally_lines(path, -1)
        self._db.execute("DELETE FROM files WHERE path = ?", (path,))
        self._tally("nodes", "kind", path, -1)
        self._db.execute("DELETE FROM nodes WHERE path = ?", (path,))
        search_index.remove(self._db, path)
        self.clear_resolution(path)

    def put_search(self, path: str, rows: Sequence[SearchRow]) -> None:
        """Replace a file's rows in the search index."""
        search_index.put(self._db, path, rows, self.fresh)

    def search_raw(self, ids: Sequence[str]) -> dict[str, str]:
        """The `name:line` attributes and keys of these definitions, from the index."""
        return search_index.raw_of(self._db, ids)

    def search(
        self, query: str, limit: int, among: Sequence[str] | None = None
    ) -> list[search_index.Match]:
        """Definitions (`among` these) matching an FTS5 query (`search_index.expression`),
        best first."""
        return search_index.find(self._db, query, limit, among)

    def put_nodes(self, path: str, nodes: Sequence[NodeRow]) -> None:
        """Replace a file's nodes with these rows (id, kind, name, qualname, path, line,
        end line, language)."""
        if not self.fresh:
            self._tally("nodes", "kind", path, -1)
            self._db.execute("DELETE FROM nodes WHERE path = ?", (path,))
        self._written_ids.update(node[0] for node in nodes)
        self._db.executemany("INSERT INTO nodes VALUES (?, ?, ?, ?, ?, ?, ?, ?)", nodes)
        self._delta["nodes"].update(node[1] for node in nodes)

    def clear_resolution(self, path: str) -> None:
        self._orphan_candidates.update(
            dst
            for (dst,) in self._db.execute("SELECT DISTINCT dst FROM edges WHERE path = ?", (path,))
        )
        self._tally("edges", "kind", path, -1)
        self._tally("unresolved", "reason", path, -1)
        for table in ("edges", "unresolved", "deps"):
            self._db.execute(f"DELETE FROM {table} WHERE path = ?", (path,))

    def put_resolution(
        self,
        path: str,
        edges: Sequence[EdgeRow],
        unresolved: Sequence[Unresolved],
        deps: Iterable[str],
    ) -> None:
        """Replace what resolving `path` produced (left as it is when it is the same: a
        one-file rebuild resolves a hundred files again, most of them to what they had)."""
        if not self.fresh:
            if store_resolution.is_stored(self._db, path, edges, unresolved, deps):
                return
            self.clear_resolution(path)
        self._db.executemany(
            "INSERT INTO edges VALUES (?, ?, ?, ?, ?, ?)",
            [(src, dst, kind, path, line, how) for src, dst, kind, line, how in edges],
        )
        self._db.executemany(
            "INSERT INTO unresolved VALUES (?, ?, ?, ?, ?)",
            [(u.src, u.callee, path, u.line, u.reason) for u in unresolved],
        )
        self._db.executemany(
            "INSERT INTO deps VALUES (?, ?)", [(path, key) for key in sorted(deps)]
        )
        self._new_targets.update(edge[1] for edge in edges)
        self._delta["edges"].update(edge[2] for edge in edges)
        self._delta["unresolved"].update(item.reason for item in unresolved)

    def sync_external_nodes(self) -> None:
        """Keep exactly one external node per outside name that an edge points to.

        Only the targets of edges written or removed by this build are checked, so that
        a one-file rebuild does not scan every edge (in a fresh graph, only those that are
        no node it wrote: most targets, each an ignored insert).
        """
        for dst in sorted(self._orphan_candidates - self._new_targets):
            gone = self._db.execute(
                "DELETE FROM nodes WHERE id = ? AND kind = 'external' "
                "AND NOT EXISTS (SELECT 1 FROM edges WHERE dst = ?)",
                (dst, dst),
            ).rowcount
            self._delta["nodes"]["external"] -= gone
        outside = self._new_targets - self._written_ids if self.fresh else self._new_targets
        before = self._db.total_changes
        self._db.executemany(
            "INSERT OR IGNORE INTO nodes VALUES (?, 'external', ?, ?, NULL, NULL, NULL, NULL)",
            [(dst, dst.rpartition(".")[2], dst) for dst in sorted(outside)],
        )
        self._delta["nodes"]["external"] += self._db.total_changes - before
        self._orphan_candidates.clear()
        self._new_targets.clear()

    def _tally(self, table: str, column: str, path: str, sign: int) -> None:
        """Adjust the running counts by the rows `path` has in `table`."""
        rows = self._db.execute(
            f"SELECT {column}, COUNT(*) FROM {table} WHERE path = ? GROUP BY 1", (path,)
        )
        for key, count in rows:
            self._delta[table][key] += sign * count

    def _tally_lines(self, path: str, sign: int) -> None:
        row = self._db.execute("SELECT lines FROM files WHERE path = ?", (path,)).fetchone()
        if row is not None:
            self._delta["lines"][""] += sign * checked(row, ((int,),), "file")[0]

    def refresh_counts(self, recount: bool = False) -> None:
        """Store the counts of nodes, edges, unresolved calls and lines in meta.

        Builds keep running deltas; `recount` counts every table from scratch instead.
        """
        if recount:
            counts: dict[str, Any] = {
                "nodes": self.count("nodes", "kind"),
                "edges": self.count("edges", "kind"),
                "unresolved": self.count("unresolved", "reason"),
                "lines": self._db.execute("SELECT COALESCE(SUM(lines), 0) FROM files").fetchone()[
                    0
                ],
            }
        else:
            counts = self.counts()
            for table in ("nodes", "edges", "unresolved"):
                merged = Counter(counts[table])
                merged.update(self._delta[table])
                counts[table] = {key: value for key, value in sorted(merged.items()) if value}
            counts["lines"] += self._delta["lines"][""]
        self._delta.clear()
        self.set_meta({"counts": json.dumps(counts, sort_keys=True)})

    # -- reading --------------------------------------------------------------------

    def meta(self) -> dict[str, str]:
        return dict(self._db.execute("SELECT key, value FROM meta").fetchall())

    def file_rows(self) -> dict[str, FileRow]:
        rows = self._db.execute(f"SELECT {_FILE_COLUMNS} FROM files")
        return {row[0]: FileRow(*row) for row in rows}

    def file_row(self, path: str) -> FileRow | None:
        row = self._db.execute(f"SELECT {_FILE_COLUMNS} FROM files WHERE path = ?", (path,))
        found = row.fetchone()
        return FileRow(*found) if found else None

    def inherits(self, path: str | None = None) -> list[tuple[str, str, str, bool]]:
        """The `inherits` edges of `path` (or of all), in order: `store_resolution`."""
        return store_resolution.inherits(self._db, path)

    def facts(self, path: str) -> FileFacts:
        return store_facts.facts(self._db, self.path, path)

    def imports(self, path: str) -> list[ImportFact]:
        """The import facts of `path` alone (`store_facts`)."""
        return store_facts.imports(self._db, self.path, path)

    def files_depending_on(self, keys: Iterable[str]) -> set[str]:
        found: set[str] = set()
        batch = sorted(set(keys))
        for start in range(0, len(batch), 500):
            chunk = batch[start : start + 500]
            marks = ",".join("?" * len(chunk))
            found.update(
                path
                for (path,) in self._db.execute(
                    f"SELECT DISTINCT path FROM deps WHERE key IN ({marks})", chunk
                )
            )
        return found

    def node(self, node_id: str) -> Node | None:
        row = self._db.execute("SELECT * FROM nodes WHERE id = ?", (node_id,)).fetchone()
        return _node(row) if row else None

    def nodes(self, ids: Iterable[str]) -> dict[str, Node]:
        found: dict[str, Node] = {}
        batch = sorted(set(ids))
        for start in range(0, len(batch), 500):
            chunk = batch[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for row in self._db.execute(f"SELECT * FROM nodes WHERE id IN ({marks})", chunk):
                found[row[0]] = _node(row)
        return found

    def nodes_where(self, column: str, value: str) -> list[Node]:
        """Nodes whose `name`, `qualname` or `path` equals `value`."""
        if column not in ("name", "qualname", "path"):
            raise ValueError(column)
        rows = self._db.execute(f"SELECT * FROM nodes WHERE {column} = ? ORDER BY id", (value,))
        return [_node(row) for row in rows]

    def nodes_like(self, pattern: str, limit: int) -> list[Node]:
        """Repository nodes whose name, qualname or path contains `pattern` (case-insensitive)."""
        like = "%" + pattern.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        rows = self._db.execute(
            "SELECT * FROM nodes WHERE kind != 'external' AND "
            "(name LIKE ? ESCAPE '\\' OR qualname LIKE ? ESCAPE '\\' OR path LIKE ? ESCAPE '\\') "
            "ORDER BY id LIMIT ?",
            (like, like, like, limit),
        )
        return [_node(row) for row in rows]

    def import_sites(self) -> list[tuple[str, str, int]]:
        """(imported module, path, line) of every import edge."""
        rows = self._db.execute(
            "SELECT dst, path, line FROM edges WHERE kind = 'imports' ORDER BY path, line, dst"
        )
        return [(dst, path, line) for dst, path, line in rows]

    def definition_ids(self, name: str) -> list[tuple[str, str, str]]:
        """(node id, kind, path) of the classes, functions and methods named `name`."""
        rows = self._db.execute(
            "SELECT id, kind, path FROM nodes WHERE name = ? AND kind IN (?, ?, ?)",
            (name, *_DEFINITION_KINDS),
        )
        return [(node_id, kind, path) for node_id, kind, path in rows]

    def definition_index(self, exclude: set[str]) -> dict[str, list[tuple[str, str]]]:
        """Name -> (node id, kind) of every class, function and method, leaving out the
        definitions of the files in `exclude`."""
        index: dict[str, list[tuple[str, str]]] = {}
        rows = self._db.execute(
            "SELECT name, id, kind, path FROM nodes WHERE kind IN (?, ?, ?)", _DEFINITION_KINDS
        )
        for name, node_id, kind, path in rows:
            if path not in exclude:
                index.setdefault(name, []).append((node_id, kind))
        return index

    def diagnostics(self) -> list[dict[str, str]]:
        """Files that did not parse cleanly or were skipped when read, with their message."""
        rows = self._db.execute(
            "SELECT path, status, COALESCE(diagnostic, status) FROM files "
            "WHERE status != 'ok' ORDER BY path"
        )
        return [{"path": p, "status": s, "message": m} for p, s, m in rows]

    def counts(self) -> dict[str, Any]:
        row = self._db.execute("SELECT value FROM meta WHERE key = 'counts'").fetchone()
        if row is None:
            return {"nodes": {}, "edges": {}, "unresolved": {}, "lines": 0}
        data: dict[str, Any] = json.loads(row[0])
        return data

    def edges_into(self, ids: Iterable[str], kinds: Sequence[EdgeKind]) -> list[Edge]:
        return self._edges("dst", ids, kinds)

    def edges_out_of(self, ids: Iterable[str], kinds: Sequence[EdgeKind]) -> list[Edge]:
        return self._edges("src", ids, kinds)

    def _edges(self, column: str, ids: Iterable[str], kinds: Sequence[EdgeKind]) -> list[Edge]:
        found: list[Edge] = []
        batch = sorted(set(ids))
        kind_marks = ",".join("?" * len(kinds))
        for start in range(0, len(batch), 500):
            chunk = batch[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self._db.execute(
                f"SELECT src, dst, kind, path, line, resolution FROM edges "
                f"WHERE {column} IN ({marks}) AND kind IN ({kind_marks})",
                [*chunk, *(kind.value for kind in kinds)],
            )
            found.extend(_edge(row) for row in rows)
        return sorted(found, key=_edge_key)

    def all_nodes(self) -> list[Node]:
        return [_node(row) for row in self._db.execute("SELECT * FROM nodes ORDER BY id")]

    def all_edges(self) -> list[Edge]:
        rows = self._db.execute(
            "SELECT src, dst, kind, path, line, resolution FROM edges "
            "ORDER BY src, dst, kind, path, line, resolution"
        )
        return [_edge(row) for row in rows]

    def unresolved_named(self, *names: str) -> list[Unresolved]:
        """Unresolved calls whose callee, as written, ends in one of `names` (`f`, `x.f`),
        but those made on a class or module from outside (`store_unresolved.outside`)."""
        found = store_unresolved.named(self._db, names)
        return store_unresolved.outside(found, lambda name: self.nodes_where("name", name))

    def unresolved_from(self, path: str, sources: Iterable[str]) -> list[Unresolved]:
        """Unresolved calls written in the file `path` by these definitions (node ids)."""
        wanted = set(sources)
        rows = self._db.execute(
            "SELECT src, callee, path, line, reason FROM unresolved WHERE path = ? "
            "ORDER BY line, src, callee",
            (path,),
        )
        return [Unresolved(*row) for row in rows if row[0] in wanted]

    def all_unresolved(self) -> list[Unresolved]:
        rows = self._db.execute(
            "SELECT src, callee, path, line, reason FROM unresolved "
            "ORDER BY path, line, src, callee, reason"
        )
        return [Unresolved(*row) for row in rows]

    def count(self, table: str, group_by: str) -> dict[str, int]:
        """Row counts of a table grouped by one column (for stats and summaries)."""
        return store_counts.count(self._db, table, group_by)

    def language_counts(self) -> dict[str, dict[str, int]]:
        """Per language: files, definitions, resolved calls and unresolved calls."""
        return store_counts.language_counts(self._db)


def _edge_key(edge: Edge) -> tuple[str, str, str, str, int, str]:
    return (edge.src, edge.dst, edge.kind, edge.path, edge.line or 0, edge.resolution or "")
