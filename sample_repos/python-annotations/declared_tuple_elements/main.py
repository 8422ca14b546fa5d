from __future__ import annotations


class Item:
    def render(self):
        return "item"

    @property
    def text(self):
        return "item"


class Whitespace(Item):
    def render(self):
        return " "

    @property
    def text(self):
        return " "


class Table(Item):
    def render(self):
        return "[table]"


class Comment(Item):
    pass


class Body:
    """Keeps (key, item) pairs in one list; whitespace under no key."""

    def __init__(self):
        self._body: list[tuple[str | None, Item]] = []

    def add(self, key, item):
        self._body.append((key, item))

    def render(self):
        out = []
        for k, v in self._body:
            if k is None:
                continue
            out.append(v.render())
        return out

    def texts(self):
        found = []
        for _, (k, v) in enumerate(self._body):
            if k is not None:
                found.append(v.text)
        return found

    def first(self):
        return self._body[0][1].render()


def main():
    body = Body()
    body.add(None, Whitespace())
    body.add("a", Table())
    body.add("b", Comment())
    print(body.render(), body.texts(), body.first())


main()
