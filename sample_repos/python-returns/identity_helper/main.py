def tagged(cls, tag=None):
    """Marks a class and hands it back, as attrs' `_add_repr(cls)` does."""
    cls.tag = tag
    return cls


class Point:
    def __init__(self):
        self.x = 0


class Line:
    def __init__(self):
        self.a = 0


Point = tagged(Point, tag="p")
Line = tagged(tagged(Line))


def make_point():
    return Point()


def make_line():
    return Line()


def main():
    print(make_point().tag, make_line().tag)


main()
