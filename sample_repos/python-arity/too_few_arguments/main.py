class Slot:
    def __init__(self, func):
        self.func = func

    def one(self, a):
        return self.func(a)

    def two(self, a, b):
        return self.func(a, b)


def negate(a):
    return -a


def subtract(a, b):
    return a - b


def run():
    Slot(negate).one(1)
    Slot(subtract).two(3, 1)


run()
