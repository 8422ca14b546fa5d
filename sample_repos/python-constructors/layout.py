"""Builds a toolbar from widgets."""
from widgets import Attributes, Button, Divider, Spacer, Widget


def make_button(label):
    return Button(label.title())


def toolbar(labels):
    first = Widget("menu")
    parts = [first.draw()]
    for label in labels:
        button = make_button(label)
        parts.append(button.draw())
    gap = Spacer()
    parts.append(gap.draw())
    line = Divider(3)
    parts.append(line.draw())
    attrs = Attributes(role="toolbar")
    return "".join(parts) + attrs.render()


if __name__ == "__main__":
    print(toolbar(["open", "save"]))
