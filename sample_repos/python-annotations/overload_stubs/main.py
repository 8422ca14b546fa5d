from typing import overload


class Number:
    def show(self):
        return "number"


class Text:
    def __init__(self, value):
        self.value = value

    def show(self):
        return "text"


@overload
def convert(value: int) -> Number: ...


@overload
def convert(value: str) -> Text: ...


def convert(value):
    return Text(value)


def report():
    convert("a").show()


report()
