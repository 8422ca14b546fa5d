"""A countdown that is its own iterator (__iter__ returns self)."""


class Countdown:
    def __init__(self, start):
        self.current = start

    def __iter__(self):
        return self

    def __next__(self):
        if self.current <= 0:
            raise StopIteration()
        self.current -= 1
        return self.current + 1


def launch():
    for second in Countdown(3):
        print(second)
    print("liftoff")


launch()
