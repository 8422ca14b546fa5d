"""Errors raised by the key-value store."""


class NotFound(Exception):
    def __init__(self, key):
        self.key = key
        self.message = "missing: " + key


class ReadOnly(Exception):
    """Raised on writes; it has no __init__ of its own."""
