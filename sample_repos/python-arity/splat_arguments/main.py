class Slot:
    def __init__(self, func):
        self.func = func

    def spread(self, args):
        return self.func(*args)

    def named(self, options):
        return self.func(**options)


def pair(a, b):
    return (a, b)


def single(a):
    return a


def run():
    Slot(pair).spread((1, 2))
    Slot(single).spread([1])
    Slot(pair).named({"a": 1, "b": 2})
    Slot(single).named({"a": 3})


run()
