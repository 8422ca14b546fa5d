class Line:
    def __init__(self, path, number):
        self.path = path
        self.number = number

    def __str__(self):
        return f"{self.path}:{self.number}"


class Callpoint:
    def __init__(self, name, line=None):
        self.name = name
        self.line = line

    @classmethod
    def from_frame(cls, name, path, number):
        return cls(name, line=Line(path, number))

    def moved(self, number):
        return type(self)(self.name, Line(self.line.path, number))

    def describe(self):
        return self.name + " at " + str(self.line)


def main():
    point = Callpoint.from_frame("f", "a.py", 3)
    print(point.describe(), point.moved(4).describe())


main()
