class Point:
    def __init__(self, line):
        self.line = line

    @classmethod
    def at(cls, line):
        return cls(line)

    def moved(self, by):
        return type(self)(self.line + by)

    def copy(self):
        return self.__class__(self.line)


class ContextualPoint(Point):
    def __init__(self, line, context=3):
        super().__init__(line)
        self.context = context


class LabelledPoint(Point):
    """Inherits Point's constructor: no edge beyond the static one."""


class Unrelated:
    def __init__(self, line):
        self.line = line


def main():
    first = ContextualPoint.at(5)
    second = first.moved(1)
    print(Point.at(1).line, second.line, first.copy().context, LabelledPoint.at(2).line)
    print(Unrelated(0).line)


main()
