"""A frozen key-value store that raises its own errors."""

from errors import NotFound, ReadOnly

DATA = {"a": 1}


def lookup(key):
    if key not in DATA:
        raise NotFound(key)
    return DATA[key]


def update(key, value):
    raise ReadOnly("store is frozen")


def safe_lookup(key):
    try:
        return lookup(key)
    except NotFound as err:
        print(err.message)
        return None


safe_lookup("b")
