class Point:
    def __init__(self, x):
        self.x = x


class Pair:
    def __init__(self, left, right):
        self.left = left
        self.right = right


class Factory:
    def __init__(self, kind):
        self.kind = kind

    def single(self):
        return self.kind(1)

    def double(self):
        return self.kind(1, 2)


class Base:
    def __init__(self, name, size):
        self.name = name
        self.size = size


class Named(Base):
    def __init__(self, name):
        super().__init__(name, 0)


def main():
    Factory(Point).single()
    Factory(Pair).double()
    Named("n")


main()
