class Slot:
    def __init__(self, func):
        self.func = func

    def one(self, a):
        return self.func(a)

    def three(self, a, b, c):
        return self.func(a, b, c)


def square(a):
    return a * a


def total(*numbers):
    return sum(numbers)


def run():
    Slot(square).one(2)
    Slot(total).one(5)
    Slot(total).three(1, 2, 3)


run()
