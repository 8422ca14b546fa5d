class Short:
    def run(self, a):
        return a


class Long:
    def run(self, a, b):
        return a + b


class Holder:
    def __init__(self, runner):
        self.runner = runner

    def one(self):
        return self.runner.run(1)

    def two(self):
        return self.runner.run(1, 2)


def direct():
    return Short.run(Short(), 1)


def main():
    Holder(Short()).one()
    Holder(Long()).two()
    direct()


main()
