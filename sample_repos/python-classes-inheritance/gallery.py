"""Prints a few shapes; also builds a badge class inside a function."""
from shapes.base import Shape
from shapes.polygons import Rectangle, Square


def make_badge_class(text):
    class Badge(Rectangle):
        @staticmethod
        def caption():
            return text.upper()

        def describe(self):
            return self.caption() + ": " + super().describe()

    return Badge


def main():
    shapes = [Rectangle.build(2, 3), Square.from_area(16)]
    for shape in shapes:
        print(shape.describe())
    square = Square(3)
    print(square.summary(), square.area(), square.describe())
    print(Shape.unit_label())


if __name__ == "__main__":
    main()
