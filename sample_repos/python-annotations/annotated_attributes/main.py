from __future__ import annotations


class Table:
    def render(self):
        return "[table]"


class Text:
    def render(self):
        return "text"


def item(value):
    """Wraps any value: a Table for a dict, a Text otherwise."""
    if isinstance(value, dict):
        return Table()
    return Text()


class TableArray:
    def __init__(self, tables):
        self.body: list[Table] = []
        self.first: Table | None = None
        for table in tables:
            self.body.append(item(table))

    def __setitem__(self, index, value):
        self.body[index] = item(value)

    def render(self):
        return ", ".join(table.render() for table in self.body)

    def head(self):
        self.first = self.body[0]
        return self.first.render()


def main():
    array = TableArray([{}, {}])
    array[1] = {"a": 1}
    print(array.render(), array.head())


main()
