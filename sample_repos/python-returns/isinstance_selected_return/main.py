from collections.abc import Mapping


class Node:
    def render(self):
        return "node"


class Flag(Node):
    def render(self):
        return "flag"


class Number(Node):
    def render(self):
        return "number"


class Table(Node):
    def render(self):
        return "table"


class Listing(Node):
    def render(self):
        return "listing"


def wrap(value):
    if isinstance(value, Node):
        return value
    if isinstance(value, bool):
        return Flag()
    elif isinstance(value, int):
        return Number()
    elif isinstance(value, dict):
        return Table()
    elif isinstance(value, (list, tuple)):
        return Listing()
    raise TypeError(value)


def dump(data: Mapping):
    if not isinstance(data, Node):
        data = wrap(dict(data))
    return data.render()


def dump_rows(rows):
    return wrap(list(rows)).render()


def dump_any(value):
    return wrap(value).render()


dump({"a": 1})
dump_rows([1, 2])
dump_any(3)
dump_any(True)
