class Item:
    def indent(self):
        return "  "

    @property
    def width(self):
        return 2


class Whitespace(Item):
    def indent(self):
        return ""

    @property
    def width(self):
        return 0


class Comment(Item):
    def indent(self):
        return "# "


class Key(Item):
    pass


def wrap(value):
    if not value:
        return Item()
    if value == " ":
        return Whitespace()
    if value.startswith("#"):
        return Comment()
    return Key()


def indents(values):
    found = []
    for value in values:
        it = wrap(value)
        if not isinstance(it, (Whitespace, Comment)):
            found.append(it.indent() * it.width)
    return found


def first_indent(value):
    it = wrap(value)
    return not isinstance(it, Whitespace) and it.indent()


def main():
    print(indents(["", " ", "# c", "k"]), first_indent("k"))


main()
