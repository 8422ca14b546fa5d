class Item:
    def is_boolean(self):
        """Whether the item is a Bool."""
        return isinstance(self, Bool)

    def is_text(self):
        return isinstance(self, Text)

    def render(self):
        return "item"

    @property
    def value(self):
        return None


class Bool(Item):
    def render(self):
        return "bool"

    @property
    def value(self):
        return True


class Date(Item):
    def render(self):
        return "date"

    @property
    def value(self):
        return "2024-01-01"


class Text(Item):
    def render(self):
        return "text"

    @property
    def value(self):
        return "text"


class Flag(Item):
    def is_boolean(self):
        return True

    def render(self):
        return "flag"


class Note(Date, Text):
    pass


class Stamp(Date):
    def __init__(self, raw="2024-01-01"):
        self.raw = raw

    def is_boolean(self):
        return self.raw in ("true", "false")


def show(item: Item):
    if item.is_boolean():
        return item.render(), item.value
    return "-"


def text_of(item: Item):
    if isinstance(item, Item) and item.is_text():
        return item.render()
    return "-"


def either(item: Item):
    return item.render()


def main():
    print(show(Bool()), text_of(Note()), either(Item()))


main()
