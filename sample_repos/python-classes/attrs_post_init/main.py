"""Points normalised when built: an attrs class's generated __init__ calls __attrs_post_init__."""
import attr
from attrs import define


def clamp(value):
    return max(0, min(100, value))


@attr.s
class Point:
    x = attr.ib()
    y = attr.ib()

    def __attrs_post_init__(self):
        self.x, self.y = clamp(self.x), clamp(self.y)


@define
class Pixel(Point):
    colour: str = "black"


def draw():
    return Point(1, 2), Pixel(3, 4)


print(draw())
