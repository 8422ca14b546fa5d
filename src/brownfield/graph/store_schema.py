"""The graph store's tables and indexes, and the schema version a store must carry."""

from __future__ import annotations

SCHEMA_VERSION = 3  # 2: calls keep their arguments, bindings their branch; 3: namespaces

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE files (
    path TEXT PRIMARY KEY,
    language TEXT,
    sha256 TEXT,
    size INTEGER,
    mtime_ns INTEGER,
    status TEXT NOT NULL,
    diagnostic TEXT,
    lines INTEGER NOT NULL DEFAULT 0,
    facts TEXT
);
CREATE TABLE nodes (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    qualname TEXT NOT NULL,
    path TEXT,
    line INTEGER,
    end_line INTEGER,
    language TEXT
);
CREATE TABLE edges (
    src TEXT NOT NULL,
    dst TEXT NOT NULL,
    kind TEXT NOT NULL,
    path TEXT NOT NULL,
    line INTEGER,
    resolution TEXT
);
CREATE TABLE unresolved (
    src TEXT NOT NULL,
    callee TEXT NOT NULL,
    path TEXT NOT NULL,
    line INTEGER NOT NULL,
    reason TEXT NOT NULL
);
CREATE TABLE deps (path TEXT NOT NULL, key TEXT NOT NULL);
"""

# Created after the rows of a fresh build are in: sorting once beats growing B-trees.
INDEXES = """
CREATE INDEX nodes_path ON nodes(path);
CREATE INDEX nodes_name ON nodes(name);
CREATE INDEX nodes_qualname ON nodes(qualname);
CREATE INDEX edges_src ON edges(src, kind);
CREATE INDEX edges_dst ON edges(dst, kind);
CREATE INDEX edges_path ON edges(path);
CREATE INDEX unresolved_path ON unresolved(path);
CREATE INDEX deps_key ON deps(key);
CREATE INDEX deps_path ON deps(path);
"""

TABLES = ("deps", "edges", "files", "meta", "nodes", "unresolved")
