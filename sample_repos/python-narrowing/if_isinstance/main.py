import json


class Circle:
    def __init__(self, radius):
        self.radius = radius

    def area(self):
        return 3.14 * self.radius**2

    def radius_text(self):
        return str(self.radius)


class Square:
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side**2


def describe(shape):
    if isinstance(shape, Circle):
        return shape.radius_text() + " " + str(shape.area())
    return "shape"


SHAPES = {"circle": Circle, "square": Square}
spec = json.loads('{"kind": "circle", "size": 2}')
print(describe(SHAPES[spec["kind"]](spec["size"])))
