class Slot:
    def __init__(self, func):
        self.func = func

    def one(self, a):
        return self.func(a)

    def two(self, a, b):
        return self.func(a, b)


def scale(a, factor=2):
    return a * factor


def add(a, b):
    return a + b


def run():
    Slot(scale).one(1)
    Slot(scale).two(1, 3)
    Slot(add).two(1, 2)


run()
