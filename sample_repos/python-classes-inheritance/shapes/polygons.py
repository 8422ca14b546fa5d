"""Rectangles and squares, built on shapes.base.Shape."""
import math

from shapes.base import Shape


class Rectangle(Shape):
    def __init__(self, width, height):
        super().__init__("rectangle")
        self.width = width
        self.height = height

    def area(self):
        return self.width * self.height

    def summary(self):
        return self.describe()

    @classmethod
    def from_sizes(cls, sizes):
        return Rectangle(*sizes)


class Square(Rectangle):
    def __init__(self, side):
        super().__init__(side, side)
        self.name = "square"

    def diagonal(self):
        return math.hypot(self.width, self.width)

    @classmethod
    def from_area(cls, area):
        return Square(cls.check_positive(math.sqrt(area)))

    def describe(self):
        return super().describe() + " (diagonal %.2f)" % self.diagonal()
