class Lines:
    def next_line(self):
        return "line"


class Words:
    def next_line(self):
        return "word"


class Chars:
    def next_line(self):
        return "c"


class Reader:
    def __init__(self, reverse):
        if reverse:
            self.source = Lines()
        else:
            self.source = Words()

    def reset(self):
        self.source = Chars()
        self.source = Lines()

    def read(self):
        return self.source.next_line()


def main():
    reader = Reader(True)
    print(reader.read(), Reader(False).read())


main()
