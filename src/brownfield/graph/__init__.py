"""The code graph: discovery, parsing, resolution and the SQLite store."""
