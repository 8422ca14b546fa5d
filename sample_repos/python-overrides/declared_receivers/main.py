class Widget:
    def draw(self):
        return "widget"


class Button(Widget):
    def draw(self):
        return "button"


class Failure(Exception):
    def explain(self):
        return "failed"


class Timeout(Failure):
    def explain(self):
        return "timed out"


def show(widget: Widget):
    return widget.draw()


def plain():
    widget = Widget()
    return widget.draw()


def attempt():
    try:
        raise Timeout()
    except Failure as failure:
        return failure.explain()


print(show(Button()), plain(), attempt())
