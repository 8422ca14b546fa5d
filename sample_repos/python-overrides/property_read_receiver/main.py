class Shape:
    @property
    def label(self):
        return "shape"


class Circle(Shape):
    @property
    def label(self):
        return "circle"


class Square(Shape):
    pass


def describe(shape: Shape):
    return shape.label


def plain():
    shape = Shape()
    return shape.label


def main():
    circle = Circle()
    print(describe(Square()), plain(), circle.label)


main()
