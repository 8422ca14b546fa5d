"""One module per language other than Python: its `Profile` and entry points."""
