class Slot:
    def __init__(self, func):
        self.func = func

    def bare(self, a):
        return self.func(a)

    def with_sep(self, a):
        return self.func(a, sep="-")

    def by_position(self, a):
        return self.func(a, "-")


def emit(a, *, sep):
    return a + sep


def show(a, *, sep=","):
    return a + sep


def join(a, sep=" "):
    return a + sep


def run():
    Slot(show).bare("x")
    Slot(emit).with_sep("y")
    Slot(show).with_sep("z")
    Slot(join).by_position("w")
    Slot(join).bare("v")
    Slot(join).with_sep("u")


run()
