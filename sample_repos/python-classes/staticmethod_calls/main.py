"""Static helpers grouped on a class."""


class Geometry:
    @staticmethod
    def clamp(value, low, high):
        return max(low, min(value, high))

    @staticmethod
    def distance(a, b):
        return abs(a - b)

    def snap(self, value):
        return self.clamp(round(value), 0, 100)


def layout():
    g = Geometry()
    left = Geometry.clamp(-5, 0, 10)
    width = g.distance(left, 40)
    return g.snap(width)


print(layout())
