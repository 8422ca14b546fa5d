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


def fill():
    box = Box[int](3)
    return box.peek()


def pair():
    both = Pair((1, 2))
    return both.peek()


def pile():
    crate = Crate[str]("a")
    return crate.stack(Crate[str]("b"))


print(fill(), pair(), pile())
