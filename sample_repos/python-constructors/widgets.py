"""Widgets with and without their own __init__."""
from collections import OrderedDict


class Widget:
    def __init__(self, label):
        self.label = label

    def draw(self):
        return "[%s]" % self.label


class Button(Widget):
    """No __init__ of its own: Button(...) runs Widget.__init__."""

    def draw(self):
        return "<%s>" % self.label


class Spacer:
    """No __init__ anywhere in its repository MRO: Spacer() is not listed."""

    def draw(self):
        return " "


class Divider(Spacer):
    def __init__(self, width):
        super().__init__()
        self.width = width

    def draw(self):
        return "-" * self.width


class Attributes(OrderedDict):
    """Derives from outside code, no __init__ in the repository: not listed."""

    def render(self):
        return " ".join(sorted(self))
