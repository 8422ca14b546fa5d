"""Properties read through `super()`: an overriding getter calls the next class's getter
in the method resolution order, as `super().m()` calls the next class's method."""


class Named:
    """A descriptor: reading `Base.title` on an instance calls `__get__`."""

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return obj.name.title()


class Badge:
    def __init__(self, name):
        self.name = name

    def text(self):
        return "[" + self.name + "]"


class Blank:
    """A second `text`: `super().badge.text()` cannot be guessed by the method's name."""

    def text(self):
        return ""


class Base:
    title = Named()

    def __init__(self, name):
        self.name = name

    @property
    def label(self):
        return self.name.upper()

    @property
    def badge(self):
        return Badge(self.name)


class Tagged(Base):
    title = "tagged"

    @property
    def label(self):
        return "#" + super().label

    @property
    def badge(self):
        return Badge("tagged")

    def heading(self):
        return super().title + super().badge.text()


class Fancy(Tagged):
    @property
    def label(self):
        return "*" + super().label.lower() + "*"


class Prefixed:
    """A mixin: its `super()` is the class after it in the instance's class's order."""

    @property
    def label(self):
        return ">" + super().label


class Shown(Prefixed, Base):
    pass


def main():
    tagged = Tagged("a")
    print(tagged.label, Fancy("b").label, Shown("c").label, tagged.heading())


main()
