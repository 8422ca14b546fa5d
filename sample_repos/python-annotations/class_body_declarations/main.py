from __future__ import annotations

import typing as t
from dataclasses import dataclass


class Node:
    fields: tuple[str, ...] = ()

    def __init__(self, *values):
        for name, value in zip(self.fields, values):
            setattr(self, name, value)


class Expr(Node):
    def evaluate(self):
        return None


class Const(Expr):
    fields = ("value",)
    value: int

    def evaluate(self):
        return self.value


class Neg(Expr):
    fields = ("node",)
    node: Expr

    def evaluate(self):
        return -self.node.evaluate()


class Sum(Expr):
    fields = ("items",)
    items: t.List["Expr"]

    def evaluate(self):
        return sum(item.evaluate() for item in self.items)


class Engine:
    def start(self):
        return "started"


@dataclass
class Car:
    engine: Engine
    name: str = "car"

    def drive(self):
        return self.engine.start()


def main():
    tree = Sum([Neg(Const(2)), Const(5)])
    print(tree.evaluate(), Car(Engine()).drive())


main()
