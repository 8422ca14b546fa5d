class Version:
    def __init__(self, text):
        self.parts = tuple(int(p) for p in text.split("."))

    def __lt__(self, other):
        return self.parts < other.parts

    def __eq__(self, other):
        return self.parts == other.parts


class Shelf:
    def __init__(self, names):
        self.names = set(names)

    def __contains__(self, name):
        return name in self.names


def compare():
    a = Version("1.2")
    b = Version("1.10")
    shelf = Shelf(["1.0"])
    return a < b, a == b, a != b, "1.0" in shelf


print(compare())
