"""Properties read on what a call returns, not on a name: `Box(2).size` and
`make_box(3).size` call the getter; `box_class().size` reads it off the class (no call)."""


class Box:
    def __init__(self, width):
        self.width = width

    @property
    def size(self):
        return self.width * self.width


class Crate(Box):
    @property
    def size(self):
        return 0


def make_box(width):
    return Box(width)


def box_class():
    return Box


def direct():
    return Box(2).size


def through_factory():
    return make_box(3).size


def on_the_class():
    return box_class().size


def main():
    print(direct(), through_factory(), on_the_class())


main()
