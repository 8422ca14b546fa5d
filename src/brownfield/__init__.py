"""brownfield: a code graph, a read-only query layer and a deterministic interview."""

__version__ = "0.1.0"
