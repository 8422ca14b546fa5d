import functools


class Rect:
    def __init__(self, width, height):
        self.width = width
        self.height = height

    @property
    def area(self):
        return self.width * self.height

    @functools.cached_property
    def diagonal(self):
        return (self.width**2 + self.height**2) ** 0.5

    def describe(self):
        self.width = self.width + 0
        return f"{self.area} {self.diagonal} {self.area.bit_length()}"


room = Rect(3, 4)
print(room.describe(), room.area)
