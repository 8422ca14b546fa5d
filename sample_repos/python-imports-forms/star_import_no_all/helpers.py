"""Helpers without __all__: a star import takes the public names only."""


def format_size(num_bytes):
    return _with_unit(num_bytes, "B")


def _with_unit(value, unit):
    return str(value) + " " + unit
