"""Boxes holding a value of one type, built through their generic subscriptions."""
from typing import Generic, TypeVar

T = TypeVar("T")


class Box(Generic[T]):
    def __init__(self, value: T):
        self.value = value

    def peek(self) -> T:
        return self.value


class Crate(Box[T]):
    def stack(self, other):
        return [self.peek(), other.peek()]


Pair = Box[tuple[int, int]]


class Tagged:
    """`Tagged[X]` is no Tagged: its own `__class_getitem__` makes what it returns."""

    def __init__(self, tag):
        self.tag = tag

    def __class_getitem__(cls, item):
        return Box


def fill():
    box = Box[int](3)
    return box.peek()


def pair():
    both = Pair((1, 2))
    return both.peek()


def tagged():
    return Tagged[int](4)


def pile():
    crate = Crate[str]("a")
    return crate.stack(Crate[str]("b"))


print(fill(), pair(), pile(), tagged())
